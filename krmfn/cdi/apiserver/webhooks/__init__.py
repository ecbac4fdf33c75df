"""CDI's ``pkg/apiserver/webhooks``: the DataVolume and DataImportCron admission webhooks."""

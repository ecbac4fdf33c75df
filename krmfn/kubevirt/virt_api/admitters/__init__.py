"""The validating webhook's admitters (``pkg/virt-api/webhooks/validating-webhook/admitters``)."""

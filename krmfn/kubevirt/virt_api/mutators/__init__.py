"""The mutating webhook's mutators (``pkg/virt-api/webhooks/mutating-webhook/mutators``)."""

"""HCO's ``pkg/webhooks``: the HyperConverged validating webhook."""

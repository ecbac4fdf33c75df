"""``ValidateVirtualMachineInstanceSpec`` and the checks it runs, one module per area of
``pkg/virt-api/webhooks/validating-webhook/admitters/vmi-create-admitter.go`` (d923fdb8)."""

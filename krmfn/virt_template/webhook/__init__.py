"""virt-template's ``internal/webhook``: the VirtualMachineTemplate validating webhook."""

"""The instance type validating webhook and the instance type parts of the VirtualMachine webhooks
(``pkg/instancetype/webhooks`` and ``pkg/instancetype/webhooks/vm``; docs/kubevirt/admission.md)."""

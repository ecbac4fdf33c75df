"""Applying an instance type to a VM template (``pkg/instancetype/apply``), one module per field
group (docs/kubevirt/instancetype-apply.md)."""

"""Expand (``pkg/instancetype/expand``): a VM with matchers to the VM with its instance type and
preference applied, as ``virtctl expand`` returns it (docs/kubevirt/expand.md)."""

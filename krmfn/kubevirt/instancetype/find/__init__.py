"""Finding the instance type and preference a VM names (``pkg/instancetype/find`` and
``pkg/instancetype/preference/find``; docs/kubevirt/resolution.md)."""

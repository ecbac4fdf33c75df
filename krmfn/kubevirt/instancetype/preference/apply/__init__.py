"""Applying a preference to a VM template (``pkg/instancetype/preference/apply``), one module per
field group (docs/kubevirt/preference-apply.md)."""

"""Preferences (``pkg/instancetype/preference``): apply, requirements, the CPU topology and their
webhook (docs/kubevirt/preference-apply.md)."""

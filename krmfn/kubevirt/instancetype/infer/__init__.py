"""Inferring a VM's matchers from a volume (``pkg/instancetype/infer``;
docs/kubevirt/resolution.md#inference-from-a-volume)."""

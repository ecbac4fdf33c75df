"""The ``inline`` mode: every VirtualMachine expanded as KubeVirt's ``expand-vm-spec`` would
(docs/modes/inline.md)."""

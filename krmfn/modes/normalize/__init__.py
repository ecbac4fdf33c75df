"""The ``normalize`` mode: every VirtualMachine written as KubeVirt stores it after its mutating
webhook (docs/modes/normalize.md)."""

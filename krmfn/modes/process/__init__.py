"""The ``process`` mode: every VirtualMachineTemplate rendered as ``virtctl template process --local``
renders it (docs/modes/process.md)."""

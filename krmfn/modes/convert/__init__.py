"""The ``convert`` mode: every OpenShift Template wrapping a VirtualMachine turned into a
VirtualMachineTemplate as ``virtctl template convert`` turns it (docs/modes/convert.md)."""

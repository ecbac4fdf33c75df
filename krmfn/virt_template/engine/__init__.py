"""``kubevirt.io/virt-template-engine/template``: parameter generation and substitution, and the
processing of a VirtualMachineTemplate into a VirtualMachine, one module per Go file."""

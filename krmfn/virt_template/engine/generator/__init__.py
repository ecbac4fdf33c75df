"""``kubevirt.io/virt-template-engine/template/generator``: the value generators of template
parameters (``generator.go``: a generator turns a parameter's ``from`` into a value)."""

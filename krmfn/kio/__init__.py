"""The I/O layer: the only code that parses or writes YAML, reads files and stdin, and runs
kustomize or git. It hands the modes plain values and writes what they return, byte for byte where
a mode changed nothing (docs/fidelity.md). It never imports a mode or a report."""

"""krmfn: a KRM function and CLI for KubeVirt instance types and preferences."""
__version__ = "0.1.0"

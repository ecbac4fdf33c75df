"""KubeVirt's storage code (``pkg/storage``): the admitters."""

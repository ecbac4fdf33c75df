"""KubeVirt's network code (``pkg/network``): the admitter, the spec lookups, MAC and IP parsing."""

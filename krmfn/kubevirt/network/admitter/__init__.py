"""KubeVirt's network admission (``pkg/network/admitter``), ported one file at a time."""

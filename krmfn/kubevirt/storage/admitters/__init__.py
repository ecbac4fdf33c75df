"""KubeVirt's storage admission (``pkg/storage/admitters``), ported one file at a time."""

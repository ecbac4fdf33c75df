"""KubeVirt's ``pkg/util`` helpers the ports use: the admission response helpers."""

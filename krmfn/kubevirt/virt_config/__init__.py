"""The cluster configuration KubeVirt reads (``pkg/virt-config``) and its feature gates."""

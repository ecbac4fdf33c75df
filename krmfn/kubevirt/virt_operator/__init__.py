"""KubeVirt's ``pkg/virt-operator``: the operator's own admission webhooks for the KubeVirt custom
resource, and the CREATE chain of that resource."""

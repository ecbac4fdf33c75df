"""KubeVirt's ``pkg/virt-operator/webhooks``: virt-operator's validating webhooks for the KubeVirt
custom resource (only the CREATE one is ported)."""

"""KubeVirt's defaults of a VMI spec (``pkg/defaults``), as expand and the VM webhooks apply them."""

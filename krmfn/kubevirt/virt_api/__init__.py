"""KubeVirt's virt-api webhooks (``pkg/virt-api/webhooks``): the validating admitters, the mutators,
and ``admit``, the kind -> CREATE chain table that admits a whole bundle."""

"""HCO's ``api/v1beta1``: the ``hco.kubevirt.io/v1beta1`` HyperConverged (the storage version)."""

"""HCO's ``api/v1``: the ``hco.kubevirt.io/v1`` HyperConverged (served since HCO v1.18)."""

"""HCO's ``api/``: the HyperConverged types (``v1``, ``v1beta1``) and their conversion."""

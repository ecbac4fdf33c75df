"""HCO's ``deploy/crds``: the HyperConverged CRD (``hco00.crd.yaml``) as data."""

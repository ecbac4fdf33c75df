"""HCO's ``deploy/``: the manifests it installs."""

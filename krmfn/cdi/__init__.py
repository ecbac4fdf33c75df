"""CDI (containerized-data-importer, ``cdi.kubevirt.io``), the storage every KubeVirt cluster runs:
its behaviour on a CREATE, mirroring CDI's ``pkg`` tree at the release KubeVirt pairs with
(docs/cdi.md)."""

"""CDI's API module: ``staging/src/kubevirt.io/containerized-data-importer-api``."""

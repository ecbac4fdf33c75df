"""KubeVirt's API types package (``staging/src/kubevirt.io/api/core/v1``): the generated defaulters."""

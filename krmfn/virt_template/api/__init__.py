"""virt-template's ``api`` module (``kubevirt.io/virt-template-api``): the API types and the CRDs
generated from them."""

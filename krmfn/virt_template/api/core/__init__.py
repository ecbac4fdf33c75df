"""virt-template's ``api/core`` (the ``template.kubevirt.io`` v1alpha1 and v1beta1 types)."""

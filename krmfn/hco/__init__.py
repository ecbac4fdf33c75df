"""The OpenShift Virtualization operator, kubevirt/hyperconverged-cluster-operator (HCO), at v1.18.1
(its ``go.mod``: ``kubevirt.io/api v1.8.4``): the HyperConverged custom resource's admission and the
KubeVirt CR HCO derives from it, whose configuration supplies the cluster options
(docs/configuration.md#the-clusters-configuration-the-kubevirt-or-hyperconverged-cr)."""

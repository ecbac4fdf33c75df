"""virt-template (``template.kubevirt.io``, kubevirt/virt-template), which virt-operator deploys with
KubeVirt's ``Template`` feature gate: VirtualMachineTemplates and VirtualMachineTemplateRequests on a
CREATE, mirroring virt-template's tree at the release each KubeVirt target deploys (v0.2.2 at v1.9.0
and d923fdb8, v0.1.8 at v1.8.4; docs/templates.md)."""

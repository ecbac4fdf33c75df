"""virt-template (``github.com/kubevirt/virt-template``, the VirtualMachineTemplate operator KubeVirt
deploys: v0.2.2 with v1.9.0, v0.1.8 with v1.8.4): its template engine
(``staging/src/kubevirt.io/virt-template-engine``) and its validating webhook (``internal/webhook``),
on plain data."""

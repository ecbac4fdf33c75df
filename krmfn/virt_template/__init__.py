"""virt-template (``template.kubevirt.io``, github.com/kubevirt/virt-template), which virt-operator
deploys with KubeVirt's ``Template`` feature gate (v0.2.2 at v1.9.0 and d923fdb8, v0.1.8 at v1.8.4;
docs/templates.md): its CRDs and CREATE chain (``api``, ``admit``), its template engine
(``engine``: ``staging/src/kubevirt.io/virt-template-engine``) and its validating webhook
(``webhook``: ``internal/webhook``), on plain data."""

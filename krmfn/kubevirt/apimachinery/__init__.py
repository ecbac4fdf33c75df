"""The Kubernetes apimachinery KubeVirt's code calls: ``resource.Quantity``, Go zero values on plain
dicts, and the validation helpers (``k8s.io/apimachinery/pkg/util/validation`` and friends)."""

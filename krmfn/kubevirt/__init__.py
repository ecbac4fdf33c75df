"""The engine: KubeVirt's behaviour, ported to Python on plain dicts (no YAML, no I/O).

Its packages mirror KubeVirt's ``pkg/`` tree, one module per Go file where one exists (named after
it, hyphens as underscores), each module's docstring naming the Go file and functions it mirrors:
``instancetype`` (``pkg/instancetype``), ``virt_api`` (``pkg/virt-api/webhooks``: the admitters,
the mutators and the kind -> admission chain table), ``network`` (``pkg/network``), ``storage``
(``pkg/storage/admitters``), ``dra`` (``pkg/dra/admitter``), ``defaults`` (``pkg/defaults``),
``virt_config`` (``pkg/virt-config``), ``util`` (``pkg/util``); ``apiserver`` is the API server's
part of a CREATE (served versions, CRD schemas, strict decoding) and ``apimachinery`` the
Kubernetes helpers (quantities, Go zero values, validators). ``bundle`` is the fake cluster: the
objects of the bundle as KubeVirt's lookups would find them.

The behaviour, rule by rule, is in docs/kubevirt/ (the shorthands IT, PF, T and M are defined in
docs/kubevirt/README.md#terms-and-notation).
"""

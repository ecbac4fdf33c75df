"""KubeVirt's admission of instance types, preferences and VirtualMachines, on plain data.

Mirrors ``pkg/instancetype/webhooks/`` (instance types), ``pkg/instancetype/preference/webhooks/``
(preferences) and ``pkg/instancetype/webhooks/vm/`` with the instancetype parts of the VM webhooks,
plus the API server stages before them (semantics §8; golden README "validation").

The package imports nothing itself (the schema modules are used below the admission chain, by
expand and the legacy conversion). Its modules:

* ``admit``: ``admit_items(items, namespace, cluster_config, catalog_version, legacy) -> BundleAdmission``
  (the verdicts and the rejected keys from one admission), ``admit_bundle`` (the verdicts) and
  ``rejected_keys`` (the ``krmfn.kubevirt.bundle`` keys admission rejects);
* ``response``: ``Admission`` / ``Cause`` / ``AdmissionWarning`` with its ``REASON_*``, the ``STAGE_*`` names;
* ``apiserver``, ``admitter``, ``preference_admitter``, ``vm``: the stages; ``schema``, ``vm_schema``,
  ``objectmeta``: the OpenAPI schemas and object metadata rules they check.
"""

"""The validate checks, one module each, in report order. Each module has:

ID (stable; used in result tags, options and docs), SEVERITY (default), SUMMARY, MIRRORS (the
KubeVirt behaviour it reproduces), FIX (how to fix what it reports; `krmfn checks ID` shows it), a
docstring with a passing and a failing example, and
`run(ctx) -> Iterable[Finding]`.
"""
from __future__ import annotations

from types import ModuleType

from krmfn.modes.validate.checks import (
    api_version,
    catalog,
    cdi_admission,
    cluster_config,
    conflict,
    deprecated,
    duplicate_object,
    ignore_annotation,
    instancetype_admission,
    kubevirt_admission,
    kubevirt_crash,
    matcher,
    migration_admission,
    preference_admission,
    preference_requirements,
    reference,
    schema,
    spread_topology,
    storage_admission,
    template_admission,
    unknown_field,
    v1beta2_sizing,
    vm_admission,
    vm_defaults,
    vmi_admission,
)

CHECKS: tuple[ModuleType, ...] = (
    api_version, unknown_field, schema, instancetype_admission, preference_admission, matcher,
    reference, conflict, spread_topology, v1beta2_sizing, preference_requirements, vm_defaults, vm_admission,
    vmi_admission, migration_admission, storage_admission, cdi_admission, kubevirt_admission, template_admission,
    duplicate_object,
    kubevirt_crash, deprecated, cluster_config, catalog, ignore_annotation,
)

"""``validateLiveMigration`` and ``isValidEvictionStrategy`` (vmi-create-admitter.go, d923fdb8):
the spec's ``evictionStrategy`` (else the cluster's) must be unset or one of ``LiveMigrate``,
``LiveMigrateIfPossible``, ``None``, ``External``; an empty string set on the spec is rejected.

KubeVirt prints the spec's value, so an invalid cluster value with none on the spec would crash it;
the defaults copy the cluster's value onto the spec first, so here the effective value is printed.
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_str

VALID_EVICTION_STRATEGIES = ("LiveMigrate", "LiveMigrateIfPossible", "None", "External")
UNRECOGNIZED_OPTION_FMT = "{path} is set with an unrecognized option: {value}"


def validate_live_migration(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    spec_strategy = spec.get("evictionStrategy")
    strategy = config.eviction_strategy if spec_strategy is None else as_str(spec_strategy)
    if strategy is None or strategy in VALID_EVICTION_STRATEGIES:
        return []
    path = f"{field}.evictionStrategy"
    return [Cause(path, UNRECOGNIZED_OPTION_FMT.format(path=path, value=strategy), CAUSE_FIELD_VALUE_INVALID)]

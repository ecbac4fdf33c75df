"""validateLiveMigration (the spec's eviction strategy, else the cluster's)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.live_migration import validate_live_migration

FIELD = "spec.template.spec"
PATH = f"{FIELD}.evictionStrategy"


@pytest.mark.parametrize("spec, cluster, expected", [
    ({}, None, []),
    ({}, "None", []),
    ({"evictionStrategy": None}, "LiveMigrate", []),
    ({"evictionStrategy": "LiveMigrate"}, None, []),
    ({"evictionStrategy": "LiveMigrateIfPossible"}, "None", []),
    ({"evictionStrategy": "External"}, "None", []),
    ({"evictionStrategy": "None"}, "LiveMigrate", []),
    ({"evictionStrategy": "Drain"}, "None", [(PATH, f"{PATH} is set with an unrecognized option: Drain")]),
    ({"evictionStrategy": ""}, "None", [(PATH, f"{PATH} is set with an unrecognized option: ")]),
    ({"evictionStrategy": "LiveMigrate"}, "Bogus", []),
    ({}, "Bogus", [(PATH, f"{PATH} is set with an unrecognized option: Bogus")]),
])
def test_live_migration(spec: dict, cluster: str | None, expected: list) -> None:
    config = ClusterConfig(eviction_strategy=cluster)
    assert [(c.field, c.message) for c in validate_live_migration(FIELD, spec, config)] == expected


def test_eviction_strategy_through_the_chain() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted",
                   "template": {"spec": {"domain": {"devices": {}}, "evictionStrategy": "Migrate"}}}}
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and not verdict.allowed
    assert [(c.field, c.message) for c in verdict.causes] == [
        (PATH, f"{PATH} is set with an unrecognized option: Migrate")]

"""``krmfn.kubevirt.virt_api.admitters.migration_create_admitter``: the order of its answers."""
from __future__ import annotations

from krmfn.kubevirt.apiserver.migrations_schema import VIRTUAL_MACHINE_INSTANCE_MIGRATION
from krmfn.kubevirt.virt_api.admitters.migration_create_admitter import (
    MigrationCluster,
    admit_migration_create,
    has_request_originated_from_virt_controller,
    is_decentralized,
    kubevirt_service_accounts,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

VMI = {"metadata": {"name": "v", "namespace": "ns"}, "status": {}}
CLUSTER = MigrationCluster(lambda namespace, name: VMI if (namespace, name) == ("ns", "v") else None, lambda ns: [])
SCHEMA = VIRTUAL_MACHINE_INSTANCE_MIGRATION


def admit(spec: dict, cluster: MigrationCluster = CLUSTER) -> str | None:
    verdict = admit_migration_create({"metadata": {"name": "m"}, "spec": spec}, "ns", cluster, ClusterConfig(), SCHEMA)
    return verdict.message if verdict is not None else None


def test_a_name_client_go_cannot_request() -> None:
    assert admit({"vmiName": "a/b"}) == "invalid resource name \"a/b\": [may not contain '/']"


def test_priority_is_refused_before_the_vmi_is_read() -> None:
    assert admit({"vmiName": "missing", "priority": "x"}) == (
        "Migration priority queue, only virt-controller is allowed to set priority field")
    assert admit({"vmiName": "missing"}) == 'the VMI "ns/missing" does not exist'


def test_the_gate_of_a_decentralized_migration_comes_after_the_conflict() -> None:
    in_flight = {"metadata": {"namespace": "ns", "uid": "u", "labels": {"kubevirt.io/vmi-name": "v"}},
                 "spec": {"vmiName": "v"}}
    finished = {**in_flight, "status": {"phase": "Succeeded"}}
    cluster = MigrationCluster(CLUSTER.vmi, lambda ns: [finished, in_flight])
    assert admit({"vmiName": "v", "sendTo": {"migrationID": "a", "connectURL": "b"}}, cluster) == (
        "in-flight migration detected. Active migration job (u) is currently already in progress for VMI v.")
    assert admit({"vmiName": "v"}, MigrationCluster(CLUSTER.vmi, lambda ns: [finished])) is None


def test_helpers() -> None:
    accounts = kubevirt_service_accounts("kubevirt")
    assert has_request_originated_from_virt_controller("system:serviceaccount:kubevirt:kubevirt-controller", accounts)
    assert not has_request_originated_from_virt_controller("system:serviceaccount:kubevirt:kubevirt-handler", accounts)
    assert not has_request_originated_from_virt_controller("system:serviceaccount:x:kubevirt-controller", accounts)
    assert is_decentralized({"sendTo": {}}) and is_decentralized({"receive": {}})
    assert not is_decentralized({"sendTo": {}, "receive": {}}) and not is_decentralized({})

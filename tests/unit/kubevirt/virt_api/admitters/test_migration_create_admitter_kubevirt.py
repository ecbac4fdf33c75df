"""Cases of KubeVirt's ``pkg/virt-api/webhooks/validating-webhook/admitters/migration-create-admitter_test.go``
(d923fdb8), ported: ``MigrationCreateAdmitter.Admit`` on a CREATE (``admit_migration_create``)
with KubeVirt's default configuration.

The fake clientset of each case is a ``MigrationCluster`` holding the same VMI
(``libvmi.New(libvmi.WithNamespace("default"))``, named ``testvmi`` here) and migrations; the
migration is ``createMigration("default", "testMigration", <vmi>)`` as JSON. Where the Go test
only checks ``Allowed`` or a substring, the whole message is compared, from the Go code.

Not ported: the "Migration update" entry of "should reject documents containing unknown or missing
fields" (UPDATE is out of scope; its request is the CREATE entry's, so the CREATE entry covers the
same code).
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.apiserver.migrations_schema import VIRTUAL_MACHINE_INSTANCE_MIGRATION
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_FORBIDDEN,
    CAUSE_FIELD_VALUE_REQUIRED,
    STAGE_VALIDATING_SCHEMA,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    Cause,
)
from krmfn.kubevirt.virt_api.admitters.migration_create_admitter import (
    MigrationCluster,
    admit_migration_create,
    kubevirt_service_accounts,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import MAIN

CONFIG = ClusterConfig(kubevirt_version=MAIN)
NAMESPACE = "default"
VMI_NAME = "testvmi"
SCHEMA = VIRTUAL_MACHINE_INSTANCE_MIGRATION


def new_vmi(status: dict | None = None) -> dict:
    vmi: dict = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
                 "metadata": {"name": VMI_NAME, "namespace": NAMESPACE}, "spec": {"domain": {"devices": {}}}}
    if status is not None:
        vmi["status"] = status
    return vmi


def cluster(vmi: dict | None = None, migrations: tuple[dict, ...] = (), username: str = "",
            service_accounts: frozenset[str] = frozenset()) -> MigrationCluster:
    def get(namespace: str, name: str) -> dict | None:
        if vmi is not None and (vmi["metadata"]["namespace"], vmi["metadata"]["name"]) == (namespace, name):
            return vmi
        return None

    def listed(namespace: str) -> list[dict]:
        return [m for m in migrations if m["metadata"]["namespace"] == namespace]

    return MigrationCluster(get, listed, username, service_accounts)


def create_migration(vmi_ref: str, **spec: object) -> dict:
    return {"metadata": {"name": "testMigration", "namespace": NAMESPACE}, "spec": {"vmiName": vmi_ref, **spec}}


def admit(migration: dict, on: MigrationCluster, config: ClusterConfig = CONFIG) -> Admission | None:
    return admit_migration_create(migration, NAMESPACE, on, config, SCHEMA)


def test_should_reject_migration_spec_on_create_when_another_vmi_migration_is_in_flight() -> None:
    in_flight = {"metadata": {"namespace": NAMESPACE, "labels": {"kubevirt.io/vmi-name": VMI_NAME}},
                 "spec": {"vmiName": VMI_NAME}}
    verdict = admit(create_migration(VMI_NAME), cluster(new_vmi(), (in_flight,)))
    assert verdict is not None and not verdict.allowed
    assert verdict.message == ("in-flight migration detected. Active migration job () is currently already in "
                               "progress for VMI testvmi.")


def test_should_reject_invalid_migration_spec_on_create() -> None:
    verdict = admit(create_migration(""), cluster())
    assert verdict is not None and verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert verdict.causes == [Cause("spec.vmiName", "vmiName is missing", CAUSE_FIELD_VALUE_REQUIRED)]


def test_should_accept_valid_migration_spec_on_create() -> None:
    assert admit(create_migration(VMI_NAME), cluster(new_vmi())) is None


def test_should_accept_migration_spec_on_create_when_previous_vmi_migration_completed() -> None:
    vmi = new_vmi({"migrationState": {"migrationUid": "123", "completed": True}})
    assert admit(create_migration(VMI_NAME), cluster(vmi)) is None


def test_should_reject_migration_spec_on_create_when_vmi_is_finalized() -> None:
    verdict = admit(create_migration(VMI_NAME), cluster(new_vmi({"phase": "Succeeded"})))
    assert verdict is not None and verdict.message == "Cannot migrate VMI in finalized state."


def test_should_reject_migration_spec_for_non_migratable_vmis() -> None:
    vmi = new_vmi({"phase": "Running", "conditions": [
        {"type": "LiveMigratable", "status": "False", "reason": "DisksNotLiveMigratable",
         "message": "cannot migrate VMI with mixes shared and non-shared volumes"},
        {"type": "Ready", "status": "True"},
    ]})
    verdict = admit(create_migration(VMI_NAME), cluster(vmi))
    assert verdict is not None and "DisksNotLiveMigratable" in verdict.message
    assert verdict.message == ("Cannot migrate VMI, Reason: DisksNotLiveMigratable, Message: cannot migrate VMI "
                               "with mixes shared and non-shared volumes")


@pytest.mark.parametrize(("document", "message"), [
    pytest.param({"very": "unknown", "spec": {"extremely": "unknown"}},
                 ".very in body is a forbidden property, spec.extremely in body is a forbidden property",
                 id="should reject documents containing unknown or missing fields for Migration creation "),
])
def test_should_reject_documents_containing_unknown_or_missing_fields(document: dict, message: str) -> None:
    verdict = admit(document, cluster())
    assert verdict is not None and verdict.stage == STAGE_VALIDATING_SCHEMA
    assert verdict.message == message


SEND_TO = {"migrationID": "migrationID", "connectURL": "1.1.1.1:12345"}
RECEIVE = {"migrationID": "migrationID"}
DECENTRALIZED_OFF = ClusterConfig(kubevirt_version=MAIN, disabled_feature_gates=("DecentralizedLiveMigration",))
GATE_DISABLED = "DecentralizedLiveMigration feature gate is not enabled in kubevirt resource"


@pytest.mark.parametrize(("spec", "gate_enabled", "message"), [
    pytest.param({"sendTo": SEND_TO}, False, GATE_DISABLED,
                 id="reject vmim with sendTo if featuregate is disabled"),
    pytest.param({"receive": RECEIVE}, False, GATE_DISABLED,
                 id="reject vmim with receive if featuregate is disabled"),
    pytest.param({"sendTo": SEND_TO}, True, None, id="allow vmim with sendTo if featuregate is enabled"),
    pytest.param({"receive": RECEIVE}, True, None, id="allow vmim with receive if featuregate is enabled"),
    pytest.param({"sendTo": SEND_TO, "receive": RECEIVE}, True, None,
                 id="allow vmim with sendTo and receiver if featuregate is enabled"),
    pytest.param({"sendTo": SEND_TO, "receive": {"migrationID": "migrationID2"}}, True,
                 "sendTo migrationID migrationID does not match receive migrationID migrationID2",
                 id="reject vmim with sendTo and receiver if migrationID does not match if featuregate is enabled"),
])
def test_should_handle_migration_correctly_based_on_featuregate(spec: dict, gate_enabled: bool,
                                                                 message: str | None) -> None:
    config = CONFIG if gate_enabled else DECENTRALIZED_OFF
    verdict = admit(create_migration(VMI_NAME, **spec), cluster(new_vmi({"phase": "Running"})), config)
    if message is None:
        assert verdict is None
    else:
        assert verdict is not None and verdict.message == message


PRIORITY_FORBIDDEN = Cause("spec.migrationPriority",
                           "Migration priority queue, only virt-controller is allowed to set priority field",
                           CAUSE_FIELD_VALUE_FORBIDDEN)


@pytest.mark.parametrize(("user", "causes"), [
    pytest.param("system:serviceaccount:external-user", [PRIORITY_FORBIDDEN],
                 id="handling priority field should reject the external requests"),
    pytest.param("system:serviceaccount:kubevirt:kubevirt-controller", None,
                 id="handling priority field should allow the virt-controller requests"),
])
def test_handling_priority_field(user: str, causes: list[Cause] | None) -> None:
    on = cluster(new_vmi({"phase": "Running"}), username=user, service_accounts=kubevirt_service_accounts("kubevirt"))
    verdict = admit(create_migration(VMI_NAME, priority="system-critical"), on)
    assert (verdict.causes if verdict is not None else None) == causes

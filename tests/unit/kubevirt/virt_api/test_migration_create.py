"""``krmfn.kubevirt.virt_api.migration_create``: a VirtualMachineInstanceMigration's CREATE chain,
end to end against a bundle."""
from __future__ import annotations

from krmfn.kubevirt.util.webhooks import (
    STAGE_API_DISCOVERY,
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    STAGE_MUTATING_SCHEMA,
    STAGE_VALIDATING_WEBHOOK,
    Cause,
)
from krmfn.kubevirt.virt_api.migration_create import admit_migration, create_migration, create_migrations, stored_uid
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import MAIN, V1_8, V1_9

CONFIG = ClusterConfig()


def vmi(name: str = "vm1", **extra: object) -> dict:
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance", "metadata": {"name": name},
            "spec": {"domain": {"devices": {}, "resources": {"requests": {"memory": "64Mi"}}}}, **extra}


def migration(name: str = "mig", vmi_name: str = "vm1", api_version: str = "kubevirt.io/v1", **spec: object) -> dict:
    return {"apiVersion": api_version, "kind": "VirtualMachineInstanceMigration", "metadata": {"name": name},
            "spec": {"vmiName": vmi_name, **spec}}


def test_a_migration_of_a_bundle_vmi_is_admitted_and_stored_with_label_and_finalizer() -> None:
    item = migration()
    item["status"] = {"phase": "Succeeded"}
    created = create_migration(item, [item, vmi()], "default", CONFIG)
    assert created.verdict.allowed
    assert created.stored == {
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstanceMigration",
        "metadata": {"name": "mig", "labels": {"kubevirt.io/vmi-name": "vm1"},
                     "finalizers": ["kubevirt.io/migrationJobFinalize"], "uid": stored_uid("default", "mig")},
        "spec": {"vmiName": "vm1"}}


def test_v1alpha3_is_served_with_a_warning() -> None:
    verdict = admit_migration(migration(api_version="kubevirt.io/v1alpha3"), [vmi()], "default", CONFIG)
    assert verdict.allowed
    assert verdict.warnings == ["kubevirt.io/v1alpha3 is now deprecated and will be removed in a future release."]


def test_an_unserved_version_is_rejected_at_api_discovery() -> None:
    verdict = admit_migration(migration(api_version="kubevirt.io/v2"), [vmi()], "default", CONFIG)
    assert verdict.stage == STAGE_API_DISCOVERY and verdict.warnings == []


def test_an_unknown_field_is_rejected_at_field_validation() -> None:
    verdict = admit_migration(migration(vmiNames="x"), [vmi()], "default", CONFIG)
    assert verdict.stage == STAGE_FIELD_VALIDATION
    assert verdict.message.endswith('strict decoding error: unknown field "spec.vmiNames"')


def test_a_wrong_type_is_rejected_by_the_mutating_webhook_schema_gate() -> None:
    verdict = admit_migration(migration(addedNodeSelector={"a": 1}), [vmi()], "default", CONFIG)
    assert verdict.stage == STAGE_MUTATING_SCHEMA
    assert verdict.message == 'spec.addedNodeSelector.a in body must be of type string: "integer"'
    item = migration()
    del item["spec"]
    assert admit_migration(item, [vmi()], "default", CONFIG).message == "spec in body is required"


def test_the_crd_schema_requires_the_migration_ids_and_a_label_value() -> None:
    verdict = admit_migration(migration(sendTo={"migrationID": "a"}), [vmi()], "default", CONFIG)
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert verdict.causes == [Cause("spec.sendTo.connectURL", "Required value")]
    long_name = "v" * 64
    verdict = admit_migration(migration(vmi_name=long_name), [vmi(long_name)], "default", CONFIG)
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert [cause.field for cause in verdict.causes] == ["metadata.labels"]


def test_a_missing_vmi_is_rejected_by_the_validating_webhook() -> None:
    verdict = admit_migration(migration(), [vmi("other"), vmi(metadata={"name": "vm1", "namespace": "ns"})],
                              "default", CONFIG)
    assert verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert verdict.message == 'the VMI "default/vm1" does not exist'


def test_a_vmi_its_own_chain_rejects_was_never_stored() -> None:
    rejected = vmi()
    rejected["spec"]["domain"]["devices"] = {"disks": [{"name": "missing-volume"}]}
    verdict = admit_migration(migration(), [rejected], "default", CONFIG)
    assert verdict.message == 'the VMI "default/vm1" does not exist'


def test_a_bundle_vmi_is_stored_pending_so_never_final() -> None:
    """The VMI mutator sets ``status.phase: Pending`` on every VMI it creates: a written phase,
    even ``Failed``, is not what the cluster stores, and a Pending VMI is not final."""
    assert admit_migration(migration(), [vmi()], "default", CONFIG).allowed
    assert admit_migration(migration(), [vmi(status={"phase": "Failed"})], "default", CONFIG).allowed


def test_a_written_live_migratable_false_condition_is_stored_and_refused() -> None:
    status = {"conditions": [{"type": "LiveMigratable", "status": "False", "reason": "DisksNotLiveMigratable",
                              "message": "m"}]}
    verdict = admit_migration(migration(), [vmi(status=status)], "default", CONFIG)
    assert verdict.message == "Cannot migrate VMI, Reason: DisksNotLiveMigratable, Message: m"
    gated_on = ClusterConfig(feature_gates=("DecentralizedLiveMigration",))
    verdict = admit_migration(migration(receive={"migrationID": "x"}), [vmi(status=status)], "default", gated_on)
    assert verdict.allowed  # a decentralized migration may move non-migratable disks


def test_a_second_migration_of_a_vmi_is_in_flight() -> None:
    first, second, other = migration("a"), migration("b"), migration("c", vmi_name="vm2")
    items = [vmi(), vmi("vm2"), first, second, other]
    assert admit_migration(first, items, "default", CONFIG).allowed
    verdict = admit_migration(second, items, "default", CONFIG)
    assert verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert verdict.message == (f"in-flight migration detected. Active migration job ({stored_uid('default', 'a')}) "
                               "is currently already in progress for VMI vm1.")
    assert admit_migration(other, items, "default", CONFIG).allowed


def test_an_earlier_rejected_migration_is_not_in_flight() -> None:
    first, second = migration("a", priority="system-critical"), migration("b")
    items = [vmi(), first, second]
    assert admit_migration(first, items, "default", CONFIG).message == (
        "Migration priority queue, only virt-controller is allowed to set priority field")
    assert admit_migration(second, items, "default", CONFIG).allowed


def test_before_v1_9_priority_needs_the_gate() -> None:
    config = ClusterConfig(kubevirt_version=V1_8)
    verdict = admit_migration(migration(priority="user-triggered"), [vmi()], "default", config)
    assert verdict.causes == [Cause("spec.migrationPriority",
                                    "MigrationPriorityQueue feature gate is not enabled in kubevirt resource",
                                    "FieldValueForbidden")]
    config = ClusterConfig(kubevirt_version=V1_8, feature_gates=("MigrationPriorityQueue",))
    verdict = admit_migration(migration(priority="user-triggered"), [vmi()], "default", config)
    assert verdict.message == "Migration priority queue, only virt-controller is allowed to set priority field"


def test_decentralized_migration_is_beta_on_main_alpha_in_v1_9_and_v1_8() -> None:
    spec = {"receive": {"migrationID": "id"}}
    assert admit_migration(migration(**spec), [vmi()], "default", ClusterConfig(kubevirt_version=MAIN)).allowed
    for version in (V1_9, V1_8):
        verdict = admit_migration(migration(**spec), [vmi()], "default", ClusterConfig(kubevirt_version=version))
        assert verdict.message == "DecentralizedLiveMigration feature gate is not enabled in kubevirt resource"


def test_the_bundle_pass_answers_each_migration_as_its_own_chain_does() -> None:
    """``create_migrations`` (the chain table's one pass) gives each migration the verdict
    ``create_migration`` gives it alone: the first admitted, the second of the same VMI in flight, a
    second object of an admitted name in flight too, a migration of a missing VMI rejected, one of
    another VMI admitted."""
    items = [vmi(), vmi("vm2"), migration("a"), migration("b"), migration("a"), migration("c", vmi_name="gone"),
             migration("d", vmi_name="vm2")]
    indices = [index for index, item in enumerate(items) if item["kind"] == "VirtualMachineInstanceMigration"]
    one_pass = [created.verdict for created in create_migrations(items, indices)]
    assert one_pass == [create_migration(items[index], items).verdict for index in indices]
    assert [verdict.allowed for verdict in one_pass] == [True, False, False, False, True]

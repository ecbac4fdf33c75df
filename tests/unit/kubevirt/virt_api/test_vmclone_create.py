"""``krmfn.kubevirt.virt_api.vmclone_create``: the clone CREATE chain, end to end."""
from __future__ import annotations

from krmfn.kubevirt.virt_api.mutators.clone_create_mutator import NO_SOURCE_PANIC, target_suffix
from krmfn.kubevirt.virt_api.vmclone_create import admit_vm_clone, create_vm_clone
from krmfn.kubevirt.util.webhooks import (
    STAGE_API_DISCOVERY,
    STAGE_CLONE_MUTATOR,
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    STAGE_MUTATING_SCHEMA,
    STAGE_VALIDATING_WEBHOOK,
    Cause,
    allow,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import V1_7
from krmfn.model.reasons import KUBEVIRT_CRASH

CONFIG = ClusterConfig(feature_gates=("Snapshot",))


def clone(api_version: str = "clone.kubevirt.io/v1beta1", **spec: object) -> dict:
    source = {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "vm"}
    return {"apiVersion": api_version, "kind": "VirtualMachineClone", "metadata": {"name": "c"},
            "spec": {"source": source, **spec}}


def test_a_clone_passes_in_both_served_versions_and_gets_a_target() -> None:
    assert admit_vm_clone(clone(), [], "default", CONFIG) == allow()
    assert admit_vm_clone(clone("clone.kubevirt.io/v1alpha1"), [], "default", CONFIG) == allow()
    stored = create_vm_clone(clone(), "ns", CONFIG).stored
    assert stored is not None
    assert stored["spec"]["target"] == {"apiGroup": "kubevirt.io", "kind": "VirtualMachine",
                                        "name": f"clone-vm-{target_suffix('ns', 'c')}"}
    assert stored["spec"]["template"] == {}
    assert stored["metadata"]["namespace"] == "ns"


def test_a_source_that_is_not_in_the_bundle_is_admitted() -> None:
    assert admit_vm_clone(clone(), [{"kind": "VirtualMachine"}], "default", CONFIG) == allow()


def test_api_discovery() -> None:
    verdict = admit_vm_clone(clone("clone.kubevirt.io/v1"), [], "default", CONFIG)
    assert verdict.stage == STAGE_API_DISCOVERY
    assert verdict.message == 'no matches for kind "VirtualMachineClone" in version "clone.kubevirt.io/v1"'


def test_field_validation() -> None:
    verdict = admit_vm_clone(clone(sourceName="vm"), [], "default", CONFIG)
    assert verdict.stage == STAGE_FIELD_VALIDATION
    assert verdict.message == ('VirtualMachineClone in version "v1beta1" cannot be handled as a '
                               'VirtualMachineClone: strict decoding error: unknown field "spec.sourceName"')


def test_volume_name_policy_is_unknown_before_v1_8() -> None:
    obj = clone(volumeNamePolicy="RandomizeNames")
    assert admit_vm_clone(obj, [], "default", CONFIG) == allow()
    verdict = admit_vm_clone(obj, [], "default", ClusterConfig(feature_gates=("Snapshot",), kubevirt_version=V1_7))
    assert verdict.stage == STAGE_FIELD_VALIDATION


def test_the_mutating_schema_gate_finds_no_definition_and_only_requires_the_spec() -> None:
    obj = clone()
    del obj["spec"]
    verdict = admit_vm_clone(obj, [], "default", CONFIG)
    assert verdict.stage == STAGE_MUTATING_SCHEMA
    assert verdict.causes == [Cause("", "spec in body is required")]


def test_a_string_for_a_list_meets_the_go_decoding() -> None:
    """Golden ``minimized/clone-labelfilters-string``: the root of ``&vmCloneOrig`` (a pointer) has no name."""
    verdict = admit_vm_clone(clone(labelFilters="app"), [], "default", CONFIG)
    assert verdict.stage == STAGE_CLONE_MUTATOR
    assert verdict.causes == [Cause("", "json: cannot unmarshal string into Go struct field .spec.labelFilters of "
                                        "type []string")]
    assert verdict.causes[0].located == "spec.labelFilters"
    verdict = admit_vm_clone(clone(template={"annotationFilters": [1]}), [], "default", CONFIG)
    assert verdict.message == ("json: cannot unmarshal number into .spec.template.annotationFilters.0 of type "
                               "string")


def test_without_a_source_the_mutator_panics_unless_the_target_is_named() -> None:
    obj = clone()
    del obj["spec"]["source"]
    verdict = admit_vm_clone(obj, [], "default", CONFIG)
    assert verdict.stage == STAGE_CLONE_MUTATOR
    assert verdict.causes == [Cause("spec.source", NO_SOURCE_PANIC, "FieldValueRequired")]
    assert verdict.causes[0].reasons == frozenset({KUBEVIRT_CRASH})
    obj["spec"]["target"] = {"kind": "VirtualMachine", "name": "t"}  # left alone: the CRD requires the source
    verdict = admit_vm_clone(obj, [], "default", CONFIG)
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert verdict.causes[0] == Cause("spec.source", "Required value")


def test_crd_schema() -> None:
    obj = clone(target={"kind": "VirtualMachine", "name": "t"}, volumeNamePolicy="Other")
    del obj["spec"]["source"]["name"]
    verdict = admit_vm_clone(obj, [], "default", CONFIG)
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert verdict.causes[0] == Cause("spec.source.name", "Required value")
    assert verdict.causes[1].field == "spec.volumeNamePolicy"


def test_the_mutator_writes_empty_kind_and_name_which_the_webhook_rejects() -> None:
    obj = clone()
    obj["spec"]["source"] = {}
    verdict = admit_vm_clone(obj, [], "default", CONFIG)
    assert verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert [cause.message for cause in verdict.causes] == [
        "Source kind is not supported", "Source's APIGroup cannot be empty", "Source's Kind cannot be empty",
        "Source's name cannot be empty"]


def test_validating_webhook() -> None:
    verdict = admit_vm_clone(clone(target={"kind": "VirtualMachine", "name": "vm"}), [], "default", CONFIG)
    assert verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert verdict.causes == [Cause("spec.target.name", "Target name cannot be equal to source name when both are "
                                    "VirtualMachines", "FieldValueInvalid")]


def test_snapshot_gate() -> None:
    verdict = admit_vm_clone(clone(), [], "default", ClusterConfig(disabled_feature_gates=("Snapshot",)))
    assert verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert verdict.message == "snapshot feature gate is not enabled"

"""Every problem of an object: the stages a cluster runs once the first rejection is fixed
(``Admission.later``, ``krmfn.admission.admit._look_past``)."""
from __future__ import annotations

from krmfn.kubevirt.util import webhooks as r
from krmfn.admission.admit import admit_bundle

UNKNOWN_TEMPATE = ('VirtualMachine in version "v1" cannot be handled as a VirtualMachine: strict decoding error: '
                   'unknown field "spec.tempate"')
ONE_INTERFACE = "Only one interface can be connected to one specific network"


def vm(**spec_fields):
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
            "spec": {"runStrategy": "Halted", **spec_fields, "template": {"spec": {
                "domain": {"memory": {"guest": "1Gi"}, "devices": {"interfaces": [
                    {"name": "default", "masquerade": {}}, {"name": "default", "bridge": {}}]}},
                "networks": [{"name": "default", "pod": {}}]}}}}


def causes(verdict):
    return (verdict.stage, [(cause.field, cause.message) for cause in verdict.causes])


def test_the_webhook_runs_past_an_unknown_field():
    [verdict] = admit_bundle([vm(tempate={})])
    assert causes(verdict) == (r.STAGE_FIELD_VALIDATION, [("", UNKNOWN_TEMPATE)])
    assert [causes(later) for later in verdict.later] == [
        (r.STAGE_REMAINING_VM_CHECKS, [("spec.template.spec.domain.devices.interfaces[1].name", ONE_INTERFACE)])]


def test_a_value_that_does_not_decode_stops_the_chain():
    # Go cannot decode an integer run strategy: the webhook never reads the object.
    [verdict] = admit_bundle([vm(tempate={}, runStrategy=5)])
    assert verdict.stage == r.STAGE_FIELD_VALIDATION
    assert [later.stage for later in verdict.later] == [r.STAGE_MUTATING_SCHEMA]
    assert not verdict.later[0].passable


def test_an_admitted_object_and_a_first_stage_rejection_without_more_have_no_later():
    clean = vm()
    clean["spec"]["template"]["spec"]["domain"]["devices"]["interfaces"].pop()
    only_unknown = vm(tempate={})
    only_unknown["spec"]["template"]["spec"]["domain"]["devices"]["interfaces"].pop()
    first, second = admit_bundle([clean, only_unknown])
    assert first.allowed and first.later == []
    assert second.stage == r.STAGE_FIELD_VALIDATION and second.later == []


def test_object_meta_does_not_stop_a_vmi_webhook():
    vmi = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
           "metadata": {"name": "Bad_Name", "namespace": "ns"},
           "spec": {"domain": {"memory": {"guest": "1Gi"}, "devices": {"disks": [
               {"name": "root", "disk": {"bus": "virtio"}}]}}}}
    [verdict] = admit_bundle([vmi])
    assert verdict.stage == r.STAGE_CRD_SCHEMA and verdict.causes[0].field == "metadata.name"
    assert [causes(later) for later in verdict.later] == [
        (r.STAGE_VALIDATING_WEBHOOK, [("spec.domain.devices.disks[0].name",
                                       "spec.domain.devices.disks[0].Name 'root' not found.")])]


def test_an_instance_type_webhook_runs_past_an_unknown_field_and_the_object_stays_rejected():
    instancetype = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
                    "metadata": {"name": "it"},
                    "spec": {"cpu": {"guest": 2, "dedicatedCPUPlacment": True},
                             "memory": {"guest": "1Gi", "overcommitPercent": 10, "hugepages": {"pageSize": "2Mi"}}}}
    [verdict] = admit_bundle([instancetype])
    assert not verdict.allowed and verdict.stage == r.STAGE_FIELD_VALIDATION
    assert [causes(later) for later in verdict.later] == [
        (r.STAGE_VALIDATING_WEBHOOK, [("spec.memory.overcommitPercent",
                                       "spec.memory.overcommitPercent and spec.memory.hugepages should not be "
                                       "requested together.")])]


def test_later_answers_survive_the_fork():
    plain = r.admission_to_plain(admit_bundle([vm(tempate={})])[0])
    assert r.admission_from_plain(plain).later[0].causes[0].message == ONE_INTERFACE


def test_a_replica_set_webhook_runs_past_an_unknown_field_its_own_schema_gate_also_refuses():
    # Strict decoding and then the webhook's ValidateSchema (a forbidden property) refuse spec.bogus;
    # Go decodes the object, so the selector check behind them still answers.
    replica_set = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstanceReplicaSet",
                   "metadata": {"name": "rs", "namespace": "ns"},
                   "spec": {"replicas": 2, "bogus": 1, "selector": {"matchLabels": {"app": "a"}},
                            "template": {"metadata": {"labels": {"app": "b"}},
                                         "spec": {"domain": {"devices": {}, "memory": {"guest": "1Gi"}}}}}}
    [verdict] = admit_bundle([replica_set])
    assert verdict.stage == r.STAGE_FIELD_VALIDATION
    assert [causes(later) for later in verdict.later] == [
        (r.STAGE_VALIDATING_SCHEMA, [("", "spec.bogus in body is a forbidden property")]),
        (r.STAGE_VALIDATING_WEBHOOK, [("spec.selector", "selector does not match labels.")])]


def minimized_vmi(**spec):
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
            "metadata": {"name": "vmi1", "namespace": "lab"},
            "spec": {"domain": {"devices": {}, "resources": {"requests": {"memory": "1Gi"}}}, **spec}}


def strict_decoding(kind, *paths, version="v1"):
    fields = ", ".join(f'unknown field "{path}"' for path in paths)
    return f'{kind} in version "{version}" cannot be handled as a {kind}: strict decoding error: {fields}'


def test_an_object_where_an_array_belongs_is_pruned_then_the_gate_refuses_its_type():
    # golden-kinds minimized/vmi-tolerations-object; without strict field validation the keys are
    # pruned, and the VMI mutating webhook's ValidateSchema refuses `tolerations: {}`.
    [verdict] = admit_bundle([minimized_vmi(tolerations={"key": "dedicated", "operator": "Exists"})])
    assert causes(verdict) == (r.STAGE_FIELD_VALIDATION, [("", strict_decoding(
        "VirtualMachineInstance", "spec.tolerations.key", "spec.tolerations.operator"))])
    assert [causes(later) for later in verdict.later] == [
        (r.STAGE_MUTATING_SCHEMA, [("", 'spec.tolerations in body must be of type array: "object"')])]
    assert not verdict.later[0].passable


def test_an_object_where_a_string_belongs_then_the_crd_schema_refuses_its_type():
    # golden-kinds minimized/export-tokensecretref-object
    export = {"apiVersion": "export.kubevirt.io/v1", "kind": "VirtualMachineExport",
              "metadata": {"name": "export1", "namespace": "lab"},
              "spec": {"source": {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "vm1"},
                       "tokenSecretRef": {"name": "export-token"}}}
    [verdict] = admit_bundle([export])
    assert causes(verdict) == (r.STAGE_FIELD_VALIDATION, [("", strict_decoding(
        "VirtualMachineExport", "spec.tokenSecretRef.name"))])
    assert [causes(later) for later in verdict.later] == [(r.STAGE_CRD_SCHEMA, [(
        "spec.tokenSecretRef",
        'Invalid value: "object": spec.tokenSecretRef in body must be of type string: "object"')])]


def test_a_user_password_propagated_by_no_cloud_then_the_webhook_finds_no_method():
    # golden-kinds minimized/vmi-userpassword-nocloud: pruned, the propagation method is empty.
    [verdict] = admit_bundle([minimized_vmi(accessCredentials=[{"userPassword": {
        "source": {"secret": {"secretName": "user-pw"}}, "propagationMethod": {"noCloud": {}}}}])])
    assert causes(verdict) == (r.STAGE_FIELD_VALIDATION, [("", strict_decoding(
        "VirtualMachineInstance", "spec.accessCredentials[0].userPassword.propagationMethod.noCloud"))])
    assert [causes(later) for later in verdict.later] == [(r.STAGE_VALIDATING_WEBHOOK, [(
        "spec.accessCredentials[0].userPassword.propagationMethod",
        "spec.accessCredentials[0] must have exactly one propagationMethod set")])]


def test_a_case_mismatched_key_is_unknown_and_the_pruned_claim_name_is_not_missing_at_the_gate():
    # realworld vmi/all myvmi-dup1: the webhooks read the pruned object (`persistentVolumeClaim: {}`);
    # the gate's claimName has a default, and the mutated VMI carries `claimName: ""`.
    [verdict] = admit_bundle([minimized_vmi(
        domain={"devices": {"disks": [{"disk": {}, "name": "myimage"}]}, "resources": {"requests": {"memory": "512M"}}},
        volumes=[{"name": "myimage", "persistentVolumeClaim": {"claimname": "myclaim"}}])])
    assert causes(verdict) == (r.STAGE_FIELD_VALIDATION, [("", strict_decoding(
        "VirtualMachineInstance", "spec.volumes[0].persistentVolumeClaim.claimname"))])
    assert verdict.later == []

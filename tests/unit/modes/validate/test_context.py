"""validate's context: admission verdicts, then expand verdicts (krmfn.modes.validate.context)."""
from __future__ import annotations

import copy

from krmfn.modes.validate.context import build_context
from krmfn.modes.validate.mode import run_validate

LIVE_IT = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
           "metadata": {"name": "it"}, "spec": {"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}}}
REVISION = {
    "apiVersion": "apps/v1", "kind": "ControllerRevision",
    "metadata": {"name": "cr-status", "namespace": "golden", "labels": {
        "instancetype.kubevirt.io/object-name": "it",
        "instancetype.kubevirt.io/object-kind": "VirtualMachineClusterInstancetype",
        "instancetype.kubevirt.io/object-version": "v1beta1"}},
    "data": {**copy.deepcopy(LIVE_IT), "spec": {"cpu": {"guest": 4}, "memory": {"guest": "4Gi"},
                                                "nodeSelector": {"zone": "a"}}},
    "revision": 1,
}
VM = {
    "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "golden"},
    "spec": {"runStrategy": "Halted", "instancetype": {"name": "it"}, "template": {"spec": {
        "nodeSelector": {"zone": "b"}, "domain": {"devices": {}},
        "volumes": [{"name": "rootdisk", "containerDisk": {"image": "quay.io/containerdisks/fedora:41"}}]}}},
    "status": {"instancetypeRef": {"name": "it", "kind": "VirtualMachineClusterInstancetype",
                                   "controllerRevisionRef": {"name": "cr-status"}}},
}


def test_admission_shortcut_is_not_taken_for_another_instance_type() -> None:
    # Admission drops status, so it applies the live instance type (no conflict); expand uses the
    # status revision, whose nodeSelector conflicts. The shortcut must not hide that.
    values = [copy.deepcopy(LIVE_IT), copy.deepcopy(REVISION), copy.deepcopy(VM)]
    ctx = build_context(values, {})
    assert ctx.admission(2).allowed and ctx.admission(2).conflict_free == (values[0]["spec"], None)
    failure = ctx.expand_failures[2]
    assert failure.check == "instancetype-conflict"
    assert failure.path == "spec.template.spec.nodeSelector"
    assert ctx.expand_failures == build_context(values, {}, reuse_admission=False).expand_failures


def test_admission_shortcut_is_taken_for_the_same_objects() -> None:
    vm = copy.deepcopy(VM)
    del vm["status"]
    values = [copy.deepcopy(LIVE_IT), vm]
    ctx = build_context(values, {})
    assert ctx.admission(1).allowed and ctx.admission(1).conflict_free == (values[0]["spec"], None)
    assert ctx.expand_failures == {}


def test_a_missing_instance_type_is_reported_even_when_admission_rejects_the_vm_for_its_consequence() -> None:
    # KubeVirt's admission ignores the missing instance type and checks the preference's requirements
    # against the VM's own (absent) memory; the slip in the name is what the user must see.
    preference = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterPreference",
                  "metadata": {"name": "needs-memory"}, "spec": {"requirements": {"memory": {"guest": "2Gi"}}}}
    typo = copy.deepcopy(VM)
    typo["spec"]["instancetype"] = {"name": "iit"}
    typo["spec"]["preference"] = {"name": "needs-memory"}
    del typo["status"]
    ctx = build_context([copy.deepcopy(LIVE_IT), preference, typo], {"catalog": "none"})
    assert ctx.rejected(2)
    claims = {check: [(c.item, c.path, c.message) for c in claims] for check, claims in ctx.claims.items()}
    assert claims == {
        "preference-requirements": [(2, "spec.template.spec.domain.memory",
                                     "failure checking preference requirements: insufficient Memory resources of 0 "
                                     "provided by VirtualMachine, preference requires 2Gi")],
        "reference": [(2, "spec.instancetype.name", 'virtualmachineclusterinstancetypes.instancetype.kubevirt.io '
                                                    '"iit" not found (did you mean it?)')],
    }


def test_every_missing_reference_is_claimed_with_its_cause() -> None:
    typos = copy.deepcopy(VM)
    typos["spec"]["instancetype"] = {"name": "iit"}
    typos["spec"]["preference"] = {"name": "ppf"}
    del typos["status"]
    preference = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterPreference",
                  "metadata": {"name": "pf"}, "spec": {}}
    values = [copy.deepcopy(LIVE_IT), preference, typos]
    ctx = build_context(values, {"catalog": "none"})
    assert ctx.admission(2).allowed  # the webhook only logs a missing reference
    assert [(c.path, c.message, c.failure) for c in ctx.claimed_by("reference")] == [
        ("spec.instancetype.name",
         'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "iit" not found (did you mean it?)',
         "instancetype-not-found"),
        ("spec.preference.name",
         'virtualmachineclusterpreferences.instancetype.kubevirt.io "ppf" not found (did you mean pf?)',
         "preference-not-found"),
    ]
    findings = run_validate(values, {"catalog": "none"}).findings
    assert [(f.check, f.path, f.tags.get("cause")) for f in findings if f.check == "reference"] == [
        ("reference", "spec.instancetype.name", "instancetype-not-found"),
        ("reference", "spec.preference.name", "preference-not-found")]


def _bad_kind_vm_with_two_interfaces_on_one_network() -> dict:
    vm = copy.deepcopy(VM)
    del vm["status"]
    vm["spec"]["instancetype"] = {"name": "it", "kind": "VirtualMachineInstancetype.instancetype.kubevirt.io"}
    vm["spec"]["template"]["spec"]["domain"]["devices"]["interfaces"] = [
        {"name": "default", "masquerade": {}}, {"name": "default", "bridge": {}}]
    vm["spec"]["template"]["spec"]["networks"] = [{"name": "default", "pod": {}}]
    return vm


def test_an_object_rejected_at_admission_still_gets_its_expand_failure() -> None:
    # The cluster answers with the network cause only; start would then refuse the instance type kind.
    values = [copy.deepcopy(LIVE_IT), _bad_kind_vm_with_two_interfaces_on_one_network()]
    ctx = build_context(values, {})
    assert ctx.rejected(1)
    claims = {check: [(c.item, c.path, c.message) for c in claims] for check, claims in ctx.claims.items()}
    assert claims == {
        "vm-admission": [(1, "spec.template.spec.domain.devices.interfaces[1].name",
                          "Only one interface can be connected to one specific network")],
        "reference": [(1, "spec.instancetype.kind",
                       "got unexpected kind in InstancetypeMatcher: "
                       "VirtualMachineInstancetype.instancetype.kubevirt.io")],
    }


def test_disabling_the_check_that_rejects_does_not_hide_the_expand_failure() -> None:
    values = [copy.deepcopy(LIVE_IT), _bad_kind_vm_with_two_interfaces_on_one_network()]
    found = [(f.check, f.path) for f in run_validate(values, {"disable": ["vm-admission"]}).findings]
    assert found == [("reference", "spec.instancetype.kind")]


def test_a_problem_admission_and_expand_both_refuse_is_told_once() -> None:
    vm = copy.deepcopy(VM)
    del vm["status"]
    vm["spec"]["template"]["spec"]["domain"]["cpu"] = {"cores": 3}
    ctx = build_context([copy.deepcopy(LIVE_IT), vm], {})
    assert ctx.rejected(1) and 1 in ctx.expand_failures
    assert [(check, c.path) for check, claims in ctx.claims.items() for c in claims] == [
        ("conflict", "spec.template.spec.domain.cpu.cores")]


def test_a_later_stage_repeating_a_reported_field_in_its_own_words_is_left_out() -> None:
    # The CRD schema and then the preset webhook's own schema gate both miss spec.domain.devices.
    preset = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstancePreset",
              "metadata": {"name": "small", "namespace": "golden"},
              "spec": {"selector": {"matchLabels": {"kubevirt.io/size": "small"}},
                       "domain": {"resources": {"requests": {"memory": "64M"}}}}}
    ctx = build_context([preset], {})
    assert [later.stage for later in ctx.admission(0).later] == ["validating-webhook/openapi-schema"]
    assert [(check, c.path, c.message) for check, claims in ctx.claims.items() for c in claims] == [
        ("schema", "spec.domain.devices", "Required value")]


def test_a_later_stage_naming_a_reported_field_under_another_check_is_left_out() -> None:
    replica_set = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstanceReplicaSet",
                   "metadata": {"name": "rs", "namespace": "golden"},
                   "spec": {"replicas": 2, "bogus": 1, "selector": {"matchLabels": {"app": "a"}},
                            "template": {"metadata": {"labels": {"app": "b"}},
                                         "spec": {"domain": {"devices": {}, "memory": {"guest": "1Gi"}}}}}}
    ctx = build_context([replica_set], {})
    assert [(check, c.path) for check, claims in ctx.claims.items() for c in claims] == [
        ("unknown-field", "spec.bogus"), ("vmi-admission", "spec.selector")]

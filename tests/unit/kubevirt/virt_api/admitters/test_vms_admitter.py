"""vms-admitter.go after the instance type part: validateRunStrategy and ValidateFeatureGates."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import MAIN, V1_9
from krmfn.kubevirt.util import webhooks as r
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vms_admitter import admit_remaining, validate_run_strategy

TEMPLATE = {"spec": {"domain": {"devices": {}}}}


def remaining(vm: dict, config: ClusterConfig | None = None):
    """admit_remaining with the VM's own template as the admitted copy (no instance type, no
    preference; the tests' templates are what the defaults would leave alone)."""
    template = vm["spec"].get("template") or {}
    return admit_remaining(vm, template.get("spec", {}), template.get("metadata", {}), config or ClusterConfig())


def causes(spec: dict, config: ClusterConfig | None = None) -> list[tuple[str, str]]:
    return [(cause.field, cause.message) for cause in validate_run_strategy(spec, config or ClusterConfig())]


@pytest.mark.parametrize("strategy", ["Halted", "Manual", "Always", "RerunOnFailure", "Once"])
def test_known_strategies(strategy: str) -> None:
    assert causes({"runStrategy": strategy}) == []


def test_wait_as_receiver_is_on_by_default_on_main_only() -> None:
    # DecentralizedLiveMigration is Beta on main (on by default), Alpha in v1.9.0 (off by default)
    assert causes({"runStrategy": "WaitAsReceiver"}, ClusterConfig(kubevirt_version=MAIN)) == []
    assert causes({"runStrategy": "WaitAsReceiver"}, ClusterConfig(kubevirt_version=V1_9)) == [
        ("spec.runStrategy", "Invalid RunStrategy (WaitAsReceiver), DecentralizedLiveMigration feature gate is not "
                             "enabled in kubevirt resource")]


def test_running_alone_is_accepted() -> None:
    assert causes({"running": False}) == []


def test_neither_is_required_and_null_is_absent() -> None:
    expected = [("spec.running", "RunStrategy must be specified")]
    assert causes({}) == expected
    assert causes({"running": None, "runStrategy": None}) == expected


def test_both_are_mutually_exclusive() -> None:
    assert causes({"running": True, "runStrategy": "Always"}) == [
        ("spec.running", "Running and RunStrategy are mutually exclusive. Note that Running is deprecated, please "
                         "use RunStrategy instead")]


def test_unknown_strategy_and_several_causes_in_kubevirt_order() -> None:
    assert causes({"runStrategy": "always"}) == [("spec.runStrategy", "Invalid RunStrategy (always)")]
    assert causes({"running": True, "runStrategy": ""}) == [
        ("spec.running", "Running and RunStrategy are mutually exclusive. Note that Running is deprecated, please "
                         "use RunStrategy instead"),
        ("spec.runStrategy", "Invalid RunStrategy ()")]


def test_wait_as_receiver_needs_its_gate() -> None:
    config = ClusterConfig(disabled_feature_gates=("DecentralizedLiveMigration",))
    assert causes({"runStrategy": "WaitAsReceiver"}, config) == [
        ("spec.runStrategy", "Invalid RunStrategy (WaitAsReceiver), DecentralizedLiveMigration feature gate is not "
                             "enabled in kubevirt resource")]


def test_admit_remaining_rejects_at_its_stage() -> None:
    verdict = remaining({"spec": {"template": TEMPLATE}})
    assert verdict is not None
    assert (verdict.allowed, verdict.stage, verdict.message) == (
        False, r.STAGE_REMAINING_VM_CHECKS, "RunStrategy must be specified")
    assert remaining({"spec": {"runStrategy": "Halted", "template": TEMPLATE}}) is None


def test_missing_template() -> None:
    verdict = remaining({"spec": {"runStrategy": "Halted"}})
    assert verdict is not None and [(c.field, c.message) for c in verdict.causes] == [
        ("spec.template", "missing virtual machine template.")]


def test_an_enabled_discontinued_gate_in_use_comes_first() -> None:
    vm = {"spec": {"template": {"spec": {"domain": {"devices": {"interfaces": [{"name": "n", "macvtap": {}}]}}}}}}
    verdict = remaining(vm, ClusterConfig(feature_gates=("Macvtap",)))
    assert verdict is not None and [(c.field, c.message) for c in verdict.causes] == [
        ("", "Macvtap network binding is discontinued since v1.3. Please refer to Kubevirt user guide for "
             "alternatives.")]  # the run strategy is not looked at: the feature gate group returns first
    without_gate = remaining(vm)  # then the network group: the binding is discontinued
    assert without_gate is not None
    assert [c.message for c in without_gate.causes] == ["Macvtap network binding has been discontinued since v1.3"]


def metadata_causes(metadata: dict, config: ClusterConfig | None = None) -> list:
    vm_spec = {"runStrategy": "Halted", "template": {"metadata": metadata, **TEMPLATE}}
    verdict = remaining({"spec": vm_spec}, config)
    return [(c.field, c.message) for c in verdict.causes] if verdict is not None else []


def test_reserved_labels() -> None:
    assert metadata_causes({"labels": {"kubevirt.io/nodeName": "n1", "app": "x"}}) == [
        ("spec.template.metadata.labels",
         "creation of the following reserved kubevirt.io/ labels on a VMI object is prohibited")]
    assert metadata_causes({"labels": {"kubevirt.io/domain": "x"}}) == []


def test_sidecar_and_ignition_annotations_need_their_gates() -> None:
    sidecar = {"annotations": {"hooks.kubevirt.io/hookSidecars": "[{}]"}}
    expected = [("spec.template.metadata.annotations", "sidecar feature gate is not enabled in kubevirt-config, "
                 "invalid entry spec.template.metadata.annotations.hooks.kubevirt.io/hookSidecars")]
    assert metadata_causes(sidecar) == expected
    assert metadata_causes(sidecar, ClusterConfig(feature_gates=("Sidecar",))) == []
    assert metadata_causes({"annotations": {"hooks.kubevirt.io/hookSidecars": ""}}) == []  # an empty value is none
    ignition = {"annotations": {"kubevirt.io/ignitiondata": "{}"}}
    assert metadata_causes(ignition)[0][1] == (
        "ExperimentalIgnitionSupport feature gate is not enabled in kubevirt-config, invalid entry "
        "spec.template.metadata.annotations.kubevirt.io/ignitiondata")


def test_through_the_chain_a_preference_annotation_is_judged() -> None:
    from_preference = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterPreference",
                       "metadata": {"name": "pf"}, "spec": {"annotations": {"hooks.kubevirt.io/hookSidecars": "[{}]"}}}
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "preference": {"name": "pf"}, "template": TEMPLATE}}
    verdict = admit_bundle([from_preference, vm])[1]
    assert verdict is not None and (verdict.allowed, verdict.stage) == (False, r.STAGE_REMAINING_VM_CHECKS)
    assert verdict.causes[0].message.startswith("sidecar feature gate is not enabled")


def test_an_instance_type_annotation_is_applied_first() -> None:
    instancetype = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
                    "metadata": {"name": "it"}, "spec": {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"},
                                                         "annotations": {"hooks.kubevirt.io/hookSidecars": ""}}}
    preference = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterPreference",
                  "metadata": {"name": "pf"}, "spec": {"annotations": {"hooks.kubevirt.io/hookSidecars": "[{}]"}}}
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "instancetype": {"name": "it"}, "preference": {"name": "pf"},
                   "template": TEMPLATE}}
    verdict = admit_bundle([instancetype, preference, vm])[2]
    assert verdict is not None and verdict.allowed  # the preference does not overwrite the instance type's ""

"""validate on v1beta2 bundles and on legacy API versions: which check reports what, exactly."""
from __future__ import annotations

import pytest

from krmfn.kio.config import ConfigError, parse_function_config
from krmfn.modes.validate.mode import run_validate

V1BETA1 = "instancetype.kubevirt.io/v1beta1"
V1BETA2 = "instancetype.kubevirt.io/v1beta2"
RULE = "instancetype.kubevirt.io/v1beta2 rule"


def instancetype(api=V1BETA2, name="it", **spec):
    return {"apiVersion": api, "kind": "VirtualMachineClusterInstancetype", "metadata": {"name": name}, "spec": spec}


def preference(api=V1BETA1, name="pf", **spec):
    return {"apiVersion": api, "kind": "VirtualMachineClusterPreference", "metadata": {"name": name}, "spec": spec}


def vm(domain, preference_name=None):
    spec = {"runStrategy": "Halted", "instancetype": {"name": "it"},
            "template": {"spec": {"domain": {"devices": {}, **domain}}}}
    if preference_name:
        spec["preference"] = {"name": preference_name}
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
            "spec": spec}


def findings(items, **options):
    return [(f.check, f.severity, f.item, f.path, f.message) for f in run_validate(items, options).findings]


def test_a_v1beta2_bundle_that_keeps_the_rules_is_clean():
    items = [instancetype(cpu={"dedicatedCPUPlacement": True}), vm({"cpu": {"guest": 4}, "memory": {"guest": "4Gi"}})]
    assert findings(items) == []


def test_instance_type_rule_is_reported_by_v1beta2_sizing_not_instancetype_admission():
    items = [instancetype(cpu={"guest": 2, "topology": {"cores": 2}}, memory={"guest": "1Gi"})]
    assert findings(items) == [
        ("v1beta2-sizing", "error", 0, "spec.cpu.topology",
         "spec.cpu.guest and spec.cpu.topology should not be requested together "
         f"({RULE}: an instance type gives its vCPUs either as a count or as a topology)")]


def test_vm_rules_are_reported_by_v1beta2_sizing_not_conflict():
    items = [instancetype(cpu={"guest": 2}), vm({"cpu": {"guest": 4}, "memory": {"guest": "4Gi"}})]
    assert [(check, path) for check, _, _, path, _ in findings(items)] == [
        ("v1beta2-sizing", "spec.template.spec.domain.cpu.guest")]


def test_kubevirt_conflicts_beside_v1beta2_rules_stay_conflicts():
    items = [instancetype(memory={"guest": "1Gi"}), vm({"cpu": {"sockets": 2}})]
    assert sorted((check, path) for check, _, _, path, _ in findings(items)) == [
        ("conflict", "spec.template.spec.domain.cpu.sockets"),
        ("v1beta2-sizing", "spec.template.spec.domain.cpu.guest")]


def test_spread_of_the_vms_vcpus_is_spread_topology():
    items = [instancetype(), preference(cpu={"preferredCPUTopology": "spread"}),
             vm({"cpu": {"guest": 3}, "memory": {"guest": "1Gi"}}, "pf")]
    assert [(check, path) for check, _, _, path, _ in findings(items)] == [
        ("spread-topology", "spec.template.spec.domain.cpu.guest")]


def test_vm_guest_without_v1beta2_is_an_unknown_field():
    items = [instancetype(api=V1BETA1, cpu={"guest": 1}, memory={"guest": "1Gi"}), vm({"cpu": {"guest": 4}})]
    assert [(check, path) for check, _, _, path, _ in findings(items)] == [
        ("unknown-field", "spec.template.spec.domain.cpu.guest")]


LEGACY = {"apiVersion": "instancetype.kubevirt.io/v1alpha1", "kind": "VirtualMachineClusterInstancetype",
          "metadata": {"name": "it"}, "spec": {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}}}


def test_legacy_objects_are_deprecated_warnings_under_convert():
    result = run_validate([LEGACY, vm({})], {"legacyApiVersions": "convert"}).findings
    assert [(f.check, f.severity, f.path, f.current, f.proposed, f.message) for f in result] == [
        ("deprecated", "warning", "apiVersion", "instancetype.kubevirt.io/v1alpha1", V1BETA1,
         "instancetype.kubevirt.io/v1alpha1 VirtualMachineClusterInstanceTypes is now deprecated and will be "
         "removed in v1. KubeVirt stopped serving it in v1.6 and removed it in v1.7; krmfn read it as "
         "instancetype.kubevirt.io/v1beta1 (legacyApiVersions: convert).")]


@pytest.mark.parametrize("options", [{}, {"legacyApiVersions": "reject"}], ids=["default", "reject"])
def test_legacy_objects_are_api_version_errors_by_default_and_under_reject(options):
    result = run_validate([LEGACY, vm({})], options).findings
    assert [(f.check, f.path, f.proposed if f.has_proposed() else None) for f in result] == [
        ("api-version", "apiVersion", V1BETA1), ("reference", "spec.instancetype.name", None)]
    assert result[1].message.startswith('virtualmachineclusterinstancetypes.instancetype.kubevirt.io "it" not found')


@pytest.mark.parametrize("fc,expected", [
    ({"apiVersion": "v1", "kind": "ConfigMap", "data": {"mode": "validate", "legacyApiVersions": "reject"}},
     {"legacyApiVersions": "reject"}),
    ({"apiVersion": "krmfn.dev/v1alpha1", "kind": "Inline", "spec": {"legacyApiVersions": "convert"}},
     {"legacyApiVersions": "convert"}),
])
def test_the_option(fc, expected):
    assert parse_function_config(fc).options == expected


def test_the_option_values():
    with pytest.raises(ConfigError) as error:
        parse_function_config({"apiVersion": "v1", "kind": "ConfigMap", "data": {"legacyApiVersions": "drop"}})
    assert error.value.message == 'data.legacyApiVersions: "drop" is not one of convert, reject'

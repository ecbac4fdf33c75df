"""Tests for krmfn.kubevirt.instancetype.preference.apply.cpu (KubeVirt apply/cpu.go;
docs/kubevirt/preference-apply.md#cpu-features)."""
from __future__ import annotations

from krmfn.kubevirt.instancetype.preference.apply.cpu import apply_cpu_preferences


def test_should_append_preferred_features_not_provided_by_the_user_e42() -> None:
    pf = {"cpu": {"preferredCPUFeatures": [{"name": "foo", "policy": "require"},
                                           {"name": "bar", "policy": "force"}]}}
    t = {"domain": {"cpu": {"features": [{"name": "bar", "policy": "optional"}]}}}
    apply_cpu_preferences(pf, t)
    assert t["domain"]["cpu"]["features"] == [
        {"name": "bar", "policy": "optional"},
        {"name": "foo", "policy": "require"},
    ]


def test_duplicate_preferred_names_are_all_appended() -> None:
    pf = {"cpu": {"preferredCPUFeatures": [{"name": "vmx", "policy": "require"},
                                           {"name": "vmx", "policy": "optional"}]}}
    t = {"domain": {"cpu": {"sockets": 2}}}
    apply_cpu_preferences(pf, t)
    assert t["domain"]["cpu"] == {
        "sockets": 2,
        "features": [{"name": "vmx", "policy": "require"}, {"name": "vmx", "policy": "optional"}],
    }


def test_appended_features_are_copies_of_the_preference() -> None:
    preferred = {"name": "vmx", "policy": "require"}
    t = {"domain": {"cpu": {}}}
    apply_cpu_preferences({"cpu": {"preferredCPUFeatures": [preferred]}}, t)
    t["domain"]["cpu"]["features"][0]["policy"] = "disable"
    assert preferred == {"name": "vmx", "policy": "require"}


def test_missing_domain_cpu_is_created_instead_of_kubevirts_panic() -> None:
    # KubeVirt panics here (golden preference-fields/cpu-features-crash-no-cpu); our choice.
    t = {"domain": {"devices": {}}}
    apply_cpu_preferences({"cpu": {"preferredCPUFeatures": [{"name": "invtsc", "policy": "require"}]}}, t)
    assert t["domain"] == {"devices": {}, "cpu": {"features": [{"name": "invtsc", "policy": "require"}]}}


def test_nothing_happens_without_preferred_features() -> None:
    for pf in ({}, {"cpu": None}, {"cpu": {}}, {"cpu": {"preferredCPUFeatures": []}},
               {"cpu": {"preferredCPUTopology": "cores"}}):
        t = {"domain": {"devices": {}}}
        apply_cpu_preferences(pf, t)
        assert t == {"domain": {"devices": {}}}, pf


def test_topology_preferences_do_not_touch_the_vm_without_an_instance_type() -> None:
    pf = {"cpu": {"preferredCPUTopology": "spread", "spreadOptions": {"ratio": 4}},
          "preferSpreadSocketToCoreRatio": 3}
    t = {"domain": {"cpu": {"cores": 2}}}
    apply_cpu_preferences(pf, t)
    assert t == {"domain": {"cpu": {"cores": 2}}}

"""The cluster options of a run (krmfn.modes.cluster): explicit options, the KubeVirt CR, defaults."""
from __future__ import annotations

from typing import Any

from krmfn.modes.cluster import cluster_findings, cluster_options
from krmfn.modes.inline.mode import run_inline
from krmfn.modes.normalize.mode import run_normalize
from krmfn.modes.validate.mode import run_validate


def kubevirt(configuration: dict[str, Any], name: str = "kubevirt") -> dict[str, Any]:
    return {"apiVersion": "kubevirt.io/v1", "kind": "KubeVirt", "metadata": {"name": name, "namespace": "kubevirt"},
            "spec": {"configuration": configuration}}


CR = kubevirt({"developerConfiguration": {"featureGates": ["Sidecar"], "disabledFeatureGates": ["ImageVolume"]},
               "machineType": "pc-q35-rhel9.4.0", "cpuRequest": "200m"})
SIDECAR_VM = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
              "spec": {"runStrategy": "Halted", "template": {
                  "metadata": {"annotations": {"hooks.kubevirt.io/hookSidecars": "[{}]"}},
                  "spec": {"domain": {"devices": {}}}}}}
SIDECAR_MESSAGE = "sidecar feature gate is not enabled in kubevirt-config"


def test_the_cr_fills_the_options_not_given() -> None:
    cluster = cluster_options("validate", [CR], {})
    assert cluster.options["featureGates"] == ["Sidecar"]
    assert cluster.options["disabledFeatureGates"] == ["ImageVolume"]
    assert cluster.options["machineType"] == "pc-q35-rhel9.4.0"
    assert cluster.options["cpuRequest"] == "200m"
    assert cluster.options["architecture"] == "amd64"  # the CR has none: the default
    assert cluster.from_cr == ["featureGates", "disabledFeatureGates", "machineType", "cpuRequest"]


def test_explicit_options_win_value_by_value() -> None:
    cluster = cluster_options("inline", [CR], {"featureGates": ["HostDisk"], "cpuRequest": "100m"})
    assert cluster.options["featureGates"] == ["HostDisk"]
    assert cluster.options["cpuRequest"] == "100m"  # explicit, even at the default
    assert cluster.options["disabledFeatureGates"] == ["ImageVolume"]
    assert cluster.options["machineType"] == "pc-q35-rhel9.4.0"
    assert cluster.from_cr == ["disabledFeatureGates", "machineType"]


def test_none_ignores_the_cr() -> None:
    cluster = cluster_options("normalize", [CR], {"clusterConfig": "none"})
    assert cluster.options["featureGates"] == [] and cluster.options["machineType"] == ""
    assert cluster.from_cr == [] and cluster_findings([CR], cluster) == []


def test_an_info_finding_names_the_cr_used() -> None:
    found = cluster_findings([CR], cluster_options("adopt", [CR], {"machineType": "q35"}))
    assert [(f.severity, f.item, f.check, f.message) for f in found] == [
        ("info", 0, "cluster-config", "the cluster configuration of KubeVirt kubevirt/kubevirt is used "
                                      "(options from it: featureGates, disabledFeatureGates, cpuRequest)")]


def test_two_crs_that_disagree_are_an_error_and_neither_is_used() -> None:
    other = kubevirt({"developerConfiguration": {"featureGates": ["HostDisk"]}}, name="other")
    cluster = cluster_options("validate", [CR, other], {})
    assert cluster.options["featureGates"] == [] and cluster.from_cr == []
    assert [(f.severity, f.item, f.message) for f in cluster_findings([CR, other], cluster)] == [
        ("error", 1, "KubeVirt kubevirt/other and kubevirt/kubevirt disagree on featureGates ([HostDisk] and "
                     "[Sidecar]): the configuration of neither is used, the options' defaults apply"),
        ("error", 1, "KubeVirt kubevirt/other and kubevirt/kubevirt disagree on disabledFeatureGates (unset and "
                     "[ImageVolume]): the configuration of neither is used, the options' defaults apply"),
        ("error", 1, "KubeVirt kubevirt/other and kubevirt/kubevirt disagree on machineType (unset and "
                     "pc-q35-rhel9.4.0): the configuration of neither is used, the options' defaults apply"),
        ("error", 1, "KubeVirt kubevirt/other and kubevirt/kubevirt disagree on cpuRequest (unset and 200m): "
                     "the configuration of neither is used, the options' defaults apply")]


def _checks(items: list[Any], options: dict[str, Any]) -> list[tuple[str, str, int | None]]:
    return [(f.check or "", f.severity, f.item) for f in run_validate(items, options).findings]


def test_validate_admits_a_vm_whose_gate_the_cr_enables() -> None:
    without = run_validate([SIDECAR_VM], {}).findings
    assert [(f.check, f.item) for f in without] == [("vm-admission", 0)]
    assert without[0].message.startswith(SIDECAR_MESSAGE)
    assert _checks([CR, SIDECAR_VM], {}) == [("cluster-config", "info", 0)]
    assert _checks([CR, SIDECAR_VM], {"clusterConfig": "none"}) == [("vm-admission", "error", 1)]
    assert _checks([CR, SIDECAR_VM], {"featureGates": ["HostDisk"]}) == [
        ("vm-admission", "error", 1), ("cluster-config", "info", 0)]
    other = kubevirt({"developerConfiguration": {"featureGates": ["HostDisk"]}}, name="other")
    assert ("vm-admission", "error", 2) in _checks([CR, other, SIDECAR_VM], {})


def test_inline_and_normalize_read_the_cr() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "template": {"spec": {"domain": {"devices": {}}}}}}
    normalized = run_normalize([CR, vm], {})
    assert normalized.items[1]["spec"]["template"]["spec"]["domain"]["machine"] == {"type": "pc-q35-rhel9.4.0"}
    assert [(f.check, f.severity) for f in normalized.findings] == [("cluster-config", "info")]
    explicit = run_normalize([CR, vm], {"machineType": "q35"})
    assert explicit.items[1]["spec"]["template"]["spec"]["domain"]["machine"] == {"type": "q35"}
    assert [(f.check, f.severity) for f in run_inline([CR, vm], {}).findings] == [("cluster-config", "info")]

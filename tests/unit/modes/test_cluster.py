"""The cluster options of a run (krmfn.modes.cluster): explicit options, the KubeVirt or HyperConverged CR
(in the bundle or a file), defaults."""
from __future__ import annotations

from typing import Any

from krmfn.model.clusterfile import ClusterConfigFile
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
                                      "(options from it: featureGates, disabledFeatureGates, cpuRequest; "
                                      "machineType given explicitly, which wins)")]


def test_the_info_says_why_no_option_came_from_the_cr() -> None:
    """realworld design-proposals: a CR setting only what no option reads was said to lose to
    options "given explicitly" when none was given."""
    bare = kubevirt({"instancetype": {"referencePolicy": "expand"}})
    found = cluster_findings([bare], cluster_options("validate", [bare], {}))
    assert [f.message for f in found] == [
        "the cluster configuration of KubeVirt kubevirt/kubevirt is used (options from it: none; it sets no value "
        "that a krmfn cluster option reads)"]
    gated = kubevirt({"developerConfiguration": {"featureGates": ["HostDisk"]}})
    found = cluster_findings([gated], cluster_options("validate", [gated], {"featureGates": ["Sidecar"]}))
    assert [f.message for f in found] == [
        "the cluster configuration of KubeVirt kubevirt/kubevirt is used (options from it: none, as the options "
        "given explicitly win: featureGates)"]


STORED_NOTE = "; it is the KubeVirt CR the cluster stores, the first one KubeVirt's admission lets through"


def test_of_two_kubevirt_crs_the_stored_one_supplies_the_options() -> None:
    """The first KubeVirt CR admitted is stored; the second is refused (`Kubevirt is already
    created`, as KubeVirt answers minimized/kubevirt-two-crs) and supplies nothing."""
    other = kubevirt({"developerConfiguration": {"featureGates": ["HostDisk"]}}, name="other")
    cluster = cluster_options("validate", [CR, other], {})
    assert cluster.options["featureGates"] == ["Sidecar"] and cluster.options["machineType"] == "pc-q35-rhel9.4.0"
    assert [(f.severity, f.item, f.message) for f in cluster_findings([CR, other], cluster)] == [
        ("info", 0, "the cluster configuration of KubeVirt kubevirt/kubevirt is used (options from it: featureGates, "
                    "disabledFeatureGates, machineType, cpuRequest)" + STORED_NOTE),
        ("info", 1, "the cluster configuration of KubeVirt kubevirt/other is not used: KubeVirt's admission refuses "
                    "this CR, so the cluster never stores it; the cluster's KubeVirt CR is KubeVirt kubevirt/kubevirt")]


def test_a_refused_kubevirt_cr_supplies_nothing() -> None:
    """minimized/kubevirt-rejected-then-valid and kubevirt/r7001-0038 of the golden corpus: the API
    server refuses the first CR (an unknown field), KubeVirt admits the second, which the cluster stores."""
    refused = kubevirt({"featureGates": ["q35"], "permittedHostDevices": {"pciHostDevices": [
        {"pciVendorSelector": "10DE:1EB8", "resourceName": "nvidia.com/TU104GL_Tesla_T4"}]}}, name="kubevirt-gpu-0")
    stored = kubevirt({"developerConfiguration": {"featureGates": ["VSOCK"]},
                       "architectureConfiguration": {"defaultArchitecture": "amd64"}}, name="kubevirt-api-1")
    for version in ("v1.9", "v1.8", "v1.7"):
        cluster = cluster_options("validate", [refused, stored], {"kubevirtVersion": version})
        assert cluster.options["featureGates"] == ["VSOCK"] and cluster.options["permittedHostDevices"] == []
        assert cluster.from_cr == ["featureGates", "architecture"]
        assert [(f.severity, f.item) for f in cluster_findings([refused, stored], cluster)] == [
            ("info", 0), ("info", 1)]
    assert [(f.check, f.severity, f.item) for f in run_validate([refused, stored], {}).findings] == [
        ("unknown-field", "error", 0), ("cluster-config", "info", 0), ("cluster-config", "info", 1)]
    [first, second] = cluster_findings([refused, stored], cluster_options("validate", [refused, stored], {}))
    assert first.message == ("the cluster configuration of KubeVirt kubevirt/kubevirt-gpu-0 is not used: KubeVirt's "
                             "admission refuses this CR, so the cluster never stores it; the cluster's KubeVirt CR "
                             "is KubeVirt kubevirt/kubevirt-api-1")
    assert second.message.endswith(STORED_NOTE)


def test_no_kubevirt_cr_stored_none_supplies() -> None:
    refused = kubevirt({"machineType": "q35"}, name="Bad")
    cluster = cluster_options("validate", [refused], {})
    assert cluster.options["machineType"] == "" and cluster.from_cr == []
    assert [(f.severity, f.item, f.message) for f in cluster_findings([refused], cluster)] == [
        ("info", 0, "the cluster configuration of KubeVirt kubevirt/Bad is not used: KubeVirt's admission refuses "
                    "this CR, so the cluster never stores it; no KubeVirt CR of the bundle is stored")]


def test_the_stored_cr_written_again_is_one_object() -> None:
    """kubectl apply updates the stored CR with its second definition: no `already created`, the
    duplicate-object check reports it, and the first definition supplies the options."""
    again = kubevirt({"developerConfiguration": {"featureGates": ["HostDisk"]}})
    cluster = cluster_options("validate", [CR, again], {})
    assert cluster.options["featureGates"] == ["Sidecar"]
    assert [(f.severity, f.item, f.message) for f in cluster_findings([CR, again], cluster)][1] == (
        "info", 1, "the cluster configuration of this later definition of KubeVirt kubevirt/kubevirt is not used: "
                   "kubectl apply updates the stored object with it (duplicate-object), and krmfn reads the first "
                   "definition")
    assert [(f.check, f.severity, f.item) for f in run_validate([CR, again], {}).findings] == [
        ("duplicate-object", "error", 1), ("cluster-config", "info", 0), ("cluster-config", "info", 1)]


def test_crs_of_a_file_are_all_read_and_two_that_disagree_are_an_error() -> None:
    other = kubevirt({"developerConfiguration": {"featureGates": ["HostDisk"]}}, name="other")
    file = ClusterConfigFile("cluster/kubevirt.yaml", (CR, other))
    cluster = cluster_options("validate", [SIDECAR_VM], {"clusterConfig": file})
    assert cluster.options["featureGates"] == [] and cluster.from_cr == []
    assert [(f.severity, f.item, f.message) for f in cluster_findings([SIDECAR_VM], cluster)][0] == (
        "error", None, "KubeVirt kubevirt/other and KubeVirt kubevirt/kubevirt in cluster/kubevirt.yaml disagree on "
                       "featureGates ([HostDisk] and [Sidecar]): the configuration of neither is used, the options' "
                       "defaults apply")


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
    assert ("vm-admission", "error", 2) not in _checks([CR, other, SIDECAR_VM], {})  # the stored CR's gate
    assert ("vm-admission", "error", 2) in _checks([other, CR, SIDECAR_VM], {})


def test_inline_and_normalize_read_the_cr() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "template": {"spec": {"domain": {"devices": {}}}}}}
    normalized = run_normalize([CR, vm], {})
    assert normalized.items[1]["spec"]["template"]["spec"]["domain"]["machine"] == {"type": "pc-q35-rhel9.4.0"}
    assert [(f.check, f.severity) for f in normalized.findings] == [("cluster-config", "info")]
    explicit = run_normalize([CR, vm], {"machineType": "q35"})
    assert explicit.items[1]["spec"]["template"]["spec"]["domain"]["machine"] == {"type": "q35"}
    assert [(f.check, f.severity) for f in run_inline([CR, vm], {}).findings] == [("cluster-config", "info")]


HC = {"apiVersion": "hco.kubevirt.io/v1beta1", "kind": "HyperConverged",
      "metadata": {"name": "kubevirt-hyperconverged", "namespace": "openshift-cnv", "annotations": {
          "kubevirt.kubevirt.io/jsonpatch": '[{"op": "add", "path": '
                                            '"/spec/configuration/developerConfiguration/featureGates/-", '
                                            '"value": "Sidecar"}]'}},
      "spec": {"evictionStrategy": "LiveMigrate"}}


def test_a_hyperconverged_supplies_the_options_of_its_kubevirt_cr() -> None:
    cluster = cluster_options("validate", [HC], {"networkInterface": "bridge"})
    assert cluster.options["featureGates"][-1] == "Sidecar" and "CPUManager" in cluster.options["featureGates"]
    assert cluster.options["evictionStrategy"] == "LiveMigrate" and cluster.options["networkInterface"] == "bridge"
    assert cluster.from_cr == ["featureGates", "vmRolloutStrategy", "evictionStrategy"]
    assert [(f.severity, f.item, f.message) for f in cluster_findings([HC], cluster)] == [
        ("info", 0, "the cluster configuration of HyperConverged openshift-cnv/kubevirt-hyperconverged is used "
                    "(options from it: featureGates, vmRolloutStrategy, evictionStrategy; networkInterface given "
                    "explicitly, which wins)")]
    assert _checks([HC, SIDECAR_VM], {}) == [("cluster-config", "info", 0)]


def test_a_hyperconverged_and_a_kubevirt_cr_that_disagree() -> None:
    """The error is on the HyperConverged, in either order: the KubeVirt CR is one KubeVirt admits."""
    for items, hc in (([CR, HC], 1), ([HC, CR], 0)):
        cluster = cluster_options("validate", items, {})
        assert cluster.from_cr == [] and cluster.options["featureGates"] == []
        found = cluster_findings(items, cluster)
        assert found and all((f.severity, f.item) == ("error", hc) for f in found)
        assert found[0].message.startswith("HyperConverged openshift-cnv/kubevirt-hyperconverged and KubeVirt "
                                           "kubevirt/kubevirt disagree on featureGates ([CPUManager, ")


def test_a_hyperconverged_hco_cannot_translate_is_a_warning_and_supplies_nothing() -> None:
    broken = {**HC, "metadata": {**HC["metadata"], "annotations": {"kubevirt.kubevirt.io/jsonpatch": "oops"}}}
    cluster = cluster_options("validate", [broken, CR], {})
    assert cluster.options["featureGates"] == ["Sidecar"]  # the KubeVirt CR alone
    assert [(f.severity, f.item, f.message) for f in cluster_findings([broken, CR], cluster)] == [
        ("warning", 0, "the cluster configuration of HyperConverged openshift-cnv/kubevirt-hyperconverged is not "
                       "used: HCO cannot build its KubeVirt CR: invalid jsonPatch in the "
                       "kubevirt.kubevirt.io/jsonpatch annotation: invalid state detected"),
        ("info", 1, "the cluster configuration of KubeVirt kubevirt/kubevirt is used (options from it: featureGates, "
                    "disabledFeatureGates, machineType, cpuRequest)")]


def test_a_cluster_config_file_replaces_the_bundles_crs() -> None:
    file = ClusterConfigFile("cluster/hco.yaml", (HC,))
    cluster = cluster_options("validate", [CR, SIDECAR_VM], {"clusterConfig": file})
    assert cluster.options["machineType"] == "" and cluster.options["featureGates"][-1] == "Sidecar"
    assert [(f.severity, f.item, f.message) for f in cluster_findings([CR, SIDECAR_VM], cluster)] == [
        ("info", None, "the cluster configuration of HyperConverged openshift-cnv/kubevirt-hyperconverged in "
                       "cluster/hco.yaml is used (options from it: featureGates, vmRolloutStrategy, "
                       "networkInterface, evictionStrategy)")]
    assert _checks([SIDECAR_VM], {"clusterConfig": file}) == [("cluster-config", "info", None)]
    two = ClusterConfigFile("both.yaml", (CR, HC))
    found = cluster_findings([], cluster_options("inline", [], {"clusterConfig": two}))
    assert found and all((f.severity, f.item) == ("error", None) for f in found)
    assert " in both.yaml disagree on featureGates" in found[0].message


def test_a_path_the_io_layer_did_not_read() -> None:
    cluster = cluster_options("validate", [CR], {"clusterConfig": "cluster.yaml"})
    assert cluster.from_cr == [] and cluster.options["featureGates"] == []
    assert [(f.severity, f.message) for f in cluster_findings([CR], cluster)] == [
        ("error", 'clusterConfig: "cluster.yaml" is a file, which only the krmfn CLI reads: the cluster options\' '
                  "defaults apply")]

"""``krmfn.hco.cluster_config``: the options a HyperConverged supplies."""
from __future__ import annotations

from typing import Any

from krmfn.hco.cluster_config import hyperconverged_options, is_hyperconverged
from krmfn.hco.handlers.kubevirt import MANDATORY_FEATURE_GATES

DEFAULT_GATES = [*MANDATORY_FEATURE_GATES, "VideoConfig", "DecentralizedLiveMigration", "HotplugVolumes"]


def hyperconverged(spec: Any = None, api_version: str = "hco.kubevirt.io/v1beta1", **extra: Any) -> dict:
    return {"apiVersion": api_version, "kind": "HyperConverged",
            "metadata": {"name": "kubevirt-hyperconverged", "namespace": "openshift-cnv"},
            "spec": {} if spec is None else spec, **extra}


def test_what_is_a_hyperconverged() -> None:
    assert is_hyperconverged(hyperconverged()) and is_hyperconverged(hyperconverged(api_version="hco.kubevirt.io/v9"))
    assert not is_hyperconverged({**hyperconverged(), "apiVersion": "example.com/v1"})
    deleting = hyperconverged()
    deleting["metadata"]["deletionTimestamp"] = "2024-01-01T00:00:00Z"
    assert not is_hyperconverged(deleting) and not is_hyperconverged("x")


def test_the_defaults() -> None:
    supplied = hyperconverged_options(hyperconverged())
    assert supplied.error is None
    assert supplied.options == {"featureGates": DEFAULT_GATES, "vmRolloutStrategy": "LiveUpdate",
                                "networkInterface": "masquerade"}


def test_v1beta1_and_v1_supply_the_same() -> None:
    v1beta1 = hyperconverged({"featureGates": {"downwardMetrics": True, "videoConfig": False},
                              "evictionStrategy": "LiveMigrate",
                              "permittedHostDevices": {"pciHostDevices": [{"pciDeviceSelector": "10DE:1EB8",
                                                                           "resourceName": "nvidia.com/T4"}]}})
    v1 = hyperconverged({"featureGates": [{"name": "downwardMetrics"}, {"name": "videoConfig", "state": "Disabled"}],
                         "virtualization": {"evictionStrategy": "LiveMigrate", "permittedHostDevices": {
                             "pciHostDevices": [{"pciDeviceSelector": "10DE:1EB8", "resourceName": "nvidia.com/T4"}]}}},
                        api_version="hco.kubevirt.io/v1")
    expected = {"featureGates": [*MANDATORY_FEATURE_GATES, "DownwardMetrics", "DecentralizedLiveMigration",
                                 "HotplugVolumes"],
                "permittedHostDevices": ["10DE:1EB8=nvidia.com/T4"], "vmRolloutStrategy": "LiveUpdate",
                "networkInterface": "masquerade", "evictionStrategy": "LiveMigrate"}
    assert hyperconverged_options(v1beta1).options == expected
    assert hyperconverged_options(v1).options == expected


def test_the_status_node_info() -> None:
    supplied = hyperconverged_options(hyperconverged(status={"nodeInfo": {"workloadsArchitectures": ["s390x"]}}))
    assert supplied.options["featureGates"][-1] == "SecureExecution"
    v1 = hyperconverged(api_version="hco.kubevirt.io/v1", status={"nodeInfo": {"workloadsArchitectures": ["s390x"]}})
    assert hyperconverged_options(v1).options["featureGates"][-1] == "SecureExecution"


def test_what_hco_cannot_translate() -> None:
    assert hyperconverged_options(hyperconverged(api_version="hco.kubevirt.io/v2")).error == \
        'no matches for kind "HyperConverged" in version "hco.kubevirt.io/v2"'
    assert hyperconverged_options(hyperconverged({"certConfig": {"ca": {"duration": "x"}}})).error == \
        "failed to parse the HyperConverged"
    broken = hyperconverged()
    broken["metadata"]["annotations"] = {"kubevirt.kubevirt.io/jsonpatch": "["}
    supplied = hyperconverged_options(broken)
    assert (supplied.options, supplied.error) == (
        {}, "invalid jsonPatch in the kubevirt.kubevirt.io/jsonpatch annotation: invalid state detected")

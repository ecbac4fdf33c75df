"""HCO's own Go test of ``controllers/handlers/kubevirt.go`` (``kubevirt_test.go`` at v1.18.1), the cases
krmfn reproduces: the ``featureGates in NewKubeVirt`` table and the ``jsonpath Annotation`` context.

Left out: the handler's Ensure/UpdateCR cases (a cluster's reconcile loop, not a translation), the
cases that read the cluster's nodes or HCO's environment (``SNO replicas``, KVM emulation,
architecture configuration from ``*MACHINETYPE``) and the TLS profile cases (the TLS configuration
is not built).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from krmfn.hco.deploy.crds.defaulting import defaulted
from krmfn.hco.handlers.kubevirt import EMULATOR_THREAD_COMPLETE_TO_EVEN_PARITY, MANDATORY_FEATURE_GATES, new_kubevirt

# hardCodeKvFgs + sspConditionKvFgs + the three conditional gates always added (conditionalFeatureGatesCount)
BASIC_NUM_FG_ON_OPENSHIFT = len(MANDATORY_FEATURE_GATES) + 3


def hco(gates: dict[str, Any] | None = None, annotations: dict[str, str] | None = None) -> dict:
    return defaulted({"apiVersion": "hco.kubevirt.io/v1beta1", "kind": "HyperConverged",
                      "metadata": {"name": "kubevirt-hyperconverged", "namespace": "kubevirt-hyperconverged",
                                   "annotations": annotations or {}},
                      "spec": {"featureGates": gates or {}}}, "v1beta1")


def contains(gate: str) -> Callable[[list[str]], bool]:
    return lambda gates: gate in gates


def lacks(gate: str) -> Callable[[list[str]], bool]:
    return lambda gates: gate not in gates


ENTRIES: list[tuple[str, dict, dict, Callable[[list[str]], bool]]] = [
    ("should not add the feature gates if FeatureGates field is empty", {}, {},
     lambda gates: len(gates) == BASIC_NUM_FG_ON_OPENSHIFT and set(MANDATORY_FEATURE_GATES) <= set(gates)),
    ("should add the PersistentReservation feature gate if PersistentReservation is true in HyperConverged CR",
     {"persistentReservation": True}, {}, contains("PersistentReservation")),
    ("should not add the PersistentReservation feature gate if PersistentReservation is false in HyperConverged CR",
     {"persistentReservation": False}, {}, lacks("PersistentReservation")),
    ("should add the DownwardMetrics feature gate if DownwardMetrics is true in HyperConverged CR",
     {"downwardMetrics": True}, {}, contains("DownwardMetrics")),
    ("should not add the DownwardMetrics feature gate if DownwardMetrics is not set in HyperConverged CR",
     {}, {}, lacks("DownwardMetrics")),
    ("should add the DecentralizedLiveMigration feature gate if DecentralizedLiveMigration is not set in "
     "HyperConverged CR (default true)", {}, {}, contains("DecentralizedLiveMigration")),
    ("should not add the DecentralizedLiveMigration feature gate if DecentralizedLiveMigration is false in "
     "HyperConverged CR", {"decentralizedLiveMigration": False}, {}, lacks("DecentralizedLiveMigration")),
    ("should add the AlignCPUs feature gate if DownwardMetrics is true in HyperConverged CR",
     {"alignCPUs": True}, {}, contains("AlignCPUs")),
    ("should add the PasstBinding FG to Kubevirt CR if PasstNetworkBinding is true in HyperConverged CR",
     {}, {"hco.kubevirt.io/deployPasstNetworkBinding": "true"}, contains("PasstBinding")),
    ("should not add the Passt Network Binding to Kubevirt CR if PasstNetworkBinding is false in HyperConverged CR",
     {}, {"hco.kubevirt.io/deployPasstNetworkBinding": "false"}, lacks("PasstBinding")),
    ("should add the PCINUMAAwareTopology FG to KubeVirt CR if deployAIE annotation is true",
     {}, {"hco.kubevirt.io/deployAIE": "true"}, contains("PCINUMAAwareTopology")),
    ("should add the DeclarativeHotplugVolumes feature gate if DeclarativeHotplugVolumes is true in HyperConverged "
     "CR", {"declarativeHotplugVolumes": True}, {},
     lambda gates: "DeclarativeHotplugVolumes" in gates and "HotplugVolumes" not in gates),
    ("should add the HotplugVolumes feature gate if DeclarativeHotplugVolumes is not set in HyperConverged CR",
     {}, {}, lambda gates: "HotplugVolumes" in gates and "DeclarativeHotplugVolumes" not in gates),
    ("should add the ObjectGraph feature gate if ObjectGraph is true in HyperConverged CR",
     {"objectGraph": True}, {}, contains("ObjectGraph")),
    ("should add both IncrementalBackup and UtilityVolumes feature gates if IncrementalBackup is true in "
     "HyperConverged CR", {"incrementalBackup": True}, {},
     lambda gates: "IncrementalBackup" in gates and "UtilityVolumes" in gates),
    ("should not add IncrementalBackup or UtilityVolumes feature gates if IncrementalBackup is false in "
     "HyperConverged CR", {"incrementalBackup": False}, {},
     lambda gates: "IncrementalBackup" not in gates and "UtilityVolumes" not in gates),
    ("should add the ContainerPathVolumes feature gate if ContainerPathVolumes is true in HyperConverged CR",
     {"containerPathVolumes": True}, {}, contains("ContainerPathVolumes")),
]


@pytest.mark.parametrize("name, gates, annotations, matches", ENTRIES, ids=[entry[0] for entry in ENTRIES])
def test_feature_gates_in_new_kubevirt(name: str, gates: dict, annotations: dict,
                                       matches: Callable[[list[str]], bool]) -> None:
    kubevirt = new_kubevirt(hco(gates, annotations)).kubevirt
    assert kubevirt is not None
    assert matches(kubevirt["spec"]["configuration"]["developerConfiguration"]["featureGates"])


def test_align_cpus_sets_the_even_parity_annotation() -> None:
    kubevirt = new_kubevirt(hco({"alignCPUs": True})).kubevirt
    assert kubevirt is not None and EMULATOR_THREAD_COMPLETE_TO_EVEN_PARITY in kubevirt["metadata"]["annotations"]
    kubevirt = new_kubevirt(hco({"alignCPUs": False})).kubevirt
    assert kubevirt is not None and "annotations" not in kubevirt["metadata"]


JSON_PATCH = """[
    {"op": "add", "path": "/spec/configuration/cpuRequest", "value": "12m"},
    {"op": "add", "path": "/spec/configuration/developerConfiguration", "value": {"featureGates": ["fg1"]}},
    {"op": "add", "path": "/spec/configuration/developerConfiguration/featureGates/-", "value": "fg2"}
]"""


def test_should_create_kv_object_with_changes_from_the_annotation() -> None:
    kubevirt = new_kubevirt(hco(annotations={"kubevirt.kubevirt.io/jsonpatch": JSON_PATCH})).kubevirt
    assert kubevirt is not None
    config = kubevirt["spec"]["configuration"]
    assert config["developerConfiguration"]["featureGates"] == ["fg1", "fg2"]
    assert config["cpuRequest"] == "12m"
    assert config["developerConfiguration"]["diskVerification"] == {"memoryLimit": "2G"}  # Go's decoding merges


def test_should_fail_to_create_kv_object_with_wrong_json_patch() -> None:
    patch = '[{"op": "notExists", "path": "/spec/config/featureGates/-", "value": "fg1"}]'
    built = new_kubevirt(hco(annotations={"kubevirt.kubevirt.io/jsonpatch": patch}))
    assert built.kubevirt is None
    assert built.error == ("invalid jsonPatch in the kubevirt.kubevirt.io/jsonpatch annotation: invalid operation "
                           '{"op":"notExists","path":"/spec/config/featureGates/-","value":"fg1"}: '
                           "unsupported operation")

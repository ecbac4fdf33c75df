"""krmfn.modes.fit.table: definitions from a bundle and the catalog, the pairs, each verdict with
KubeVirt's message, the order of the sizes, and finding a preference by name."""
from __future__ import annotations

from typing import Any

import pytest

from krmfn.modes.fit.table import (
    FITS,
    NO,
    VM,
    Definition,
    definitions,
    find_preference,
    fit_table,
    requirements_text,
    verdict,
)

V1BETA1 = "instancetype.kubevirt.io/v1beta1"
V1BETA2 = "instancetype.kubevirt.io/v1beta2"


def obj(kind: str, name: str, spec: dict[str, Any], namespace: str | None = None,
        api_version: str = V1BETA1) -> dict[str, Any]:
    metadata: dict[str, Any] = {"name": name, **({"namespace": namespace} if namespace else {})}
    return {"apiVersion": api_version, "kind": kind, "metadata": metadata, "spec": spec}


def it(name: str, vcpus: int, memory: str, **more: Any) -> dict[str, Any]:
    return obj("VirtualMachineClusterInstancetype", name, {"cpu": {"guest": vcpus}, "memory": {"guest": memory}},
               **more)


def pf(name: str, spec: dict[str, Any], **more: Any) -> dict[str, Any]:
    return obj("VirtualMachineClusterPreference", name, spec, **more)


def table_of(*items: dict[str, Any], catalog: str | None = None, architecture: str = "amd64") -> Any:
    return fit_table(definitions(list(items), catalog), "test", architecture)


def by_pair(table: Any) -> dict[tuple[str, str], Any]:
    return {(v.instancetype.label, v.preference.label): v for v in table.verdicts}


NEEDS_2 = pf("needs-2", {"requirements": {"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}}})


def test_a_pair_that_meets_the_requirements_fits() -> None:
    found = by_pair(table_of(it("big", 2, "4Gi"), NEEDS_2))
    assert found[("big", "needs-2")].status == FITS and found[("big", "needs-2")].fits


@pytest.mark.parametrize("vcpus,memory,field,error", [
    (1, "4Gi", "spec.instancetype",
     "insufficient CPU resources of 1 vCPU provided by instance type, preference requires 2 vCPU"),
    (2, "1Gi", "spec.instancetype",
     "insufficient Memory resources of 1Gi provided by instance type, preference requires 2Gi"),
])
def test_a_pair_that_does_not_meet_them_has_kubevirts_message(vcpus: int, memory: str, field: str,
                                                               error: str) -> None:
    found = by_pair(table_of(it("small", vcpus, memory), NEEDS_2))[("small", "needs-2")]
    assert (found.status, found.check, found.field, found.reason) == (NO, "preference-requirements", field, error)
    assert found.message == "failure checking preference requirements: " + error


def test_the_spread_check_comes_first() -> None:
    spread = pf("spread", {"cpu": {"preferredCPUTopology": "spread", "spreadOptions": {"ratio": 4}},
                           "requirements": {"cpu": {"guest": 8}}})
    found = by_pair(table_of(it("two", 2, "4Gi"), it("four", 4, "4Gi"), it("eight", 8, "4Gi"), spread))
    assert found[("two", "spread")].check == "spread-topology"  # and not the requirement it fails too
    assert found[("two", "spread")].field == "instancetype.spec.cpu.guest"
    assert found[("two", "spread")].reason.startswith("2 vCPUs provided by the instance type are not divisible by")
    assert found[("four", "spread")].check == "preference-requirements"
    assert found[("eight", "spread")].status == FITS


def test_the_architecture_is_the_preferred_one_else_the_clusters() -> None:
    arm = pf("arm", {"requirements": {"architecture": "arm64"}})
    arm_preferred = pf("arm-preferred", {"preferredArchitecture": "arm64", "requirements": {"architecture": "arm64"}})
    found = by_pair(table_of(it("a", 1, "1Gi"), arm, arm_preferred))
    assert (found[("a", "arm")].field, found[("a", "arm")].reason) == (
        "spec.template.spec.architecture", "preference requires architecture arm64 but amd64 is being requested")
    assert found[("a", "arm-preferred")].status == FITS
    assert by_pair(table_of(it("a", 1, "1Gi"), arm, architecture="arm64"))[("a", "arm")].status == FITS


def test_a_custom_size_leaves_what_the_preference_requires_to_the_vm() -> None:
    custom = obj("VirtualMachineClusterInstancetype", "cx.custom", {"cpu": {"dedicatedCPUPlacement": True}},
                 api_version=V1BETA2)
    half = obj("VirtualMachineClusterInstancetype", "half", {"memory": {"guest": "1Gi"}}, api_version=V1BETA2)
    found = by_pair(table_of(custom, half, NEEDS_2, pf("any", {})))
    assert (found[("cx.custom", "needs-2")].status, found[("cx.custom", "needs-2")].reason) == (
        VM, "the VM gives its vCPUs and memory: the preference requires at least 2 vCPUs and 2Gi")
    assert found[("cx.custom", "any")].status == FITS  # nothing required of the VM
    assert found[("half", "needs-2")].status == NO  # its own memory is too small
    assert found[("half", "needs-2")].reason == (
        "insufficient Memory resources of 1Gi provided by instance type, preference requires 2Gi")


def test_a_v1beta2_topology_counts_its_vcpus() -> None:
    shaped = obj("VirtualMachineClusterInstancetype", "shaped",
                 {"cpu": {"topology": {"sockets": 1, "cores": 2}}, "memory": {"guest": "2Gi"}}, api_version=V1BETA2)
    table = table_of(shaped, NEEDS_2)
    assert table.instancetypes[0].vcpus == 2 and table.verdicts[0].status == FITS


def test_sizes_come_smallest_first_and_what_the_vm_gives_last() -> None:
    custom = obj("VirtualMachineClusterInstancetype", "c", {"cpu": {"model": "host-model"}}, api_version=V1BETA2)
    table = table_of(it("b", 2, "2Gi"), custom, it("a", 2, "2Gi"), it("big", 1, "64Gi"), it("z", 1, "1Gi"), NEEDS_2)
    assert [d.label for d in table.instancetypes] == ["z", "big", "a", "b", "c"]


def test_the_bundle_wins_over_the_catalog_and_namespaced_ones_pair_within_their_namespace() -> None:
    mine = it("u1.medium", 8, "8Gi")
    lab = obj("VirtualMachineInstancetype", "lab-size", {"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}}, "lab")
    lab_pf = obj("VirtualMachinePreference", "lab-pf", {}, "lab")
    dev_pf = obj("VirtualMachinePreference", "dev-pf", {}, "dev")
    table = table_of(mine, lab, lab_pf, dev_pf, catalog="v1.7.0")
    origins = {d.label: d.origin for d in table.instancetypes}
    assert origins["u1.medium"] == "bundle" and origins["u1.small"] == "catalog v1.7.0"
    assert next(d for d in table.instancetypes if d.label == "u1.medium").vcpus == 8
    assert len(table.instancetypes) == 66 and len(table.preferences) == 56
    pairs = by_pair(table)
    assert ("lab/lab-size", "lab/lab-pf") in pairs and ("lab/lab-size", "dev/dev-pf") not in pairs
    assert ("u1.small", "dev/dev-pf") in pairs and ("lab/lab-size", "fedora") in pairs


def test_unserved_versions_are_not_stored() -> None:
    legacy = obj("VirtualMachineClusterInstancetype", "old", {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}},
                 api_version="instancetype.kubevirt.io/v1alpha1")
    assert definitions([legacy, NEEDS_2], None) == [Definition("VirtualMachineClusterPreference", "needs-2", "", {})]
    assert len(definitions([legacy, NEEDS_2], None, legacy="convert")) == 2


@pytest.mark.parametrize("spec,text", [
    ({}, "none"), ({"requirements": {}}, "none"),
    ({"requirements": {"cpu": {"guest": 1}, "memory": {"guest": "1.5Gi"}, "architecture": "amd64"}},
     "1 vCPU, 1536Mi, amd64"),
    ({"requirements": {"cpu": {"guest": 4}}}, "4 vCPUs"),
])
def test_requirements_text(spec: dict, text: str) -> None:
    assert requirements_text(Definition("VirtualMachineClusterPreference", "p", "", spec)) == text


def test_find_preference() -> None:
    namespaced = [obj("VirtualMachinePreference", name, {}, namespace)
                  for name, namespace in (("fedora", "lab"), ("mine", "lab"), ("mine", "b"), ("only", "lab"))]
    table = table_of(it("a", 1, "1Gi"), pf("fedora", {}), *namespaced)
    found = {wanted: find_preference(table, wanted) for wanted in (
        "fedora", "lab/fedora", "virtualmachinepreference/fedora", "VirtualMachineClusterPreference/fedora", "only",
        "lab/mine")}
    assert {wanted: (d.kind, d.label) for wanted, d in found.items() if isinstance(d, Definition)} == {
        "fedora": ("VirtualMachineClusterPreference", "fedora"),
        "lab/fedora": ("VirtualMachinePreference", "lab/fedora"),
        "virtualmachinepreference/fedora": ("VirtualMachinePreference", "lab/fedora"),
        "VirtualMachineClusterPreference/fedora": ("VirtualMachineClusterPreference", "fedora"),
        "only": ("VirtualMachinePreference", "lab/only"),
        "lab/mine": ("VirtualMachinePreference", "lab/mine")}
    assert find_preference(table, "mine") == ('"mine" names a preference in several namespaces (b/mine, lab/mine): '
                                              "write namespace/name")
    assert find_preference(table, "fedra") == 'no preference "fedra" in test; did you mean fedora?'
    assert find_preference(table, "virtualmachineinstancetype/a") == (
        '"virtualmachineinstancetype/a" names a VirtualMachineInstancetype, not a preference')


def test_the_verdict_does_not_change_the_definitions() -> None:
    preference = Definition("VirtualMachineClusterPreference", "p", "", {"preferredArchitecture": "arm64"})
    instancetype = Definition("VirtualMachineClusterInstancetype", "i", "", {"cpu": {"guest": 1}})
    assert verdict(instancetype, preference, "amd64").status == FITS
    assert preference.spec == {"preferredArchitecture": "arm64"} and instancetype.spec == {"cpu": {"guest": 1}}

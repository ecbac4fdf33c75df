"""The embedded catalog without ../shared: counts, derivations
(docs/common-instancetypes.md#instance-type-labels-and-annotations, #preference-labels-and-annotations), exact
objects, lookups and the ``krmfn catalog`` listing."""
from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest

from krmfn import catalog
from krmfn.catalog.build import deep_merge

P = "instancetype.kubevirt.io/"
CLUSTER_IT = "VirtualMachineClusterInstancetype"
NAMESPACED_IT = "VirtualMachineInstancetype"
CLUSTER_PREF = "VirtualMachineClusterPreference"
NAMESPACED_PREF = "VirtualMachinePreference"


def test_versions() -> None:
    assert catalog.CATALOG_VERSIONS == ("v1.5.1", "v1.6.0", "v1.7.0")
    assert catalog.DEFAULT_VERSION == "v1.7.0"
    assert tuple(catalog._definitions()) == catalog.CATALOG_VERSIONS  # the literal matches the modules


def test_importing_the_package_loads_no_catalog() -> None:
    """The definitions and their model load when the catalog is first consulted."""
    code = ("import sys, krmfn.catalog, krmfn.kubevirt.bundle; "
            "print(sorted(m for m in sys.modules if m.startswith('krmfn.catalog.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['krmfn.catalog.stored']"  # the reader of the stored build: json and os
    assert catalog.definition().version == "v1.7.0"
    assert [catalog.definition(v).version for v in catalog.CATALOG_VERSIONS] == list(catalog.CATALOG_VERSIONS)


def test_older_releases_lack_what_came_later() -> None:
    """v1.6.0: no architecture components, no preferredVideoType; v1.5.1: no d1, no requirement labels."""
    fedora = {v: catalog.lookup(CLUSTER_PREF, "fedora", v) for v in catalog.CATALOG_VERSIONS}
    assert fedora["v1.7.0"]["spec"]["requirements"] == {"architecture": "amd64", "cpu": {"guest": 1},
                                                        "memory": {"guest": "2Gi"}}
    assert fedora["v1.6.0"]["spec"]["requirements"] == {"cpu": {"guest": 1}, "memory": {"guest": "2Gi"}}
    assert "preferredArchitecture" not in fedora["v1.6.0"]["spec"]
    assert fedora["v1.6.0"]["metadata"]["labels"][P + "required-cpu"] == "1"
    assert P + "required-cpu" not in fedora["v1.5.1"]["metadata"]["labels"]
    assert fedora["v1.5.1"]["spec"] == fedora["v1.6.0"]["spec"]
    windows = {v: catalog.lookup(CLUSTER_PREF, "windows.11.virtio", v) for v in catalog.CATALOG_VERSIONS}
    assert windows["v1.7.0"]["spec"]["devices"]["preferredVideoType"] == "virtio"
    assert "preferredVideoType" not in windows["v1.6.0"]["spec"]["devices"]
    assert catalog.lookup(CLUSTER_IT, "d1.large", "v1.6.0") is not None
    assert catalog.lookup(CLUSTER_IT, "d1.large", "v1.5.1") is None
    assert [len(catalog.instancetypes(v)) for v in catalog.CATALOG_VERSIONS] == [55, 65, 65]


@pytest.mark.parametrize("version", ["v1.5.1", "v1.6.0", "v1.7.0"])
@pytest.mark.parametrize("kind", [CLUSTER_IT, NAMESPACED_IT, CLUSTER_PREF, NAMESPACED_PREF])
def test_every_object_carries_its_release_label_last(version: str, kind: str) -> None:
    """docs/common-instancetypes.md#release-version-label: every object of a release bundle, and so
    every object virt-operator deploys (KubeVirt v1.7.4's bundles say v1.5.1, v1.8.4's v1.6.0,
    v1.9.0's and d923fdb8's v1.7.0), ends its labels with ``common-instancetypes-version: <release>``."""
    objects = (catalog.instancetypes if kind in (CLUSTER_IT, NAMESPACED_IT) else catalog.preferences)(version, kind)
    assert objects and {obj["metadata"]["labels"][P + "common-instancetypes-version"] for obj in objects} == {version}
    assert {list(obj["metadata"]["labels"])[-1] for obj in objects} == {P + "common-instancetypes-version"}


def test_unknown_version_is_a_value_error_naming_the_embedded_ones() -> None:
    with pytest.raises(catalog.UnknownCatalogVersion,
                       match=r'unknown catalog version "v9"; embedded: v1.5.1, v1.6.0, v1.7.0'):
        catalog.instancetypes("v9")
    with pytest.raises(ValueError):
        catalog.lookup(CLUSTER_IT, "u1.medium", "v9")


def test_wrong_kind_for_the_list_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not an instance type kind"):
        catalog.instancetypes("v1.7.0", CLUSTER_PREF)
    with pytest.raises(ValueError, match="not a preference kind"):
        catalog.preferences("v1.7.0", CLUSTER_IT)


def test_counts_per_kind_and_class() -> None:
    for kind in (CLUSTER_IT, NAMESPACED_IT):
        objects = catalog.instancetypes("v1.7.0", kind)
        assert len(objects) == 65
        assert Counter(obj["metadata"]["name"].split(".")[0] for obj in objects) == {
            "cx1": 12, "d1": 10, "m1": 10, "n1": 6, "o1": 9, "rt1": 8, "u1": 10}
    assert len(catalog.preferences("v1.7.0", CLUSTER_PREF)) == 54
    assert len(catalog.preferences("v1.7.0", NAMESPACED_PREF)) == 54


def test_sorted_by_name_and_kinds_differ_only_in_kind() -> None:
    cluster = catalog.instancetypes()
    namespaced = catalog.instancetypes(kind=NAMESPACED_IT)
    names = [obj["metadata"]["name"] for obj in cluster]
    assert names == sorted(names)
    assert [{**obj, "kind": CLUSTER_IT} for obj in namespaced] == cluster
    prefs = catalog.preferences()
    assert [{**obj, "kind": CLUSTER_PREF} for obj in catalog.preferences(kind=NAMESPACED_PREF)] == prefs
    assert all("namespace" not in obj["metadata"] for obj in cluster + prefs)


def test_instancetype_labels_follow_the_spec_like_upstreams_unit_test() -> None:
    """docs/common-instancetypes.md#instance-type-labels-and-annotations: the derivations upstream's
    tests/unittests/instancetype_test.go enforces."""
    for obj in catalog.instancetypes():
        labels, spec, name = obj["metadata"]["labels"], obj["spec"], obj["metadata"]["name"]
        cpu, memory = spec["cpu"], spec["memory"]
        assert labels[P + "cpu"] == str(cpu["guest"])
        assert labels[P + "memory"] == memory["guest"]
        assert labels[P + "size"] == name.split(".", 1)[1]
        assert labels[P + "vendor"] == "kubevirt.io"
        assert labels.get(P + "hugepages") == memory.get("hugepages", {}).get("pageSize")
        for field in ("dedicatedCPUPlacement", "isolateEmulatorThread"):
            assert (labels.get(P + field) == "true") == bool(cpu.get(field)), name
        assert (labels.get(P + "numa") == "true") == ("numa" in cpu)
        assert (labels.get(P + "realtime") == "true") == ("realtime" in cpu)
        assert ("maxSockets" in cpu) == name.startswith("cx1.")
        assert cpu.get("maxSockets", cpu["guest"]) == cpu["guest"]
        assert set(obj["metadata"]["annotations"]) == {P + "description", P + "displayName"}


def test_exact_u1_medium() -> None:
    u1 = catalog.lookup(CLUSTER_IT, "u1.medium")
    assert u1 is not None
    description = u1["metadata"]["annotations"].pop(P + "description")
    assert description.startswith("The U Series is quite neutral") and description.endswith("with other VMs.")
    assert u1 == {
        "apiVersion": "instancetype.kubevirt.io/v1beta1",
        "kind": CLUSTER_IT,
        "metadata": {
            "annotations": {P + "displayName": "General Purpose"},
            "labels": {P + "class": "general.purpose", P + "cpu": "1", P + "icon-pf": "pficon-server-group",
                       P + "memory": "4Gi", P + "size": "medium", P + "vendor": "kubevirt.io", P + "version": "1",
                       P + "common-instancetypes-version": "v1.7.0"},
            "name": "u1.medium",
        },
        "spec": {"cpu": {"guest": 1}, "memory": {"guest": "4Gi"}},
    }


def test_exact_cx1_4xlarge1gi_spec_and_labels() -> None:
    cx1 = catalog.lookup(NAMESPACED_IT, "cx1.4xlarge1gi")
    assert cx1 is not None and cx1["kind"] == NAMESPACED_IT
    assert cx1["spec"] == {
        "cpu": {"dedicatedCPUPlacement": True, "guest": 16, "isolateEmulatorThread": True, "maxSockets": 16,
                "numa": {"guestMappingPassthrough": {}}},
        "ioThreadsPolicy": "auto",
        "memory": {"guest": "32Gi", "hugepages": {"pageSize": "1Gi"}},
    }
    assert cx1["metadata"]["labels"] == {
        P + "class": "compute.exclusive", P + "cpu": "16", P + "dedicatedCPUPlacement": "true",
        P + "hugepages": "1Gi", P + "icon-pf": "pficon-registry", P + "isolateEmulatorThread": "true",
        P + "memory": "32Gi", P + "numa": "true", P + "size": "4xlarge1gi", P + "vendor": "kubevirt.io",
        P + "version": "1", P + "common-instancetypes-version": "v1.7.0"}


@pytest.mark.parametrize("name,spec", [
    ("o1.nano", {"cpu": {"guest": 1}, "memory": {"guest": "512Mi", "overcommitPercent": 50}}),
    ("m1.large", {"cpu": {"guest": 2}, "memory": {"guest": "16Gi", "hugepages": {"pageSize": "2Mi"}}}),
    ("n1.medium", {"annotations": {"cpu-load-balancing.crio.io": "disable", "cpu-quota.crio.io": "disable",
                                   "irq-load-balancing.crio.io": "disable"},
                   "cpu": {"dedicatedCPUPlacement": True, "guest": 4, "isolateEmulatorThread": True},
                   "memory": {"guest": "4Gi", "hugepages": {"pageSize": "1Gi"}}}),
    ("rt1.micro", {"annotations": {"cpu-load-balancing.crio.io": "disable", "cpu-quota.crio.io": "disable",
                                   "irq-load-balancing.crio.io": "disable"},
                   "cpu": {"dedicatedCPUPlacement": True, "guest": 1, "isolateEmulatorThread": True,
                           "numa": {"guestMappingPassthrough": {}}, "realtime": {}},
                   "memory": {"guest": "1Gi", "hugepages": {"pageSize": "1Gi"}}}),
    ("d1.2xmedium", {"cpu": {"dedicatedCPUPlacement": True, "guest": 2, "isolateEmulatorThread": True},
                     "ioThreadsPolicy": "auto", "memory": {"guest": "4Gi"}}),
])
def test_class_specs(name: str, spec: dict) -> None:
    obj = catalog.lookup(CLUSTER_IT, name)
    assert obj is not None and obj["spec"] == spec


def test_preference_labels_follow_the_spec() -> None:
    """docs/common-instancetypes.md#preference-labels-and-annotations: os-type mirrors vm.kubevirt.io/os, required-*
    mirror the requirements."""
    for obj in catalog.preferences():
        labels, spec = obj["metadata"]["labels"], obj["spec"]
        requirements = spec.get("requirements", {})
        assert labels[P + "vendor"] == "kubevirt.io"
        assert labels[P + "os-type"] == spec["annotations"]["vm.kubevirt.io/os"]
        assert labels.get(P + "required-cpu") == (str(requirements["cpu"]["guest"]) if "cpu" in requirements else None)
        assert labels.get(P + "required-memory") == requirements.get("memory", {}).get("guest")
        assert labels.get(P + "preferred-architecture") == spec.get("preferredArchitecture")
        assert labels.get(P + "required-architecture") == requirements.get("architecture")
        assert obj["metadata"]["annotations"]["tags"].startswith("hidden,kubevirt,")


def test_preference_base_url_quirk() -> None:
    """docs/common-instancetypes.md#preference-layers: the URL annotations keep their literal quotes and trailing
    newline."""
    annotations = catalog.lookup(CLUSTER_PREF, "fedora")["metadata"]["annotations"]
    assert annotations["openshift.io/documentation-url"] == '"https://github.com/kubevirt/common-instancetypes"\n'
    assert annotations["openshift.io/support-url"] == '"https://github.com/kubevirt/common-instancetypes/issues"\n'


def test_exact_windows_11_virtio_spec() -> None:
    """Windows base, then efi-persisted, tpm, secureboot (wins over efi), then the virtio overrides."""
    obj = catalog.lookup(CLUSTER_PREF, "windows.11.virtio")
    hyperv = {"frequencies": {}, "ipi": {}, "reenlightenment": {}, "relaxed": {}, "reset": {}, "runtime": {},
              "spinlocks": {"spinlocks": 8191}, "synic": {}, "synictimer": {"direct": {}}, "tlbflush": {},
              "vapic": {}, "vpindex": {}}
    assert obj["spec"] == {
        "annotations": {"vm.kubevirt.io/os": "windows"},
        "clock": {"preferredClockOffset": {"utc": {}},
                  "preferredTimer": {"hpet": {"present": False}, "hyperv": {}, "pit": {"tickPolicy": "delay"},
                                     "rtc": {"tickPolicy": "catchup"}}},
        "cpu": {"preferredCPUTopology": "sockets"},
        "devices": {"preferredAutoattachInputDevice": True, "preferredDiskBus": "virtio", "preferredInputBus": "virtio",
                    "preferredInputType": "tablet", "preferredInterfaceModel": "virtio",
                    "preferredTPM": {"persistent": True}, "preferredVideoType": "virtio"},
        "features": {"preferredAcpi": {}, "preferredApic": {}, "preferredHyperv": hyperv, "preferredSmm": {}},
        "firmware": {"preferredEfi": {"persistent": True, "secureBoot": True}},
        "preferredTerminationGracePeriodSeconds": 3600,
        "requirements": {"cpu": {"guest": 2}, "memory": {"guest": "4Gi"}},
    }
    assert obj["metadata"]["annotations"]["openshift.io/display-name"] == "Microsoft Windows 11 (virtio)"


def test_exact_rhel_9_realtime_and_legacy() -> None:
    realtime = catalog.lookup(CLUSTER_PREF, "rhel.9.realtime")
    assert realtime["metadata"]["labels"] == {
        P + "arch": "amd64", P + "os-type": "linux", P + "preferred-architecture": "amd64",
        P + "required-architecture": "amd64", P + "required-cpu": "4", P + "required-memory": "4Gi",
        P + "vendor": "kubevirt.io", P + "common-instancetypes-version": "v1.7.0"}
    assert realtime["spec"]["cpu"] == {"preferredCPUTopology": "spread",
                                       "spreadOptions": {"across": "SocketsCoresThreads"}}
    assert realtime["spec"]["devices"]["preferredAutoattachSerialConsole"] is True
    legacy = catalog.lookup(CLUSTER_PREF, "legacy")
    assert legacy["spec"] == {"annotations": {"vm.kubevirt.io/os": "legacy"},
                              "devices": {"preferredDiskBus": "sata", "preferredInterfaceModel": "e1000"}}
    assert legacy["metadata"]["labels"] == {P + "os-type": "legacy", P + "vendor": "kubevirt.io",
                                            P + "common-instancetypes-version": "v1.7.0"}


def test_v1_7_0_has_no_secex_and_windows_10_keeps_sockets() -> None:
    """docs/common-instancetypes.md#preference-table notes ¹ and ²: what HEAD has and v1.7.0 does not."""
    assert catalog.lookup(CLUSTER_PREF, "rhel.9.s390x.secex") is None
    assert catalog.lookup(CLUSTER_PREF, "windows.10")["spec"]["cpu"] == {"preferredCPUTopology": "sockets"}


@pytest.mark.parametrize("kind", [CLUSTER_IT, "virtualmachineclusterinstancetype", "VIRTUALMACHINECLUSTERINSTANCETYPE"])
def test_lookup_kind_is_case_insensitive(kind: str) -> None:
    assert catalog.lookup(kind, "n1.large")["kind"] == CLUSTER_IT


def test_lookup_misses() -> None:
    assert catalog.lookup(CLUSTER_IT, "u1.custom") is None
    assert catalog.lookup(CLUSTER_IT, "fedora") is None
    assert catalog.lookup(CLUSTER_PREF, "u1.medium") is None
    assert catalog.lookup("VirtualMachine", "u1.medium") is None
    assert catalog.lookup("", "u1.medium") is None


def test_results_are_fresh_copies() -> None:
    first = catalog.lookup(CLUSTER_IT, "cx1.medium")
    first["spec"]["cpu"]["guest"] = 99
    first["metadata"]["labels"].clear()
    catalog.instancetypes()[0]["spec"].clear()
    again = catalog.lookup(CLUSTER_IT, "cx1.medium")
    assert again["spec"]["cpu"]["guest"] == 1 and again["metadata"]["labels"]
    assert catalog.instancetypes()[0]["spec"]


def test_classes() -> None:
    cx1 = catalog.instancetype_class("cx1")
    assert cx1 is not None and cx1.display_name == "Compute Exclusive" and cx1.max_sockets_follows_guest
    assert catalog.class_of("cx1.mysize") is cx1
    assert catalog.class_of("cx1") is None
    assert catalog.class_of("gn1.xlarge") is None
    assert catalog.instancetype_class("cx") is None
    assert [cls.name for cls in catalog.definition().classes] == ["u1", "o1", "cx1", "m1", "n1", "rt1", "d1"]


def test_table_rows() -> None:
    rows = catalog.table("v1.7.0")
    assert len(rows) == 65
    assert [row["name"] for row in rows[:3]] == ["u1.nano", "u1.micro", "u1.small"]
    by_name = {row["name"]: row for row in rows}
    assert by_name["cx1.medium1gi"] == {
        "name": "cx1.medium1gi", "class": "cx1", "classLabel": "compute.exclusive",
        "displayName": "Compute Exclusive", "vcpus": 1, "memory": "2Gi",
        "features": ["dedicated CPUs", "isolated emulator thread", "NUMA", "maxSockets 1", "hugepages 1Gi",
                     "IO threads auto"]}
    assert by_name["u1.medium"]["features"] == []
    assert by_name["o1.large"]["features"] == ["memory overcommit 50%"]
    assert by_name["rt1.small"]["features"] == [
        "dedicated CPUs", "isolated emulator thread", "NUMA", "realtime", "hugepages 1Gi", "VMI annotations"]
    assert [row["class"] for row in rows].index("d1") == 65 - 10
    assert rows[[row["name"] for row in rows].index("cx1.medium") + 1]["name"] == "cx1.medium1gi"


def test_features_of_any_spec() -> None:
    spec = {"gpus": [{"name": "gpu1", "deviceName": "nvidia.com/A400"}], "hostDevices": "junk", "cpu": "junk"}
    assert catalog.instancetype_features(spec) == ["GPU nvidia.com/A400"]


def test_preference_table_rows() -> None:
    rows = catalog.preference_table()
    assert len(rows) == 54
    by_name = {row["name"]: row for row in rows}
    assert by_name["windows.11"] == {
        "name": "windows.11", "displayName": "Microsoft Windows 11", "osType": "windows", "arch": None,
        "vcpus": 2, "memory": "4Gi",
        "features": ["disk sata", "NIC e1000e", "topology sockets", "secure boot", "persistent EFI", "TPM",
                     "Hyper-V"]}
    assert by_name["legacy"]["vcpus"] is None
    assert by_name["rhel.9.arm64"]["arch"] == "arm64"


def test_deep_merge_later_wins_and_inputs_untouched() -> None:
    base = {"a": {"b": 1, "c": {"d": 2}}, "e": [1]}
    patch = {"a": {"c": {"d": 3}, "f": {}}, "e": [2]}
    assert deep_merge(base, patch) == {"a": {"b": 1, "c": {"d": 3}, "f": {}}, "e": [2]}
    assert base == {"a": {"b": 1, "c": {"d": 2}}, "e": [1]}

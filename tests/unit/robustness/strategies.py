"""Hypothesis strategies for the robustness tests and the fuzz run: realistic KubeVirt bundles,
random perturbations of them, and ResourceList texts in several YAML styles.

Every generated item carries a unique `fuzz.krmfn.dev/id` annotation, so that a test can check
that each input item comes out exactly once.
"""
from __future__ import annotations

import copy
import json
import math
from typing import Any

import yaml
from hypothesis import strategies as st

from krmfn.kio.emit import dump

ID_ANNOTATION = "fuzz.krmfn.dev/id"
# What the robustness tests ran, printed in pytest's terminal summary (conftest.py).
REPORT: dict[str, int] = {}
IT_API = "instancetype.kubevirt.io/v1beta1"
IT_KINDS = ["VirtualMachineClusterInstancetype", "VirtualMachineInstancetype"]
PREF_KINDS = ["VirtualMachineClusterPreference", "VirtualMachinePreference"]
IT_NAMES = ["u1.small", "u1.medium", "cx1.large", "it-a", "it-b"]
PREF_NAMES = ["fedora", "rhel.9", "windows.11", "pref-a", "pref-b"]
NAMESPACES = [None, "default", "lab"]
MEMORY = ["512Mi", "1Gi", "2Gi", "4Gi", "1536Mi", "4G", "8Gi", "1.5Gi"]
BUSES = ["virtio", "sata", "scsi", "usb"]
TOPOLOGIES = ["sockets", "cores", "threads", "spread", "any", "preferSockets", "preferCores",
              "preferThreads", "preferSpread", "preferAny"]

# Values that do not belong where they are put: the wrong-type table of the issue and more.
WEIRD = [
    "four", -1, 0, 2**70, 12, "1.5.3Gi", [1], {"a": 1}, None, True, False, 1.5, "", "x" * 300,
    [], {}, "~", "yes", "0x1F", "1e3", "2001-12-14", "a: b", "- x", "\t", "é✓", "null", -(2**63), 2**64,
    [None], [{"name": None}], {"": ""}, "\u2028", "${VAR}",
]


def _metadata(draw: Any, name: str, namespaced: bool) -> dict:
    metadata: dict[str, Any] = {"name": name}
    namespace = draw(st.sampled_from(NAMESPACES))
    if namespaced and namespace:
        metadata["namespace"] = namespace
    if draw(st.booleans()):
        metadata["labels"] = {"app": draw(st.sampled_from(["web", "db", "1.10", "yes"]))}
    if draw(st.booleans()):
        metadata["annotations"] = {"config.kubernetes.io/path": f"pkg/{name}.yaml",
                                   "config.kubernetes.io/index": str(draw(st.integers(0, 3)))}
    return metadata


@st.composite
def instancetypes(draw: Any) -> dict:
    kind = draw(st.sampled_from(IT_KINDS))
    spec: dict[str, Any] = {"cpu": {"guest": draw(st.integers(1, 16))},
                            "memory": {"guest": draw(st.sampled_from(MEMORY))}}
    if draw(st.booleans()):
        spec["cpu"]["dedicatedCPUPlacement"] = draw(st.booleans())
    if draw(st.integers(0, 4)) == 0:
        spec["cpu"]["isolateEmulatorThread"] = True
    if draw(st.integers(0, 4)) == 0:
        spec["memory"]["hugepages"] = {"pageSize": draw(st.sampled_from(["2Mi", "1Gi"]))}
    if draw(st.integers(0, 4)) == 0:
        spec["memory"]["overcommitPercent"] = draw(st.integers(0, 100))
    if draw(st.integers(0, 4)) == 0:
        spec["ioThreadsPolicy"] = draw(st.sampled_from(["shared", "auto", "supplementalPool"]))
    if draw(st.integers(0, 4)) == 0:
        spec["nodeSelector"] = {"node-role": draw(st.sampled_from(["worker", "gpu"]))}
    if draw(st.integers(0, 5)) == 0:
        spec["annotations"] = {"a": "b"}
    name = draw(st.sampled_from(IT_NAMES))
    return {"apiVersion": IT_API, "kind": kind,
            "metadata": _metadata(draw, name, kind == "VirtualMachineInstancetype"), "spec": spec}


@st.composite
def preferences(draw: Any) -> dict:
    kind = draw(st.sampled_from(PREF_KINDS))
    spec: dict[str, Any] = {}
    if draw(st.booleans()):
        spec["devices"] = {"preferredDiskBus": draw(st.sampled_from(BUSES)),
                           "preferredInterfaceModel": draw(st.sampled_from(["virtio", "e1000e"]))}
        if draw(st.booleans()):
            spec["devices"]["preferredRng"] = {}
    if draw(st.booleans()):
        spec["cpu"] = {"preferredCPUTopology": draw(st.sampled_from(TOPOLOGIES))}
        if draw(st.integers(0, 3)) == 0:
            spec["cpu"]["spreadOptions"] = {"across": draw(st.sampled_from(["SocketsCores", "CoresThreads"])),
                                            "ratio": draw(st.integers(0, 4))}
    if draw(st.booleans()):
        spec["firmware"] = {"preferredEfi": {"secureBoot": draw(st.booleans())}}
    if draw(st.booleans()):
        spec["features"] = {"preferredSmm": {}}
    if draw(st.booleans()):
        spec["requirements"] = {"cpu": {"guest": draw(st.integers(1, 8))},
                                "memory": {"guest": draw(st.sampled_from(MEMORY))}}
    if draw(st.integers(0, 3)) == 0:
        spec["machine"] = {"preferredMachineType": draw(st.sampled_from(["q35", "pc-q35-rhel9.4.0"]))}
    if draw(st.integers(0, 3)) == 0:
        spec["preferredTerminationGracePeriodSeconds"] = draw(st.integers(0, 600))
    name = draw(st.sampled_from(PREF_NAMES))
    return {"apiVersion": IT_API, "kind": kind,
            "metadata": _metadata(draw, name, kind == "VirtualMachinePreference"), "spec": spec}


def _matcher(draw: Any, names: list[str], kinds: list[str]) -> dict:
    matcher: dict[str, Any] = {"name": draw(st.sampled_from(names))}
    if draw(st.booleans()):
        matcher["kind"] = draw(st.sampled_from(kinds + [k.lower() for k in kinds]))
    return matcher


# Fields KubeVirt's general VM checks read (``vmi_create_admitter``), valid and not, set on
# the template spec of some VMs; ``perturbed`` then puts wrong types into them too.
VM_EXTRAS: list[tuple[str, Any]] = [
    ("hostname", "web-1"), ("hostname", "Web_1"), ("subdomain", "a.b"), ("dnsPolicy", "None"),
    ("dnsConfig", {"nameservers": ["1.1.1.1"], "searches": ["lab.local"]}),
    ("evictionStrategy", "LiveMigrate"), ("startStrategy", "Paused"), ("priorityClassName", "high"),
    ("domain.cpu", {"cores": 2, "dedicatedCpuPlacement": True, "isolateEmulatorThread": True}),
    ("domain.cpu", {"sockets": 4, "maxSockets": 2, "realtime": {}, "numa": {"guestMappingPassthrough": {}}}),
    ("domain.cpu.features", [{"name": "vmx", "policy": "require"}, {"name": "x", "policy": "bogus"}]),
    ("domain.memory", {"guest": "1Gi", "maxGuest": "512Mi", "hugepages": {"pageSize": "2Mi"}}),
    ("domain.resources", {"requests": {"memory": "1Gi", "cpu": "2"}, "limits": {"memory": "512Mi", "cpu": "1"}}),
    ("domain.machine", {"type": "pc-i440fx-9.0"}), ("domain.ioThreadsPolicy", "supplementalPool"),
    ("domain.firmware", {"bootloader": {"efi": {"secureBoot": True}, "bios": {}}, "acpi": {"slicNameRef": "x"}}),
    ("domain.features", {"smm": {"enabled": False}}),
    ("domain.launchSecurity", {"sev": {}, "snp": {}}),
    ("domain.devices.interfaces", [{"name": "default", "bridge": {}, "masquerade": {}, "macAddress": "zz"},
                                   {"name": "nic", "sriov": {}, "ports": [{"port": 0}]}]),
    ("domain.devices.gpus", [{"name": "gpu", "deviceName": "nvidia.com/GA"}]),
    ("domain.devices.hostDevices", [{"name": "hd", "deviceName": "x/y"}]),
    ("domain.devices.inputs", [{"name": "tablet", "type": "mouse", "bus": "ps2"}]),
    ("domain.devices.sound", {"model": "sb16"}), ("domain.devices.panicDevices", [{"model": "bogus"}]),
    ("domain.devices.filesystems", [{"name": "fs", "virtiofs": {}}]), ("domain.devices.video", {"type": "qxl"}),
    ("domain.devices.downwardMetrics", {}), ("domain.devices.autoattachVSOCK", True),
    ("networks", [{"name": "default", "pod": {}}, {"name": "default", "multus": {"networkName": "x"}}]),
    ("volumes", [{"name": "v", "hostDisk": {"path": "/d", "type": "Disk"}}, {"name": "v", "downwardMetrics": {}},
                 {"name": "ci", "cloudInitNoCloud": {"userDataBase64": "%%%"}}]),
    ("accessCredentials", [{"sshPublicKey": {"source": {"secret": {"secretName": "k"}},
                                             "propagationMethod": {"qemuGuestAgent": {}}}}]),
    ("readinessProbe", {"httpGet": {"port": 80}, "tcpSocket": {"port": 80}}),
    ("affinity", {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "k", "operator": "Bogus"}]}]}}}),
    ("topologySpreadConstraints", [{"maxSkew": 0, "topologyKey": "", "whenUnsatisfiable": "Maybe"}]),
]


def _set(holder: dict, path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for key in parents:
        nested = holder.get(key)
        if not isinstance(nested, dict):
            nested = holder[key] = {}
        holder = nested
    holder[last] = value


@st.composite
def vms(draw: Any, max_disks: int = 4) -> dict:
    name = draw(st.sampled_from(["vm-a", "vm-b", "vm-c", "web", "db"]))
    n_disks = draw(st.integers(0, max_disks))
    disks, volumes = [], []
    for i in range(n_disks):
        disk: dict[str, Any] = {"name": f"disk{i}"}
        shape = draw(st.integers(0, 3))
        if shape == 1:
            disk["disk"] = {"bus": draw(st.sampled_from(BUSES))}
        elif shape == 2:
            disk["cdrom"] = {"bus": "sata"}
        elif shape == 3:
            disk["disk"] = {}
        disks.append(disk)
        volumes.append({"name": f"disk{i}", "containerDisk": {"image": f"quay.io/containerdisks/fedora:{40 + i}"}})
    devices: dict[str, Any] = {}
    if disks or draw(st.booleans()):
        devices["disks"] = disks
    if draw(st.booleans()):
        devices["interfaces"] = [{"name": "default", "masquerade": {}}]
    template_spec: dict[str, Any] = {"domain": {"devices": devices}}
    if volumes:
        template_spec["volumes"] = volumes
    if devices.get("interfaces"):
        template_spec["networks"] = [{"name": "default", "pod": {}}]
    if draw(st.integers(0, 4)) == 0:
        template_spec["domain"]["cpu"] = {"cores": draw(st.integers(1, 4))}
    if draw(st.integers(0, 4)) == 0:
        template_spec["domain"]["memory"] = {"guest": draw(st.sampled_from(MEMORY))}
    for path, value in draw(st.lists(st.sampled_from(VM_EXTRAS), max_size=4)):
        _set(template_spec, path, copy.deepcopy(value))
    spec: dict[str, Any] = {"runStrategy": draw(st.sampled_from(["Always", "Halted"])),
                            "template": {"spec": template_spec}}
    if draw(st.integers(0, 4)):
        spec["instancetype"] = _matcher(draw, IT_NAMES, IT_KINDS)
    if draw(st.integers(0, 3)):
        spec["preference"] = _matcher(draw, PREF_NAMES, PREF_KINDS)
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": _metadata(draw, name, True),
            "spec": spec}


OTHERS = [
    {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "cm"}, "data": {"a": "1", "b": "yes"}},
    {"apiVersion": "kustomize.config.k8s.io/v1beta1", "kind": "Kustomization", "resources": ["vm.yaml"]},
    {"apiVersion": "kpt.dev/v1", "kind": "Kptfile", "metadata": {"name": "pkg"}},
    {"apiVersion": "example.com/v9", "kind": "Unknown", "metadata": {"name": "x"}, "spec": {"n": 0o755}},
    {"kind": "NoMetadata"},
    {"apiVersion": "instancetype.kubevirt.io/v1alpha1", "kind": "VirtualMachineClusterInstancetype",
     "metadata": {"name": "u1.small"}, "spec": {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}}},
]


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out.extend(_paths(item, (*prefix, index)))
    return out


@st.composite
def perturbed(draw: Any, item: dict) -> dict:
    """The item with one value replaced by a wrong one, or a key removed (never metadata.annotations,
    which carries the item's id)."""
    item = copy.deepcopy(item)
    paths = [p for p in _paths(item) if p and p[:2] != ("metadata", "annotations")]
    if not paths:
        return item
    path = draw(st.sampled_from(paths))
    parent = item
    for step in path[:-1]:
        parent = parent[step]
    if isinstance(parent, dict) and draw(st.integers(0, 3)) == 0:
        del parent[path[-1]]
    else:
        parent[path[-1]] = copy.deepcopy(draw(st.sampled_from(WEIRD)))
    return item


@st.composite
def bundles(draw: Any, perturb: bool = True, max_items: int = 8) -> list[dict]:
    """A list of items: instance types, preferences, VMs, other kinds; some perturbed or repeated."""
    kinds = st.one_of(instancetypes(), preferences(), vms(), vms(), st.sampled_from(OTHERS).map(copy.deepcopy))
    items = draw(st.lists(kinds, min_size=0, max_size=max_items))
    if perturb and items:
        for _ in range(draw(st.integers(0, 2))):
            index = draw(st.integers(0, len(items) - 1))
            items[index] = draw(perturbed(items[index]))
    if items and draw(st.integers(0, 5)) == 0:
        items.append(copy.deepcopy(draw(st.sampled_from(items))))  # the same object twice
    for index, item in enumerate(items):
        metadata = item.setdefault("metadata", {}) if isinstance(item.get("metadata", {}), dict) else None
        if metadata is not None:
            annotations = metadata.setdefault("annotations", {})
            if isinstance(annotations, dict):
                annotations[ID_ANNOTATION] = str(index)
    return items


def item_id(item: Any) -> str | None:
    metadata = item.get("metadata") if isinstance(item, dict) else None
    annotations = metadata.get("annotations") if isinstance(metadata, dict) else None
    return annotations.get(ID_ANNOTATION) if isinstance(annotations, dict) else None


# --- generate's requests ----------------------------------------------------------------------

# What a size copies: mostly the catalog's instance types, classes and preferences and the
# bundle's names (IT_NAMES, PREF_NAMES); sometimes a kind prefix, or a name of nothing.
GENERATE_FROM = ["u1.medium", "u1.small", "cx1.large", "n1.large", "rt1.small", "m1.large", "cx1", "o1", "it-a",
                 "fedora", "windows.11", "pref-a"]
GENERATE_FROM_ODD = ["u1", "virtualmachinepreference/pref-b", "VirtualMachineClusterInstancetype/u1.medium",
                     "nope/x", "u1.hugemongous", ""]
GENERATE_NAMES = ["custom.a", "custom.b", "custom.c", "mine", "mine.large"]
GENERATE_NAMES_ODD = ["u1.medium", "fedora", "Bad_Name", ""]
# Dotted `set` paths and JSON Patch pointers on the copy's spec: mostly fields of an instance type
# or a preference with values KubeVirt admits; sometimes unknown ones, wrong shapes (a scalar on
# the way, a list index), the guests generate sizes, values the schema or a webhook rejects.
INSTANCETYPE_PATHS = ["cpu.model", "cpu.dedicatedCPUPlacement", "memory.overcommitPercent", "ioThreadsPolicy",
                      "nodeSelector.zone", "annotations.a"]
PREFERENCE_PATHS = ["devices.preferredDiskBus", "cpu.preferredCPUTopology", "annotations.a",
                    "preferredTerminationGracePeriodSeconds", "clock.preferredTimer.hpet.present"]
SPEC_PATHS = INSTANCETYPE_PATHS + PREFERENCE_PATHS
SPEC_PATHS_ODD = ["cpu.guest", "cpu.maxSockets", "memory.guest", "memory.hugepages.pageSize", "cpu.modl",
                  "requirements.cpu.guest", "gpus.0.name", "cpu.model.deeper", "cpu", "0"]
SPEC_VALUES = ["host-passthrough", "true", "10", "auto", "sata", "virtio", "cores", "a", "60"]
SPEC_VALUES_ODD = ["false", "150", "0o17", "~", "yes", "1Gi", "4", "", "-1", "a=b", "{a: 1}", "[1]", "é✓"]
JSON_VALUES = st.one_of(st.sampled_from(["host-passthrough", "virtio", "4Gi", "auto", ""]), st.integers(-2, 200),
                        st.booleans(), st.none(), st.sampled_from([{}, {"model": "host-model"}, [1], {"guest": 2}]))
PATCH_OPS = ["add", "remove", "replace", "move", "copy", "test"]


def _pointer(path: str) -> str:
    return "" if path == "0" else "/" + path.replace(".", "/")


def _rarely(draw: Any, one_in: int) -> bool:
    """True about one time in ``one_in`` (False is what hypothesis shrinks to)."""
    return bool(draw(st.sampled_from([False] * (one_in - 1) + [True])))


def _mostly(draw: Any, usual: list[Any], odd: list[Any], odds: int, allow_odd: bool) -> Any:
    """One of ``usual``, or (when ``allow_odd``) about one time in ``odds`` one of ``odd``."""
    return draw(st.sampled_from(odd if allow_odd and _rarely(draw, odds) else usual))


@st.composite
def patch_operations(draw: Any, paths: list[str], odd: bool = True) -> Any:
    """One RFC 6902 operation on the copy's spec, mostly an ``add`` at one of ``paths``; with
    ``odd``, now and then another op, another path, a malformed one."""
    op: dict[str, Any] = {"op": _mostly(draw, ["add"], [*PATCH_OPS, "bogus", None], 3, odd),
                          "path": _pointer(_mostly(draw, paths, SPEC_PATHS_ODD, 4, odd))}
    if odd and _rarely(draw, 16):
        op["path"] = draw(st.sampled_from(["cpu/model", 5, None]))
    wants_value = op["op"] in ("add", "replace", "test") or (odd and _rarely(draw, 4))
    if wants_value and not (odd and _rarely(draw, 12)):  # now and then a value missing, or one too many
        op["value"] = _mostly(draw, [value for value in SPEC_VALUES if value != "true"] + [True, 10],
                              [draw(JSON_VALUES)], 4, odd)
    if op["op"] in ("move", "copy"):
        op["from"] = _pointer(draw(st.sampled_from(SPEC_PATHS + SPEC_PATHS_ODD)))
    if odd and _rarely(draw, 16):
        return draw(st.sampled_from([op["path"], [op], "x"]))
    return op


@st.composite
def set_entries(draw: Any, paths: list[str], odd: bool = True) -> Any:
    """One ``set`` entry, ``path=value`` at one of ``paths``; with ``odd``, now and then another
    path or value, or a malformed entry."""
    if odd and _rarely(draw, 10):
        return draw(st.sampled_from(["no-equals", "=x", "a..b=1", "", 7, None]))
    path = _mostly(draw, paths, SPEC_PATHS_ODD, 4, odd)
    return f"{path}={_mostly(draw, SPEC_VALUES, SPEC_VALUES_ODD, 4, odd)}"


@st.composite
def size_requests(draw: Any, odd: bool = True) -> dict:
    """One entry of a Generate's ``spec.sizes``: from, name, maybe vcpus, memory, custom, patches,
    set; with ``odd``, now and then values generate must refuse."""
    size: dict[str, Any] = {"from": _mostly(draw, GENERATE_FROM, GENERATE_FROM_ODD, 8, odd),
                            "name": _mostly(draw, GENERATE_NAMES, GENERATE_NAMES_ODD, 8, odd)}
    if _rarely(draw, 3):
        size["vcpus"] = _mostly(draw, [1, 2, 3, 4, 8, "3"], [-1, 0, 2**40, "four", None, ""], 8, odd)
    if _rarely(draw, 3):
        size["memory"] = _mostly(draw, ["3Gi", "1.5Gi", "512Mi", "8Gi", "4Gi"], ["12", "1.5.3Gi", "", "-1Gi"], 8, odd)
    if _rarely(draw, 4):
        size["custom"] = _mostly(draw, [True, False, "true", "false"], ["yes", None, 1], 6, odd)
    paths = PREFERENCE_PATHS if size["from"] in (*PREF_NAMES, "fedora", "windows.11") else INSTANCETYPE_PATHS
    if draw(st.booleans()):
        size["patches"] = _mostly(draw, [draw(st.lists(patch_operations(paths, odd), max_size=3))],
                                  ["[{", "{}", 5, None], 12, odd)
    if draw(st.booleans()):
        size["set"] = _mostly(draw, [draw(st.lists(set_entries(paths, odd), min_size=1, max_size=3))],
                              ["cpu.model=host-passthrough", 3], 10, odd)
    if odd and _rarely(draw, 20):
        size[draw(st.sampled_from(["cpus", "sets", "patch"]))] = "x"  # an unknown key
    return size


@st.composite
def generate_configs(draw: Any, odd: bool = True) -> dict:
    """A Generate functionConfig: the typed form with a few sizes, or a ConfigMap with one (its
    ``patch`` a JSON string and its ``set`` one entry per line, as kpt passes them). Without
    ``odd``, every request is well-formed (what it asks may still be refused)."""
    sizes = draw(st.lists(size_requests(odd), min_size=1, max_size=3))
    options = {key: draw(st.sampled_from(values)) for key, values in (
        ("cluster", [False, True]), ("labels", ["remove", "recompute"]), ("namespace", ["", "lab"]))
        if draw(st.booleans())}
    if not _rarely(draw, 3):
        return {"apiVersion": "krmfn.dev/v1alpha1", "kind": "Generate", "metadata": {"name": "fn"},
                "spec": {"sizes": sizes, **options}}
    size = sizes[0]
    data = {"mode": "generate", **{key: str(value).lower() if isinstance(value, bool) else str(value)
                                   for key, value in options.items()}}
    for key, value in size.items():
        if key == "patches":
            data["patch"] = json.dumps(value) if not isinstance(value, str) else value
        elif key == "set":
            data["set"] = "\n".join(str(entry) for entry in value) if isinstance(value, list) else str(value)
        elif value is not None:
            data[key] = str(value).lower() if isinstance(value, bool) else str(value)
    return {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "fn"}, "data": data}


# --- serialisation --------------------------------------------------------------------------

FUNCTION_CONFIGS = {
    "inline": {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "fn"}, "data": {"mode": "inline"}},
    "validate": {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "fn"}, "data": {"mode": "validate"}},
    "inline-typed": {"apiVersion": "krmfn.dev/v1alpha1", "kind": "Inline", "metadata": {"name": "fn"},
                     "spec": {"namespace": "lab", "inferFromVolume": True}},
    "inline-none": {"apiVersion": "krmfn.dev/v1alpha1", "kind": "Inline", "metadata": {"name": "fn"},
                    "spec": {"defaults": "none", "dropReferenced": True}},
    "generate": {"apiVersion": "krmfn.dev/v1alpha1", "kind": "Generate", "metadata": {"name": "fn"},
                 "spec": {"sizes": [{"from": "u1.medium", "name": "u1.fuzz", "vcpus": 3, "memory": "3Gi"}]}},
    "normalize": {"apiVersion": "krmfn.dev/v1alpha1", "kind": "Normalize", "metadata": {"name": "fn"},
                  "spec": {"namespace": "lab"}},
    "adopt": {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "fn"}, "data": {"mode": "adopt"}},
    "adopt-write": {"apiVersion": "krmfn.dev/v1alpha1", "kind": "Adopt", "metadata": {"name": "fn"},
                    "spec": {"write": True, "generateSizes": True}},
}


def _pyyaml_ok(value: Any) -> bool:
    """PyYAML's dumper writes YAML 1.1; use it only where that reads the same under 1.2."""
    text = json.dumps(value, default=str)
    return not any(s in text for s in ('"yes"', '"no"', '"on"', '"off"', '"y"', '"n"', '1_', ':'))


def render_item(value: Any, style: str) -> str:
    """One item as the text of a ResourceList `items` entry (without the `- `)."""
    if style == "json" and not _has_special_float(value):
        return json.dumps(value, ensure_ascii=False)
    if style == "pyyaml" and _pyyaml_ok(value):
        return yaml.safe_dump(value, default_flow_style=False, sort_keys=False, allow_unicode=True).rstrip("\n")
    return dump(value)


def _has_special_float(value: Any) -> bool:
    if isinstance(value, float):
        return math.isnan(value) or value in (float("inf"), float("-inf"))
    if isinstance(value, dict):
        return any(_has_special_float(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_special_float(v) for v in value)
    return False


def resource_list_text(items: list[Any], function_config: dict | None, styles: list[str] | None = None) -> str:
    styles = styles or ["block"] * len(items)
    out = ["apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n"]
    if not items:
        out.append("items: []\n")
    else:
        out.append("items:\n")
        for item, style in zip(items, styles, strict=False):
            text = render_item(item, style)
            first, _, rest = text.partition("\n")
            out.append("- " + first + "\n")
            if rest:
                out.append("".join("  " + line + "\n" if line else "\n" for line in rest.split("\n")))
    if function_config is not None:
        out.append("functionConfig:\n" + "".join("  " + line + "\n" for line in dump(function_config).split("\n")))
    return "".join(out)


@st.composite
def resource_lists(draw: Any, modes: list[str] | None = None, perturb: bool = True,
                   max_items: int = 8) -> tuple[list[dict], str, str]:
    """(items, mode key of FUNCTION_CONFIGS, ResourceList text). generate's functionConfig is
    drawn (``generate_configs``: sizes with vcpus, memory, custom, patches and set) three times in
    four, else the fixed one."""
    items = draw(bundles(perturb=perturb, max_items=max_items))
    mode = draw(st.sampled_from(modes or list(FUNCTION_CONFIGS)))
    styles = draw(st.lists(st.sampled_from(["block", "json", "pyyaml"]), min_size=len(items), max_size=len(items)))
    config = draw(generate_configs()) if mode == "generate" and not _rarely(draw, 4) else FUNCTION_CONFIGS[mode]
    return items, mode, resource_list_text(items, config, styles)

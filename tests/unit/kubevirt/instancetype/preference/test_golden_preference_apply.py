"""Golden cases from KubeVirt's own code (../shared/golden): preference application and requirements.

Runs only when the golden corpus exists next to the repository (or at $KRMFN_GOLDEN); the project's
tests must pass without it. Nothing from the corpus is copied into the repository.

* `preference-fields`: `apply_preference` on the VM of each case, compared with `expand.vm`, but
  only on the preference-owned subtrees (docs/kubevirt/preference-apply.md#applying-a-preference): template
  annotations, architecture, subdomain, terminationGracePeriodSeconds, and domain cpu.features, devices, features,
  firmware, machine, clock and launchSecurity. Expand also runs steps this module does not own; the test emulates
  only the ones that touch those subtrees, as test scaffolding:
  - before the preference (docs/kubevirt/expand.md#algorithm steps 5-6): the default disks and the default pod network
  (docs/kubevirt/expand.md#default-disks-and-pod-network);
  - the "trivial" instance types of this category (cpu.guest, memory.guest, annotations,
    launchSecurity only): `domain.cpu` exists afterwards, IT annotations are added first, the IT
    launchSecurity is copied; topology and memory are not compared;
  - after the preference (docs/kubevirt/expand.md#spec-defaults rows 1-2): the default architecture amd64 and machine
  type. Both sides are normalised with the README's rules N4, N5, N6, N7a and N8 on these subtrees.
* `requirements`: `find_requirement_failure` against `validation.causes` for every VM whose verdict
  comes from the requirements stage (allowed, or rejected at `preference-requirements`). T is the
  expanded VM's template spec (apply + defaults, what the webhook checks), or, where expand fails
  (a missing instance type, which the webhook only logs), the input with the preference applied
  and the three defaults requirements depend on (docs/kubevirt/expand.md#spec-defaults rows 1, 4, 5).
"""
from __future__ import annotations

import copy
import math
import os
from pathlib import Path
from typing import Any

import pytest

from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.instancetype.preference.apply.vmi import apply_preference
from krmfn.kubevirt.instancetype.preference.requirements import find_requirement_failure
from tests.conftest import SHARED, requires_shared

yaml = pytest.importorskip("yaml")

GOLDEN = Path(os.environ.get("KRMFN_GOLDEN", os.path.join(SHARED, "golden")))
PREFERENCE_FIELDS = GOLDEN / "preference-fields"
REQUIREMENTS = GOLDEN / "requirements"

pytestmark = requires_shared(GOLDEN)

_TRIVIAL_IT_KEYS = {"cpu", "memory", "annotations", "launchSecurity"}
_ARCH_MACHINE_TYPES = {"arm64": "virt", "s390x": "s390-ccw-virtio"}
_DEFAULT_MACHINE_TYPE = "q35"
_DEFAULT_ARCHITECTURE = "amd64"
_DOMAIN_SUBTREES = ("devices", "features", "firmware", "machine", "clock", "launchSecurity")
_SPEC_SCALARS = ("architecture", "subdomain", "terminationGracePeriodSeconds")

# README rule N8 for the compared subtrees: parent path (relative to T, "[]" = any index) ->
# non-pointer fields whose Go zero value means "absent".
_ZERO_SCALARS: dict[str, dict[str, Any]] = {
    "": {"architecture": "", "subdomain": ""},
    "domain.cpu.features[]": {"name": "", "policy": ""},
    "domain.devices": {"disableHotplug": False},
    "domain.devices.disks[]": {"cache": "", "io": "", "name": "", "serial": "", "tag": ""},
    "domain.devices.disks[].blockSize.custom": {"logical": 0, "physical": 0},
    "domain.devices.disks[].cdrom": {"bus": "", "tray": ""},
    "domain.devices.disks[].disk": {"bus": "", "pciAddress": "", "readonly": False},
    "domain.devices.disks[].lun": {"bus": "", "readonly": False, "reservation": False},
    "domain.devices.inputs[]": {"bus": "", "name": "", "type": ""},
    "domain.devices.interfaces[]": {
        "macAddress": "", "model": "", "name": "", "pciAddress": "", "state": "", "tag": "", "acpiIndex": 0,
    },
    "domain.devices.sound": {"model": "", "name": ""},
    "domain.devices.video": {"type": ""},
    "domain.features.apic": {"endOfInterrupt": False},
    "domain.features.kvm": {"hidden": False},
    "domain.features.hyperv.vendorid": {"vendorid": ""},
    "domain.firmware": {"serial": "", "uuid": ""},
    "domain.machine": {"type": ""},
    "domain.clock.timer.hpet": {"tickPolicy": ""},
    "domain.clock.timer.pit": {"tickPolicy": ""},
    "domain.clock.timer.rtc": {"tickPolicy": "", "track": ""},
    "domain.launchSecurity.sev": {"dhCert": "", "session": ""},
}


# -- corpus access ---------------------------------------------------------------------------------


def _case_ids(category: Path) -> list[str]:
    return sorted(p.name for p in category.iterdir() if p.is_dir()) if category.is_dir() else []


def _load(path: Path) -> list[dict]:
    with path.open() as stream:
        return [doc for doc in yaml.safe_load_all(stream) if isinstance(doc, dict)]


def _vm_cases(case_dir: Path) -> list[tuple[dict, dict, dict]]:
    """(input VM, expected VM document, bundle index) for each VM of the case."""
    inputs = _load(case_dir / "input.yaml")
    expected = [doc for doc in _load(case_dir / "expected.yaml") if doc.get("kind") == "VirtualMachine"]
    vms = [doc for doc in inputs if doc.get("kind") == "VirtualMachine"]
    index = {(doc["kind"], doc["metadata"]["name"]): doc.get("spec") or {} for doc in inputs
             if doc.get("kind") != "VirtualMachine"}
    return [(vm, exp, index) for vm, exp in zip(vms, expected, strict=True)]


def _find(index: dict, matcher: dict | None, namespaced_kind: str, cluster_kind: str) -> tuple[bool, dict | None]:
    """(referenced, spec): resolution as trivial as this category needs (exact names, two kinds)."""
    if not matcher or not matcher.get("name"):
        return False, None
    kind = (matcher.get("kind") or cluster_kind).lower()
    wanted = namespaced_kind if kind.startswith(namespaced_kind.lower()) else cluster_kind
    return True, index.get((wanted, matcher["name"]))


def _instancetype(vm: dict, index: dict) -> tuple[bool, dict | None]:
    return _find(index, vm["spec"].get("instancetype"), "VirtualMachineInstancetype",
                 "VirtualMachineClusterInstancetype")


def _preference(vm: dict, index: dict) -> tuple[bool, dict | None]:
    return _find(index, vm["spec"].get("preference"), "VirtualMachinePreference", "VirtualMachineClusterPreference")


# -- expand scaffolding (not the project's expand; only what the compared subtrees need) -------------


def _set_default_volume_disks(t: dict) -> None:
    domain = t["domain"] = t.get("domain") or {}
    devices = domain["devices"] = domain.get("devices") or {}
    named = {d.get("name") for d in (devices.get("disks") or []) + (devices.get("filesystems") or [])}
    for volume in t.get("volumes") or []:
        if volume.get("name") not in named:
            devices.setdefault("disks", []).append({"name": volume.get("name")})


def _set_default_network_interface(t: dict) -> None:
    devices = t["domain"]["devices"]
    if devices.get("autoattachPodInterface") is False:
        return
    if t.get("networks") or devices.get("interfaces"):
        return
    devices["interfaces"] = [{"name": "default", "bridge": {}}]
    t["networks"] = [{"name": "default", "pod": {}}]


def _apply_trivial_instancetype(it_spec: dict, t: dict, m: dict) -> None:
    domain = t.setdefault("domain", {})
    if not isinstance(domain.get("cpu"), dict):
        domain["cpu"] = {}
    annotations = m.setdefault("annotations", {}) or {}
    m["annotations"] = annotations
    for key, value in (it_spec.get("annotations") or {}).items():
        annotations.setdefault(key, value)
    if it_spec.get("launchSecurity") is not None:
        domain["launchSecurity"] = copy.deepcopy(it_spec["launchSecurity"])


def _set_architecture_and_machine_defaults(t: dict) -> None:
    if not t.get("architecture"):
        t["architecture"] = _DEFAULT_ARCHITECTURE
    machine = t["domain"].get("machine")
    if not isinstance(machine, dict):
        machine = t["domain"]["machine"] = {}
    if not machine.get("type"):
        machine["type"] = _ARCH_MACHINE_TYPES.get(t["architecture"], _DEFAULT_MACHINE_TYPE)


def _set_requirement_defaults(t: dict) -> None:
    """docs/kubevirt/expand.md#spec-defaults rows 1, 4 and 5: architecture, memory.guest and the CPU topology."""
    if not t.get("architecture"):
        t["architecture"] = _DEFAULT_ARCHITECTURE
    domain = t.setdefault("domain", {})
    resources = domain.get("resources") or {}
    memory = domain.get("memory")
    if not isinstance(memory, dict):
        memory = domain["memory"] = {}
    if memory.get("guest") is None:
        for candidate in ((resources.get("requests") or {}).get("memory"),
                          (resources.get("limits") or {}).get("memory"),
                          (memory.get("hugepages") or {}).get("pageSize")):
            parsed = quantity.parse(candidate) if candidate is not None else None
            if isinstance(parsed, quantity.Quantity) and not parsed.is_zero():
                memory["guest"] = parsed.canonical()
                break
    cpu = domain.get("cpu")
    if not isinstance(cpu, dict) or not any(cpu.get(k) for k in ("sockets", "cores", "threads")):
        cpu = domain["cpu"] = cpu if isinstance(cpu, dict) else {}
        sockets = 1
        for source in ("limits", "requests"):
            value = (resources.get(source) or {}).get("cpu")
            if value is not None:
                parsed = quantity.parse(value)
                sockets = math.ceil(parsed.as_fraction()) if isinstance(parsed, quantity.Quantity) else 1
                break
        cpu.update({"sockets": sockets, "cores": 1, "threads": 1})


# -- comparison of the preference-owned subtrees ---------------------------------------------------


def _owned(template: dict) -> dict:
    """The preference-owned subtrees of a VM template, normalised (path relative to T -> value)."""
    spec = template.get("spec") or {}
    domain = spec.get("domain") or {}
    subtrees: dict[str, Any] = {"metadata.annotations": (template.get("metadata") or {}).get("annotations")}
    subtrees.update({key: spec.get(key) for key in _SPEC_SCALARS})
    subtrees["domain.cpu.features"] = (domain.get("cpu") or {}).get("features")
    subtrees.update({f"domain.{key}": domain.get(key) for key in _DOMAIN_SUBTREES})
    owned = {}
    for path, raw in subtrees.items():
        value = _normalise(raw, path)
        if path in _ZERO_SCALARS[""] and value == _ZERO_SCALARS[""][path]:
            value = None  # N8
        if path == "domain.features" and isinstance(value, dict):
            value.setdefault("acpi", {})  # N7a
        if path in ("metadata.annotations", "domain.devices") and value == {}:
            value = None  # N6 (a Go map), N7 (a non-pointer struct)
        if value is not None:
            owned[path] = value
    return owned


def _normalise(value: Any, path: str) -> Any:
    """N4 (null == absent), N5 (empty list == absent) and N8 (zero non-pointer scalars)."""
    if isinstance(value, list):
        items = [_normalise(item, f"{path}[]") for item in value]
        return items or None
    if not isinstance(value, dict):
        return value
    zeros = _ZERO_SCALARS.get(path, {})
    result = {}
    for key, raw in value.items():
        item = _normalise(raw, f"{path}.{key}" if path else key)
        if item is None or (key in zeros and item == zeros[key] and type(item) is type(zeros[key])):
            continue
        result[key] = item
    return result


# -- the tests ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("case_id", _case_ids(PREFERENCE_FIELDS))
def test_preference_fields(case_id: str) -> None:
    for vm, expected, index in _vm_cases(PREFERENCE_FIELDS / case_id):
        expected_vm = (expected.get("expand") or {}).get("vm")
        if expected_vm is None:
            pytest.skip("KubeVirt panicked or expand failed: nothing to compare (README Findings 4)")
        it_referenced, it_spec = _instancetype(vm, index)
        _, pf_spec = _preference(vm, index)
        if it_referenced and (it_spec is None or set(it_spec) - _TRIVIAL_IT_KEYS):
            pytest.skip("instance type is not trivially applicable here")
        template = copy.deepcopy(vm["spec"]["template"])
        t = template.setdefault("spec", {})
        m = template.setdefault("metadata", {}) or {}
        template["metadata"] = m
        _set_default_volume_disks(t)
        _set_default_network_interface(t)
        if it_spec is not None:
            _apply_trivial_instancetype(it_spec, t, m)
        apply_preference(pf_spec, t, m)
        _set_architecture_and_machine_defaults(t)
        assert _owned(template) == _owned(expected_vm["spec"]["template"]), case_id


def _requirements_vms() -> list[tuple[str, int]]:
    return [(case_id, i) for case_id in _case_ids(REQUIREMENTS)
            for i, _ in enumerate(_vm_cases(REQUIREMENTS / case_id))]


@pytest.mark.parametrize(("case_id", "vm_index"), _requirements_vms())
def test_requirements(case_id: str, vm_index: int) -> None:
    vm, expected, index = _vm_cases(REQUIREMENTS / case_id)[vm_index]
    validation = expected["validation"]
    if not validation["allowed"] and validation.get("stage") != "validating-webhook/preference-requirements":
        pytest.skip(f"rejected before requirements are checked, at {validation.get('stage')}")
    _, it_spec = _instancetype(vm, index)  # a missing instance type is only logged: None
    _, pf_spec = _preference(vm, index)
    expected_vm = (expected.get("expand") or {}).get("vm")
    if expected_vm is not None:
        t = copy.deepcopy(expected_vm["spec"]["template"]["spec"])
    else:
        assert it_spec is None, "expand fails only for the missing instance type here"
        t = copy.deepcopy(vm["spec"]["template"]["spec"])
        apply_preference(pf_spec, t, {})
        _set_requirement_defaults(t)
    failure = find_requirement_failure(it_spec, pf_spec, t)
    actual = [] if failure is None else [{"field": failure.field, "message": failure.message}]
    assert actual == validation["causes"]

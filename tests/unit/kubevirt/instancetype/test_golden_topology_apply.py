"""apply_to_vmi against KubeVirt's own answers (golden corpus, categories topology,
instancetype-fields and conflicts).

Runs only when the shared golden corpus exists (``KRMFN_GOLDEN`` or ``<repo>/../shared/golden``);
the project's tests must pass without it.

What this covers, honestly:

* Per VM, the instance type (and preference) are resolved by a deliberately small resolver: cluster
  kinds by name, or ``spec.<matcher>.revisionName`` -> ``ControllerRevision.data.spec``. Objects the
  oracle rejected at admission do not exist. VMs it cannot resolve (NotFound expectations, other
  kinds) are skipped; resolution itself is tested elsewhere.
* ``apply_to_vmi("spec.template.spec", ...)`` runs directly on the input VM's template. Expand's
  other steps (default disks and networks, ``SetDefaultVirtualMachineInstanceSpec``) are NOT run, so
  only the fields this package owns are compared: ``domain.cpu`` (without ``features`` when a
  preference was applied), ``domain.memory``, ``domain.resources``, ``nodeSelector``,
  ``schedulerName``, ``domain.ioThreads``, ``domain.ioThreadsPolicy``, ``domain.launchSecurity`` and
  template annotations (both only when the preference cannot touch them), ``devices.gpus`` and
  ``devices.hostDevices``. The README's normalisation rules N4–N9 are applied to both sides.
* ``expand.error`` conflict messages are compared exactly with ``expand_error``.
* VMs where KubeVirt panicked (spread ratio 0) must get krmfn's documented divide-by-zero conflict.
* A VM with a preference is run with the real preference applier when
  ``krmfn.kubevirt.instancetype.preference.apply.vmi`` exists, and skipped otherwise.
"""
from __future__ import annotations

import copy
import importlib.util
import os
from pathlib import Path
from typing import Any

import pytest

from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi
from krmfn.kubevirt.instancetype.conflict import expand_error
from tests.conftest import SHARED, requires_shared

yaml = pytest.importorskip("yaml")

GOLDEN = Path(os.environ.get("KRMFN_GOLDEN", os.path.join(SHARED, "golden")))
CATEGORIES = ("topology", "instancetype-fields", "conflicts")


def _preference_module_present() -> bool:
    try:
        return importlib.util.find_spec("krmfn.kubevirt.instancetype.preference.apply.vmi") is not None
    except ModuleNotFoundError:
        return False


PREFERENCE_MODULE_PRESENT = _preference_module_present()

pytestmark = requires_shared(GOLDEN)

_CLUSTER_IT_KINDS = {"", "virtualmachineclusterinstancetype", "virtualmachineclusterinstancetypes"}
_CLUSTER_PF_KINDS = {"", "virtualmachineclusterpreference", "virtualmachineclusterpreferences"}
_CPU_KEYS = ("sockets", "cores", "threads", "model", "dedicatedCpuPlacement", "isolateEmulatorThread",
             "numa", "realtime", "maxSockets", "features")
_CPU_NON_POINTER_ZEROS = {"sockets": 0, "cores": 0, "threads": 0, "maxSockets": 0, "model": "",
                          "dedicatedCpuPlacement": False, "isolateEmulatorThread": False}


def _cases() -> list[tuple[str, str]]:
    if not GOLDEN.is_dir():
        return []
    return [(category, case.name) for category in CATEGORIES
            for case in sorted((GOLDEN / category).iterdir()) if (case / "expected.yaml").is_file()]


def _load(category: str, case: str) -> tuple[list[dict], list[dict]]:
    folder = GOLDEN / category / case
    with open(folder / "input.yaml") as handle:
        inputs = [doc for doc in yaml.safe_load_all(handle) if doc]
    with open(folder / "expected.yaml") as handle:
        expected = [doc for doc in yaml.safe_load_all(handle) if doc]
    return inputs, expected


def _existing(inputs: list[dict], expected: list[dict], kind_word: str) -> dict[str, dict]:
    """Cluster objects of the kind that passed admission, by name."""
    allowed = {(doc["kind"], doc["name"]) for doc in expected if doc.get("validation", {}).get("allowed")}
    return {doc["metadata"]["name"]: doc.get("spec") or {} for doc in inputs
            if doc["kind"] == f"VirtualMachineCluster{kind_word}"
            and (doc["kind"], doc["metadata"]["name"]) in allowed}


def _resolve(matcher: dict | None, namespace: str, cluster_objects: dict[str, dict],
             revisions: dict[tuple[str, str], dict], cluster_kinds: set[str]) -> tuple[bool, dict | None]:
    """(resolved, spec); resolved is False when this small resolver cannot answer."""
    if not matcher:
        return True, None
    if matcher.get("revisionName"):
        data = revisions.get((namespace, matcher["revisionName"]))
        return (data is not None), (data or {}).get("spec")
    if matcher.get("inferFromVolume") or str(matcher.get("kind") or "").lower() not in cluster_kinds:
        return False, None
    spec = cluster_objects.get(matcher.get("name"))
    return spec is not None, spec


def _vm_results(category: str, case: str) -> list[tuple[str, dict, dict, dict | None, dict | None]]:
    """(vm name, input VM, expected doc, IT spec, PF spec) for every VM the resolver can handle."""
    inputs, expected = _load(category, case)
    instancetypes = _existing(inputs, expected, "Instancetype")
    preferences = _existing(inputs, expected, "Preference")
    revisions = {(doc["metadata"].get("namespace", "default"), doc["metadata"]["name"]): doc.get("data") or {}
                 for doc in inputs if doc["kind"] == "ControllerRevision"}
    expected_vms = {(doc["name"], doc["namespace"]): doc for doc in expected if doc["kind"] == "VirtualMachine"}
    rows = []
    for vm in (doc for doc in inputs if doc["kind"] == "VirtualMachine"):
        namespace = vm["metadata"].get("namespace") or "default"
        ok_it, it_spec = _resolve(vm["spec"].get("instancetype"), namespace, instancetypes, revisions,
                                  _CLUSTER_IT_KINDS)
        ok_pf, pf_spec = _resolve(vm["spec"].get("preference"), namespace, preferences, revisions, _CLUSTER_PF_KINDS)
        if ok_it and ok_pf and it_spec is not None:
            rows.append((vm["metadata"]["name"], vm, expected_vms[(vm["metadata"]["name"], namespace)], it_spec,
                         pf_spec))
    return rows


# -- normalisation (README rules N4-N9, restricted to the compared fields) ------------------------


def _drop_empty(value: Any) -> Any:
    """N4/N5/N6/N7: null, [] and the empty maps/structs of the compared fields equal absent."""
    if isinstance(value, dict):
        cleaned = {key: _drop_empty(item) for key, item in value.items()}
        return {key: item for key, item in cleaned.items() if item is not None}
    if isinstance(value, list):
        return [_drop_empty(item) for item in value] or None
    return value


def _owned_view(template: dict, preference_applied: bool, pf_spec: dict | None) -> dict:
    spec = template.get("spec") or {}
    domain = spec.get("domain") or {}
    cpu = {key: value for key, value in (domain.get("cpu") or {}).items() if key in _CPU_KEYS}
    cpu = {key: value for key, value in cpu.items() if _CPU_NON_POINTER_ZEROS.get(key, object()) != value}
    if preference_applied:
        cpu.pop("features", None)
    devices = domain.get("devices") or {}
    view = {
        "cpu": cpu or None,
        "memory": domain.get("memory"),
        "resources": {key: value for key, value in (domain.get("resources") or {}).items()
                      if value not in ({}, None)} or None,
        "nodeSelector": spec.get("nodeSelector") or None,
        "schedulerName": spec.get("schedulerName") or None,
        "ioThreads": domain.get("ioThreads"),
        "ioThreadsPolicy": domain.get("ioThreadsPolicy"),
        "gpus": devices.get("gpus"),
        "hostDevices": devices.get("hostDevices"),
    }
    pf = pf_spec or {}
    if not (preference_applied and pf.get("preferredLaunchSecurity") is not None):
        view["launchSecurity"] = domain.get("launchSecurity")
    if not (preference_applied and pf.get("annotations")):
        view["annotations"] = (template.get("metadata") or {}).get("annotations") or None
    return _drop_empty(view)


def _quantity_echo_ok(ours: Any, theirs: Any, original: Any) -> bool:
    """N9: an unchanged echo of the input VM's quantity is accepted when numerically equal."""
    if ours != original:
        return False
    a, b = quantity.parse(ours), quantity.parse(theirs)
    return isinstance(a, quantity.Quantity) and isinstance(b, quantity.Quantity) and a == b


def _apply_quantity_echoes(ours: dict, theirs: dict, input_view: dict) -> None:
    """Replace accepted N9 echoes in ``ours`` by the oracle's spelling, for the VM-provided
    quantities among the compared fields (resources.*, memory.reservedOverhead.addedOverhead)."""
    for section in ("requests", "limits"):
        our_list = (ours.get("resources") or {}).get(section) or {}
        their_list = (theirs.get("resources") or {}).get(section) or {}
        input_list = (input_view.get("resources") or {}).get(section) or {}
        for name, value in our_list.items():
            if name in their_list and _quantity_echo_ok(value, their_list[name], input_list.get(name)):
                our_list[name] = their_list[name]
    our_overhead = ((ours.get("memory") or {}).get("reservedOverhead") or {})
    their_overhead = ((theirs.get("memory") or {}).get("reservedOverhead") or {})
    input_overhead = ((input_view.get("memory") or {}).get("reservedOverhead") or {})
    if "addedOverhead" in our_overhead and _quantity_echo_ok(
        our_overhead["addedOverhead"], their_overhead.get("addedOverhead"), input_overhead.get("addedOverhead")
    ):
        our_overhead["addedOverhead"] = their_overhead["addedOverhead"]


# -- the test ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("category", "case"), _cases(), ids=[f"{c}/{n}" for c, n in _cases()])
def test_golden_case(category: str, case: str) -> None:
    rows = _vm_results(category, case)
    compared = 0
    for name, vm, expected, it_spec, pf_spec in rows:
        if pf_spec is not None and not PREFERENCE_MODULE_PRESENT:
            continue
        template = copy.deepcopy(vm["spec"].get("template") or {})
        template_spec = template.setdefault("spec", {})
        template_metadata = template.setdefault("metadata", {})
        conflicts = apply_to_vmi("spec.template.spec", it_spec, pf_spec, template_spec, template_metadata)
        outcome = expected.get("expand") or {}
        label = f"{category}/{case}/{name}"
        if "vm" in outcome:
            assert conflicts == [], f"{label}: unexpected conflicts {expand_error(conflicts)}"
            preference_applied = pf_spec is not None
            ours = _owned_view(template, preference_applied, pf_spec)
            theirs = _owned_view(outcome["vm"]["spec"]["template"], preference_applied, pf_spec)
            _apply_quantity_echoes(ours, theirs, _owned_view(vm["spec"].get("template") or {}, False, None))
            assert ours == theirs, label
            compared += 1
        elif str(outcome.get("error", "")).startswith("VM field(s)"):
            assert expand_error(conflicts) == outcome["error"], label
            compared += 1
        elif outcome == {} and any("panic during expand" in e for e in expected.get("oracleErrors", [])):
            assert conflicts and "integer divide by zero" in expand_error(conflicts), label
            compared += 1
    if compared == 0:
        pytest.skip("no VM in this case is within the scope of apply_to_vmi")

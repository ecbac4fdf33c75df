"""VirtualMachineInstancePresets applied to a VMI on CREATE (deprecated in KubeVirt, still run).

Mirrors ``pkg/virt-api/webhooks/mutating-webhook/mutators/preset.go`` (KubeVirt d923fdb8):
``applyPresets`` with ``isVMIExcluded`` (annotation
``virtualmachineinstancepresets.admission.kubevirt.io/exclude: "true"``), ``listPresets`` (the
presets of the VMI's namespace), ``filterPresets`` (``metav1.LabelSelectorAsSelector`` on each
preset's ``spec.selector``, matched against the VMI's labels; a malformed selector is the error),
``checkPresetConflicts`` (every pair of matching presets; any conflict rejects the VMI with
"VirtualMachinePresets cannot be applied due to conflicts: ..."), ``checkMergeConflicts``,
``mergeDomainSpec`` (each of ``resources.requests``, ``cpu``, ``firmware``, ``clock`` (offset, then
``timer``), ``features``, ``devices.watchdog`` and ``ioThreadsPolicy`` is copied from the preset
where the VMI has none; the preset counts as applied when any of them then equals the preset's)
and ``annotateVMI`` (``virtualmachinepreset.kubevirt.io/<name>: kubevirt.io/v1``).

Where KubeVirt is not deterministic, krmfn picks an order:

* KubeVirt lists a namespace's presets from an informer index (Go map order: random); krmfn takes
  them sorted by name. The order decides which preset fills a field first and the order of the
  conflict messages.
* KubeVirt walks ``resources.requests`` and ``matchLabels`` in map order; krmfn sorts the keys.

Go's comparisons are reproduced on plain dicts: ``checkMergeConflicts`` compares requests as Go
structs (``!=``: the same value spelt differently, ``64M`` and ``64000k``, conflicts), the other
fields with ``equality.Semantic.DeepEqual`` (absent, null and Go's zero value of a non-pointer field
are equal, as are a nil and an empty list; quantities compare by value). Types the table below does
not know are compared as written (null and empty lists dropped). The conflict messages print Go's
``%v`` of the values: a pointer inside a value prints as its address in Go, which krmfn cannot know
(``0xc000000000`` stands for it); a quantity Go parsed into ``inf.Dec`` (a fractional binary
quantity such as ``1.5Gi``) never equals another in Go, which krmfn does not reproduce.
"""
from __future__ import annotations


from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.apimachinery.gozero import child, clone
from krmfn.kubevirt.apimachinery.labels import label_selector_as_selector

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

EXCLUSION_MARKING = "virtualmachineinstancepresets.admission.kubevirt.io/exclude"
ANNOTATION_PREFIX = "virtualmachinepreset.kubevirt.io/"
GROUP_VERSION = "kubevirt.io/v1"
CONFLICTS_PREFIX = "VirtualMachinePresets cannot be applied due to conflicts: "
GO_POINTER = "0xc000000000"

# Go struct layouts of the DomainSpec parts presets merge: (json key, kind) in field order; a kind
# is "uint", "bool", "str", "*" (a pointer to another type), "[]<Type>" or "<Type>" (a struct value);
# a None key is an inlined (embedded) struct.
STRUCTS: dict[str, tuple[tuple[str | None, str], ...]] = {
    "CPU": (("cores", "uint"), ("sockets", "uint"), ("maxSockets", "uint"), ("threads", "uint"),
            ("model", "str"), ("features", "[]CPUFeature"), ("dedicatedCpuPlacement", "bool"), ("numa", "*"),
            ("isolateEmulatorThread", "bool"), ("realtime", "*")),
    "CPUFeature": (("name", "str"), ("policy", "str")),
    "Firmware": (("uuid", "str"), ("bootloader", "*"), ("serial", "str"), ("kernelBoot", "*"), ("acpi", "*")),
    "ClockOffset": (("utc", "*"), ("timezone", "*")),
    "Timer": (("hpet", "*"), ("kvm", "*"), ("pit", "*"), ("rtc", "*"), ("hyperv", "*")),
    "Features": (("acpi", "FeatureState"), ("apic", "*"), ("hypervPassthrough", "*"), ("hyperv", "*"),
                 ("smm", "*"), ("kvm", "*"), ("pvspinlock", "*")),
    "FeatureState": (("enabled", "*"),),
    "Watchdog": (("name", "str"), (None, "WatchdogDevice")),
    "WatchdogDevice": (("i6300esb", "*"), ("diag288", "*")),
}


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


# ---------------------------------------------------------------------------------------------
# Go values: equality.Semantic.DeepEqual and fmt's %v
# ---------------------------------------------------------------------------------------------
def _loose(value: Any) -> Any:
    """A value of a type the table does not know, as written: nulls and empty lists dropped."""
    if isinstance(value, dict):
        return tuple(sorted((k, _loose(v)) for k, v in value.items() if v is not None and v != []))
    if isinstance(value, list):
        return tuple(_loose(v) for v in value)
    return value


def _zero(kind: str) -> Any:
    return {"uint": 0, "bool": False, "str": ""}.get(kind)


def go_value(value: Any, kind: str) -> Any:
    """The Go value of a field of ``kind``, as a comparable Python value (Semantic.DeepEqual)."""
    if kind in ("uint", "bool", "str"):
        return _zero(kind) if value is None else value
    if kind == "*":
        return None if value is None else ("ptr", _loose(value))
    if kind.startswith("[]"):
        return tuple(go_value(v, kind[2:]) for v in value) if isinstance(value, list) else ()
    values = _dict(value)
    return tuple(go_value(values if key is None else values.get(key), field_kind)
                 for key, field_kind in STRUCTS[kind])


def _go_v(value: Any, kind: str) -> str:
    """fmt's ``%v`` of a field of ``kind`` inside a struct."""
    if kind == "*":
        return "<nil>" if value is None else GO_POINTER
    if kind in ("uint", "bool", "str"):
        value = _zero(kind) if value is None else value
        return ("true" if value else "false") if kind == "bool" else str(value)
    if kind.startswith("[]"):
        items = value if isinstance(value, list) else []
        return "[" + " ".join(_go_v(item, kind[2:]) for item in items) + "]"
    values = _dict(value)
    return "{" + " ".join(_go_v(values if key is None else values.get(key), field_kind)
                          for key, field_kind in STRUCTS[kind]) + "}"


def go_v_pointer(value: Any, kind: str) -> str:
    """fmt's ``%v`` of a non-nil pointer to a struct (``&{...}``) or to a string (its address)."""
    return "&" + _go_v(value, kind) if kind in STRUCTS else GO_POINTER


def go_quantity(value: Any) -> tuple | None:
    """A ``resource.Quantity`` decoded from JSON as a Go struct value (``i``, ``s``, ``Format``):
    two are ``==`` when these are equal. None when it does not parse."""
    parsed = quantity.parse(value)
    if not isinstance(parsed, quantity.Quantity):
        return None
    return parsed.unscaled, parsed.exponent, parsed.cached or "", parsed.format


def go_v_quantity(value: Any) -> str:
    """fmt's ``%v`` of a ``Quantity`` value: ``{{value scale} {<nil>} cached Format}``."""
    fields = go_quantity(value)
    if fields is None:
        return "{{0 0} {<nil>}  }"
    unscaled, exponent, cached, fmt = fields
    return f"{{{{{unscaled} {exponent}}} {{<nil>}} {cached} {fmt}}}"


def _requests(domain: dict) -> dict:
    return _dict(_dict(domain.get("resources")).get("requests"))


def _requests_equal(left: dict, right: dict) -> bool:
    """Semantic.DeepEqual of two ResourceLists: the same names, equal quantities by value."""
    if left.keys() != right.keys():
        return False
    for key, value in left.items():
        a, b = quantity.parse(value), quantity.parse(right[key])
        if not (isinstance(a, quantity.Quantity) and isinstance(b, quantity.Quantity) and a == b):
            return False
    return True


# ---------------------------------------------------------------------------------------------
# checkMergeConflicts / mergeDomainSpec
# ---------------------------------------------------------------------------------------------
# The pointer fields compared as a whole: (path in the domain, message label, Go type).
_POINTER_FIELDS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("cpu",), "spec.cpu", "CPU"),
    (("firmware",), "spec.firmware", "Firmware"),
)


def _at(domain: dict, path: tuple[str, ...]) -> Any:
    value: Any = domain
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    return value


def _aggregate(errors: list[str]) -> str:
    """``utilerrors.NewAggregate(errors).Error()``."""
    return errors[0] if len(errors) == 1 else "[" + ", ".join(errors) + "]"


def check_merge_conflicts(preset_domain: dict, vmi_domain: dict) -> str | None:
    """``checkMergeConflicts``: what the preset sets differently from the VMI, or None."""
    errors: list[str] = []
    vmi_requests = _requests(vmi_domain)
    for key, preset_request in sorted(_requests(preset_domain).items()):
        if key in vmi_requests and go_quantity(preset_request) != go_quantity(vmi_requests[key]):
            errors.append(f"spec.resources.requests[{key}]: {go_v_quantity(preset_request)} != "
                          f"{go_v_quantity(vmi_requests[key])}")
    for path, label, kind in _POINTER_FIELDS:
        errors += _pointer_conflict(_at(preset_domain, path), _at(vmi_domain, path), label, kind)
    preset_clock, vmi_clock = preset_domain.get("clock"), vmi_domain.get("clock")
    if preset_clock is not None and vmi_clock is not None:
        preset_offset, vmi_offset = _clock_offset(preset_clock), _clock_offset(vmi_clock)
        if go_value(preset_offset, "ClockOffset") != go_value(vmi_offset, "ClockOffset"):
            errors.append(f"spec.clock.clockoffset: {_go_v(preset_offset, 'ClockOffset')} != "
                          f"{_go_v(vmi_offset, 'ClockOffset')}")
        errors += _pointer_conflict(_dict(preset_clock).get("timer"), _dict(vmi_clock).get("timer"),
                                    "spec.clock.timer", "Timer")
    errors += _pointer_conflict(preset_domain.get("features"), vmi_domain.get("features"), "spec.features",
                                "Features")
    errors += _pointer_conflict(_at(preset_domain, ("devices", "watchdog")), _at(vmi_domain, ("devices", "watchdog")),
                                "spec.devices.watchdog", "Watchdog")
    errors += _pointer_conflict(preset_domain.get("ioThreadsPolicy"), vmi_domain.get("ioThreadsPolicy"),
                                "spec.ioThreadsPolicy", "str")
    return _aggregate(errors) if errors else None


def _clock_offset(clock: Any) -> dict:
    """``Clock.ClockOffset`` (inlined in ``clock``)."""
    values = _dict(clock)
    return {key: values.get(key) for key in ("utc", "timezone")}


def _semantic(value: Any, kind: str) -> Any:
    return value if kind == "str" else go_value(value, kind)


def _pointer_conflict(preset_value: Any, vmi_value: Any, label: str, kind: str) -> list[str]:
    if preset_value is None or vmi_value is None or _semantic(preset_value, kind) == _semantic(vmi_value, kind):
        return []
    return [f"{label}: {go_v_pointer(preset_value, kind)} != {go_v_pointer(vmi_value, kind)}"]


def merge_domain_spec(preset_domain: dict, vmi_domain: dict) -> tuple[bool, str | None]:
    """``mergeDomainSpec``: fill the VMI's unset parts from the preset; (applied, conflicts)."""
    conflicts = check_merge_conflicts(preset_domain, vmi_domain)
    applied = False
    preset_requests = _requests(preset_domain)
    if preset_requests:
        resources = child(vmi_domain, "resources")
        if resources.get("requests") is None:
            resources["requests"] = clone(preset_requests)
        applied = _requests_equal(_dict(resources.get("requests")), preset_requests) or applied
    for key, kind in (("cpu", "CPU"), ("firmware", "Firmware")):
        applied = _merge_pointer(preset_domain.get(key), vmi_domain, key, kind) or applied
    preset_clock = preset_domain.get("clock")
    if preset_clock is not None:
        applied = _merge_clock(_dict(preset_clock), vmi_domain) or applied
    applied = _merge_pointer(preset_domain.get("features"), vmi_domain, "features", "Features") or applied
    watchdog = _at(preset_domain, ("devices", "watchdog"))
    if watchdog is not None:
        applied = _merge_pointer(watchdog, child(vmi_domain, "devices"), "watchdog", "Watchdog") or applied
    policy = preset_domain.get("ioThreadsPolicy")
    if policy is not None:
        if vmi_domain.get("ioThreadsPolicy") is None:
            vmi_domain["ioThreadsPolicy"] = policy
        applied = vmi_domain["ioThreadsPolicy"] == policy or applied
    return applied, conflicts


def _merge_pointer(preset_value: Any, parent: dict, key: str, kind: str) -> bool:
    """A pointer field: the preset's copy where unset; whether it then equals the preset's."""
    if preset_value is None:
        return False
    if parent.get(key) is None:
        parent[key] = clone(preset_value)
    return go_value(parent[key], kind) == go_value(preset_value, kind)


def _clock_value(clock: dict) -> Any:
    return go_value(_clock_offset(clock), "ClockOffset"), go_value(clock.get("timer"), "*")


def _merge_clock(preset_clock: dict, vmi_domain: dict) -> bool:
    """The clock: the preset's offset (only) where the VMI has no clock, then its timer."""
    applied = False
    if vmi_domain.get("clock") is None:
        vmi_domain["clock"] = {k: clone(v) for k, v in _clock_offset(preset_clock).items() if v is not None}
    vmi_clock = _dict(vmi_domain["clock"])
    if _clock_value(vmi_clock) == _clock_value(preset_clock):
        applied = True
    timer = preset_clock.get("timer")
    if timer is not None:
        if vmi_clock.get("timer") is None:
            vmi_clock["timer"] = clone(timer)
        if go_value(vmi_clock["timer"], "Timer") == go_value(timer, "Timer"):
            applied = True
    return applied


# ---------------------------------------------------------------------------------------------
# listPresets / filterPresets / checkPresetConflicts / applyPresets
# ---------------------------------------------------------------------------------------------
def selector_matches(selector: Any, labels: dict) -> bool | str:
    """``LabelSelectorAsSelector(&preset.Spec.Selector).Matches(labels)``, or the selector's error
    message. ``Spec.Selector`` is a struct, not a pointer: a missing selector selects everything."""
    parsed = label_selector_as_selector(selector if selector is not None else {})
    return parsed if isinstance(parsed, str) else parsed.matches(labels)


def filter_presets(presets: list[dict], vmi: dict) -> list[dict] | str:
    """``filterPresets``: the presets whose selector matches the VMI's labels, or the error of the
    first malformed selector."""
    labels = _dict(_dict(vmi.get("metadata")).get("labels"))
    matching = []
    for preset in presets:
        matches = selector_matches(_dict(preset.get("spec")).get("selector"), labels)
        if isinstance(matches, str):
            return matches
        if matches:
            matching.append(preset)
    return matching


def _name(preset: dict) -> str:
    return _str(_dict(preset.get("metadata")).get("name"))


def _domain(preset: dict) -> dict:
    return _dict(_dict(preset.get("spec")).get("domain"))


def check_preset_conflicts(presets: list[dict]) -> str | None:
    """``checkPresetConflicts``: every preset against each one before it."""
    errors = []
    for index, preset in enumerate(presets):
        for visited in presets[:index]:
            conflict = check_merge_conflicts(_domain(preset), _domain(visited))
            if conflict is not None:
                errors.append(f"presets '{_name(preset)}' and '{_name(visited)}' conflict: {conflict}")
    return _aggregate(errors) if errors else None


def is_vmi_excluded(vmi: dict) -> bool:
    """``isVMIExcluded``."""
    return _dict(_dict(vmi.get("metadata")).get("annotations")).get(EXCLUSION_MARKING) == "true"


def namespace_presets(presets: list[dict], namespace: str) -> list[dict]:
    """``listPresets``: the presets of ``namespace`` (krmfn's order: by name)."""
    return sorted((p for p in presets if isinstance(p, dict)
                   and _str(_dict(p.get("metadata")).get("namespace")) == namespace), key=_name)


def annotate_vmi(vmi: dict, preset: dict) -> None:
    """``annotateVMI``."""
    child(child(vmi, "metadata"), "annotations")[ANNOTATION_PREFIX + _name(preset)] = GROUP_VERSION


def apply_presets(vmi: dict, presets: list[dict]) -> str | None:
    """``applyPresets`` on the VMI (mutated in place); ``presets`` are the bundle's
    VirtualMachineInstancePresets, with their namespaces set. Returns the error message."""
    if is_vmi_excluded(vmi):
        return None
    namespace = _str(_dict(vmi.get("metadata")).get("namespace"))
    matching = filter_presets(namespace_presets(presets, namespace), vmi)
    if isinstance(matching, str):
        return matching
    if not matching:
        return None
    conflicts = check_preset_conflicts(matching)
    if conflicts is not None:
        return CONFLICTS_PREFIX + conflicts
    domain = child(child(vmi, "spec"), "domain")
    for preset in matching:
        applied, _ = merge_domain_spec(_domain(preset), domain)
        if applied:
            annotate_vmi(vmi, preset)
    return None

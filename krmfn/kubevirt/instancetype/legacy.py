"""instancetype.kubevirt.io/v1alpha1 and v1alpha2, read as KubeVirt up to v1.5 read them.

KubeVirt deprecated both versions in v1.0, stopped serving them in v1.6 and removed them in v1.7
(docs/kubevirt/resolution.md#legacy-payloads). krmfn's `legacyApiVersions: reject` (the default) keeps today's
behaviour; `convert` reads them again. Two different conversions existed upstream, and both are reproduced:

* **Live objects** (a v1alpha1 instance type in the bundle): the CRDs used conversion strategy
  `None` and one schema for every version (`crds.go` at v1.5, `patchValidationForAllVersions`),
  and the webhooks decoded every version into the v1beta1 Go types. The object was therefore
  stored as the v1beta1 object with the same spec: nothing changes but the apiVersion, and the API
  server added the CRD's deprecation warning (``krmfn.kubevirt.apiserver.create``).
* **ControllerRevision payloads** (``convert_revision_payload``), decoded by
  ``pkg/instancetype/compatibility`` until v1.7 (commit eafb7a381a): first the v1alpha1
  "SpecRevision" wrapper ``{apiVersion, spec: <base64 JSON>}``, decoded strictly as a preference
  spec, else as an instance type spec; otherwise a full v1alpha1/v1alpha2 object, decoded into the
  old Go types (unknown fields dropped) and converted by the generated ``Convert_v1alphaN_*``
  functions. The differences from v1beta1 are the ones the conversion makes: the non-pointer
  ``cpu.model``, ``cpu.dedicatedCPUPlacement`` and ``cpu.isolateEmulatorThread`` become set
  pointers (``""``, ``false``: a converted ``model: ""`` then conflicts with any VM model, and a
  converted ``dedicatedCPUPlacement: false`` with a VM's ``dedicatedCpuPlacement: true``), an empty
  ``preferredCPUTopology`` becomes unset, and fields the old versions did not have are dropped.

Plain data in and out; the payload is never mutated.
"""
from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable

from krmfn.model.kinds import VIRTUAL_MACHINE_INSTANCETYPE, VIRTUAL_MACHINE_PREFERENCE
# The schema module only (not the webhooks package, whose admission chain imports the finders,
# which import this module).
from krmfn.kubevirt.apiserver.schema import (
    INSTANCETYPE_SPEC_V1ALPHA,
    INVALID_TYPE,
    PREFERENCE_SPEC_V1ALPHA1,
    PREFERENCE_SPEC_V1ALPHA2,
    REQUIRED,
    ListOf,
    MapOf,
    Node,
    Obj,
    check,
    go_decode_error,
)

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

V1ALPHA1 = "v1alpha1"
V1ALPHA2 = "v1alpha2"
# The KubeVirt releases of both versions (pkg/virt-operator/resource/generate/components/crds.go):
# deprecated in v1.0 (007f3beb67), served up to v1.5, `Served: false` from v1.6 (c03c28ac46),
# removed from the CRDs in v1.7 (b58855d560).
LAST_SERVED_IN = "v1.5"
NOT_SERVED_SINCE = "v1.6"
REMOVED_IN = "v1.7"

_PREFERENCE_SPECS = {V1ALPHA1: PREFERENCE_SPEC_V1ALPHA1, V1ALPHA2: PREFERENCE_SPEC_V1ALPHA2}


# ---------------------------------------------------------------------------------------------
# Go decoding into the old types
# ---------------------------------------------------------------------------------------------
def project(value: Any, node: Node) -> Any:
    """``value`` as a non-strict Go decode into ``node``'s type keeps it: unknown fields dropped."""
    if isinstance(node, Obj) and isinstance(value, dict):
        return {key: project(sub, node.props[key]) for key, sub in value.items() if key in node.props}
    if isinstance(node, ListOf) and isinstance(value, list):
        return [project(item, node.items) for item in value]
    if isinstance(node, MapOf) and isinstance(value, dict):
        return {key: project(sub, node.values) for key, sub in value.items()}
    return value


def decode_error(value: Any, node: Node) -> str | None:
    """The error Go's decoder would give for a value of the wrong type (approximated: the JSON
    type and field path), or for an integer out of its Go range; None when it decodes."""
    report = check(value, node)
    for error in report.errors:
        if error.code == INVALID_TYPE:
            return f"json: cannot unmarshal {error.value} into Go struct field .{error.path}"
    return go_decode_error(value, node, _go_root(node))


def _go_root(node: Node) -> str:
    """The payload is decoded straight into the spec type."""
    return node.go_name if isinstance(node, Obj) else ""


def _strictly_decodes(value: Any, node: Obj) -> bool:
    """``json.UnmarshalStrict`` into the type: no unknown field, no type or range error."""
    report = check(value, node)
    if report.unknown or any(error.code != REQUIRED for error in report.errors):
        return False
    return go_decode_error(value, node, _go_root(node)) is None


# ---------------------------------------------------------------------------------------------
# Conversion to v1beta1 (the generated Convert_v1alphaN_* functions)
# ---------------------------------------------------------------------------------------------
def _copy_present(source: dict, target: dict, names: tuple[str, ...]) -> None:
    for name in names:
        if source.get(name) is not None:
            target[name] = source[name]


def convert_instancetype_spec(spec: dict) -> dict:
    """A decoded v1alpha1/v1alpha2 instance type spec as the v1beta1 spec the conversion gives."""
    cpu = spec.get("cpu")
    cpu = cpu if isinstance(cpu, dict) else {}
    memory = spec.get("memory")
    memory = memory if isinstance(memory, dict) else {}
    out_cpu: dict[str, Any] = {"guest": cpu.get("guest") or 0}
    # Convert_string_To_Pointer_string / Convert_bool_To_Pointer_bool always allocate.
    out_cpu["model"] = cpu.get("model") or ""
    out_cpu["dedicatedCPUPlacement"] = bool(cpu.get("dedicatedCPUPlacement"))
    _copy_present(cpu, out_cpu, ("numa",))
    out_cpu["isolateEmulatorThread"] = bool(cpu.get("isolateEmulatorThread"))
    _copy_present(cpu, out_cpu, ("realtime",))
    out_memory: dict[str, Any] = {}
    _copy_present(memory, out_memory, ("guest", "hugepages"))
    out: dict[str, Any] = {"cpu": out_cpu, "memory": out_memory}
    _copy_present(spec, out, ("gpus", "hostDevices", "ioThreadsPolicy", "launchSecurity"))
    return out


def convert_preference_spec(spec: dict) -> dict:
    """A decoded v1alpha1/v1alpha2 preference spec as the v1beta1 spec the conversion gives."""
    out: dict[str, Any] = {}
    _copy_present(spec, out, ("clock",))
    if spec.get("cpu") is not None:
        cpu = spec["cpu"] if isinstance(spec["cpu"], dict) else {}
        topology = cpu.get("preferredCPUTopology")
        out["cpu"] = {"preferredCPUTopology": topology} if topology else {}
    _copy_present(spec, out, ("devices", "features", "firmware", "machine", "volumes"))
    return out


# ---------------------------------------------------------------------------------------------
# ControllerRevision payloads
# ---------------------------------------------------------------------------------------------
def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict:
    keys = [key for key, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError("duplicate field")
    return dict(pairs)


def _spec_revision_bytes(data: Any) -> Any:
    """The JSON value inside a SpecRevision wrapper, or None when ``data`` is not one."""
    if not isinstance(data, dict) or set(data) - {"apiVersion", "spec"}:
        return None
    if data.get("apiVersion") is not None and not isinstance(data["apiVersion"], str):
        return None
    raw = data.get("spec")
    if not isinstance(raw, str):
        return None  # a missing spec is empty bytes, which no strict decode accepts
    try:
        text = base64.b64decode(raw.replace("\r", "").replace("\n", ""), validate=True)
        value = json.loads(text, object_pairs_hook=_reject_duplicates)
    except (binascii.Error, ValueError):
        return None
    return {} if value is None else value


def decode_spec_revision(data: Any) -> tuple[str, dict] | None:
    """``decodeSpecRevision``: (kind, v1beta1 spec) of a v1alpha1 SpecRevision wrapper, or None.

    The spec is tried as a preference first, then as an instance type, both strictly; the Go code
    names the results ``VirtualMachinePreference`` / ``VirtualMachineInstancetype``.
    """
    spec = _spec_revision_bytes(data)
    if spec is None:
        return None
    attempts: tuple[tuple[str, Obj, Callable[[dict], dict]], ...] = (
        (VIRTUAL_MACHINE_PREFERENCE, PREFERENCE_SPEC_V1ALPHA1, convert_preference_spec),
        (VIRTUAL_MACHINE_INSTANCETYPE, INSTANCETYPE_SPEC_V1ALPHA, convert_instancetype_spec),
    )
    for kind, node, convert in attempts:
        if _strictly_decodes(spec, node):
            return kind, convert(spec)
    return None


def convert_object_spec(kind: str, version: str, spec: Any) -> dict | str:
    """The v1beta1 spec of a full v1alpha1/v1alpha2 object of one of the four kinds, or the
    decoder's error message."""
    is_instancetype = kind.endswith("Instancetype")
    node = INSTANCETYPE_SPEC_V1ALPHA if is_instancetype else _PREFERENCE_SPECS[version]
    if spec is None:
        spec = {}
    error = decode_error(spec, node)
    if error is not None:
        return error
    decoded = project(spec, node)
    return convert_instancetype_spec(decoded) if is_instancetype else convert_preference_spec(decoded)

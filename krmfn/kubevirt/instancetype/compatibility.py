"""Decoding ControllerRevision payloads (docs/kubevirt/resolution.md#decoding-a-revision, #legacy-payloads,
#decoding-a-revision).

Mirrors `pkg/instancetype/compatibility/compatibility.go`: the revision's `data` is decoded by
client-go's universal deserializer for the KubeVirt client scheme
(`kubevirt.io/client-go/kubevirt/scheme/register.go`), then type-checked. Only
`instancetype.kubevirt.io/v1beta1` objects of the four kinds are usable; legacy v1alpha1/v1alpha2
payloads fail to decode at this KubeVirt commit (legacy policy `reject`). With `convert` they are
decoded and converted as KubeVirt did until v1.7 (``krmfn.kubevirt.instancetype.legacy``). krmfn's scheme
also knows its own `v1beta2` (payloads of the four kinds are used as they are).

The decoder's error messages embed the raw payload. The raw bytes KubeVirt sees are the JSON the
API server stored, which is Go's `json.Marshal` of the object: compact, keys sorted, HTML
characters escaped. `go_json` (``krmfn.kubevirt.apimachinery.gojson``) reproduces that encoding.
"""
from __future__ import annotations

import json
from functools import cache

from krmfn.kubevirt.bundle import LEGACY_CONVERT, LEGACY_REJECT, LEGACY_VERSIONS, V1BETA1, V1BETA2
from krmfn.kubevirt.instancetype import legacy as legacy_versions
from krmfn.kubevirt.apimachinery.gojson import go_json
from krmfn.kubevirt.apimachinery.gozero import unmarshal_type_name
from krmfn.kubevirt.apiserver.schema import preference_fields_missing
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion
from krmfn.model.kinds import (
    DEFINITION_KINDS,
    INSTANCETYPE_GROUP,
    INSTANCETYPE_KINDS,
    PREFERENCE_KINDS,
    VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE,
    VIRTUAL_MACHINE_CLUSTER_PREFERENCE,
    VIRTUAL_MACHINE_INSTANCETYPE,
    VIRTUAL_MACHINE_PREFERENCE,
)
from krmfn.model.record import record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

SCHEME_FILE = "kubevirt.io/client-go/kubevirt/scheme/register.go"
SCHEME_NAME = f"{SCHEME_FILE}:44"  # d923fdb8; each release's line is KubevirtVersion.scheme_line
DECODE_FAILED = "failed to decode object in ControllerRevision: {}"
UNEXPECTED_TYPE = "unexpected type in ControllerRevision: {}"

_INSTANCETYPE_GROUP_VERSION = (INSTANCETYPE_GROUP, V1BETA1)

# Options types metav1.AddToGroupVersion registers in every group version of the scheme.
_META_OPTION_KINDS = ("WatchEvent", "ListOptions", "GetOptions", "DeleteOptions", "CreateOptions",
                      "UpdateOptions", "PatchOptions")
# metav1 unversioned kinds: the scheme finds them by kind alone, whatever the group/version.
_UNVERSIONED_KINDS = frozenset({"Status", "APIVersions", "APIGroupList", "APIGroup", "APIResourceList"})


def _with_lists(*kinds: str) -> tuple[str, ...]:
    return tuple(k for kind in kinds for k in (kind, kind + "List"))


_EXPORT_KINDS = _with_lists("VirtualMachineExport")
_BACKUP_GROUP_VERSION = ("backup.kubevirt.io", "v1alpha1")
_PLUGIN_GROUP_VERSION = ("plugin.kubevirt.io", "v1alpha1")

# The group versions and kinds of the KubeVirt client scheme at d923fdb8 (register.go of each API
# package). A Go type is printed `*<package>.<Kind>`, and every package is named after its version.
_SCHEME_KINDS: dict[tuple[str, str], tuple[str, ...]] = {
    ("", "v1"): (),
    _BACKUP_GROUP_VERSION: _with_lists("VirtualMachineBackup", "VirtualMachineBackupTracker"),
    ("clone.kubevirt.io", "v1alpha1"): _with_lists("VirtualMachineClone"),
    ("clone.kubevirt.io", "v1beta1"): _with_lists("VirtualMachineClone"),
    ("kubevirt.io", "v1"): _with_lists(
        "VirtualMachineInstance", "VirtualMachineInstanceReplicaSet", "VirtualMachineInstancePreset",
        "VirtualMachineInstanceMigration", "VirtualMachine", "KubeVirt"),
    ("export.kubevirt.io", "v1beta1"): _EXPORT_KINDS,
    ("export.kubevirt.io", "v1"): _EXPORT_KINDS,
    _INSTANCETYPE_GROUP_VERSION: _with_lists(
        VIRTUAL_MACHINE_INSTANCETYPE, VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE,
        VIRTUAL_MACHINE_PREFERENCE, VIRTUAL_MACHINE_CLUSTER_PREFERENCE),
    ("migrations.kubevirt.io", "v1alpha1"): _with_lists("MigrationPolicy"),
    _PLUGIN_GROUP_VERSION: _with_lists("Plugin"),
    ("pool.kubevirt.io", "v1alpha1"): _with_lists("VirtualMachinePool"),
    ("pool.kubevirt.io", "v1beta1"): _with_lists("VirtualMachinePool"),
    ("snapshot.kubevirt.io", "v1alpha1"): _with_lists(
        "VirtualMachineSnapshot", "VirtualMachineSnapshotContent", "VirtualMachineRestore"),
    ("snapshot.kubevirt.io", "v1beta1"): _with_lists(
        "VirtualMachineSnapshot", "VirtualMachineSnapshotContent", "VirtualMachineRestore"),
}


@cache
def scheme_kinds(kubevirt: KubevirtVersion) -> dict[tuple[str, str], tuple[str, ...]]:
    """The group versions and kinds of the client scheme of a KubeVirt release: d923fdb8's
    (``_SCHEME_KINDS``) without ``plugin.kubevirt.io/v1alpha1`` and with ``export.kubevirt.io/v1alpha1``
    instead of ``v1`` before v1.9, and without ``backup.kubevirt.io/v1alpha1`` before v1.8
    (``KubevirtVersion.scheme_has_plugin_api``, ``scheme_has_export_v1``, ``scheme_has_backup_api``)."""
    kinds = dict(_SCHEME_KINDS)
    if not kubevirt.scheme_has_plugin_api:
        del kinds[_PLUGIN_GROUP_VERSION]
    if not kubevirt.scheme_has_export_v1:
        del kinds[("export.kubevirt.io", "v1")]
        kinds[("export.kubevirt.io", "v1alpha1")] = _EXPORT_KINDS
    if not kubevirt.scheme_has_backup_api:
        del kinds[_BACKUP_GROUP_VERSION]
    return kinds


_INSTANCETYPE_KINDS_AND_LISTS = _with_lists(
    VIRTUAL_MACHINE_INSTANCETYPE, VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE,
    VIRTUAL_MACHINE_PREFERENCE, VIRTUAL_MACHINE_CLUSTER_PREFERENCE)
# Group versions only krmfn's scheme has: v1beta2 always, the legacy ones under `convert`.
_KRMFN_KINDS: dict[tuple[str, str], tuple[str, ...]] = {(INSTANCETYPE_GROUP, V1BETA2): _INSTANCETYPE_KINDS_AND_LISTS}
_LEGACY_KINDS: dict[tuple[str, str], tuple[str, ...]] = {
    (INSTANCETYPE_GROUP, version): _INSTANCETYPE_KINDS_AND_LISTS for version in sorted(LEGACY_VERSIONS)}


@record(frozen=True)
class DecodedRevision:
    """A successfully decoded payload: one of the four kinds, its spec (v1beta1, or v1beta2 for a
    v1beta2 payload) and the version whose rules the spec follows."""

    kind: str
    spec: dict
    version: str = V1BETA1


# ---------------------------------------------------------------------------------------------
# Go encodings used inside messages
# ---------------------------------------------------------------------------------------------
def go_quote(text: str) -> str:
    """Go's %q for the strings found in messages (printable text, quotes and backslashes)."""
    return json.dumps(text, ensure_ascii=False)


# ---------------------------------------------------------------------------------------------
# The universal deserializer
# ---------------------------------------------------------------------------------------------
def _group_version_string(group: str, version: str) -> str:
    return f"{group}/{version}" if group else version


def _parse_group_version(api_version: str) -> tuple[str, str] | str:
    """schema.ParseGroupVersion: (group, version), or the error message."""
    if api_version in ("", "/"):
        return "", ""
    parts = api_version.split("/")
    if len(parts) == 1:
        return "", api_version
    if len(parts) == 2:
        return parts[0], parts[1]
    return f"unexpected GroupVersion string: {api_version}"


def _go_type_of(group: str, version: str, kind: str, legacy: str = LEGACY_REJECT,
                kubevirt: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> str | None:
    """The Go type the scheme of ``kubevirt`` creates for group/version/kind, or None when not
    registered."""
    if kind in _UNVERSIONED_KINDS:
        return f"*v1.{kind}"
    kinds = scheme_kinds(kubevirt).get((group, version)) or _KRMFN_KINDS.get((group, version))
    if kinds is None and legacy == LEGACY_CONVERT:
        kinds = _LEGACY_KINDS.get((group, version))
    if kinds is None:
        return None
    if kind in _META_OPTION_KINDS:
        return f"*v1.{kind}"
    if kind in kinds:
        return f"*{version}.{kind}"
    return None


def _interpret_error(data: Any) -> str | None:
    """SimpleMetaFactory.Interpret failing on apiVersion/kind that are not JSON strings."""
    if not isinstance(data, dict):
        return ("couldn't get version/kind; json parse error: json: cannot unmarshal "
                f"{unmarshal_type_name(data)} into Go value of type struct {{ APIVersion string "
                '"json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }')
    for field in ("apiVersion", "kind"):
        value = data.get(field)
        if value is not None and not isinstance(value, str):
            return ("couldn't get version/kind; json parse error: json: cannot unmarshal "
                    f"{unmarshal_type_name(value)} into Go struct field .{field} of type string")
    return None


def decode_payload(data: Any, legacy: str = LEGACY_REJECT,
                   kubevirt: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> DecodedRevision | str:
    """Decode a revision's `data`: the spec of one of the four kinds, or an error message.

    `data` is the ControllerRevision's `data` field as found in the bundle (absent/null = no raw
    bytes, otherwise the embedded object). `legacy` is the legacy policy (`convert` decodes
    v1alpha1/v1alpha2 payloads as KubeVirt did until v1.7).
    """
    if data is None:
        # No raw bytes: nothing is decoded, the (nil) in-memory object fails the type check.
        return UNEXPECTED_TYPE.format("<nil>")
    if legacy == LEGACY_CONVERT:
        # KubeVirt tried the v1alpha1 SpecRevision wrapper before anything else.
        old_spec = legacy_versions.decode_spec_revision(data)
        if old_spec is not None:
            return DecodedRevision(*old_spec)
    interpret_error = _interpret_error(data)
    if interpret_error is not None:
        return DECODE_FAILED.format(interpret_error)
    group_version = _parse_group_version(data.get("apiVersion") or "")
    if isinstance(group_version, str):
        return DECODE_FAILED.format(group_version)
    group, version = group_version
    kind = data.get("kind") or ""
    if not kind:
        return DECODE_FAILED.format(f"Object 'Kind' is missing in '{go_json(data)}'")
    if not version:
        return DECODE_FAILED.format(f"Object 'apiVersion' is missing in '{go_json(data)}'")
    go_type = _go_type_of(group, version, kind, legacy, kubevirt)
    if go_type is None:
        gv = _group_version_string(group, version)
        return DECODE_FAILED.format(
            f"no kind {go_quote(kind)} is registered for version {go_quote(gv)} in scheme "
            f"{go_quote(f'{SCHEME_FILE}:{kubevirt.scheme_line}')}")
    if group != INSTANCETYPE_GROUP or kind not in DEFINITION_KINDS:
        return UNEXPECTED_TYPE.format(go_type)
    spec = data.get("spec")
    if version in LEGACY_VERSIONS:
        converted = legacy_versions.convert_object_spec(kind, version, spec)
        if isinstance(converted, str):
            return DECODE_FAILED.format(converted)
        return DecodedRevision(kind, converted)
    spec = spec if isinstance(spec, dict) else {}
    if kind in PREFERENCE_KINDS:
        spec = _without_missing_preference_fields(spec, kubevirt)
    return DecodedRevision(kind, spec, V1BETA2 if version == V1BETA2 else V1BETA1)


def _without_missing_preference_fields(spec: dict, kubevirt: KubevirtVersion) -> dict:
    """A preference payload as the Go type of ``kubevirt`` decodes it (``json.Unmarshal`` drops
    unknown fields): without the fields that release lacks (``preference_fields_missing``), so a
    v1.8 revision's ``preferredVideoType`` adds no video device. The payload is not changed."""
    for path in preference_fields_missing(kubevirt):
        spec = _without_path(spec, path.split(".")[1:])  # paths start at the object ("spec.")
    return spec


def _without_path(value: dict, keys: list[str]) -> dict:
    """A copy of ``value`` (along the path only) without the field at ``keys``."""
    if keys[0] not in value:
        return value
    if len(keys) == 1:
        return {key: sub for key, sub in value.items() if key != keys[0]}
    inner = value[keys[0]]
    if not isinstance(inner, dict):
        return value
    return {**value, keys[0]: _without_path(inner, keys[1:])}


def _decoded_of_kinds(revision: dict, kinds: tuple[str, ...], legacy: str,
                      version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> DecodedRevision | str:
    decoded = decode_payload(revision.get("data"), legacy, version)
    if isinstance(decoded, str):
        return decoded
    if decoded.kind not in kinds:
        # After decoding (and any conversion) the object is always a v1beta1 Go type.
        return UNEXPECTED_TYPE.format(f"*v1beta1.{decoded.kind}")
    return decoded


def get_instancetype(revision: dict, legacy: str = LEGACY_REJECT,
                     version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> DecodedRevision | str:
    """GetInstancetypeSpec with the payload's kind and rules version, or the error message
    (docs/kubevirt/resolution.md#decoding-a-revision)."""
    return _decoded_of_kinds(revision, INSTANCETYPE_KINDS, legacy, version)


def get_preference(revision: dict, legacy: str = LEGACY_REJECT,
                   version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> DecodedRevision | str:
    """GetPreferenceSpec with the payload's kind and rules version, or the error message
    (docs/kubevirt/resolution.md#decoding-a-revision)."""
    return _decoded_of_kinds(revision, PREFERENCE_KINDS, legacy, version)


def get_instancetype_spec(revision: dict, legacy: str = LEGACY_REJECT) -> dict | str:
    """GetInstancetypeSpec: the instance type spec in a revision, or the error message
    (docs/kubevirt/resolution.md#decoding-a-revision)."""
    decoded = get_instancetype(revision, legacy)
    return decoded if isinstance(decoded, str) else decoded.spec


def get_preference_spec(revision: dict, legacy: str = LEGACY_REJECT) -> dict | str:
    """GetPreferenceSpec: the preference spec in a revision, or the error message
    (docs/kubevirt/resolution.md#decoding-a-revision)."""
    decoded = get_preference(revision, legacy)
    return decoded if isinstance(decoded, str) else decoded.spec

"""The structural schemas of the instance type and preference CRDs, and the API server's checks.

Mirrors what the API server does with the CRDs virt-operator installs
(``pkg/virt-operator/resource/generate/components/crds.go``, schemas generated from
``staging/src/kubevirt.io/api/instancetype/v1beta1/types.go`` and ``core/v1``):

* ``check`` walks an object once and reports both of these (``unknown_fields`` and
  ``schema_errors`` are shorthands):
  * unknown fields: strict field validation (kubectl's default) rejects any field the schema does
    not know, at any depth; the message is ``strict_decoding_message``. The API server finds them
    by pruning (apiextensions-apiserver ``pruning.PruneWithOptions``), which follows the schema's
    shape and not the value's type: an object given where a string or an array belongs has every
    key pruned (``spec.tolerations.key``), an array given where an object belongs has the keys of
    its items pruned (``pruned_paths``); an OpenAPI validator sees a type error there instead;
  * OpenAPI errors (types, required fields, bounds, patterns, enums), as ``SchemaError`` values
    that format either as an API server field error (``crd_cause``) or as kube-openapi's bare
    message (``openapi_message``, used by KubeVirt's webhook schema gates); ``scalar_defaults=True``
    walks as those gates do (KubeVirt's OpenAPI definitions: scalar defaults, any string or number
    for a quantity, the ``gate_enum`` of ``+enum`` Go types);
* ``go_decode_error``: the first error Go's ``json.Unmarshal`` reports when a webhook decodes the
  object into its typed struct (a value of the wrong JSON kind, an integer out of range for its Go
  type, a malformed quantity).

The schemas below were written from the Go types: ``Obj`` is a struct (its JSON fields, required
fields, Go type name), ``MapOf`` a ``map[string]T``, ``ListOf`` a slice, ``Scalar`` a leaf.
``null`` counts as absent everywhere: the API server prunes nulls of non-nullable fields before
validating (and Go decodes them to the zero value).
"""
from __future__ import annotations

import builtins
from collections.abc import Callable, Mapping
from functools import cache

from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.util.webhooks import go_quote
from krmfn.model.kubevirt_version import KubevirtVersion
from krmfn.model.lazy_re import LazyPattern
from krmfn.model.record import field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

QUANTITY_PATTERN = (
    r"^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|"
    r"([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$"
)
_DIGITS = "0123456789"
# QUANTITY_PATTERN's suffixes: binary, decimal (E alone is exa; e or E before a number an exponent).
_QUANTITY_SUFFIXES = frozenset(("Ki", "Mi", "Gi", "Ti", "Pi", "Ei", *"numkMGTPE"))


def matches_quantity_pattern(text: str) -> bool:
    """``text`` matches ``QUANTITY_PATTERN`` (the CRDs' pattern of a Quantity), read left to right
    rather than compiled (a tenth of a one-VM run's pattern compiling): no suffix begins with a digit
    or a dot, so reading each number greedily finds every match the pattern does. The tests hold it
    against the pattern."""
    end = _number_end(text, 1 if text[:1] in ("+", "-") else 0)
    if end is None:
        return False
    rest = text[end:]
    if not rest or rest in _QUANTITY_SUFFIXES:
        return True
    if rest[0] not in "eE":
        return False
    return _number_end(rest, 2 if rest[1:2] in ("+", "-") else 1) == len(rest)


def _number_end(text: str, start: int) -> int | None:
    r"""Where ``[0-9]+(\.[0-9]*)?|\.[0-9]+`` read from ``start`` ends; None if it does not."""
    end = start
    while end < len(text) and text[end] in _DIGITS:
        end += 1
    if end == start and text[start:start + 1] != ".":
        return None
    if text[end:end + 1] == ".":
        end += 1
        fraction = end
        while end < len(text) and text[end] in _DIGITS:
            end += 1
        if start == fraction - 1 and end == fraction:  # a dot alone
            return None
    return end


# Patterns matched by a function of their own rather than compiled.
_PATTERN_MATCHERS = {QUANTITY_PATTERN: matches_quantity_pattern}

STRICT_DECODING_FMT = '{kind} in version "{version}" cannot be handled as a {kind}: strict decoding error: {fields}'

_GO_INT_RANGES: dict[str, tuple[int, int]] = {
    "uint32": (0, (1 << 32) - 1),
    "uint": (0, (1 << 64) - 1),
    "uint64": (0, (1 << 64) - 1),
    "int32": (-(1 << 31), (1 << 31) - 1),
    "int64": (-(1 << 63), (1 << 63) - 1),
    "int": (-(1 << 63), (1 << 63) - 1),
}


# ---------------------------------------------------------------------------------------------
# Schema nodes
# ---------------------------------------------------------------------------------------------
class Node:
    """A schema node."""


@record(frozen=True, eq=False)
class Scalar(Node):
    """A leaf: ``type`` is an OpenAPI type or ``int-or-string`` (a Quantity). ``go`` is its Go type
    where that is not the plain one (an integer type's range is checked when a webhook decodes the
    object; a named type is what a decoding error names, ``go_type_name``). ``enum`` is the
    CRD's (checked everywhere); ``gate_enum`` the one openapi-gen writes into KubeVirt's OpenAPI
    definitions from a ``+enum`` Go type (the Kubernetes ``NodeSelectorOperator``, ...), which the
    CRD does not carry: only the webhooks' ``ValidateSchema`` checks it (``check(...,
    scalar_defaults=True)``)."""

    type: str
    go: str = ""
    minimum: int | None = None
    maximum: int | None = None
    pattern: str | None = None
    enum: tuple[str, ...] = ()
    gate_enum: tuple[str, ...] = ()
    # Derived: the pattern's matcher (a compiled pattern, or the pattern's own function), and the
    # Python type that is valid without further checks (the walk's fast path).
    matcher: Callable[[str], bool] | None = field(init=False, default=None, repr=False)
    fast_type: builtins.type | None = field(init=False, default=None, repr=False)  # `type` is the field above
    # The range of Go's integer type for an integer leaf (what decoding checks beyond the JSON kind).
    go_range: tuple[int, int] | None = field(init=False, default=None, repr=False)

    def __post_init__(self) -> None:
        pattern = self.pattern
        if pattern and pattern.endswith("$"):
            # Go's "$" (not multi-line) is the end of the text; Python's also matches before a final newline.
            pattern = pattern[:-1] + r"\Z"
        matcher = _PATTERN_MATCHERS.get(self.pattern or "") or (_searcher(LazyPattern(pattern)) if pattern else None)
        object.__setattr__(self, "matcher", matcher)
        if not self.enum and not self.gate_enum and self.pattern is None and self.minimum is None \
                and self.maximum is None:
            object.__setattr__(self, "fast_type", {"string": str, "boolean": bool, "integer": int}.get(self.type))
        if self.type == "integer":
            object.__setattr__(self, "go_range", _GO_INT_RANGES.get(self.go, _GO_INT_RANGES["int64"]))

    def matches(self, text: str) -> bool:
        return self.matcher is None or self.matcher(text)


def _searcher(regex: LazyPattern) -> Callable[[str], bool]:
    """A matcher that searches with ``regex`` (compiled when first used)."""
    return lambda text: regex.search(text) is not None


@record(frozen=True, eq=False)
class Obj(Node):
    """A struct. ``open``: unknown fields inside are not reported, either because the CRD keeps
    them (``preserve``: ``x-kubernetes-preserve-unknown-fields``) or because krmfn does not model
    the struct field by field (``krmfn.kubevirt.apiserver.vm_schema.opaque``: the CRD lists its
    properties, so the API server prunes a list's items given in its place)."""

    go_name: str
    props: Mapping[str, Node] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    open: bool = False
    preserve: bool = False


@record(frozen=True, eq=False)
class MapOf(Node):
    values: Node


@record(frozen=True, eq=False)
class ListOf(Node):
    items: Node


@record(frozen=True, eq=False)
class Unchecked(Node):
    """A subtree krmfn does not model: any value, nothing reported."""


STR = Scalar("string")
BOOL = Scalar("boolean")
INT = Scalar("integer", go="int")
INT32 = Scalar("integer", go="int32")
INT64 = Scalar("integer", go="int64")
UINT = Scalar("integer", go="uint")
UINT32 = Scalar("integer", go="uint32")
QUANTITY = Scalar("int-or-string", pattern=QUANTITY_PATTERN)
STR_MAP = MapOf(STR)
ANY = Unchecked()


def empty(go_name: str) -> Obj:
    """An empty Go struct: the object must be ``{}`` (any field in it is unknown)."""
    return Obj(go_name)


# ---------------------------------------------------------------------------------------------
# ObjectMeta (k8s.io/apimachinery meta/v1)
# ---------------------------------------------------------------------------------------------
OWNER_REFERENCE = Obj("OwnerReference", {
    "apiVersion": STR, "kind": STR, "name": STR, "uid": STR, "controller": BOOL, "blockOwnerDeletion": BOOL,
}, required=("apiVersion", "kind", "name", "uid"))

OBJECT_META = Obj("ObjectMeta", {
    "name": STR, "generateName": STR, "namespace": STR, "selfLink": STR, "uid": STR,
    "resourceVersion": STR, "generation": INT64, "creationTimestamp": STR, "deletionTimestamp": STR,
    "deletionGracePeriodSeconds": INT64, "labels": STR_MAP, "annotations": STR_MAP,
    "ownerReferences": ListOf(OWNER_REFERENCE), "finalizers": ListOf(STR), "managedFields": ListOf(ANY),
})

# ---------------------------------------------------------------------------------------------
# core/v1 types the instance type and preference specs embed
# ---------------------------------------------------------------------------------------------
FEATURE_STATE = Obj("FeatureState", {"enabled": BOOL})
VGPU_OPTIONS = Obj("VGPUOptions", {
    "display": Obj("VGPUDisplayOptions", {"enabled": BOOL, "ramFB": FEATURE_STATE}),
})
GPU = Obj("GPU", {
    "name": STR, "deviceName": STR, "claimName": STR, "requestName": STR,
    "virtualGPUOptions": VGPU_OPTIONS, "tag": STR,
}, required=("name",))
HOST_DEVICE = Obj("HostDevice", {
    "name": STR, "deviceName": STR, "claimName": STR, "requestName": STR, "tag": STR,
}, required=("name",))
LAUNCH_SECURITY = Obj("LaunchSecurity", {
    "sev": Obj("SEV", {
        "policy": Obj("SEVPolicy", {"encryptedState": BOOL}),
        "attestation": empty("SEVAttestation"),
        "session": STR,
        "dhCert": STR,
    }),
    "snp": empty("SEVSNP"),
    "tdx": empty("TDX"),
})
CPU_FEATURE = Obj("CPUFeature", {"name": STR, "policy": STR}, required=("name",))
CLOCK_OFFSET = Obj("ClockOffset", {
    "utc": Obj("ClockOffsetUTC", {"offsetSeconds": INT}),
    "timezone": STR,
})
TIMER = Obj("Timer", {
    "hpet": Obj("HPETTimer", {"tickPolicy": STR, "present": BOOL}),
    "kvm": Obj("KVMTimer", {"present": BOOL}),
    "pit": Obj("PITTimer", {"tickPolicy": STR, "present": BOOL}),
    "rtc": Obj("RTCTimer", {"tickPolicy": STR, "present": BOOL, "track": STR}),
    "hyperv": Obj("HypervTimer", {"present": BOOL}),
})
FEATURE_HYPERV = Obj("FeatureHyperv", {
    "relaxed": FEATURE_STATE,
    "vapic": FEATURE_STATE,
    "spinlocks": Obj("FeatureSpinlocks", {"enabled": BOOL, "spinlocks": UINT32}),
    "vpindex": FEATURE_STATE,
    "runtime": FEATURE_STATE,
    "synic": FEATURE_STATE,
    "synictimer": Obj("SyNICTimer", {"enabled": BOOL, "direct": FEATURE_STATE}),
    "reset": FEATURE_STATE,
    "vendorid": Obj("FeatureVendorID", {"enabled": BOOL, "vendorid": STR}),
    "frequencies": FEATURE_STATE,
    "reenlightenment": FEATURE_STATE,
    "tlbflush": Obj("TLBFlush", {"enabled": BOOL, "direct": FEATURE_STATE, "extended": FEATURE_STATE}),
    "ipi": FEATURE_STATE,
    "evmcs": FEATURE_STATE,
})
FEATURE_APIC = Obj("FeatureAPIC", {"enabled": BOOL, "endOfInterrupt": BOOL})
FEATURE_KVM = Obj("FeatureKVM", {"hidden": BOOL})
BLOCK_SIZE = Obj("BlockSize", {
    "custom": Obj("CustomBlockSize", {"logical": UINT, "physical": UINT, "discardGranularity": UINT}),
    "matchVolume": FEATURE_STATE,
})
TPM_DEVICE = Obj("TPMDevice", {"enabled": BOOL, "persistent": BOOL})
EFI = Obj("EFI", {"secureBoot": BOOL, "persistent": BOOL})
NUMA = Obj("NUMA", {"guestMappingPassthrough": empty("NUMAGuestMappingPassthrough")})
REALTIME = Obj("Realtime", {"mask": STR})
HUGEPAGES = Obj("Hugepages", {"pageSize": STR})
DISK_IO_THREADS = Obj("DiskIOThreads", {"supplementalPoolThreadCount": UINT32})

# ---------------------------------------------------------------------------------------------
# instancetype.kubevirt.io/v1beta1 (docs/kubevirt/resources.md#instance-type-spec, #preference-spec)
# ---------------------------------------------------------------------------------------------
INSTANCETYPE_SPEC = Obj("VirtualMachineInstancetypeSpec", {
    "nodeSelector": STR_MAP,
    "schedulerName": STR,
    "cpu": Obj("CPUInstancetype", {
        "guest": UINT32,
        "model": STR,
        "dedicatedCPUPlacement": BOOL,
        "numa": NUMA,
        "isolateEmulatorThread": BOOL,
        "realtime": REALTIME,
        "maxSockets": UINT32,
    }, required=("guest",)),
    "memory": Obj("MemoryInstancetype", {
        "guest": QUANTITY,
        "hugepages": HUGEPAGES,
        "overcommitPercent": Scalar("integer", go="int", minimum=0, maximum=100),
        "maxGuest": QUANTITY,
    }, required=("guest",)),
    "gpus": ListOf(GPU),
    "hostDevices": ListOf(HOST_DEVICE),
    "ioThreadsPolicy": STR,
    "ioThreads": DISK_IO_THREADS,
    "launchSecurity": LAUNCH_SECURITY,
    "annotations": STR_MAP,
}, required=("cpu", "memory"))

PREFERENCE_SPEC = Obj("VirtualMachinePreferenceSpec", {
    "clock": Obj("ClockPreferences", {"preferredClockOffset": CLOCK_OFFSET, "preferredTimer": TIMER}),
    "cpu": Obj("CPUPreferences", {
        "preferredCPUTopology": STR,
        "spreadOptions": Obj("SpreadOptions", {"across": STR, "ratio": UINT32}),
        "preferredCPUFeatures": ListOf(CPU_FEATURE),
    }),
    "devices": Obj("DevicePreferences", {
        "preferredAutoattachGraphicsDevice": BOOL,
        "preferredAutoattachMemBalloon": BOOL,
        "preferredAutoattachPodInterface": BOOL,
        "preferredAutoattachSerialConsole": BOOL,
        "preferredAutoattachInputDevice": BOOL,
        "preferredDisableHotplug": BOOL,
        "preferredVirtualGPUOptions": VGPU_OPTIONS,
        "preferredSoundModel": STR,
        "preferredUseVirtioTransitional": BOOL,
        "preferredInputBus": STR,
        "preferredInputType": STR,
        "preferredDiskBus": STR,
        "preferredLunBus": STR,
        "preferredCdromBus": STR,
        "preferredDiskDedicatedIoThread": BOOL,
        "preferredDiskCache": STR,
        "preferredDiskIO": STR,
        "preferredDiskBlockSize": BLOCK_SIZE,
        "preferredInterfaceModel": STR,
        "preferredRng": empty("Rng"),
        "preferredBlockMultiQueue": BOOL,
        "preferredNetworkInterfaceMultiQueue": BOOL,
        "preferredTPM": TPM_DEVICE,
        "preferredInterfaceMasquerade": empty("InterfaceMasquerade"),
        "preferredPanicDeviceModel": STR,
        "preferredVideoType": STR,
    }),
    "features": Obj("FeaturePreferences", {
        "preferredAcpi": FEATURE_STATE,
        "preferredApic": FEATURE_APIC,
        "preferredHyperv": FEATURE_HYPERV,
        "preferredKvm": FEATURE_KVM,
        "preferredPvspinlock": FEATURE_STATE,
        "preferredSmm": FEATURE_STATE,
    }),
    "firmware": Obj("FirmwarePreferences", {
        "preferredUseBios": BOOL,
        "preferredUseBiosSerial": BOOL,
        "preferredUseEfi": BOOL,
        "preferredUseSecureBoot": BOOL,
        "preferredEfi": EFI,
    }),
    "machine": Obj("MachinePreferences", {"preferredMachineType": STR}),
    "volumes": Obj("VolumePreferences", {"preferredStorageClassName": STR}),
    "preferredSubdomain": STR,
    "preferredTerminationGracePeriodSeconds": INT64,
    "requirements": Obj("PreferenceRequirements", {
        "cpu": Obj("CPUPreferenceRequirement", {"guest": UINT32}, required=("guest",)),
        "memory": Obj("MemoryPreferenceRequirement", {"guest": QUANTITY}, required=("guest",)),
        "architecture": STR,
    }),
    "annotations": STR_MAP,
    "preferSpreadSocketToCoreRatio": UINT32,
    "preferredArchitecture": STR,
    "preferredLaunchSecurity": LAUNCH_SECURITY,
})


def with_props(node: Obj, props: Mapping[str, Node | None] | None = None,
               required: tuple[str, ...] | None = None) -> Obj:
    """A copy of a struct with properties added or replaced (None removes one) and, optionally,
    other required fields."""
    merged = dict(node.props)
    for name, sub in (props or {}).items():
        if sub is None:
            merged.pop(name, None)
        else:
            merged[name] = sub
    return Obj(node.go_name, merged, node.required if required is None else required, node.open, node.preserve)


def without_fields(node: Obj, *paths: str) -> Obj:
    """A copy of a struct without the fields at ``paths`` (dotted, through structs and the items
    of lists and maps): the schema of a release that does not have them yet."""
    result = node
    for path in paths:
        stripped = _without(result, path.split("."))
        assert isinstance(stripped, Obj)  # a struct stays a struct
        result = stripped
    return result


def _without(node: Node, keys: list[str]) -> Node:
    if isinstance(node, (ListOf, MapOf)):
        inner = node.items if isinstance(node, ListOf) else node.values
        stripped = _without(inner, keys)
        return ListOf(stripped) if isinstance(node, ListOf) else MapOf(stripped)
    if not isinstance(node, Obj) or keys[0] not in node.props:
        return node
    if len(keys) == 1:
        return with_props(node, {keys[0]: None})
    return with_props(node, {keys[0]: _without(node.props[keys[0]], keys[1:])})


def _object(go_name: str, spec: Obj) -> Obj:
    return Obj(go_name, {"apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": spec},
               required=("spec",))


# The webhooks decode both scopes into the namespaced Go type (GetInstanceTypeSpecFromAdmissionRequest).
INSTANCETYPE = _object("VirtualMachineInstancetype", INSTANCETYPE_SPEC)
PREFERENCE = _object("VirtualMachinePreference", PREFERENCE_SPEC)


def preference_fields_missing(version: KubevirtVersion) -> tuple[str, ...]:
    """The preference fields (dotted paths from the object) that the Go type and CRD of a KubeVirt
    release lack: ``preferredVideoType`` (``KubevirtVersion.has_preference_video_type``) and
    ``preferredLaunchSecurity`` (``has_preference_launch_security``) before v1.9, Hyper-V
    ``tlbflush.direct`` and ``extended`` (``has_hyperv_tlbflush_options``) before v1.8."""
    return tuple(path for path, known in (
        ("spec.devices.preferredVideoType", version.has_preference_video_type),
        ("spec.preferredLaunchSecurity", version.has_preference_launch_security),
        ("spec.features.preferredHyperv.tlbflush.direct", version.has_hyperv_tlbflush_options),
        ("spec.features.preferredHyperv.tlbflush.extended", version.has_hyperv_tlbflush_options),
    ) if not known)


@cache
def preference_schema(version: KubevirtVersion) -> Obj:
    """The preference CRD schema of a KubeVirt release (without ``preference_fields_missing``)."""
    missing = preference_fields_missing(version)
    return without_fields(PREFERENCE, *missing) if missing else PREFERENCE

# ---------------------------------------------------------------------------------------------
# instancetype.kubevirt.io/v1beta2: krmfn's own version (design proposals "custom sizes" and
# "instance type CPU topology", never merged): cpu, memory and both guests are optional, and
# cpu.topology (core/v1 CPUTopology) may replace cpu.guest. Preferences are unchanged.
# ---------------------------------------------------------------------------------------------
CPU_TOPOLOGY = Obj("CPUTopology", {"sockets": UINT32, "cores": UINT32, "threads": UINT32})
_CPU_V1BETA1 = INSTANCETYPE_SPEC.props["cpu"]
_MEMORY_V1BETA1 = INSTANCETYPE_SPEC.props["memory"]
INSTANCETYPE_SPEC_V1BETA2 = with_props(INSTANCETYPE_SPEC, {
    "cpu": with_props(_CPU_V1BETA1, {"topology": CPU_TOPOLOGY}, required=()),  # type: ignore[arg-type]
    "memory": with_props(_MEMORY_V1BETA1, required=()),  # type: ignore[arg-type]
}, required=())
INSTANCETYPE_V1BETA2 = _object("VirtualMachineInstancetype", INSTANCETYPE_SPEC_V1BETA2)

# ---------------------------------------------------------------------------------------------
# instancetype.kubevirt.io/v1alpha1 and v1alpha2 specs (KubeVirt v1.6 types, removed in v1.7):
# what a legacy ControllerRevision payload decodes into before its conversion to v1beta1.
# ---------------------------------------------------------------------------------------------
INSTANCETYPE_SPEC_V1ALPHA = Obj("VirtualMachineInstancetypeSpec", {
    "cpu": Obj("CPUInstancetype", {
        "guest": UINT32, "model": STR, "dedicatedCPUPlacement": BOOL, "numa": NUMA,
        "isolateEmulatorThread": BOOL, "realtime": REALTIME,
    }),
    "memory": Obj("MemoryInstancetype", {"guest": QUANTITY, "hugepages": HUGEPAGES}),
    "gpus": ListOf(GPU),
    "hostDevices": ListOf(HOST_DEVICE),
    "ioThreadsPolicy": STR,
    "launchSecurity": LAUNCH_SECURITY,
})
_V1ALPHA_DEVICE_PREFERENCES = tuple(
    name for name in PREFERENCE_SPEC.props["devices"].props  # type: ignore[attr-defined]
    if name not in ("preferredInterfaceMasquerade", "preferredPanicDeviceModel", "preferredVideoType"))
PREFERENCE_SPEC_V1ALPHA1 = Obj("VirtualMachinePreferenceSpec", {
    "clock": PREFERENCE_SPEC.props["clock"],
    "cpu": Obj("CPUPreferences", {"preferredCPUTopology": STR}),
    "devices": Obj("DevicePreferences", {
        name: PREFERENCE_SPEC.props["devices"].props[name]  # type: ignore[attr-defined]
        for name in _V1ALPHA_DEVICE_PREFERENCES}),
    "features": PREFERENCE_SPEC.props["features"],
    "firmware": Obj("FirmwarePreferences", {
        "preferredUseBios": BOOL, "preferredUseBiosSerial": BOOL, "preferredUseEfi": BOOL,
        "preferredUseSecureBoot": BOOL,
    }),
    "machine": PREFERENCE_SPEC.props["machine"],
})
PREFERENCE_SPEC_V1ALPHA2 = with_props(PREFERENCE_SPEC_V1ALPHA1, {"volumes": PREFERENCE_SPEC.props["volumes"]})


# ---------------------------------------------------------------------------------------------
# JSON typing of plain values (as kubectl sends them)
# ---------------------------------------------------------------------------------------------
def json_type(value: Any) -> str:
    """The JSON type kube-openapi sees. An integral float is sent as an integer (Go's JSON
    encoder prints ``2.0`` as ``2``); timestamps the YAML loader typed are strings."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "integer" if value.is_integer() and abs(value) < 1e21 else "number"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    return "string"


def _as_text(value: Any) -> str:
    if hasattr(value, "isoformat"):  # a datetime or date, from a caller's own data (never krmfn's reading)
        return str(value.isoformat())
    return str(value)


def go_value(value: Any) -> str:
    """A bad value as ``field.Error`` prints it: strings quoted, numbers and bools plain."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e21:
        return str(int(value))
    if isinstance(value, (int, float)):
        return repr(value)
    return go_quote(_as_text(value))


def join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


# ---------------------------------------------------------------------------------------------
# Strict field validation and OpenAPI validation: one walk collects both
# ---------------------------------------------------------------------------------------------
REQUIRED = "required"
INVALID_TYPE = "type"
MINIMUM = "minimum"
MAXIMUM = "maximum"
PATTERN = "pattern"
ENUM = "enum"


_LIST_INDEX = LazyPattern(r"\[[0-9]+\]")


def openapi_path(path: str) -> str:
    """A field path as KubeVirt's ``ValidateSchema`` names it: go-openapi/validate v0.24 (vendored
    at v1.7.4, v1.8.4 and d923fdb8) names everything inside a list item by the list's path, without
    the index (``schemaSliceValidator.Validate`` builds the item's validators with the list's path
    and only then ``SetPath``s the item's own): golden ``minimized/vmi-emptydisk-no-capacity``,
    ``spec.volumes.emptyDisk.capacity in body is required``."""
    return _LIST_INDEX.sub("", path) if "[" in path else path


@record(frozen=True)
class SchemaError:
    """One OpenAPI validation failure: ``message`` is kube-openapi's text (``<path> in body ...``),
    ``value`` the bad value the API server's field error prints."""

    code: str
    path: str
    message: str
    value: Any = None
    allowed: tuple[str, ...] = ()

    def openapi_message(self) -> str:
        """The bare message of KubeVirt's webhook schema gates (``ValidateSchema``), at the path
        ``openapi_path`` writes."""
        if not self.message.startswith(self.path):
            return self.message
        return openapi_path(self.path) + self.message[len(self.path):]

    def crd_cause(self) -> tuple[str, str]:
        """(field, message) of the API server's Invalid status for a custom resource."""
        if self.code == REQUIRED:
            return self.path, "Required value"
        if self.code == ENUM:
            supported = ", ".join(go_quote(v) for v in self.allowed)
            return self.path, f"Unsupported value: {go_value(self.value)}: supported values: {supported}"
        return self.path, f"Invalid value: {go_value(self.value)}: {self.message}"


@record
class SchemaReport:
    """What one walk over an object found.

    * ``unknown``: the fields a struct does not declare (sorted), what an OpenAPI validator or
      Go's strict decoding finds: a value of the wrong JSON type is a type error, nothing inside
      it is looked at;
    * ``errors``: the OpenAPI errors (at each object the missing required fields first, then the
      fields in key order, depth first);
    * ``pruned``: the API server's strict field validation of a resource (``value`` is the whole
      object), in its order (``pruned_paths``): the fields it prunes, including those under a
      value of the wrong JSON type;
    * ``go_decodes``: the walk was asked to (``check(..., go_decoding=True)``) and found nothing
      Go's decoding refuses, so ``go_decode_failure_of`` need not walk the object again.
    """

    unknown: list[str] = field(default_factory=list)
    errors: list[SchemaError] = field(default_factory=list)
    pruned: list[str] = field(default_factory=list)
    go_decodes: bool = False


# What Go decodes into the webhook's types even though the schema refuses it: a missing field, a
# value out of an enum or a range. A wrong type or a string off its pattern (a quantity) does not.
_DECODABLE_CODES = frozenset({REQUIRED, MINIMUM, MAXIMUM, ENUM})


def decodable(report: SchemaReport | None) -> bool:
    """Whether a webhook could still read the object whose schema errors ``report`` holds."""
    return report is None or all(error.code in _DECODABLE_CODES for error in report.errors)


def check(value: Any, node: Node, scalar_defaults: bool = False, go_decoding: bool = False) -> SchemaReport:
    """Walk ``value`` against ``node`` once.

    ``scalar_defaults``: KubeVirt's own schema gate (openapi-gen definitions) gives every
    non-pointer scalar a default (``""``, ``0``, ``false``), and the validator does not report a
    missing required property that has a default; only required objects count there (golden
    ``preference-fields/devices-inputs-bus-type``: an input without ``type`` is admitted, while
    ``admission/vm-missing-devices`` is rejected).

    ``go_decoding``: the same walk also judges what Go's decoding into ``node`` looks at beyond the
    OpenAPI types (an integer's range, a quantity's text) and sets ``report.go_decodes`` when
    nothing fails there and no OpenAPI error was found (a wrong JSON kind is one), so that
    ``go_decode_failure_of`` answers without a second walk.
    """
    walk = _Walk(scalar_defaults, False, go_decoding)
    report = SchemaReport(go_decodes=go_decoding)
    _walk(value, node, "", report, walk)
    if report.errors:
        # Errors are rare: only then walk again in key order, the order the API server reports.
        walk = _Walk(scalar_defaults, True)
        report = SchemaReport()
        _walk(value, node, "", report, walk)
    if report.unknown or report.pruned:
        report.pruned = pruned_paths(value, node, report, walk)
    report.unknown.sort()
    return report


@record(frozen=True)
class _Walk:
    scalar_defaults: bool
    sort_keys: bool
    go_decoding: bool = False

    def keys(self, value: dict) -> Any:
        if not self.sort_keys:
            return value
        try:
            return sorted(value)
        except TypeError:  # keys of mixed types (a YAML loader can produce int keys)
            return sorted(value, key=str)


def _in_object_meta(path: str) -> bool:
    """Whether ``path`` (from a resource's root) lies in its ObjectMeta."""
    return path.startswith("metadata") and (len(path) == 8 or path[8] in ".[")


def pruned_paths(value: Any, node: Node, report: SchemaReport, walk: _Walk) -> list[str]:
    """The unknown fields strict field validation lists for the resource ``value``, in the order
    of ``unstructuredSchemaCoercer.apply`` (apiextensions-apiserver
    ``pkg/apiserver/customresource_handler.go``): first ObjectMeta's, which
    ``GetObjectMetaWithOptions`` (``pkg/apiserver/schema/objectmeta/coerce.go``) finds by decoding
    ``metadata`` strictly into ``metav1.ObjectMeta`` (``sigs.k8s.io/json``, case-sensitive, keys in
    the sorted order of the re-encoded map, depth first), then the paths
    ``pruning.PruneWithOptions`` (``pkg/apiserver/schema/pruning/algorithm.go``) drops, sorted
    (Go's ``sort.Strings``). Neither list is deduplicated or capped further.

    ``report`` holds the walk's ``unknown`` fields and, in ``pruned``, what the walk found under
    values of the wrong JSON type (``_prune_untyped``)."""
    meta = [path for path in report.unknown if _in_object_meta(path)]
    rest = [path for path in report.unknown if not _in_object_meta(path)] + report.pruned
    if len(meta) > 1 and not walk.sort_keys and isinstance(value, dict) and isinstance(node, Obj) \
            and isinstance(value.get("metadata"), dict) and "metadata" in node.props:
        # The walk went in the object's key order: walk ObjectMeta again in Go's.
        again = SchemaReport()
        _walk(value["metadata"], node.props["metadata"], "metadata", again, _Walk(walk.scalar_defaults, True))
        meta = again.unknown
    return meta + sorted(rest)


def _prune_untyped(value: Any, path: str, report: SchemaReport) -> None:
    """What ``pruning.prune`` records under a value of the wrong JSON type for its schema: a
    schema without ``properties`` or ``additionalProperties`` (a scalar, an array) prunes every
    key of an object given in its place, and one without ``items`` (an object, a map, a scalar)
    prunes the items of an array with no schema at all (an item that is an object loses every
    key, an array's items go the same way, scalars stay). The key's value is not looked into.
    ObjectMeta is decoded by Go instead (a wrong type there fails the decoding)."""
    if not _in_object_meta(path):
        _record_untyped(value, path, report.pruned)


def _record_untyped(value: Any, path: str, paths: list[str]) -> None:
    if type(value) is dict:
        paths.extend(join(path, str(key)) for key in value)
    elif type(value) is list:
        for index, item in enumerate(value):
            _record_untyped(item, f"{path}[{index}]", paths)


def unknown_fields(value: Any, node: Node) -> list[str]:
    """Every field of ``value`` the schema does not know, as dotted paths (list items ``[i]``)."""
    return check(value, node).unknown


def schema_errors(value: Any, node: Node, scalar_defaults: bool = False) -> list[SchemaError]:
    """The OpenAPI errors of ``value`` against ``node`` (see ``check``)."""
    return check(value, node, scalar_defaults).errors


def strict_decoding_message(kind: str, version: str, paths: list[str]) -> str:
    """``<Kind> in version "<v>" cannot be handled as a <Kind>: strict decoding error: unknown
    field "<p1>", unknown field "<p2>"`` (golden ``admission/it-unknown-field``, ``vm-unknown-field``)."""
    fields = ", ".join(f'unknown field "{path}"' for path in paths)
    return STRICT_DECODING_FMT.format(kind=kind, version=version, fields=fields)


def _type_error(path: str, expected: str, actual: str) -> SchemaError:
    return SchemaError(INVALID_TYPE, path, f'{path} in body must be of type {expected}: "{actual}"', actual)


def _walk(value: Any, node: Node, path: str, report: SchemaReport, walk: _Walk) -> None:
    """``value`` is not None. Child paths are only built for containers and for errors."""
    node_type = type(node)
    if node_type is Scalar:
        _check_scalar(value, node, path, report, walk)  # type: ignore[arg-type]
    elif node_type is Obj:
        if type(value) is not dict:
            report.errors.append(_type_error(path, "object", json_type(value)))
            if not node.preserve:  # type: ignore[attr-defined]  # skipPrune: an array's items have no schema
                _prune_untyped(value, path, report)
            return
        _walk_object(value, node, path, report, walk)  # type: ignore[arg-type]
    elif node_type is ListOf:
        if type(value) is not list:
            report.errors.append(_type_error(path, "array", json_type(value)))
            _prune_untyped(value, path, report)
            return
        items = node.items  # type: ignore[attr-defined]
        for index, item in enumerate(value):
            if item is not None:
                _walk(item, items, f"{path}[{index}]", report, walk)
    elif node_type is MapOf:
        if type(value) is not dict:
            report.errors.append(_type_error(path, "object", json_type(value)))
            _prune_untyped(value, path, report)
            return
        values = node.values  # type: ignore[attr-defined]
        for key in walk.keys(value):
            if value[key] is not None:
                _walk(value[key], values, join(path, str(key)), report, walk)


def _walk_object(value: dict, node: Obj, path: str, report: SchemaReport, walk: _Walk) -> None:
    # The hot loop of admission (every field of every VM): objects and lists of objects are
    # walked here directly; _walk handles the rest and every type error.
    props = node.props
    for name in node.required:
        if value.get(name) is None and not (walk.scalar_defaults and type(props.get(name)) is Scalar):
            required_path = join(path, name)
            report.errors.append(SchemaError(REQUIRED, required_path, f"{required_path} in body is required"))
    for key, child in (value.items() if not walk.sort_keys else [(k, value[k]) for k in walk.keys(value)]):
        sub = props.get(key)
        if sub is None:
            if not node.open:
                report.unknown.append(join(path, str(key)))
            continue
        if child is None:
            continue
        sub_type = type(sub)
        if sub_type is Scalar:
            if type(child) is not sub.fast_type:  # type: ignore[attr-defined]  # sub is a Scalar
                _check_scalar(child, sub, join(path, key), report, walk)  # type: ignore[arg-type]
            elif sub.go_range is not None and not sub.go_range[0] <= child <= sub.go_range[1]:  # type: ignore
                report.go_decodes = False
        elif sub_type is Obj and type(child) is dict:
            _walk_object(child, sub, f"{path}.{key}" if path else key, report, walk)  # type: ignore[arg-type]
        elif sub_type is ListOf and type(child) is list and type(sub.items) is Obj:  # type: ignore[attr-defined]
            items = sub.items  # type: ignore[attr-defined]
            child_path = f"{path}.{key}" if path else key
            for index, item in enumerate(child):
                if type(item) is dict:
                    _walk_object(item, items, f"{child_path}[{index}]", report, walk)
                elif item is not None:
                    _walk(item, items, f"{child_path}[{index}]", report, walk)
        elif sub_type is not Unchecked:
            _walk(child, sub, join(path, key), report, walk)


# The type KubeVirt's OpenAPI definitions give resource.Quantity (``LoadOpenAPISpec`` of
# pkg/util/openapi/openapi.go): any JSON string or number, no pattern; Quantity.UnmarshalJSON judges
# the text when the webhook decodes the object (``go_decode_error``).
GATE_QUANTITY_TYPES = ("string", "integer", "number")


def _check_scalar(value: Any, node: Scalar, path: str, report: SchemaReport, walk: _Walk) -> None:
    """One leaf; ``walk.scalar_defaults``: KubeVirt's ``ValidateSchema`` (its OpenAPI definitions),
    not the CRD."""
    if walk.go_decoding and report.go_decodes and _decode_scalar(value, node, "", "", "") is not None:
        report.go_decodes = False
    gate = walk.scalar_defaults
    errors = report.errors
    kind = node.type
    actual = json_type(value)
    if kind == "int-or-string" and gate:
        if actual not in GATE_QUANTITY_TYPES:
            errors.append(_type_error(path, ",".join(GATE_QUANTITY_TYPES), actual))
        return
    if kind == "int-or-string":
        if actual not in ("integer", "string"):
            errors.append(_type_error(path, "integer,string", actual))
            _prune_untyped(value, path, report)
        elif actual == "string" and not node.matches(_as_text(value)):
            errors.append(SchemaError(PATTERN, path, f"{path} in body should match '{node.pattern}'", _as_text(value)))
        return
    if actual != kind and not (kind == "number" and actual == "integer"):
        errors.append(_type_error(path, kind, actual))
        _prune_untyped(value, path, report)
        return
    if node.minimum is not None and value < node.minimum:
        message = f"{path} in body should be greater than or equal to {node.minimum}"
        errors.append(SchemaError(MINIMUM, path, message, value))
    if node.maximum is not None and value > node.maximum:
        message = f"{path} in body should be less than or equal to {node.maximum}"
        errors.append(SchemaError(MAXIMUM, path, message, value))
    if node.pattern is not None and actual == "string" and not node.matches(_as_text(value)):
        errors.append(SchemaError(PATTERN, path, f"{path} in body should match '{node.pattern}'", value))
    enum = node.enum or (node.gate_enum if gate else ())
    if enum and value not in enum:
        errors.append(SchemaError(ENUM, path, f"{path} in body should be one of [{' '.join(enum)}]", value, enum))


# ---------------------------------------------------------------------------------------------
# Go decoding (what a webhook's json.Unmarshal into the typed object rejects)
# ---------------------------------------------------------------------------------------------
# Go types with an UnmarshalJSON method that decodes the data into an alias type with a fresh
# json.Unmarshal (staging/src/kubevirt.io/api/core/v1: types.go VirtualMachineInstanceSpec, schema.go
# DHCPOptions and PodNetwork, the same at v1.7.4, v1.8.4 and d923fdb8): an error below one of them
# is that inner call's, so it names the alias as its root and the path from there.
GO_UNMARSHAL_ALIASES: dict[str, str] = {
    "VirtualMachineInstanceSpec": "VMISpecAlias",
    "DHCPOptions": "DHCPOptionsAlias",
    "PodNetwork": "PodNetworkAlias",
}
# The Go package name (``reflect.Type.String()``'s prefix) of the structs whose package is not a
# ``v1`` (KubeVirt's core/v1, Kubernetes' core/v1 and meta/v1 all are), where a JSON value of the
# wrong kind can reach the decoder: the clone mutator's ``ValidateSchema`` checks nothing below
# ``spec`` (see ``krmfn.kubevirt.apiserver.clone_schema``).
GO_PACKAGES: dict[str, str] = {
    "VirtualMachineClone": "v1beta1",
    "VirtualMachineCloneSpec": "v1beta1",
    "VirtualMachineCloneTemplateFilters": "v1beta1",
    "VirtualMachineCloneStatus": "v1beta1",
}
_GO_SCALAR_TYPES = {"string": "string", "boolean": "bool", "integer": "int64", "number": "float64",
                    "int-or-string": "resource.Quantity"}
# What encoding/json calls a JSON value of the wrong kind.
_JSON_KIND_NAMES = {"string": "string", "integer": "number", "number": "number", "boolean": "bool",
                    "array": "array", "object": "object"}


def go_type_name(node: Node) -> str:
    """The Go type a schema node decodes into, as ``reflect.Type.String()`` prints it."""
    if isinstance(node, Scalar):
        return node.go or _GO_SCALAR_TYPES.get(node.type, node.type)
    if isinstance(node, ListOf):
        return "[]" + go_type_name(node.items)
    if isinstance(node, MapOf):
        return "map[string]" + go_type_name(node.values)
    if isinstance(node, Obj):
        return f"{GO_PACKAGES.get(node.go_name, 'v1')}.{node.go_name}"
    return "interface {}"


def go_decode_error(value: Any, node: Node, root: str) -> str | None:
    """The error ``json.Unmarshal`` returns when a webhook decodes ``value`` into ``node``'s Go
    type, or None; ``root`` names the type of the value Unmarshal is given (see
    ``go_decode_failure``)."""
    failure = go_decode_failure(value, node, root)
    return failure[0] if failure else None


def go_decode_failure(value: Any, node: Node, root: str) -> tuple[str, str] | None:
    """``go_decode_error`` with the field it is about, as krmfn writes paths (list items ``[i]``):
    (message, path).

    Mirrors ``encoding/json`` as KubeVirt's recorded answers show it: the v1 API implemented on
    ``encoding/json/v2`` with its legacy error semantics (Go 1.25's ``jsonv2`` experiment, the
    default since Go 1.27; ``v2_inject.go`` ``transformUnmarshalError``). The object is decoded in
    the key order of the JSON the webhook receives (sorted); no error stops the decoding but a
    syntax error, and the first one is returned:

    * a JSON value of the wrong kind: ``json: cannot unmarshal string into Go struct field
      .spec.labelFilters of type []string`` (golden ``clone/r7001-0077``);
    * an integer its Go type cannot hold: ``json: cannot unmarshal number -2 into Go struct field
      VMISpecAlias.domain.cpu.cores of type uint32`` (golden ``vmi/r7001-0045``);
    * a quantity ``Quantity.UnmarshalJSON`` refuses: its bare error, ``quantities must match the
      regular expression '...'`` (golden ``vmi/r7001-0087``; a method's error is returned as is).

    The struct field is named ``<root>.<path>``: ``root`` is the name of the type Unmarshal was
    given a pointer to (``VirtualMachineInstance`` for ``json.Unmarshal(raw, &vmi)``; ``""`` when that
    is itself a pointer, as the clone mutator's ``&vmCloneOrig``), and the path every key and list
    index from there, dot-separated; a path that ends with an index drops ``Go struct field``. An
    error below a type of ``GO_UNMARSHAL_ALIASES`` comes from its own Unmarshal: rooted at the alias.
    """
    return _decode(value, node, root, "", "")


def go_decode_failure_of(report: SchemaReport, value: Any, node: Node, root: str) -> tuple[str, str] | None:
    """``go_decode_failure`` after ``report = check(value, node, ..., go_decoding=True)``: None
    without another walk when that walk found nothing Go's decoding refuses (the usual object)."""
    return None if report.go_decodes else go_decode_failure(value, node, root)


def _unmarshal_type_error(value: str, node: Node, root: str, field: str) -> str:
    go_type = go_type_name(node)
    if not field:
        return f"json: cannot unmarshal {value} into Go value of type {go_type}"
    into = "" if field.rsplit(".", 1)[-1].isdigit() else "Go struct field "
    return f"json: cannot unmarshal {value} into {into}{root}.{field} of type {go_type}"


def _decode(value: Any, node: Node, root: str, field: str, located: str) -> tuple[str, str] | None:
    if value is None:  # null leaves a Go value as it is
        return None
    if isinstance(node, Scalar):
        return _decode_scalar(value, node, root, field, located)
    if isinstance(node, Obj):
        alias = GO_UNMARSHAL_ALIASES.get(node.go_name)
        if alias is not None:
            root, field = alias, ""
            node = Obj(alias, node.props, node.required, node.open)
        if type(value) is not dict:
            return _unmarshal_type_error(_JSON_KIND_NAMES[json_type(value)], node, root, field), located
        for key in sorted(value, key=str):
            sub = node.props.get(key)
            if sub is not None:
                failure = _decode(value[key], sub, root, join(field, str(key)), join(located, str(key)))
                if failure:
                    return failure
    elif isinstance(node, ListOf):
        if type(value) is not list:
            return _unmarshal_type_error(_JSON_KIND_NAMES[json_type(value)], node, root, field), located
        for index, item in enumerate(value):
            failure = _decode(item, node.items, root, f"{field}.{index}", f"{located}[{index}]")
            if failure:
                return failure
    elif isinstance(node, MapOf):
        if type(value) is not dict:
            return _unmarshal_type_error(_JSON_KIND_NAMES[json_type(value)], node, root, field), located
        for key in sorted(value, key=str):
            failure = _decode(value[key], node.values, root, join(field, str(key)), join(located, str(key)))
            if failure:
                return failure
    return None


def _decode_scalar(value: Any, node: Scalar, root: str, field: str, located: str) -> tuple[str, str] | None:
    actual = json_type(value)
    if node.type == "int-or-string":  # resource.Quantity: its UnmarshalJSON parses any JSON text
        return _decode_quantity(value, located)
    if node.type == "integer" and actual == "integer":
        low, high = _GO_INT_RANGES.get(node.go, _GO_INT_RANGES["int64"])
        number = int(value)
        if not low <= number <= high:
            return _unmarshal_type_error(f"number {number}", node, root, field), located
        return None
    if node.type == "integer" and actual == "number":  # strconv refuses the fraction
        return _unmarshal_type_error(f"number {value!r}", node, root, field), located
    if actual == node.type or (node.type == "number" and actual == "integer"):
        return None
    return _unmarshal_type_error(_JSON_KIND_NAMES[actual], node, root, field), located


def _decode_quantity(value: Any, located: str) -> tuple[str, str] | None:
    """``Quantity.UnmarshalJSON`` (k8s.io/apimachinery/pkg/api/resource): the trimmed text of a
    string, a number's JSON text, anything else as written, through ``ParseQuantity``."""
    parsed = quantity.parse(value)
    return (parsed.message, located) if isinstance(parsed, quantity.QuantityError) else None

"""The volumes of a VMI spec.

Mirrors ``validateVolumes`` in ``pkg/virt-api/webhooks/validating-webhook/admitters/
vmi-create-admitter.go`` (d923fdb8), which ``ValidateVirtualMachineInstanceSpec`` calls with the
path ``<spec>.volumes``. Per volume, in this order: a name already used by an earlier volume, a
``dataVolume`` without a name, not exactly one source, the cloud-init data (one user data source and
one network data source at most, valid base64, 2048 bytes at most each, at least one of them), the
DownwardMetrics and HostDisk feature gates, the hostDisk fields, the configMap, secret and
serviceAccount names; then, for the whole list, more than one serviceAccount, downwardMetrics or
memoryDump volume.

Oddities kept, byte for byte: a dataVolume without a name is reported on the volume's ``name``; the
base64 messages repeat the source and key (``<vol>.cloudInitNoCloud.userDataBase64.cloudInitNoCloud
.userDataBase64 is not a valid base64 value.``); a volume with both cloud-init sources is judged on
its ``cloudInitNoCloud``; the size of invalid base64 is what Go decoded before the error.

A source is set when its key is present and not null (Go's nil pointer); a field of the wrong JSON
type reads as Go's zero value.
"""
from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet

from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_NOT_FOUND,
    CAUSE_FIELD_VALUE_REQUIRED,
    Cause,
)
from krmfn.model.reasons import needs_feature_gate
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_str
from krmfn.model.lazy_re import LazyPattern

HOST_DISK_GATE = "HostDisk"
DOWNWARD_METRICS_GATE = "DownwardMetrics"
CLOUD_INIT_USER_MAX_LEN = 2048
CLOUD_INIT_NETWORK_MAX_LEN = 2048
HOST_DISK_EXISTS = "Disk"
HOST_DISK_EXISTS_OR_CREATE = "DiskOrCreate"
# The members of VolumeSource, in the order validateVolumes counts them.
VOLUME_SOURCES = ("persistentVolumeClaim", "sysprep", "cloudInitNoCloud", "cloudInitConfigDrive", "containerDisk",
                  "ephemeral", "emptyDisk", "hostDisk", "dataVolume", "configMap", "secret", "downwardAPI",
                  "serviceAccount", "downwardMetrics", "memoryDump", "containerPath")

SAME_NAME_FMT = "{} and {} must not have the same Name."
DATA_VOLUME_NAME_REQUIRED = "DataVolume 'name' must be set"
ONE_SOURCE_FMT = "{} must have exactly one source type set"
INVALID_BASE64_FMT = "{}.{}.{} is not a valid base64 value."
ONE_USER_DATA_SOURCE_FMT = "{} must have only one userdatasource set."
USER_DATA_TOO_LONG_FMT = "{} userdata exceeds {} byte limit. Should use UserDataSecretRef for larger data."
ONE_NETWORK_DATA_SOURCE_FMT = "{} must have only one networkdata source set."
NETWORK_DATA_TOO_LONG_FMT = ("{} networkdata exceeds {} byte limit. Should use NetworkDataSecretRef for larger "
                             "data.")
NO_DATA_SOURCE_FMT = "{} must have at least one userdatasource or one networkdatasource set."
DOWNWARD_METRICS_GATE_DISABLED = "downwardMetrics disks are not allowed: DownwardMetrics feature gate is not enabled."
HOST_DISK_GATE_DISABLED = "HostDisk feature gate is not enabled"
HOST_DISK_PATH_REQUIRED_FMT = "{} is required for hostDisk volume"
HOST_DISK_TYPE_FMT = "{} has invalid value '{}', allowed are '" + HOST_DISK_EXISTS + "' or '" \
    + HOST_DISK_EXISTS_OR_CREATE + "'"
HOST_DISK_CAPACITY_FMT = "{} is allowed to pass only with {} equal to '" + HOST_DISK_EXISTS_OR_CREATE + "'"
REQUIRED_FIELD_FMT = "{} is a required field"
MAX_ONE_SERVICE_ACCOUNT_FMT = "{} must have max one serviceAccount volume set"
MAX_ONE_DOWNWARD_METRICS_FMT = "{} must have max one downwardMetric volume set"
MAX_ONE_MEMORY_DUMP_FMT = "{} must have max one memory dump volume set"

_BASE64_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_NEWLINES = b"\r\n"
_PAD = ord("=")
# Base64 that Go decodes without an error: whole quanta without newlines, the last possibly padded.
_PADDED_BASE64_RE = LazyPattern(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")

_VOLUME_SOURCE_KEYS = frozenset(VOLUME_SOURCES)
# The sources a spec has at most one volume of, with the message of a second one, in KubeVirt's order.
SINGLETON_SOURCES = (("serviceAccount", MAX_ONE_SERVICE_ACCOUNT_FMT), ("downwardMetrics", MAX_ONE_DOWNWARD_METRICS_FMT),
                     ("memoryDump", MAX_ONE_MEMORY_DUMP_FMT))
_SINGLETON_SOURCE_KEYS = frozenset(source for source, _ in SINGLETON_SOURCES)

# A rule on the value of one source of a volume: appends its causes to ``causes``, given the
# volumes' path, the volume's index, the source's value and the cluster config.
SourceRule = Callable[[list[Cause], str, int, object, ClusterConfig], None]


def _set_sources(volume: dict) -> AbstractSet[str]:
    """The members of VolumeSource that are set (present and not null)."""
    sources = _VOLUME_SOURCE_KEYS.intersection(volume)
    for source in sources:
        if volume[source] is None:
            return {source for source in sources if volume[source] is not None}
    return sources


def _has_str(holder: object, key: str) -> bool:
    """``holder.key`` is a non-empty string (``holder`` read as an object)."""
    value = holder.get(key) if isinstance(holder, dict) else None
    return isinstance(value, str) and value != ""


def validate_volumes(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateVolumes(field.Child("volumes"), spec.Volumes, config)``: ``field`` is the spec's path."""
    volumes = spec.get("volumes")
    if not isinstance(volumes, list):
        return []
    path = f"{field}.volumes"
    causes: list[Cause] = []
    first_index: dict[str, int] = {}
    singletons: dict[str, int] = {}
    for index, item in enumerate(volumes):
        volume = item if isinstance(item, dict) else {}
        name = volume.get("name")
        if not isinstance(name, str):
            name = ""
        first = first_index.setdefault(name, index)
        if first != index:
            entry = f"{path}[{index}]"
            causes.append(Cause(f"{entry}.name", SAME_NAME_FMT.format(entry, f"{path}[{first}]"),
                                CAUSE_FIELD_VALUE_INVALID))
        present = _VOLUME_SOURCE_KEYS.intersection(volume)
        if len(present) == 1:
            # The common case, one source: its rule alone.
            (source,) = present
            value = volume[source]
            if value is not None:
                rule = _RULE_BY_SOURCE.get(source)
                if rule is not None:
                    rule(causes, path, index, value, config)
                if source in _SINGLETON_SOURCE_KEYS:
                    singletons[source] = singletons.get(source, 0) + 1
                continue
        _check_sources(causes, path, index, volume, _set_sources(volume), config, singletons)
    if singletons:
        for source, message in SINGLETON_SOURCES:
            if singletons.get(source, 0) > 1:
                causes.append(Cause(path, message.format(path), CAUSE_FIELD_VALUE_INVALID))
    return causes


def _check_sources(causes: list[Cause], path: str, index: int, volume: dict, sources: AbstractSet[str],
                   config: ClusterConfig, singletons: dict[str, int]) -> None:
    """The rule of each set source of a volume (``sources``), in KubeVirt's order (cloud-init:
    NoCloud's only, when both are set), and after the DataVolume rule the exactly-one-source
    cause; counts its one-per-spec sources."""
    if "dataVolume" in sources:
        _data_volume_rule(causes, path, index, volume["dataVolume"], config)
    if len(sources) != 1:
        entry = f"{path}[{index}]"
        causes.append(Cause(entry, ONE_SOURCE_FMT.format(entry), CAUSE_FIELD_VALUE_INVALID))
    for source, rule in SOURCE_RULES[1:]:
        if source in sources and not (source == "cloudInitConfigDrive" and "cloudInitNoCloud" in sources):
            rule(causes, path, index, volume[source], config)
    for source in _SINGLETON_SOURCE_KEYS.intersection(sources):
        singletons[source] = singletons.get(source, 0) + 1


def _data_volume_rule(causes: list[Cause], path: str, index: int, data_volume: object, config: ClusterConfig) -> None:
    """A DataVolume source names its DataVolume (reported on the volume's name)."""
    if not _has_str(data_volume, "name"):
        causes.append(Cause(f"{path}[{index}].name", DATA_VOLUME_NAME_REQUIRED, CAUSE_FIELD_VALUE_REQUIRED))


def _no_cloud_rule(causes: list[Cause], path: str, index: int, source: object, config: ClusterConfig) -> None:
    """The cloud-init data of a NoCloud source."""
    causes.extend(_cloud_init_causes(path, index, "cloudInitNoCloud", as_dict(source)))


def _config_drive_rule(causes: list[Cause], path: str, index: int, source: object, config: ClusterConfig) -> None:
    """The cloud-init data of a ConfigDrive source (when the volume has no NoCloud one)."""
    causes.extend(_cloud_init_causes(path, index, "cloudInitConfigDrive", as_dict(source)))


def _downward_metrics_rule(causes: list[Cause], path: str, index: int, source: object, config: ClusterConfig) -> None:
    """A DownwardMetrics volume needs its gate."""
    if not config.feature_gate_enabled(DOWNWARD_METRICS_GATE):
        causes.append(Cause(f"{path}[{index}]", DOWNWARD_METRICS_GATE_DISABLED, CAUSE_FIELD_VALUE_INVALID,
                            needs_feature_gate(DOWNWARD_METRICS_GATE)))


def _host_disk_rule(causes: list[Cause], path: str, index: int, host_disk: object, config: ClusterConfig) -> None:
    """The HostDisk gate and fields."""
    causes.extend(_host_disk_causes(f"{path}[{index}]", as_dict(host_disk), config))


def _required_name(causes: list[Cause], path: str, index: int, value: object, source: str, name_key: str) -> None:
    """The ``name_key`` of the volume's ``source`` (its ``value``) is set."""
    if not _has_str(value, name_key):
        name_path = f"{path}[{index}].{source}.{name_key}"
        causes.append(Cause(name_path, REQUIRED_FIELD_FMT.format(name_path), CAUSE_FIELD_VALUE_INVALID))


def _config_map_rule(causes: list[Cause], path: str, index: int, config_map: object, config: ClusterConfig) -> None:
    _required_name(causes, path, index, config_map, "configMap", "name")


def _secret_rule(causes: list[Cause], path: str, index: int, secret: object, config: ClusterConfig) -> None:
    _required_name(causes, path, index, secret, "secret", "secretName")


def _service_account_rule(causes: list[Cause], path: str, index: int, service_account: object,
                          config: ClusterConfig) -> None:
    _required_name(causes, path, index, service_account, "serviceAccount", "serviceAccountName")


# The rules of single sources, in the order validateVolumes applies them (a source without a rule
# has nothing to check).
SOURCE_RULES: tuple[tuple[str, SourceRule], ...] = (
    ("dataVolume", _data_volume_rule),
    ("cloudInitNoCloud", _no_cloud_rule),
    ("cloudInitConfigDrive", _config_drive_rule),
    ("downwardMetrics", _downward_metrics_rule),
    ("hostDisk", _host_disk_rule),
    ("configMap", _config_map_rule),
    ("secret", _secret_rule),
    ("serviceAccount", _service_account_rule),
)
_RULE_BY_SOURCE = dict(SOURCE_RULES)


def _cloud_init_causes(path: str, index: int, source_type: str, source: dict) -> list[Cause]:
    """The cloud-init data of volume ``index`` (of the volumes at ``path``), whose NoCloud or
    ConfigDrive source (NoCloud when both are set) is ``source_type``."""
    user_count, user_len, user_base64_valid = _data_sources(source, "secretRef", "userDataBase64", "userData")
    network_count, network_len, network_base64_valid = _data_sources(source, "networkDataSecretRef",
                                                                     "networkDataBase64", "networkData")
    if (user_base64_valid and network_base64_valid and user_count + network_count > 0 and user_count <= 1
            and network_count <= 1 and user_len <= CLOUD_INIT_USER_MAX_LEN
            and network_len <= CLOUD_INIT_NETWORK_MAX_LEN):
        return []
    source_path = f"{path}[{index}].{source_type}"
    causes = []
    if not user_base64_valid:
        causes.append(_invalid_base64_cause(source_path, source_type, "userDataBase64"))
    if user_count > 1:
        causes.append(Cause(source_path, ONE_USER_DATA_SOURCE_FMT.format(source_path), CAUSE_FIELD_VALUE_INVALID))
    if user_len > CLOUD_INIT_USER_MAX_LEN:
        causes.append(Cause(source_path, USER_DATA_TOO_LONG_FMT.format(source_path, CLOUD_INIT_USER_MAX_LEN),
                            CAUSE_FIELD_VALUE_INVALID))
    if not network_base64_valid:
        causes.append(_invalid_base64_cause(source_path, source_type, "networkDataBase64"))
    if network_count > 1:
        causes.append(Cause(source_path, ONE_NETWORK_DATA_SOURCE_FMT.format(source_path), CAUSE_FIELD_VALUE_INVALID))
    if network_len > CLOUD_INIT_NETWORK_MAX_LEN:
        causes.append(Cause(source_path, NETWORK_DATA_TOO_LONG_FMT.format(source_path, CLOUD_INIT_NETWORK_MAX_LEN),
                            CAUSE_FIELD_VALUE_INVALID))
    if user_count == 0 and network_count == 0:
        causes.append(Cause(source_path, NO_DATA_SOURCE_FMT.format(source_path), CAUSE_FIELD_VALUE_INVALID))
    return causes


def _invalid_base64_cause(source_path: str, source_type: str, base64_key: str) -> Cause:
    """Invalid base64 at ``<source_path>.<base64_key>`` (the message repeats the source and key)."""
    base64_path = f"{source_path}.{base64_key}"
    return Cause(base64_path, INVALID_BASE64_FMT.format(base64_path, source_type, base64_key),
                 CAUSE_FIELD_VALUE_INVALID)


def _data_sources(source: dict, secret_key: str, base64_key: str, plain_key: str) -> tuple[int, int, bool]:
    """How many of (secret ref, base64, plain text) are set, the data's length in bytes (the plain
    text's when set, else the decoded base64's), and whether the base64, if any, is valid."""
    count, length, valid = 0, 0, True
    secret = source.get(secret_key)
    if secret is not None and _has_str(secret, "name"):
        count += 1
    encoded = source.get(base64_key)
    if isinstance(encoded, str) and encoded:
        count += 1
        length, valid = go_base64_decoded_length(encoded)
    plain = source.get(plain_key)
    if isinstance(plain, str) and plain:
        count += 1
        length = len(plain) if plain.isascii() else len(plain.encode("utf-8", "surrogatepass"))
    return count, length, valid


def go_base64_decoded_length(text: str) -> tuple[int, bool]:
    """Go's ``base64.StdEncoding.DecodeString``: (the number of bytes it returns, whether there was
    no error). CR and LF are skipped; padding is required; after an error, the bytes of the
    quanta decoded before it (and of a padded final quantum followed by excess data) count."""
    if _PADDED_BASE64_RE.fullmatch(text):
        # The common case: whole quanta without newlines, the last one possibly padded.
        return len(text) // 4 * 3 - text.count("=", -2), True
    data = text.encode("utf-8", "surrogatepass")
    decoded, position = 0, 0
    while True:
        position, produced, ok, done = _decode_quantum(data, position)
        decoded += produced
        if not ok:
            return decoded, False
        if done:
            return decoded, True


def _skip_newlines(data: bytes, position: int) -> int:
    while position < len(data) and data[position] in _NEWLINES:
        position += 1
    return position


def _decode_quantum(data: bytes, position: int) -> tuple[int, int, bool, bool]:
    """One quantum of ``Encoding.decodeQuantum``: (next position, bytes produced, no error, end of
    input reached)."""
    filled = 0
    while filled < 4:
        if position == len(data):
            if filled == 0:
                return position, 0, True, True
            return position, 0, False, True
        byte = data[position]
        position += 1
        if byte in _BASE64_ALPHABET:
            filled += 1
            continue
        if byte in _NEWLINES:
            continue
        if byte != _PAD or filled < 2:
            return position, 0, False, True
        if filled == 2:
            position = _skip_newlines(data, position)
            if position == len(data) or data[position] != _PAD:
                return position, 0, False, True
            position += 1
        position = _skip_newlines(data, position)
        return position, filled - 1, position == len(data), True
    return position, 3, True, False


def _host_disk_causes(entry: str, host_disk: dict, config: ClusterConfig) -> list[Cause]:
    """The HostDisk gate, a path, a known type, and no capacity for an existing disk."""
    causes = []
    if not config.feature_gate_enabled(HOST_DISK_GATE):
        causes.append(Cause(entry, HOST_DISK_GATE_DISABLED, CAUSE_FIELD_VALUE_INVALID,
                            needs_feature_gate(HOST_DISK_GATE)))
    path = f"{entry}.hostDisk"
    if not as_str(host_disk.get("path")):
        causes.append(Cause(f"{path}.path", HOST_DISK_PATH_REQUIRED_FMT.format(f"{path}.path"),
                            CAUSE_FIELD_VALUE_NOT_FOUND))
    disk_type = as_str(host_disk.get("type"))
    if disk_type not in (HOST_DISK_EXISTS, HOST_DISK_EXISTS_OR_CREATE):
        causes.append(Cause(f"{path}.type", HOST_DISK_TYPE_FMT.format(f"{path}.type", disk_type),
                            CAUSE_FIELD_VALUE_INVALID))
    if disk_type == HOST_DISK_EXISTS and not _zero_quantity(host_disk.get("capacity")):
        causes.append(Cause(f"{path}.capacity", HOST_DISK_CAPACITY_FMT.format(f"{path}.capacity", f"{path}.type"),
                            CAUSE_FIELD_VALUE_INVALID))
    return causes


def _zero_quantity(value: object) -> bool:
    """``Quantity.IsZero``: an absent or unreadable quantity is Go's zero one."""
    if value is None:
        return True
    parsed = quantity.parse(value)
    return not isinstance(parsed, quantity.Quantity) or parsed.is_zero()

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

from krmfn.instancetype import quantity
from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import (
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_NOT_FOUND,
    CAUSE_FIELD_VALUE_REQUIRED,
    Cause,
)
from krmfn.instancetype.webhooks.vmi._access import as_dict, as_str, dicts

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
# The cloud-init sources, NoCloud first (it wins when both are set).
CLOUD_INIT_SOURCES = ("cloudInitNoCloud", "cloudInitConfigDrive")

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
# (volume key, name key, path) of the sources whose name is required.
REQUIRED_NAMES = (("configMap", "name"), ("secret", "secretName"), ("serviceAccount", "serviceAccountName"))

_BASE64_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_NEWLINES = b"\r\n"
_PAD = ord("=")


def _is_set(holder: dict, key: str) -> bool:
    """A Go pointer field is non-nil: the key is present and not null."""
    return holder.get(key) is not None


def validate_volumes(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateVolumes(field.Child("volumes"), spec.Volumes, config)``: ``field`` is the spec's path."""
    path = f"{field}.volumes"
    volumes = dicts(spec.get("volumes"))
    causes: list[Cause] = []
    first_index: dict[str, int] = {}
    for index, volume in enumerate(volumes):
        entry = f"{path}[{index}]"
        name = as_str(volume.get("name"))
        if name in first_index:
            causes.append(Cause(f"{entry}.name", SAME_NAME_FMT.format(entry, f"{path}[{first_index[name]}]"),
                                CAUSE_FIELD_VALUE_INVALID))
        else:
            first_index[name] = index
        causes += _volume_causes(entry, volume, config)
    causes += _singleton_causes(path, volumes)
    return causes


def _volume_causes(entry: str, volume: dict, config: ClusterConfig) -> list[Cause]:
    """Everything validateVolumes checks on one volume but its name's uniqueness."""
    causes = []
    if _is_set(volume, "dataVolume") and not as_str(as_dict(volume.get("dataVolume")).get("name")):
        causes.append(Cause(f"{entry}.name", DATA_VOLUME_NAME_REQUIRED, CAUSE_FIELD_VALUE_REQUIRED))
    if sum(1 for source in VOLUME_SOURCES if _is_set(volume, source)) != 1:
        causes.append(Cause(entry, ONE_SOURCE_FMT.format(entry), CAUSE_FIELD_VALUE_INVALID))
    causes += _cloud_init_causes(entry, volume)
    if _is_set(volume, "downwardMetrics") and not config.feature_gate_enabled(DOWNWARD_METRICS_GATE):
        causes.append(Cause(entry, DOWNWARD_METRICS_GATE_DISABLED, CAUSE_FIELD_VALUE_INVALID))
    if _is_set(volume, "hostDisk"):
        causes += _host_disk_causes(entry, as_dict(volume.get("hostDisk")), config)
    for source, name_key in REQUIRED_NAMES:
        if _is_set(volume, source) and not as_str(as_dict(volume.get(source)).get(name_key)):
            name_path = f"{entry}.{source}.{name_key}"
            causes.append(Cause(name_path, REQUIRED_FIELD_FMT.format(name_path), CAUSE_FIELD_VALUE_INVALID))
    return causes


def _cloud_init_causes(entry: str, volume: dict) -> list[Cause]:
    """The cloud-init data of a NoCloud or ConfigDrive volume (NoCloud when both are set)."""
    source_type = next((source for source in CLOUD_INIT_SOURCES if _is_set(volume, source)), None)
    if source_type is None:
        return []
    source = as_dict(volume.get(source_type))
    path = f"{entry}.{source_type}"
    causes = []
    user_count, user_len, user_causes = _data_sources(path, source_type, source, "secretRef", "userDataBase64",
                                                      "userData")
    causes += user_causes
    if user_count > 1:
        causes.append(Cause(path, ONE_USER_DATA_SOURCE_FMT.format(path), CAUSE_FIELD_VALUE_INVALID))
    if user_len > CLOUD_INIT_USER_MAX_LEN:
        causes.append(Cause(path, USER_DATA_TOO_LONG_FMT.format(path, CLOUD_INIT_USER_MAX_LEN),
                            CAUSE_FIELD_VALUE_INVALID))
    network_count, network_len, network_causes = _data_sources(path, source_type, source, "networkDataSecretRef",
                                                               "networkDataBase64", "networkData")
    causes += network_causes
    if network_count > 1:
        causes.append(Cause(path, ONE_NETWORK_DATA_SOURCE_FMT.format(path), CAUSE_FIELD_VALUE_INVALID))
    if network_len > CLOUD_INIT_NETWORK_MAX_LEN:
        causes.append(Cause(path, NETWORK_DATA_TOO_LONG_FMT.format(path, CLOUD_INIT_NETWORK_MAX_LEN),
                            CAUSE_FIELD_VALUE_INVALID))
    if user_count == 0 and network_count == 0:
        causes.append(Cause(path, NO_DATA_SOURCE_FMT.format(path), CAUSE_FIELD_VALUE_INVALID))
    return causes


def _data_sources(path: str, source_type: str, source: dict, secret_key: str, base64_key: str,
                  plain_key: str) -> tuple[int, int, list[Cause]]:
    """How many of (secret ref, base64, plain text) are set, the data's length in bytes (the plain
    text's when set, else the decoded base64's), and the cause of invalid base64."""
    count, length, causes = 0, 0, []
    if _is_set(source, secret_key) and as_str(as_dict(source.get(secret_key)).get("name")):
        count += 1
    encoded = as_str(source.get(base64_key))
    if encoded:
        count += 1
        length, valid = go_base64_decoded_length(encoded)
        if not valid:
            base64_path = f"{path}.{base64_key}"
            causes.append(Cause(base64_path, INVALID_BASE64_FMT.format(base64_path, source_type, base64_key),
                                CAUSE_FIELD_VALUE_INVALID))
    plain = as_str(source.get(plain_key))
    if plain:
        count += 1
        length = len(plain.encode("utf-8", "surrogatepass"))
    return count, length, causes


def go_base64_decoded_length(text: str) -> tuple[int, bool]:
    """Go's ``base64.StdEncoding.DecodeString``: (the number of bytes it returns, whether there was
    no error). CR and LF are skipped; padding is required; after an error, the bytes of the
    quanta decoded before it (and of a padded final quantum followed by excess data) count."""
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
        causes.append(Cause(entry, HOST_DISK_GATE_DISABLED, CAUSE_FIELD_VALUE_INVALID))
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


def _singleton_causes(path: str, volumes: list[dict]) -> list[Cause]:
    """At most one serviceAccount, one downwardMetrics and one memoryDump volume."""
    causes = []
    for source, message in (("serviceAccount", MAX_ONE_SERVICE_ACCOUNT_FMT),
                            ("downwardMetrics", MAX_ONE_DOWNWARD_METRICS_FMT),
                            ("memoryDump", MAX_ONE_MEMORY_DUMP_FMT)):
        if sum(1 for volume in volumes if _is_set(volume, source)) > 1:
            causes.append(Cause(path, message.format(path), CAUSE_FIELD_VALUE_INVALID))
    return causes

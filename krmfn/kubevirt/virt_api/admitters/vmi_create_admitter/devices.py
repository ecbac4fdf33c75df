"""The device checks of ``ValidateVirtualMachineInstanceSpec`` (vmi-create-admitter.go, d923fdb8).

Mirrors ``countConfiguredMDEVRamFBs``, ``validateMDEVRamFB``,
``validateHostDevicesWithPassthroughEnabled``, ``validateSoundDevices``, ``validateVSOCK``,
``validatePersistentReservation`` (with ``reservation.HasVMISpecPersistentReservation``,
pkg/storage/reservation/pr.go), ``validateDownwardMetrics`` (with ``downwardmetrics.HasDevice``),
``validateFilesystemsWithVirtIOFSEnabled`` (with ``GetVolumesByName`` and ``IsStorageVolume`` of
pkg/storage/types/volume.go), ``validateVideoConfig``, ``validatePanicDevices`` and
``validatePanicDeviceModel``.

Oddities kept from KubeVirt:

* the paths ``<spec>.GPUs``, ``<spec>.HostDevices`` and ``<spec>.Sound`` (Go field names, no
  ``domain.devices``), ``<spec>.video`` (no ``domain.devices`` either) and
  ``<spec>.domain.devices.disks.luns.reservation`` (no index, a ``luns`` that is no field);
* the trailing space of "configuring multiple displays with ramfb is not valid ";
* ``PersistentReservationEnabled`` reads the raw ``featureGates`` list (the gate is GA in the
  registry, yet only naming it enables reservations); KubeVirt's
  ``persistentReservationConfiguration.enabled``, which would win, is not a cluster setting here
  (KubeVirt's default: unset);
* before v1.9 (the ``kubevirtVersion`` option): the VideoConfig and PanicDevices gates are Beta,
  hence off unless enabled, and their checks come first (``validateVideoConfig`` and
  ``validatePanicDevices`` at v1.8.4; GA in v1.9 by PRs #16599 and #16514, so the checks never fire
  there); the PersistentReservation message names the gate (``persistent_reservation_has_config``);
* before main (v1.9.0 and older): a ``ramFB`` without ``enabled`` does not count as enabled
  (``KubevirtVersion.counts_unset_ramfb_as_enabled``, PR #18542);
* before v1.8 (``KubevirtVersion.virtiofs_config_volumes_need_gate``, v1.7.4): a filesystem on a
  config volume needs the EnableVirtioFsConfigVolumes gate (Alpha), checked before the storage
  volume's, and the ExperimentalVirtiofsSupport gate (``OldVirtiofsEnabled``) enables both;
* ``Devices.HostDevices != nil``: the VM mutator writes the spec back from Go
  (``patch.WithReplace("/spec", vm.Spec)``) and ``hostDevices`` is ``omitempty``, so an empty list,
  like a null, is nil by the time the validating webhook reads it.
"""
from __future__ import annotations

from collections.abc import Callable

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.model.reasons import needs_feature_gate
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_str, dicts

MULTIPLE_RAMFB_DISPLAYS = "configuring multiple displays with ramfb is not valid "
HOST_DEVICES_GATE_DISABLED = "Host Devices feature gate is not enabled in kubevirt-config"
SOUND_MODEL_NOT_SUPPORTED = "Sound device type is not supported. Options: 'ich9' or 'ac97'"
SOUND_NAME_REQUIRED = "Sound device requires a name field."
GATE_NOT_ENABLED_FMT = "%s feature gate is not enabled in kubevirt-config"
PERSISTENT_RESERVATION_DISABLED = "persistent reservation is not enabled in kubevirt config"
VIDEO_CONFIG_GATE_DISABLED = "Video configuration is specified but the VideoConfig feature gate is not enabled"
PANIC_DEVICES_GATE_DISABLED = "Panic Devices feature gate is not enabled in kubevirt-config"
DOWNWARD_METRICS_DISABLED = (
    "downwardMetrics virtio serial is not allowed: DownwardMetrics feature gate is not enabled")
VIRTIOFS_STORAGE_DISABLED = "virtiofs is not allowed: virtiofs feature gate is not enabled for PVC"
VIRTIOFS_CONFIG_DISABLED = "virtiofs is not allowed: virtiofs feature gate is not enabled for config volumes"
VIDEO_WITHOUT_GRAPHICS = "Video configuration is not allowed when autoattachGraphicsDevice is set to false"
PANIC_DEVICES_NOT_SUPPORTED_FMT = "custom panic devices are not supported on %s architecture"
INVALID_PANIC_DEVICE_MODEL_FMT = "invalid PanicDeviceModel(%s)"

HOST_DEVICES_GATE = "HostDevices"
VSOCK_GATE = "VSOCK"
PERSISTENT_RESERVATION_GATE = "PersistentReservation"
DOWNWARD_METRICS_GATE = "DownwardMetrics"
VIRTIOFS_STORAGE_GATE = "EnableVirtioFsStorageVolumes"
VIRTIOFS_CONFIG_GATE = "EnableVirtioFsConfigVolumes"  # checked before v1.8
OLD_VIRTIOFS_GATE = "ExperimentalVirtiofsSupport"  # enables both before v1.8
VIDEO_CONFIG_GATE = "VideoConfig"
PANIC_DEVICES_GATE = "PanicDevices"

SUPPORTED_SOUND_MODELS = ("", "ich9", "ac97")
VALID_PANIC_DEVICE_MODELS = ("hyperv", "isa", "pvpanic")
ARCH_WITHOUT_PANIC_DEVICES = "s390x"


def spec_devices(spec: dict) -> dict:
    """``spec.domain.devices`` (``_access.devices`` in one call: each check here reads it first)."""
    domain = spec.get("domain")
    found = domain.get("devices") if isinstance(domain, dict) else None
    return found if isinstance(found, dict) else {}


def _enabled_unless_false(holder: dict, key: str = "enabled") -> bool:
    """A ``*bool`` that defaults to true: nil (absent or null) or true."""
    value = holder.get(key)
    return value is None or value is True


def _ramfb_display_configured(gpu: dict, unset_ramfb_enabled: bool = True) -> bool:
    options = gpu.get("virtualGPUOptions")
    display = as_dict(options).get("display") if options is not None else None
    if display is None:
        return False
    display = as_dict(display)
    ramfb = display.get("ramFB")
    if ramfb is None:
        return _enabled_unless_false(display)
    ramfb_enabled = as_dict(ramfb).get("enabled")
    ramfb_enabled = ramfb_enabled is True or (ramfb_enabled is None and unset_ramfb_enabled)
    return _enabled_unless_false(display) and ramfb_enabled


def count_configured_mdev_ramfbs(spec: dict, unset_ramfb_enabled: bool = True) -> int:
    """``countConfiguredMDEVRamFBs``: GPUs with a display whose ``enabled`` and ``ramFB.enabled``
    are unset or true (``unset_ramfb_enabled`` False: an unset ``ramFB.enabled`` is off, as before
    v1.9)."""
    return sum(1 for gpu in dicts(spec_devices(spec).get("gpus"))
               if _ramfb_display_configured(gpu, unset_ramfb_enabled))


def validate_mdev_ramfb(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateMDEVRamFB``: at most one vGPU display with ramfb."""
    unset_ramfb_enabled = config.kubevirt_version.counts_unset_ramfb_as_enabled
    if spec_devices(spec).get("gpus") and count_configured_mdev_ramfbs(spec, unset_ramfb_enabled) > 1:
        return [Cause(f"{field}.GPUs", MULTIPLE_RAMFB_DISPLAYS, CAUSE_FIELD_VALUE_INVALID)]
    return []


def validate_host_devices_with_passthrough_enabled(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateHostDevicesWithPassthroughEnabled``: host devices need the HostDevices gate."""
    host_devices = spec_devices(spec).get("hostDevices")
    if host_devices and isinstance(host_devices, list) and not config.feature_gate_enabled(HOST_DEVICES_GATE):
        return [Cause(f"{field}.HostDevices", HOST_DEVICES_GATE_DISABLED, CAUSE_FIELD_VALUE_INVALID,
                      needs_feature_gate(HOST_DEVICES_GATE))]
    return []


def validate_sound_devices(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateSoundDevices``: a known model (or none) and a name."""
    sound = spec_devices(spec).get("sound")
    if sound is None:
        return []
    sound = as_dict(sound)
    causes = []
    if as_str(sound.get("model")) not in SUPPORTED_SOUND_MODELS:
        causes.append(Cause(f"{field}.Sound", SOUND_MODEL_NOT_SUPPORTED, CAUSE_FIELD_VALUE_INVALID))
    if not as_str(sound.get("name")):
        causes.append(Cause(f"{field}.Sound", SOUND_NAME_REQUIRED, CAUSE_FIELD_VALUE_INVALID))
    return causes


def validate_vsock(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateVSOCK``: ``autoattachVSOCK: true`` needs the VSOCK gate."""
    if spec_devices(spec).get("autoattachVSOCK") is not True or config.feature_gate_enabled(VSOCK_GATE):
        return []
    return [Cause(f"{field}.domain.devices.autoattachVSOCK", GATE_NOT_ENABLED_FMT % VSOCK_GATE,
                  CAUSE_FIELD_VALUE_INVALID, needs_feature_gate(VSOCK_GATE))]


def has_persistent_reservation(spec: dict) -> bool:
    """``reservation.HasVMISpecPersistentReservation``: a LUN disk with ``reservation: true``."""
    disks = spec_devices(spec).get("disks")
    for disk in disks if isinstance(disks, list) else ():
        lun = disk.get("lun") if isinstance(disk, dict) else None
        if isinstance(lun, dict) and lun.get("reservation") is True:
            return True
    return False


def persistent_reservation_enabled(config: ClusterConfig) -> bool:
    """``ClusterConfig.PersistentReservationEnabled`` without a persistentReservationConfiguration:
    the gate named in ``featureGates`` (not the registry's GA state)."""
    return PERSISTENT_RESERVATION_GATE in config.feature_gates


def validate_persistent_reservation(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validatePersistentReservation``."""
    if not has_persistent_reservation(spec) or persistent_reservation_enabled(config):
        return []
    message = (PERSISTENT_RESERVATION_DISABLED if config.kubevirt_version.persistent_reservation_has_config
               else GATE_NOT_ENABLED_FMT % PERSISTENT_RESERVATION_GATE)
    return [Cause(f"{field}.domain.devices.disks.luns.reservation", message,
                  CAUSE_FIELD_VALUE_INVALID, needs_feature_gate(PERSISTENT_RESERVATION_GATE))]


def has_downward_metrics_device(spec: dict) -> bool:
    """``downwardmetrics.HasDevice``."""
    return spec_devices(spec).get("downwardMetrics") is not None


def validate_downward_metrics(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateDownwardMetrics``: the downwardMetrics serial device needs its gate."""
    if has_downward_metrics_device(spec) and not config.feature_gate_enabled(DOWNWARD_METRICS_GATE):
        return [Cause(f"{field}.domain.devices.downwardMetrics", DOWNWARD_METRICS_DISABLED, CAUSE_FIELD_VALUE_INVALID,
                      needs_feature_gate(DOWNWARD_METRICS_GATE))]
    return []


def get_volumes_by_name(spec: dict) -> dict[str, dict]:
    """``storagetypes.GetVolumesByName``: the last volume of a name wins."""
    return {as_str(volume.get("name")): volume for volume in dicts(spec.get("volumes"))}


def is_storage_volume(volume: dict) -> bool:
    """``storagetypes.IsStorageVolume``: a PVC or DataVolume volume."""
    return volume.get("persistentVolumeClaim") is not None or volume.get("dataVolume") is not None


def is_config_volume(volume: dict) -> bool:
    """``IsConfigVolume`` (pkg/storage/utils/volumes.go at v1.7.4): a ConfigMap, Secret,
    ServiceAccount or DownwardAPI volume."""
    return any(volume.get(source) is not None
               for source in ("configMap", "secret", "serviceAccount", "downwardAPI"))


def validate_filesystems_with_virtiofs_enabled(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateFilesystemsWithVirtIOFSEnabled``: one cause per filesystem on a PVC or
    DataVolume while EnableVirtioFsStorageVolumes is off (before v1.8 also on a config volume
    while EnableVirtioFsConfigVolumes is off; the config volume's cause wins)."""
    filesystems = spec_devices(spec).get("filesystems")
    if not filesystems:
        return []
    filesystems = dicts(filesystems)
    if not filesystems:
        return []
    checks = _virtiofs_checks(config)
    if not checks:
        return []
    volumes = get_volumes_by_name(spec)
    causes = []
    for filesystem in filesystems:
        volume = volumes.get(as_str(filesystem.get("name")))
        if volume is None:
            continue
        for applies, message, gate in checks:
            if applies(volume):
                causes.append(Cause(f"{field}.domain.devices.filesystems", message, CAUSE_FIELD_VALUE_INVALID,
                                    needs_feature_gate(gate)))
                break
    return causes


def _virtiofs_checks(config: ClusterConfig) -> list[tuple[Callable[[dict], bool], str, str]]:
    """The volume kinds whose gate is off, in KubeVirt's order: (volume test, message, gate)."""
    checks: list[tuple[Callable[[dict], bool], str, str]] = []
    old_gate = (config.kubevirt_version.virtiofs_config_volumes_need_gate
                and config.feature_gate_enabled(OLD_VIRTIOFS_GATE))
    if old_gate:
        return checks
    if (config.kubevirt_version.virtiofs_config_volumes_need_gate
            and not config.feature_gate_enabled(VIRTIOFS_CONFIG_GATE)):
        checks.append((is_config_volume, VIRTIOFS_CONFIG_DISABLED, VIRTIOFS_CONFIG_GATE))
    if not config.feature_gate_enabled(VIRTIOFS_STORAGE_GATE):
        checks.append((is_storage_volume, VIRTIOFS_STORAGE_DISABLED, VIRTIOFS_STORAGE_GATE))
    return checks


def validate_video_config(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateVideoConfig``: the VideoConfig gate (GA since v1.9), then no video device with
    ``autoattachGraphicsDevice: false``."""
    holder = spec_devices(spec)
    if holder.get("video") is not None and not config.feature_gate_enabled(VIDEO_CONFIG_GATE):
        return [Cause(f"{field}.video", VIDEO_CONFIG_GATE_DISABLED, CAUSE_FIELD_VALUE_INVALID,
                      needs_feature_gate(VIDEO_CONFIG_GATE))]
    if holder.get("video") is not None and holder.get("autoattachGraphicsDevice") is False:
        return [Cause(f"{field}.video", VIDEO_WITHOUT_GRAPHICS, CAUSE_FIELD_VALUE_INVALID)]
    return []


def validate_panic_device_model(field: str, model: object) -> Cause | None:
    """``validatePanicDeviceModel``: an unset (nil) model is fine, ``""`` is not."""
    if model is None or model in VALID_PANIC_DEVICE_MODELS:
        return None
    return Cause(field, INVALID_PANIC_DEVICE_MODEL_FMT % as_str(model), CAUSE_FIELD_VALUE_INVALID)


def validate_panic_devices(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validatePanicDevices``: none on s390x (the spec's architecture, else the cluster's
    default), and each model known."""
    panic_devices = spec_devices(spec).get("panicDevices")
    if not panic_devices:
        return []
    panic_devices = dicts(panic_devices)
    if not panic_devices:
        return []
    devices_field = f"{field}.domain.devices.panicDevices"
    if not config.feature_gate_enabled(PANIC_DEVICES_GATE):
        return [Cause(devices_field, PANIC_DEVICES_GATE_DISABLED, CAUSE_FIELD_VALUE_INVALID,
                      needs_feature_gate(PANIC_DEVICES_GATE))]
    architecture = as_str(spec.get("architecture")) or config.default_architecture
    causes = []
    if architecture == ARCH_WITHOUT_PANIC_DEVICES:
        causes.append(Cause(devices_field, PANIC_DEVICES_NOT_SUPPORTED_FMT % architecture, CAUSE_FIELD_VALUE_INVALID))
    for index, panic_device in enumerate(panic_devices):
        cause = validate_panic_device_model(f"{devices_field}[{index}].model", panic_device.get("model"))
        if cause is not None:
            causes.append(cause)
    return causes

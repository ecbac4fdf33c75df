"""The API defaulters of a VirtualMachineInstance: ``v1.SetObjectDefaults_VirtualMachineInstance``.

Mirrors ``staging/src/kubevirt.io/api/core/v1/zz_generated.defaults.go``
(``SetObjectDefaults_VirtualMachineInstance``) and the ``SetDefaults_*`` functions it calls from
``staging/src/kubevirt.io/api/core/v1/defaults.go`` (``SetDefaults_VirtualMachineInstance``,
``setDefaults_Disk``, ``setDefaults_Input``, ``SetDefaults_Probe``, ``SetDefaults_Firmware``, the
timer, feature state, APIC, spinlocks, SyNIC timer, vendor ID, disk device and CD-ROM defaulters),
in the generated order, at KubeVirt d923fdb8.

``SetDefaults_Firmware`` gives a VMI without ``firmware.uuid`` a random UUID (``uuid.NewString()``);
krmfn writes one of the same shape (a version 4 UUID) derived from the VMI's namespace and name, so
that a run is reproducible. Nothing KubeVirt validates depends on its value. ``hashlib`` and
``uuid`` (about 5 ms to import) load with the first such UUID.

All functions mutate the VMI (a private copy) in place.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import child, str_set

TRAY_STATE_CLOSED = "closed"
INPUT_BUS_USB = "usb"
INPUT_TYPE_TABLET = "tablet"
SPINLOCKS_DEFAULT_RETRIES = 4096
TIMERS = ("hpet", "kvm", "pit", "rtc", "hyperv")
# FeatureHyperv fields that are plain *FeatureState, in the generated order (spinlocks, synictimer,
# vendorid and tlbflush have their own defaulters, interleaved below).
_HYPERV_ORDER = ("relaxed", "vapic", "spinlocks", "vpindex", "runtime", "synic", "synictimer", "reset",
                 "vendorid", "frequencies", "reenlightenment", "tlbflush", "ipi", "evmcs")


def _dict(value: object) -> dict | None:
    return value if isinstance(value, dict) else None


def _dicts(value: object) -> list[dict]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def set_defaults_feature_state(state: dict) -> None:
    """``SetDefaults_FeatureState`` (also ``SetDefaults_HPETTimer`` and the other timers,
    ``SetDefaults_FeatureAPIC``, ``SetDefaults_FeatureVendorID``): ``enabled: true`` when unset."""
    if state.get("enabled") is None:
        state["enabled"] = True


def _default_state_at(parent: dict, key: str) -> None:
    """The defaulter of a ``*FeatureState`` field: only when the pointer is set."""
    state = _dict(parent.get(key))
    if state is not None:
        set_defaults_feature_state(state)


def set_defaults_disk_device(disk: dict) -> None:
    """``SetDefaults_DiskDevice``: ``disk: {}`` when no disk, cdrom or lun target is set."""
    if disk.get("disk") is None and disk.get("cdrom") is None and disk.get("lun") is None:
        disk["disk"] = {}


def set_defaults_cdrom_target(cdrom: dict) -> None:
    """``SetDefaults_CDRomTarget``: ``readonly: true`` and ``tray: closed`` when unset."""
    if cdrom.get("readonly") is None:
        cdrom["readonly"] = True
    if not str_set(cdrom.get("tray")):
        cdrom["tray"] = TRAY_STATE_CLOSED


def set_defaults_probe(probe: dict | None) -> None:
    """``SetDefaults_Probe``: timeout 1, period 10, success 1, failure 3 where below 1."""
    if probe is None:
        return
    for key, default in (("timeoutSeconds", 1), ("periodSeconds", 10), ("successThreshold", 1),
                         ("failureThreshold", 3)):
        value = probe.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            probe[key] = default


def firmware_uuid(vmi: dict) -> str:
    """A version 4 UUID derived from the VMI's namespace and name (KubeVirt's is random)."""
    metadata = _dict(vmi.get("metadata")) or {}
    key = f"{metadata.get('namespace') or ''}/{metadata.get('name') or metadata.get('generateName') or ''}"
    import hashlib  # noqa: PLC0415
    import uuid  # noqa: PLC0415
    digest = hashlib.sha256(f"krmfn/firmware-uuid/{key}".encode()).digest()
    return str(uuid.UUID(bytes=digest[:16], version=4))


def set_defaults_firmware(firmware: dict, vmi: dict) -> None:
    """``SetDefaults_Firmware``: a UUID when ``uuid`` is unset (see the module docstring)."""
    if not str_set(firmware.get("uuid")):
        firmware["uuid"] = firmware_uuid(vmi)


def set_defaults_virtual_machine_instance(vmi: dict) -> None:
    """``SetDefaults_VirtualMachineInstance``: ``firmware: {}`` and ``features: {}`` when unset,
    the disk devices, the input devices (bus ``usb``, type ``tablet``) and both probes."""
    spec = child(vmi, "spec")
    domain = child(spec, "domain")
    if _dict(domain.get("firmware")) is None:
        domain["firmware"] = {}
    if _dict(domain.get("features")) is None:
        domain["features"] = {}
    devices = _dict(domain.get("devices")) or {}
    for disk in _dicts(devices.get("disks")):
        set_defaults_disk_device(disk)
    for device in _dicts(devices.get("inputs")):
        if not str_set(device.get("bus")):
            device["bus"] = INPUT_BUS_USB
        if not str_set(device.get("type")):
            device["type"] = INPUT_TYPE_TABLET
    set_defaults_probe(_dict(spec.get("readinessProbe")))
    set_defaults_probe(_dict(spec.get("livenessProbe")))


def _set_defaults_hyperv(hyperv: dict) -> None:
    for key in _HYPERV_ORDER:
        state = _dict(hyperv.get(key))
        if state is None:
            continue
        set_defaults_feature_state(state)  # SetDefaults_FeatureSpinlocks/SyNICTimer/VendorID start so
        if key == "spinlocks" and state["enabled"] is True and state.get("spinlocks") is None:
            state["spinlocks"] = SPINLOCKS_DEFAULT_RETRIES
        elif key == "synictimer":
            _default_state_at(state, "direct")
        elif key == "tlbflush":
            _default_state_at(state, "direct")
            _default_state_at(state, "extended")


def _set_defaults_features(features: dict) -> None:
    set_defaults_feature_state(child(features, "acpi"))  # ACPI is a non-pointer struct
    apic = _dict(features.get("apic"))
    if apic is not None:
        set_defaults_feature_state(apic)
    hyperv = _dict(features.get("hyperv"))
    if hyperv is not None:
        _set_defaults_hyperv(hyperv)
    _default_state_at(features, "smm")
    _default_state_at(features, "pvspinlock")


def set_object_defaults_virtual_machine_instance(vmi: dict) -> None:
    """``SetObjectDefaults_VirtualMachineInstance``, in the generated order."""
    set_defaults_virtual_machine_instance(vmi)
    spec = vmi["spec"]
    domain = spec["domain"]
    firmware = _dict(domain.get("firmware"))
    if firmware is not None:
        set_defaults_firmware(firmware, vmi)
    timer = _dict((_dict(domain.get("clock")) or {}).get("timer"))
    if timer is not None:
        for key in TIMERS:
            _default_state_at(timer, key)
    features = _dict(domain.get("features"))
    if features is not None:
        _set_defaults_features(features)
    devices = _dict(domain.get("devices")) or {}
    for disk in _dicts(devices.get("disks")):
        set_defaults_disk_device(disk)
        cdrom = _dict(disk.get("cdrom"))
        if cdrom is not None:
            set_defaults_cdrom_target(cdrom)
        block_size = _dict(disk.get("blockSize"))
        if block_size is not None:
            _default_state_at(block_size, "matchVolume")
    for gpu in _dicts(devices.get("gpus")):
        display = _dict((_dict(gpu.get("virtualGPUOptions")) or {}).get("display"))
        if display is not None:
            _default_state_at(display, "ramFB")
    set_defaults_probe(_dict(spec.get("livenessProbe")))
    set_defaults_probe(_dict(spec.get("readinessProbe")))

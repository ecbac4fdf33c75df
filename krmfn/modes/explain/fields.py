"""Which instance type or preference field, or which cluster setting, a field of an expanded VM
comes from, by its path. The tables follow KubeVirt's apply code as docs/kubevirt/ lays it
out: instance types in docs/kubevirt/instancetype-apply.md#field-table (`pkg/instancetype/apply`), preferences in
docs/kubevirt/preference-apply.md#cpu-features to docs/kubevirt/preference-apply.md#other-top-level-fields
(`pkg/instancetype/preference/apply`), cluster defaults in docs/kubevirt/expand.md#expand
(`SetDefaultVirtualMachineInstanceSpec` and the autoattach defaults).

Paths are relative to `spec.template` (`spec.domain.cpu.cores`, `metadata.annotations["a/b"]`).
"""
from __future__ import annotations

import re
from functools import lru_cache

_INDEX = r"\[\d+\]"
_ANY_KEY = r'(?:\.[^.\[]+|\["(?:[^"\\]|\\.)*"\])'

# (pattern, instance type field): docs/kubevirt/instancetype-apply.md#field-table.
INSTANCETYPE_FIELDS: tuple[tuple[str, str], ...] = (
    (r"spec\.nodeSelector", "spec.nodeSelector"),
    (r"spec\.schedulerName", "spec.schedulerName"),
    (r"spec\.domain\.cpu\.(?:sockets|cores|threads)", "spec.cpu.guest"),
    (r"spec\.domain\.cpu\.model", "spec.cpu.model"),
    (r"spec\.domain\.cpu\.dedicatedCpuPlacement", "spec.cpu.dedicatedCPUPlacement"),
    (r"spec\.domain\.cpu\.isolateEmulatorThread", "spec.cpu.isolateEmulatorThread"),
    (r"spec\.domain\.cpu\.numa", "spec.cpu.numa"),
    (r"spec\.domain\.cpu\.realtime", "spec.cpu.realtime"),
    # overwrites the VM's (docs/kubevirt/instancetype-apply.md#field-table, SURPRISE)
    (r"spec\.domain\.cpu\.maxSockets", "spec.cpu.maxSockets"),
    (r"spec\.domain\.memory\.guest", "spec.memory.guest"),
    (r"spec\.domain\.memory\.hugepages", "spec.memory.hugepages"),
    (r"spec\.domain\.memory\.maxGuest", "spec.memory.maxGuest"),
    (r"spec\.domain\.resources\.requests\.memory", "spec.memory.overcommitPercent"),
    (r"spec\.domain\.ioThreads", "spec.ioThreads.supplementalPoolThreadCount"),
    (r"spec\.domain\.ioThreadsPolicy", "spec.ioThreadsPolicy"),
    (r"spec\.domain\.launchSecurity", "spec.launchSecurity"),
    (r"spec\.domain\.devices\.gpus", "spec.gpus"),
    (r"spec\.domain\.devices\.hostDevices", "spec.hostDevices"),
    (r"metadata\.annotations", "spec.annotations"),
)

# (pattern, preference field, rule): docs/kubevirt/preference-apply.md#applying-a-preference. Preferences fill what
# the VM leaves unset, but for the two they always overwrite (docs/kubevirt/preference-apply.md#order:
# preferredDisableHotplug, preferredAcpi).
FILL, OVERWRITE = "fill-if-unset", "overwrite"
PREFERENCE_FIELDS: tuple[tuple[str, str, str], ...] = (
    (rf"spec\.domain\.devices\.disks{_INDEX}\.disk\.bus", "spec.devices.preferredDiskBus", FILL),
    (rf"spec\.domain\.devices\.disks{_INDEX}\.cdrom\.bus", "spec.devices.preferredCdromBus", FILL),
    (rf"spec\.domain\.devices\.disks{_INDEX}\.lun\.bus", "spec.devices.preferredLunBus", FILL),
    (rf"spec\.domain\.devices\.disks{_INDEX}\.blockSize", "spec.devices.preferredDiskBlockSize", FILL),
    (rf"spec\.domain\.devices\.disks{_INDEX}\.cache", "spec.devices.preferredDiskCache", FILL),
    (rf"spec\.domain\.devices\.disks{_INDEX}\.io", "spec.devices.preferredDiskIO", FILL),
    (rf"spec\.domain\.devices\.disks{_INDEX}\.dedicatedIOThread", "spec.devices.preferredDiskDedicatedIoThread",
     FILL),
    (rf"spec\.domain\.devices\.interfaces{_INDEX}\.model", "spec.devices.preferredInterfaceModel", FILL),
    (rf"spec\.domain\.devices\.interfaces{_INDEX}\.masquerade", "spec.devices.preferredInterfaceMasquerade", FILL),
    (rf"spec\.domain\.devices\.inputs{_INDEX}\.bus", "spec.devices.preferredInputBus", FILL),
    (rf"spec\.domain\.devices\.inputs{_INDEX}\.type", "spec.devices.preferredInputType", FILL),
    (r"spec\.domain\.devices\.useVirtioTransitional", "spec.devices.preferredUseVirtioTransitional", FILL),
    (r"spec\.domain\.devices\.blockMultiQueue", "spec.devices.preferredBlockMultiQueue", FILL),
    (r"spec\.domain\.devices\.networkInterfaceMultiqueue", "spec.devices.preferredNetworkInterfaceMultiQueue",
     FILL),
    (r"spec\.domain\.devices\.disableHotplug", "spec.devices.preferredDisableHotplug", OVERWRITE),
    (r"spec\.domain\.devices\.sound\.model", "spec.devices.preferredSoundModel", FILL),
    (r"spec\.domain\.devices\.rng", "spec.devices.preferredRng", FILL),
    (r"spec\.domain\.devices\.tpm", "spec.devices.preferredTPM", FILL),
    (r"spec\.domain\.devices\.video", "spec.devices.preferredVideoType", FILL),
    (r"spec\.domain\.devices\.panicDevices", "spec.devices.preferredPanicDeviceModel", FILL),
    (r"spec\.domain\.devices\.autoattachGraphicsDevice", "spec.devices.preferredAutoattachGraphicsDevice", FILL),
    (r"spec\.domain\.devices\.autoattachMemBalloon", "spec.devices.preferredAutoattachMemBalloon", FILL),
    (r"spec\.domain\.devices\.autoattachPodInterface", "spec.devices.preferredAutoattachPodInterface", FILL),
    (r"spec\.domain\.devices\.autoattachSerialConsole", "spec.devices.preferredAutoattachSerialConsole", FILL),
    (r"spec\.domain\.devices\.autoattachInputDevice", "spec.devices.preferredAutoattachInputDevice", FILL),
    (r"spec\.domain\.features\.acpi", "spec.features.preferredAcpi", OVERWRITE),
    (r"spec\.domain\.features\.apic", "spec.features.preferredApic", FILL),
    (r"spec\.domain\.features\.hyperv", "spec.features.preferredHyperv", FILL),
    (r"spec\.domain\.features\.kvm", "spec.features.preferredKvm", FILL),
    (r"spec\.domain\.features\.pvspinlock", "spec.features.preferredPvspinlock", FILL),
    (r"spec\.domain\.features\.smm", "spec.features.preferredSmm", FILL),
    (r"spec\.domain\.firmware\.bootloader\.efi", "spec.firmware.preferredEfi", FILL),
    (r"spec\.domain\.firmware\.bootloader\.bios\.useSerial", "spec.firmware.preferredUseBiosSerial", FILL),
    (r"spec\.domain\.firmware\.bootloader\.bios", "spec.firmware.preferredUseBios", FILL),
    (r"spec\.domain\.machine\.type", "spec.machine.preferredMachineType", FILL),
    (r"spec\.domain\.clock\.timer", "spec.clock.preferredTimer", FILL),
    (r"spec\.domain\.clock", "spec.clock.preferredClockOffset", FILL),
    (r"spec\.domain\.cpu\.features", "spec.cpu.preferredCPUFeatures", FILL),
    (r"spec\.domain\.launchSecurity", "spec.preferredLaunchSecurity", FILL),
    (r"spec\.subdomain", "spec.preferredSubdomain", FILL),
    (r"spec\.terminationGracePeriodSeconds", "spec.preferredTerminationGracePeriodSeconds", FILL),
    (r"spec\.architecture", "spec.preferredArchitecture", FILL),
    (r"metadata\.annotations", "spec.annotations", FILL),
    # Containers a preference creates empty around what it sets (`firmware.bootloader: {}`).
    (rf"spec\.domain\.devices\.disks{_INDEX}", "spec.devices", FILL),
    (r"spec\.domain\.firmware", "spec.firmware", FILL),
    (r"spec\.domain\.features", "spec.features", FILL),
)

# (pattern, setting): what KubeVirt's defaults add (krmfn's `defaults: cluster`), and the option
# that stands for the cluster's setting.
DEFAULT_SETTINGS: tuple[tuple[str, str], ...] = (
    (r"spec\.architecture", "architecture"),
    (r"spec\.domain\.machine", "machineType (else the architecture's default)"),
    (r"spec\.evictionStrategy", "evictionStrategy"),
    (rf"spec\.domain\.devices\.interfaces{_INDEX}\.(?:bridge|masquerade|slirp)", "networkInterface"),
    (r"spec\.domain\.devices\.interfaces", "the pod network KubeVirt attaches (autoattachPodInterface)"),
    (r"spec\.networks", "the pod network KubeVirt attaches (autoattachPodInterface)"),
    (r"spec\.domain\.devices\.disks", "a disk for each volume (KubeVirt's defaults)"),
    (rf"spec\.volumes{_INDEX}\.containerDisk\.imagePullPolicy", "imagePullPolicy (KubeVirt's default)"),
    (r"spec\.domain\.resources\.requests\.cpu", "cpuRequest"),
)


# The one instance type field that replaces a VM's value instead of conflicting with it.
INSTANCETYPE_OVERWRITES = frozenset({"spec.cpu.maxSockets"})


# The tables are looked up once per path: a bundle's VMs share most of their paths.
@lru_cache(maxsize=4096)
def instancetype_field(path: str) -> str | None:
    return next((field for pattern, field in INSTANCETYPE_FIELDS if _matches(pattern, path)), None)


@lru_cache(maxsize=4096)
def preference_field(path: str) -> tuple[str, str] | None:
    return next(((field, rule) for pattern, field, rule in PREFERENCE_FIELDS if _matches(pattern, path)), None)


@lru_cache(maxsize=4096)
def default_setting(path: str) -> str:
    return next((setting for pattern, setting in DEFAULT_SETTINGS if _matches(pattern, path)),
                "KubeVirt's defaults (defaults: cluster)")


def _matches(pattern: str, path: str) -> bool:
    return re.match(pattern + rf"(?:{_ANY_KEY}|{_INDEX})*\Z", path) is not None

"""``validateGraceIOVirtualization`` and ``validateGraceIOVirtualizationAnnotations``
(pkg/virt-api/webhooks/validating-webhook/admitters/grace_io_virtualization.go, d923fdb8), with the
PCI vendor selector helpers of pkg/util/hardware (grace.go, ``NormalizePCIID`` of hw_utils.go).

Both checks only concern GPUs and host devices whose ``deviceName`` is a PCI resource the cluster
permits (KubeVirt CR ``permittedHostDevices.pciHostDevices``) with an NVIDIA Grace GPU selector
(``10DE:2342``, ``10DE:2348``, ``10DE:2941``) or, for the spec check, an NVIDIA wildcard selector
(``10DE:*``). The permitted host devices are the cluster's (``ClusterConfig.permitted_host_devices``,
option ``permittedHostDevices``); with KubeVirt's default (none) neither check reports anything.

The annotations check reads the spec with the path ``spec`` whatever the object (KubeVirt's own
quirk; its request paths are discarded), and its ``field`` is the template metadata path.
"""
from __future__ import annotations


from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, CAUSE_FIELD_VALUE_REQUIRED, Cause, go_quote
from krmfn.model.reasons import needs_feature_gate
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_str, devices, dicts, domain
from krmfn.model.record import record

GRACE_IO_GATE = "GraceIOVirtualization"
PCI_NUMA_AWARE_TOPOLOGY_GATE = "PCINUMAAwareTopology"
IOMMUFD_GATE = "IOMMUFD"
GRACE_VIRT_MACHINE_TYPE = "virt"
GRACE_ARCHITECTURE = "arm64"
NVIDIA_PCI_VENDOR_ID = "10DE"
NVIDIA_GRACE_GPU_DEVICE_IDS = frozenset({"2342", "2348", "2941"})
HEX_DIGITS = frozenset("0123456789ABCDEF")
PLACE_PCI_DEVICES_ON_ROOT_COMPLEX = "kubevirt.io/placePCIDevicesOnRootComplex"
DISABLE_PCI_HOLE64 = "kubevirt.io/disablePCIHole64"

AMBIGUOUS_SELECTOR_FMT = ('GraceIOVirtualization requires an exact pciVendorSelector for NVIDIA PCI host device '
                          'resource %s')
GATE_REQUIRED_FMT = "%s feature gate must be enabled for NVIDIA Grace GPU passthrough resource %s"
REQUIRES_ARM64 = "GraceIOVirtualization requires arm64 architecture"
REQUIRES_MACHINE_TYPE = 'GraceIOVirtualization requires "virt" machine type'
REQUIRES_DEDICATED_CPUS = "GraceIOVirtualization requires dedicated CPU placement"
COMPANION_GATE_REQUIRED_FMT = "%s feature gate must be enabled when GraceIOVirtualization is used"
ROOT_COMPLEX_INCOMPATIBLE = "GraceIOVirtualization is not compatible with placing PCI devices on the root complex"
REQUIRES_PCI_HOLE64 = "GraceIOVirtualization requires the 64-bit PCI hole"


@record(frozen=True)
class PCIDeviceRequest:
    """``gracePCIDeviceRequest``: where a device names a resource, and the resource."""

    path: str
    resource_name: str


def normalize_pci_id(pci_id: str) -> str:
    """``NormalizePCIID``: trimmed, upper case, without a ``0X`` prefix."""
    normalized = pci_id.strip().upper()
    return normalized[2:] if normalized.startswith("0X") else normalized


def _is_hex_pci_id(pci_id: str) -> bool:
    return len(pci_id) == 4 and set(pci_id) <= HEX_DIGITS


def parse_pci_vendor_selector(selector: str) -> tuple[str, str] | None:
    """``ParsePCIVendorSelector``: ``(vendor, device)`` normalized, the device possibly ``*``."""
    parts = selector.split(":")
    if len(parts) != 2:
        return None
    vendor, device = normalize_pci_id(parts[0]), normalize_pci_id(parts[1])
    if not _is_hex_pci_id(vendor) or (device != "*" and not _is_hex_pci_id(device)):
        return None
    return vendor, device


def is_nvidia_grace_selector(selector: str) -> bool:
    """``IsNVIDIAGracePCIVendorSelector``."""
    parsed = parse_pci_vendor_selector(selector)
    return parsed is not None and parsed[0] == NVIDIA_PCI_VENDOR_ID and parsed[1] in NVIDIA_GRACE_GPU_DEVICE_IDS


def is_ambiguous_nvidia_selector(selector: str) -> bool:
    """``IsAmbiguousNVIDIAPCIVendorSelector``: NVIDIA with any device."""
    parsed = parse_pci_vendor_selector(selector)
    return parsed is not None and parsed[0] == NVIDIA_PCI_VENDOR_ID and parsed[1] == "*"


def permitted_pci_resource_selectors(permitted_host_devices: dict | None) -> dict[str, str]:
    """``permittedPCIResourceSelectors``: resource name -> selector (the last entry wins)."""
    if permitted_host_devices is None:
        return {}
    selectors = {}
    for pci_device in dicts(permitted_host_devices.get("pciHostDevices")):
        resource_name, selector = as_str(pci_device.get("resourceName")), as_str(pci_device.get("pciVendorSelector"))
        if resource_name and selector:
            selectors[resource_name] = selector
    return selectors


def requested_pci_device_resources(field: str, spec: dict) -> list[PCIDeviceRequest]:
    """``requestedPCIDeviceResources``: every GPU, then every host device, with a deviceName."""
    spec_devices = devices(spec)
    return [PCIDeviceRequest(f"{field}.domain.devices.{list_name}[{index}].deviceName",
                             as_str(device.get("deviceName")))
            for list_name in ("gpus", "hostDevices")
            for index, device in enumerate(dicts(spec_devices.get(list_name)))
            if as_str(device.get("deviceName"))]


def grace_pci_device_requests(field: str, spec: dict, permitted_host_devices: dict | None,
                              ) -> tuple[list[PCIDeviceRequest], list[PCIDeviceRequest]]:
    """``gracePCIDeviceRequests``: the requests of Grace GPUs, and those of NVIDIA wildcards."""
    selectors = permitted_pci_resource_selectors(permitted_host_devices)
    grace: list[PCIDeviceRequest] = []
    ambiguous: list[PCIDeviceRequest] = []
    if not selectors:
        return grace, ambiguous
    for request in requested_pci_device_resources(field, spec):
        selector = selectors.get(request.resource_name)
        if selector is None:
            continue
        if is_nvidia_grace_selector(selector):
            grace.append(request)
        elif is_ambiguous_nvidia_selector(selector):
            ambiguous.append(request)
    return grace, ambiguous


def validate_grace_io_virtualization(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateGraceIOVirtualization``: with the gate, no NVIDIA wildcard selector; a Grace GPU
    needs the gate, then arm64, a ``virt`` machine type, dedicated CPUs and the
    PCINUMAAwareTopology and IOMMUFD gates."""
    grace, ambiguous = grace_pci_device_requests(field, spec, config.permitted_host_devices)
    if not grace and not ambiguous:
        return []
    gate_enabled = config.feature_gate_enabled(GRACE_IO_GATE)
    causes = []
    if gate_enabled:
        causes += [Cause(request.path, AMBIGUOUS_SELECTOR_FMT % go_quote(request.resource_name),
                         CAUSE_FIELD_VALUE_INVALID) for request in ambiguous]
    if not grace:
        return causes
    if not gate_enabled:
        return causes + [Cause(request.path, GATE_REQUIRED_FMT % (GRACE_IO_GATE, go_quote(request.resource_name)),
                               CAUSE_FIELD_VALUE_INVALID, needs_feature_gate(GRACE_IO_GATE)) for request in grace]
    return causes + _grace_requirement_causes(field, spec, config)


def _grace_requirement_causes(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    causes = []
    if effective_architecture(spec, config) != GRACE_ARCHITECTURE:
        causes.append(Cause(f"{field}.architecture", REQUIRES_ARM64, CAUSE_FIELD_VALUE_INVALID))
    if not effective_machine_type(spec, config).startswith(GRACE_VIRT_MACHINE_TYPE):
        causes.append(Cause(f"{field}.domain.machine.type", REQUIRES_MACHINE_TYPE, CAUSE_FIELD_VALUE_INVALID))
    cpu = domain(spec).get("cpu")
    if cpu is None or as_dict(cpu).get("dedicatedCpuPlacement") is not True:
        causes.append(Cause(f"{field}.domain.cpu.dedicatedCpuPlacement", REQUIRES_DEDICATED_CPUS,
                            CAUSE_FIELD_VALUE_REQUIRED))
    for gate in (PCI_NUMA_AWARE_TOPOLOGY_GATE, IOMMUFD_GATE):
        if not config.feature_gate_enabled(gate):
            causes.append(Cause(f"{field}.domain.devices", COMPANION_GATE_REQUIRED_FMT % gate,
                                CAUSE_FIELD_VALUE_INVALID, needs_feature_gate(gate)))
    return causes


def validate_grace_io_virtualization_annotations(field: str, spec: dict, metadata: dict,
                                                 config: ClusterConfig) -> list[Cause]:
    """``validateGraceIOVirtualizationAnnotations``: a Grace GPU is incompatible with the
    ``placePCIDevicesOnRootComplex`` and ``disablePCIHole64`` annotations set to ``"true"``
    (gate or not)."""
    grace, _ = grace_pci_device_requests("spec", spec, config.permitted_host_devices)
    if not grace:
        return []
    annotations = as_dict(as_dict(metadata).get("annotations"))
    causes = []
    if annotations.get(PLACE_PCI_DEVICES_ON_ROOT_COMPLEX) == "true":
        causes.append(Cause(f"{field}.annotations[{PLACE_PCI_DEVICES_ON_ROOT_COMPLEX}]", ROOT_COMPLEX_INCOMPATIBLE,
                            CAUSE_FIELD_VALUE_INVALID))
    if annotations.get(DISABLE_PCI_HOLE64) == "true":
        causes.append(Cause(f"{field}.annotations[{DISABLE_PCI_HOLE64}]", REQUIRES_PCI_HOLE64,
                            CAUSE_FIELD_VALUE_INVALID))
    return causes


def effective_architecture(spec: dict, config: ClusterConfig) -> str:
    """``effectiveGraceArchitecture``: the spec's, else the cluster default."""
    return as_str(spec.get("architecture")) or config.default_architecture


def effective_machine_type(spec: dict, config: ClusterConfig) -> str:
    """``effectiveGraceMachineType``: the spec's, else the cluster's for the architecture."""
    machine = domain(spec).get("machine")
    machine_type = as_str(as_dict(machine).get("type")) if machine is not None else ""
    return machine_type or config.machine_type_for(effective_architecture(spec, config))

"""The defaults expand applies to the VM template spec T (docs/kubevirt/expand.md#default-disks-and-pod-network,
#spec-defaults), and those the VMI mutating webhook applies to a VMI on CREATE.

Mirrors, for the parts expand uses:
* `pkg/util/util.go` SetDefaultVolumeDisk;
* `pkg/network/vmispec/defaults.go` SetDefaultNetworkInterface;
* `pkg/defaults/defaults.go` SetDefaultVirtualMachineInstanceSpec;
and, for the VMI mutating webhook, `pkg/defaults/defaults.go` SetDefaultVirtualMachineInstance with
setDefaultFeatures, setDefaultHypervFeatureDependencies, setDefaultCPUArch, setDefaultCPUModel,
setGuestMemoryStatus, setCurrentCPUTopologyStatus and setupHotplug (setupCPUHotplug,
setupMemoryHotplug, which reads ``memory.ValidateLiveUpdateMemory`` from
``krmfn.kubevirt.virt_api.admitters.live_update``); the API defaulters are
``krmfn.kubevirt.api.defaults``, the architecture ones ``krmfn.kubevirt.defaults.amd64``,
``krmfn.kubevirt.defaults.arm64`` and ``krmfn.kubevirt.defaults.s390x``, the Hyper-V ones
``krmfn.kubevirt.defaults.hyperv`` (loaded with the first spec that sets Hyper-V features). The
cluster configuration values they read come from ``krmfn.kubevirt.virt_config.virt_config``
(``ClusterConfig``).

All functions mutate T (or the VMI) in place (the caller owns a private copy) and return an error
message or None.
"""
from __future__ import annotations

from functools import lru_cache

from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.api.defaults import set_object_defaults_virtual_machine_instance
from krmfn.kubevirt.defaults.amd64 import set_amd64_defaults
from krmfn.kubevirt.defaults.arm64 import is_arm64, set_arm64_defaults
from krmfn.kubevirt.defaults.s390x import is_s390x, set_s390x_default_features, set_s390x_defaults
from krmfn.kubevirt.virt_api.admitters.live_update import validate_live_update_memory
from krmfn.kubevirt.virt_config.virt_config import BRIDGE, MASQUERADE, SLIRP, DEFAULT_CPU_REQUEST, ClusterConfig
from krmfn.kubevirt.apimachinery.gozero import child, list_set

DEFAULT_NETWORK_NAME = "default"
DEFAULT_CPU_MODEL = "host-model"  # v1.DefaultCPUModel (CPUModeHostModel)
MAX_HOTPLUG_VCPUS = 512  # setupCPUHotplug's upper bound of sockets * cores * threads
UINT32 = 0xFFFFFFFF
BRIDGE_NOT_ENABLED = "bridge interface is not enabled in kubevirt-config"
SLIRP_DEPRECATED = "slirp interface is deprecated as of v1.3"


# ---------------------------------------------------------------------------------------------
# Go-struct access helpers: Domain, Devices and Resources are non-pointer structs in Go.
# ---------------------------------------------------------------------------------------------
def _get_dict(parent: dict, key: str) -> dict | None:
    value = parent.get(key)
    return value if isinstance(value, dict) else None


def _list(value: object) -> list:
    return value if isinstance(value, list) else []


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def _resource_quantity(resources: dict | None, section: str, name: str) -> quantity.Quantity | None:
    """resources.<section>[name] parsed; None when the key is absent or not a quantity."""
    values = _get_dict(resources, section) if resources else None
    if values is None or name not in values:
        return None
    parsed = quantity.parse(values[name])
    return parsed if isinstance(parsed, quantity.Quantity) else None


def _is_zero(value: quantity.Quantity | None) -> bool:
    """`ResourceList.Cpu().IsZero()`: an absent entry is the zero quantity."""
    return value is None or value.is_zero()


# ---------------------------------------------------------------------------------------------
# docs/kubevirt/expand.md#default-disks-and-pod-network
# ---------------------------------------------------------------------------------------------
def set_default_volume_disk(template_spec: dict) -> None:
    """Append `{name}` to disks for every volume without a disk or filesystem of that name.

    As in Go, the known names are collected once: two volumes of one name both get a disk.
    """
    volumes = template_spec.get("volumes")
    if not list_set(volumes):
        return
    devices = _get_dict(_get_dict(template_spec, "domain") or {}, "devices") or {}
    known = {_str(d.get("name")) for key in ("disks", "filesystems")
             for d in _list(devices.get(key)) if isinstance(d, dict)}
    missing = [_str(v.get("name")) for v in volumes if isinstance(v, dict) and _str(v.get("name")) not in known]
    if not missing:
        return
    devices = child(child(template_spec, "domain"), "devices")
    disks = devices.get("disks")
    devices["disks"] = (list(disks) if isinstance(disks, list) else []) + [{"name": n} for n in missing]


def defaults_can_fail(config: ClusterConfig) -> bool:
    """Whether the defaults can fail under this configuration: their only error is the default
    pod interface (docs/kubevirt/expand.md#default-disks-and-pod-network, docs/kubevirt/messages.md#message-catalogue
    "network defaults")."""
    return config.network_interface == SLIRP or (
        config.network_interface == BRIDGE and not config.permit_bridge_interface_on_pod_network)


def set_default_network_interface(config: ClusterConfig, template_spec: dict) -> str | None:
    """Add the default pod interface and network when T declares neither
    (docs/kubevirt/expand.md#default-disks-and-pod-network)."""
    domain = _get_dict(template_spec, "domain") or {}
    devices = _get_dict(domain, "devices") or {}
    if devices.get("autoattachPodInterface") is False:
        return None
    if list_set(template_spec.get("networks")) or list_set(devices.get("interfaces")):
        return None
    interface = config.network_interface
    if interface == BRIDGE:
        if not config.permit_bridge_interface_on_pod_network:
            return BRIDGE_NOT_ENABLED
        child(child(template_spec, "domain"), "devices")["interfaces"] = [{"name": DEFAULT_NETWORK_NAME, "bridge": {}}]
    elif interface == MASQUERADE:
        child(child(template_spec, "domain"), "devices")["interfaces"] = [
            {"name": DEFAULT_NETWORK_NAME, "masquerade": {}}]
    elif interface == SLIRP:
        return SLIRP_DEPRECATED
    template_spec["networks"] = [{"name": DEFAULT_NETWORK_NAME, "pod": {}}]
    return None


# ---------------------------------------------------------------------------------------------
# docs/kubevirt/expand.md#spec-defaults
# ---------------------------------------------------------------------------------------------
def set_default_architecture(config: ClusterConfig, template_spec: dict) -> None:
    if not _str(template_spec.get("architecture")):
        template_spec["architecture"] = config.default_architecture


def set_default_machine_type(config: ClusterConfig, template_spec: dict) -> None:
    machine_type = config.machine_type_for(_str(template_spec.get("architecture")))
    domain = child(template_spec, "domain")
    machine = _get_dict(domain, "machine")
    if machine is None:
        domain["machine"] = {"type": machine_type}
    elif not _str(machine.get("type")):
        machine["type"] = machine_type


def set_default_resource_requests(config: ClusterConfig, template_spec: dict) -> None:
    """requests.cpu from limits.cpu; the cluster cpuRequest when it is not the 100m default."""
    domain = _get_dict(template_spec, "domain") or {}
    resources = _get_dict(domain, "resources")
    limits_cpu = _resource_quantity(resources, "limits", "cpu")
    if not _is_zero(limits_cpu) and _is_zero(_resource_quantity(resources, "requests", "cpu")):
        _requests(template_spec)["cpu"] = limits_cpu.canonical()  # type: ignore[union-attr]

    cpu_request = _custom_cpu_request(config.cpu_request)
    if cpu_request is None:
        return
    requests = _get_dict(resources, "requests") if resources else None
    if requests is not None and "cpu" in requests:
        return
    cpu = _get_dict(domain, "cpu")
    if cpu is not None and cpu.get("dedicatedCpuPlacement") is True:
        return
    _requests(template_spec)["cpu"] = cpu_request


@lru_cache(maxsize=16)
def _custom_cpu_request(text: str) -> str | None:
    """The canonical cluster cpuRequest, or None when it equals KubeVirt's default 100m
    (docs/kubevirt/expand.md#spec-defaults #3b)."""
    parsed = quantity.parse(text)
    if not isinstance(parsed, quantity.Quantity) or parsed == quantity.parse(DEFAULT_CPU_REQUEST):
        return None
    return parsed.canonical()


def _requests(template_spec: dict) -> dict:
    return child(child(child(template_spec, "domain"), "resources"), "requests")


def set_guest_memory(template_spec: dict) -> None:
    """memory.guest from requests.memory, limits.memory or the hugepages size (docs/kubevirt/expand.md#spec-defaults
    #4)."""
    domain = child(template_spec, "domain")
    memory = _get_dict(domain, "memory")
    if memory is not None and memory.get("guest") is not None:
        return
    if memory is None:
        memory = domain["memory"] = {}
    resources = _get_dict(domain, "resources")
    for section in ("requests", "limits"):
        value = _resource_quantity(resources, section, "memory")
        if not _is_zero(value):
            memory["guest"] = value.canonical()  # type: ignore[union-attr]
            return
    hugepages = _get_dict(memory, "hugepages")
    if hugepages is not None:
        page_size = quantity.parse_string(_str(hugepages.get("pageSize")))
        if isinstance(page_size, quantity.Quantity):
            memory["guest"] = page_size.canonical()


def set_default_guest_cpu_topology(template_spec: dict) -> None:
    """sockets/cores/threads when all unset: sockets from the CPU limit or request (ceiling)."""
    domain = child(template_spec, "domain")
    cpu = _get_dict(domain, "cpu")
    if cpu is not None and any(cpu.get(k) not in (None, 0) for k in ("cores", "sockets", "threads")):
        return
    if cpu is None:
        cpu = domain["cpu"] = {}
    sockets = 1
    resources = _get_dict(domain, "resources")
    for section in ("limits", "requests"):
        values = _get_dict(resources, section) if resources else None
        if values is not None and "cpu" in values:
            parsed = _resource_quantity(resources, section, "cpu")
            sockets = parsed.value() & 0xFFFFFFFF if parsed is not None else 0  # Go: uint32(Value())
            break
    cpu["sockets"] = sockets
    cpu["cores"] = 1
    cpu["threads"] = 1


def set_default_pull_policies(template_spec: dict) -> None:
    """containerDisk.imagePullPolicy: Always for `:latest` or untagged images, else IfNotPresent."""
    for volume in _list(template_spec.get("volumes")):
        disk = volume.get("containerDisk") if isinstance(volume, dict) else None
        if not isinstance(disk, dict) or _str(disk.get("imagePullPolicy")):
            continue
        image = _str(disk.get("image"))
        untagged = ":" not in image and "@" not in image
        disk["imagePullPolicy"] = "Always" if image.endswith(":latest") or untagged else "IfNotPresent"


def set_default_eviction_strategy(config: ClusterConfig, template_spec: dict) -> None:
    if template_spec.get("evictionStrategy") is None and config.eviction_strategy is not None:
        template_spec["evictionStrategy"] = config.eviction_strategy


def set_default_vmi_spec(config: ClusterConfig, template_spec: dict) -> str | None:
    """SetDefaultVirtualMachineInstanceSpec, in KubeVirt's order (docs/kubevirt/expand.md#spec-defaults)."""
    set_default_architecture(config, template_spec)
    set_default_machine_type(config, template_spec)
    set_default_resource_requests(config, template_spec)
    set_guest_memory(template_spec)
    set_default_guest_cpu_topology(template_spec)
    set_default_pull_policies(template_spec)
    set_default_eviction_strategy(config, template_spec)
    error = set_default_network_interface(config, template_spec)
    if error is not None:
        return error
    set_default_volume_disk(template_spec)
    return None


# ---------------------------------------------------------------------------------------------
# SetDefaultVirtualMachineInstance: the VMI mutating webhook's defaults on CREATE
# ---------------------------------------------------------------------------------------------
def set_default_virtual_machine_instance(config: ClusterConfig, vmi: dict) -> str | None:
    """``SetDefaultVirtualMachineInstance``: the spec defaults (``set_default_vmi_spec``), the
    s390x features, the API defaulters, the Hyper-V dependencies, the architecture defaults and CPU
    model, the memory and CPU topology status, and (but on arm64) CPU and memory hotplug."""
    spec = child(vmi, "spec")
    error = set_default_vmi_spec(config, spec)
    if error is not None:
        return error
    set_default_features(spec)
    set_object_defaults_virtual_machine_instance(vmi)
    if _sets_hyperv(spec):
        from krmfn.kubevirt.defaults.hyperv import set_hyperv_feature_dependencies  # noqa: PLC0415 - module doc
        set_hyperv_feature_dependencies(spec)  # setDefaultHypervFeatureDependencies: the error is ignored
    set_default_cpu_arch(config, spec)
    set_guest_memory_status(vmi)
    set_current_cpu_topology_status(vmi)
    if not is_arm64(spec):  # hotplug is not enabled on ARM yet
        setup_hotplug(config, vmi)
    return None


def _sets_hyperv(spec: dict) -> bool:
    """Whether ``spec.domain.features.hyperv`` is an object (else the Hyper-V dependencies do nothing)."""
    domain = spec.get("domain")
    features = domain.get("features") if isinstance(domain, dict) else None
    return isinstance(features, dict) and isinstance(features.get("hyperv"), dict)


def set_default_features(spec: dict) -> None:
    """``setDefaultFeatures``: the s390x ones."""
    if is_s390x(spec):
        set_s390x_default_features(spec)


def set_default_cpu_arch(config: ClusterConfig, spec: dict) -> None:
    """``setDefaultCPUArch``: the arm64, s390x or (any other architecture) amd64 defaults, then the
    CPU model."""
    if is_arm64(spec):
        set_arm64_defaults(spec)
    elif is_s390x(spec):
        set_s390x_defaults(spec)
    else:
        set_amd64_defaults(spec)
    set_default_cpu_model(config, spec)


def set_default_cpu_model(config: ClusterConfig, spec: dict) -> None:
    """``setDefaultCPUModel``: the cluster's CPU model, else ``host-model``, where none is set."""
    cpu = child(child(spec, "domain"), "cpu")
    if not _str(cpu.get("model")):
        cpu["model"] = config.cpu_model or DEFAULT_CPU_MODEL


def _guest(spec: dict) -> quantity.Quantity | None:
    """``spec.Domain.Memory.Guest``: None for nil (or a value that is no quantity)."""
    memory = _get_dict(_get_dict(spec, "domain") or {}, "memory")
    value = memory.get("guest") if memory is not None else None
    parsed = quantity.parse(value) if value is not None else None
    return parsed if isinstance(parsed, quantity.Quantity) else None


def set_guest_memory_status(vmi: dict) -> None:
    """``setGuestMemoryStatus``: ``status.memory`` at boot, current and requested = the guest memory."""
    guest = _guest(vmi["spec"])
    if guest is not None:
        text = guest.canonical()
        child(vmi, "status")["memory"] = {"guestAtBoot": text, "guestCurrent": text, "guestRequested": text}


def _uint32(values: dict, key: str) -> int:
    """A non-pointer uint32 field: 0 when unset (or not an integer)."""
    value = values.get(key)
    return value & UINT32 if isinstance(value, int) and not isinstance(value, bool) else 0


def set_current_cpu_topology_status(vmi: dict) -> None:
    """``setCurrentCPUTopologyStatus``: ``status.currentCPUTopology`` from the CPU topology, unless set."""
    cpu = _get_dict(_get_dict(vmi["spec"], "domain") or {}, "cpu")
    status = _get_dict(vmi, "status")
    if cpu is None or (status is not None and status.get("currentCPUTopology") is not None):
        return
    topology = {key: _uint32(cpu, key) for key in ("cores", "sockets", "threads")}
    child(vmi, "status")["currentCPUTopology"] = {k: v for k, v in topology.items() if v}  # omitempty


def setup_hotplug(config: ClusterConfig, vmi: dict) -> None:
    """``setupHotplug``: under the ``LiveUpdate`` rollout strategy, CPU then memory hotplug."""
    if not config.vm_rollout_strategy_live_update():
        return
    setup_cpu_hotplug(config, vmi)
    setup_memory_hotplug(config, vmi)


def setup_cpu_hotplug(config: ClusterConfig, vmi: dict) -> None:
    """``setupCPUHotplug``: ``maxSockets`` from the cluster's ``maxCpuSockets`` (at least the
    sockets), else sockets times the hotplug ratio, capped so that at most 512 vCPUs result."""
    cpu = child(child(vmi["spec"], "domain"), "cpu")
    sockets = _uint32(cpu, "sockets")
    max_sockets = _uint32(cpu, "maxSockets")
    if max_sockets == 0:
        max_sockets = config.max_cpu_sockets & UINT32
        if sockets > max_sockets and max_sockets != 0:
            max_sockets = sockets
    if max_sockets == 0:
        cores_threads = (_uint32(cpu, "cores") * _uint32(cpu, "threads")) & UINT32
        max_sockets = (sockets * config.max_hotplug_ratio) & UINT32
        if (max_sockets * cores_threads) & UINT32 > MAX_HOTPLUG_VCPUS:
            max_sockets = max(MAX_HOTPLUG_VCPUS // cores_threads, sockets)
    if max_sockets != _uint32(cpu, "maxSockets"):
        cpu["maxSockets"] = max_sockets


def setup_memory_hotplug(config: ClusterConfig, vmi: dict) -> None:
    """``setupMemoryHotplug``: ``maxGuest`` from the cluster's, else the guest memory times the
    hotplug ratio, when the VMI meets the memory hotplug requirements."""
    spec = vmi["spec"]
    memory = child(child(spec, "domain"), "memory")
    if memory.get("maxGuest") is not None:
        return
    max_guest: quantity.Quantity | None = None
    guest = _guest(spec)
    if config.max_guest is not None:
        parsed = quantity.parse(config.max_guest)
        max_guest = parsed if isinstance(parsed, quantity.Quantity) else None
    elif guest is not None:
        max_guest = quantity.new_quantity(guest.value() * config.max_hotplug_ratio, quantity.BINARY_SI)
    if validate_live_update_memory(spec, max_guest) is not None:
        return  # memory hotplug is not compatible with this VMI
    if max_guest is not None:
        memory["maxGuest"] = max_guest.canonical()

"""The defaults expand applies to the VM template spec T (semantics §9.2, §9.3).

Mirrors, for the parts expand uses:
* `pkg/util/util.go` SetDefaultVolumeDisk;
* `pkg/network/vmispec/defaults.go` SetDefaultNetworkInterface;
* `pkg/defaults/defaults.go` SetDefaultVirtualMachineInstanceSpec;
* `pkg/virt-config` for the cluster configuration values they read (`ClusterConfig`).

All functions mutate T in place (expand owns a private copy) and return an error message or None.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from collections.abc import Iterable, Mapping
from typing import Any

from krmfn.instancetype import quantity
from krmfn.instancetype.featuregate import is_enabled
from krmfn.instancetype.gozero import child, list_set
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion, kubevirt_version

BRIDGE = "bridge"
MASQUERADE = "masquerade"
SLIRP = "slirp"
DEFAULT_NETWORK_NAME = "default"
DEFAULT_CPU_REQUEST = "100m"
BRIDGE_NOT_ENABLED = "bridge interface is not enabled in kubevirt-config"
SLIRP_DEPRECATED = "slirp interface is deprecated as of v1.3"


def _default_arch_machine_types() -> dict[str, str]:
    return {"amd64": "q35", "arm64": "virt", "s390x": "s390-ccw-virtio"}


def _default_emulated_machines() -> dict[str, tuple[str, ...]]:
    """``DefaultAMD64EmulatedMachines`` and its arm64 and s390x twins (``pkg/virt-config``)."""
    return {"amd64": ("q35*", "pc-q35*"), "arm64": ("virt*",), "s390x": ("s390-ccw-virtio*",)}


def _arch_emulated_machines(entries: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """The per-architecture lists: KubeVirt's defaults, with ``ARCH=PATTERN`` entries replacing the
    list of their architecture (``architectureConfiguration.<arch>.emulatedMachines``)."""
    machines = _default_emulated_machines()
    given: dict[str, list[str]] = {}
    for entry in entries:
        arch, separator, pattern = entry.partition("=")
        if separator:
            given.setdefault(arch, []).append(pattern)
    machines.update({arch: tuple(patterns) for arch, patterns in given.items()})
    return machines


def _permitted_host_devices(entries: Iterable[str]) -> dict | None:
    """``permittedHostDevices.pciHostDevices`` from ``VENDOR:DEVICE=resourceName`` entries."""
    devices = [{"pciVendorSelector": selector, "resourceName": resource}
               for selector, _, resource in (entry.partition("=") for entry in entries)]
    return {"pciHostDevices": devices} if devices else None


@dataclass(frozen=True)
class ClusterConfig:
    """The KubeVirt configuration values expand reads, with KubeVirt's defaults (§9.3).

    `eviction_strategy` None means the cluster has none (expand then leaves T's unset).
    """

    default_architecture: str = "amd64"
    machine_type: str = ""
    arch_machine_types: dict[str, str] = field(default_factory=_default_arch_machine_types)
    cpu_request: str = DEFAULT_CPU_REQUEST
    network_interface: str = BRIDGE
    permit_bridge_interface_on_pod_network: bool = True
    eviction_strategy: str | None = "None"
    # KubeVirt CR spec.configuration.developerConfiguration (krmfn.instancetype.featuregate)
    feature_gates: tuple[str, ...] = ()
    disabled_feature_gates: tuple[str, ...] = ()
    # KubeVirt CR spec.configuration.emulatedMachines: overrides every architecture's list.
    emulated_machines: tuple[str, ...] = ()
    arch_emulated_machines: dict[str, tuple[str, ...]] = field(default_factory=_default_emulated_machines)
    vm_rollout_strategy: str = "LiveUpdate"
    # KubeVirt CR spec.configuration.permittedHostDevices ({"pciHostDevices": [{"pciVendorSelector",
    # "resourceName"}]}); None: not configured (KubeVirt's default).
    permitted_host_devices: dict | None = None
    # The KubeVirt release (``kubevirtVersion``): its feature gate registry and behaviour switches.
    kubevirt_version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> ClusterConfig:
        """The cluster facts of a complete options dict (``krmfn.model.options.complete``)."""
        return cls(
            default_architecture=options["architecture"],
            machine_type=options["machineType"],
            cpu_request=options["cpuRequest"] or DEFAULT_CPU_REQUEST,
            network_interface=options["networkInterface"],
            permit_bridge_interface_on_pod_network=options["permitBridgeInterfaceOnPodNetwork"],
            eviction_strategy=options["evictionStrategy"] or None,
            feature_gates=tuple(options.get("featureGates", ())),
            disabled_feature_gates=tuple(options.get("disabledFeatureGates", ())),
            emulated_machines=tuple(m for m in options.get("emulatedMachines", ()) if "=" not in m),
            arch_emulated_machines=_arch_emulated_machines(options.get("emulatedMachines", ())),
            vm_rollout_strategy=options.get("vmRolloutStrategy", "LiveUpdate"),
            permitted_host_devices=_permitted_host_devices(options.get("permittedHostDevices", ())),
            kubevirt_version=kubevirt_version(options.get("kubevirtVersion")),
        )

    def feature_gate_enabled(self, gate: str) -> bool:
        """``ClusterConfig.isFeatureGateEnabled``."""
        return is_enabled(gate, self.feature_gates, self.disabled_feature_gates, self.kubevirt_version)

    def emulated_machines_for(self, architecture: str) -> tuple[str, ...]:
        """``GetEmulatedMachines``: the top-level list, else per architecture (unknown -> amd64's)."""
        if self.emulated_machines:
            return self.emulated_machines
        return self.arch_emulated_machines.get(architecture if architecture in ("arm64", "s390x") else "amd64", ())

    def vm_rollout_strategy_live_update(self) -> bool:
        """``IsVMRolloutStrategyLiveUpdate`` (KubeVirt's default strategy is LiveUpdate)."""
        return self.vm_rollout_strategy == "LiveUpdate"

    def machine_type_for(self, architecture: str) -> str:
        """GetMachineType: the top-level override, else per architecture (unknown -> amd64's)."""
        if self.machine_type:
            return self.machine_type
        if architecture in ("arm64", "s390x"):
            return self.arch_machine_types.get(architecture, "")
        return self.arch_machine_types.get("amd64", "")


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
# §9.2
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
    pod interface (§9.2, Appendix D "network defaults")."""
    return config.network_interface == SLIRP or (
        config.network_interface == BRIDGE and not config.permit_bridge_interface_on_pod_network)


def set_default_network_interface(config: ClusterConfig, template_spec: dict) -> str | None:
    """Add the default pod interface and network when T declares neither (§9.2)."""
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
# §9.3
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
    """The canonical cluster cpuRequest, or None when it equals KubeVirt's default 100m (§9.3 #3b)."""
    parsed = quantity.parse(text)
    if not isinstance(parsed, quantity.Quantity) or parsed == quantity.parse(DEFAULT_CPU_REQUEST):
        return None
    return parsed.canonical()


def _requests(template_spec: dict) -> dict:
    return child(child(child(template_spec, "domain"), "resources"), "requests")


def set_guest_memory(template_spec: dict) -> None:
    """memory.guest from requests.memory, limits.memory or the hugepages size (§9.3 #4)."""
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
    """SetDefaultVirtualMachineInstanceSpec, in KubeVirt's order (§9.3)."""
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

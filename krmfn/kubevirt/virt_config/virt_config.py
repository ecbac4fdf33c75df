"""The cluster configuration KubeVirt's code reads: ``ClusterConfig``.

Mirrors ``pkg/virt-config`` (``virt-config.go``, ``configuration.go``, ``feature-gates.go``) for the
values krmfn's ports read: the default architecture and machine types, the emulated machines, the
pod network binding, the CPU request, the eviction strategy, the feature gates
(``krmfn.kubevirt.virt_config.featuregate``), the permitted host devices, the VM rollout strategy,
the live-update limits (``liveUpdateConfiguration``: max CPU sockets, max guest memory, max hotplug
ratio), the cluster CPU model, the TDX QGS socket path and the KubeVirt CR's
``alpha.kubevirt.io/EmulatorThreadCompleteToEvenParity`` annotation, each with KubeVirt's default.
The options (``krmfn.model.options``) fill it (``from_options``; the live-update limits, CPU
model, QGS path and annotation keep their defaults).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from krmfn.kubevirt.virt_config.featuregate import is_enabled
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion, kubevirt_version
from krmfn.model.record import field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

BRIDGE = "bridge"
MASQUERADE = "masquerade"
SLIRP = "slirp"
DEFAULT_CPU_REQUEST = "100m"
DEFAULT_MAX_HOTPLUG_RATIO = 4  # virtconfig.DefaultMaxHotplugRatio
DEFAULT_QGS_SOCKET_PATH = "/var/run/tdx-qgs/qgs.socket"  # virtconfig.DefaultQGSSocketPath


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


@record(frozen=True)
class ClusterConfig:
    """The KubeVirt configuration values expand reads, with KubeVirt's defaults
    (docs/kubevirt/expand.md#spec-defaults).

    `eviction_strategy` None means the cluster has none (expand then leaves T's unset).
    """

    default_architecture: str = "amd64"
    machine_type: str = ""
    arch_machine_types: dict[str, str] = field(default_factory=_default_arch_machine_types)
    cpu_request: str = DEFAULT_CPU_REQUEST
    network_interface: str = BRIDGE
    permit_bridge_interface_on_pod_network: bool = True
    eviction_strategy: str | None = "None"
    # KubeVirt CR spec.configuration.developerConfiguration (krmfn.kubevirt.virt_config.featuregate)
    feature_gates: tuple[str, ...] = ()
    disabled_feature_gates: tuple[str, ...] = ()
    # KubeVirt CR spec.configuration.emulatedMachines: overrides every architecture's list.
    emulated_machines: tuple[str, ...] = ()
    arch_emulated_machines: dict[str, tuple[str, ...]] = field(default_factory=_default_emulated_machines)
    vm_rollout_strategy: str = "LiveUpdate"
    # KubeVirt CR spec.configuration.permittedHostDevices ({"pciHostDevices": [{"pciVendorSelector",
    # "resourceName"}]}); None: not configured (KubeVirt's default).
    permitted_host_devices: dict | None = None
    # spec.configuration.liveUpdateConfiguration: maxCpuSockets (0: unset, GetMaximumCpuSockets),
    # maxGuest (a quantity; None: unset, GetMaximumGuestMemory), maxHotplugRatio (GetMaxHotplugRatio).
    max_cpu_sockets: int = 0
    max_guest: str | None = None
    max_hotplug_ratio: int = DEFAULT_MAX_HOTPLUG_RATIO
    # spec.configuration.cpuModel (GetCPUModel; "": unset, the VMI default host-model applies).
    cpu_model: str = ""
    # spec.configuration.confidentialCompute.tdx.attestation.qgsSocketPath (GetQGSSocketPath).
    qgs_socket_path: str = DEFAULT_QGS_SOCKET_PATH
    # Whether the KubeVirt CR carries the alpha.kubevirt.io/EmulatorThreadCompleteToEvenParity annotation.
    emulator_thread_complete_to_even_parity: bool = False
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

    def root_enabled(self) -> bool:
        """``RootEnabled``: the ``Root`` feature gate."""
        return self.feature_gate_enabled("Root")

    def align_cpus_enabled(self) -> bool:
        """``AlignCPUsEnabled``: the ``AlignCPUs`` feature gate."""
        return self.feature_gate_enabled("AlignCPUs")

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

"""KubeVirt's feature gates: their states, and which are enabled on a cluster.

Mirrors ``pkg/virt-config/featuregate`` at d923fdb8: the registry (``active.go``, ``inactive.go``,
``macvtap.go``, ``passt.go``, ``virtiofs.go``), ``IsEnabled`` (a GA gate is always on; a gate named in
``featureGates`` is on; one named in ``disabledFeatureGates`` is off; otherwise a Beta gate is on and
an Alpha gate off; an unknown name is off) and ``ValidateFeatureGates`` (a discontinued gate that is
enabled and whose API the VM still uses rejects the VM).

Older releases (the ``kubevirtVersion`` option): the registries of v1.9.0, v1.8.4 and v1.7.4
differ from d923fdb8's by ``OLDER_REGISTRIES`` (graduations such as VideoConfig and PanicDevices,
Beta in v1.8, GA in v1.9; LibvirtHooksServerAndClient, Beta in v1.9.0, GA on main; and gates not
registered yet), and before v1.9 a Beta gate is off unless named in
``featureGates`` (``KubevirtVersion.beta_gates_on_by_default``, ``isFeatureGateEnabled`` of
pkg/virt-config/feature-gates.go at v1.8.4).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion
from krmfn.model.reasons import needs_feature_gate
from krmfn.model.record import FrozenRecord

ALPHA = "Alpha"
BETA = "Beta"
GA = "GA"
DEPRECATED = "Deprecated"
DISCONTINUED = "Discontinued"

DECENTRALIZED_LIVE_MIGRATION = "DecentralizedLiveMigration"

# The messages of the deprecated and discontinued gates (ValidateFeatureGates reports the latter).
DOCKER_SELINUX_MCS_WORKAROUND_MESSAGE = "DockerSELinuxMCSWorkaround has been deprecated since v1.4."
EXPERIMENTAL_VIRTIOFS_SUPPORT_MESSAGE = (
    "Virtiofs ExperimentalVirtiofsSupport feature gate is discontinued since v1.7. Please use "
    "EnableVirtioFsConfigVolumes or EnableVirtioFsPVC feature gates instead"
)
PASST_MESSAGE = (
    "Passt network binding is discontinued since v1.3. Please refer to Kubevirt user guide for alternatives."
)
MACVTAP_MESSAGE = (
    "Macvtap network binding is discontinued since v1.3. Please refer to Kubevirt user guide for alternatives."
)
PASST_IP_STACK_MIGRATION_MESSAGE = (
    "Seamless migration with passt network binding plugin is no longer supported since KubeVirt v1.8. Please use "
    "the passt core binding instead."
)
MULTI_ARCHITECTURE_MESSAGE = "MultiArchitecture has been deprecated since v1.8.0"
DISABLE_MDEV_CONFIGURATION_MESSAGE = "DisableMDEVConfiguration has been deprecated since v1.8.0"
HOTPLUG_VOLUMES_MESSAGE = (
    "HotplugVolumes has been deprecated since v1.9.0 and has been replaced by DeclarativeHotplugVolumes"
)

class FeatureGate(FrozenRecord):
    """One registered gate; ``binding_used``: the interface binding whose presence in a VM's
    interfaces counts as using a discontinued gate's API (``VmiSpecUsed``)."""

    __slots__ = ("name", "state", "message", "binding_used")
    name: str
    state: str
    message: str
    binding_used: str

    def __init__(self, name: str, state: str, message: str = "", binding_used: str = "") -> None:
        self._set(name=name, state=state, message=message, binding_used=binding_used)


FEATURE_GATES: dict[str, FeatureGate] = {gate.name: gate for gate in (
    FeatureGate("ImageVolume", BETA),
    FeatureGate("CPUManager", ALPHA),
    FeatureGate("ExperimentalIgnitionSupport", ALPHA),
    FeatureGate("HypervStrictCheck", ALPHA),
    FeatureGate("Sidecar", ALPHA),
    FeatureGate("HostDevices", ALPHA),
    FeatureGate("Snapshot", BETA),
    FeatureGate("HostDisk", ALPHA),
    FeatureGate("DownwardMetrics", ALPHA),
    FeatureGate("Root", ALPHA),
    FeatureGate("WorkloadEncryptionSEV", BETA),
    FeatureGate("WorkloadEncryptionTDX", ALPHA),
    FeatureGate("VSOCK", ALPHA),
    FeatureGate("KubevirtSeccompProfile", BETA),
    FeatureGate("AlignCPUs", ALPHA),
    FeatureGate("NodeRestriction", BETA),
    FeatureGate("EnableVirtioFsStorageVolumes", ALPHA),
    FeatureGate("GPUsWithDRA", BETA),
    FeatureGate("HostDevicesWithDRA", BETA),
    FeatureGate("PCINUMAAwareTopology", ALPHA),
    FeatureGate("NetworkDevicesWithDRA", ALPHA),
    FeatureGate("DecentralizedLiveMigration", BETA),
    FeatureGate("DeclarativeHotplugVolumes", BETA),
    FeatureGate("ObjectGraph", ALPHA),
    FeatureGate("UtilityVolumes", ALPHA),
    FeatureGate("ConfigurableHypervisor", ALPHA),
    FeatureGate("PasstBinding", BETA),
    FeatureGate("IncrementalBackup", ALPHA),
    FeatureGate("PodSecondaryInterfaceNamingUpgrade", BETA),
    FeatureGate("ExternalNetResourceInjection", BETA),
    FeatureGate("RebootPolicy", BETA),
    FeatureGate("Template", BETA),
    FeatureGate("ContainerPathVolumes", ALPHA),
    FeatureGate("ReservedOverheadMemlock", ALPHA),
    FeatureGate("OptOutRoleAggregation", BETA),
    FeatureGate("VGPULiveMigration", ALPHA),
    FeatureGate("VMStatsCollector", ALPHA),
    FeatureGate("OCIExport", ALPHA),
    FeatureGate("Plugins", ALPHA),
    FeatureGate("GraceIOVirtualization", ALPHA),
    FeatureGate("IOMMUFD", ALPHA),
    FeatureGate("FirmwareAutoSelection", ALPHA),
    FeatureGate("MigrationStallDetection", ALPHA),
    FeatureGate("MigrationDowntimeTuning", ALPHA),
    FeatureGate("CrossArchitectureVirtualization", ALPHA),
    FeatureGate("PortRangesSpec", ALPHA),
    FeatureGate("LiveMigration", GA),
    FeatureGate("SRIOVLiveMigration", GA),
    FeatureGate("NonRoot", GA),
    FeatureGate("PSA", GA),
    FeatureGate("CPUNodeDiscovery", GA),
    FeatureGate("NUMA", GA),
    FeatureGate("CommonInstancetypesDeploymentGate", GA),
    FeatureGate("GPU", GA),
    FeatureGate("HotplugNICs", GA),
    FeatureGate("BochsDisplayForEFIGuests", GA),
    FeatureGate("VMLiveUpdateFeatures", GA),
    FeatureGate("NetworkBindingPlugins", GA),
    FeatureGate("DynamicPodInterfaceNaming", GA),
    FeatureGate("VolumesUpdateStrategy", GA),
    FeatureGate("VolumeMigration", GA),
    FeatureGate("DisableCustomSELinuxPolicy", GA),
    FeatureGate("AutoResourceLimitsGate", GA),
    FeatureGate("ClusterProfiler", GA),
    FeatureGate("VMPersistentState", GA),
    FeatureGate("VMExport", GA),
    FeatureGate("PersistentReservation", GA),
    FeatureGate("DockerSELinuxMCSWorkaround", DEPRECATED, message=DOCKER_SELINUX_MCS_WORKAROUND_MESSAGE),
    FeatureGate("ExperimentalVirtiofsSupport", DISCONTINUED, message=EXPERIMENTAL_VIRTIOFS_SUPPORT_MESSAGE),
    FeatureGate("Passt", DISCONTINUED, message=PASST_MESSAGE, binding_used="passt"),
    FeatureGate("Macvtap", DISCONTINUED, message=MACVTAP_MESSAGE, binding_used="macvtap"),
    FeatureGate("PasstIPStackMigration", DISCONTINUED, message=PASST_IP_STACK_MIGRATION_MESSAGE),
    FeatureGate("InstancetypeReferencePolicy", GA),
    FeatureGate("MultiArchitecture", DEPRECATED, message=MULTI_ARCHITECTURE_MESSAGE),
    FeatureGate("EnableVirtioFsConfigVolumes", GA),
    FeatureGate("DisableMDEVConfiguration", DEPRECATED, message=DISABLE_MDEV_CONFIGURATION_MESSAGE),
    FeatureGate("ExpandDisks", GA),
    FeatureGate("PanicDevices", GA),
    FeatureGate("LiveUpdateNADRef", GA),
    FeatureGate("HotplugVolumes", DEPRECATED, message=HOTPLUG_VOLUMES_MESSAGE),
    FeatureGate("VideoConfig", GA),
    FeatureGate("SecureExecution", GA),
    FeatureGate("MigrationPriorityQueue", GA),
    FeatureGate("VmiMemoryOverheadReport", GA),
    FeatureGate("LibvirtHooksServerAndClient", GA),
)}


# Where a release's registry differs from the next newer one's, by KubeVirt minor, newest first:
# the gate's state in that release, None where it was not registered yet (an unknown gate is off).
# FEATURE_GATES is main's (d923fdb8). Read from pkg/virt-config/featuregate at v1.9.0 (against
# d923fdb8), v1.8.4 (against d923fdb8; every difference from v1.9.0 is listed) and v1.7.4
# (against v1.8.4).
OLDER_REGISTRIES: tuple[tuple[int, Mapping[str, str | None]], ...] = (
    (9, {
        "DecentralizedLiveMigration": ALPHA, "LibvirtHooksServerAndClient": BETA, "MigrationDowntimeTuning": None,
        "VmiMemoryOverheadReport": BETA,
    }),
    (8, {
        "CrossArchitectureVirtualization": None, "DecentralizedLiveMigration": ALPHA,
        "DeclarativeHotplugVolumes": ALPHA, "ExpandDisks": ALPHA, "FirmwareAutoSelection": None,
        "GPUsWithDRA": ALPHA, "GraceIOVirtualization": None, "HostDevicesWithDRA": ALPHA,
        "HotplugVolumes": ALPHA, "IOMMUFD": None, "LibvirtHooksServerAndClient": ALPHA,
        "LiveUpdateNADRef": BETA, "MigrationDowntimeTuning": None, "MigrationPriorityQueue": BETA,
        "MigrationStallDetection": None, "NetworkDevicesWithDRA": None, "OCIExport": None,
        "ObjectGraph": None, "OptOutRoleAggregation": ALPHA, "PanicDevices": BETA,
        "PersistentReservation": ALPHA, "Plugins": None, "PortRangesSpec": None, "RebootPolicy": ALPHA,
        "SecureExecution": BETA, "Template": ALPHA, "VGPULiveMigration": None, "VMExport": BETA,
        "VMStatsCollector": None, "VideoConfig": BETA, "VmiMemoryOverheadReport": ALPHA,
        "WorkloadEncryptionSEV": ALPHA,
    }),
    (7, {
        "ConfigurableHypervisor": None, "ContainerPathVolumes": None, "DisableMDEVConfiguration": ALPHA,
        "EnableVirtioFsConfigVolumes": ALPHA, "ExperimentalVirtiofsSupport": DEPRECATED,
        "ExternalNetResourceInjection": None, "LibvirtHooksServerAndClient": None, "LiveUpdateNADRef": None,
        "MigrationPriorityQueue": ALPHA, "MultiArchitecture": ALPHA, "OptOutRoleAggregation": None,
        "PCINUMAAwareTopology": None, "PasstBinding": None, "PasstIPStackMigration": ALPHA,
        "PodSecondaryInterfaceNamingUpgrade": None, "RebootPolicy": None, "ReservedOverheadMemlock": None,
        "Template": None, "UtilityVolumes": None, "VmiMemoryOverheadReport": None,
    }),
)


def gate_state(gate: str, version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> str | None:
    """The state of ``gate`` in the registry of ``version``, or None when it has none."""
    info = FEATURE_GATES.get(gate)
    state = info.state if info is not None else None
    for minor, registry in OLDER_REGISTRIES:
        if version.minor <= minor and gate in registry:
            state = registry[gate]
    return state


def gate_hint_reasons(gate: str, version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> frozenset[str]:
    """The reasons of a "<gate> feature gate is not enabled" cause: enabling the gate admits the
    VM, unless the gate is discontinued in that release (v1.7's ``Macvtap``, ``Passt``): naming it
    makes ``ValidateFeatureGates`` reject the VM first (vms-admitter.go), so no hint."""
    return frozenset() if gate_state(gate, version) == DISCONTINUED else needs_feature_gate(gate)


def is_enabled(gate: str, enabled: Iterable[str], disabled: Iterable[str],
               version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> bool:
    """``featuregate.IsEnabled`` for a cluster's ``featureGates`` and ``disabledFeatureGates``
    (``isFeatureGateEnabled`` before v1.9: a Beta gate is off unless enabled)."""
    state = gate_state(gate, version)
    if state is None:
        return False
    if state == GA or gate in enabled:
        return True
    if gate in disabled:
        return False
    return state == BETA and version.beta_gates_on_by_default


def discontinued_in_use(enabled: Iterable[str], template_spec: dict) -> list[str]:
    """``ValidateFeatureGates``: the message of each enabled discontinued gate whose API the VM's
    template spec uses, in the order the gates are enabled."""
    domain = template_spec.get("domain")
    devices = domain.get("devices") if isinstance(domain, dict) else None
    interfaces = devices.get("interfaces") if isinstance(devices, dict) else None
    bindings = {key for interface in interfaces if isinstance(interface, dict) for key, value in interface.items()
                if value is not None} if isinstance(interfaces, list) else set()
    messages = []
    for name in enabled:
        gate = FEATURE_GATES.get(name)
        if gate is not None and gate.state == DISCONTINUED and gate.binding_used and gate.binding_used in bindings:
            messages.append(gate.message)
    return messages

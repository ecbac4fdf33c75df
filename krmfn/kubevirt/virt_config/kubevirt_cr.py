"""The cluster options a bundle's KubeVirt custom resource supplies (``kind: KubeVirt``, ``kubevirt.io``).

Mirrors how ``pkg/virt-config`` builds its configuration from the CR: ``ClusterConfig.GetConfig``
takes the CR ``GetConfigFromKubeVirtCR`` finds (one not being deleted), and ``setConfigFromKubeVirt``
JSON-merges its ``spec.configuration`` (``KubeVirtConfiguration`` in
``staging/src/kubevirt.io/api/core/v1/types.go``) over ``defaultClusterConfig``, then sets the default
architecture from ``status.defaultArchitecture`` (which virt-operator's ``SetDefaultArchitecture``
copies from ``spec.configuration.architectureConfiguration.defaultArchitecture``). Each value below is
read where virt-config's getter reads it, and becomes the option of the same meaning
(``krmfn.model.options``; ``ClusterConfig.from_options`` turns them into the configuration):

* ``developerConfiguration.featureGates`` / ``.disabledFeatureGates`` (``isFeatureGateEnabled``,
  ``featuregate.IsEnabled``) -> ``featureGates`` / ``disabledFeatureGates``;
* ``emulatedMachines`` (bare patterns) and ``architectureConfiguration.<amd64|arm64|s390x>.emulatedMachines``
  (``ARCH=PATTERN``) (``GetEmulatedMachines``) -> ``emulatedMachines``;
* ``machineType`` (``GetMachineType``) -> ``machineType``;
* ``permittedHostDevices.pciHostDevices[].pciVendorSelector`` / ``.resourceName``
  (``GetPermittedHostDevices``) -> ``permittedHostDevices`` (``VENDOR:DEVICE=resourceName``);
* ``vmRolloutStrategy`` (``IsVMRolloutStrategyLiveUpdate``) -> ``vmRolloutStrategy``;
* ``architectureConfiguration.defaultArchitecture``, else ``status.defaultArchitecture``
  (``GetDefaultArchitecture``) -> ``architecture``;
* ``cpuRequest`` (``GetCPURequest``) -> ``cpuRequest``;
* ``network.defaultNetworkInterface`` (``GetDefaultNetworkInterface``) -> ``networkInterface``;
* ``network.permitBridgeInterfaceOnPodNetwork`` (``IsBridgeInterfaceOnPodNetworkEnabled``) ->
  ``permitBridgeInterfaceOnPodNetwork``;
* ``evictionStrategy`` (``GetConfig().EvictionStrategy``) -> ``evictionStrategy``.

Left out, because the options cannot express them: the per-architecture machine types
(``architectureConfiguration.<arch>.machineType``; the ``machineType`` option is one cluster-wide
override), an empty ``emulatedMachines`` list (top-level or per architecture: no machine type
allowed), ``permittedHostDevices.pciHostDevices[].externalResourceProvider``, ``mediatedDevices`` and
``usb``, a ``vmRolloutStrategy`` other than ``LiveUpdate``/``Stage``, a ``network.defaultNetworkInterface``
other than ``bridge``/``masquerade``/``slirp`` (``validateConfig`` rejects it, and virt-config then keeps
its last valid configuration) or empty, and every value of a wrong JSON type. Everything else in
``spec.configuration`` (live-update limits, CPU model, ...) keeps krmfn's default.

``read_kubevirt_crs`` is pure: the bundle's items in, the values and the CRs they came from out.
When two CRs supply different values for an option, none is used (``disagreements`` says which).
"""
from __future__ import annotations

from collections.abc import Sequence

from krmfn.model.kinds import KUBEVIRT, KUBEVIRT_GROUP, kind_of, split_api_version
from krmfn.model.record import field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

ARCHITECTURES = ("amd64", "arm64", "s390x")  # ArchConfiguration's fields
NETWORK_INTERFACES = ("bridge", "masquerade", "slirp")
ROLLOUT_STRATEGIES = ("LiveUpdate", "Stage")


@record(frozen=True)
class Disagreement:
    """Two KubeVirt CRs (item indexes) that supply different values for ``option`` (absent: None)."""

    item: int
    other: int
    option: str
    value: Any
    other_value: Any


@record
class KubevirtCrConfig:
    """What the bundle's KubeVirt CRs supply: ``options`` (option name -> value, empty when none is
    used), ``items`` (the indexes of the CRs read) and ``disagreements`` (non-empty: none used)."""

    options: dict[str, Any] = field(default_factory=dict)
    items: list[int] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)

    @property
    def used(self) -> bool:
        return bool(self.items) and not self.disagreements


def is_kubevirt_cr(value: Any) -> bool:
    """A ``kubevirt.io`` KubeVirt not being deleted (``GetConfigFromKubeVirtCR``)."""
    if kind_of(value) != KUBEVIRT or split_api_version(value.get("apiVersion"))[0] != KUBEVIRT_GROUP:
        return False
    metadata = value.get("metadata")
    return not (isinstance(metadata, dict) and metadata.get("deletionTimestamp"))


def read_kubevirt_crs(items: Sequence[Any]) -> KubevirtCrConfig:
    """The options the bundle's KubeVirt CRs supply (module doc)."""
    return merge_cr_options([(index, options_of(item)) for index, item in enumerate(items) if is_kubevirt_cr(item)])


def merge_cr_options(found: Sequence[tuple[int, dict[str, Any]]]) -> KubevirtCrConfig:
    """The options of several CRs (item index, options), in item order: the first one's, when every
    other supplies the same values (a cluster has one configuration), else none and the disagreements."""
    result = KubevirtCrConfig(items=[index for index, _ in found])
    if not found:
        return result
    first, first_options = found[0]
    for index, options in found[1:]:
        for name in [*first_options, *(name for name in options if name not in first_options)]:
            if first_options.get(name) != options.get(name):
                result.disagreements.append(Disagreement(index, first, name, options.get(name),
                                                         first_options.get(name)))
    if not result.disagreements:
        result.options = first_options
    return result


def options_of(kubevirt: dict) -> dict[str, Any]:
    """The option values one KubeVirt CR supplies (module doc), in the option table's names."""
    spec = _dict(kubevirt.get("spec"))
    config = _dict(spec.get("configuration"))
    developer = _dict(config.get("developerConfiguration"))
    archs = _dict(config.get("architectureConfiguration"))
    network = _dict(config.get("network"))
    options: dict[str, Any] = {}
    for key, name in (("featureGates", "featureGates"), ("disabledFeatureGates", "disabledFeatureGates")):
        gates = _strings(developer.get(key))
        if gates is not None:
            options[name] = gates
    machines = _emulated_machines(config, archs)
    if machines:
        options["emulatedMachines"] = machines
    if _string(config.get("machineType")):
        options["machineType"] = config["machineType"]
    devices = _pci_host_devices(_dict(config.get("permittedHostDevices")).get("pciHostDevices"))
    if devices is not None:
        options["permittedHostDevices"] = devices
    if config.get("vmRolloutStrategy") in ROLLOUT_STRATEGIES:
        options["vmRolloutStrategy"] = config["vmRolloutStrategy"]
    architecture = archs.get("defaultArchitecture") or _dict(kubevirt.get("status")).get("defaultArchitecture")
    if _string(architecture):
        options["architecture"] = architecture
    cpu_request = config.get("cpuRequest")
    if _string(cpu_request) or (isinstance(cpu_request, (int, float)) and not isinstance(cpu_request, bool)):
        options["cpuRequest"] = str(cpu_request)
    if network.get("defaultNetworkInterface") in NETWORK_INTERFACES:
        options["networkInterface"] = network["defaultNetworkInterface"]
    if isinstance(network.get("permitBridgeInterfaceOnPodNetwork"), bool):
        options["permitBridgeInterfaceOnPodNetwork"] = network["permitBridgeInterfaceOnPodNetwork"]
    if _string(config.get("evictionStrategy")):
        options["evictionStrategy"] = config["evictionStrategy"]
    return options


def _emulated_machines(config: dict, archs: dict) -> list[str]:
    """``GetEmulatedMachines``'s lists as ``emulatedMachines`` entries: the top-level list (bare
    patterns, which win over every architecture's), then each architecture's (``ARCH=PATTERN``)."""
    entries = list(_strings(config.get("emulatedMachines")) or [])
    for arch in ARCHITECTURES:
        patterns = _strings(_dict(archs.get(arch)).get("emulatedMachines")) or []
        entries.extend(f"{arch}={pattern}" for pattern in patterns)
    return entries


def _pci_host_devices(devices: Any) -> list[str] | None:
    if not isinstance(devices, list):
        return None
    return [f"{device['pciVendorSelector']}={device['resourceName']}" for device in devices
            if isinstance(device, dict) and _string(device.get("pciVendorSelector"))
            and _string(device.get("resourceName"))]


def _strings(value: Any) -> list[str] | None:
    if isinstance(value, list) and all(isinstance(part, str) for part in value):
        return list(value)
    return None


def _string(value: Any) -> bool:
    return isinstance(value, str) and value != ""


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}

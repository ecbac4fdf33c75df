"""The KubeVirt CR HCO makes of a HyperConverged (``hco.kubevirt.io/v1beta1``, as stored: defaulted).

Mirrors ``controllers/handlers/kubevirt.go`` at HCO v1.18.1: ``NewKubeVirt`` (the spec: uninstall
strategy, infra and workloads placement, ``getKVConfig``, the certificate rotation, the workload
update strategy, product name and component, service monitor namespace; then
``setAnnotationsToReqState`` and ``ApplyPatchToSpec`` with the ``kubevirt.kubevirt.io/jsonpatch``
annotation), ``getKVConfig`` (developer configuration, network, migrations, host devices, mediated
devices, obsolete CPU models, rate limits, seccomp, eviction strategy, KSM, changed block tracking,
``vmRolloutStrategy: LiveUpdate``, live update limits, CPU model, runtime class, VM state storage
class, VM options, CPU limit selector, instance types, common instance types, hypervisors, role
aggregation), ``getKVDevConfig``, ``getKvFeatureGateList`` (``mandatoryKvFeatureGates``, then
``getFeatureGateChecks``), ``hcLiveMigrationToKv``, ``hcoTuning2Kv``, ``toKvPermittedHostDevices``,
``toKvMediatedDevicesConfiguration``, ``getObsoleteCPUConfig``, ``getNetworkBindings``,
``hcoConfig2KvConfig``, ``hcWorkloadUpdateStrategyToKv`` and
``hcoCertConfig2KvCertificateRotateStrategy``. The result is the KubeVirt CR as a dict, keys in
the order Go marshals them.

What depends on the cluster HCO runs in is taken as a default deployment does it: no
``KVM_EMULATION`` (so ``WithHostModelCPU`` and ``HypervStrictCheck`` are mandatory gates), no
``SMBIOS`` or ``*MACHINETYPE`` environment (no ``smbios``, no ``architectureConfiguration``: the
default architecture HCO reads from the nodes is unknown offline), a highly available control
plane (no infra replica count), the HyperConverged's namespace as HCO's. ``SecureExecution`` is
added when the HyperConverged's ``status.nodeInfo.workloadsArchitectures`` lists ``s390x`` (HCO
reads the nodes). The TLS configuration (from the cluster's APIServer profile) is not built.
"""
from __future__ import annotations

import copy
import json
from functools import cache

from krmfn.hco.gojson import syntax_error
from krmfn.hco.operands.operand import JSONPATCH_KV_ANNOTATION, annotation_of, apply_patch_to_spec
from krmfn.kubevirt.apiserver.kubevirt_schema import kubevirt_schema
from krmfn.kubevirt.apiserver.schema import Obj
from krmfn.kubevirt.apimachinery.duration import format_duration, parse_duration
from krmfn.kubevirt.apimachinery.quantity import QuantityError, canonicalize
from krmfn.model.kubevirt_version import kubevirt_version
from krmfn.model.record import record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

HYPERCONVERGED_NAME = "kubevirt-hyperconverged"
KUBEVIRT_NAME = "kubevirt-" + HYPERCONVERGED_NAME  # NewKubeVirtWithNameOnly
PRODUCT_NAME = "hyperconverged-cluster"  # hcoutil.HyperConvergedCluster
PRODUCT_COMPONENT = "compute"  # hcoutil.AppComponentCompute
# HCO v1.18.1 pairs with KubeVirt v1.8.4 (its go.mod): the KubeVirt CR is decoded as that release's.
KUBEVIRT_RELEASE = "v1.8"
TUNING_POLICY_ANNOTATION = "hco.kubevirt.io/tuningPolicy"
DEPLOY_PASST_ANNOTATION = "hco.kubevirt.io/deployPasstNetworkBinding"
DEPLOY_AIE_ANNOTATION = "hco.kubevirt.io/deployAIE"
EMULATOR_THREAD_COMPLETE_TO_EVEN_PARITY = "kubevirt.io/thread-complete-to-even-parity"
UNINSTALL_REMOVE_WORKLOADS = "RemoveWorkloads"
UNINSTALL_BLOCK = "BlockUninstallIfWorkloadsExist"
TUNING_ANNOTATION = "annotation"
TUNING_HIGH_BURST = "highBurst"
HIGH_BURST_QPS, HIGH_BURST_BURST = 200, 400

# hardCodeKvFgs, then sspConditionKvFgs (mandatoryKvFeatureGates without KVM emulation).
MANDATORY_FEATURE_GATES = (
    "CPUManager", "Snapshot", "ExpandDisks", "HostDevices", "VMExport", "KubevirtSeccompProfile", "LiveUpdateNADRef",
    "WithHostModelCPU", "HypervStrictCheck",
)
HARDCODED_OBSOLETE_CPU_MODELS = (
    "486", "486-v1", "pentium", "pentium-v1", "pentium2", "pentium2-v1", "pentium3", "pentium3-v1", "pentiumpro",
    "pentiumpro-v1", "coreduo", "coreduo-v1", "n270", "n270-v1", "core2duo", "core2duo-v1", "Conroe", "Conroe-v1",
    "athlon", "athlon-v1", "phenom", "phenom-v1", "qemu64", "qemu64-v1", "qemu32", "qemu32-v1", "kvm64", "kvm64-v1",
    "kvm32", "kvm32-v1", "Opteron_G1", "Opteron_G1-v1", "Opteron_G2", "Opteron_G2-v1",
)
PRIMARY_UDN_BINDING = "l2bridge"
PASST_BINDING = "passt"
PASST_NAD = "default/primary-udn-kubevirt-binding"
PASST_MEMORY_OVERHEAD = "250Mi"
DISK_VERIFICATION_MEMORY_LIMIT = "2G"
SECCOMP_PROFILE = "kubevirt/kubevirt.json"


@record(frozen=True)
class NewKubeVirt:
    """``NewKubeVirt``'s answer: the KubeVirt CR, or the error (then ``kubevirt`` is None)."""

    kubevirt: dict | None
    error: str | None = None


@cache
def kubevirt_node() -> Obj:
    """The KubeVirt CR's Go type, as the schema of the KubeVirt release HCO v1.18.1 builds against."""
    return kubevirt_schema(kubevirt_version(KUBEVIRT_RELEASE))


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def _flag(gates: dict, name: str, default: bool) -> bool:
    """``ptr.Deref(featureGates.<name>, default)``."""
    value = gates.get(name)
    return value if isinstance(value, bool) else default


def new_kubevirt(hyperconverged: dict) -> NewKubeVirt:
    """``NewKubeVirt`` of a v1beta1 HyperConverged as stored (module doc)."""
    spec = _dict(hyperconverged.get("spec"))
    configuration, error = _kv_config(hyperconverged, spec)
    if error is not None:
        return NewKubeVirt(None, error)
    metadata = _dict(hyperconverged.get("metadata"))
    namespace = metadata.get("namespace") if isinstance(metadata.get("namespace"), str) else ""
    kv_spec: dict[str, Any] = {}
    if namespace:
        kv_spec["serviceMonitorNamespace"] = namespace
    kv_spec["workloadUpdateStrategy"] = _workload_update_strategy(_dict(spec.get("workloadUpdateStrategy")))
    remove = spec.get("uninstallStrategy") == UNINSTALL_REMOVE_WORKLOADS
    kv_spec["uninstallStrategy"] = UNINSTALL_REMOVE_WORKLOADS if remove else UNINSTALL_BLOCK
    kv_spec["certificateRotateStrategy"] = _certificate_rotation(_dict(spec.get("certConfig")))
    kv_spec["productName"] = PRODUCT_NAME
    kv_spec["productComponent"] = PRODUCT_COMPONENT
    kv_spec["configuration"] = configuration
    for key, source in (("infra", "infra"), ("workloads", "workloads")):
        placement = _dict(spec.get(source)).get("nodePlacement")
        if isinstance(placement, dict):
            kv_spec[key] = {"nodePlacement": _node_placement(placement)}
    kv_spec["customizeComponents"] = {}
    kv_metadata: dict[str, Any] = {"name": KUBEVIRT_NAME}
    if namespace:
        kv_metadata["namespace"] = namespace
    kv_metadata["creationTimestamp"] = None
    if _flag(_dict(spec.get("featureGates")), "alignCPUs", False):
        kv_metadata["annotations"] = {EMULATOR_THREAD_COMPLETE_TO_EVEN_PARITY: ""}
    kubevirt = {"metadata": kv_metadata, "spec": kv_spec, "status": {}}
    patched, error = apply_patch_to_spec(hyperconverged, JSONPATCH_KV_ANNOTATION, kubevirt, kubevirt_node())
    if error is not None:
        return NewKubeVirt(None, error)
    return NewKubeVirt({"apiVersion": "kubevirt.io/v1", "kind": "KubeVirt", **patched})


def _node_placement(placement: dict) -> dict:
    out: dict[str, Any] = {}
    for key in ("nodeSelector", "affinity", "tolerations"):
        if placement.get(key):
            out[key] = copy.deepcopy(placement[key])
    return out


def _duration(value: Any) -> str | None:
    """A ``metav1.Duration`` as Go marshals it again (``48h`` -> ``48h0m0s``)."""
    if not isinstance(value, str):
        return None
    parsed = parse_duration(value)
    return format_duration(parsed) if isinstance(parsed, int) else value


def _cert(config: dict) -> dict:
    out = {}
    for key in ("duration", "renewBefore"):
        text = _duration(config.get(key))
        if text is not None:
            out[key] = text
    return out


def _certificate_rotation(cert_config: dict) -> dict:
    """``hcoCertConfig2KvCertificateRotateStrategy``."""
    return {"selfSigned": {"ca": _cert(_dict(cert_config.get("ca"))),
                           "server": _cert(_dict(cert_config.get("server")))}}


def _workload_update_strategy(strategy: dict) -> dict:
    """``hcWorkloadUpdateStrategyToKv``."""
    out: dict[str, Any] = {}
    methods = strategy.get("workloadUpdateMethods")
    if isinstance(methods, list) and methods:
        out["workloadUpdateMethods"] = list(methods)
    if strategy.get("batchEvictionSize") is not None:
        out["batchEvictionSize"] = strategy["batchEvictionSize"]
    interval = _duration(strategy.get("batchEvictionInterval"))
    if interval is not None:
        out["batchEvictionInterval"] = interval
    return out


def feature_gates(hyperconverged: dict) -> list[str]:
    """``getKvFeatureGateList``: the mandatory gates, then ``getFeatureGateChecks``'."""
    spec = _dict(hyperconverged.get("spec"))
    gates = _dict(spec.get("featureGates"))
    metadata = _dict(hyperconverged.get("metadata"))
    annotations = _dict(metadata.get("annotations"))
    checks = [name for name, enabled in (
        ("DownwardMetrics", _flag(gates, "downwardMetrics", False)),
        ("PersistentReservation", _flag(gates, "persistentReservation", False)),
        ("AlignCPUs", _flag(gates, "alignCPUs", False)),
        ("VideoConfig", _flag(gates, "videoConfig", True)),
        ("ObjectGraph", _flag(gates, "objectGraph", False)),
        ("DecentralizedLiveMigration", _flag(gates, "decentralizedLiveMigration", True)),
    ) if enabled]
    checks.append("DeclarativeHotplugVolumes" if _flag(gates, "declarativeHotplugVolumes", False)
                  else "HotplugVolumes")
    if annotations.get(DEPLOY_PASST_ANNOTATION) == "true":
        checks.append("PasstBinding")
    if annotations.get(DEPLOY_AIE_ANNOTATION) == "true":
        checks.append("PCINUMAAwareTopology")
    node_info = _dict(_dict(hyperconverged.get("status")).get("nodeInfo"))
    architectures = node_info.get("workloadsArchitectures")
    if isinstance(architectures, list) and "s390x" in architectures:
        checks.append("SecureExecution")
    if _flag(gates, "incrementalBackup", False):
        checks += ["IncrementalBackup", "UtilityVolumes"]
    if isinstance(spec.get("hypervisors"), list) and spec["hypervisors"]:
        checks.append("ConfigurableHypervisor")
    if spec.get("roleAggregationStrategy") is not None:
        checks.append("OptOutRoleAggregation")
    if _flag(gates, "containerPathVolumes", False):
        checks.append("ContainerPathVolumes")
    return [*MANDATORY_FEATURE_GATES, *checks]


def _dev_config(hyperconverged: dict, spec: dict) -> dict:
    """``getKVDevConfig``."""
    out: dict[str, Any] = {"featureGates": feature_gates(hyperconverged)}
    density = spec.get("higherWorkloadDensity")
    if isinstance(density, dict) and density.get("memoryOvercommitPercentage"):
        out["memoryOvercommit"] = density["memoryOvercommitPercentage"]
    ratio = _dict(spec.get("resourceRequirements")).get("vmiCPUAllocationRatio")
    if ratio:
        out["cpuAllocationRatio"] = ratio
    out["diskVerification"] = {"memoryLimit": DISK_VERIFICATION_MEMORY_LIMIT}
    verbosity = _dict(spec.get("logVerbosityConfig")).get("kubevirt")
    if isinstance(verbosity, dict):
        out["logVerbosity"] = copy.deepcopy(verbosity)
    return out


def _live_migration(config: dict) -> tuple[dict, str | None]:
    """``hcLiveMigrationToKv``, in ``MigrationConfiguration``'s field order."""
    out: dict[str, Any] = {}
    bandwidth: str | None = None
    if config.get("bandwidthPerMigration") is not None:
        parsed = canonicalize(config["bandwidthPerMigration"])
        if isinstance(parsed, QuantityError):
            return {}, f"failed to parse the LiveMigrationConfig.bandwidthPerMigration field; {parsed.message}"
        bandwidth = parsed
    for key in ("parallelOutboundMigrationsPerNode", "parallelMigrationsPerCluster", "allowAutoConverge"):
        if config.get(key) is not None:
            out[key] = config[key]
    if bandwidth is not None:
        out["bandwidthPerMigration"] = bandwidth
    for key in ("completionTimeoutPerGiB", "progressTimeout", "allowPostCopy", "network"):
        if config.get(key) is not None:
            out[key] = config[key]
    return out, None


def _rate_limiter(qps: Any, burst: Any) -> dict:
    return {"restClient": {"rateLimiter": {"tokenBucketRateLimiter": {"qps": qps, "burst": burst}}}}


def _tuning(hyperconverged: dict, spec: dict) -> tuple[dict | None, str | None]:
    """``hcoTuning2Kv``: the rate limits of the four components, or the error."""
    policy = spec.get("tuningPolicy")
    annotation = annotation_of(hyperconverged, TUNING_POLICY_ANNOTATION)
    if policy == TUNING_HIGH_BURST:
        if annotation is not None:
            return None, (f"highBurst profile is enabled and the annotation {TUNING_POLICY_ANNOTATION} is present")
        return _rate_limiter(HIGH_BURST_QPS, HIGH_BURST_BURST), None
    if policy != TUNING_ANNOTATION:
        return None, None
    if annotation is None:
        return None, "tuning policy set but annotation not present or wrong"
    rates, error = _rate_limits(annotation)
    if error is not None:
        return None, error
    qps, burst = rates
    if qps <= 0:
        return None, "qps parameter not found in annotation"
    if burst <= 0:
        return None, "burst parameter not found in annotation"
    return _rate_limiter(qps, burst), None


def _rate_limits(text: str) -> tuple[tuple[float, int], str | None]:
    """``json.Unmarshal`` of the tuning annotation into ``rateLimits{QPS float32; Burst int}``
    (keys matched without regard to case, as Go's decoder does)."""
    error = syntax_error(text.encode("utf-8", "surrogatepass"))
    if error is not None:
        return (0, 0), error
    data = json.loads(text)
    if not isinstance(data, dict):
        kind = {bool: "bool", str: "string", list: "array"}.get(type(data), "number")
        return (0, 0), f"json: cannot unmarshal {kind} into Go value of type handlers.rateLimits"
    qps: float = 0
    burst = 0
    for key, value in data.items():
        field = key.lower() if isinstance(key, str) else ""
        if field == "qps" and value is not None:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                return (0, 0), _rate_type_error(value, "qps", "float32")
            qps = value
        elif field == "burst" and value is not None:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                return (0, 0), _rate_type_error(value, "burst", "int")
            if isinstance(value, float) and not value.is_integer():
                return (0, 0), (f"json: cannot unmarshal number {value!r} into Go struct field "
                                "rateLimits.burst of type int")
            burst = int(value)
    return (qps, burst), None


def _rate_type_error(value: Any, field: str, type_name: str) -> str:
    kind = "string" if isinstance(value, str) else "bool" if isinstance(value, bool) else \
        "array" if isinstance(value, list) else "object"
    return f"json: cannot unmarshal {kind} into Go struct field rateLimits.{field} of type {type_name}"


def _network_bindings(spec: dict, annotations: dict) -> dict:
    """``getNetworkBindings``."""
    bindings = copy.deepcopy(_dict(spec.get("networkBinding")))
    bindings[PRIMARY_UDN_BINDING] = {"domainAttachmentType": "managedTap", "migration": {}}
    if annotations.get(DEPLOY_PASST_ANNOTATION) == "true":
        bindings[PASST_BINDING] = {"networkAttachmentDefinition": PASST_NAD, "migration": {},
                                   "computeResourceOverhead": {"requests": {"memory": PASST_MEMORY_OVERHEAD}}}
    return dict(sorted(bindings.items()))


def _devices(devices: Any, fields: tuple[str, ...], rename: dict[str, str] | None = None) -> list[dict]:
    """The devices that are not ``disabled``, with the KubeVirt CR's fields (non-omitempty ones always)."""
    out = []
    for device in devices if isinstance(devices, list) else []:
        if not isinstance(device, dict) or device.get("disabled") is True:
            continue
        converted: dict[str, Any] = {}
        for field in fields:
            source = (rename or {}).get(field, field)
            if field == "externalResourceProvider":
                if device.get(source) is True:
                    converted[field] = True
            elif field == "selectors":
                selectors = [{"vendor": s.get("vendor", ""), "product": s.get("product", "")}
                             for s in device.get(source) or [] if isinstance(s, dict)]
                if selectors:
                    converted[field] = selectors
            else:
                converted[field] = device.get(source, "")
        out.append(converted)
    return out


def _permitted_host_devices(permitted: Any) -> dict | None:
    """``toKvPermittedHostDevices``."""
    if not isinstance(permitted, dict):
        return None
    out: dict[str, Any] = {}
    pci = _devices(permitted.get("pciHostDevices"), ("pciVendorSelector", "resourceName", "externalResourceProvider"),
                   {"pciVendorSelector": "pciDeviceSelector"})
    mediated = _devices(permitted.get("mediatedDevices"), ("mdevNameSelector", "resourceName",
                                                            "externalResourceProvider"))
    usb = _devices(permitted.get("usbHostDevices"), ("resourceName", "selectors", "externalResourceProvider"))
    for key, devices in (("pciHostDevices", pci), ("mediatedDevices", mediated), ("usb", usb)):
        if devices:
            out[key] = devices
    return out


def _device_types(config: dict) -> list[str]:
    for key in ("mediatedDeviceTypes", "mediatedDevicesTypes"):
        value = config.get(key)
        if isinstance(value, list) and value:
            return list(value)
    return []


def _mediated_devices(spec: dict) -> dict | None:
    """``toKvMediatedDevicesConfiguration``."""
    config = spec.get("mediatedDevicesConfiguration")
    disabled = _flag(_dict(spec.get("featureGates")), "disableMDevConfiguration", False)
    if not isinstance(config, dict) and not disabled:
        return None
    out: dict[str, Any] = {}
    if isinstance(config, dict):
        types = _device_types(config)
        if types:
            out["mediatedDeviceTypes"] = types
        nodes = [{"nodeSelector": copy.deepcopy(node.get("nodeSelector")), "mediatedDeviceTypes": _device_types(node)}
                 for node in config.get("nodeMediatedDeviceTypes") or [] if isinstance(node, dict)]
        if nodes:
            out["nodeMediatedDeviceTypes"] = nodes
    if disabled:
        out["enabled"] = False
    return out


def _obsolete_cpu_models(spec: dict) -> dict[str, bool]:
    """``getObsoleteCPUConfig``: the hard-coded models and the HyperConverged's (a Go map: sorted)."""
    models = set(HARDCODED_OBSOLETE_CPU_MODELS)
    extra = _dict(spec.get("obsoleteCPUs")).get("cpuModels")
    models.update(model for model in extra or [] if isinstance(model, str))
    return dict.fromkeys(sorted(models), True)


def _kv_config(hyperconverged: dict, spec: dict) -> tuple[dict, str | None]:
    """``getKVConfig``, in ``KubeVirtConfiguration``'s field order."""
    migrations, error = _live_migration(_dict(spec.get("liveMigrationConfig")))
    if error is not None:
        return {}, error
    rate_limiter, error = _tuning(hyperconverged, spec)
    if error is not None:
        return {}, error
    annotations = _dict(_dict(hyperconverged.get("metadata")).get("annotations"))
    config: dict[str, Any] = {}
    if isinstance(spec.get("defaultCPUModel"), str) and spec["defaultCPUModel"]:
        config["cpuModel"] = spec["defaultCPUModel"]
    config["developerConfiguration"] = _dev_config(hyperconverged, spec)
    config["migrations"] = migrations
    config["network"] = {"defaultNetworkInterface": "masquerade", "binding": _network_bindings(spec, annotations)}
    if isinstance(spec.get("defaultRuntimeClass"), str) and spec["defaultRuntimeClass"]:
        config["defaultRuntimeClass"] = spec["defaultRuntimeClass"]
    if spec.get("evictionStrategy") is not None:
        config["evictionStrategy"] = spec["evictionStrategy"]
    permitted = _permitted_host_devices(spec.get("permittedHostDevices"))
    if permitted is not None:
        config["permittedHostDevices"] = permitted
    mediated = _mediated_devices(spec)
    if mediated is not None:
        config["mediatedDevicesConfiguration"] = mediated
    config["obsoleteCPUModels"] = _obsolete_cpu_models(spec)
    if rate_limiter is not None:
        for key in ("apiConfiguration", "webhookConfiguration", "controllerConfiguration", "handlerConfiguration"):
            config[key] = copy.deepcopy(rate_limiter)
    config["seccompConfiguration"] = {"virtualMachineInstanceProfile": {"customProfile": {
        "localhostProfile": SECCOMP_PROFILE}}}
    if isinstance(spec.get("vmStateStorageClass"), str) and spec["vmStateStorageClass"]:
        config["vmStateStorageClass"] = spec["vmStateStorageClass"]
    vm_options = _dict(spec.get("virtualMachineOptions"))
    options: dict[str, dict] = {name: {} for name in ("disableFreePageReporting", "disableSerialConsoleLog")
                                if vm_options.get(name) is True}
    if options:
        config["virtualMachineOptions"] = options
    _copy_if_set(config, "ksmConfiguration", spec.get("ksmConfiguration"))
    requirements = spec.get("resourceRequirements")
    if isinstance(requirements, dict):
        selector = requirements.get("autoCPULimitNamespaceLabelSelector")
        _copy_if_set(config, "autoCPULimitNamespaceLabelSelector", selector)
    _copy_if_set(config, "liveUpdateConfiguration", spec.get("liveUpdateConfiguration"))
    config["vmRolloutStrategy"] = "LiveUpdate"
    _copy_if_set(config, "commonInstancetypesDeployment", spec.get("CommonInstancetypesDeployment"))
    _copy_if_set(config, "instancetype", spec.get("instancetypeConfig"))
    hypervisors = spec.get("hypervisors")
    if isinstance(hypervisors, list) and hypervisors:
        config["hypervisors"] = copy.deepcopy(hypervisors)
    _copy_if_set(config, "changedBlockTrackingLabelSelectors", spec.get("changedBlockTrackingLabelSelectors"))
    _copy_if_set(config, "roleAggregationStrategy", spec.get("roleAggregationStrategy"))
    return config, None


def _copy_if_set(config: dict, key: str, value: Any) -> None:
    if value is not None:
        config[key] = copy.deepcopy(value)

"""A ``hco.kubevirt.io/v1`` HyperConverged as the ``v1beta1`` object HCO works on.

Mirrors ``api/v1beta1/conversion.go`` ``HyperConverged.ConvertFrom`` (the validating webhook and
the controllers convert every v1 object to v1beta1 before ``NewKubeVirt``):
``convert_v1_FeatureGates_To_v1beta1`` (``zz_generated.featuregates_conversion.go``: each v1beta1
gate is ``IsEnabled`` of its v1 name), ``convertNodePlacementsV1ToV1beta1``,
``convertVirtualizationV1ToV1beta1`` (with ``convertVMOptionsV1ToV1beta1`` and
``convertResourceRequirementsV1ToV1beta1``), ``convertStorageV1ToV1beta1``,
``convertSecurityV1ToV1beta1``, ``convertNetworkingV1ToV1beta1``,
``convertWorkloadSourcesV1ToV1beta1`` and ``convertDeploymentV1ToV1beta1`` (with
``convertAAQConfigV1ToV1beta1``). Plain dicts in, a new dict out; metadata and status (one Go
type in both versions) are copied as they are.
"""
from __future__ import annotations

import copy

from krmfn.hco.api.v1.featuregates import is_enabled
from krmfn.model.kinds import HCO_GROUP

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

V1BETA1 = f"{HCO_GROUP}/v1beta1"
# The v1beta1 gates convert_v1_FeatureGates_To_v1beta1 sets, in its order (same names in v1).
CONVERTED_GATES = (
    "downwardMetrics", "deployKubeSecondaryDNS", "disableMDevConfiguration", "persistentReservation", "alignCPUs",
    "enableMultiArchBootImageImport", "decentralizedLiveMigration", "declarativeHotplugVolumes", "videoConfig",
    "objectGraph", "incrementalBackup", "containerPathVolumes",
)
# v1 spec.virtualization fields copied to the v1beta1 spec under the same name.
_VIRTUALIZATION_SAME = (
    "tuningPolicy", "liveMigrationConfig", "permittedHostDevices", "mediatedDevicesConfiguration",
    "workloadUpdateStrategy", "evictionStrategy", "higherWorkloadDensity", "liveUpdateConfiguration",
    "ksmConfiguration", "changedBlockTrackingLabelSelectors", "hypervisors", "roleAggregationStrategy",
)


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def _set(out: dict, key: str, value: Any) -> None:
    """``setPtr`` and the ``if x != nil`` copies: an absent value is not set."""
    if value is not None:
        out[key] = copy.deepcopy(value)


def convert_from_v1(hyperconverged: dict) -> dict:
    """``ConvertFrom``: the v1beta1 object of a v1 HyperConverged (metadata as it is)."""
    spec = _dict(hyperconverged.get("spec"))
    out: dict[str, Any] = {}
    feature_gates = spec.get("featureGates")
    out["featureGates"] = {name: is_enabled(feature_gates, name) for name in CONVERTED_GATES}
    _convert_node_placements(_dict(spec.get("deployment")), out)
    _convert_virtualization(_dict(spec.get("virtualization")), out)
    _convert_storage(spec.get("storage"), out)
    _convert_security(_dict(spec.get("security")), out)
    _convert_networking(spec.get("networking"), out)
    _convert_workload_sources(_dict(spec.get("workloadSources")), out)
    _convert_deployment(_dict(spec.get("deployment")), out)
    result = {key: copy.deepcopy(value) for key, value in hyperconverged.items() if key != "spec"}
    result["apiVersion"] = V1BETA1
    result["spec"] = out
    return result


def _convert_node_placements(deployment: dict, out: dict) -> None:
    placements = deployment.get("nodePlacements")
    if not isinstance(placements, dict):
        return
    if placements.get("infra") is not None:
        out["infra"] = {"nodePlacement": copy.deepcopy(placements["infra"])}
    if placements.get("workload") is not None:
        out["workloads"] = {"nodePlacement": copy.deepcopy(placements["workload"])}


def _convert_virtualization(virtualization: dict, out: dict) -> None:
    for key in _VIRTUALIZATION_SAME:
        _set(out, key, virtualization.get(key))
    if virtualization.get("hypervisors") == []:
        out.pop("hypervisors", None)  # len(...) > 0
    models = virtualization.get("obsoleteCPUModels")
    if isinstance(models, list) and models:
        out["obsoleteCPUs"] = {"cpuModels": list(models)}
    options = virtualization.get("virtualMachineOptions")
    if isinstance(options, dict):
        vm_options: dict[str, Any] = {}
        _set(vm_options, "disableFreePageReporting", options.get("disableFreePageReporting"))
        _set(vm_options, "disableSerialConsoleLog", options.get("disableSerialConsoleLog"))
        out["virtualMachineOptions"] = vm_options
        _set(out, "defaultRuntimeClass", options.get("defaultRuntimeClass"))
        _set(out, "defaultCPUModel", options.get("defaultCPUModel"))
    ratio = virtualization.get("vmiCPUAllocationRatio")
    selector = virtualization.get("autoCPULimitNamespaceLabelSelector")
    if ratio is not None or selector is not None:
        requirements = out.setdefault("resourceRequirements", {})
        _set(requirements, "vmiCPUAllocationRatio", ratio)
        _set(requirements, "autoCPULimitNamespaceLabelSelector", selector)


def _convert_storage(storage: Any, out: dict) -> None:
    if not isinstance(storage, dict):
        return
    for key in ("vmStateStorageClass", "scratchSpaceStorageClass", "storageImport", "filesystemOverhead"):
        _set(out, key, storage.get(key))
    if storage.get("workloadResourceRequirements") is not None:
        out.setdefault("resourceRequirements", {})["storageWorkloads"] = copy.deepcopy(
            storage["workloadResourceRequirements"])


def _convert_security(security: dict, out: dict) -> None:
    out["certConfig"] = copy.deepcopy(_dict(security.get("certConfig")))
    _set(out, "tlsSecurityProfile", security.get("tlsSecurityProfile"))


def _convert_networking(networking: Any, out: dict) -> None:
    if not isinstance(networking, dict):
        return
    for key in ("networkBinding", "kubeMacPoolConfiguration", "kubeSecondaryDNSNameServerIP"):
        _set(out, key, networking.get(key))


def _convert_workload_sources(sources: dict, out: dict) -> None:
    for key in ("commonTemplatesNamespace", "commonBootImageNamespace", "enableCommonBootImageImport",
                "instancetypeConfig"):
        _set(out, key, sources.get(key))
    templates = sources.get("dataImportCronTemplates")
    if isinstance(templates, list) and templates:
        out["dataImportCronTemplates"] = copy.deepcopy(templates)
    # v1beta1's JSON name of this field is capitalised (HyperConvergedSpec.CommonInstancetypesDeployment).
    _set(out, "CommonInstancetypesDeployment", sources.get("commonInstancetypesDeployment"))


def _convert_deployment(deployment: dict, out: dict) -> None:
    aaq = deployment.get("applicationAwareConfig")
    if isinstance(aaq, dict):
        converted = {key: copy.deepcopy(value) for key, value in aaq.items() if key != "enable"}
        out["applicationAwareConfig"] = converted
        _set(out, "enableApplicationAwareQuota", aaq.get("enable"))
    if deployment.get("uninstallStrategy") is not None:
        out["uninstallStrategy"] = deployment["uninstallStrategy"]
    _set(out, "logVerbosityConfig", deployment.get("logVerbosityConfig"))
    _set(out, "deployVmConsoleProxy", deployment.get("deployVmConsoleProxy"))

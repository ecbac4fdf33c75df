"""The schema of the KubeVirt custom resource (``kubevirt.io`` ``KubeVirt``), the CR virt-operator
deploys KubeVirt from.

Written from the Go types (``staging/src/kubevirt.io/api/core/v1/types.go``: ``KubeVirt``,
``KubeVirtSpec``, ``KubeVirtConfiguration`` and every struct under it; ``componentconfig.go``:
``ComponentConfig``, ``NodePlacement``) and from
``pkg/virt-operator/resource/generate/components/validations_generated.go`` (the CRD's OpenAPI
validation, key ``kubevirt``: required fields, enums, bounds, quantity patterns), at d923fdb8.
Every field of the spec is modelled, down to the Kubernetes types it embeds (affinity,
tolerations, label selectors, resource requirements), so strict field validation rejects an
unknown field anywhere in it; nothing in the spec is left open. ``status`` is left open
(``opaque``): the CRD has a status subresource, which drops the status of a CREATE.

Two CRD constraints the schema nodes cannot express are checked by ``length_causes``:
``spec.configuration.hypervisors`` has at most one item (``maxItems: 1``) and a customize
patch's ``resourceName`` and ``resourceType`` are not empty (``minLength: 1``). Both come from
kubebuilder markers, which KubeVirt's own OpenAPI definitions (the webhook's ``ValidateSchema``)
do not carry. Go type names of the Kubernetes structs are the ``k8s.io/api/core/v1`` and
``metav1`` names.

Served versions (``pkg/virt-operator/resource/generate/components/crds.go`` ``NewKubeVirtCrd``):
``newCRDVersions()``, ``kubevirt.io/v1`` and the deprecated ``v1alpha3``; namespaced, with a
status subresource.

Releases (``kubevirt_fields_missing``): v1.8.4's ``KubeVirtConfiguration`` lacks
``confidentialCompute``, ``persistentReservationConfiguration`` and ``migrations.maxDowntimeMs``;
v1.7.4's also lacks ``developerConfiguration.disabledFeatureGates``, ``hypervisors``,
``mediatedDevicesConfiguration.enabled``, ``migrations.utilityVolumesTimeout``,
``roleAggregationStrategy`` and ``virtTemplateDeployment`` (``KubevirtVersion.has_kubevirt_*``).
"""
from __future__ import annotations

from functools import cache

from krmfn.kubevirt.apiserver.schema import (
    BOOL,
    INT,
    INT64,
    OBJECT_META,
    QUANTITY,
    STR,
    STR_MAP,
    UINT,
    UINT32,
    ListOf,
    MapOf,
    Obj,
    Scalar,
    empty,
    without_fields,
)
from krmfn.kubevirt.apiserver.core_v1_schema import AFFINITY, LABEL_SELECTOR
from krmfn.kubevirt.apiserver.vm_schema import opaque
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, CAUSE_FIELD_VALUE_TOO_MANY, Cause
from krmfn.model.kubevirt_version import KubevirtVersion

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

KUBEVIRT_VERSIONS = frozenset({"v1", "v1alpha3"})
KUBEVIRT_DEPRECATED = {"v1alpha3": "kubevirt.io/v1alpha3 is now deprecated and will be removed in a future release."}

# ---------------------------------------------------------------------------------------------
# Kubernetes types the spec embeds (metav1.LabelSelector, k8s.io/api/core/v1)
# ---------------------------------------------------------------------------------------------
CERT_CONFIG = Obj("CertConfig", {
    "duration": STR,
    "renewBefore": STR,
})

KUBE_VIRT_SELF_SIGN_CONFIGURATION = Obj("KubeVirtSelfSignConfiguration", {
    "ca": CERT_CONFIG,
    "caOverlapInterval": STR,
    "caRotateInterval": STR,
    "certRotateInterval": STR,
    "server": CERT_CONFIG,
})

KUBE_VIRT_CERTIFICATE_ROTATE_STRATEGY = Obj("KubeVirtCertificateRotateStrategy", {
    "selfSigned": KUBE_VIRT_SELF_SIGN_CONFIGURATION,
})

TOKEN_BUCKET_RATE_LIMITER = Obj("TokenBucketRateLimiter", {
    "burst": INT,
    "qps": Scalar("number"),
}, required=("burst", "qps"))

RATE_LIMITER = Obj("RateLimiter", {
    "tokenBucketRateLimiter": TOKEN_BUCKET_RATE_LIMITER,
})

REST_CLIENT_CONFIGURATION = Obj("RESTClientConfiguration", {
    "rateLimiter": RATE_LIMITER,
})

RELOADABLE_COMPONENT_CONFIGURATION = Obj("ReloadableComponentConfiguration", {
    "restClient": REST_CLIENT_CONFIGURATION,
})

ARCH_SPECIFIC_CONFIGURATION = Obj("ArchSpecificConfiguration", {
    "emulatedMachines": ListOf(STR),
    "machineType": STR,
    "ovmfPath": STR,
})

ARCH_CONFIGURATION = Obj("ArchConfiguration", {
    "amd64": ARCH_SPECIFIC_CONFIGURATION,
    "arm64": ARCH_SPECIFIC_CONFIGURATION,
    "defaultArchitecture": STR,
    "ppc64le": ARCH_SPECIFIC_CONFIGURATION,
    "s390x": ARCH_SPECIFIC_CONFIGURATION,
})

CHANGED_BLOCK_TRACKING_SELECTORS = Obj("ChangedBlockTrackingSelectors", {
    "namespaceLabelSelector": LABEL_SELECTOR,
    "virtualMachineLabelSelector": LABEL_SELECTOR,
})

COMMON_INSTANCETYPES_DEPLOYMENT = Obj("CommonInstancetypesDeployment", {
    "enabled": BOOL,
})

TDX_ATTESTATION_CONFIGURATION = Obj("TDXAttestationConfiguration", {
    "enforced": BOOL,
    "qgsSocketPath": STR,
})

TDX_CONFIGURATION = Obj("TDXConfiguration", {
    "attestation": TDX_ATTESTATION_CONFIGURATION,
})

CONFIDENTIAL_COMPUTE_CONFIGURATION = Obj("ConfidentialComputeConfiguration", {
    "tdx": TDX_CONFIGURATION,
})

DISK_VERIFICATION = Obj("DiskVerification", {
    "memoryLimit": QUANTITY,
}, required=("memoryLimit",))

LOG_VERBOSITY = Obj("LogVerbosity", {
    "nodeVerbosity": MapOf(UINT),
    "virtAPI": UINT,
    "virtController": UINT,
    "virtHandler": UINT,
    "virtLauncher": UINT,
    "virtOperator": UINT,
    "virtSynchronizationController": UINT,
})

DEVELOPER_CONFIGURATION = Obj("DeveloperConfiguration", {
    "clusterProfiler": BOOL,
    "cpuAllocationRatio": INT,
    "disabledFeatureGates": ListOf(STR),
    "diskVerification": DISK_VERIFICATION,
    "featureGates": ListOf(STR),
    "logVerbosity": LOG_VERBOSITY,
    "memoryOvercommit": Scalar("integer", go="int", minimum=10),
    "minimumClusterTSCFrequency": INT64,
    "minimumReservePVCBytes": UINT,
    "nodeSelectors": STR_MAP,
    "pvcTolerateLessSpaceUpToPercent": INT,
    "useEmulation": BOOL,
})

HYPERVISOR_CONFIGURATION = Obj("HypervisorConfiguration", {
    "name": Scalar("string", enum=("kvm", "hyperv-direct")),
})

INSTANCETYPE_CONFIGURATION = Obj("InstancetypeConfiguration", {
    "referencePolicy": Scalar("string", enum=("reference", "expand", "expandAll")),
})

KSM_CONFIGURATION = Obj("KSMConfiguration", {
    "nodeLabelSelector": LABEL_SELECTOR,
})

LIVE_UPDATE_CONFIGURATION = Obj("LiveUpdateConfiguration", {
    "maxCpuSockets": UINT32,
    "maxGuest": QUANTITY,
    "maxHotplugRatio": UINT32,
})

NODE_MEDIATED_DEVICE_TYPES_CONFIG = Obj("NodeMediatedDeviceTypesConfig", {
    "mediatedDeviceTypes": ListOf(STR),
    "mediatedDevicesTypes": ListOf(STR),
    "nodeSelector": STR_MAP,
}, required=("nodeSelector",))

MEDIATED_DEVICES_CONFIGURATION = Obj("MediatedDevicesConfiguration", {
    "enabled": BOOL,
    "mediatedDeviceTypes": ListOf(STR),
    "mediatedDevicesTypes": ListOf(STR),
    "nodeMediatedDeviceTypes": ListOf(NODE_MEDIATED_DEVICE_TYPES_CONFIG),
})

MIGRATION_CONFIGURATION = Obj("MigrationConfiguration", {
    "allowAutoConverge": BOOL,
    "allowPostCopy": BOOL,
    "allowWorkloadDisruption": BOOL,
    "bandwidthPerMigration": QUANTITY,
    "completionTimeoutPerGiB": INT64,
    "disableTLS": BOOL,
    "matchSELinuxLevelOnMigration": BOOL,
    "maxDowntimeMs": Scalar("integer", go="uint", minimum=1, maximum=2000000),
    "network": STR,
    "nodeDrainTaintKey": STR,
    "parallelMigrationsPerCluster": UINT32,
    "parallelOutboundMigrationsPerNode": UINT32,
    "progressTimeout": INT64,
    "unsafeMigrationOverride": BOOL,
    "utilityVolumesTimeout": INT64,
})

RESOURCE_REQUIREMENTS_WITHOUT_CLAIMS = Obj("ResourceRequirementsWithoutClaims", {
    "limits": MapOf(QUANTITY),
    "requests": MapOf(QUANTITY),
})

INTERFACE_BINDING_MIGRATION = Obj("InterfaceBindingMigration", {
    "method": STR,
})

INTERFACE_BINDING_PLUGIN = Obj("InterfaceBindingPlugin", {
    "computeResourceOverhead": RESOURCE_REQUIREMENTS_WITHOUT_CLAIMS,
    "domainAttachmentType": STR,
    "downwardAPI": STR,
    "migration": INTERFACE_BINDING_MIGRATION,
    "networkAttachmentDefinition": STR,
    "sidecarImage": STR,
})

NETWORK_CONFIGURATION = Obj("NetworkConfiguration", {
    "binding": MapOf(INTERFACE_BINDING_PLUGIN),
    "defaultNetworkInterface": STR,
    "permitBridgeInterfaceOnPodNetwork": BOOL,
    "permitSlirpInterface": BOOL,
})

MEDIATED_HOST_DEVICE = Obj("MediatedHostDevice", {
    "externalResourceProvider": BOOL,
    "mdevNameSelector": STR,
    "resourceName": STR,
}, required=("mdevNameSelector", "resourceName"))

PCI_HOST_DEVICE = Obj("PciHostDevice", {
    "externalResourceProvider": BOOL,
    "pciVendorSelector": STR,
    "resourceName": STR,
}, required=("pciVendorSelector", "resourceName"))

USB_SELECTOR = Obj("USBSelector", {
    "product": STR,
    "vendor": STR,
}, required=("product", "vendor"))

USB_HOST_DEVICE = Obj("USBHostDevice", {
    "externalResourceProvider": BOOL,
    "resourceName": STR,
    "selectors": ListOf(USB_SELECTOR),
}, required=("resourceName",))

PERMITTED_HOST_DEVICES = Obj("PermittedHostDevices", {
    "mediatedDevices": ListOf(MEDIATED_HOST_DEVICE),
    "pciHostDevices": ListOf(PCI_HOST_DEVICE),
    "usb": ListOf(USB_HOST_DEVICE),
})

PERSISTENT_RESERVATION_CONFIGURATION = Obj("PersistentReservationConfiguration", {
    "enabled": BOOL,
})

CUSTOM_PROFILE = Obj("CustomProfile", {
    "localhostProfile": STR,
    "runtimeDefaultProfile": BOOL,
})

VIRTUAL_MACHINE_INSTANCE_PROFILE = Obj("VirtualMachineInstanceProfile", {
    "customProfile": CUSTOM_PROFILE,
})

SECCOMP_CONFIGURATION = Obj("SeccompConfiguration", {
    "virtualMachineInstanceProfile": VIRTUAL_MACHINE_INSTANCE_PROFILE,
})

SM_BIOS_CONFIGURATION = Obj("SMBiosConfiguration", {
    "family": STR,
    "manufacturer": STR,
    "product": STR,
    "sku": STR,
    "version": STR,
})

SUPPORT_CONTAINER_RESOURCES = Obj("SupportContainerResources", {
    "resources": RESOURCE_REQUIREMENTS_WITHOUT_CLAIMS,
    "type": STR,
}, required=("resources", "type"))

TLS_CONFIGURATION = Obj("TLSConfiguration", {
    "ciphers": ListOf(STR),
    "minTLSVersion": Scalar("string", enum=("VersionTLS10", "VersionTLS11", "VersionTLS12", "VersionTLS13")),
})

VIRT_TEMPLATE_DEPLOYMENT = Obj("VirtTemplateDeployment", {
    "enabled": BOOL,
})

DISABLE_FREE_PAGE_REPORTING = empty("DisableFreePageReporting")

DISABLE_SERIAL_CONSOLE_LOG = empty("DisableSerialConsoleLog")

VIRTUAL_MACHINE_OPTIONS = Obj("VirtualMachineOptions", {
    "disableFreePageReporting": DISABLE_FREE_PAGE_REPORTING,
    "disableSerialConsoleLog": DISABLE_SERIAL_CONSOLE_LOG,
})

KUBE_VIRT_CONFIGURATION = Obj("KubeVirtConfiguration", {
    "additionalGuestMemoryOverheadRatio": STR,
    "apiConfiguration": RELOADABLE_COMPONENT_CONFIGURATION,
    "architectureConfiguration": ARCH_CONFIGURATION,
    "autoCPULimitNamespaceLabelSelector": LABEL_SELECTOR,
    "changedBlockTrackingLabelSelectors": CHANGED_BLOCK_TRACKING_SELECTORS,
    "commonInstancetypesDeployment": COMMON_INSTANCETYPES_DEPLOYMENT,
    "confidentialCompute": CONFIDENTIAL_COMPUTE_CONFIGURATION,
    "controllerConfiguration": RELOADABLE_COMPONENT_CONFIGURATION,
    "cpuModel": STR,
    "cpuRequest": QUANTITY,
    "defaultRuntimeClass": STR,
    "developerConfiguration": DEVELOPER_CONFIGURATION,
    "emulatedMachines": ListOf(STR),
    "evictionStrategy": STR,
    "handlerConfiguration": RELOADABLE_COMPONENT_CONFIGURATION,
    "hypervisors": ListOf(HYPERVISOR_CONFIGURATION),
    "imagePullPolicy": STR,
    "instancetype": INSTANCETYPE_CONFIGURATION,
    "ksmConfiguration": KSM_CONFIGURATION,
    "liveUpdateConfiguration": LIVE_UPDATE_CONFIGURATION,
    "machineType": STR,
    "mediatedDevicesConfiguration": MEDIATED_DEVICES_CONFIGURATION,
    "memBalloonStatsPeriod": UINT32,
    "migrations": MIGRATION_CONFIGURATION,
    "minCPUModel": STR,
    "network": NETWORK_CONFIGURATION,
    "obsoleteCPUModels": MapOf(BOOL),
    "ovmfPath": STR,
    "permittedHostDevices": PERMITTED_HOST_DEVICES,
    "persistentReservationConfiguration": PERSISTENT_RESERVATION_CONFIGURATION,
    "roleAggregationStrategy": Scalar("string", enum=("AggregateToDefault", "Manual")),
    "seccompConfiguration": SECCOMP_CONFIGURATION,
    "selinuxLauncherType": STR,
    "smbios": SM_BIOS_CONFIGURATION,
    "supportContainerResources": ListOf(SUPPORT_CONTAINER_RESOURCES),
    "supportedGuestAgentVersions": ListOf(STR),
    "tlsConfiguration": TLS_CONFIGURATION,
    "virtTemplateDeployment": VIRT_TEMPLATE_DEPLOYMENT,
    "virtualMachineInstancesPerNode": INT,
    "virtualMachineOptions": VIRTUAL_MACHINE_OPTIONS,
    "vmRolloutStrategy": Scalar("string", enum=("Stage", "LiveUpdate")),
    "vmStateStorageClass": STR,
    "webhookConfiguration": RELOADABLE_COMPONENT_CONFIGURATION,
})

FLAGS = Obj("Flags", {
    "api": STR_MAP,
    "controller": STR_MAP,
    "handler": STR_MAP,
})

CUSTOMIZE_COMPONENTS_PATCH = Obj("CustomizeComponentsPatch", {
    "patch": STR,
    "resourceName": STR,
    "resourceType": STR,
    "type": STR,
}, required=("patch", "resourceName", "resourceType", "type"))

CUSTOMIZE_COMPONENTS = Obj("CustomizeComponents", {
    "flags": FLAGS,
    "patches": ListOf(CUSTOMIZE_COMPONENTS_PATCH),
})

LOCAL_OBJECT_REFERENCE = Obj("LocalObjectReference", {
    "name": STR,
})

TOLERATION = Obj("Toleration", {
    "effect": STR,
    "key": STR,
    "operator": STR,
    "tolerationSeconds": INT64,
    "value": STR,
})

NODE_PLACEMENT = Obj("NodePlacement", {
    "affinity": AFFINITY,
    "nodeSelector": STR_MAP,
    "tolerations": ListOf(TOLERATION),
})

COMPONENT_CONFIG = Obj("ComponentConfig", {
    "nodePlacement": NODE_PLACEMENT,
    "replicas": Scalar("integer"),
})

KUBE_VIRT_WORKLOAD_UPDATE_STRATEGY = Obj("KubeVirtWorkloadUpdateStrategy", {
    "batchEvictionInterval": STR,
    "batchEvictionSize": INT,
    "workloadUpdateMethods": ListOf(STR),
})

KUBE_VIRT_SPEC = Obj("KubeVirtSpec", {
    "certificateRotateStrategy": KUBE_VIRT_CERTIFICATE_ROTATE_STRATEGY,
    "configuration": KUBE_VIRT_CONFIGURATION,
    "customizeComponents": CUSTOMIZE_COMPONENTS,
    "imagePullPolicy": STR,
    "imagePullSecrets": ListOf(LOCAL_OBJECT_REFERENCE),
    "imageRegistry": STR,
    "imageTag": STR,
    "infra": COMPONENT_CONFIG,
    "monitorAccount": STR,
    "monitorNamespace": STR,
    "productComponent": STR,
    "productName": STR,
    "productVersion": STR,
    "serviceMonitorNamespace": STR,
    "synchronizationPort": STR,
    "uninstallStrategy": STR,
    "workloadUpdateStrategy": KUBE_VIRT_WORKLOAD_UPDATE_STRATEGY,
    "workloads": COMPONENT_CONFIG,
})



KUBEVIRT = Obj("KubeVirt", {
    "apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": KUBE_VIRT_SPEC,
    "status": opaque("KubeVirtStatus"),
}, required=("spec",))


def kubevirt_fields_missing(version: KubevirtVersion) -> tuple[str, ...]:
    """The KubeVirt CR fields (dotted paths from the object) that the Go type and CRD of a
    KubeVirt release lack."""
    config = "spec.configuration."
    return tuple(config + path for path, known in (
        ("confidentialCompute", version.has_kubevirt_confidential_compute),
        ("persistentReservationConfiguration", version.has_kubevirt_persistent_reservation_configuration),
        ("migrations.maxDowntimeMs", version.has_kubevirt_migrations_max_downtime),
        ("developerConfiguration.disabledFeatureGates", version.has_kubevirt_disabled_feature_gates),
        ("hypervisors", version.has_kubevirt_hypervisors),
        ("mediatedDevicesConfiguration.enabled", version.has_kubevirt_mediated_devices_enabled),
        ("migrations.utilityVolumesTimeout", version.has_kubevirt_migrations_utility_volumes_timeout),
        ("roleAggregationStrategy", version.has_kubevirt_role_aggregation_strategy),
        ("virtTemplateDeployment", version.has_kubevirt_virt_template_deployment),
    ) if not known)


@cache
def kubevirt_schema(version: KubevirtVersion) -> Obj:
    """The KubeVirt CRD schema of a KubeVirt release (without ``kubevirt_fields_missing``)."""
    missing = kubevirt_fields_missing(version)
    return without_fields(KUBEVIRT, *missing) if missing else KUBEVIRT


MAX_HYPERVISORS = 1


def _get(value: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


def length_causes(obj: dict, version: KubevirtVersion) -> list[Cause]:
    """The API server's causes for the CRD's ``maxItems`` and ``minLength`` (the schema nodes
    check everything else): ``Too many: <n>: must have at most 1 item`` (``field.TooMany``, which
    says "item" for a maximum of one) and ``Invalid value: "": <path> in body should be at least 1 chars long``."""
    causes = []
    hypervisors = _get(obj, "spec", "configuration", "hypervisors")
    if version.has_kubevirt_hypervisors and isinstance(hypervisors, list) and len(hypervisors) > MAX_HYPERVISORS:
        causes.append(Cause("spec.configuration.hypervisors",
                            f"Too many: {len(hypervisors)}: must have at most {MAX_HYPERVISORS} item",
                            CAUSE_FIELD_VALUE_TOO_MANY))
    patches = _get(obj, "spec", "customizeComponents", "patches")
    for index, patch in enumerate(patches if isinstance(patches, list) else []):
        for key in ("resourceName", "resourceType"):
            if isinstance(patch, dict) and patch.get(key) == "":
                path = f"spec.customizeComponents.patches[{index}].{key}"
                causes.append(Cause(path, f'Invalid value: "": {path} in body should be at least 1 chars long',
                                    CAUSE_FIELD_VALUE_INVALID))
    return causes

"""The HyperConverged CRD of HCO v1.18.1 (``deploy/crds/hco00.crd.yaml``), as schema nodes.

Generated data: every property of ``spec`` in both served versions (``v1``, and ``v1beta1``, the
storage version), in the representation of ``krmfn.kubevirt.apiserver.schema`` (``Obj``,
``ListOf``, ``MapOf``, ``Scalar`` with the CRD's ``enum``, ``pattern``, ``minimum``; an
``x-kubernetes-int-or-string`` quantity is ``QUANTITY``), subtrees the CRD repeats shared.
``metadata`` is ObjectMeta with the CRD's one constraint, ``name`` matching
``kubevirt-hyperconverged`` (unanchored); ``status`` is left open (the status subresource drops
it on CREATE). ``DEFAULTS`` holds the CRD's ``default`` values by version, in the order the API
server applies them (``krmfn.hco.deploy.crds.defaulting``).

Not in the nodes (checked elsewhere or not at all): the ``x-kubernetes-validations`` (CEL) rules
and ``maxItems``/``minLength`` (``krmfn.hco.hyperconverged_create``), ``format`` and the
``x-kubernetes-list-type: set|map`` uniqueness (not checked). The schemas are built on first use.
"""
from __future__ import annotations

from functools import cache

from krmfn.kubevirt.apiserver.schema import (
    BOOL,
    OBJECT_META,
    QUANTITY,
    QUANTITY_PATTERN,
    STR,
    ListOf,
    MapOf,
    Obj,
    Scalar,
    with_props,
)
from krmfn.kubevirt.apiserver.vm_schema import opaque

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

SERVED_VERSIONS = ("v1", "v1beta1")
STORAGE_VERSION = "v1beta1"
NAME_PATTERN = "kubevirt-hyperconverged"
INTEGER = Scalar("integer")
NUMBER = Scalar("number")


@cache
def hyperconverged_schemas() -> dict[str, Obj]:  # noqa: PLR0915 - generated data
    """The schema of a HyperConverged object, by served version."""
    _matchExpressions = Obj("", {"key": STR, "operator": STR, "values": ListOf(STR)}, required=("key", "operator"))
    _namespaceSelector = Obj("", {"matchExpressions": ListOf(_matchExpressions), "matchLabels": MapOf(STR)})
    _vmiCalcConfigName = Scalar(
        "string",
        enum=(
            "VmiPodUsage",
            "VirtualResources",
            "DedicatedVirtualResources",
            "IgnoreVmiCalculator",
            "GuestEffectiveResources",
        ),
    )
    _applicationAwareConfig = Obj("", {
        "allowApplicationAwareClusterResourceQuota": BOOL,
        "enable": BOOL,
        "namespaceSelector": _namespaceSelector,
        "vmiCalcConfigName": _vmiCalcConfigName,
    })
    _kubevirt = Obj("", {
        "nodeVerbosity": MapOf(INTEGER),
        "virtAPI": INTEGER,
        "virtController": INTEGER,
        "virtHandler": INTEGER,
        "virtLauncher": INTEGER,
        "virtOperator": INTEGER,
        "virtSynchronizationController": INTEGER,
    })
    _logVerbosityConfig = Obj("", {"cdi": INTEGER, "kubevirt": _kubevirt})
    _preference = Obj("", {"matchExpressions": ListOf(_matchExpressions), "matchFields": ListOf(_matchExpressions)})
    _preferredDuringSchedulingIgnoredDuringExecution = Obj("", {
        "preference": _preference,
        "weight": INTEGER,
    }, required=("preference", "weight"))
    _requiredDuringSchedulingIgnoredDuringExecution = Obj("", {
        "nodeSelectorTerms": ListOf(_preference),
    }, required=("nodeSelectorTerms",))
    _nodeAffinity = Obj("", {
        "preferredDuringSchedulingIgnoredDuringExecution": ListOf(_preferredDuringSchedulingIgnoredDuringExecution),
        "requiredDuringSchedulingIgnoredDuringExecution": _requiredDuringSchedulingIgnoredDuringExecution,
    })
    _podAffinityTerm = Obj("", {
        "labelSelector": _namespaceSelector,
        "matchLabelKeys": ListOf(STR),
        "mismatchLabelKeys": ListOf(STR),
        "namespaceSelector": _namespaceSelector,
        "namespaces": ListOf(STR),
        "topologyKey": STR,
    }, required=("topologyKey",))
    _preferredDuringSchedulingIgnoredDuringExecution_2 = Obj("", {
        "podAffinityTerm": _podAffinityTerm,
        "weight": INTEGER,
    }, required=("podAffinityTerm", "weight"))
    _podAffinity = Obj("", {
        "preferredDuringSchedulingIgnoredDuringExecution": ListOf(_preferredDuringSchedulingIgnoredDuringExecution_2),
        "requiredDuringSchedulingIgnoredDuringExecution": ListOf(_podAffinityTerm),
    })
    _affinity = Obj("", {"nodeAffinity": _nodeAffinity, "podAffinity": _podAffinity, "podAntiAffinity": _podAffinity})
    _tolerations = Obj("", {"effect": STR, "key": STR, "operator": STR, "tolerationSeconds": INTEGER, "value": STR})
    _infra = Obj("", {"affinity": _affinity, "nodeSelector": MapOf(STR), "tolerations": ListOf(_tolerations)})
    _nodePlacements = Obj("", {"infra": _infra, "workload": _infra})
    _uninstallStrategy = Scalar("string", enum=("RemoveWorkloads", "BlockUninstallIfWorkloadsExist"))
    _deployment = Obj("", {
        "applicationAwareConfig": _applicationAwareConfig,
        "deployVmConsoleProxy": BOOL,
        "logVerbosityConfig": _logVerbosityConfig,
        "nodePlacements": _nodePlacements,
        "uninstallStrategy": _uninstallStrategy,
    })
    _featureGates = Obj("", {"name": STR, "state": Scalar("string", enum=("Enabled", "Disabled"))}, required=("name",))
    _rangeEnd = Scalar("string", pattern="^([0-9a-fA-F]{2}:){5}[0-9a-fA-F]{2}$")
    _kubeMacPoolConfiguration = Obj("", {"rangeEnd": _rangeEnd, "rangeStart": _rangeEnd})
    _computeResourceOverhead = Obj("", {"limits": MapOf(QUANTITY), "requests": MapOf(QUANTITY)})
    _migration = Obj("", {"method": STR})
    _networkBinding = Obj("", {
        "computeResourceOverhead": _computeResourceOverhead,
        "domainAttachmentType": STR,
        "downwardAPI": STR,
        "migration": _migration,
        "networkAttachmentDefinition": STR,
        "sidecarImage": STR,
    })
    _networking = Obj("", {
        "kubeMacPoolConfiguration": _kubeMacPoolConfiguration,
        "kubeSecondaryDNSNameServerIP": STR,
        "networkBinding": MapOf(_networkBinding),
    })
    _ca = Obj("", {"duration": STR, "renewBefore": STR})
    _certConfig = Obj("", {"ca": _ca, "server": _ca})
    _minTLSVersion = Scalar("string", enum=("VersionTLS10", "VersionTLS11", "VersionTLS12", "VersionTLS13"))
    _custom = Obj("", {"ciphers": ListOf(STR), "minTLSVersion": _minTLSVersion})
    _intermediate = Obj("")
    _type = Scalar("string", enum=("Old", "Intermediate", "Modern", "Custom"))
    _tlsSecurityProfile = Obj("", {
        "custom": _custom,
        "intermediate": _intermediate,
        "modern": _intermediate,
        "old": _intermediate,
        "type": _type,
    })
    _security = Obj("", {"certConfig": _certConfig, "tlsSecurityProfile": _tlsSecurityProfile})
    _filesystemOverhead = Obj("", {
        "global": Scalar("string", pattern="^(0(?:\\.\\d{1,3})?|1)$"),
        "storageClass": MapOf(Scalar("string", pattern="^(0(?:\\.\\d{1,3})?|1)$")),
    })
    _storageImport = Obj("", {"insecureRegistries": ListOf(STR)})
    _claims = Obj("", {"name": STR, "request": STR}, required=("name",))
    _workloadResourceRequirements = Obj("", {
        "claims": ListOf(_claims),
        "limits": MapOf(QUANTITY),
        "requests": MapOf(QUANTITY),
    })
    _storage = Obj("", {
        "filesystemOverhead": _filesystemOverhead,
        "scratchSpaceStorageClass": STR,
        "storageImport": _storageImport,
        "vmStateStorageClass": STR,
        "workloadResourceRequirements": _workloadResourceRequirements,
    })
    _changedBlockTrackingLabelSelectors = Obj("", {
        "namespaceLabelSelector": _namespaceSelector,
        "virtualMachineLabelSelector": _namespaceSelector,
    })
    _evictionStrategy = Scalar("string", enum=("None", "LiveMigrate", "LiveMigrateIfPossible", "External"))
    _higherWorkloadDensity = Obj("", {"memoryOvercommitPercentage": Scalar("integer", minimum=10)})
    _hypervisors = Obj("", {"name": Scalar("string", enum=("kvm", "hyperv-direct"))})
    _ksmConfiguration = Obj("", {"nodeLabelSelector": _namespaceSelector})
    _liveMigrationConfig = Obj("", {
        "allowAutoConverge": BOOL,
        "allowPostCopy": BOOL,
        "bandwidthPerMigration": Scalar("string", pattern=QUANTITY_PATTERN),
        "completionTimeoutPerGiB": INTEGER,
        "network": STR,
        "parallelMigrationsPerCluster": INTEGER,
        "parallelOutboundMigrationsPerNode": INTEGER,
        "progressTimeout": INTEGER,
    })
    _liveUpdateConfiguration = Obj("", {"maxCpuSockets": INTEGER, "maxGuest": QUANTITY, "maxHotplugRatio": INTEGER})
    _nodeMediatedDeviceTypes = Obj("", {
        "mediatedDeviceTypes": ListOf(STR),
        "nodeSelector": MapOf(STR),
    }, required=("nodeSelector",))
    _mediatedDevicesConfiguration = Obj("", {
        "mediatedDeviceTypes": ListOf(STR),
        "nodeMediatedDeviceTypes": ListOf(_nodeMediatedDeviceTypes),
    })
    _mediatedDevices = Obj("", {
        "disabled": BOOL,
        "externalResourceProvider": BOOL,
        "mdevNameSelector": STR,
        "resourceName": STR,
    }, required=("mdevNameSelector", "resourceName"))
    _pciHostDevices = Obj("", {
        "disabled": BOOL,
        "externalResourceProvider": BOOL,
        "pciDeviceSelector": STR,
        "resourceName": STR,
    }, required=("pciDeviceSelector", "resourceName"))
    _selectors = Obj("", {"product": STR, "vendor": STR}, required=("product", "vendor"))
    _usbHostDevices = Obj("", {
        "disabled": BOOL,
        "externalResourceProvider": BOOL,
        "resourceName": STR,
        "selectors": ListOf(_selectors),
    }, required=("resourceName",))
    _permittedHostDevices = Obj("", {
        "mediatedDevices": ListOf(_mediatedDevices),
        "pciHostDevices": ListOf(_pciHostDevices),
        "usbHostDevices": ListOf(_usbHostDevices),
    })
    _virtualMachineOptions = Obj("", {
        "defaultCPUModel": STR,
        "defaultRuntimeClass": STR,
        "disableFreePageReporting": BOOL,
        "disableSerialConsoleLog": BOOL,
    })
    _workloadUpdateStrategy = Obj("", {
        "batchEvictionInterval": STR,
        "batchEvictionSize": INTEGER,
        "workloadUpdateMethods": ListOf(STR),
    }, required=("workloadUpdateMethods",))
    _virtualization = Obj("", {
        "autoCPULimitNamespaceLabelSelector": _namespaceSelector,
        "changedBlockTrackingLabelSelectors": _changedBlockTrackingLabelSelectors,
        "evictionStrategy": _evictionStrategy,
        "higherWorkloadDensity": _higherWorkloadDensity,
        "hypervisors": ListOf(_hypervisors),
        "ksmConfiguration": _ksmConfiguration,
        "liveMigrationConfig": _liveMigrationConfig,
        "liveUpdateConfiguration": _liveUpdateConfiguration,
        "mediatedDevicesConfiguration": _mediatedDevicesConfiguration,
        "obsoleteCPUModels": ListOf(STR),
        "permittedHostDevices": _permittedHostDevices,
        "roleAggregationStrategy": Scalar("string", enum=("AggregateToDefault", "Manual")),
        "tuningPolicy": Scalar("string", enum=("annotation", "highBurst")),
        "virtualMachineOptions": _virtualMachineOptions,
        "vmiCPUAllocationRatio": Scalar("integer", minimum=1),
        "workloadUpdateStrategy": _workloadUpdateStrategy,
    })
    _commonInstancetypesDeployment = Obj("", {"enabled": BOOL})
    _metadata = Obj("", {
        "annotations": MapOf(STR),
        "finalizers": ListOf(STR),
        "labels": MapOf(STR),
        "name": STR,
        "namespace": STR,
    })
    _checkpoints = Obj("", {"current": STR, "previous": STR}, required=("current", "previous"))
    _dataSource = Obj("", {"apiGroup": STR, "kind": STR, "name": STR}, required=("kind", "name"))
    _dataSourceRef = Obj("", {"apiGroup": STR, "kind": STR, "name": STR, "namespace": STR}, required=("kind", "name"))
    _pvc = Obj("", {
        "accessModes": ListOf(STR),
        "dataSource": _dataSource,
        "dataSourceRef": _dataSourceRef,
        "resources": _computeResourceOverhead,
        "selector": _namespaceSelector,
        "storageClassName": STR,
        "volumeAttributesClassName": STR,
        "volumeMode": STR,
        "volumeName": STR,
    })
    _blank = Obj("")
    _gcs = Obj("", {"secretRef": STR, "url": STR}, required=("url",))
    _http = Obj("", {
        "certConfigMap": STR,
        "checksum": STR,
        "extraHeaders": ListOf(STR),
        "secretExtraHeaders": ListOf(STR),
        "secretRef": STR,
        "url": STR,
    }, required=("url",))
    _imageio = Obj("", {
        "certConfigMap": STR,
        "diskId": STR,
        "insecureSkipVerify": BOOL,
        "secretRef": STR,
        "url": STR,
    }, required=("diskId", "url"))
    _pvc_2 = Obj("", {"name": STR, "namespace": STR}, required=("name", "namespace"))
    _platform = Obj("", {"architecture": STR})
    _registry = Obj("", {
        "certConfigMap": STR,
        "imageStream": STR,
        "platform": _platform,
        "pullMethod": STR,
        "secretRef": STR,
        "url": STR,
    })
    _s3 = Obj("", {"certConfigMap": STR, "secretRef": STR, "url": STR}, required=("url",))
    _vddk = Obj("", {
        "backingFile": STR,
        "extraArgs": STR,
        "initImageURL": STR,
        "secretRef": STR,
        "thumbprint": STR,
        "url": STR,
        "uuid": STR,
    })
    _source = Obj("", {
        "blank": _blank,
        "gcs": _gcs,
        "http": _http,
        "imageio": _imageio,
        "pvc": _pvc_2,
        "registry": _registry,
        "s3": _s3,
        "snapshot": _pvc_2,
        "upload": _blank,
        "vddk": _vddk,
    })
    _sourceRef = Obj("", {"kind": STR, "name": STR, "namespace": STR}, required=("kind", "name"))
    _storage_2 = Obj("", {
        "accessModes": ListOf(STR),
        "dataSource": _dataSource,
        "dataSourceRef": _dataSourceRef,
        "resources": _computeResourceOverhead,
        "selector": _namespaceSelector,
        "storageClassName": STR,
        "volumeMode": STR,
        "volumeName": STR,
    })
    _spec = Obj("", {
        "checkpoints": ListOf(_checkpoints),
        "contentType": Scalar("string", enum=("kubevirt", "archive")),
        "finalCheckpoint": BOOL,
        "preallocation": BOOL,
        "priorityClassName": STR,
        "pvc": _pvc,
        "serviceAccountName": STR,
        "source": _source,
        "sourceRef": _sourceRef,
        "storage": _storage_2,
    })
    _conditions = Obj("", {
        "lastHeartbeatTime": STR,
        "lastTransitionTime": STR,
        "message": STR,
        "reason": STR,
        "status": STR,
        "type": STR,
    }, required=("status", "type"))
    _status = Obj("", {
        "claimName": STR,
        "conditions": ListOf(_conditions),
        "phase": STR,
        "progress": STR,
        "restartCount": INTEGER,
    })
    _template = Obj("", {
        "apiVersion": STR,
        "kind": STR,
        "metadata": _metadata,
        "spec": _spec,
        "status": _status,
    }, required=("spec",))
    _spec_2 = Obj("", {
        "garbageCollect": STR,
        "importsToKeep": INTEGER,
        "managedDataSource": STR,
        "retentionPolicy": STR,
        "schedule": STR,
        "serviceAccountName": STR,
        "template": _template,
    }, required=("managedDataSource", "schedule", "template"))
    _dataImportCronTemplates = Obj("", {"metadata": _metadata, "spec": _spec_2})
    _instancetypeConfig = Obj("", {"referencePolicy": Scalar("string", enum=("reference", "expand", "expandAll"))})
    _workloadSources = Obj("", {
        "commonBootImageNamespace": STR,
        "commonInstancetypesDeployment": _commonInstancetypesDeployment,
        "commonTemplatesNamespace": STR,
        "dataImportCronTemplates": ListOf(_dataImportCronTemplates),
        "enableCommonBootImageImport": BOOL,
        "instancetypeConfig": _instancetypeConfig,
    })
    _v1_spec = Obj("", {
        "deployment": _deployment,
        "featureGates": ListOf(_featureGates),
        "networking": _networking,
        "security": _security,
        "storage": _storage,
        "virtualization": _virtualization,
        "workloadSources": _workloadSources,
    })
    _applicationAwareConfig_2 = Obj("", {
        "allowApplicationAwareClusterResourceQuota": BOOL,
        "namespaceSelector": _namespaceSelector,
        "vmiCalcConfigName": _vmiCalcConfigName,
    })
    _featureGates_2 = Obj("", {
        "alignCPUs": BOOL,
        "autoResourceLimits": BOOL,
        "containerPathVolumes": BOOL,
        "decentralizedLiveMigration": BOOL,
        "declarativeHotplugVolumes": BOOL,
        "deployKubeSecondaryDNS": BOOL,
        "deployKubevirtIpamController": BOOL,
        "deployTektonTaskResources": BOOL,
        "deployVmConsoleProxy": BOOL,
        "disableMDevConfiguration": BOOL,
        "downwardMetrics": BOOL,
        "enableApplicationAwareQuota": BOOL,
        "enableCommonBootImageImport": BOOL,
        "enableManagedTenantQuota": BOOL,
        "enableMultiArchBootImageImport": BOOL,
        "incrementalBackup": BOOL,
        "nonRoot": BOOL,
        "objectGraph": BOOL,
        "persistentReservation": BOOL,
        "primaryUserDefinedNetworkBinding": BOOL,
        "videoConfig": BOOL,
        "withHostPassthroughCPU": BOOL,
    })
    _infra_2 = Obj("", {"nodePlacement": _infra})
    _nodeMediatedDeviceTypes_2 = Obj("", {
        "mediatedDeviceTypes": ListOf(STR),
        "mediatedDevicesTypes": ListOf(STR),
        "nodeSelector": MapOf(STR),
    }, required=("nodeSelector",))
    _mediatedDevicesConfiguration_2 = Obj("", {
        "mediatedDeviceTypes": ListOf(STR),
        "mediatedDevicesTypes": ListOf(STR),
        "nodeMediatedDeviceTypes": ListOf(_nodeMediatedDeviceTypes_2),
    })
    _obsoleteCPUs = Obj("", {"cpuModels": ListOf(STR), "minCPUModel": STR})
    _resourceRequirements = Obj("", {
        "autoCPULimitNamespaceLabelSelector": _namespaceSelector,
        "storageWorkloads": _workloadResourceRequirements,
        "vmiCPUAllocationRatio": Scalar("integer", minimum=1),
    })
    _virtualMachineOptions_2 = Obj("", {"disableFreePageReporting": BOOL, "disableSerialConsoleLog": BOOL})
    _v1beta1_spec = Obj("", {
        "CommonInstancetypesDeployment": _commonInstancetypesDeployment,
        "applicationAwareConfig": _applicationAwareConfig_2,
        "certConfig": _certConfig,
        "changedBlockTrackingLabelSelectors": _changedBlockTrackingLabelSelectors,
        "commonBootImageNamespace": STR,
        "commonTemplatesNamespace": STR,
        "dataImportCronTemplates": ListOf(_dataImportCronTemplates),
        "defaultCPUModel": STR,
        "defaultRuntimeClass": STR,
        "deployVmConsoleProxy": BOOL,
        "enableApplicationAwareQuota": BOOL,
        "enableCommonBootImageImport": BOOL,
        "evictionStrategy": _evictionStrategy,
        "featureGates": _featureGates_2,
        "filesystemOverhead": _filesystemOverhead,
        "higherWorkloadDensity": _higherWorkloadDensity,
        "hypervisors": ListOf(_hypervisors),
        "infra": _infra_2,
        "instancetypeConfig": _instancetypeConfig,
        "ksmConfiguration": _ksmConfiguration,
        "kubeMacPoolConfiguration": _kubeMacPoolConfiguration,
        "kubeSecondaryDNSNameServerIP": STR,
        "liveMigrationConfig": _liveMigrationConfig,
        "liveUpdateConfiguration": _liveUpdateConfiguration,
        "localStorageClassName": STR,
        "logVerbosityConfig": _logVerbosityConfig,
        "mediatedDevicesConfiguration": _mediatedDevicesConfiguration_2,
        "networkBinding": MapOf(_networkBinding),
        "obsoleteCPUs": _obsoleteCPUs,
        "permittedHostDevices": _permittedHostDevices,
        "resourceRequirements": _resourceRequirements,
        "roleAggregationStrategy": Scalar("string", enum=("AggregateToDefault", "Manual")),
        "scratchSpaceStorageClass": STR,
        "storageImport": _storageImport,
        "tektonPipelinesNamespace": STR,
        "tektonTasksNamespace": STR,
        "tlsSecurityProfile": _tlsSecurityProfile,
        "tuningPolicy": Scalar("string", enum=("annotation", "highBurst")),
        "uninstallStrategy": _uninstallStrategy,
        "vddkInitImage": STR,
        "virtualMachineOptions": _virtualMachineOptions_2,
        "vmStateStorageClass": STR,
        "workloadUpdateStrategy": _workloadUpdateStrategy,
        "workloads": _infra_2,
    })
    metadata = with_props(OBJECT_META, {"name": Scalar("string", pattern=NAME_PATTERN)})
    status = opaque("HyperConvergedStatus")
    return {
        "v1": Obj("HyperConverged", {"apiVersion": STR, "kind": STR, "metadata": metadata,
                                  "spec": _v1_spec, "status": status}),
        "v1beta1": Obj("HyperConverged", {"apiVersion": STR, "kind": STR, "metadata": metadata,
                                  "spec": _v1beta1_spec, "status": status}),
    }


# (path of an object from the root, [] a list's items, {} a map's values; property; default), by version
DEFAULTS: dict[str, tuple[tuple[tuple[str, ...], str, Any], ...]] = {
    "v1": (
        ((), "spec", {
            "deployment": {
                "applicationAwareConfig": {
                    "enable": False
                },
                "deployVmConsoleProxy": False,
                "uninstallStrategy": "BlockUninstallIfWorkloadsExist"
            },
            "security": {
                "certConfig": {
                    "ca": {
                        "duration": "48h0m0s",
                        "renewBefore": "24h0m0s"
                    },
                    "server": {
                        "duration": "24h0m0s",
                        "renewBefore": "12h0m0s"
                    }
                }
            },
            "virtualization": {
                "liveMigrationConfig": {
                    "allowAutoConverge": False,
                    "allowPostCopy": False,
                    "completionTimeoutPerGiB": 150,
                    "parallelMigrationsPerCluster": 5,
                    "parallelOutboundMigrationsPerNode": 2,
                    "progressTimeout": 150
                },
                "virtualMachineOptions": {
                    "disableFreePageReporting": False,
                    "disableSerialConsoleLog": False
                },
                "vmiCPUAllocationRatio": 10
            },
            "workloadSources": {
                "enableCommonBootImageImport": True
            }
        }),
        (("spec",), "deployment", {
            "applicationAwareConfig": {
                "enable": False
            },
            "deployVmConsoleProxy": False,
            "uninstallStrategy": "BlockUninstallIfWorkloadsExist"
        }),
        (("spec",), "security", {
            "certConfig": {
                "ca": {
                    "duration": "48h0m0s",
                    "renewBefore": "24h0m0s"
                },
                "server": {
                    "duration": "24h0m0s",
                    "renewBefore": "12h0m0s"
                }
            }
        }),
        (("spec",), "virtualization", {
            "liveMigrationConfig": {
                "allowAutoConverge": False,
                "allowPostCopy": False,
                "completionTimeoutPerGiB": 150,
                "parallelMigrationsPerCluster": 5,
                "parallelOutboundMigrationsPerNode": 2,
                "progressTimeout": 150
            },
            "virtualMachineOptions": {
                "disableFreePageReporting": False,
                "disableSerialConsoleLog": False
            },
            "vmiCPUAllocationRatio": 10
        }),
        (("spec", "deployment"), "deployVmConsoleProxy", False),
        (("spec", "deployment"), "uninstallStrategy", "BlockUninstallIfWorkloadsExist"),
        (("spec", "deployment", "applicationAwareConfig"), "allowApplicationAwareClusterResourceQuota", False),
        (("spec", "deployment", "applicationAwareConfig"), "enable", False),
        (("spec", "deployment", "applicationAwareConfig"), "vmiCalcConfigName", "DedicatedVirtualResources"),
        (("spec", "security"), "certConfig", {
            "ca": {
                "duration": "48h0m0s",
                "renewBefore": "24h0m0s"
            },
            "server": {
                "duration": "24h0m0s",
                "renewBefore": "12h0m0s"
            }
        }),
        (("spec", "security", "certConfig"), "ca", {"duration": "48h0m0s", "renewBefore": "24h0m0s"}),
        (("spec", "security", "certConfig"), "server", {"duration": "24h0m0s", "renewBefore": "12h0m0s"}),
        (("spec", "security", "certConfig", "ca"), "duration", "48h0m0s"),
        (("spec", "security", "certConfig", "ca"), "renewBefore", "24h0m0s"),
        (("spec", "security", "certConfig", "server"), "duration", "24h0m0s"),
        (("spec", "security", "certConfig", "server"), "renewBefore", "12h0m0s"),
        (("spec", "virtualization"), "higherWorkloadDensity", {"memoryOvercommitPercentage": 100}),
        (("spec", "virtualization"), "liveMigrationConfig", {
            "allowAutoConverge": False,
            "allowPostCopy": False,
            "completionTimeoutPerGiB": 150,
            "parallelMigrationsPerCluster": 5,
            "parallelOutboundMigrationsPerNode": 2,
            "progressTimeout": 150
        }),
        (("spec", "virtualization"), "virtualMachineOptions", {
            "disableFreePageReporting": False,
            "disableSerialConsoleLog": False
        }),
        (("spec", "virtualization"), "vmiCPUAllocationRatio", 10),
        (("spec", "virtualization"), "workloadUpdateStrategy", {
            "batchEvictionInterval": "1m0s",
            "batchEvictionSize": 10,
            "workloadUpdateMethods": [
                "LiveMigrate"
            ]
        }),
        (("spec", "virtualization", "higherWorkloadDensity"), "memoryOvercommitPercentage", 100),
        (("spec", "virtualization", "liveMigrationConfig"), "allowAutoConverge", False),
        (("spec", "virtualization", "liveMigrationConfig"), "allowPostCopy", False),
        (("spec", "virtualization", "liveMigrationConfig"), "completionTimeoutPerGiB", 150),
        (("spec", "virtualization", "liveMigrationConfig"), "parallelMigrationsPerCluster", 5),
        (("spec", "virtualization", "liveMigrationConfig"), "parallelOutboundMigrationsPerNode", 2),
        (("spec", "virtualization", "liveMigrationConfig"), "progressTimeout", 150),
        (("spec", "virtualization", "virtualMachineOptions"), "disableFreePageReporting", False),
        (("spec", "virtualization", "virtualMachineOptions"), "disableSerialConsoleLog", False),
        (("spec", "virtualization", "workloadUpdateStrategy"), "batchEvictionInterval", "1m0s"),
        (("spec", "virtualization", "workloadUpdateStrategy"), "batchEvictionSize", 10),
        (("spec", "virtualization", "workloadUpdateStrategy"), "workloadUpdateMethods", ["LiveMigrate"]),
        (("spec", "workloadSources"), "enableCommonBootImageImport", True),
    ),
    "v1beta1": (
        ((), "spec", {
            "certConfig": {
                "ca": {
                    "duration": "48h0m0s",
                    "renewBefore": "24h0m0s"
                },
                "server": {
                    "duration": "24h0m0s",
                    "renewBefore": "12h0m0s"
                }
            },
            "deployVmConsoleProxy": False,
            "enableApplicationAwareQuota": False,
            "enableCommonBootImageImport": True,
            "featureGates": {
                "containerPathVolumes": False,
                "decentralizedLiveMigration": True,
                "declarativeHotplugVolumes": False,
                "deployKubeSecondaryDNS": False,
                "disableMDevConfiguration": False,
                "downwardMetrics": False,
                "enableMultiArchBootImageImport": False,
                "incrementalBackup": False,
                "objectGraph": False,
                "persistentReservation": False,
                "videoConfig": True
            },
            "liveMigrationConfig": {
                "allowAutoConverge": False,
                "allowPostCopy": False,
                "completionTimeoutPerGiB": 150,
                "parallelMigrationsPerCluster": 5,
                "parallelOutboundMigrationsPerNode": 2,
                "progressTimeout": 150
            },
            "resourceRequirements": {
                "vmiCPUAllocationRatio": 10
            },
            "uninstallStrategy": "BlockUninstallIfWorkloadsExist",
            "virtualMachineOptions": {
                "disableFreePageReporting": False,
                "disableSerialConsoleLog": False
            }
        }),
        (("spec",), "certConfig", {
            "ca": {
                "duration": "48h0m0s",
                "renewBefore": "24h0m0s"
            },
            "server": {
                "duration": "24h0m0s",
                "renewBefore": "12h0m0s"
            }
        }),
        (("spec",), "deployVmConsoleProxy", False),
        (("spec",), "enableApplicationAwareQuota", False),
        (("spec",), "enableCommonBootImageImport", True),
        (("spec",), "featureGates", {
            "containerPathVolumes": False,
            "decentralizedLiveMigration": True,
            "declarativeHotplugVolumes": False,
            "deployKubeSecondaryDNS": False,
            "disableMDevConfiguration": False,
            "downwardMetrics": False,
            "enableMultiArchBootImageImport": False,
            "incrementalBackup": False,
            "objectGraph": False,
            "persistentReservation": False,
            "videoConfig": True
        }),
        (("spec",), "higherWorkloadDensity", {"memoryOvercommitPercentage": 100}),
        (("spec",), "liveMigrationConfig", {
            "allowAutoConverge": False,
            "allowPostCopy": False,
            "completionTimeoutPerGiB": 150,
            "parallelMigrationsPerCluster": 5,
            "parallelOutboundMigrationsPerNode": 2,
            "progressTimeout": 150
        }),
        (("spec",), "resourceRequirements", {"vmiCPUAllocationRatio": 10}),
        (("spec",), "uninstallStrategy", "BlockUninstallIfWorkloadsExist"),
        (("spec",), "virtualMachineOptions", {"disableFreePageReporting": False, "disableSerialConsoleLog": False}),
        (("spec",), "workloadUpdateStrategy", {
            "batchEvictionInterval": "1m0s",
            "batchEvictionSize": 10,
            "workloadUpdateMethods": [
                "LiveMigrate"
            ]
        }),
        (("spec", "applicationAwareConfig"), "allowApplicationAwareClusterResourceQuota", False),
        (("spec", "applicationAwareConfig"), "vmiCalcConfigName", "DedicatedVirtualResources"),
        (("spec", "certConfig"), "ca", {"duration": "48h0m0s", "renewBefore": "24h0m0s"}),
        (("spec", "certConfig"), "server", {"duration": "24h0m0s", "renewBefore": "12h0m0s"}),
        (("spec", "certConfig", "ca"), "duration", "48h0m0s"),
        (("spec", "certConfig", "ca"), "renewBefore", "24h0m0s"),
        (("spec", "certConfig", "server"), "duration", "24h0m0s"),
        (("spec", "certConfig", "server"), "renewBefore", "12h0m0s"),
        (("spec", "featureGates"), "alignCPUs", False),
        (("spec", "featureGates"), "containerPathVolumes", False),
        (("spec", "featureGates"), "decentralizedLiveMigration", True),
        (("spec", "featureGates"), "declarativeHotplugVolumes", False),
        (("spec", "featureGates"), "deployKubeSecondaryDNS", False),
        (("spec", "featureGates"), "disableMDevConfiguration", False),
        (("spec", "featureGates"), "downwardMetrics", False),
        (("spec", "featureGates"), "enableMultiArchBootImageImport", False),
        (("spec", "featureGates"), "incrementalBackup", False),
        (("spec", "featureGates"), "objectGraph", False),
        (("spec", "featureGates"), "persistentReservation", False),
        (("spec", "featureGates"), "videoConfig", True),
        (("spec", "higherWorkloadDensity"), "memoryOvercommitPercentage", 100),
        (("spec", "liveMigrationConfig"), "allowAutoConverge", False),
        (("spec", "liveMigrationConfig"), "allowPostCopy", False),
        (("spec", "liveMigrationConfig"), "completionTimeoutPerGiB", 150),
        (("spec", "liveMigrationConfig"), "parallelMigrationsPerCluster", 5),
        (("spec", "liveMigrationConfig"), "parallelOutboundMigrationsPerNode", 2),
        (("spec", "liveMigrationConfig"), "progressTimeout", 150),
        (("spec", "resourceRequirements"), "vmiCPUAllocationRatio", 10),
        (("spec", "virtualMachineOptions"), "disableFreePageReporting", False),
        (("spec", "virtualMachineOptions"), "disableSerialConsoleLog", False),
        (("spec", "workloadUpdateStrategy"), "batchEvictionInterval", "1m0s"),
        (("spec", "workloadUpdateStrategy"), "batchEvictionSize", 10),
        (("spec", "workloadUpdateStrategy"), "workloadUpdateMethods", ["LiveMigrate"]),
    ),
}

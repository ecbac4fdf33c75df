"""``krmfn.kubevirt.apiserver.kubevirt_schema``: the KubeVirt CR's CRD schema."""
from __future__ import annotations

from krmfn.kubevirt.apiserver.kubevirt_schema import KUBEVIRT, kubevirt_fields_missing, kubevirt_schema, length_causes
from krmfn.kubevirt.apiserver.schema import check
from krmfn.kubevirt.util.webhooks import Cause
from krmfn.model.kubevirt_version import V1_7, V1_8, V1_9

SELECTOR = {"matchLabels": {"a": "b"}, "matchExpressions": [{"key": "k", "operator": "In", "values": ["v"]}]}
NODE_TERM = {"matchExpressions": [{"key": "k", "operator": "In", "values": ["v"]}],
             "matchFields": [{"key": "metadata.name", "operator": "In", "values": ["n"]}]}
POD_TERM = {"labelSelector": SELECTOR, "namespaceSelector": SELECTOR, "namespaces": ["n"], "topologyKey": "t",
            "matchLabelKeys": ["a"], "mismatchLabelKeys": ["b"]}
PLACEMENT = {
    "nodeSelector": {"a": "b"},
    "affinity": {
        "nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [NODE_TERM]},
                         "preferredDuringSchedulingIgnoredDuringExecution": [{"weight": 1, "preference": NODE_TERM}]},
        "podAffinity": {
            "requiredDuringSchedulingIgnoredDuringExecution": [POD_TERM],
            "preferredDuringSchedulingIgnoredDuringExecution": [{"weight": 1, "podAffinityTerm": POD_TERM}]},
        "podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [POD_TERM]},
    },
    "tolerations": [{"key": "k", "operator": "Exists", "effect": "NoSchedule", "value": "", "tolerationSeconds": 5}],
}
RESOURCES = {"requests": {"cpu": "100m"}, "limits": {"memory": "1Gi"}}
RATE = {"restClient": {"rateLimiter": {"tokenBucketRateLimiter": {"qps": 5.5, "burst": 10}}}}
ARCH = {"ovmfPath": "/p", "emulatedMachines": ["q35*"], "machineType": "q35"}

CONFIGURATION = {
    "cpuModel": "host-model", "cpuRequest": "100m", "developerConfiguration": {
        "featureGates": ["A"], "disabledFeatureGates": ["B"], "useEmulation": False, "cpuAllocationRatio": 10,
        "memoryOvercommit": 100, "nodeSelectors": {"a": "b"}, "pvcTolerateLessSpaceUpToPercent": 10,
        "minimumReservePVCBytes": 131072, "minimumClusterTSCFrequency": 1, "clusterProfiler": False,
        "diskVerification": {"memoryLimit": "2G"},
        "logVerbosity": {"virtAPI": 1, "virtController": 1, "virtHandler": 1, "virtLauncher": 1, "virtOperator": 1,
                         "virtSynchronizationController": 1, "nodeVerbosity": {"node01": 4}}},
    "emulatedMachines": ["q35"], "imagePullPolicy": "IfNotPresent",
    "migrations": {"parallelMigrationsPerCluster": 5, "parallelOutboundMigrationsPerNode": 2,
                   "bandwidthPerMigration": "64Mi", "completionTimeoutPerGiB": 150, "progressTimeout": 150,
                   "unsafeMigrationOverride": False, "allowAutoConverge": False, "allowPostCopy": False,
                   "allowWorkloadDisruption": False, "disableTLS": False, "network": "n", "nodeDrainTaintKey": "k",
                   "matchSELinuxLevelOnMigration": False, "utilityVolumesTimeout": 5, "maxDowntimeMs": 900},
    "machineType": "q35", "network": {
        "defaultNetworkInterface": "bridge", "permitSlirpInterface": False, "permitBridgeInterfaceOnPodNetwork": True,
        "binding": {"passt": {"sidecarImage": "i", "networkAttachmentDefinition": "n", "domainAttachmentType": "tap",
                              "migration": {"method": "link-refresh"}, "downwardAPI": "device-info",
                              "computeResourceOverhead": RESOURCES}}},
    "ovmfPath": "/p", "selinuxLauncherType": "t", "defaultRuntimeClass": "r",
    "smbios": {"manufacturer": "m", "product": "p", "version": "v", "sku": "s", "family": "f"},
    "architectureConfiguration": {"amd64": ARCH, "arm64": ARCH, "ppc64le": ARCH, "s390x": ARCH,
                                  "defaultArchitecture": "amd64"},
    "evictionStrategy": "LiveMigrate", "additionalGuestMemoryOverheadRatio": "1.5",
    "supportContainerResources": [{"type": "hotplug-disk", "resources": RESOURCES}],
    "supportedGuestAgentVersions": ["4.*"], "memBalloonStatsPeriod": 10,
    "permittedHostDevices": {
        "pciHostDevices": [{"pciVendorSelector": "10DE:1EB8", "resourceName": "r", "externalResourceProvider": True}],
        "mediatedDevices": [{"mdevNameSelector": "GRID", "resourceName": "r"}],
        "usb": [{"resourceName": "r", "selectors": [{"vendor": "46d", "product": "82d"}]}]},
    "mediatedDevicesConfiguration": {"enabled": True, "mediatedDeviceTypes": ["a"], "mediatedDevicesTypes": ["b"],
                                     "nodeMediatedDeviceTypes": [{"nodeSelector": {"a": "b"},
                                                                  "mediatedDeviceTypes": ["c"]}]},
    "minCPUModel": "Penryn", "obsoleteCPUModels": {"486": True}, "virtualMachineInstancesPerNode": 10,
    "apiConfiguration": RATE, "webhookConfiguration": RATE, "controllerConfiguration": RATE,
    "handlerConfiguration": RATE, "tlsConfiguration": {"minTLSVersion": "VersionTLS12", "ciphers": ["c"]},
    "seccompConfiguration": {"virtualMachineInstanceProfile": {
        "customProfile": {"localhostProfile": "p", "runtimeDefaultProfile": False}}},
    "vmStateStorageClass": "s", "virtualMachineOptions": {"disableFreePageReporting": {},
                                                          "disableSerialConsoleLog": {}},
    "ksmConfiguration": {"nodeLabelSelector": SELECTOR}, "autoCPULimitNamespaceLabelSelector": SELECTOR,
    "liveUpdateConfiguration": {"maxHotplugRatio": 4, "maxCpuSockets": 8, "maxGuest": "8Gi"},
    "vmRolloutStrategy": "LiveUpdate", "commonInstancetypesDeployment": {"enabled": True},
    "instancetype": {"referencePolicy": "expand"},
    "hypervisors": [{"name": "kvm"}],
    "changedBlockTrackingLabelSelectors": {"namespaceLabelSelector": SELECTOR,
                                           "virtualMachineLabelSelector": SELECTOR},
    "persistentReservationConfiguration": {"enabled": True}, "virtTemplateDeployment": {"enabled": True},
    "roleAggregationStrategy": "Manual",
    "confidentialCompute": {"tdx": {"attestation": {"enforced": True, "qgsSocketPath": "/s"}}},
}
SPEC = {
    "imageTag": "v1", "imageRegistry": "r", "imagePullPolicy": "Always", "imagePullSecrets": [{"name": "s"}],
    "monitorNamespace": "m", "serviceMonitorNamespace": "s", "monitorAccount": "a",
    "workloadUpdateStrategy": {"workloadUpdateMethods": ["LiveMigrate"], "batchEvictionSize": 10,
                               "batchEvictionInterval": "1m"},
    "uninstallStrategy": "BlockUninstallIfWorkloadsExist",
    "certificateRotateStrategy": {"selfSigned": {
        "caRotateInterval": "1h", "certRotateInterval": "1h", "caOverlapInterval": "1h",
        "ca": {"duration": "1h", "renewBefore": "1m"}, "server": {"duration": "1h", "renewBefore": "1m"}}},
    "productVersion": "1", "productName": "p", "productComponent": "c", "synchronizationPort": "9185",
    "configuration": CONFIGURATION,
    "customizeComponents": {"patches": [{"resourceName": "virt-api", "resourceType": "Deployment",
                                         "patch": "{}", "type": "strategic"}],
                            "flags": {"api": {"a": "b"}, "controller": {}, "handler": {}}},
    "infra": {"nodePlacement": PLACEMENT, "replicas": 2},
    "workloads": {"nodePlacement": PLACEMENT},
}


def kubevirt(spec: dict) -> dict:
    return {"apiVersion": "kubevirt.io/v1", "kind": "KubeVirt", "metadata": {"name": "kubevirt"}, "spec": spec,
            "status": {"phase": "Deployed", "anything": 1}}


def test_every_spec_field_is_known_and_valid() -> None:
    report = check(kubevirt(SPEC), KUBEVIRT)
    assert report.unknown == [] and report.errors == []


def test_unknown_fields_are_found_at_any_depth() -> None:
    spec = {"bogus": 1, "configuration": {"developerConfiguration": {"featureGate": []}},
            "infra": {"nodePlacement": {"affinity": {"nodeAffinity": {"x": 1}}}}}
    assert check(kubevirt(spec), KUBEVIRT).unknown == [
        "spec.bogus", "spec.configuration.developerConfiguration.featureGate",
        "spec.infra.nodePlacement.affinity.nodeAffinity.x"]


def test_the_crd_enums_bounds_and_required_fields() -> None:
    spec = {"configuration": {"vmRolloutStrategy": "Now", "migrations": {"maxDowntimeMs": 0},
                              "developerConfiguration": {"memoryOvercommit": 5}, "cpuRequest": "x",
                              "permittedHostDevices": {"pciHostDevices": [{"resourceName": "r"}]}}}
    errors = check(kubevirt(spec), KUBEVIRT).errors
    assert [(error.code, error.path) for error in errors] == [
        ("pattern", "spec.configuration.cpuRequest"),
        ("minimum", "spec.configuration.developerConfiguration.memoryOvercommit"),
        ("minimum", "spec.configuration.migrations.maxDowntimeMs"),
        ("required", "spec.configuration.permittedHostDevices.pciHostDevices[0].pciVendorSelector"),
        ("enum", "spec.configuration.vmRolloutStrategy"),
    ]
    assert [error.path for error in check({"apiVersion": "kubevirt.io/v1"}, KUBEVIRT).errors] == ["spec"]


def test_older_releases_lack_the_newer_configuration_fields() -> None:
    assert kubevirt_schema(V1_9) is KUBEVIRT and kubevirt_fields_missing(V1_9) == ()
    assert check(kubevirt(SPEC), kubevirt_schema(V1_8)).unknown == [
        "spec.configuration.confidentialCompute", "spec.configuration.migrations.maxDowntimeMs",
        "spec.configuration.persistentReservationConfiguration"]
    assert check(kubevirt(SPEC), kubevirt_schema(V1_7)).unknown == [
        "spec.configuration.confidentialCompute", "spec.configuration.developerConfiguration.disabledFeatureGates",
        "spec.configuration.hypervisors", "spec.configuration.mediatedDevicesConfiguration.enabled",
        "spec.configuration.migrations.maxDowntimeMs", "spec.configuration.migrations.utilityVolumesTimeout",
        "spec.configuration.persistentReservationConfiguration", "spec.configuration.roleAggregationStrategy",
        "spec.configuration.virtTemplateDeployment"]


def test_length_causes() -> None:
    spec = {"configuration": {"hypervisors": [{"name": "kvm"}, {"name": "hyperv-direct"}]},
            "customizeComponents": {"patches": [{"resourceName": "", "resourceType": "Deployment"},
                                                {"resourceName": "a", "resourceType": ""}]}}
    assert [(cause.field, cause.message) for cause in length_causes(kubevirt(spec), V1_9)] == [
        ("spec.configuration.hypervisors", "Too many: 2: must have at most 1 item"),
        ("spec.customizeComponents.patches[0].resourceName",
         'Invalid value: "": spec.customizeComponents.patches[0].resourceName in body should be at least 1 chars long'),
        ("spec.customizeComponents.patches[1].resourceType",
         'Invalid value: "": spec.customizeComponents.patches[1].resourceType in body should be at least 1 chars long'),
    ]
    assert length_causes(kubevirt(SPEC), V1_9) == []
    assert length_causes({"spec": {"configuration": {"hypervisors": [{}, {}]}}}, V1_7) == []
    assert length_causes({"spec": "x"}, V1_9) == []
    assert isinstance(length_causes(kubevirt(spec), V1_8)[0], Cause)

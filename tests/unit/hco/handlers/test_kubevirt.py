"""``krmfn.hco.handlers.kubevirt``: the KubeVirt CR HCO makes of a HyperConverged."""
from __future__ import annotations

from typing import Any

from krmfn.hco.deploy.crds.defaulting import defaulted
from krmfn.hco.handlers.kubevirt import MANDATORY_FEATURE_GATES, feature_gates, new_kubevirt
from krmfn.kubevirt.virt_config.kubevirt_cr import options_of


def hyperconverged(spec: dict | None = None, annotations: dict | None = None, **extra: Any) -> dict:
    metadata: dict[str, Any] = {"name": "kubevirt-hyperconverged", "namespace": "openshift-cnv"}
    if annotations is not None:
        metadata["annotations"] = annotations
    return defaulted({"apiVersion": "hco.kubevirt.io/v1beta1", "kind": "HyperConverged", "metadata": metadata,
                      "spec": spec or {}, **extra}, "v1beta1")


def test_the_default_kubevirt_cr() -> None:
    kubevirt = new_kubevirt(hyperconverged()).kubevirt
    assert kubevirt is not None
    assert kubevirt["metadata"]["name"] == "kubevirt-kubevirt-hyperconverged"
    assert kubevirt["metadata"]["namespace"] == "openshift-cnv"
    spec = kubevirt["spec"]
    assert spec["uninstallStrategy"] == "BlockUninstallIfWorkloadsExist"
    assert spec["certificateRotateStrategy"] == {"selfSigned": {
        "ca": {"duration": "48h0m0s", "renewBefore": "24h0m0s"},
        "server": {"duration": "24h0m0s", "renewBefore": "12h0m0s"}}}
    assert spec["workloadUpdateStrategy"] == {"workloadUpdateMethods": ["LiveMigrate"], "batchEvictionSize": 10,
                                              "batchEvictionInterval": "1m0s"}
    config = spec["configuration"]
    assert config["developerConfiguration"] == {
        "featureGates": [*MANDATORY_FEATURE_GATES, "VideoConfig", "DecentralizedLiveMigration", "HotplugVolumes"],
        "memoryOvercommit": 100, "cpuAllocationRatio": 10, "diskVerification": {"memoryLimit": "2G"}}
    assert config["network"] == {"defaultNetworkInterface": "masquerade",
                                 "binding": {"l2bridge": {"domainAttachmentType": "managedTap", "migration": {}}}}
    assert config["migrations"] == {"parallelOutboundMigrationsPerNode": 2, "parallelMigrationsPerCluster": 5,
                                    "allowAutoConverge": False, "completionTimeoutPerGiB": 150,
                                    "progressTimeout": 150, "allowPostCopy": False}
    assert config["vmRolloutStrategy"] == "LiveUpdate" and "486" in config["obsoleteCPUModels"]
    assert "permittedHostDevices" not in config and "evictionStrategy" not in config
    assert options_of(kubevirt) == {
        "featureGates": config["developerConfiguration"]["featureGates"], "vmRolloutStrategy": "LiveUpdate",
        "networkInterface": "masquerade"}


def test_spec_fields_that_become_options() -> None:
    spec = {"permittedHostDevices": {"pciHostDevices": [
                {"pciDeviceSelector": "10DE:1EB8", "resourceName": "nvidia.com/T4"},
                {"pciDeviceSelector": "8086:6F54", "resourceName": "intel.com/qat", "disabled": True},
                {"pciDeviceSelector": "10DE:2342", "resourceName": "nvidia.com/H100",
                 "externalResourceProvider": True}],
            "mediatedDevices": [{"mdevNameSelector": "GRID T4-1Q", "resourceName": "nvidia.com/GRID_T4-1Q"}]},
            "evictionStrategy": "LiveMigrate", "defaultCPUModel": "Haswell",
            "obsoleteCPUs": {"cpuModels": ["Penryn"]}, "hypervisors": [{"name": "kvm"}],
            "roleAggregationStrategy": "Manual", "featureGates": {"downwardMetrics": True, "videoConfig": False,
                                                                  "declarativeHotplugVolumes": True}}
    kubevirt = new_kubevirt(hyperconverged(spec)).kubevirt
    assert kubevirt is not None
    config = kubevirt["spec"]["configuration"]
    assert config["permittedHostDevices"] == {
        "pciHostDevices": [{"pciVendorSelector": "10DE:1EB8", "resourceName": "nvidia.com/T4"},
                           {"pciVendorSelector": "10DE:2342", "resourceName": "nvidia.com/H100",
                            "externalResourceProvider": True}],
        "mediatedDevices": [{"mdevNameSelector": "GRID T4-1Q", "resourceName": "nvidia.com/GRID_T4-1Q"}]}
    assert config["cpuModel"] == "Haswell" and config["obsoleteCPUModels"]["Penryn"] is True
    options = options_of(kubevirt)
    assert options["featureGates"] == [*MANDATORY_FEATURE_GATES, "DownwardMetrics", "DecentralizedLiveMigration",
                                       "DeclarativeHotplugVolumes", "ConfigurableHypervisor", "OptOutRoleAggregation"]
    assert options["permittedHostDevices"] == ["10DE:1EB8=nvidia.com/T4", "10DE:2342=nvidia.com/H100"]
    assert options["evictionStrategy"] == "LiveMigrate"


def test_annotations_and_node_info_add_gates() -> None:
    hc = hyperconverged(annotations={"hco.kubevirt.io/deployPasstNetworkBinding": "true",
                                     "hco.kubevirt.io/deployAIE": "true"},
                        status={"nodeInfo": {"workloadsArchitectures": ["amd64", "s390x"]}})
    gates = feature_gates(hc)
    assert gates[-4:] == ["HotplugVolumes", "PasstBinding", "PCINUMAAwareTopology", "SecureExecution"]
    binding = new_kubevirt(hc).kubevirt["spec"]["configuration"]["network"]["binding"]  # type: ignore[index]
    assert binding["passt"] == {"networkAttachmentDefinition": "default/primary-udn-kubevirt-binding",
                                "migration": {}, "computeResourceOverhead": {"requests": {"memory": "250Mi"}}}


def test_the_jsonpatch_annotation_is_applied_as_go_decodes_it() -> None:
    patch = ('[{"op": "add", "path": "/spec/configuration/developerConfiguration/featureGates/-", "value": "Sidecar"},'
             ' {"op": "add", "path": "/spec/configuration/machineType", "value": "pc-q35-rhel9.4.0"},'
             ' {"op": "remove", "path": "/spec/configuration/vmRolloutStrategy"},'
             ' {"op": "replace", "path": "/spec/configuration/network/defaultNetworkInterface", "value": "bridge"}]')
    kubevirt = new_kubevirt(hyperconverged(annotations={"kubevirt.kubevirt.io/jsonpatch": patch})).kubevirt
    assert kubevirt is not None
    options = options_of(kubevirt)
    assert options["featureGates"][-1] == "Sidecar" and options["machineType"] == "pc-q35-rhel9.4.0"
    assert options["vmRolloutStrategy"] == "LiveUpdate"  # a removed struct field keeps HCO's value
    assert options["networkInterface"] == "bridge"


def test_errors() -> None:
    def error(spec: dict | None = None, annotations: dict | None = None) -> str | None:
        return new_kubevirt(hyperconverged(spec, annotations)).error

    assert error(annotations={"kubevirt.kubevirt.io/jsonpatch": "[{]"}) == \
        "invalid jsonPatch in the kubevirt.kubevirt.io/jsonpatch annotation: invalid state detected"
    assert error(annotations={"kubevirt.kubevirt.io/jsonpatch": '[{"op": "add", "path": "/status/x", "value": 1}]'}) \
        == "invalid jsonPatch in the kubevirt.kubevirt.io/jsonpatch annotation: can only modify spec fields"
    assert error(annotations={"kubevirt.kubevirt.io/jsonpatch":
                              '[{"op": "add", "path": "/spec/configuration/cpuRequest", "value": true}]'}) == (
        "invalid jsonPatch in the kubevirt.kubevirt.io/jsonpatch annotation: quantities must match the regular "
        "expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")
    assert error(annotations={"kubevirt.kubevirt.io/jsonpatch":
                              '[{"op": "add", "path": "/spec/configuration/network", "value": []}]'}) == (
        "invalid jsonPatch in the kubevirt.kubevirt.io/jsonpatch annotation: json: cannot unmarshal array into Go "
        "struct field KubeVirtConfiguration.spec.configuration.network of type v1.NetworkConfiguration")
    assert error({"tuningPolicy": "annotation"}) == "tuning policy set but annotation not present or wrong"
    tuning = "hco.kubevirt.io/tuningPolicy"
    assert error({"tuningPolicy": "annotation"}, {tuning: "{qps: 1}"}) == \
        "invalid character 'q' looking for beginning of object key string"
    assert error({"tuningPolicy": "annotation"}, {tuning: '{"qps": 0, "burst": 1}'}) == \
        "qps parameter not found in annotation"
    assert error({"tuningPolicy": "annotation"}, {tuning: '{"QPS": 5}'}) == "burst parameter not found in annotation"
    assert error({"tuningPolicy": "annotation"}, {tuning: '{"qps": "5"}'}) == \
        "json: cannot unmarshal string into Go struct field rateLimits.qps of type float32"
    assert error({"tuningPolicy": "highBurst"}, {tuning: "{}"}) == \
        "highBurst profile is enabled and the annotation hco.kubevirt.io/tuningPolicy is present"


def test_rate_limits() -> None:
    kubevirt = new_kubevirt(hyperconverged({"tuningPolicy": "annotation"},
                                           {"hco.kubevirt.io/tuningPolicy": '{"qps": 100, "burst": 200}'})).kubevirt
    assert kubevirt is not None
    limiter = {"restClient": {"rateLimiter": {"tokenBucketRateLimiter": {"qps": 100, "burst": 200}}}}
    assert all(kubevirt["spec"]["configuration"][key] == limiter for key in (
        "apiConfiguration", "webhookConfiguration", "controllerConfiguration", "handlerConfiguration"))

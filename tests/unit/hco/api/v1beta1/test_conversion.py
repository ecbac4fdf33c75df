"""``krmfn.hco.api.v1beta1.conversion``: a v1 HyperConverged as HCO's v1beta1 object."""
from __future__ import annotations

from krmfn.hco.api.v1beta1.conversion import CONVERTED_GATES, convert_from_v1


def test_a_v1_object_as_v1beta1() -> None:
    v1 = {"apiVersion": "hco.kubevirt.io/v1", "kind": "HyperConverged",
          "metadata": {"name": "kubevirt-hyperconverged", "annotations": {"a": "b"}},
          "spec": {"featureGates": [{"name": "downwardMetrics"}, {"name": "videoConfig", "state": "Disabled"}],
                   "virtualization": {"evictionStrategy": "LiveMigrate", "obsoleteCPUModels": ["486"],
                                      "permittedHostDevices": {"pciHostDevices": [{"pciDeviceSelector": "1:2",
                                                                                   "resourceName": "r"}]},
                                      "virtualMachineOptions": {"defaultCPUModel": "Haswell",
                                                                "disableSerialConsoleLog": True},
                                      "vmiCPUAllocationRatio": 5, "hypervisors": []},
                   "security": {"certConfig": {"ca": {"duration": "48h"}}},
                   "deployment": {"nodePlacements": {"infra": {"nodeSelector": {"x": "y"}}},
                                  "uninstallStrategy": "RemoveWorkloads",
                                  "applicationAwareConfig": {"enable": True, "vmiCalcConfigName": "VmiPodUsage"}},
                   "storage": {"vmStateStorageClass": "sc", "workloadResourceRequirements": {"limits": {}}},
                   "networking": {"kubeSecondaryDNSNameServerIP": "1.2.3.4"},
                   "workloadSources": {"commonInstancetypesDeployment": {"enabled": False}}},
          "status": {"nodeInfo": {"workloadsArchitectures": ["s390x"]}}}
    converted = convert_from_v1(v1)
    assert converted["apiVersion"] == "hco.kubevirt.io/v1beta1"
    assert converted["metadata"] == v1["metadata"] and converted["status"] == v1["status"]
    spec = converted["spec"]
    assert list(spec["featureGates"]) == list(CONVERTED_GATES)
    assert spec["featureGates"]["downwardMetrics"] and not spec["featureGates"]["videoConfig"]
    assert spec["featureGates"]["decentralizedLiveMigration"] and not spec["featureGates"]["objectGraph"]
    assert spec["evictionStrategy"] == "LiveMigrate" and "hypervisors" not in spec
    assert spec["obsoleteCPUs"] == {"cpuModels": ["486"]}
    assert spec["permittedHostDevices"] == v1["spec"]["virtualization"]["permittedHostDevices"]
    assert spec["virtualMachineOptions"] == {"disableSerialConsoleLog": True} and spec["defaultCPUModel"] == "Haswell"
    assert spec["resourceRequirements"] == {"vmiCPUAllocationRatio": 5, "storageWorkloads": {"limits": {}}}
    assert spec["certConfig"] == {"ca": {"duration": "48h"}}
    assert spec["infra"] == {"nodePlacement": {"nodeSelector": {"x": "y"}}} and "workloads" not in spec
    assert spec["uninstallStrategy"] == "RemoveWorkloads"
    assert spec["applicationAwareConfig"] == {"vmiCalcConfigName": "VmiPodUsage"}
    assert spec["enableApplicationAwareQuota"] is True
    assert spec["vmStateStorageClass"] == "sc" and spec["kubeSecondaryDNSNameServerIP"] == "1.2.3.4"
    assert spec["CommonInstancetypesDeployment"] == {"enabled": False}

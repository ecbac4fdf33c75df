"""``krmfn.hco.deploy.crds.defaulting``: the CRD's defaults, as the API server applies them."""
from __future__ import annotations

from krmfn.hco.deploy.crds.defaulting import defaulted


def test_an_empty_object_gets_the_spec_default_and_its_properties_defaults() -> None:
    spec = defaulted({"metadata": {"name": "x"}}, "v1beta1")["spec"]
    assert spec["certConfig"] == {"ca": {"duration": "48h0m0s", "renewBefore": "24h0m0s"},
                                  "server": {"duration": "24h0m0s", "renewBefore": "12h0m0s"}}
    assert spec["featureGates"]["videoConfig"] is True and spec["featureGates"]["alignCPUs"] is False
    assert spec["higherWorkloadDensity"] == {"memoryOvercommitPercentage": 100}
    assert spec["workloadUpdateStrategy"]["workloadUpdateMethods"] == ["LiveMigrate"]


def test_given_values_stay_and_missing_siblings_are_defaulted() -> None:
    obj = {"spec": {"certConfig": {"ca": {"duration": "1h"}}, "featureGates": {"videoConfig": False},
                    "liveMigrationConfig": None}}
    spec = defaulted(obj, "v1beta1")["spec"]
    assert spec["certConfig"]["ca"] == {"duration": "1h", "renewBefore": "24h0m0s"}
    assert spec["featureGates"]["videoConfig"] is False
    assert spec["liveMigrationConfig"]["parallelMigrationsPerCluster"] == 5  # null: defaulted
    assert obj["spec"]["liveMigrationConfig"] is None  # the input is untouched


def test_v1_defaults() -> None:
    spec = defaulted({"spec": {"virtualization": {}}}, "v1")["spec"]
    assert spec["virtualization"]["vmiCPUAllocationRatio"] == 10
    assert spec["security"]["certConfig"]["server"]["renewBefore"] == "12h0m0s"
    assert spec["deployment"]["uninstallStrategy"] == "BlockUninstallIfWorkloadsExist"

"""``krmfn.hco.deploy.crds.hco00_crd``: the HyperConverged CRD's schemas."""
from __future__ import annotations

from krmfn.hco.deploy.crds.hco00_crd import DEFAULTS, SERVED_VERSIONS, hyperconverged_schemas
from krmfn.kubevirt.apiserver.schema import check


def test_both_served_versions_have_a_schema_built_once() -> None:
    schemas = hyperconverged_schemas()
    assert set(schemas) == set(SERVED_VERSIONS) == set(DEFAULTS) and hyperconverged_schemas() is schemas


def test_unknown_fields_and_schema_errors() -> None:
    v1beta1 = hyperconverged_schemas()["v1beta1"]
    report = check({"metadata": {"name": "kubevirt-hyperconverged"},
                    "spec": {"featureGates": {"sriovLiveMigration": True}, "evictionStrategy": "Nope",
                             "CommonInstancetypesDeployment": {"enabled": True}}}, v1beta1)
    assert report.unknown == ["spec.featureGates.sriovLiveMigration"]
    assert [(error.path, error.code) for error in report.errors] == [("spec.evictionStrategy", "enum")]
    v1 = hyperconverged_schemas()["v1"]
    report = check({"metadata": {"name": "x"}, "spec": {"featureGates": [{"name": "a", "state": "On"}],
                                                        "evictionStrategy": "None"}}, v1)
    assert report.unknown == ["spec.evictionStrategy"]
    assert [(error.path, error.code) for error in report.errors] == [("metadata.name", "pattern"),
                                                                     ("spec.featureGates[0].state", "enum")]


def test_the_status_is_open() -> None:
    assert check({"status": {"anything": 1}}, hyperconverged_schemas()["v1beta1"]).unknown == []

"""``krmfn.hco.webhooks.mutator``: HCO's mutating webhook on CREATE."""
from __future__ import annotations

from krmfn.hco.webhooks.mutator import PARSE_FAILED, decode_error, mutate_create


def test_decoding_fails_on_durations_and_negative_counts() -> None:
    assert decode_error({"spec": {"certConfig": {"ca": {"duration": "2d"}}}}, "v1beta1") == PARSE_FAILED
    assert decode_error({"spec": {"workloadUpdateStrategy": {"batchEvictionInterval": "x"}}}, "v1beta1") == PARSE_FAILED
    assert decode_error({"spec": {"liveMigrationConfig": {"parallelMigrationsPerCluster": -1}}}, "v1beta1") == \
        PARSE_FAILED
    assert decode_error({"spec": {"security": {"certConfig": {"server": {"renewBefore": "1x"}}}}}, "v1") == PARSE_FAILED
    assert decode_error({"spec": {"certConfig": {"ca": {"duration": "48h"}}}}, "v1beta1") is None


def test_create_patches_v1beta1() -> None:
    obj = {"spec": {"dataImportCronTemplates": [{"metadata": {"name": "a"}, "spec": {"schedule": "x"}},
                                                {"metadata": {"name": "b", "annotations": {"k": "v"}}}],
                    "mediatedDevicesConfiguration": {"mediatedDevicesTypes": ["nvidia-1"],
                                                     "nodeMediatedDeviceTypes": [{"mediatedDevicesTypes": ["n"]}]}}}
    spec = mutate_create(obj, "v1beta1")["spec"]
    assert spec["dataImportCronTemplates"] == [
        {"metadata": {"name": "a", "annotations": {"cdi.kubevirt.io/storage.bind.immediate.requested": "true"}},
         "spec": {"schedule": "x", "retentionPolicy": "None", "importsToKeep": 1}},
        {"metadata": {"name": "b", "annotations": {"k": "v",
                                                   "cdi.kubevirt.io/storage.bind.immediate.requested": "true"}}}]
    assert spec["mediatedDevicesConfiguration"]["mediatedDeviceTypes"] == ["nvidia-1"]
    assert spec["mediatedDevicesConfiguration"]["nodeMediatedDeviceTypes"][0]["mediatedDeviceTypes"] == ["n"]
    assert spec["ksmConfiguration"] == {}
    assert "ksmConfiguration" not in obj["spec"]


def test_create_patches_v1() -> None:
    spec = mutate_create({"spec": {"virtualization": {"tuningPolicy": "highBurst"}}}, "v1")["spec"]
    assert spec["virtualization"] == {"ksmConfiguration": {}}

"""validateVolumes (vmi-create-admitter.go)."""
from __future__ import annotations

import base64

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.volumes import go_base64_decoded_length, validate_volumes

VOLS = "spec.template.spec.volumes"
NO_CLOUD = f"{VOLS}[0].cloudInitNoCloud"
NO_DATA = f"{NO_CLOUD} must have at least one userdatasource or one networkdatasource set."
CONFIG_DRIVE = f"{VOLS}[0].cloudInitConfigDrive"


def causes(*volumes: object, config: ClusterConfig | None = None) -> list[tuple[str, str]]:
    spec = {"volumes": list(volumes)}
    return [(c.field, c.message) for c in validate_volumes("spec.template.spec", spec, config or ClusterConfig())]


def test_every_ungated_source_alone_passes() -> None:
    assert causes({"name": "cd", "containerDisk": {"image": "i"}}, {"name": "pvc", "persistentVolumeClaim": {}},
                  {"name": "ci", "cloudInitNoCloud": {"userData": "#cloud-config"}},
                  {"name": "cfg", "cloudInitConfigDrive": {"networkDataSecretRef": {"name": "n"}}},
                  {"name": "sys", "sysprep": {}}, {"name": "eph", "ephemeral": {}}, {"name": "e", "emptyDisk": {}},
                  {"name": "dv", "dataVolume": {"name": "dv"}}, {"name": "cm", "configMap": {"name": "c"}},
                  {"name": "s", "secret": {"secretName": "s"}}, {"name": "api", "downwardAPI": {}},
                  {"name": "sa", "serviceAccount": {"serviceAccountName": "sa"}},
                  {"name": "dump", "memoryDump": {}}, {"name": "path", "containerPath": {"path": "/x"}}) == []


def test_duplicate_names_name_the_first_use() -> None:
    assert causes({"name": "a", "emptyDisk": {}}, {"name": "a", "emptyDisk": {}}, {"name": "a", "emptyDisk": {}}) == [
        (f"{VOLS}[1].name", f"{VOLS}[1] and {VOLS}[0] must not have the same Name."),
        (f"{VOLS}[2].name", f"{VOLS}[2] and {VOLS}[0] must not have the same Name."),
    ]


def test_exactly_one_source() -> None:
    one_source = f"{VOLS}[0] must have exactly one source type set"
    assert causes({"name": "a"}) == [(f"{VOLS}[0]", one_source)]
    assert causes({"name": "a", "emptyDisk": None}) == [(f"{VOLS}[0]", one_source)]
    assert causes({"name": "a", "emptyDisk": {}, "ephemeral": {}}) == [(f"{VOLS}[0]", one_source)]


def test_a_null_source_beside_a_set_one_is_no_second_source() -> None:
    assert causes({"name": "a", "emptyDisk": None, "dataVolume": {}}) == [
        (f"{VOLS}[0].name", "DataVolume 'name' must be set")]
    assert causes({"name": "a", "configMap": None, "secret": {}}) == [
        (f"{VOLS}[0].secret.secretName", f"{VOLS}[0].secret.secretName is a required field")]


def test_several_sources_are_each_checked_and_counted() -> None:
    assert causes({"name": "a", "secret": {}, "dataVolume": {}, "serviceAccount": {"serviceAccountName": "s"}},
                  {"name": "b", "serviceAccount": {"serviceAccountName": "t"}}) == [
        (f"{VOLS}[0].name", "DataVolume 'name' must be set"),
        (f"{VOLS}[0]", f"{VOLS}[0] must have exactly one source type set"),
        (f"{VOLS}[0].secret.secretName", f"{VOLS}[0].secret.secretName is a required field"),
        (VOLS, f"{VOLS} must have max one serviceAccount volume set"),
    ]


def test_data_volume_name_is_reported_on_the_volume_name() -> None:
    assert causes({"name": "a", "dataVolume": {}}) == [(f"{VOLS}[0].name", "DataVolume 'name' must be set")]


@pytest.mark.parametrize("source, expected", [
    ({}, [(NO_CLOUD, NO_DATA)]),
    ({"secretRef": {}}, [(NO_CLOUD, NO_DATA)]),
    ({"secretRef": {"name": "s"}, "userData": "x"}, [(NO_CLOUD, f"{NO_CLOUD} must have only one userdatasource set.")]),
    ({"networkData": "x", "networkDataBase64": "eA=="},
     [(NO_CLOUD, f"{NO_CLOUD} must have only one networkdata source set.")]),
    ({"userData": "x" * 2049}, [(NO_CLOUD, f"{NO_CLOUD} userdata exceeds 2048 byte limit. Should use UserDataSecretRef "
                                           "for larger data.")]),
    ({"userData": "é" * 1025}, [(NO_CLOUD, f"{NO_CLOUD} userdata exceeds 2048 byte limit. Should use "
                                           "UserDataSecretRef for larger data.")]),
    ({"userData": "x" * 2048}, []),
    ({"networkDataBase64": base64.b64encode(b"x" * 2049).decode()},
     [(NO_CLOUD, f"{NO_CLOUD} networkdata exceeds 2048 byte limit. Should use NetworkDataSecretRef for larger data.")]),
    ({"userDataBase64": "not base64"},
     [(f"{NO_CLOUD}.userDataBase64",
       f"{NO_CLOUD}.userDataBase64.cloudInitNoCloud.userDataBase64 is not a valid base64 value.")]),
    ({"networkDataBase64": "eA"},
     [(f"{NO_CLOUD}.networkDataBase64",
       f"{NO_CLOUD}.networkDataBase64.cloudInitNoCloud.networkDataBase64 is not a valid base64 value.")]),
])
def test_cloud_init_no_cloud(source: dict, expected: list) -> None:
    assert causes({"name": "a", "cloudInitNoCloud": source}) == expected


def test_cloud_init_config_drive_and_no_cloud_wins() -> None:
    assert causes({"name": "a", "cloudInitConfigDrive": {}}) == [
        (CONFIG_DRIVE, f"{CONFIG_DRIVE} must have at least one userdatasource or one networkdatasource set.")]
    assert causes({"name": "a", "cloudInitNoCloud": {"userData": "x"}, "cloudInitConfigDrive": {}}) == [
        (f"{VOLS}[0]", f"{VOLS}[0] must have exactly one source type set")]


def test_plain_user_data_length_wins_over_decoded_base64() -> None:
    big = base64.b64encode(b"x" * 3000).decode()
    assert causes({"name": "a", "cloudInitNoCloud": {"userDataBase64": big, "userData": "x"}}) == [
        (NO_CLOUD, f"{NO_CLOUD} must have only one userdatasource set.")]


@pytest.mark.parametrize("text, expected", [
    ("", (0, True)), ("eA==", (1, True)), ("eHk=", (2, True)), ("eHl6", (3, True)), ("eH\r\nl6\n", (3, True)),
    ("eA", (0, False)), ("eHl6eA", (3, False)), ("eHl6e===", (3, False)), ("eHl6eA=", (3, False)),
    ("eHl6eA==eA==", (4, False)), ("eHl6!HY=", (3, False)), ("eHl6ZQ==\n", (4, True)), ("=eHl", (0, False)),
    ("eHl6\u00e9", (3, False)),
])
def test_go_base64_decoded_length(text: str, expected: tuple[int, bool]) -> None:
    assert go_base64_decoded_length(text) == expected


@pytest.mark.parametrize("size", range(12))
def test_go_base64_decoded_length_with_or_without_newlines(size: int) -> None:
    encoded = base64.b64encode(bytes(range(size))).decode()
    assert go_base64_decoded_length(encoded) == (size, True) or not encoded
    assert go_base64_decoded_length("\r\n".join(encoded) + "\n") == (size, True)
    assert go_base64_decoded_length(encoded + "A") == (size, False)


def test_invalid_base64_still_counts_what_go_decoded() -> None:
    almost = base64.b64encode(b"x" * 2100).decode() + "!"
    assert causes({"name": "a", "cloudInitNoCloud": {"userDataBase64": almost}}) == [
        (f"{NO_CLOUD}.userDataBase64",
         f"{NO_CLOUD}.userDataBase64.cloudInitNoCloud.userDataBase64 is not a valid base64 value."),
        (NO_CLOUD, f"{NO_CLOUD} userdata exceeds 2048 byte limit. Should use UserDataSecretRef for larger data."),
    ]


def test_downward_metrics_gate() -> None:
    assert causes({"name": "m", "downwardMetrics": {}}) == [
        (f"{VOLS}[0]", "downwardMetrics disks are not allowed: DownwardMetrics feature gate is not enabled.")]
    assert causes({"name": "m", "downwardMetrics": {}}, config=ClusterConfig(feature_gates=("DownwardMetrics",))) == []


@pytest.mark.parametrize("host_disk, gates, expected", [
    ({"path": "/d.img", "type": "DiskOrCreate", "capacity": "1Gi"}, ("HostDisk",), []),
    ({"path": "/d.img", "type": "Disk"}, (), [(f"{VOLS}[0]", "HostDisk feature gate is not enabled")]),
    ({"type": "Disk", "capacity": "0"}, ("HostDisk",),
     [(f"{VOLS}[0].hostDisk.path", f"{VOLS}[0].hostDisk.path is required for hostDisk volume")]),
    ({"path": "/d.img", "type": "disk"}, ("HostDisk",),
     [(f"{VOLS}[0].hostDisk.type",
       f"{VOLS}[0].hostDisk.type has invalid value 'disk', allowed are 'Disk' or 'DiskOrCreate'")]),
    ({"path": "/d.img", "type": "Disk", "capacity": "1Gi"}, ("HostDisk",),
     [(f"{VOLS}[0].hostDisk.capacity",
       f"{VOLS}[0].hostDisk.capacity is allowed to pass only with {VOLS}[0].hostDisk.type equal to 'DiskOrCreate'")]),
    ({}, (), [(f"{VOLS}[0]", "HostDisk feature gate is not enabled"),
              (f"{VOLS}[0].hostDisk.path", f"{VOLS}[0].hostDisk.path is required for hostDisk volume"),
              (f"{VOLS}[0].hostDisk.type",
               f"{VOLS}[0].hostDisk.type has invalid value '', allowed are 'Disk' or 'DiskOrCreate'")]),
])
def test_host_disk(host_disk: dict, gates: tuple[str, ...], expected: list) -> None:
    assert causes({"name": "h", "hostDisk": host_disk}, config=ClusterConfig(feature_gates=gates)) == expected


def test_required_names() -> None:
    assert causes({"name": "a", "configMap": {}}, {"name": "b", "secret": {}}, {"name": "c", "serviceAccount": {}}) == [
        (f"{VOLS}[0].configMap.name", f"{VOLS}[0].configMap.name is a required field"),
        (f"{VOLS}[1].secret.secretName", f"{VOLS}[1].secret.secretName is a required field"),
        (f"{VOLS}[2].serviceAccount.serviceAccountName", f"{VOLS}[2].serviceAccount.serviceAccountName is a required "
                                                         "field"),
    ]


def test_at_most_one_service_account_downward_metrics_and_memory_dump() -> None:
    gate = ClusterConfig(feature_gates=("DownwardMetrics",))
    assert causes({"name": "a", "serviceAccount": {"serviceAccountName": "x"}},
                  {"name": "b", "serviceAccount": {"serviceAccountName": "y"}},
                  {"name": "c", "downwardMetrics": {}}, {"name": "d", "downwardMetrics": {}},
                  {"name": "e", "memoryDump": {}}, {"name": "f", "memoryDump": {}}, config=gate) == [
        (VOLS, f"{VOLS} must have max one serviceAccount volume set"),
        (VOLS, f"{VOLS} must have max one downwardMetric volume set"),
        (VOLS, f"{VOLS} must have max one memory dump volume set"),
    ]


def test_mistyped_input_reads_as_zero_values() -> None:
    assert causes("x") == [(f"{VOLS}[0]", f"{VOLS}[0] must have exactly one source type set")]
    assert validate_volumes("spec.template.spec", {"volumes": {}}, ClusterConfig()) == []


def test_through_the_whole_chain() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "template": {"spec": {
              "domain": {"devices": {}, "resources": {"requests": {"memory": "1Gi"}}},
              "volumes": [{"name": "root", "containerDisk": {"image": "i"}},
                          {"name": "host", "hostDisk": {"path": "/d.img", "type": "Disk"}}]}}}}
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and not verdict.allowed
    assert verdict.stage == "validating-webhook/remaining-vm-checks"
    assert [(c.field, c.message) for c in verdict.causes] == [(f"{VOLS}[1]", "HostDisk feature gate is not enabled")]

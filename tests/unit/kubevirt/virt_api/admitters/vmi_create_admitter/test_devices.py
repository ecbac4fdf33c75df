"""The device checks of ValidateVirtualMachineInstanceSpec, alone and through the whole chain."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.devices import (
    count_configured_mdev_ramfbs,
    validate_downward_metrics,
    validate_filesystems_with_virtiofs_enabled,
    validate_host_devices_with_passthrough_enabled,
    validate_mdev_ramfb,
    validate_panic_devices,
    validate_persistent_reservation,
    validate_sound_devices,
    validate_video_config,
    validate_vsock,
)

from krmfn.model.kubevirt_version import kubevirt_version

FIELD = "spec.template.spec"
DEFAULT = ClusterConfig()
MAIN_CONFIG = ClusterConfig(kubevirt_version=kubevirt_version("main"))


def _pairs(causes: list) -> list[tuple[str, str]]:
    return [(cause.field, cause.message) for cause in causes]


def _spec(devices: dict, **extra: object) -> dict:
    return {"domain": {"devices": devices}, **extra}


def _gpu(display: object = None) -> dict:
    return {"name": "gpu", "deviceName": "nvidia.com/gpu", "virtualGPUOptions": {"display": display}}


@pytest.mark.parametrize("gpus, count", [
    ([], 0),
    ([{"name": "gpu", "deviceName": "x"}], 0),
    ([_gpu(None)], 0),
    ([_gpu({})], 1),
    ([_gpu({"enabled": True, "ramFB": {}})], 1),
    ([_gpu({"enabled": False})], 0),
    ([_gpu({"ramFB": {"enabled": False}})], 0),
    ([_gpu({"ramFB": {"enabled": True}}), _gpu({}), _gpu({"enabled": False})], 2),
])
def test_count_configured_mdev_ramfbs(gpus: list, count: int) -> None:
    assert count_configured_mdev_ramfbs(_spec({"gpus": gpus})) == count


def test_mdev_ramfb() -> None:
    assert validate_mdev_ramfb(FIELD, _spec({"gpus": [_gpu({})]}), MAIN_CONFIG) == []
    causes = validate_mdev_ramfb(FIELD, _spec({"gpus": [_gpu({}), _gpu({"ramFB": {}})]}), MAIN_CONFIG)
    assert _pairs(causes) == [("spec.template.spec.GPUs", "configuring multiple displays with ramfb is not valid ")]


@pytest.mark.parametrize("devices, gates, expected", [
    ({}, (), []),
    ({"hostDevices": None}, (), []),
    ({"hostDevices": []}, (), []),
    ({"hostDevices": [{"name": "h", "deviceName": "d"}]}, (),
     [("spec.template.spec.HostDevices", "Host Devices feature gate is not enabled in kubevirt-config")]),
    ({"hostDevices": [{"name": "h", "deviceName": "d"}]}, ("HostDevices",), []),
])
def test_host_devices_with_passthrough_enabled(devices: dict, gates: tuple, expected: list) -> None:
    causes = validate_host_devices_with_passthrough_enabled(FIELD, _spec(devices), ClusterConfig(feature_gates=gates))
    assert _pairs(causes) == expected


UNSUPPORTED_SOUND = ("spec.template.spec.Sound", "Sound device type is not supported. Options: 'ich9' or 'ac97'")
SOUND_NAME = ("spec.template.spec.Sound", "Sound device requires a name field.")


@pytest.mark.parametrize("sound, expected", [
    (None, []),
    ({"name": "audio"}, []),
    ({"name": "audio", "model": "ich9"}, []),
    ({"name": "audio", "model": "ac97"}, []),
    ({"name": "audio", "model": "hda"}, [UNSUPPORTED_SOUND]),
    ({}, [SOUND_NAME]),
    ({"model": "sb16"}, [UNSUPPORTED_SOUND, SOUND_NAME]),
])
def test_sound_devices(sound: object, expected: list) -> None:
    devices = {} if sound is None else {"sound": sound}
    assert _pairs(validate_sound_devices(FIELD, _spec(devices), DEFAULT)) == expected


@pytest.mark.parametrize("value, gates, expected", [
    (None, (), []),
    (False, (), []),
    (True, ("VSOCK",), []),
    (True, (), [("spec.template.spec.domain.devices.autoattachVSOCK",
                 "VSOCK feature gate is not enabled in kubevirt-config")]),
])
def test_vsock(value: object, gates: tuple, expected: list) -> None:
    causes = validate_vsock(FIELD, _spec({"autoattachVSOCK": value}), ClusterConfig(feature_gates=gates))
    assert _pairs(causes) == expected


RESERVATION = ("spec.template.spec.domain.devices.disks.luns.reservation",
               "persistent reservation is not enabled in kubevirt config")


@pytest.mark.parametrize("disks, gates, expected", [
    ([{"name": "a", "lun": {}}], (), []),
    ([{"name": "a", "lun": {"reservation": False}}], (), []),
    ([{"name": "a", "disk": {}}], (), []),
    ([{"name": "a", "disk": {}}, {"name": "b", "lun": {"reservation": True}}], (), [RESERVATION]),
    ([{"name": "a", "lun": {"reservation": True}}, {"name": "b", "lun": {"reservation": True}}], (), [RESERVATION]),
    ([{"name": "a", "lun": {"reservation": True}}], ("PersistentReservation",), []),
])
def test_persistent_reservation(disks: list, gates: tuple, expected: list) -> None:
    causes = validate_persistent_reservation(FIELD, _spec({"disks": disks}), ClusterConfig(feature_gates=gates))
    assert _pairs(causes) == expected


def test_persistent_reservation_reads_the_raw_gate_list() -> None:
    """The gate is GA in the registry, yet only naming it enables reservations."""
    spec = _spec({"disks": [{"name": "a", "lun": {"reservation": True}}]})
    assert _pairs(validate_persistent_reservation(FIELD, spec, DEFAULT)) == [RESERVATION]


def test_downward_metrics() -> None:
    spec = _spec({"downwardMetrics": {}})
    assert _pairs(validate_downward_metrics(FIELD, spec, DEFAULT)) == [(
        "spec.template.spec.domain.devices.downwardMetrics",
        "downwardMetrics virtio serial is not allowed: DownwardMetrics feature gate is not enabled")]
    assert validate_downward_metrics(FIELD, spec, ClusterConfig(feature_gates=("DownwardMetrics",))) == []
    assert validate_downward_metrics(FIELD, _spec({}), DEFAULT) == []


VIRTIOFS = ("spec.template.spec.domain.devices.filesystems",
            "virtiofs is not allowed: virtiofs feature gate is not enabled for PVC")
VOLUMES = [
    {"name": "pvc", "persistentVolumeClaim": {"claimName": "c"}},
    {"name": "dv", "dataVolume": {"name": "d"}},
    {"name": "cm", "configMap": {"name": "m"}},
]


@pytest.mark.parametrize("filesystems, gates, expected", [
    ([{"name": "cm", "virtiofs": {}}], (), []),
    ([{"name": "missing", "virtiofs": {}}], (), []),
    ([{"name": "pvc", "virtiofs": {}}], (), [VIRTIOFS]),
    ([{"name": "pvc", "virtiofs": {}}, {"name": "cm", "virtiofs": {}}, {"name": "dv", "virtiofs": {}}], (),
     [VIRTIOFS, VIRTIOFS]),
    ([{"name": "pvc", "virtiofs": {}}], ("EnableVirtioFsStorageVolumes",), []),
])
def test_filesystems_with_virtiofs_enabled(filesystems: list, gates: tuple, expected: list) -> None:
    spec = _spec({"filesystems": filesystems}, volumes=VOLUMES)
    causes = validate_filesystems_with_virtiofs_enabled(FIELD, spec, ClusterConfig(feature_gates=gates))
    assert _pairs(causes) == expected


def test_filesystems_the_last_volume_of_a_name_wins() -> None:
    spec = _spec({"filesystems": [{"name": "v", "virtiofs": {}}]},
                 volumes=[{"name": "v", "persistentVolumeClaim": {"claimName": "c"}},
                          {"name": "v", "configMap": {"name": "m"}}])
    assert validate_filesystems_with_virtiofs_enabled(FIELD, spec, DEFAULT) == []


@pytest.mark.parametrize("devices, expected", [
    ({"video": {"type": "vga"}}, []),
    ({"video": {"type": "vga"}, "autoattachGraphicsDevice": True}, []),
    ({"autoattachGraphicsDevice": False}, []),
    ({"video": {}, "autoattachGraphicsDevice": False},
     [("spec.template.spec.video",
       "Video configuration is not allowed when autoattachGraphicsDevice is set to false")]),
])
def test_video_config(devices: dict, expected: list) -> None:
    assert _pairs(validate_video_config(FIELD, _spec(devices), DEFAULT)) == expected


S390X = ("spec.template.spec.domain.devices.panicDevices",
         "custom panic devices are not supported on s390x architecture")


@pytest.mark.parametrize("panic_devices, architecture, config, expected", [
    ([], "s390x", DEFAULT, []),
    ([{"model": "hyperv"}, {}, {"model": "isa"}, {"model": "pvpanic"}], "amd64", DEFAULT, []),
    ([{"model": "hyperv"}, {}, {"model": ""}], "amd64", DEFAULT,
     [("spec.template.spec.domain.devices.panicDevices[2].model", "invalid PanicDeviceModel()")]),
    ([{"model": "bogus"}], "s390x", DEFAULT,
     [S390X, ("spec.template.spec.domain.devices.panicDevices[0].model", "invalid PanicDeviceModel(bogus)")]),
    ([{}], None, ClusterConfig(default_architecture="s390x"), [S390X]),
    ([{}], None, DEFAULT, []),
])
def test_panic_devices(panic_devices: list, architecture: str | None, config: ClusterConfig,
                       expected: list) -> None:
    spec = _spec({"panicDevices": panic_devices})
    if architecture is not None:
        spec["architecture"] = architecture
    assert _pairs(validate_panic_devices(FIELD, spec, config)) == expected


def _vm(template_spec: dict, preference: str | None = None) -> dict:
    spec: dict = {"runStrategy": "Halted", "template": {"spec": template_spec}}
    if preference is not None:
        spec["preference"] = {"name": preference}
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
            "spec": spec}


def test_the_chain_reports_device_causes_in_kubevirt_order() -> None:
    vm = _vm({"domain": {"devices": {
        "hostDevices": [{"name": "h", "deviceName": "vendor.com/dev"}],
        "sound": {"model": "hda"},
        "autoattachVSOCK": True,
    }}})
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and not verdict.allowed
    assert verdict.stage == "validating-webhook/remaining-vm-checks"
    assert _pairs(verdict.causes) == [
        ("spec.template.spec.HostDevices", "Host Devices feature gate is not enabled in kubevirt-config"),
        UNSUPPORTED_SOUND,
        SOUND_NAME,
        ("spec.template.spec.domain.devices.autoattachVSOCK", "VSOCK feature gate is not enabled in kubevirt-config"),
    ]


def test_the_chain_judges_the_panic_model_a_preference_filled() -> None:
    """The preference fills only unset models; an empty one stays and is invalid."""
    preference = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterPreference",
                  "metadata": {"name": "pf"}, "spec": {"devices": {"preferredPanicDeviceModel": "isa"}}}
    vm = _vm({"domain": {"devices": {"panicDevices": [{"model": "hyperv"}, {}, {"model": ""}]}}}, preference="pf")
    verdict = admit_bundle([preference, vm])[1]
    assert verdict is not None
    assert _pairs(verdict.causes) == [
        ("spec.template.spec.domain.devices.panicDevices[2].model", "invalid PanicDeviceModel()")]


# -- older KubeVirt releases (kubevirtVersion) ----------------------------------------------------
V1_8_CONFIG = ClusterConfig(kubevirt_version=kubevirt_version("v1.8"))


def test_before_v1_9_video_needs_the_videoconfig_gate() -> None:
    """VideoConfig is Beta (off) in v1.8 and GA in v1.9 (PR #16599)."""
    spec = _spec({"video": {"type": "virtio"}})
    assert validate_video_config(FIELD, spec, DEFAULT) == []
    assert _pairs(validate_video_config(FIELD, spec, V1_8_CONFIG)) == [
        (f"{FIELD}.video", "Video configuration is specified but the VideoConfig feature gate is not enabled")]
    enabled = ClusterConfig(feature_gates=("VideoConfig",), kubevirt_version=kubevirt_version("v1.8"))
    assert validate_video_config(FIELD, spec, enabled) == []


def test_before_v1_9_panic_devices_need_the_gate_which_comes_first() -> None:
    """PanicDevices is Beta (off) in v1.8 and GA in v1.9 (PR #16514); the gate hides the model check."""
    spec = _spec({"panicDevices": [{"model": "pvpanic"}, {"model": ""}]})
    assert _pairs(validate_panic_devices(FIELD, spec, DEFAULT)) == [
        (f"{FIELD}.domain.devices.panicDevices[1].model", "invalid PanicDeviceModel()")]
    assert _pairs(validate_panic_devices(FIELD, spec, V1_8_CONFIG)) == [
        (f"{FIELD}.domain.devices.panicDevices", "Panic Devices feature gate is not enabled in kubevirt-config")]


def test_before_v1_9_persistent_reservation_names_the_gate() -> None:
    """PR #16674 (v1.9) gave PersistentReservation its own configuration and message."""
    spec = _spec({"disks": [{"name": "d", "lun": {"reservation": True}}]})
    assert _pairs(validate_persistent_reservation(FIELD, spec, V1_8_CONFIG)) == [
        (f"{FIELD}.domain.devices.disks.luns.reservation",
         "PersistentReservation feature gate is not enabled in kubevirt-config")]
    assert validate_persistent_reservation(FIELD, spec, DEFAULT)[0].message == \
        "persistent reservation is not enabled in kubevirt config"


def test_before_main_a_ramfb_without_enabled_is_not_counted() -> None:
    """PR #18542 (main, after v1.9.0) counts an unset ramFB.enabled as enabled."""
    spec = _spec({"gpus": [_gpu({"ramFB": {}}), _gpu({"ramFB": {}})]})
    assert len(validate_mdev_ramfb(FIELD, spec, MAIN_CONFIG)) == 1
    assert validate_mdev_ramfb(FIELD, spec, DEFAULT) == []
    assert validate_mdev_ramfb(FIELD, spec, V1_8_CONFIG) == []


VIRTIOFS_CONFIG = ("spec.template.spec.domain.devices.filesystems",
                   "virtiofs is not allowed: virtiofs feature gate is not enabled for config volumes")


@pytest.mark.parametrize("gates, expected", [
    ((), [VIRTIOFS_CONFIG, VIRTIOFS]),
    (("EnableVirtioFsConfigVolumes",), [VIRTIOFS]),
    (("EnableVirtioFsStorageVolumes",), [VIRTIOFS_CONFIG]),
    (("ExperimentalVirtiofsSupport",), []),
])
def test_v1_7_config_volumes_need_their_gate(gates: tuple, expected: list) -> None:
    """PR #15913 (v1.8) made EnableVirtioFsConfigVolumes GA and discontinued ExperimentalVirtiofsSupport;
    at v1.7.4 a config volume needs the first, and the second enables both kinds."""
    spec = _spec({"filesystems": [{"name": "cm", "virtiofs": {}}, {"name": "pvc", "virtiofs": {}}]}, volumes=VOLUMES)
    v1_7 = ClusterConfig(feature_gates=gates, kubevirt_version=kubevirt_version("v1.7"))
    assert _pairs(validate_filesystems_with_virtiofs_enabled(FIELD, spec, v1_7)) == expected
    v1_8 = ClusterConfig(feature_gates=gates, kubevirt_version=kubevirt_version("v1.8"))
    assert _pairs(validate_filesystems_with_virtiofs_enabled(FIELD, spec, v1_8)) == [
        cause for cause in [VIRTIOFS] if "EnableVirtioFsStorageVolumes" not in gates]


def test_v1_7_a_volume_both_config_and_storage_gets_the_config_cause_only() -> None:
    spec = _spec({"filesystems": [{"name": "v", "virtiofs": {}}]},
                 volumes=[{"name": "v", "secret": {"secretName": "s"}, "dataVolume": {"name": "d"}}])
    v1_7 = ClusterConfig(kubevirt_version=kubevirt_version("v1.7"))
    assert _pairs(validate_filesystems_with_virtiofs_enabled(FIELD, spec, v1_7)) == [VIRTIOFS_CONFIG]

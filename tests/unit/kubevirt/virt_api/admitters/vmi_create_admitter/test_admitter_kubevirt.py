"""Cases of KubeVirt's ``pkg/virt-api/webhooks/validating-webhook/admitters/vmi-create-admitter_test.go``
(d923fdb8), ported: ``VMICreateAdmitter.Admit`` (``admit_vmi_create``) and
``ValidateVirtualMachineInstancePerArch``.

The Go test's admitter has no ``SpecValidators`` (virt-api registers two, which
``test_admitter.py`` covers), so the cases run with ``spec_validators=()``, except "when spec
validator pass / fail", which hand it a stub. Its cluster is KubeVirt's default (amd64, no feature
gates): ``ClusterConfig()``. The VMIs are the Go test's, as JSON: ``newBaseVmi`` (``libvmi.New``
with a 512Mi memory request and ``runtime.GOARCH``, amd64 here), ``api.NewMinimalVMI`` (an 8192Ki
request). An admitted VMI is ``([], warnings)``; where the Go test checks the count, a field, the
type or the message of the causes, the whole causes are compared.

Ported: the top-level ``Admit`` cases, "with eviction strategies", "with VirtualMachineInstance
metadata" (a KubeVirt service account is ``kubevirt_service_account=True``), "should raise a warning
when Deprecated API is used", "hyperV passthrough", and the video models per architecture of "with
VideoConfig".

Not ported:

* "should allow unknown fields in the status" and "should reject documents containing unknown or
  missing fields": ``ValidateSchema``, which runs before ``admit_vmi_create`` (the CREATE chain's
  ``validating-webhook/openapi-schema`` stage);
* the other ``Admit`` cases of "with probes given", "with affinity checks", "with
  topologySpreadConstraints checks", "with persistent reservation defined", "with DRA GPUs",
  "with downwardmetrics virtio serial", and the ``ValidateVirtualMachineInstanceSpec`` cases: they
  test checks of ``ValidateVirtualMachineInstanceSpec`` that the tests of its modules
  (``test_probes.py``, ``test_scheduling.py``, ``test_devices.py``, ``test_volumes.py``, ...) cover;
* the rest of "with VideoConfig" (``validateVideoConfig``, ``test_devices.py``).

"should raise a warning when Deprecated API is used" registers a Deprecated gate whose
``VmiSpecUsed`` is always true; krmfn's ``VmiSpecUsed`` is an interface binding
(``FeatureGate.binding_used``), so the port registers a gate used by the masquerade binding and gives
the VMI a masquerade interface on the pod network.
"""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_NOT_SUPPORTED,
    CAUSE_FIELD_VALUE_REQUIRED,
    Cause,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.admitter import (
    admit_vmi_create,
    validate_virtual_machine_instance_per_arch,
)
from krmfn.kubevirt.virt_api.hyperv import HYPERV_WITH_PASSTHROUGH
from krmfn.kubevirt.virt_config import featuregate
from krmfn.kubevirt.virt_config.featuregate import DEPRECATED, FeatureGate
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_VERSION

CONFIG = ClusterConfig()
ALLOWED: tuple[list[Cause], list[str]] = ([], [])


def new_base_vmi(**spec: object) -> dict:
    """``newBaseVmi(opts...)``: ``libvmi.New`` with a 512Mi memory request and amd64."""
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance", "metadata": {"name": "testvmi-abcde"},
            "spec": {"domain": {"resources": {"requests": {"memory": "512Mi"}}}, "architecture": "amd64", **spec}}


def new_minimal_vmi(**spec: object) -> dict:
    """``api.NewMinimalVMI("testvmi")``."""
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
            "metadata": {"name": "testvmi", "namespace": "default"},
            "spec": {"domain": {"resources": {"requests": {"memory": "8192Ki"}}}, **spec}}


def with_container_disk(vmi: dict, path: str | None = None) -> dict:
    """``libvmi.WithContainerDisk("testdisk", "testimage")`` (and the volume's ``path``)."""
    vmi = copy.deepcopy(vmi)
    vmi["spec"]["domain"]["devices"] = {"disks": [{"name": "testdisk", "disk": {"bus": "virtio"}}]}
    container_disk: dict = {"image": "testimage"}
    if path is not None:
        container_disk["path"] = path
    vmi["spec"]["volumes"] = [{"name": "testdisk", "containerDisk": container_disk}]
    return vmi


def admit(vmi: dict, config: ClusterConfig = CONFIG, **kwargs: object) -> tuple[list[Cause], list[str]]:
    return admit_vmi_create(vmi, config, spec_validators=(), **kwargs)  # type: ignore[arg-type]


def test_when_spec_validator_pass_should_allow() -> None:
    validators = (("test", lambda field, spec, config: []),)
    assert admit_vmi_create(new_base_vmi(), CONFIG, spec_validators=validators) == ALLOWED


def test_when_spec_validator_fail_should_reject() -> None:
    expected = [Cause("test", "test", "test")]
    validators = (("test", lambda field, spec, config: list(expected)),)
    assert admit_vmi_create(new_base_vmi(), CONFIG, spec_validators=validators) == (expected, [])


def test_should_reject_invalid_virtualmachineinstance_spec_on_create() -> None:
    vmi = new_base_vmi()
    vmi["spec"]["domain"]["devices"] = {"disks": [{"name": "testdisk"}]}
    assert admit(vmi) == ([Cause("spec.domain.devices.disks[0].name",
                                 "spec.domain.devices.disks[0].Name 'testdisk' not found.",
                                 CAUSE_FIELD_VALUE_INVALID)], [])


def test_should_reject_vmis_without_memory_after_presets_were_applied() -> None:
    vmi = new_base_vmi()
    vmi["spec"]["domain"]["resources"] = {}
    assert admit(vmi) == ([Cause("", "no memory requested, at least one of 'spec.domain.memory.guest', "
                                     "'spec.domain.memory.hugepages.pageSize' or "
                                     "'spec.domain.resources.requests.memory' must be set",
                                 CAUSE_FIELD_VALUE_REQUIRED)], [])


def test_should_allow_clock_without_timer() -> None:
    assert admit(new_base_vmi()) == ALLOWED
    vmi = new_base_vmi()
    vmi["spec"]["domain"]["clock"] = {"utc": {"offsetSeconds": 5}}
    assert admit(vmi) == ALLOWED


@pytest.mark.parametrize("path, message", [
    pytest.param("a/b/c", "spec.volumes[0].containerDisk must be an absolute path to a file without relative "
                 "components", id="when path is not absolute"),
    pytest.param("/a/b/c/../d", "spec.volumes[0].containerDisk must be an absolute path to a file without relative "
                 "components", id="when path contains relative components"),
    pytest.param("../test", "spec.volumes[0].containerDisk must be an absolute path to a file without relative "
                 "components", id="when path starts with relative components"),
    pytest.param("/", "spec.volumes[0].containerDisk must not point to root", id="when path is root"),
])
def test_container_disk_path_validation_should_fail(path: str, message: str) -> None:
    assert admit(with_container_disk(new_base_vmi(), path)) == (
        [Cause("spec.volumes[0].containerDisk", message, CAUSE_FIELD_VALUE_INVALID)], [])


@pytest.mark.parametrize("path", [pytest.param("/a/b/c", id="when path is absolute"),
                                  pytest.param("/a/b/c/", id="when path is absolute and has trailing slash")])
def test_container_disk_path_validation_should_succeed(path: str) -> None:
    assert admit(with_container_disk(new_base_vmi(), path)) == ALLOWED


@pytest.mark.parametrize("strategy", [
    pytest.param("LiveMigrate", id="eviction strategy to be set to LiveMigrate"),
    pytest.param("None", id="eviction strategy to be set None"),
    pytest.param("External", id="eviction strategy to be set External"),
    pytest.param("LiveMigrateIfPossible", id="eviction strategy to be set to LiveMigrateIfPossible"),
    pytest.param(None, id="eviction strategy to be set to nil (unspecified)"),
])
def test_with_eviction_strategies_it_should_allow(strategy: str | None) -> None:
    vmi = new_base_vmi() if strategy is None else new_base_vmi(evictionStrategy=strategy)
    assert admit(vmi) == ALLOWED


def test_with_eviction_strategies_should_not_allow_unknown_eviction_strategy() -> None:
    causes, warnings = admit(new_base_vmi(evictionStrategy="fantasy"))
    assert [cause.message for cause in causes] == ["spec.evictionStrategy is set with an unrecognized option: fantasy"]
    assert warnings == []


def test_should_accept_valid_vmi_spec_on_create() -> None:
    assert admit(with_container_disk(new_base_vmi())) == ALLOWED


@pytest.mark.parametrize("labels, kubevirt_service_account", [
    pytest.param({"kubevirt.io/nodeName": "someValue"}, True, id="Create restricted label by API"),
    pytest.param({"kubevirt.io/nodeName": "someValue"}, True, id="Create restricted label by Handler"),
    pytest.param({"kubevirt.io/nodeName": "someValue"}, True, id="Create restricted label by Controller"),
    pytest.param({"kubevirt.io/l": "someValue"}, False,
                 id="Create non restricted kubevirt.io prefixed label by non kubevirt user"),
])
def test_should_allow_vmi_creation_with_kubevirt_io_labels_only_for_kubevirt_service_accounts(
        labels: dict, kubevirt_service_account: bool) -> None:
    vmi = new_base_vmi()
    vmi["metadata"]["labels"] = labels
    assert admit(vmi, kubevirt_service_account=kubevirt_service_account) == ALLOWED


def test_should_reject_restricted_label_by_non_kubevirt_user() -> None:
    vmi = new_base_vmi()
    vmi["metadata"]["labels"] = {"kubevirt.io/nodeName": "someValue"}
    assert admit(vmi) == ([Cause("metadata.labels", "creation of the following reserved kubevirt.io/ labels on a "
                                 "VMI object is prohibited", CAUSE_FIELD_VALUE_NOT_SUPPORTED)], [])


GATED = [
    pytest.param({"kubevirt.io/ignitiondata": "fake-data"}, "ExperimentalIgnitionSupport",
                 "ExperimentalIgnitionSupport feature gate is not enabled in kubevirt-config, invalid entry "
                 "metadata.annotations.kubevirt.io/ignitiondata",
                 id="ExperimentalIgnitionSupport feature gate"),
    pytest.param({"hooks.kubevirt.io/hookSidecars": "[{'image': 'fake-image'}]"}, "Sidecar",
                 "sidecar feature gate is not enabled in kubevirt-config, invalid entry "
                 "metadata.annotations.hooks.kubevirt.io/hookSidecars",
                 id="sidecar feature gate"),
]


@pytest.mark.parametrize("annotations, gate, message", GATED)
def test_should_reject_annotations_which_require_feature_gate_enabled(annotations: dict, gate: str,
                                                                       message: str) -> None:
    vmi = new_base_vmi()
    vmi["metadata"]["annotations"] = annotations
    assert admit(vmi) == ([Cause("metadata.annotations", message, CAUSE_FIELD_VALUE_INVALID)], [])


@pytest.mark.parametrize("annotations, gate, message", GATED)
def test_should_accept_annotations_which_require_feature_gate_enabled(annotations: dict, gate: str,
                                                                       message: str) -> None:
    vmi = new_base_vmi()
    vmi["metadata"]["annotations"] = annotations
    assert admit(vmi, ClusterConfig(feature_gates=(gate,))) == ALLOWED


def test_should_raise_a_warning_when_deprecated_api_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(featuregate.FEATURE_GATES, "test-deprecated",
                        FeatureGate("test-deprecated", DEPRECATED, binding_used="masquerade"))
    vmi = new_minimal_vmi(architecture="amd64", networks=[{"name": "default", "pod": {}}])
    vmi["spec"]["domain"]["devices"] = {"interfaces": [{"name": "default", "masquerade": {}}]}
    assert admit(vmi, ClusterConfig(feature_gates=("test-deprecated",))) == ([], [""])


@pytest.mark.parametrize("explicit_hyperv, hyperv_passthrough, expect_valid", [
    pytest.param(True, True, False, id="explicit + passthrough"),
    pytest.param(False, True, True, id="passthrough only"),
    pytest.param(True, False, True, id="explicit only"),
    pytest.param(False, False, True, id="no hyperv use"),
])
def test_use_of_hyperv_combined_with_hyperv_passthrough_is_forbidden(explicit_hyperv: bool, hyperv_passthrough: bool,
                                                                     expect_valid: bool) -> None:
    vmi = new_minimal_vmi(architecture="amd64")
    features: dict = {}
    if explicit_hyperv:
        features["hyperv"] = {}
    if hyperv_passthrough:
        features["hypervPassthrough"] = {}
    vmi["spec"]["domain"]["features"] = features
    expected = [] if expect_valid else [Cause("spec.domain.features.hyperv", HYPERV_WITH_PASSTHROUGH,
                                              CAUSE_FIELD_VALUE_INVALID)]
    assert admit(vmi) == (expected, [])


ACCEPTED_VIDEO = [("amd64", "vga"), ("amd64", "cirrus"), ("amd64", "virtio"), ("amd64", "ramfb"), ("amd64", "bochs"),
                  ("arm64", "virtio"), ("arm64", "ramfb"), ("s390x", "virtio")]
REJECTED_VIDEO = ([("amd64", model) for model in ("qxl", "vmvga", "xenfb", "none", "invalidmodel")]
                  + [("arm64", model) for model in ("vga", "cirrus", "bochs", "qxl", "vmvga", "xenfb", "none",
                                                    "invalidmodel")]
                  + [("s390x", model) for model in ("vga", "cirrus", "bochs", "ramfb", "qxl", "vmvga", "xenfb", "none",
                                                    "invalidmodel")])


def video_vmi_spec(arch: str, video_type: str) -> dict:
    """``libvmi.New(libvmi.WithArchitecture(runtime.GOARCH), libvmi.WithVideo(v1.VirtIO))`` with
    the case's architecture and video type."""
    return {"architecture": arch, "domain": {"devices": {"video": {"type": video_type}}}}


@pytest.mark.parametrize("arch, video_type", ACCEPTED_VIDEO, ids=[f"{a} allows {v}" for a, v in ACCEPTED_VIDEO])
def test_should_accept_supported_video_models_per_architecture(arch: str, video_type: str) -> None:
    assert validate_virtual_machine_instance_per_arch("fake", video_vmi_spec(arch, video_type), DEFAULT_VERSION) == []


@pytest.mark.parametrize("arch, video_type", REJECTED_VIDEO, ids=[f"{a} rejects {v}" for a, v in REJECTED_VIDEO])
def test_should_reject_unsupported_video_models_per_architecture(arch: str, video_type: str) -> None:
    assert validate_virtual_machine_instance_per_arch("fake", video_vmi_spec(arch, video_type), DEFAULT_VERSION) == [
        Cause("fake.domain.devices.video.type", f"video model '{video_type}' is not supported on {arch} architecture",
              CAUSE_FIELD_VALUE_NOT_SUPPORTED)]

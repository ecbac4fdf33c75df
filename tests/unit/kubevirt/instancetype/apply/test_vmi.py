"""ApplyToVMI (KubeVirt pkg/instancetype/apply/vmi.go; docs/kubevirt/instancetype-apply.md#applytovmi, #field-table).

The preference applier is replaced by a recorder here, so these tests do not depend on
krmfn.kubevirt.instancetype.preference.apply (tested on its own)."""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.instancetype.apply import vmi
from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi
from krmfn.kubevirt.instancetype.conflict import expand_error

BASE_PATH = "spec.template.spec"


class PreferenceRecorder:
    def __init__(self) -> None:
        self.calls: list[tuple[dict, dict, dict, dict, dict]] = []

    def __call__(self, pf_spec: dict, template_spec: dict, template_metadata: dict, version: object = None) -> None:
        # record the objects and a snapshot of what the preference saw
        self.calls.append((pf_spec, template_spec, template_metadata,
                           copy.deepcopy(template_spec), copy.deepcopy(template_metadata)))
        template_metadata.setdefault("annotations", {}).setdefault("from-preference", "yes")


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> PreferenceRecorder:
    instance = PreferenceRecorder()
    monkeypatch.setattr(vmi, "apply_preference", instance)
    return instance


def vm_template() -> tuple[dict, dict]:
    return {"domain": {"devices": {}}}, {}


def test_neither_instancetype_nor_preference_does_nothing(recorder: PreferenceRecorder) -> None:
    spec, metadata = vm_template()
    assert apply_to_vmi(BASE_PATH, None, None, spec, metadata) == []
    assert (spec, metadata) == vm_template()
    assert recorder.calls == []


def test_e16_default_topology_without_preference(recorder: PreferenceRecorder) -> None:
    spec, metadata = vm_template()
    assert apply_to_vmi(BASE_PATH, {"cpu": {"guest": 4}, "memory": {"guest": "8Gi"}}, None, spec, metadata) == []
    assert spec == {"domain": {"devices": {}, "cpu": {"sockets": 4, "cores": 1, "threads": 1},
                               "memory": {"guest": "8Gi"}}}
    assert metadata == {}
    assert recorder.calls == []


def test_every_instancetype_field(recorder: PreferenceRecorder) -> None:
    # golden instancetype-fields/everything (fields this package owns)
    it_spec = {
        "cpu": {"guest": 8, "model": "host-passthrough", "dedicatedCPUPlacement": True, "isolateEmulatorThread": True,
                "numa": {"guestMappingPassthrough": {}}, "realtime": {}, "maxSockets": 8},
        "memory": {"guest": "16Gi", "hugepages": {"pageSize": "1Gi"}, "maxGuest": "32Gi"},
        "nodeSelector": {"example.com/rt": "true"},
        "schedulerName": "rt-scheduler",
        "gpus": [{"name": "g", "deviceName": "nvidia.com/A10"}],
        "hostDevices": [{"name": "h", "deviceName": "intel.com/qat"}],
        "ioThreadsPolicy": "supplementalPool",
        "ioThreads": {"supplementalPoolThreadCount": 2},
        "launchSecurity": {"sev": {}},
        "annotations": {"example.com/tier": "gold"},
    }
    spec, metadata = vm_template()
    assert apply_to_vmi(BASE_PATH, it_spec, None, spec, metadata) == []
    assert spec == {
        "nodeSelector": {"example.com/rt": "true"},
        "schedulerName": "rt-scheduler",
        "domain": {
            "cpu": {"sockets": 8, "cores": 1, "threads": 1, "model": "host-passthrough", "dedicatedCpuPlacement": True,
                    "isolateEmulatorThread": True, "numa": {"guestMappingPassthrough": {}}, "realtime": {},
                    "maxSockets": 8},
            "memory": {"guest": "16Gi", "hugepages": {"pageSize": "1Gi"}, "maxGuest": "32Gi"},
            "devices": {"gpus": [{"name": "g", "deviceName": "nvidia.com/A10"}],
                        "hostDevices": [{"name": "h", "deviceName": "intel.com/qat"}]},
            "ioThreadsPolicy": "supplementalPool",
            "ioThreads": {"supplementalPoolThreadCount": 2},
            "launchSecurity": {"sev": {}},
        },
    }
    assert metadata == {"annotations": {"example.com/tier": "gold"}}


def test_every_conflict_path_in_kubevirt_order(recorder: PreferenceRecorder) -> None:
    # golden conflicts/everything: 19 paths, memory reports only its first
    it_spec = {
        "cpu": {"guest": 2, "model": "m", "dedicatedCPUPlacement": True, "isolateEmulatorThread": True,
                "numa": {"guestMappingPassthrough": {}}, "realtime": {}},
        "memory": {"guest": "2Gi", "hugepages": {"pageSize": "2Mi"}, "maxGuest": "4Gi"},
        "nodeSelector": {"a": "b"}, "schedulerName": "s", "gpus": [{"name": "g", "deviceName": "d"}],
        "hostDevices": [{"name": "h", "deviceName": "d"}], "ioThreadsPolicy": "shared",
        "ioThreads": {"supplementalPoolThreadCount": 2}, "launchSecurity": {}, "annotations": {"team": "a"},
    }
    spec = {
        "nodeSelector": {"a": "b"}, "schedulerName": "s",
        "domain": {
            "resources": {"requests": {"cpu": "1", "memory": "1Gi"}, "limits": {"cpu": "1", "memory": "1Gi"}},
            "cpu": {"sockets": 1, "cores": 1, "threads": 1, "model": "x", "dedicatedCpuPlacement": True,
                    "isolateEmulatorThread": True, "numa": {}, "realtime": {}},
            "memory": {"guest": "1Gi", "hugepages": {}, "maxGuest": "2Gi"},
            "ioThreads": {"supplementalPoolThreadCount": 1}, "ioThreadsPolicy": "auto", "launchSecurity": {"sev": {}},
            "devices": {"gpus": [{"name": "g", "deviceName": "d"}], "hostDevices": [{"name": "h", "deviceName": "d"}]},
        },
    }
    metadata = {"annotations": {"team": "b"}}
    conflicts = apply_to_vmi(BASE_PATH, it_spec, {"cpu": {}}, spec, metadata)
    prefix = "spec.template.spec."
    assert expand_error(conflicts) == "VM field(s) " + ", ".join(
        [prefix + p for p in (
            "nodeSelector", "schedulerName", "domain.resources.requests.cpu", "domain.resources.limits.cpu",
            "domain.cpu.sockets", "domain.cpu.cores", "domain.cpu.threads", "domain.cpu.model",
            "domain.cpu.dedicatedCPUPlacement", "domain.cpu.isolateEmulatorThread", "domain.cpu.numa",
            "domain.cpu.realtime", "domain.memory.guest", "domain.ioThreads.supplementalPoolThreadCount",
            "domain.ioThreadsPolicy", "domain.launchSecurity", "domain.devices.gpus", "domain.devices.hostDevices",
        )] + ["annotations.team"]
    ) + " conflicts with selected instance type"
    assert recorder.calls == []


def test_e19_cpu_and_memory_conflicts_together(recorder: PreferenceRecorder) -> None:
    spec = {"domain": {"cpu": {"sockets": 1}, "memory": {"guest": "1Gi"}}}
    conflicts = apply_to_vmi(BASE_PATH, {"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}}, None, spec, {})
    assert [c.dotted for c in conflicts] == ["spec.template.spec.domain.cpu.sockets",
                                             "spec.template.spec.domain.memory.guest"]


def test_conflicts_skip_the_preference(recorder: PreferenceRecorder) -> None:
    # docs/kubevirt/instancetype-apply.md#applytovmi: on conflict the preference is not applied; T and M are the
    # caller's scratch copies (KubeVirt mutates its copy partially too), see test_expand's input-unchanged test
    spec = {"domain": {"cpu": {"sockets": 4}}}
    metadata: dict = {"labels": {"a": "b"}}
    it_spec = {"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}, "nodeSelector": {"k": "v"}, "annotations": {"x": "y"}}
    conflicts = apply_to_vmi(BASE_PATH, it_spec, {"cpu": {"preferredCPUTopology": "cores"}}, spec, metadata)
    assert [c.dotted for c in conflicts] == ["spec.template.spec.domain.cpu.sockets"]
    assert recorder.calls == []


def test_preference_is_applied_after_the_instancetype_on_the_same_objects(recorder: PreferenceRecorder) -> None:
    spec, metadata = vm_template()
    pf_spec = {"cpu": {"preferredCPUTopology": "cores"}}
    it_spec = {"cpu": {"guest": 4}, "memory": {"guest": "2Gi"}, "annotations": {"tier": "gold"}}
    assert apply_to_vmi(BASE_PATH, it_spec, pf_spec, spec, metadata) == []
    [(seen_pf, seen_spec, seen_metadata, spec_snapshot, metadata_snapshot)] = recorder.calls
    assert seen_pf is pf_spec and seen_spec is spec and seen_metadata is metadata
    assert spec_snapshot["domain"]["cpu"] == {"sockets": 1, "cores": 4, "threads": 1}  # topology from PF
    # docs/kubevirt/instancetype-apply.md#example-annotations-from-both-sides: IT annotations first
    assert metadata_snapshot == {"annotations": {"tier": "gold"}}
    assert metadata == {"annotations": {"tier": "gold", "from-preference": "yes"}}


def test_preference_without_instancetype_never_conflicts(recorder: PreferenceRecorder) -> None:
    # golden conflicts/preference-only-never-conflicts
    spec = {"domain": {"cpu": {"sockets": 4}, "memory": {"guest": "1Gi"}, "resources": {"requests": {"cpu": "1"}}}}
    before = copy.deepcopy(spec)
    assert apply_to_vmi(BASE_PATH, None, {"cpu": {"preferredCPUTopology": "cores"}}, spec, {}) == []
    assert spec == before
    assert len(recorder.calls) == 1


def test_vmi_base_path_but_annotations_unprefixed(recorder: PreferenceRecorder) -> None:
    spec = {"domain": {"cpu": {"cores": 2}}}
    metadata = {"annotations": {"team": "b"}}
    conflicts = apply_to_vmi("spec", {"cpu": {"guest": 2}, "memory": {"guest": "1Gi"}, "annotations": {"team": "a"}},
                             None, spec, metadata)
    assert [c.dotted for c in conflicts] == ["spec.domain.cpu.cores", "annotations.team"]


def test_spread_ratio_zero_is_an_error_not_a_crash(recorder: PreferenceRecorder) -> None:
    spec, metadata = vm_template()
    pf_spec = {"cpu": {"preferredCPUTopology": "spread", "spreadOptions": {"ratio": 0}}}
    conflicts = apply_to_vmi(BASE_PATH, {"cpu": {"guest": 4}, "memory": {"guest": "1Gi"}}, pf_spec, spec, metadata)
    assert expand_error(conflicts) == (
        "4 vCPUs provided by the instance type cannot be spread across SocketsCores with a spread ratio of 0 "
        "provided by the preference (KubeVirt panics: integer divide by zero)"
    )
    assert recorder.calls == []


def test_template_objects_keep_their_identity(recorder: PreferenceRecorder) -> None:
    spec, metadata = vm_template()
    domain = spec["domain"]
    apply_to_vmi(BASE_PATH, {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}}, None, spec, metadata)
    assert spec["domain"] is domain
    assert domain["cpu"] == {"sockets": 1, "cores": 1, "threads": 1}


FULL_IT = {
    "cpu": {"guest": 4, "model": "m", "dedicatedCPUPlacement": True, "isolateEmulatorThread": True,
            "numa": {"guestMappingPassthrough": {}}, "realtime": {}},
    "memory": {"guest": "2Gi", "hugepages": {"pageSize": "2Mi"}, "maxGuest": "4Gi", "overcommitPercent": 10},
    "nodeSelector": {"a": "b"}, "schedulerName": "s", "gpus": [{"name": "g", "deviceName": "d"}],
    "hostDevices": [{"name": "h", "deviceName": "d"}], "ioThreadsPolicy": "shared",
    "ioThreads": {"supplementalPoolThreadCount": 2}, "launchSecurity": {"sev": {}}, "annotations": {"team": "a"},
}


@pytest.mark.parametrize("spec, metadata", [
    ({"domain": {"devices": {"disks": [{"name": "d"}]}, "cpu": {"sockets": 2}}}, {"annotations": {"team": "b"}}),
    ({"domain": {"devices": {}, "cpu": {}, "memory": {}, "resources": {"requests": {"memory": "1Gi"}}}}, {}),
    ({"domain": {"devices": {"interfaces": [{"name": "default"}]}}}, {"annotations": {"other": "x"}}),
    ({}, {}),
    ({"domain": {"devices": None}}, {"annotations": None}),
])
@pytest.mark.parametrize("pf_spec", [None, {"cpu": {"preferredCPUTopology": "spread"}},
                                     {"cpu": {"preferredCPUTopology": "cores"}}])
def test_instancetype_conflicts_match_apply_and_change_nothing(recorder: PreferenceRecorder, spec: dict,
                                                               metadata: dict, pf_spec: dict | None) -> None:
    before = copy.deepcopy((spec, metadata))
    conflicts = vmi.instancetype_conflicts(BASE_PATH, FULL_IT, pf_spec, spec, metadata)
    assert (spec, metadata) == before
    assert recorder.calls == []
    applied_conflicts = apply_to_vmi(BASE_PATH, FULL_IT, pf_spec, *copy.deepcopy(before))
    assert [c.dotted for c in conflicts] == [c.dotted for c in applied_conflicts]


def test_instancetype_conflicts_without_instancetype_and_vm_guest_is_empty(recorder: PreferenceRecorder) -> None:
    spec = {"domain": {"cpu": {"sockets": 4}}}
    assert vmi.instancetype_conflicts(BASE_PATH, None, {"cpu": {"preferredCPUTopology": "cores"}}, spec, {}) == []

"""instancetype.spec.CPU (KubeVirt pkg/instancetype/apply/cpu_test.go;
docs/kubevirt/instancetype-apply.md#field-table, #cpu, docs/kubevirt/cpu-topology.md#cpu-topology)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.apply.cpu import apply_cpu, validate_cpu
from krmfn.kubevirt.instancetype.conflict import Conflict

BASE = Conflict.from_path("spec.template.spec")


def it(**cpu: object) -> dict:
    return {"cpu": {"guest": 2, **cpu}, "memory": {"guest": "1Gi"}}


def paths(conflicts: list[Conflict]) -> list[str]:
    return [conflict.dotted for conflict in conflicts]


class TestTopology:
    def test_should_default_to_prefer_sockets(self) -> None:
        template: dict = {}
        assert apply_cpu(BASE, {"cpu": {"guest": 4}}, None, template) == []
        # docs/kubevirt/instancetype-apply.md#example-default-topology
        assert template == {"domain": {"cpu": {"sockets": 4, "cores": 1, "threads": 1}}}

    def test_should_default_to_sockets_when_instancetype_is_used_with_prefer_any(self) -> None:
        template: dict = {}
        apply_cpu(BASE, {"cpu": {"guest": 4}}, {"cpu": {"preferredCPUTopology": "preferAny"}}, template)
        assert template["domain"]["cpu"] == {"sockets": 4, "cores": 1, "threads": 1}

    @pytest.mark.parametrize(
        ("topology", "expected"),
        [("preferCores", (1, 2, 1)), ("cores", (1, 2, 1)), ("preferThreads", (1, 1, 2)), ("threads", (1, 1, 2)),
         ("preferSockets", (2, 1, 1)), ("sockets", (2, 1, 1)), ("spread", (1, 2, 1))],
    )
    def test_should_apply_in_full_with_selected_topology(self, topology: str, expected: tuple) -> None:
        template: dict = {}
        assert apply_cpu(BASE, it(model="host-passthrough"), {"cpu": {"preferredCPUTopology": topology}},
                         template) == []
        cpu = template["domain"]["cpu"]
        assert (cpu["sockets"], cpu["cores"], cpu["threads"]) == expected
        assert cpu["model"] == "host-passthrough"

    @pytest.mark.parametrize(
        ("vcpus", "options", "expected"),
        [
            (1, {}, (1, 1, 1)),
            (2, {}, (1, 2, 1)),
            (8, {}, (4, 2, 1)),
            (12, {"ratio": 3}, (4, 3, 1)),
            (16, {"ratio": 4}, (4, 4, 1)),
            (12, {"across": "SocketsCoresThreads"}, (3, 2, 2)),
            (18, {"across": "SocketsCoresThreads", "ratio": 3}, (3, 3, 2)),
            (36, {"across": "SocketsCoresThreads", "ratio": 4}, (4, 4, 2)),
            (8, {"across": "CoresThreads"}, (1, 4, 2)),
        ],
    )
    def test_with_prefer_spread(self, vcpus: int, options: dict, expected: tuple) -> None:
        template: dict = {}
        pf = {"cpu": {"preferredCPUTopology": "preferSpread", "spreadOptions": options}}
        assert apply_cpu(BASE, {"cpu": {"guest": vcpus}}, pf, template) == []
        cpu = template["domain"]["cpu"]
        assert (cpu["sockets"], cpu["cores"], cpu["threads"]) == expected

    def test_sockets_zero_is_omitted(self) -> None:
        # docs/kubevirt/cpu-topology.md#worked-examples: 2 vCPUs spread with ratio 3
        template: dict = {}
        apply_cpu(BASE, {"cpu": {"guest": 2}},
                  {"preferSpreadSocketToCoreRatio": 3, "cpu": {"preferredCPUTopology": "spread"}}, template)
        assert template["domain"]["cpu"] == {"cores": 3, "threads": 1}

    def test_guest_zero(self) -> None:
        # golden instancetype-fields/cpu-guest-0
        template: dict = {}
        apply_cpu(BASE, {"cpu": {"guest": 0}}, None, template)
        assert template["domain"]["cpu"] == {"cores": 1, "threads": 1}

    def test_spread_ratio_zero_is_reported_instead_of_crashing(self) -> None:
        template: dict = {}
        pf = {"cpu": {"preferredCPUTopology": "spread", "spreadOptions": {"ratio": 0}}}
        conflicts = apply_cpu(BASE, {"cpu": {"guest": 4}}, pf, template)
        assert paths(conflicts) == ["preference.spec.cpu.spreadOptions.ratio"]
        assert "integer divide by zero" in conflicts[0].message
        assert "sockets" not in template["domain"]["cpu"]

    def test_undecodable_guest(self) -> None:
        conflicts = apply_cpu(BASE, {"cpu": {"guest": "two"}}, None, {})
        assert paths(conflicts) == ["instancetype.spec.cpu.guest"]
        assert conflicts[0].message.startswith("invalid value 'two' for spec.cpu.guest")


class TestCopiedFields:
    def test_e17_full_cpu_copy(self) -> None:
        template: dict = {}
        spec = {"cpu": {"guest": 2, "model": "host-passthrough", "dedicatedCPUPlacement": True,
                        "isolateEmulatorThread": True, "numa": {"guestMappingPassthrough": {}},
                        "realtime": {"mask": "0-3,^1"}, "maxSockets": 6}}
        assert apply_cpu(BASE, spec, None, template) == []
        assert template["domain"]["cpu"] == {
            "sockets": 2, "cores": 1, "threads": 1, "model": "host-passthrough", "dedicatedCpuPlacement": True,
            "isolateEmulatorThread": True, "numa": {"guestMappingPassthrough": {}}, "realtime": {"mask": "0-3,^1"},
            "maxSockets": 6,
        }

    def test_numa_and_realtime_are_deep_copies(self) -> None:
        spec = it(numa={"guestMappingPassthrough": {}}, realtime={})
        template: dict = {}
        apply_cpu(BASE, spec, None, template)
        template["domain"]["cpu"]["numa"]["guestMappingPassthrough"]["x"] = 1
        assert spec["cpu"]["numa"] == {"guestMappingPassthrough": {}}
        assert template["domain"]["cpu"]["realtime"] == {}

    def test_e23_model_empty_string_is_set_but_written_as_absent(self) -> None:
        template: dict = {}
        assert apply_cpu(BASE, it(model=""), None, template) == []
        assert "model" not in template["domain"]["cpu"]

    def test_e22_dedicated_false_is_written_as_absent(self) -> None:
        template = {"domain": {"cpu": {"dedicatedCpuPlacement": False}}}
        assert apply_cpu(BASE, it(dedicatedCPUPlacement=False), None, template) == []
        assert "dedicatedCpuPlacement" not in template["domain"]["cpu"]

    def test_vm_dedicated_false_does_not_conflict(self) -> None:
        # golden instancetype-fields/cpu-dedicated-false-vm-false
        template = {"domain": {"cpu": {"dedicatedCpuPlacement": False}}}
        assert apply_cpu(BASE, it(dedicatedCPUPlacement=True), None, template) == []
        assert template["domain"]["cpu"]["dedicatedCpuPlacement"] is True

    def test_isolate_emulator_thread_false_is_written_as_absent(self) -> None:
        template: dict = {}
        apply_cpu(BASE, it(isolateEmulatorThread=False), None, template)
        assert "isolateEmulatorThread" not in template["domain"]["cpu"]

    def test_e24_max_sockets_silently_overrides(self) -> None:
        template = {"domain": {"cpu": {"maxSockets": 16}}}
        assert apply_cpu(BASE, it(maxSockets=4), None, template) == []
        assert template["domain"]["cpu"]["maxSockets"] == 4

    def test_max_sockets_zero_overrides_with_absent(self) -> None:
        # golden instancetype-fields/cpu-maxsockets-zero-overrides-vm
        template = {"domain": {"cpu": {"maxSockets": 8}}}
        apply_cpu(BASE, it(maxSockets=0), None, template)
        assert "maxSockets" not in template["domain"]["cpu"]

    def test_absent_fields_keep_vm_values(self) -> None:
        template = {"domain": {"cpu": {"model": "host-model", "dedicatedCpuPlacement": True,
                                       "features": [{"name": "vmx", "policy": "require"}]}}}
        assert apply_cpu(BASE, {"cpu": {"guest": 2}}, None, template) == []
        assert template["domain"]["cpu"] == {"model": "host-model", "dedicatedCpuPlacement": True,
                                             "features": [{"name": "vmx", "policy": "require"}],
                                             "sockets": 2, "cores": 1, "threads": 1}

    def test_null_it_fields_are_unset(self) -> None:
        template = {"domain": {"cpu": {"model": "host-model"}}}
        assert apply_cpu(BASE, it(model=None, numa=None), None, template) == []
        assert template["domain"]["cpu"]["model"] == "host-model"


class TestConflicts:
    def test_should_return_a_conflict_if_vmi_spec_domain_cpu_already_defined(self) -> None:
        # docs/kubevirt/instancetype-apply.md#example-cpu-and-memory-conflicts-together: every dimension conflicts,
        # even when it matches the instance type
        template = {"domain": {"cpu": {"sockets": 1, "cores": 1, "threads": 1}}}
        assert paths(apply_cpu(BASE, it(), None, template)) == [
            "spec.template.spec.domain.cpu.sockets", "spec.template.spec.domain.cpu.cores",
            "spec.template.spec.domain.cpu.threads",
        ]
        assert template == {"domain": {"cpu": {"sockets": 1, "cores": 1, "threads": 1}}}

    def test_matching_sockets_still_conflict(self) -> None:
        assert paths(apply_cpu(BASE, it(), None, {"domain": {"cpu": {"sockets": 2}}})) == [
            "spec.template.spec.domain.cpu.sockets"
        ]

    def test_zero_dimensions_do_not_conflict(self) -> None:
        template = {"domain": {"cpu": {"sockets": 0, "cores": 0, "threads": 0}}}
        assert apply_cpu(BASE, it(), None, template) == []
        assert template["domain"]["cpu"] == {"sockets": 2, "cores": 1, "threads": 1}

    @pytest.mark.parametrize("section", ["requests", "limits"])
    @pytest.mark.parametrize("value", ["1", "0", 2, None])
    def test_should_return_a_conflict_if_resources_cpu_already_defined(self, section: str, value: object) -> None:
        # docs/kubevirt/instancetype-apply.md#field-table: only the key matters, even "0"
        template = {"domain": {"resources": {section: {"cpu": value}}}}
        assert paths(apply_cpu(BASE, it(), None, template)) == [f"spec.template.spec.domain.resources.{section}.cpu"]

    def test_memory_resources_are_not_cpu_conflicts(self) -> None:
        template = {"domain": {"resources": {"requests": {"memory": "1Gi"}}}}
        assert apply_cpu(BASE, it(), None, template) == []

    def test_model_conflicts_even_with_empty_it_model(self) -> None:
        # docs/kubevirt/instancetype-apply.md#field-table, golden conflicts/cpu-model-empty-string
        template = {"domain": {"cpu": {"model": "host-model"}}}
        assert paths(apply_cpu(BASE, it(model=""), None, template)) == ["spec.template.spec.domain.cpu.model"]

    def test_vm_model_without_it_model_is_kept(self) -> None:
        template = {"domain": {"cpu": {"model": "host-model"}}}
        assert apply_cpu(BASE, it(), None, template) == []

    def test_dedicated_cpu_conflict_uses_go_casing(self) -> None:
        # docs/kubevirt/instancetype-apply.md#example-dedicated-cpu-path-casing
        template = {"domain": {"cpu": {"dedicatedCpuPlacement": True}}}
        assert paths(apply_cpu(BASE, it(dedicatedCPUPlacement=False), None, template)) == [
            "spec.template.spec.domain.cpu.dedicatedCPUPlacement"
        ]

    def test_isolate_emulator_thread_conflict(self) -> None:
        template = {"domain": {"cpu": {"isolateEmulatorThread": True}}}
        assert paths(apply_cpu(BASE, it(isolateEmulatorThread=True), None, template)) == [
            "spec.template.spec.domain.cpu.isolateEmulatorThread"
        ]

    @pytest.mark.parametrize("name", ["numa", "realtime"])
    def test_object_conflicts(self, name: str) -> None:
        template = {"domain": {"cpu": {name: {}}}}
        assert paths(apply_cpu(BASE, it(**{name: {}}), None, template)) == [f"spec.template.spec.domain.cpu.{name}"]
        assert apply_cpu(BASE, it(), None, {"domain": {"cpu": {name: {}}}}) == []

    def test_all_ten_in_kubevirt_order(self) -> None:
        # golden conflicts/all-cpu-paths
        domain = {
            "resources": {"requests": {"cpu": "1"}, "limits": {"cpu": "1"}},
            "cpu": {"sockets": 1, "cores": 1, "threads": 1, "model": "a", "dedicatedCpuPlacement": True,
                    "isolateEmulatorThread": True, "numa": {}, "realtime": {}},
        }
        spec = it(model="b", dedicatedCPUPlacement=True, isolateEmulatorThread=True, numa={}, realtime={})
        assert paths(validate_cpu(BASE, spec["cpu"], domain)) == [
            "spec.template.spec.domain.resources.requests.cpu", "spec.template.spec.domain.resources.limits.cpu",
            "spec.template.spec.domain.cpu.sockets", "spec.template.spec.domain.cpu.cores",
            "spec.template.spec.domain.cpu.threads", "spec.template.spec.domain.cpu.model",
            "spec.template.spec.domain.cpu.dedicatedCPUPlacement",
            "spec.template.spec.domain.cpu.isolateEmulatorThread",
            "spec.template.spec.domain.cpu.numa", "spec.template.spec.domain.cpu.realtime",
        ]

    def test_vmi_base_path(self) -> None:
        conflicts = apply_cpu(Conflict.from_path("spec"), it(), None, {"domain": {"cpu": {"sockets": 4}}})
        assert paths(conflicts) == ["spec.domain.cpu.sockets"]

"""instancetype.Spec.Memory (KubeVirt pkg/instancetype/apply/memory_test.go;
docs/kubevirt/instancetype-apply.md#field-table, #memory)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.apply.memory import apply_memory
from krmfn.kubevirt.instancetype.conflict import Conflict

BASE = Conflict.from_path("spec.template.spec")


def it(**memory: object) -> dict:
    return {"cpu": {"guest": 1}, "memory": {"guest": "1Gi", **memory}}


def paths(conflicts: list[Conflict]) -> list[str]:
    return [conflict.dotted for conflict in conflicts]


class TestApply:
    def test_should_apply_memory_spec_to_vmi(self) -> None:
        template: dict = {}
        spec = it(hugepages={"pageSize": "1Gi"}, maxGuest="4Gi")
        assert apply_memory(BASE, spec, template) == []
        assert template == {"domain": {"memory": {"guest": "1Gi", "hugepages": {"pageSize": "1Gi"}, "maxGuest": "4Gi"}}}

    def test_hugepages_is_a_deep_copy(self) -> None:
        spec = it(hugepages={"pageSize": "2Mi"})
        template: dict = {}
        apply_memory(BASE, spec, template)
        template["domain"]["memory"]["hugepages"]["pageSize"] = "1Gi"
        assert spec["memory"]["hugepages"] == {"pageSize": "2Mi"}

    @pytest.mark.parametrize(
        ("guest", "written"),
        [("2048Mi", "2Gi"), ("1.5Gi", "1536Mi"), ("1000M", "1G"), (1073741824, "1073741824"),
         ("1073741824", "1073741824"), ("01Gi", "01Gi"), ("+2Gi", "+2Gi"), ("1e9", "1e9"),
         (1000000000.0, "1G"), ("2.5e9", "2500e6")],
    )
    def test_guest_is_written_as_kubevirt_serialises_it(self, guest: object, written: str) -> None:
        template: dict = {}
        apply_memory(BASE, {"memory": {"guest": guest}}, template)
        assert template["domain"]["memory"]["guest"] == written

    def test_max_guest_is_canonicalised(self) -> None:
        template: dict = {}
        apply_memory(BASE, it(maxGuest="8192Mi"), template)
        assert template["domain"]["memory"]["maxGuest"] == "8Gi"

    def test_max_guest_below_guest_is_copied(self) -> None:
        template: dict = {}
        apply_memory(BASE, {"memory": {"guest": "4Gi", "maxGuest": "1Gi"}}, template)
        assert template["domain"]["memory"] == {"guest": "4Gi", "maxGuest": "1Gi"}

    @pytest.mark.parametrize(
        ("guest", "percent", "requested"),
        [("1Gi", 15, "912680576"), ("1Gi", 80, "214748352"), ("512M", 15, "435200k"), ("3Gi", 7, "2925527Ki"),
         ("8Gi", 50, "4Gi"), ("1e9", 10, "900e6"), ("2Gi", 100, "0")],
    )
    def test_overcommit(self, guest: str, percent: int, requested: str) -> None:
        template: dict = {}
        assert apply_memory(BASE, {"memory": {"guest": guest, "overcommitPercent": percent}}, template) == []
        assert template["domain"]["resources"] == {"requests": {"memory": requested}}
        assert template["domain"]["memory"]["guest"] == guest

    @pytest.mark.parametrize("percent", [0, None, -5])
    def test_no_overcommit_writes_no_request(self, percent: object) -> None:
        template: dict = {}
        apply_memory(BASE, {"memory": {"guest": "2Gi", "overcommitPercent": percent}}, template)
        assert "resources" not in template["domain"]

    def test_overcommit_keeps_other_resources(self) -> None:
        # golden instancetype-fields/memory-overcommit-vm-overcommitguestoverhead
        template = {"domain": {"resources": {"overcommitGuestOverhead": True}}}
        apply_memory(BASE, {"memory": {"guest": "4Gi", "overcommitPercent": 20}}, template)
        assert template["domain"]["resources"] == {"overcommitGuestOverhead": True,
                                                   "requests": {"memory": "3435973888"}}

    def test_overcommit_and_hugepages_are_both_written(self) -> None:
        # golden instancetype-fields/overcommit-and-hugepages-from-revision
        template: dict = {}
        apply_memory(BASE, {"memory": {"guest": "2Gi", "overcommitPercent": 10, "hugepages": {"pageSize": "2Mi"}}},
                     template)
        assert template["domain"] == {"memory": {"guest": "2Gi", "hugepages": {"pageSize": "2Mi"}},
                                      "resources": {"requests": {"memory": "1932735232"}}}

    def test_vm_reserved_overhead_is_kept(self) -> None:
        template = {"domain": {"memory": {"reservedOverhead": {"addedOverhead": "128Mi"}}}}
        apply_memory(BASE, it(), template)
        assert template["domain"]["memory"] == {"reservedOverhead": {"addedOverhead": "128Mi"}, "guest": "1Gi"}

    def test_missing_guest_is_gos_zero_quantity(self) -> None:
        template: dict = {}
        assert apply_memory(BASE, {"cpu": {"guest": 1}}, template) == []
        assert template["domain"]["memory"] == {"guest": "0"}


class TestConflicts:
    def test_should_return_a_conflict_if_guest_is_already_defined(self) -> None:
        template = {"domain": {"memory": {"guest": "1Gi"}}}
        assert paths(apply_memory(BASE, it(), template)) == ["spec.template.spec.domain.memory.guest"]
        assert template == {"domain": {"memory": {"guest": "1Gi"}}}

    def test_should_return_a_conflict_if_both_define_hugepages(self) -> None:
        template = {"domain": {"memory": {"hugepages": {"pageSize": "2Mi"}}}}
        assert paths(apply_memory(BASE, it(hugepages={"pageSize": "1Gi"}), template)) == [
            "spec.template.spec.domain.memory.hugepages"
        ]

    def test_should_not_return_a_conflict_if_only_vm_defines_hugepages(self) -> None:
        template = {"domain": {"memory": {"hugepages": {"pageSize": "2Mi"}}}}
        assert apply_memory(BASE, it(), template) == []
        assert template["domain"]["memory"] == {"hugepages": {"pageSize": "2Mi"}, "guest": "1Gi"}

    def test_should_return_a_conflict_if_both_define_max_guest(self) -> None:
        template = {"domain": {"memory": {"maxGuest": "2Gi"}}}
        assert paths(apply_memory(BASE, it(maxGuest="4Gi"), template)) == ["spec.template.spec.domain.memory.maxGuest"]

    def test_should_not_return_a_conflict_if_only_vm_defines_max_guest(self) -> None:
        template = {"domain": {"memory": {"maxGuest": "2Gi"}}}
        assert apply_memory(BASE, it(), template) == []
        assert template["domain"]["memory"]["maxGuest"] == "2Gi"

    @pytest.mark.parametrize("section", ["requests", "limits"])
    def test_should_return_a_conflict_if_memory_resource_is_already_defined(self, section: str) -> None:
        template = {"domain": {"resources": {section: {"memory": "128Mi"}}}}
        assert paths(apply_memory(BASE, it(), template)) == [f"spec.template.spec.domain.resources.{section}.memory"]

    def test_e20_only_the_first_conflict(self) -> None:
        template = {"domain": {"memory": {"guest": "1Gi", "hugepages": {}, "maxGuest": "2Gi"},
                               "resources": {"requests": {"memory": "1Gi"}, "limits": {"memory": "1Gi"}}}}
        spec = it(hugepages={"pageSize": "2Mi"}, maxGuest="4Gi")
        assert paths(apply_memory(BASE, spec, template)) == ["spec.template.spec.domain.memory.guest"]

    def test_hugepages_first_when_no_guest(self) -> None:
        # golden conflicts/memory-hugepages-first
        template = {"domain": {"memory": {"hugepages": {}}, "resources": {"limits": {"memory": "1Gi"}}}}
        assert paths(apply_memory(BASE, it(hugepages={"pageSize": "2Mi"}), template)) == [
            "spec.template.spec.domain.memory.hugepages"
        ]

    def test_requests_before_limits(self) -> None:
        template = {"domain": {"resources": {"requests": {"memory": "1Gi"}, "limits": {"memory": "1Gi"}}}}
        assert paths(apply_memory(BASE, it(), template)) == ["spec.template.spec.domain.resources.requests.memory"]

    def test_cpu_resources_are_not_memory_conflicts(self) -> None:
        assert apply_memory(BASE, it(), {"domain": {"resources": {"requests": {"cpu": "1"}}}}) == []


class TestUndecodableValues:
    def test_invalid_guest(self) -> None:
        conflicts = apply_memory(BASE, {"memory": {"guest": "lots"}}, {})
        assert paths(conflicts) == ["instancetype.spec.memory.guest"]
        assert conflicts[0].message == (
            "invalid value 'lots' for instance type spec.memory.guest: quantities must match the regular "
            "expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
        )

    def test_invalid_max_guest(self) -> None:
        conflicts = apply_memory(BASE, it(maxGuest="1K"), {})
        assert conflicts[0].message == (
            "invalid value '1K' for instance type spec.memory.maxGuest: unable to parse quantity's suffix"
        )

    def test_invalid_overcommit_percent(self) -> None:
        conflicts = apply_memory(BASE, it(overcommitPercent="ten"), {})
        assert paths(conflicts) == ["instancetype.spec.memory.overcommitPercent"]

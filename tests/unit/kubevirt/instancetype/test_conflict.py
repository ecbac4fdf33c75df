"""krmfn.kubevirt.instancetype.conflict: paths and docs/kubevirt/conflicts.md#conflicts-and-how-they-are-reported
message formats."""
from __future__ import annotations

from krmfn.kubevirt.instancetype.conflict import (
    Conflict,
    apply_to_vm_error,
    expand_error,
    join_paths,
    path_string,
    status_causes,
    vmi_controller_error,
    webhook_causes,
    webhook_denial,
    webhook_message,
)

BASE = Conflict.from_path("spec.template.spec")
SOCKETS = BASE.child("domain", "cpu", "sockets")
CORES = BASE.child("domain", "cpu", "cores")
THREADS = BASE.child("domain", "cpu", "threads")


class TestPaths:
    def test_child_extends_the_base_path(self) -> None:
        assert SOCKETS.path == ("spec", "template", "spec", "domain", "cpu", "sockets")
        assert SOCKETS.dotted == "spec.template.spec.domain.cpu.sockets"
        assert str(SOCKETS) == "spec.template.spec.domain.cpu.sockets"

    def test_from_path_accepts_elements(self) -> None:
        assert Conflict.from_path(["spec"]).child("domain", "cpu", "cores").dotted == "spec.domain.cpu.cores"

    def test_new_has_no_base(self) -> None:
        assert Conflict.new("annotations", "example.com/tier").dotted == "annotations.example.com/tier"

    def test_empty_name_prints_as_index_like_go(self) -> None:
        assert path_string(("annotations", "")) == "annotations[]"
        assert path_string(()) == ""

    def test_child_drops_the_message(self) -> None:
        assert Conflict.with_message("m", "x").child("y") == Conflict(("x", "y"))


class TestExpand:
    def test_single(self) -> None:
        assert expand_error([SOCKETS]) == (
            "VM field(s) spec.template.spec.domain.cpu.sockets conflicts with selected instance type"
        )

    def test_e18_three_paths_joined(self) -> None:
        assert expand_error([SOCKETS, CORES, THREADS]) == (
            "VM field(s) spec.template.spec.domain.cpu.sockets, spec.template.spec.domain.cpu.cores, "
            "spec.template.spec.domain.cpu.threads conflicts with selected instance type"
        )

    def test_e31_annotation(self) -> None:
        conflict = Conflict.new("annotations", "annotation-1")
        assert expand_error([conflict]) == (
            "VM field(s) annotations.annotation-1 conflicts with selected instance type"
        )

    def test_join_paths(self) -> None:
        assert join_paths([SOCKETS, CORES]) == (
            "spec.template.spec.domain.cpu.sockets, spec.template.spec.domain.cpu.cores")

    def test_own_messages_come_first(self) -> None:
        own = Conflict.with_message("bad guest", "instancetype.spec.cpu.guest")
        assert expand_error([own]) == "bad guest"
        assert expand_error([own, SOCKETS]) == (
            "bad guest; VM field(s) spec.template.spec.domain.cpu.sockets conflicts with selected instance type"
        )


class TestWebhook:
    def test_status_cause(self) -> None:
        assert SOCKETS.status_cause() == {
            "type": "FieldValueInvalid",
            "message": "VM field(s) spec.template.spec.domain.cpu.sockets conflicts with selected instance type",
            "field": "spec.template.spec.domain.cpu.sockets",
        }

    def test_status_cause_with_own_message(self) -> None:
        spread = Conflict.with_message("3 vCPUs ...", "instancetype.spec.cpu.guest")
        assert spread.status_cause() == {
            "type": "FieldValueInvalid", "message": "3 vCPUs ...", "field": "instancetype.spec.cpu.guest",
        }
        assert spread.error() == "3 vCPUs ..."

    def test_one_cause_per_conflict(self) -> None:
        assert [cause["field"] for cause in status_causes([SOCKETS, CORES])] == [SOCKETS.dotted, CORES.dotted]

    def test_message_joins_cause_messages(self) -> None:
        assert webhook_message([SOCKETS, CORES, THREADS]) == (
            "VM field(s) spec.template.spec.domain.cpu.sockets conflicts with selected instance type, "
            "VM field(s) spec.template.spec.domain.cpu.cores conflicts with selected instance type, "
            "VM field(s) spec.template.spec.domain.cpu.threads conflicts with selected instance type"
        )

    def test_ten_causes_are_not_capped(self) -> None:
        conflicts = [BASE.child(f"f{index}") for index in range(10)]
        assert len(webhook_causes(conflicts)) == 10
        assert "more validation errors" not in webhook_message(conflicts)

    def test_more_than_ten_causes(self) -> None:
        # golden conflicts/everything: 19 conflicts -> first 10 and ", and 9 more validation errors"
        conflicts = [BASE.child(f"f{index}") for index in range(19)]
        assert len(webhook_causes(conflicts)) == 10
        message = webhook_message(conflicts)
        assert message.endswith(
            "VM field(s) spec.template.spec.f9 conflicts with selected instance type, and 9 more validation errors"
        )
        assert "f10" not in message

    def test_denial(self) -> None:
        assert webhook_denial([SOCKETS]) == (
            'admission webhook "virtualmachine-validator.kubevirt.io" denied the request: '
            "VM field(s) spec.template.spec.domain.cpu.sockets conflicts with selected instance type"
        )


def test_other_callers() -> None:
    spec_sockets = Conflict.from_path("spec").child("domain", "cpu", "sockets")
    spec_cores = Conflict.from_path("spec").child("domain", "cpu", "cores")
    assert vmi_controller_error([spec_sockets, spec_cores]) == (
        "VMI conflicts with instancetype spec in fields: [spec.domain.cpu.sockets, spec.domain.cpu.cores]"
    )
    assert apply_to_vm_error([spec_sockets]) == (
        "VM conflicts with instancetype spec in fields: [spec.domain.cpu.sockets]")

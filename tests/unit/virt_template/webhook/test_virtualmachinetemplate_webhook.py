"""krmfn's cases of the webhook beyond virt-template's own: the aggregate of several errors, and
where the warnings point."""
from __future__ import annotations

from krmfn.virt_template.webhook.virtualmachinetemplate_webhook import REASON_UNREFERENCED_PARAMETER, validate_create


def test_several_undefined_references_aggregate_in_brackets() -> None:
    tpl = {"spec": {"virtualMachine": {"metadata": {"name": "${A}", "labels": {"b": "${B}"}}}}}
    verdict = validate_create(tpl)
    assert verdict.message == ('[spec.virtualMachine: Invalid value: "A": references undefined parameter A, '
                               'spec.virtualMachine: Invalid value: "B": references undefined parameter B]')


def test_a_warning_points_at_its_parameter() -> None:
    verdict = validate_create({"spec": {"parameters": [{"name": "X"}], "virtualMachine": {}}})
    assert verdict.allowed
    [warning] = verdict.warnings
    assert (warning.reason, warning.path) == (REASON_UNREFERENCED_PARAMETER, "spec.parameters[0].name")

"""The checks as the reports and `krmfn checks` describe them (krmfn.cli.rules.RULES), from the check modules."""
from __future__ import annotations

from krmfn.cli.rules import RULE_BY_ID, RULES
from krmfn.report.rules import help_uri
from krmfn.modes.validate.checks import CHECKS


def test_a_rule_per_check_plus_input():
    assert [rule.id for rule in RULES] == [*(check.ID for check in CHECKS), "input"]
    for check in CHECKS:
        rule = RULE_BY_ID[check.ID]
        assert (rule.severity, rule.summary, rule.mirrors, rule.fix) == (check.SEVERITY, check.SUMMARY, check.MIRRORS,
                                                                         check.FIX)


def test_description_and_examples_come_from_the_docstring():
    rule = RULE_BY_ID["conflict"]
    assert rule.description.startswith(
        "conflict: the VM sets something its instance type owns\n"
        "([instancetype apply](../kubevirt/instancetype-apply.md#applying-an-instance-type),\n"
        "[conflicts](../kubevirt/conflicts.md#conflicts-and-how-they-are-reported)).\n\n")
    assert rule.description.endswith("`VM field(s) ... conflicts with selected instance type`.")
    assert rule.passing.startswith("apiVersion: kubevirt.io/v1\nkind: VirtualMachine\n")
    assert "cpu: {sockets: 2}" in rule.failing and "cpu: {sockets: 2}" not in rule.passing
    assert rule.failing.endswith("spec: {cpu: {guest: 1}, memory: {guest: 1Gi}}\n")


def test_help_uri_is_the_checks_page():
    assert help_uri("conflict") == "https://github.com/krmfn/krmfn/blob/main/docs/checks/conflict.md"
    assert RULE_BY_ID["input"].help_uri.endswith("/docs/checks/input.md")

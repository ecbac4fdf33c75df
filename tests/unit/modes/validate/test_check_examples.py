"""Every check's docstring holds a passing and a failing example; both must be true."""
from __future__ import annotations

import re

import pytest
import yaml

from krmfn.modes.validate.mode import run_validate
from krmfn.modes.validate.checks import CHECKS

_BLOCK = re.compile(r"^(Passing|Failing) example[^\n]*::\n\n((?:    .*\n|\n)+)", re.M)


def examples(check) -> dict[str, list[dict]]:
    out = {}
    for kind, body in _BLOCK.findall(check.__doc__):
        text = "\n".join(line[4:] for line in body.splitlines())
        out[kind] = [doc for doc in yaml.safe_load_all(text) if doc is not None]
    return out


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.ID)
def test_docstring_has_both_examples(check):
    assert set(examples(check)) == {"Passing", "Failing"}, check.ID
    assert check.SUMMARY and check.MIRRORS and check.FIX and check.SEVERITY in ("error", "warning", "info")


# Checks whose failing example needs an engine stage that is not wired yet: strict, so the test fails
# (XPASS) once it is, and the entry must go. template-admission: virt-template's webhook, called
# from krmfn.virt_template.admit._virt_template_webhook.
@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.ID)
def test_failing_example_fails(check, request):
    options = getattr(check, "EXAMPLE_OPTIONS", {})
    findings = run_validate(examples(check)["Failing"], options).findings
    assert [f for f in findings if f.check == check.ID], check.ID


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.ID)
def test_passing_example_passes_every_check(check):
    options = getattr(check, "EXAMPLE_OPTIONS", {})
    findings = run_validate(examples(check)["Passing"], options).findings
    assert findings == [], [(f.check, f.message) for f in findings]


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.ID)
def test_a_check_can_be_switched_off(check):
    options = {**getattr(check, "EXAMPLE_OPTIONS", {}), "disable": [check.ID]}
    findings = run_validate(examples(check)["Failing"], options).findings
    assert not [f for f in findings if f.check == check.ID]


def test_severity_override_and_strict():
    failing = examples(next(c for c in CHECKS if c.ID == "deprecated"))["Failing"]  # warnings
    assert {f.severity for f in run_validate(failing, {}).findings} == {"warning"}
    assert {f.severity for f in run_validate(failing, {"severity": ["deprecated=info"]}).findings} == {"info"}
    assert {f.severity for f in run_validate(failing, {"strict": True}).findings} == {"error"}


def test_validate_never_changes_an_item():
    failing = [doc for check in CHECKS for doc in examples(check)["Failing"]]
    outcome = run_validate(failing, {})
    assert outcome.items == failing and outcome.changed == set() and outcome.sources == list(range(len(failing)))


def test_kustomize_validator_outputs_no_items():
    outcome = run_validate(examples(CHECKS[0])["Failing"], {"kustomizeValidator": True})
    assert outcome.items == [] and outcome.findings

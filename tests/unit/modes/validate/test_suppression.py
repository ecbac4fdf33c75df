"""`krmfn.dev/ignore` on an object suppresses the named checks' findings about that object only,
with the reason recorded; an unknown check ID in it is a warning."""
from __future__ import annotations

import json

import yaml

from krmfn.modes.inline.mode import run_inline
from krmfn.modes.validate.mode import run_validate
from tests.conftest import DEPRECATED_PREFERENCE, VALIDATE, krmfn_process, load12, resource_list

PREFERENCE = DEPRECATED_PREFERENCE
VM = """apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: db
  namespace: lab
  annotations:
    krmfn.dev/ignore: {ignore}
    krmfn.dev/ignore-reason: {reason}
spec:
  instancetype:
    name: u1.huge
  preference:
    name: old
  template:
    spec:
      domain:
        devices: {{}}
  runStrategy: Halted
"""


def bundle(ignore: str, reason: str = '""') -> list:
    return [*yaml.safe_load_all(PREFERENCE), yaml.safe_load(VM.format(ignore=ignore, reason=reason))]


def summary(findings) -> list[tuple]:
    return sorted((f.item, f.check, f.severity, f.tags.get("suppressed"), f.tags.get("suppressedSeverity"))
                  for f in findings)


def test_unsuppressed():
    assert summary(run_validate(bundle('""'), {}).findings) == [
        (0, "deprecated", "warning", None, None), (1, "reference", "error", None, None)]


def test_named_check_on_the_annotated_object_only():
    # the VM's annotation names deprecated too, but the deprecation is the preference's finding
    findings = run_validate(bundle("reference, deprecated", '"u1.huge comes with the cluster"'), {}).findings
    assert summary(findings) == [(0, "deprecated", "warning", None, None),
                                 (1, "reference", "info", "u1.huge comes with the cluster", "error")]


def test_all_without_reason_and_after_the_severity_options():
    findings = run_validate(bundle("all"), {"strict": True, "severity": ["reference=warning"]}).findings
    assert summary(findings) == [(0, "deprecated", "error", None, None),
                                 (1, "reference", "info", "krmfn.dev/ignore", "error")]


def test_unknown_check_id_is_a_warning():
    findings = run_validate(bundle("referense,all"), {}).findings
    unknown = [f for f in findings if f.check == "ignore-annotation"]
    assert len(unknown) == 1 and unknown[0].item == 1 and unknown[0].severity == "info"  # `all` covers it too
    unknown = [f for f in run_validate(bundle("referense"), {}).findings if f.check == "ignore-annotation"]
    assert [(f.item, f.severity, f.path) for f in unknown] == [(1, "warning", "metadata.annotations")]
    assert unknown[0].message.startswith('unknown check "referense" in the krmfn.dev/ignore annotation (checks: ')


def test_cli_report_and_exit_code(tmp_path):
    (tmp_path / "all.yaml").write_text(PREFERENCE + "---\n" + VM.format(ignore="reference", reason="later"))
    run = krmfn_process(["validate", "--format", "json", str(tmp_path)])
    assert run.code == 0, run.stdout
    report = json.loads(run.stdout)
    assert report["summary"] == {"objects": 2, "errors": 0, "warnings": 1, "infos": 0, "suppressed": 1}
    assert report["results"][-1]["severity"] == "info"
    assert report["results"][-1]["tags"] == {"check": "reference", "cause": "instancetype-not-found",
                                             "suppressed": "later", "suppressedSeverity": "error"}


def test_krm_function_honours_it():
    items = "".join("- " + doc.replace("\n", "\n  ").rstrip() + "\n"
                    for doc in (PREFERENCE, VM.format(ignore="reference", reason="later")))
    run = krmfn_process([], resource_list(items, VALIDATE))
    assert run.code == 0, run.stderr
    results = load12(run.stdout)["results"]
    assert [r["tags"] for r in results if r["tags"]["check"] == "reference"] == [
        {"check": "reference", "cause": "instancetype-not-found", "suppressed": "later", "suppressedSeverity": "error"}]


def test_inline_honours_it_for_its_own_findings():
    plain = run_inline(bundle('""'), {}).findings
    assert [(f.item, f.severity) for f in plain] == [(1, "error")]
    check = plain[0].check
    findings = run_inline(bundle(f"{check}", "later"), {}).findings
    assert [(f.item, f.check, f.severity, f.tags) for f in findings] == [
        (1, check, "info", {"suppressed": "later", "suppressedSeverity": "error"})]

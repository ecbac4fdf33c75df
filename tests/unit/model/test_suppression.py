"""krmfn.model.suppression: which checks an object ignores, and what a suppressed finding becomes."""
from __future__ import annotations

from krmfn.model.findings import ERROR, WARNING, Finding
from krmfn.model.suppression import ignored_checks, suppress


def annotated(**annotations):
    return {"kind": "ConfigMap", "metadata": {"name": "a", "annotations": annotations}}


def test_ignored_checks():
    assert ignored_checks(annotated(**{"krmfn.dev/ignore": " conflict,, deprecated ,"})) == ["conflict", "deprecated"]
    assert ignored_checks(annotated(**{"krmfn.dev/ignore": 5})) == []
    assert ignored_checks({"kind": "ConfigMap", "metadata": []}) == []


def test_suppress_only_the_named_checks_of_the_annotated_item():
    values = [annotated(**{"krmfn.dev/ignore": "conflict", "krmfn.dev/ignore-reason": "  known  "}), annotated()]
    findings = [Finding(ERROR, "m", item=0, check="conflict", tags={"area": "cpu"}),
                Finding(WARNING, "m", item=0, check="deprecated"),
                Finding(ERROR, "m", item=1, check="conflict"),
                Finding(ERROR, "m", item=None, check="conflict")]
    suppress(findings, values)
    assert [(f.severity, f.tags) for f in findings] == [
        ("info", {"area": "cpu", "suppressed": "known", "suppressedSeverity": "error"}),
        ("warning", {}), ("error", {}), ("error", {})]


def test_all_and_the_default_reason():
    findings = [Finding(WARNING, "m", item=0, check="deprecated"), Finding(ERROR, "m", item=0)]
    suppress(findings, [annotated(**{"krmfn.dev/ignore": "all", "krmfn.dev/ignore-reason": ""})])
    assert [(f.severity, f.tags) for f in findings] == [
        ("info", {"suppressed": "krmfn.dev/ignore", "suppressedSeverity": "warning"}),
        ("info", {"suppressed": "krmfn.dev/ignore", "suppressedSeverity": "error"})]

"""Admission verdict helpers: KubeVirt's 10-cause cap and Go's %q."""
import json

from krmfn.kubevirt.util.webhooks import (
    Admission,
    AdmissionWarning,
    Cause,
    admission_from_plain,
    admission_to_plain,
    go_quote,
    reject,
    reject_webhook,
)
from krmfn.model.findings import UNSET


def test_webhook_responses_list_at_most_ten_causes():
    causes = [Cause(f"f{i}", f"m{i}") for i in range(12)]
    assert len(reject_webhook("s", causes).causes) == 10
    assert len(reject("s", causes).causes) == 12  # the API server does not cap


def test_go_quote():
    assert go_quote('a "b" \\c') == '"a \\"b\\" \\\\c"'
    assert go_quote("x\ny\t\x01") == '"x\\ny\\t\\x01"'
    assert go_quote("ü") == '"ü"'


def test_a_verdict_survives_its_plain_form() -> None:
    verdict = Admission(False, [Cause("spec.a", "bad", "FieldValueInvalid", frozenset({"area:cpu", "x"}), "spec.b")],
                        "validating-webhook/remaining-vm-checks",
                        [AdmissionWarning("w1", "deprecated-field", "spec.running", True, {"runStrategy": "Always"}),
                         AdmissionWarning("w2", "legacy-api-version")], ["log"])
    back = admission_from_plain(json.loads(json.dumps(admission_to_plain(verdict))))
    assert back == verdict
    assert [c.reasons for c in back.causes] == [frozenset({"area:cpu", "x"})] and back.causes[0].located == "spec.b"
    assert [(w.reason, w.path, w.current, w.proposed) for w in back.warnings] == [
        ("deprecated-field", "spec.running", True, {"runStrategy": "Always"}),
        ("legacy-api-version", None, UNSET, UNSET)]

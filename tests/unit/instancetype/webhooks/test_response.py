"""Admission verdict helpers: KubeVirt's 10-cause cap and Go's %q."""
from krmfn.instancetype.webhooks.response import Cause, go_quote, reject, reject_webhook


def test_webhook_responses_list_at_most_ten_causes():
    causes = [Cause(f"f{i}", f"m{i}") for i in range(12)]
    assert len(reject_webhook("s", causes).causes) == 10
    assert len(reject("s", causes).causes) == 12  # the API server does not cap


def test_go_quote():
    assert go_quote('a "b" \\c') == '"a \\"b\\" \\\\c"'
    assert go_quote("x\ny\t\x01") == '"x\\ny\\t\\x01"'
    assert go_quote("ü") == '"ü"'

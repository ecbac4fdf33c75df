"""``krmfn.cdi.apiserver.webhooks.handler``: CDI's answers."""
from __future__ import annotations

from krmfn.cdi.apiserver.webhooks.handler import (
    status_message,
    to_admission_response_error,
    to_rejected_admission_response,
)
from krmfn.kubevirt.util.webhooks import STAGE_DATAVOLUME_MUTATOR, Cause


def test_a_rejection_lists_every_cause_and_frames_them_with_spaces() -> None:
    causes = [Cause(f"f{index}", f"m{index}") for index in range(12)]
    verdict = to_rejected_admission_response(STAGE_DATAVOLUME_MUTATOR, causes)
    assert not verdict.allowed and verdict.causes == causes  # no cap of 10, unlike KubeVirt's
    assert status_message(causes[:2]) == " m0 m1"


def test_an_error_is_a_bare_message() -> None:
    verdict = to_admission_response_error(STAGE_DATAVOLUME_MUTATOR, "boom", located="spec.x")
    assert [(c.field, c.message, c.located) for c in verdict.causes] == [("", "boom", "spec.x")]

"""The answers of CDI's webhooks (``pkg/apiserver/webhooks/handler.go``, v1.64.0):
``toRejectedAdmissionResponse`` (code 422, every cause listed, none capped) and
``toAdmissionResponseError`` (code 400, a bare message), and the stage krmfn names the DataVolume
mutating webhook by (docs/kubevirt/admission.md#stages-of-a-create).

CDI frames a rejection's status message as each cause's message after a space
(``status_message``: ``" Missing Data volume PVC"``), where KubeVirt joins them with ``", "``;
krmfn reports each cause on its own, so only ``status_message`` knows the framing.
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.kubevirt.util.webhooks import Admission, Cause, reject, reject_message

# datavolume-mutate.cdi.kubevirt.io answers at krmfn.kubevirt.util.webhooks.STAGE_DATAVOLUME_MUTATOR (with the
# other stages, so that the checks' table names it without loading CDI); the validating webhooks at
# STAGE_VALIDATING_WEBHOOK.


def status_message(causes: Iterable[Cause]) -> str:
    """``toRejectedAdmissionResponse``'s ``Result.Message``."""
    return "".join(f" {cause.message}" for cause in causes)


def to_rejected_admission_response(stage: str, causes: list[Cause]) -> Admission:
    """``toRejectedAdmissionResponse``: every cause, in order."""
    return reject(stage, causes)


def to_admission_response_error(stage: str, message: str, located: str = "") -> Admission:
    """``toAdmissionResponseError``: the error's text as a bare message (``located``: the field
    it names, if any)."""
    return reject_message(stage, message, located=located)

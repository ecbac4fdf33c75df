"""The new object admitted as KubeVirt would admit its CREATE, before generate emits it.

The engine's chain (``krmfn.kubevirt.virt_api.admit.admit_instancetype_or_preference``, the
same one validate's ``unknown-field``, ``schema``, ``instancetype-admission`` and
``preference-admission`` checks report from): the API server's strict field validation and CRD
schema, then the instance type or preference webhook. Each cause of a rejection is a
``generate-admission`` error, with KubeVirt's message (each ``Warning:`` of an admitted object a
``generate-admission-warning``); it points at the last change (patch
operation or set) that touched the field the cause names, else at the request's changes, else at
its ``from`` (a source that was already invalid).
"""
from __future__ import annotations


from krmfn.modes.generate.findings import ADMISSION, ADMISSION_WARNING, error, warning
from krmfn.modes.generate.patches import Change, change_fields
from krmfn.modes.generate.requests import field_path
from krmfn.kubevirt import bundle as bundles
from krmfn.kubevirt.virt_api.admit import admit_instancetype_or_preference
from krmfn.model.findings import Finding
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

SPEC_PREFIX = "spec."


def check_admission(obj: dict[str, Any], request_path: str, found: list[Change], findings: list[Finding],
                    version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> None:
    """Errors in ``findings`` for each cause the admission of KubeVirt ``version`` gives to reject ``obj``."""
    namespace = obj["metadata"].get("namespace") or bundles.DEFAULT_NAMESPACE
    verdict = admit_instancetype_or_preference(obj, namespace, version=version)
    if verdict.allowed:
        for text in verdict.warnings:
            change = _culprit(text.path or "", found)
            where = change.path if change is not None else _request_field(request_path, found)
            findings.append(warning(f"KubeVirt's admission warns about the {obj['kind']}: {text}", where,
                                    ADMISSION_WARNING))
        return
    for cause in verdict.causes:
        change = _culprit(cause.field or cause.located, found)
        if change is not None:
            where, what = change.path, f"after {change.what}, "
        elif found:
            where, what = _request_field(request_path, found), ""
        else:
            where, what = field_path(request_path, "from"), "the copy as it is: "
        located = cause.field or cause.located
        field_text = f"{located}: " if cause.field else ""
        findings.append(error(f"{what}KubeVirt's admission rejects the {obj['kind']} ({verdict.stage}): "
                              f"{field_text}{cause.message}", where, ADMISSION))


def _request_field(request_path: str, found: list[Change]) -> str:
    """The request's changes (or its ``from`` when it has none), for what no one change explains."""
    if not found:
        return field_path(request_path, "from")
    return field_path(request_path, "patches" if found[0].op is not None else "set")


def _culprit(located: str, found: list[Change]) -> Change | None:
    """The last change whose path and the field ``located`` (``spec.cpu.model``) are one within the other."""
    if not located.startswith(SPEC_PREFIX):
        return None
    target = located[len(SPEC_PREFIX):]
    for change in reversed(found):
        for touched in change_fields(change):
            if _within(touched, target) or _within(target, touched):
                return change
    return None


def _within(inner: str, outer: str) -> bool:
    return inner == outer or inner.startswith(outer + ".") or inner.startswith(outer + "[")

"""Applying `inferFromVolume` to a VM, as the VM mutating webhook does
(docs/kubevirt/resolution.md#inference-from-a-volume, docs/kubevirt/admission.md#matcher-validation–2).

Mirrors `pkg/instancetype/infer/handler.go` (instance type first, then preference) preceded by the
mutator's matcher validation (`pkg/instancetype/webhooks/vm/mutator.go`) for the matchers that
infer. Matchers without `inferFromVolume` are left alone and unvalidated, so that expand behaves
exactly as without inference for them (for example a matcher with only `revisionName`, which the
mutator would reject but expand resolves, docs/kubevirt/admission.md#matcher-validation).

The input VM is never mutated: the result is a copy that shares every untouched subtree. The
inferrers (``krmfn.kubevirt.instancetype.infer.volume``) load with the first matcher that infers.
"""
from __future__ import annotations


from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.instancetype.find.result import Failure
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion
from krmfn.model.record import record, replace

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")

if TYPE_CHECKING:
    from typing import TypeGuard
    from krmfn.kubevirt.instancetype.infer.volume import VolumeInferrer

IGNORE_POLICY = "Ignore"
REJECT_POLICY = "Reject"
CHECK_INFERENCE_FAILED = "inference-failed"
CHECK_MATCHER_INVALID = "matcher-invalid"


@record(frozen=True)
class InferOutcome:
    """The VM after inference (the input object itself when nothing was inferred) or a Failure."""

    vm: dict
    failure: Failure | None = None
    inferred: bool = False


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _infers(matcher: object) -> TypeGuard[dict]:
    return isinstance(matcher, dict) and isinstance(matcher.get("inferFromVolume"), str) \
        and matcher["inferFromVolume"] != ""


def _matcher_causes(matcher: dict, matcher_key: str) -> list[tuple[str, str]]:
    """The mutator's causes (field, message) for a matcher that infers
    (docs/kubevirt/admission.md#matcher-validation)."""
    causes: list[tuple[str, str]] = []
    if matcher.get("name"):
        causes.append((f"spec.{matcher_key}.name",
                       "Name already set, should be cleared before setting inferFromVolume"))
    if matcher.get("kind"):
        causes.append((f"spec.{matcher_key}.kind",
                       "Kind already set, should be cleared before setting inferFromVolume"))
    policy = matcher.get("inferFromVolumeFailurePolicy")
    if policy is not None and policy not in (IGNORE_POLICY, REJECT_POLICY):
        causes.append((f"spec.{matcher_key}.inferFromVolumeFailurePolicy",
                       f"Invalid value '{policy}' for InferFromVolumeFailurePolicy"))
    return causes


def _validation_failure(vm: dict) -> Failure | None:
    """The first inferring matcher's causes, joined as KubeVirt's admission response does."""
    spec = _dict(vm.get("spec"))
    for matcher_key in ("instancetype", "preference"):
        matcher = spec.get(matcher_key)
        if _infers(matcher):
            causes = _matcher_causes(matcher, matcher_key)
            if causes:
                return Failure(", ".join(message for _, message in causes), causes[0][0], CHECK_MATCHER_INVALID)
    return None


def _with_spec(vm: dict) -> tuple[dict, dict]:
    """A shallow copy of vm with a shallow copy of its spec (safe to replace matchers in)."""
    out = dict(vm)
    out["spec"] = dict(_dict(vm.get("spec")))
    return out, out["spec"]


def _drop_template_memory(spec: dict) -> None:
    """Ignore policy + success: `T.domain.memory = nil` (docs/kubevirt/resolution.md#inference-from-a-volume SURPRISE,
    copying along the path)."""
    template = _dict(spec.get("template"))
    template_spec = _dict(template.get("spec"))
    domain = _dict(template_spec.get("domain"))
    if "memory" not in domain:
        return
    domain = {k: v for k, v in domain.items() if k != "memory"}
    spec["template"] = {**template, "spec": {**template_spec, "domain": domain}}


def _inferred_matcher(name: str, kind: str) -> dict:
    """The replacement matcher; Go omits empty name and kind (omitempty)."""
    matcher = {}
    if name:
        matcher["name"] = name
    if kind:
        matcher["kind"] = kind
    return matcher


def _infer_one(vm: dict, spec: dict, matcher_key: str, inferrer: VolumeInferrer,
               bundle: Bundle, namespace: str) -> Failure | None:
    """Infer spec[matcher_key] in place (spec is already a private copy)."""
    from krmfn.kubevirt.instancetype.infer.volume import InferError  # noqa: PLC0415 - module doc
    matcher = spec[matcher_key]
    ignore = matcher.get("inferFromVolumeFailurePolicy") == IGNORE_POLICY
    result = inferrer.infer(vm, matcher["inferFromVolume"], bundle, namespace)
    if isinstance(result, InferError):
        if result.ignorable and ignore:
            del spec[matcher_key]
            return None
        return Failure(result.message, f"spec.{matcher_key}.inferFromVolume", CHECK_INFERENCE_FAILED)
    if ignore and matcher_key == "instancetype":
        _drop_template_memory(spec)
    spec[matcher_key] = _inferred_matcher(result.name, result.kind)
    return None


def _inferrers(version: KubevirtVersion) -> tuple[tuple[str, VolumeInferrer], ...]:
    from krmfn.kubevirt.instancetype.infer.volume import (  # noqa: PLC0415 - module doc
        INSTANCETYPE_INFERRER,
        PREFERENCE_INFERRER,
    )
    follow = version.infers_from_volume_snapshots
    return (("instancetype", replace(INSTANCETYPE_INFERRER, follow_snapshots=follow)),
            ("preference", replace(PREFERENCE_INFERRER, follow_snapshots=follow)))


def infer_matchers(vm: dict, bundle: Bundle, namespace: str,
                   version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> InferOutcome:
    """Run the mutator's inference of KubeVirt ``version`` on vm's matchers (instance type, then
    preference)."""
    spec = _dict(vm.get("spec"))
    if not (_infers(spec.get("instancetype")) or _infers(spec.get("preference"))):
        return InferOutcome(vm)
    failure = _validation_failure(vm)
    if failure is not None:
        return InferOutcome(vm, failure)
    out, out_spec = _with_spec(vm)
    for matcher_key, inferrer in _inferrers(version):
        if _infers(out_spec.get(matcher_key)):
            # Inference reads the VM as modified so far (the memory drop does not affect volumes).
            failure = _infer_one(out, out_spec, matcher_key, inferrer, bundle, namespace)
            if failure is not None:
                return InferOutcome(vm, failure)
    return InferOutcome(out, inferred=True)

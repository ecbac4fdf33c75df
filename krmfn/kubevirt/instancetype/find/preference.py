"""Preference resolution: from a VM's `spec.preference` to a preference spec
(docs/kubevirt/resolution.md#preference-resolution).

Mirrors `pkg/instancetype/preference/find/spec.go` (specFinder.FindPreference), with the same
algorithm as instance types (`matcher.MatcherFinder`) and the preference kinds and messages.
The returned spec is the bundle's own dict: callers must not mutate it.
"""
from __future__ import annotations


from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.instancetype.find import kinds
from krmfn.kubevirt.instancetype.find.matcher import MatcherFinder, SpecLookup
from krmfn.model.kubevirt_version import KubevirtVersion

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")

if TYPE_CHECKING:
    from krmfn.kubevirt.instancetype.compatibility import DecodedRevision


def _decode(revision: dict, legacy: str, version: KubevirtVersion) -> DecodedRevision | str:
    """``compatibility.get_preference``, loaded with the first revision a matcher uses (``matcher``'s doc)."""
    from krmfn.kubevirt.instancetype.compatibility import get_preference  # noqa: PLC0415 - see the doc
    return get_preference(revision, legacy, version)


PREFERENCE_FINDER = MatcherFinder(
    matcher_key="preference",
    status_ref_key="preferenceRef",
    resolve_kind=kinds.resolve_preference_kind,
    unexpected_kind=kinds.UNEXPECTED_PREFERENCE_KIND,
    decode=_decode,
    check_prefix="preference",
)


def find_preference(vm: dict, bundle: Bundle, namespace: str) -> SpecLookup:
    """The PF for vm (None without `spec.preference`), or a Failure with KubeVirt's message."""
    return PREFERENCE_FINDER.find(vm, bundle, namespace)

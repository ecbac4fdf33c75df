"""Instance type resolution: from a VM's `spec.instancetype` to an instance type spec
(docs/kubevirt/resolution.md#instance-type-resolution).

Mirrors `pkg/instancetype/find/spec.go` (specFinder.Find) with the bundle as the cluster:
revision first (revisionName, then a matching status ref), then the live object by kind.
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
    """``compatibility.get_instancetype``, loaded with the first revision a matcher uses (``matcher``'s doc)."""
    from krmfn.kubevirt.instancetype.compatibility import get_instancetype  # noqa: PLC0415 - see the doc
    return get_instancetype(revision, legacy, version)


INSTANCETYPE_FINDER = MatcherFinder(
    matcher_key="instancetype",
    status_ref_key="instancetypeRef",
    resolve_kind=kinds.resolve_instancetype_kind,
    unexpected_kind=kinds.UNEXPECTED_INSTANCETYPE_KIND,
    decode=_decode,
    check_prefix="instancetype",
)


def find_instancetype(vm: dict, bundle: Bundle, namespace: str) -> SpecLookup:
    """The IT for vm (None without `spec.instancetype`), or a Failure with KubeVirt's message."""
    return INSTANCETYPE_FINDER.find(vm, bundle, namespace)

"""The resolution algorithm shared by instance types and preferences
(docs/kubevirt/resolution.md#instance-type-resolution, #preference-resolution).

Mirrors the common shape of `pkg/instancetype/find/spec.go` and
`pkg/instancetype/preference/find/spec.go`:

1. no matcher: nothing (not an error);
2./3. a revision (revisionName, or a status ref labelled for the matcher's name) is decoded and
   used; the matcher's `kind` is then never looked at (docs/kubevirt/resources.md#matcher-kind-spellings SURPRISE);
4. otherwise the live object of the kind `lower(matcher.kind)` names, in the VM's namespace for
   namespaced kinds; an unknown kind is an error.

The revision lookup (``krmfn.kubevirt.instancetype.find.revision``) loads with the first matcher
that has a `revisionName` or VM that has a `status` (without either, no revision is used), the
payload decoder (``krmfn.kubevirt.instancetype.compatibility``) with the first revision found.
"""
from __future__ import annotations

from collections.abc import Callable

from krmfn.kubevirt.bundle import V1BETA1, Bundle, not_found_message, request_name_error, semantics_version
from krmfn.kubevirt.instancetype.find.kinds import matcher_kind
from krmfn.kubevirt.instancetype.find.result import Failure
from krmfn.model.kubevirt_version import KubevirtVersion
from krmfn.model.record import FrozenRecord, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")

if TYPE_CHECKING:
    from typing import TypeAlias
    from krmfn.kubevirt.instancetype.compatibility import DecodedRevision
    from krmfn.kubevirt.instancetype.find.revision import FoundRevision

CHECK_REVISION_INVALID = "revision-invalid"


@record(frozen=True)
class Resolved:
    """A resolved spec and where it came from.

    `spec` is the bundle's own dict (shared between VMs: never mutate it). `kind` and `name` name
    the live object; for a revision, `kind` is the payload's kind, `name` the matcher's name and
    `revision` the ControllerRevision's name. `version` is the rules version of the spec:
    `v1beta2` for krmfn's optional-guest version, else `v1beta1`.
    """

    spec: dict
    kind: str
    name: str
    revision: str | None = None
    version: str = V1BETA1

    def source(self) -> str:
        """`Kind/name`, plus `@revision` when a ControllerRevision was used."""
        text = f"{self.kind}/{self.name}"
        return f"{text}@{self.revision}" if self.revision else text


SpecLookup: TypeAlias = Resolved | Failure | None


class MatcherFinder(FrozenRecord):
    """Resolution for one matcher type (instance type or preference)."""

    __slots__ = ("matcher_key", "status_ref_key", "resolve_kind", "unexpected_kind", "decode", "check_prefix")
    matcher_key: str
    status_ref_key: str
    resolve_kind: Callable[[str], str | None]
    unexpected_kind: str
    decode: Callable[[dict, str, KubevirtVersion], DecodedRevision | str]
    check_prefix: str

    def __init__(self, matcher_key: str, status_ref_key: str, resolve_kind: Callable[[str], str | None],
                 unexpected_kind: str, decode: Callable[[dict, str, KubevirtVersion], DecodedRevision | str],
                 check_prefix: str) -> None:
        self._set(matcher_key=matcher_key, status_ref_key=status_ref_key, resolve_kind=resolve_kind,
                  unexpected_kind=unexpected_kind, decode=decode, check_prefix=check_prefix)

    def find(self, vm: dict, bundle: Bundle, namespace: str) -> SpecLookup:
        spec = vm.get("spec")
        matcher = spec.get(self.matcher_key) if isinstance(spec, dict) else None
        if matcher is None:
            return None
        if not isinstance(matcher, dict):
            matcher = {}
        if matcher.get("revisionName") or isinstance(vm.get("status"), dict):  # else no revision (module doc)
            from krmfn.kubevirt.instancetype.find.revision import find_revision  # noqa: PLC0415 - module doc
            found = find_revision(vm, matcher, self.matcher_key, self.status_ref_key, bundle, namespace)
            if isinstance(found, Failure):
                return found
            if found is not None:
                return self._from_revision(found, matcher, bundle.legacy, bundle.kubevirt_version)
        return self._from_live_object(matcher, bundle, namespace)

    def _from_revision(self, found: FoundRevision, matcher: dict, legacy: str,
                       version: KubevirtVersion) -> SpecLookup:
        decoded = self.decode(found.revision, legacy, version)
        if isinstance(decoded, str):
            return Failure(decoded, found.path, CHECK_REVISION_INVALID)
        name = matcher.get("name")
        revision_name = (found.revision.get("metadata") or {}).get("name")
        return Resolved(decoded.spec, decoded.kind, name if isinstance(name, str) else "", revision_name,
                        decoded.version)

    def _from_live_object(self, matcher: dict, bundle: Bundle, namespace: str) -> SpecLookup:
        kind_as_written = matcher_kind(matcher)
        kind = self.resolve_kind(kind_as_written)
        if kind is None:
            return Failure(self.unexpected_kind.format(kind_as_written),
                           f"spec.{self.matcher_key}.kind", f"{self.check_prefix}-kind-invalid")
        name = matcher.get("name")
        name = name if isinstance(name, str) else ""
        name_path = f"spec.{self.matcher_key}.name"
        refused = request_name_error(name)
        if refused is not None:
            # client-go refuses the GET (docs/kubevirt/resolution.md#missing-references), e.g. the empty name of a
            # never-inferred matcher.
            path = name_path if name else f"spec.{self.matcher_key}" + (
                ".inferFromVolume" if matcher.get("inferFromVolume") else "")
            return Failure(refused, path, f"{self.check_prefix}-name-invalid")
        obj = bundle.get(kind, namespace, name)
        if obj is None:
            return Failure(not_found_message(kind, name), name_path, f"{self.check_prefix}-not-found")
        spec = obj.get("spec")
        return Resolved(spec if isinstance(spec, dict) else {}, kind, name, version=semantics_version(obj))

"""Resolving a matcher's `kind` (docs/kubevirt/resources.md#matcher-kind-spellings).

Mirrors the `switch strings.ToLower(matcher.Kind)` in `pkg/instancetype/find/spec.go` and
`pkg/instancetype/preference/find/spec.go`; the accepted spellings live in `krmfn.model.kinds`.
"""
from __future__ import annotations

from krmfn.model.kinds import (
    INSTANCETYPE_KIND_SPELLINGS,
    PREFERENCE_KIND_SPELLINGS,
    VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE,
    VIRTUAL_MACHINE_CLUSTER_PREFERENCE,
)

DEFAULT_INSTANCETYPE_KIND = VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE
DEFAULT_PREFERENCE_KIND = VIRTUAL_MACHINE_CLUSTER_PREFERENCE

UNEXPECTED_INSTANCETYPE_KIND = "got unexpected kind in InstancetypeMatcher: {}"
UNEXPECTED_PREFERENCE_KIND = "got unexpected kind in PreferenceMatcher: {}"


def matcher_kind(matcher: dict) -> str:
    """The matcher's kind as Go sees it: a non-string or null kind is the empty string."""
    kind = matcher.get("kind")
    return kind if isinstance(kind, str) else ""


def resolve_instancetype_kind(kind: str) -> str | None:
    """The instance type Kind a matcher kind spelling names, or None when it is not accepted."""
    return INSTANCETYPE_KIND_SPELLINGS.get(kind.lower())


def resolve_preference_kind(kind: str) -> str | None:
    """The preference Kind a matcher kind spelling names, or None when it is not accepted."""
    return PREFERENCE_KIND_SPELLINGS.get(kind.lower())

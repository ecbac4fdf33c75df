"""kubevirt/common-instancetypes v1.6.0 (tag 3f3d545d), the catalog KubeVirt v1.8 deploys.

Written as what v1.6.0 lacks of v1.7.0 (``v1_7_0``), read from the rendered release
(../shared/data/common-instancetypes/v1.6.0): the instance types are the same 65 (classes and
ladders unchanged); of the 54 preferences,

* ``fedora*``, ``rhel.9*`` and ``rhel.10*`` carry no ``preferred-architecture`` /
  ``required-architecture`` components yet (no ``spec.preferredArchitecture``, no
  ``spec.requirements.architecture``, none of their labels; the ``arch`` label is there);
* the Windows ``.virtio`` twins carry no ``videotype-virtio`` component (KubeVirt v1.8's
  preference has no ``preferredVideoType``).

tests/unit/catalog/test_catalog_parity.py checks the result object for object against the
rendered release when ../shared is present.
"""
from __future__ import annotations


from krmfn.catalog import v1_7_0
from krmfn.catalog.model import CatalogDefinition, PreferenceDefinition
from krmfn.model.record import replace

VERSION = "v1.6.0"

# The v1.7.0 components this release's preferences do not have.
_NEWER_COMPONENTS = frozenset(
    {"videotype-virtio"}
    | {f"{role}-architecture/{arch}" for role in ("preferred", "required") for arch in ("amd64", "arm64", "s390x")})


def _without_newer_components(pref: PreferenceDefinition) -> PreferenceDefinition:
    return replace(pref, components=tuple(c for c in pref.components if c not in _NEWER_COMPONENTS))


PREFERENCES: tuple[PreferenceDefinition, ...] = tuple(_without_newer_components(p) for p in v1_7_0.PREFERENCES)

CATALOG: CatalogDefinition = replace(v1_7_0.CATALOG, version=VERSION, preferences=PREFERENCES)

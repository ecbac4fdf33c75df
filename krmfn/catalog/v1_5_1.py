"""kubevirt/common-instancetypes v1.5.1 (tag d0f10bc3), the catalog KubeVirt v1.7 deploys.

Written as what v1.5.1 lacks of v1.6.0 (``v1_6_0``), read from the rendered release
(../shared/data/common-instancetypes/v1.5.1):

* no ``d1`` class (55 instance types: u1 10, o1 9, cx1 12, m1 10, n1 6, rt1 8);
* preferences with requirements carry no ``required-cpu`` / ``required-memory`` labels
  (``spec.requirements`` is the same).

tests/unit/catalog/test_catalog_parity.py checks the result object for object against the
rendered release when ../shared is present.
"""
from __future__ import annotations


from krmfn.catalog import v1_6_0
from krmfn.catalog.model import CatalogDefinition, InstancetypeClass
from krmfn.model.record import replace

VERSION = "v1.5.1"
_NEWER_CLASSES = frozenset({"d1"})

CLASSES: tuple[InstancetypeClass, ...] = tuple(c for c in v1_6_0.CATALOG.classes if c.name not in _NEWER_CLASSES)

CATALOG: CatalogDefinition = replace(v1_6_0.CATALOG, version=VERSION, classes=CLASSES,
                                                 requirement_labels=False)

"""The API server's defaulting of a HyperConverged from its CRD's ``default`` values.

No HCO file: ``k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting`` ``Default``, which
the API server runs when it decodes a custom resource, before the admission webhooks see it. At
each object of the schema, a property that is absent (or ``null``: none of these properties is
nullable) gets a copy of its default, then every property is defaulted in turn, the new ones
included; the items of a list and the values of a map likewise. The defaults are
``krmfn.hco.deploy.crds.hco00_crd.DEFAULTS``.
"""
from __future__ import annotations

import copy
from functools import cache
from typing import Any

from krmfn.hco.deploy.crds.hco00_crd import DEFAULTS

_Tree = dict[str, Any]  # {"d": {property: default}, "p": {property: tree}, "[]": tree, "{}": tree}


@cache
def _tree(version: str) -> _Tree:
    root: _Tree = {}
    for path, prop, value in DEFAULTS.get(version, ()):
        node = root
        for part in path:
            parent = node if part in ("[]", "{}") else node.setdefault("p", {})
            node = parent.setdefault(part, {})
        node.setdefault("d", {})[prop] = value
    return root


def defaulted(obj: dict, version: str) -> dict:
    """A copy of ``obj`` (a HyperConverged of ``version``) with the CRD's defaults applied."""
    result = copy.deepcopy(obj)
    _default(result, _tree(version))
    return result


def _default(value: Any, node: _Tree) -> None:
    if isinstance(value, dict):
        for prop, default in node.get("d", {}).items():
            if value.get(prop) is None:
                value[prop] = copy.deepcopy(default)
        props = node.get("p", {})
        values = node.get("{}")
        for key, child in value.items():
            sub = props.get(key) if key in props else values
            if sub is not None:
                _default(child, sub)
    elif isinstance(value, list) and "[]" in node:
        for item in value:
            _default(item, node["[]"])

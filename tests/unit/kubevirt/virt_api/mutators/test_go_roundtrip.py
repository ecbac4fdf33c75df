"""The webhook's Go encoding of a VM spec: quantities canonical (docs/kubevirt/expand.md#rest-endpoints-and-virtctl,
docs/kubevirt/quantities.md#canonical-form), the structs Go always writes, the empty omitempty fields left out.

The rules are applied in one walk of their paths' trie; ``_by_rule`` applies them one rule at a time,
each at every place its path reaches, and the two must agree on any object."""
from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.virt_api.mutators.go_roundtrip import (
    ALWAYS_WRITTEN,
    CREATION_TIMESTAMP,
    OBJECT_METAS,
    OMITTED_WHEN_EMPTY,
    QUANTITY_PATHS,
    go_encoded,
)


def test_canonical_forms_and_what_is_left_alone() -> None:
    spec = {"template": {"spec": {"domain": {"memory": {"guest": "1.5Gi", "maxGuest": "1Gi"},
                                              "resources": {"requests": {"memory": "1000M", "cpu": "not-a-quantity"},
                                                            "limits": None}}}},
            "dataVolumeTemplates": [{"spec": {"pvc": {"resources": {"limits": {"storage": 1e9}}}}}, "odd"]}
    go_encoded({"spec": spec}, null_creation_timestamp=False)
    assert spec == {"template": {"spec": {"domain": {"memory": {"guest": "1536Mi", "maxGuest": "1Gi"},
                                                     "resources": {"requests": {"memory": "1G",
                                                                                "cpu": "not-a-quantity"},
                                                                   "limits": None}}},
                                 "metadata": {}},
                    "dataVolumeTemplates": [{"spec": {"pvc": {"resources": {"limits": {"storage": "1G"}}}},
                                             "metadata": {}}, "odd"]}


def test_go_encoded_writes_the_structs_go_always_writes() -> None:
    spec = {"template": {"spec": {"domain": {"features": {}},
                                  "volumes": [{"name": "h", "hostDisk": {"path": "/x"}}]}},
            "dataVolumeTemplates": [{"spec": {"pvc": {}}}]}
    go_encoded({"spec": spec}, null_creation_timestamp=True)
    assert spec == {"template": {"spec": {"domain": {"features": {"acpi": {}}, "resources": {}},
                                          "volumes": [{"name": "h", "hostDisk": {"path": "/x", "capacity": "0"}}]},
                                 "metadata": {CREATION_TIMESTAMP: None}},
                    "dataVolumeTemplates": [{"spec": {"pvc": {"resources": {}}},
                                             "metadata": {CREATION_TIMESTAMP: None}}]}


def test_empty_omitempty_fields_are_left_out() -> None:
    vm = {"metadata": {"labels": {}, "annotations": {"a": "b"}},
          "spec": {"dataVolumeTemplates": [], "template": {"spec": {"volumes": [], "nodeSelector": {},
                                                                    "domain": {"devices": {"disks": []}}}}}}
    go_encoded(vm, null_creation_timestamp=False)
    assert vm == {"metadata": {"annotations": {"a": "b"}},
                  "spec": {"template": {"spec": {"domain": {"devices": {}, "resources": {}}}, "metadata": {}}}}


def _slots(node: object, path: tuple[str, ...]) -> Iterator[tuple[Any, Any]]:
    """(container, key) of every value at ``path`` below ``node`` (``*``: every list item or map value)."""
    if not path:
        return
    step, rest = path[0], path[1:]
    if step == "*":
        keys: list[Any] = (list(range(len(node))) if isinstance(node, list)
                           else list(node) if isinstance(node, dict) else [])
    else:
        keys = [step] if isinstance(node, dict) and node.get(step) is not None else []
    for key in keys:
        if not rest:
            yield node, key
        elif node[key] is not None:  # type: ignore[index]
            yield from _slots(node[key], rest)  # type: ignore[index]


def _by_rule(vm: dict, null_creation_timestamp: bool) -> None:
    for parent_path, key in OMITTED_WHEN_EMPTY:
        for grand, parent_key in list(_slots(vm, parent_path)):
            parent = grand[parent_key]
            if isinstance(parent, dict) and parent.get(key) in ({}, []):
                del parent[key]
    spec = vm.get("spec")
    for path in QUANTITY_PATHS:
        for parent, key in list(_slots(spec, path)):
            canonical = quantity.canonicalize(parent[key])
            if isinstance(canonical, str) and canonical != parent[key]:
                parent[key] = canonical
    for parent_path, key, value in ALWAYS_WRITTEN:
        for grand, parent_key in list(_slots(spec, parent_path)):
            parent = grand[parent_key]
            if isinstance(parent, dict) and parent.get(key) is None:
                parent[key] = dict(value) if isinstance(value, dict) else value
    if null_creation_timestamp:
        for path in OBJECT_METAS:
            for parent, key in list(_slots(spec, path)):
                if isinstance(parent[key], dict):
                    parent[key].setdefault(CREATION_TIMESTAMP, None)


_STEPS = sorted({step for rules in (QUANTITY_PATHS, OBJECT_METAS) for path in rules for step in path}
                | {step for parent, key, _ in ALWAYS_WRITTEN for step in (*parent, key)}
                | {step for parent, key in OMITTED_WHEN_EMPTY for step in (*parent, key)} - {"*"})
_LEAVES = st.one_of(st.none(), st.sampled_from(["1Gi", "2048Mi", "0.5Gi", "1e3", "x", "0"]),
                    st.integers(0, 1 << 31), st.just({}), st.just([]))
_VALUES = st.recursive(_LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(_STEPS), inner, max_size=5)), max_leaves=25)


@settings(max_examples=400, deadline=None)
@given(metadata=_VALUES, template=_VALUES, data_volume_templates=_VALUES, null_creation_timestamp=st.booleans())
def test_one_walk_equals_the_rules_one_by_one(metadata: Any, template: Any, data_volume_templates: Any,
                                              null_creation_timestamp: bool) -> None:
    vm = {"metadata": metadata, "spec": {"template": template, "dataVolumeTemplates": data_volume_templates}}
    expected = copy.deepcopy(vm)
    _by_rule(expected, null_creation_timestamp)
    go_encoded(vm, null_creation_timestamp)
    assert vm == expected

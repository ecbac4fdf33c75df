"""krmfn.model.fields: leaves and leaf-level differences as dotted paths."""
from __future__ import annotations

import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from krmfn.model.fields import ABSENT, FieldChange, field_changes


def test_changed_added_and_removed_leaves():
    before = {"spec": {"cpu": {"cores": 1}, "gone": {"a": 1}, "disks": [{"name": "a"}, {"name": "b"}]}}
    after = {"spec": {"cpu": {"cores": 2}, "disks": [{"name": "a"}], "new": [1]}}
    assert field_changes(before, after) == [
        FieldChange("spec.cpu.cores", 1, 2),
        FieldChange("spec.gone", {"a": 1}, ABSENT),
        FieldChange("spec.disks[1]", {"name": "b"}, ABSENT),
        FieldChange("spec.new", ABSENT, [1]),
    ]


def test_keys_with_dots_are_quoted():
    assert field_changes({"a": {"x.io/b": 1}}, {"a": {"x.io/b": 2}}) == [FieldChange('a["x.io/b"]', 1, 2)]


def test_types_count():
    assert field_changes({"a": 1}, {"a": 1.0}) == [FieldChange("a", 1, 1.0)]
    assert field_changes({"a": 1}, {"a": True}) == [FieldChange("a", 1, True)]


KEYS = st.sampled_from(["x", "y", "a.b", "c[d]", 'q"'])
values = st.recursive(st.one_of(st.integers(-3, 3), st.booleans(), st.none(), st.sampled_from(["a", "b"])),
                      lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(KEYS, inner, max_size=3)),
                      max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(values, values)
def test_applying_the_changes_gives_the_other_side(before, after):
    # The changes are exactly what separates the two values: patching `before` with them gives `after`.
    assert field_changes(after, after) == []
    patched = apply_changes({"root": before}, [FieldChange("root" + c.path if c.path.startswith("[") else
                                                           "root." + c.path if c.path else "root", c.before, c.after)
                                               for c in field_changes(before, after)])
    assert patched == {"root": after}


def apply_changes(value, changes):
    """`value` with the changes made (a test oracle for field_changes and krmfn diff)."""
    for change in changes:
        parts = [json.loads(p[1:-1]) if p.startswith("[") else p
                 for p in re.findall(r'[^.\[\]"]+|\[\d+\]|\["(?:[^"\\]|\\.)*"\]', change.path)]
        parent = value
        for part in parts[:-1]:
            parent = parent[part]
        last = parts[-1]
        if change.after is ABSENT:
            if isinstance(parent, list):
                parent[last] = ABSENT
            else:
                del parent[last]
        elif isinstance(parent, list) and last == len(parent):
            parent.append(change.after)
        else:
            parent[last] = change.after
    return _drop_absent(value)


def _drop_absent(value):
    if isinstance(value, dict):
        return {k: _drop_absent(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_drop_absent(v) for v in value if v is not ABSENT]
    return value

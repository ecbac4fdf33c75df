"""krmfn's own cases of ``krmfn.virt_template.engine.template``: the quick paths agree with the walks
they spare (collecting references from the JSON text; the names substituting found)."""
from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from krmfn.virt_template.engine.converter import go_encoded_vm
from krmfn.virt_template.engine.template import (
    SubstitutionError,
    _each_string,
    collect_all_referenced_parameters,
    collect_referenced_parameters,
    substitute_all_parameters,
)
from krmfn.virt_template.types import Parameter

DEFINED = {name: Parameter(name, value=value) for name, value in (("A", "a"), ("B", '"b\\'), ("C", "7"))}
_TEXTS = st.sampled_from(["x", "${A}", "${{A}}", "${{C}}", "p-${A}-${B}", "${Z}", "$", "${", "}${A}{",
                          "${{A}} ", "\\${B}", "é${A}", "${a_1}"])
_KEYS = st.one_of(_TEXTS, st.integers(0, 3))
_VALUES = st.recursive(st.one_of(_TEXTS, st.integers(), st.booleans(), st.none(), st.floats(allow_nan=False)),
                       lambda inner: st.one_of(st.lists(inner, max_size=3),
                                               st.dictionaries(_KEYS, inner, max_size=3)), max_leaves=12)


def _walked(obj: Any) -> dict[str, None]:
    names: dict[str, None] = {}
    _each_string(obj, lambda text: names.update(collect_referenced_parameters(text)))
    return names


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_KEYS, _VALUES, max_size=4))
def test_references_from_the_json_text_are_the_walks(obj: dict) -> None:
    assert list(collect_all_referenced_parameters(obj)) == list(_walked(obj))


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_KEYS, _VALUES, max_size=4))
def test_the_names_substituted_are_the_references(obj: dict) -> None:
    referenced: dict[str, None] = {}
    try:
        substitute_all_parameters(obj, DEFINED, referenced)
    except SubstitutionError:
        return
    assert list(referenced) == list(_walked(obj))


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(_KEYS, _VALUES, max_size=4))
def test_substituting_leaves_the_template_vm_as_it_was(obj: dict) -> None:
    before = copy.deepcopy(obj)
    try:
        substituted = substitute_all_parameters(obj, DEFINED)
    except SubstitutionError:
        substituted = None
    assert obj == before
    if substituted is not None:
        go_encoded_vm(substituted)  # the processor then changes its copy in place
        assert obj == before

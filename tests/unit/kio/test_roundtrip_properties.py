"""Property tests: for generated documents, every path through the I/O layer keeps the values.

The oracle is a YAML 1.2 reader (ruamel). Strings are drawn to include the spellings YAML
readers disagree on, control characters, multi-line text and indicator characters.
"""
from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from krmfn.kio import tree as yt
from krmfn.kio.emit import dump, render_node
from tests.conftest import VALIDATE, krm, load12, resource_list

TRICKY = ["yes", "no", "on", "~", "null", "True", "0755", "0x1F", "1.10", "1e3", "1_000", "-", "- a",
          "a: b", "#c", "@x", "*y", "&z", "!t", "|", ">", "'q'", '"dq"', " lead", "trail ", "", "2001-12-14",
          ".inf", "+1", "12:30", "a\nb", "a\n", "\n", "tab\tx", "\x01ctl", "é✓", "\u2028", "x #y", "{a}", "[b]"]

keys = st.one_of(st.sampled_from(["name", "kind", "spec", "a b", "yes", "1", "-k", "x:y"]),
                 st.text(min_size=1, max_size=8))
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=True), st.sampled_from(TRICKY), st.text(max_size=20),
)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4)), max_leaves=25)
documents = st.dictionaries(keys, values, min_size=1, max_size=5)

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def normal(value):
    """Floats compare by value; -0.0 == 0.0 is fine; keys are strings."""
    if isinstance(value, float) and math.isinf(value):
        return ("inf", value > 0)
    if isinstance(value, dict):
        return {str(k): normal(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normal(v) for v in value]
    return value


@FAST
@given(documents)
def test_dump_reads_back_identically(doc):
    assert normal(load12(dump(doc) + "\n")) == normal(doc)


@FAST
@given(documents)
def test_fast_and_exact_readers_agree(doc):
    tree = yt.parse((dump(doc) + "\n").encode())
    node = yt.documents(tree)[0]
    exact = yt.Walker(tree).value(node)
    assert normal(exact) == normal(doc)
    assert normal(yt.to_python(tree, node)) == normal(exact)


@FAST
@given(documents)
def test_render_node_is_faithful_or_refuses(doc):
    tree = yt.parse((dump(doc) + "\n").encode())
    node = yt.documents(tree)[0]
    try:
        text = render_node(tree, node)
    except Exception:  # UnsafeRendering: the caller falls back to dump
        return
    assert normal(load12(text + "\n")) == normal(doc)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(documents, min_size=1, max_size=4))
def test_krm_passthrough_keeps_every_item(docs):
    items = "".join("- " + dump(d, "  ").lstrip(" ") + "\n" for d in docs)
    run = krm(resource_list(items, VALIDATE))
    assert run.code == 0, run.stderr
    assert normal(run.doc()["items"]) == normal(docs)

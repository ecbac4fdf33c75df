"""The reader's node-array estimate (krmfn.kio.tree.node_estimate)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from krmfn.kio import tree as yt
from krmfn.kio.tree import node_estimate


def test_node_estimate_fits_block_yaml_and_ignores_blank_and_text_lines():
    block = b"items:\n" + b"".join(b"- name: vm-%d\n  spec:\n    running: false\n" % i for i in range(1000))
    assert yt.parse(block).size() <= node_estimate(block) <= 2 * yt.parse(block).size()
    assert node_estimate(b"\n" * 1_000_000) == 64  # blank lines make no nodes
    assert node_estimate(b"text: |\n" + b"  plain words\n" * 100_000) == 64
    assert node_estimate(b"-\n" * 1_000_000) <= 2_000_000 // 8  # never more than a node per 8 bytes


FRAGMENTS = ['"', "~", "Null", "NULL", "True", "FALSE", ".inf", "-.Inf", "+", "-", ".", ".nan", "0", "0o7", "0x1F",
             "12", "e5", "E-3", "a", " ", ",", ":", "\\\"", "[", "{", "}", "]", "\n"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=40))
def test_json_risk_screen_finds_exactly_what_the_full_search_finds(parts):
    text = "".join(parts)
    assert yt.json_needs_exact(text) == bool(yt._JSON_RISK.search(text))

"""krmfn.kio.spans: each item's bytes in a ResourceList, or None when the text cannot be split."""
from __future__ import annotations

import pytest

from krmfn.kio import resourcelist
from krmfn.kio import spans as sp
from krmfn.kio import tree as yt


def split(text: str) -> list[str] | None:
    data = text.encode()
    tree = yt.parse(data)
    root = yt.documents(tree)[0]
    items = yt.find_key(tree, root, "items")
    found = sp.item_spans(data, tree, items, yt.children(tree, items))
    return None if found is None else [data[start:end].decode() for start, end in found[0]]


HEAD = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n"


def test_entries_at_column_zero_with_comments_and_a_following_key():
    entries = ["- # head\n  kind: A # eol\n  data:\n    k: |\n      - not an entry\n",
               "# between\n",
               "- kind: B\n  list:\n  - x\n"]
    text = HEAD + "items:\n" + "".join(entries) + "# trailing\nfunctionConfig: {kind: ConfigMap}\n"
    assert split(text) == [entries[0] + entries[1], entries[2]]


def test_a_keep_chomping_last_entry_keeps_its_trailing_blank_lines():
    # property test find: `name: |+` with value "\n" lost its blank line (value "" on output)
    text = HEAD + "items:\n- kind: A\n- name: |+\n\n\n# trailing\nfunctionConfig: {kind: ConfigMap}\n"
    assert split(text) == ["- kind: A\n", "- name: |+\n\n\n"]
    text = HEAD + "items:\n- name: |+\n    a\n\nfunctionConfig: {kind: ConfigMap}\n"
    assert split(text) == ["- name: |+\n    a\n\n"]


def test_entries_at_column_two_and_items_last():
    text = HEAD + "items:\n  - kind: A\n    a: 1\n  - {kind: B}\n...\n"
    assert split(text) == ["  - kind: A\n    a: 1\n", "  - {kind: B}\n"]


def test_properties_before_the_first_key():
    text = HEAD + "items:\n- &anchor\n  kind: A\n- !!map\n  kind: B\n"
    assert split(text) == ["- &anchor\n  kind: A\n", "- !!map\n  kind: B\n"]


def test_no_newline_at_the_end():
    assert split(HEAD + "items:\n- kind: A") == ["- kind: A"]


@pytest.mark.parametrize("text", [
    HEAD + "items: [{kind: A}, {kind: B}]\n",  # flow: no lines to split
    "{apiVersion: v1, kind: ResourceList, items: [{kind: A}]}\n",
    HEAD + "items:\n- kind: A\nfunctionConfig:\n  items:\n  - x\n" + "items2: 1\n",
])
def test_text_that_cannot_be_split_gives_none_or_agrees(text):
    got = split(text)
    assert got is None or len(got) == 1


def test_a_dash_at_the_entries_column_inside_a_quoted_scalar_is_not_an_entry():
    # The scan's premise: no line of an entry reaches the entries' column. A quoted scalar
    # continued there (go-yaml reads it) is read from the relaxed text, where that line is deeper
    # (krmfn.kio.leniency): the spans are found there and mapped back to the text as written.
    data = (HEAD + 'items:\n- kind: A\n  a: "one\n- two"\n- kind: B\n').encode()
    assert split(data.decode()) is None  # as written: three dashes at the column, two items
    listed = resourcelist.read(data)
    assert [item.value for item in listed.items] == [{"kind": "A", "a": "one - two"}, {"kind": "B"}]
    assert [data[item.span[0] : item.span[1]] for item in listed.items if item.span] == [
        b'- kind: A\n  a: "one\n- two"\n', b"- kind: B\n"]


def test_a_count_that_disagrees_with_the_tree_gives_none():
    data = (HEAD + "items:\n- kind: A\n- kind: B\n").encode()
    tree = yt.parse(data)
    items = yt.find_key(tree, yt.documents(tree)[0], "items")
    assert sp.item_spans(data, tree, items, yt.children(tree, items)[:1]) is None


def test_an_entry_that_does_not_open_with_its_first_key_gives_none():
    data = (HEAD + "items:\n- kind: A\n- name: B\n").encode()
    tree = yt.parse(data)
    items = yt.find_key(tree, yt.documents(tree)[0], "items")
    first, second = yt.children(tree, items)
    assert sp.item_spans(data, tree, items, [second, first]) is None


def documents(text: str) -> list[str | None] | None:
    data = text.encode()
    tree = yt.parse(data)
    found = sp.document_spans(data, tree, yt.documents(tree))
    return None if found is None else [None if span is None else data[span[0]:span[1]].decode() for span in found]


def test_documents_without_their_markers_and_empty_ones_kept_in_place():
    text = "# file comment\n---\na: 1\n---\n# only a comment\n---\nb: |\n  ---\n  x\n...\n"
    assert documents(text) == ["a: 1\n", None, "b: |\n  ---\n  x\n"]


def test_a_document_that_is_not_a_block_mapping_has_no_span():
    assert documents("a: 1\n---\n- x\n---\n{b: 2}\n") == ["a: 1\n", None, None]


@pytest.mark.parametrize("text", ["--- {a: 1}\n", "%YAML 1.2\n---\na: 1\n", "--- !tag\na: 1\n"])
def test_documents_starting_on_their_marker_line_give_none(text):
    assert documents(text) is None


def values(text: bytes) -> list:
    tree = yt.parse(text)
    return [yt.Walker(tree).value(document) for document in yt.documents(tree)]


@pytest.mark.parametrize("text, expected", [
    (b"a: 1", b"a: 1\n"),  # nothing to keep: a line break
    (b"a: 1\n", b"a: 1\n"),
    (b"a: |\n  x\n  y", b"a: |-\n  x\n  y\n"),  # clip: the line break would be content
    (b"a: |+\n  x\n  y", b"a: |-\n  x\n  y\n"),  # keep, ending on content: no line break either
    (b"a: |-\n  x", b"a: |-\n  x\n"),
    (b"a: >\n  x\n  y", b"a: >-\n  x\n  y\n"),
    (b"a: |2\n   x\n  y", b"a: |2-\n   x\n  y\n"),  # the indentation indicator stays
    (b"a: >+1\n   x", b"a: >1-\n   x\n"),
    (b"a: !!str | # note\n  x", b"a: !!str |- # note\n  x\n"),
    (b"a: |+\n  x\n\n  ", b"a: |+\n  x\n\n"),  # an unended blank last line goes instead
    (b"a: |\n  x\n# comment", b"a: |\n  x\n# comment\n"),  # the scalar ended before the comment
    (b"a: |\r\n  x\r\n  y", b"a: |-\r\n  x\r\n  y\r\n"),  # the text's own line breaks
    # the header of the last scalar, not the `|` lines of its content (a cloud-init in a block)
    (b"a: |\n  files:\n  - content: |\n      hello", b"a: |-\n  files:\n  - content: |\n      hello\n"),
    # an entry of a ResourceList's items
    (b"  - kind: A\n    data:\n      k: |\n        x", b"  - kind: A\n    data:\n      k: |-\n        x\n"),
])
def test_terminated_ends_with_a_line_break_and_reads_the_same(text, expected):
    assert sp.terminated(text) == expected
    assert values(expected) == values(text)


def test_terminated_gives_none_for_a_text_that_does_not_read_alone():
    assert sp.terminated(b"a: *unknown\nb: |\n  x") is None

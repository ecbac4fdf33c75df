"""The reader's node-array estimate (krmfn.kio.tree.node_estimate)."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from krmfn.kio import tree as yt
from krmfn.kio.tree import node_estimate
from krmfn.model.scalars import resolve_plain


def test_node_estimate_fits_block_yaml_and_ignores_blank_and_text_lines():
    block = b"items:\n" + b"".join(b"- name: vm-%d\n  spec:\n    running: false\n" % i for i in range(1000))
    assert yt.parse(block).size() <= node_estimate(block) <= 2 * yt.parse(block).size()
    assert node_estimate(b"\n" * 1_000_000) == 64  # blank lines make no nodes
    assert node_estimate(b"text: |\n" + b"  plain words\n" * 100_000) == 64
    assert node_estimate(b"-\n" * 1_000_000) <= 2_000_000 // 8  # never more than a node per 8 bytes


FRAGMENTS = ['"', "~", "Null", "NULL", "True", "FALSE", ".inf", "-.Inf", "+", "-", ".", ".nan", "0", "0o7", "0x1F",
             "12", "e5", "E-3", "a", " ", ",", ":", "\\\"", "[", "{", "}", "]", "\n", "_", "9", "0b1", "x"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=40))
def test_json_risk_screen_finds_exactly_what_checking_every_string_finds(parts):
    text = "".join(parts)
    assert yt.json_needs_exact(text) == any(yt._plain_differs(text, at) for at, char in enumerate(text) if char == '"')


DANGLING = [b"a: 1\n!", b"a: 1\n!\n", b"a: 1\n! # c\n", b"a: 1\n&x", b"a:\n  b: 1\n  !\nc: 2", b"a: 1\n! \nb: 2",
            b"a: 1\n---\nb: 1\n!", b"- a: 1\n  !"]
PROPERTIES_ON_THEIR_OWN_LINE = [b"a:\n  !!map\n  b: 1", b"a:\n  &x\n  b: 1\nc: *x", b"- !!str\n  x", b"!!map\na: 1",
                                b"&a\na: 1", b"a:\n  - &x\n    b: 1\n  - *x", b"a: &x # c\n  b: 1",
                                b"x: |\n  !important\n"]


def test_properties_of_no_node_are_invalid_yaml_as_for_a_strict_reader():
    """rapidyaml accepts a tag or anchor with no node after it and builds a wrong tree (a map that is also a
    scalar, a key whose siblings are gone); ruamel.yaml rejects the input, and so must the reader."""
    for data in DANGLING:
        with pytest.raises(YAMLError):
            YAML(typ="safe", pure=True).load(data)
        with pytest.raises(yt.YamlError, match=r"^invalid YAML at line \d+, column \d+: ") as caught:
            yt.parse(data)
        assert caught.value.line is not None


def test_a_dangling_property_on_the_last_line_is_located_on_that_line():
    with pytest.raises(yt.YamlError) as caught:
        yt.parse(b"a: 1\nb: 2\n!\n")
    assert caught.value.line == 3
    assert caught.value.message == "invalid YAML at line 3, column 2: could not find expected ':'"


def test_properties_on_their_own_line_before_their_node_read_as_a_strict_reader_reads_them():
    for data in PROPERTIES_ON_THEIR_OWN_LINE:
        tree = yt.parse(data)
        assert yt.Walker(tree).value(yt.documents(tree)[0]) == YAML(typ="safe", pure=True).load(data)


LINE_FRAGMENTS = ["!", "&", "!!str", "&x", "- ", "-", " ", "\t", "#", "# c", "a", ": ", "\n", "\r\n", "x"]
_FULL_PROPERTY_LINE = re.compile(rb"(?m)^[ \t]*(?:- +)*(?:[!&][^\s]*[ \t]*)+(?:#[^\n]*)?\r?$")


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(LINE_FRAGMENTS), max_size=30))
def test_property_line_screen_finds_exactly_what_a_line_by_line_search_finds(parts):
    data = "".join(parts).encode()
    assert yt._has_property_line(data) == bool(_FULL_PROPERTY_LINE.search(data))


@pytest.mark.parametrize("data, line, column, reason", [
    (b"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n data: [\n", 5, 1, "parse error: incorrect indentation?"),
    (b"a: 1\nb: [\n", 3, 1, "missing terminating ]"),
    (b"kind: Deployment\nmetadata:\n  name: {{ .Values.name }}\n", 3, 10,
     "ryml trees cannot handle containers as keys"),
])
def test_rapidyaml_errors_carry_line_and_column(data, line, column, reason):
    with pytest.raises(yt.YamlError) as caught:
        yt.parse(data)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert caught.value.message == f"invalid YAML at line {line}, column {column}: {reason}"


def test_duplicate_keys_are_their_own_error_with_the_key():
    tree = yt.parse(b"a: 1\nb:\n  c: 1\n  c: 2\n")
    with pytest.raises(yt.DuplicateKey) as caught:
        yt.Walker(tree).value(yt.documents(tree)[0])
    assert caught.value.key == "c" and caught.value.message == 'duplicate key "c" in a mapping'


# A block scalar that ends the text: every header, with and without a final line break.
HEADERS = ["|", "|-", "|+", ">", ">-", ">+", "|2", "|2-", "|+2", ">1", ">-1", ">1+"]


def block_at_end(header: str, final_newline: bool, line_break: str = "\n") -> str:
    indented = any(char.isdigit() for char in header)  # an indentation indicator: deeper lines too
    body = ["    line", "     more" if indented else "    more", "    last"]
    lines = ["apiVersion: v1", "kind: ConfigMap", "metadata:", "  name: cm", "data:", f"  key: {header}", *body]
    return line_break.join(lines) + (line_break if final_newline else "")


@pytest.mark.parametrize("final_newline", [True, False], ids=["final-newline", "no-final-newline"])
@pytest.mark.parametrize("header", HEADERS)
def test_a_block_scalar_at_the_end_reads_as_yaml_12_reads_it(header, final_newline):
    # YAML 1.2 (8.1.1.2, b-chomped-last): the end of the input ends the last line, so clip (`|`)
    # keeps no line break there; rapidyaml 0.15.2 reads one, which krmfn takes back out.
    for line_break in ("\n", "\r\n"):
        text = block_at_end(header, final_newline, line_break)
        tree = yt.parse(text.encode())
        value = yt.Walker(tree).value(yt.documents(tree)[0])
        assert value == YAML(typ="safe", pure=True).load(text)
        assert yt.to_python(tree, yt.documents(tree)[0]) == value
        assert value["data"]["key"].endswith("\n") == (final_newline and "-" not in header)


@pytest.mark.parametrize("text, value", [
    ("a: |\n  x\n# a comment", "x\n"),  # the comment ends the scalar, its last line has a break
    ("a: |\n  x\n  # content", "x\n# content"),  # deeper: content
    ("a: |\n  x\n\n  ", "x\n"),  # an empty last line: clipped
    ("a: |+\n  x\n\n  ", "x\n\n"),  # kept, without the blanks of the unended last line
    ("a: |\n  x\n   \t", "x\n \t"),  # blanks beyond the indentation: content
    ("a: |\n  x\n...", "x\n"),
    ("- |\n  a\n  b", None),
    ("a: !!str |  # c\n  x", "x"),
    ("a: &k >\n  x\n\n  y", "x\ny"),
])
def test_the_last_line_is_the_scalars_only_where_yaml_says_so(text, value):
    tree = yt.parse(text.encode())
    got = yt.Walker(tree).value(yt.documents(tree)[0])
    assert got == YAML(typ="safe", pure=True).load(text)
    if value is not None:
        assert got["a"] == value


NUMBER_SPELLINGS = ["010", "0755", "08", "1_0", "0b11", "0B11", "0X1F", "0O17", "+0x10", "-0x10", "-0b101", "0b-1",
                    "685_230.15", ".5_0", "+5", "+1e3", "5.", ".5", "-.5", "1e400", "123456789012345678901234567890",
                    "-9223372036854775809", "18446744073709551615", "0", "-0", "1.10", "_1", "+_1", "0x", "Null", "~"]


@pytest.mark.parametrize("quoted", [False, True])
@pytest.mark.parametrize("spelling", NUMBER_SPELLINGS)
def test_the_fast_reader_reads_number_spellings_as_the_exact_walk(spelling, quoted):
    """rapidyaml's JSON quotes some plain numbers (`010`, `1_0`) and writes others as they are
    (`+5`, `-0x10`): either way the fast path must give yaml.v3's value, or leave it to the walk."""
    tree = yt.parse(f"k: {chr(34) * quoted}{spelling}{chr(34) * quoted}\n".encode())
    root = yt.documents(tree)[0]
    exact = yt.to_python(tree, root, exact=True)
    fast = yt.to_python_fast(tree, [root])
    assert fast is None or repr(fast) == repr([exact])
    assert exact["k"] == (resolve_plain(spelling) if not quoted else spelling)

"""Fuzz targets and input generators, shared by `run_fuzz.py` and the regression tests.

Each target takes bytes and raises AssertionError (or any other exception) on a crash:

* `krm`: the KRM function in-process (ResourceList in, ResourceList out). No exception may
  escape; fatal input writes nothing on stdout and one `krmfn: ` line on stderr; otherwise the
  output is a ResourceList with as many items as the input (modes that keep them all), and no
  result is an `internal-error`.
* `files`: the CLI's reader over the same bytes as a file: it returns items and located input
  problems and never raises; the strict reader returns items or raises FatalInput.
* `readers`: for input that parses, the fast (JSON) reading of every item equals the exact walk.
"""
from __future__ import annotations

import io
import math
import re
from typing import Any

from hypothesis import strategies as st

from krmfn.cli.krm import run_krm
from krmfn.kio import tree as yt
from krmfn.kio.files import Source, load_items, read_items
from krmfn.kio.items import convert
from krmfn.kio.resourcelist import FatalInput
from tests.conftest import load12
from tests.unit.robustness.strategies import FUNCTION_CONFIGS, generate_configs, resource_list_text, resource_lists

TOKENS = [
    b"&a ", b"*a", b"&b [x, *a]", b"<<: *a\n", b"!!str ", b"!!int ", b"!!binary ", b"!local ", b"? ",
    b": ", b"- ", b"---\n", b"...\n", b"%YAML 1.2\n", b"%TAG ! tag:x:\n", b"#", b"[", b"]", b"{", b"}",
    b",", b"'", b'"', b"|", b">-", b"|2\n", b"\t", b"\n", b"\r\n", b"  ", b"~", b"null", b"yes", b"0x1F",
    b"1e3", b".inf", b"-.5", b"0o17", b"2001-12-14", b"\\u0000", b'"\\0"', b'"\\x85"', b"\xc2\x85",
    b"\xe2\x80\xa8", b"\xef\xbb\xbf", b"\x00", b"\xff", b"[" * 80, b"]" * 80, b"- " * 70, b"{a: " * 70,
    b"9" * 5000, b"x" * 10000, b"items:", b"kind: ResourceList", b"apiVersion: v1", b"metadata:",
    b"name: a", b"spec:", b"annotations:", b"guest: four", b"guest: -1", b"guest: 1180591620717411303424",
    b"guest: 1.5.3Gi", b"instancetype: {name: u1.medium}", b"functionConfig:", b"results:",
]


TRICKY = ["yes", "no", "on", "~", "null", "True", "0755", "0x1F", "1.10", "1e3", "1_000", "-", "- a", "a: b",
          "#c", "@x", "*y", "&z", "!t", "|", ">", "'q'", '"dq"', " lead", "trail ", "", "2001-12-14", ".inf",
          "+1", "12:30", "a\nb", "a\n", "\n", "tab\tx", "\x01ctl", "\x85", "é✓", "\u2028", "x #y", "{a}", "[b]",
          "<<", "=", "9" * 30]
_keys = st.one_of(st.sampled_from(["name", "kind", "spec", "a b", "yes", "1", "-k", "x:y", "<<", "", "~"]),
                  st.text(min_size=1, max_size=6))
_scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True),
                     st.sampled_from(TRICKY), st.text(max_size=12))
_values = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                        st.dictionaries(_keys, inner, max_size=4)), max_leaves=20)


@st.composite
def odd_items(draw: Any) -> str:
    """A ResourceList of items with random keys and tricky scalars, in several styles."""
    items = []
    for index in range(draw(st.integers(1, 3))):
        body = draw(st.dictionaries(_keys, _values, max_size=5))
        items.append({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": f"c{index}"}, **body})
    styles = draw(st.lists(st.sampled_from(["block", "json", "pyyaml"]), min_size=len(items), max_size=len(items)))
    config = draw(st.one_of(st.sampled_from([None, *FUNCTION_CONFIGS.values()]), generate_configs()))
    return resource_list_text(items, config, styles)


@st.composite
def mutated(draw: Any) -> bytes:
    """A generated ResourceList with a few byte-level mutations."""
    if draw(st.booleans()):
        _, _, text = draw(resource_lists(max_items=4))
    else:
        text = draw(odd_items())
    data = bytearray(text.encode())
    for _ in range(draw(st.integers(0, 4))):
        op = draw(st.integers(0, 5))
        pos = draw(st.integers(0, len(data)))
        if op == 0:
            data[pos:pos] = draw(st.sampled_from(TOKENS))
        elif op == 1 and data:
            end = draw(st.integers(pos, min(len(data), pos + 40)))
            del data[pos:end]
        elif op == 2:
            lines = bytes(data).split(b"\n")
            index = draw(st.integers(0, len(lines) - 1))
            lines.insert(index, lines[index])
            data = bytearray(b"\n".join(lines))
        elif op == 3:
            lines = bytes(data).split(b"\n")
            index = draw(st.integers(0, len(lines) - 1))
            lines[index] = b" " * draw(st.integers(0, 4)) + lines[index].lstrip(b" ")
            data = bytearray(b"\n".join(lines))
        elif op == 4 and data:
            data[min(pos, len(data) - 1)] = draw(st.integers(0, 255))
        else:
            data[pos:pos] = draw(st.binary(max_size=8))
    return bytes(data)


def inputs() -> st.SearchStrategy[bytes]:
    """Well-formed generated ResourceLists, mutated ones, and raw bytes."""
    return st.one_of(
        resource_lists().map(lambda generated: generated[2].encode()),
        odd_items().map(str.encode),
        mutated(),
        mutated(),
        st.binary(max_size=64),
    )


_RESULT_LINE = re.compile(r"\Akrmfn: [^\n]*\n\Z")


def check_krm(data: bytes) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = run_krm(data, out, err)
    stdout, stderr = out.getvalue(), err.getvalue()
    assert code in (0, 1), code
    assert "Traceback" not in stderr, stderr
    assert all(line.startswith("krmfn: ") for line in stderr.splitlines()), stderr  # one line per error
    if not stdout:
        assert code == 1 and _RESULT_LINE.match(stderr), (code, stderr)
        return
    try:
        doc = load12(stdout)
    except Exception:  # noqa: BLE001 - only a bug when the input was valid YAML to begin with
        if not strict_yaml(data):
            return  # rapidyaml accepts some invalid YAML (`- ]a: 1`) and krmfn echoes it
        raise
    assert isinstance(doc, dict) and doc.get("kind") == "ResourceList", stdout[:500]
    for result in doc.get("results") or []:
        tags = result.get("tags") or {}
        assert tags.get("check") != "internal-error", result.get("message")
    errors = [r for r in doc.get("results") or [] if r.get("severity") == "error"]
    assert (code == 1) == bool(errors) or _earlier_results(data), (code, errors)


def strict_yaml(data: bytes) -> bool:
    """Is the input YAML to a strict reader (ruamel, YAML 1.2)?"""
    try:
        load12(data.decode("utf-8"))
    except Exception:  # noqa: BLE001 - any reader error
        return False
    return True


def _earlier_results(data: bytes) -> bool:
    return b"results" in data  # results of earlier steps may carry errors of their own


def check_files(data: bytes) -> None:
    _, problems = read_items([Source("fuzz.yaml", data)], objects=True)
    for problem in problems:
        assert problem.path == "fuzz.yaml" and problem.message, problem
        assert (problem.line is None or problem.line >= 1) and (problem.column is None or problem.column >= 1), problem
    try:
        load_items([Source("fuzz.yaml", data)])
    except FatalInput as err:
        assert str(err).startswith("fuzz.yaml: "), err


def check_readers(data: bytes) -> None:
    """The fast reading of each item equals the exact walk (documents of a stream as items)."""
    try:
        tree = yt.parse(data)
    except yt.YamlError:
        return
    nodes = [doc for doc in yt.documents(tree) if tree.is_map(doc)]
    try:
        items = convert(tree, nodes, data)
    except yt.YamlError:
        return
    for item in items:
        try:
            exact = yt.Walker(tree).value(item.node)
        except yt.YamlError:
            continue  # e.g. an alias the fast path never sees: the item is read exactly anyway
        assert normal(item.value) == normal(exact), (item.value, exact)
        for child in yt.children(tree, item.node):  # what `to_python` reads (functionConfig)
            if tree.is_map(child) or tree.is_seq(child):
                try:
                    fast = yt.to_python(tree, child)
                except yt.YamlError:
                    continue
                assert normal(fast) == normal(yt.Walker(tree).value(child)), yt.key_text(tree, child)


def normal(value: Any) -> Any:
    """Comparable values: NaN equals NaN, and a type difference shows (1 vs 1.0 vs True)."""
    if isinstance(value, float):
        return ("float", "nan" if math.isnan(value) else value)
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, int):
        return ("int", value)
    if isinstance(value, dict):
        return {str(k): normal(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normal(v) for v in value]
    return value


TARGETS = {"krm": check_krm, "files": check_files, "readers": check_readers}


def check_all(data: bytes) -> None:
    for target in TARGETS.values():
        target(data)

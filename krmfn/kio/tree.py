r"""Parsing YAML with rapidyaml, and turning parsed nodes into plain Python values.

Why rapidyaml: on a 10,000-VM ResourceList (17 MB) it parses in about 0.3 s where PyYAML's C
loader needs 18 s (README, "Performance"). Its tree keeps every scalar's source text and style,
which is what lets untouched values come out exactly as they went in (see emit.py).

Two ways from a node to Python values:

* fast: rapidyaml writes the node as JSON and the standard library decodes it (C all the way).
  rapidyaml's JSON is not yaml.v3's reading of every plain scalar (`~`, `True`, `0x1F`, `010`,
  `1_000`, `+1`, tags, aliases, control characters), so `needs_exact` screens for those first.
* exact: a walk over the tree that reads each plain scalar as yaml.v3 does
  (``krmfn.model.scalars``), expands aliases
  and merge keys within limits, and rejects duplicate keys. It is the reference the fast way is
  tested against.

Misreadings of rapidyaml are repaired in the tree after parsing, so that both ways read YAML
1.2's values, as Go's yaml.v3 (kubectl, kustomize) reads them: two `\L`/`\P` escapes in one
double-quoted scalar (``krmfn.kio.escapes``), the line folding of two spellings of a quoted scalar
(``krmfn.kio.folding``), a comment after a plain scalar in a flow mapping
(``krmfn.kio.flowcomments``), and a clip-chomped block scalar that ends the input without a line
break (``repair_open_block_end``). A text rapidyaml refuses because a flow node's continuation
lines are not indented as YAML 1.2 wants, which yaml.v3 reads, is read from a relaxed text
(``krmfn.kio.leniency``; ``relaxation`` gives it).
"""
from __future__ import annotations

import bisect
import itertools
import json
import os
import sys
import weakref

import ryml

from krmfn.kio import escapes, flowcomments, folding, leniency
from krmfn.model.lazy_re import LazyPattern
from krmfn.model.record import FrozenRecord, field, record
from krmfn.model.scalars import resolve_plain

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

NONE = ryml.NONE

# --- limits ----------------------------------------------------------------------------------
# Input the function reads is untrusted (README, "Security"). Each limit has a default and an
# environment variable that changes it; a value outside the accepted range is a fatal error.
MAX_INPUT_BYTES = 256 * 1024 * 1024  # one input: stdin, or each file of the CLI
MAX_DEPTH = 500  # nesting of mappings and sequences, aliases expanded
MAX_ALIAS_NODES = 1_000_000  # nodes that alias expansion may create in one input
LIMIT_VARIABLES = {
    "max_input_bytes": ("KRMFN_MAX_INPUT_BYTES", MAX_INPUT_BYTES, 1 << 40),
    "max_depth": ("KRMFN_MAX_DEPTH", MAX_DEPTH, 10_000),
    "max_alias_nodes": ("KRMFN_MAX_ALIAS_NODES", MAX_ALIAS_NODES, 1 << 32),
}
# rapidyaml's emitters refuse trees deeper than this (relative to the emitted node); deeper
# items are read by the exact walk and written by `emit.dump` (see `deep_nodes`).
EMIT_DEPTH = 60


class YamlError(Exception):
    """Input that is not YAML we accept; `line` and `column` are 1-based when known."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


class DuplicateKey(YamlError):
    """A mapping repeats a key (rapidyaml keeps both; Kubernetes refuses the object)."""

    def __init__(self, key: str) -> None:
        super().__init__(f"duplicate key {json.dumps(key, ensure_ascii=False)} in a mapping")
        self.key = key


class Limits(FrozenRecord):
    __slots__ = ("max_input_bytes", "max_depth", "max_alias_nodes")
    max_input_bytes: int
    max_depth: int
    max_alias_nodes: int

    def __init__(self, max_input_bytes: int = MAX_INPUT_BYTES, max_depth: int = MAX_DEPTH,
                 max_alias_nodes: int = MAX_ALIAS_NODES) -> None:
        self._set(max_input_bytes=max_input_bytes, max_depth=max_depth, max_alias_nodes=max_alias_nodes)


def limits() -> Limits:
    """The limits in force: the defaults, or the KRMFN_MAX_* environment variables."""
    values = {}
    for name, (variable, default, highest) in LIMIT_VARIABLES.items():
        raw = os.environ.get(variable, "").strip()
        if not raw:
            values[name] = default
            continue
        try:
            value = int(raw.replace("_", ""), 10)
        except ValueError:
            value = 0
        if not 1 <= value <= highest:
            raise YamlError(f"{variable}={raw!r}: expected an integer from 1 to {highest}")
        values[name] = value
    return Limits(**values)


def check_size(size: int, limit: Limits | None = None) -> None:
    limit = limit or limits()
    if size > limit.max_input_bytes:
        raise YamlError(f"input is larger than {limit.max_input_bytes} bytes "
                        f"(the limit; set KRMFN_MAX_INPUT_BYTES to change it)")


def recursion_headroom(max_depth: int) -> None:
    """Python code walks values recursively (a few frames per level): make room for max_depth."""
    needed = 8 * max_depth + 2000
    if sys.getrecursionlimit() < needed:
        sys.setrecursionlimit(needed)


def _depth_error(limit: int) -> YamlError:
    return YamlError(f"YAML nesting deeper than {limit} levels (the limit; set KRMFN_MAX_DEPTH to change it)")


def _alias_error(limit: int) -> YamlError:
    return YamlError(f"YAML aliases expand to more than {limit} nodes (alias bomb?) "
                     f"(the limit; set KRMFN_MAX_ALIAS_NODES to change it)")


class quiet_stderr:  # lowercase: used as the function it was, `with quiet_stderr():`
    """rapidyaml's C++ error handler prints to fd 2 before raising; we report errors ourselves.
    Within the block fd 2 is /dev/null (a class, not ``contextlib``: krmfn.model.gcpause)."""

    __slots__ = ("fd", "saved", "devnull")

    def __enter__(self) -> None:
        self.saved = None
        try:
            self.fd = sys.stderr.fileno()
        except (AttributeError, ValueError, OSError):
            return
        sys.stderr.flush()
        self.saved = os.dup(self.fd)
        try:
            self.devnull = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(self.devnull, self.fd)
            except OSError:
                os.close(self.devnull)
                raise
        except OSError:
            os.close(self.saved)
            self.saved = None
            raise

    def __exit__(self, *exc_info: object) -> None:
        if self.saved is None:
            return
        os.dup2(self.saved, self.fd)
        os.close(self.saved)
        os.close(self.devnull)


_RYML_MSG = LazyPattern(r"line=(\d+) col=(\d+) \(\d+B\): ERROR: (?:\[\w+\] )?(.*)")


BOM = b"\xef\xbb\xbf"


def parse(data: bytes) -> ryml.Tree:
    """Parse a YAML stream. Raises YamlError with a one-line message.

    Within the limits: the input size is checked first, and the nesting depth after parsing
    (rapidyaml parses deep nesting without recursion; see `_check_depth`).
    """
    limit = limits()
    check_size(len(data), limit)
    if b"\x00" in data:
        raise YamlError("input is binary (it contains NUL bytes), not YAML")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise YamlError(f"input is not UTF-8 text: invalid byte at offset {err.start}") from None
    recursion_headroom(limit.max_depth)
    if data.startswith(BOM):  # allowed at the start of a YAML stream; rapidyaml chokes on it
        data = data[len(BOM):]
    tree = ryml.Tree()
    tree.reserve(node_estimate(data))
    try:
        with quiet_stderr():
            ryml.parse_in_arena(data, tree=tree)
    except Exception as err:  # rapidyaml raises its own SWIG exception types
        tree, data = _parse_relaxed(data, err)
    _check_depth(tree, limit.max_depth)
    _check_dangling_properties(data)
    escapes.repair(tree, data)
    folding.repair(tree, data)
    flowcomments.repair(tree, data)
    repair_open_block_end(tree, data)
    return tree


# Trees read from a relaxed text (``krmfn.kio.leniency``), with that text: the tree's views are of it.
_RELAXED: weakref.WeakKeyDictionary[ryml.Tree, leniency.Relaxed] = weakref.WeakKeyDictionary()


def _parse_relaxed(data: bytes, err: Exception) -> tuple[ryml.Tree, bytes]:
    """rapidyaml refused `data`: read it as go-yaml does where the two differ (flow nodes'
    continuation lines under-indented, ``krmfn.kio.leniency``), or raise rapidyaml's error."""
    relaxed = leniency.relaxed(data)
    if relaxed is None:
        raise _yaml_error(err) from None
    tree = ryml.Tree()
    tree.reserve(node_estimate(relaxed.text))
    try:
        with quiet_stderr():
            ryml.parse_in_arena(relaxed.text, tree=tree)
    except Exception:  # noqa: BLE001 - still refused: the error of the text as written
        raise _yaml_error(err) from None
    _RELAXED[tree] = relaxed
    return tree, relaxed.text


def relaxation(tree: ryml.Tree) -> leniency.Relaxed | None:
    """The relaxed text ``parse`` read `tree` from in place of the text as written, if it did."""
    return _RELAXED.get(tree)


def _last_node(tree: ryml.Tree) -> int:
    """The node that ends the stream's text: the last child of the last child, down to a leaf."""
    node = tree.root_id()
    child = tree.last_child(node)
    while child != NONE:
        node, child = child, tree.last_child(child)
    return node


def _last_block_value(tree: ryml.Tree) -> bytes | None:
    node = _last_node(tree)
    if not tree.has_val(node) or tree.is_container(node) or tree.val_is_null(node):
        return None
    if not (tree.is_val_literal(node) or tree.is_val_folded(node)):
        return None
    return bytes(tree.val(node))


def repair_open_block_end(tree: ryml.Tree, data: bytes) -> None:
    """A block scalar that ends the text on a line without a line break: rapidyaml 0.15.2 reads
    `|` and `>` (clip chomping) as if the line had one (`key: |` then `  a` at the end of a file
    without a final newline reads `a\\n`), where YAML 1.2 (8.1.1.2, `b-chomped-last`: the end of
    the input in place of the last line break), Go's yaml.v3 (so kpt and kustomize) and PyYAML
    read `a`. Keep (`|+`) and strip (`|-`) it reads right.

    Only a text that does not end with a line break and whose last node is a block scalar is
    looked at: its last line is content of that scalar exactly when the text without that line
    gives the scalar another value (a comment or an empty line after the scalar changes
    nothing). Then the one line break rapidyaml added goes."""
    if not data or data.endswith((b"\n", b"\r")):
        return
    value = _last_block_value(tree)
    if value is None or not value.endswith(b"\n"):
        return
    cut = max(data.rfind(b"\n"), data.rfind(b"\r")) + 1
    if cut == 0:
        return  # one line: a block scalar's content cannot be on its header's line
    shorter = ryml.Tree()
    try:
        with quiet_stderr():
            ryml.parse_in_arena(data[:cut], tree=shorter)
    except Exception:  # noqa: BLE001 - rapidyaml refuses the text without its last line: leave it
        return
    if _last_block_value(shorter) == value:
        return  # the last line is not the scalar's content (a comment, an empty line)
    node = _last_node(tree)
    tree._set_val(node, tree.to_arena(value[:-1]))


# A line holding only node properties (tags, anchors) and perhaps a comment. Valid YAML when a
# node follows (`base: &base` then an indented map), but rapidyaml also accepts one with no node
# after it (`a: 1` then `!` on the last line) and builds a wrong tree: a map that is also a
# scalar, or a key whose siblings are lost. Strict readers (ruamel.yaml, PyYAML) reject those.
_PROPERTY_LINE = LazyPattern(rb"[ \t]*(?:- +)*(?:[!&][^\s]*[ \t]*)+(?:#[^\n]*)?(?:\r?\n|\r?\Z)")
# Where such a line can be: a line whose first character after indentation and dashes is a
# property (a quick literal-led search: about 3 ms per MB where the full pattern takes 15).
_PROPERTY_LINE_START = LazyPattern(rb"\n[ \t-]*[!&]")


def _has_property_line(data: bytes) -> bool:
    return bool(_PROPERTY_LINE.match(data)) or any(
        _PROPERTY_LINE.match(data, start.start() + 1) for start in _PROPERTY_LINE_START.finditer(data)
    )


def _check_dangling_properties(data: bytes) -> None:
    """Refuse properties that belong to no node, as YAML does; only inputs with a line of
    properties alone are composed a second time (by PyYAML's C reader: structure only)."""
    if (b"!" not in data and b"&" not in data) or not _has_property_line(data):
        return
    import yaml  # noqa: PLC0415 - PyYAML only for this rare input: a run that never meets one does not load it
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        for _ in yaml.compose_all(data, Loader=loader):
            pass
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark
        if mark is None:
            raise YamlError(f"invalid YAML: {err.problem}") from None
        line, column = _within_text(data, mark.line + 1, mark.column + 1)
        raise located_error(err.problem or "invalid YAML", line, column) from None
    except yaml.YAMLError:
        return  # not a structural complaint (PyYAML's YAML 1.1 limits): rapidyaml's reading stands


def _within_text(data: bytes, line: int, column: int) -> tuple[int, int]:
    """PyYAML places an error found at the end of the input on the line after the last one: name
    the end of the last line instead."""
    lines = data.splitlines()
    if line <= len(lines) or not lines:
        return line, column
    return len(lines), len(lines[-1].decode("utf-8", "replace")) + 1


def node_estimate(data: bytes) -> int:
    """Nodes to allocate before parsing: room for the parse and for what inline adds (about 23
    nodes per expanded VM of ~100 lines) in one allocation, since growing the node array later
    copies every node (0.4-1.5 s of page faults at 50,000 VMs). A block YAML line is about 1.14
    nodes and carries a ':' or '-'; lines without either (blank ones, block text) are not
    counted, and the estimate never exceeds a node per 8 input bytes, which parsing such an
    input could need anyway. A wrong estimate only costs speed: rapidyaml grows the array."""
    lines = min(data.count(b"\n"), data.count(b":") + data.count(b"-"))
    return max(64, min(lines * 3 // 2, len(data) // 8))


# Trees with nodes nested deeper than rapidyaml's emitters reach (EMIT_DEPTH).
_DEEP_TREES: weakref.WeakSet[ryml.Tree] = weakref.WeakSet()


def _check_depth(tree: ryml.Tree, max_depth: int) -> None:
    """Reject nesting beyond max_depth; remember trees rapidyaml cannot emit whole.

    The common case costs one C pass: rapidyaml's emitter measures the whole tree and stops
    at about 64 levels. Only deeper trees are measured here, node by node.
    """
    root = tree.root_id()
    if max_depth > EMIT_DEPTH:
        try:
            with quiet_stderr():
                ryml.compute_yaml_length(tree, root)
            return
        except Exception:  # noqa: BLE001 - ExceptionVisit: deeper than the emitter goes
            pass
    depth = subtree_depth(tree, root, max_depth + 1)
    if depth > max_depth:
        raise _depth_error(max_depth)
    if depth >= EMIT_DEPTH:
        _DEEP_TREES.add(tree)


def subtree_depth(tree: ryml.Tree, node: int, stop: int | None = None) -> int:
    """Levels of containers below and including `node` (0 for a scalar); stops counting at `stop`."""
    deepest = 0
    stack = [(node, 1 if (tree.is_map(node) or tree.is_seq(node)) else 0)]
    while stack:
        current, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if stop is not None and deepest >= stop:
                return deepest
        child = tree.first_child(current)
        while child != NONE:
            if tree.is_map(child) or tree.is_seq(child):
                stack.append((child, depth + 1))
            child = tree.next_sibling(child)
    return deepest


def deep_nodes(tree: ryml.Tree, nodes: list[int]) -> set[int]:
    """Those of `nodes` that rapidyaml's emitters cannot write (with a level to spare for the
    enclosing sequence): they are read by the exact walk and written from their values."""
    if tree not in _DEEP_TREES:
        return set()
    return {node for node in nodes if subtree_depth(tree, node, EMIT_DEPTH) >= EMIT_DEPTH}


def located_error(reason: str, line: int, column: int) -> YamlError:
    return YamlError(f"invalid YAML at line {line}, column {column}: {reason}", line, column)


def _yaml_error(err: Exception) -> YamlError:
    text = str(getattr(err, "msg", "") or err)
    first = text.strip().splitlines()[0] if text.strip() else "invalid YAML"
    match = _RYML_MSG.search(first)
    if match:
        return located_error(match.group(3).strip(), int(match.group(1)), int(match.group(2)))
    location = _ryml_location(err)
    if location is not None:
        return located_error(first, *location)
    return YamlError(f"invalid YAML: {first}")


def _ryml_location(err: Exception) -> tuple[int, int] | None:
    """(line, column), both 1-based, of a rapidyaml parse error (its Python message has neither)."""
    try:
        location = err.errdata_parse.ymlloc  # type: ignore[attr-defined]
        line, column = int(location.line), int(location.col)
    except (AttributeError, TypeError, ValueError):
        return None
    return (line, column) if line >= 1 and column >= 1 else None


def children(tree: ryml.Tree, node: int) -> list[int]:
    out = []
    child = tree.first_child(node)
    while child != NONE:
        out.append(child)
        child = tree.next_sibling(child)
    return out


def documents(tree: ryml.Tree) -> list[int]:
    """The document nodes of a stream (a single-document tree is its own root)."""
    root = tree.root_id()
    if tree.is_stream(root):
        return children(tree, root)
    return [root]


def key_text(tree: ryml.Tree, node: int) -> str:
    view = tree.key(node)
    return "" if view is None else bytes(view).decode("utf-8")


def duplicate_key(tree: ryml.Tree, node: int) -> str | None:
    """The first key that a mapping node repeats, if any (for mappings read key by key)."""
    seen: set[str] = set()
    for child in children(tree, node):
        key = key_text(tree, child)
        if key in seen:
            return key
        seen.add(key)
    return None


def find_key(tree: ryml.Tree, node: int, key: str) -> int:
    """The child of a mapping node with this key, or NONE."""
    return tree.find_child(node, key.encode("utf-8"))




def scalar_value(tree: ryml.Tree, node: int) -> Any:
    """A scalar child's value (exact YAML 1.2), for quick peeks like `kind`."""
    if tree.is_map(node) or tree.is_seq(node):
        return None
    return _scalar(tree, node)


# --- fast path -------------------------------------------------------------------------------

# Strings in rapidyaml's JSON that a plain scalar of the same text would not be, as yaml.v3 reads
# it (krmfn.model.scalars): the node may have been plain (rapidyaml quotes `~`, `True`, `0x1F`,
# `0o7`, `.inf`, `0755`, `1_000` as strings) or quoted; the exact walk tells which. A valid JSON
# number in a string was quoted: rapidyaml writes a plain one as a number.
_JSON_CANDIDATE = LazyPattern(r'"(~|Null|NULL|True|TRUE|False|FALSE|[-+.0-9][0-9a-zA-Z_.+-]*)"')
_JSON_NUMBER = LazyPattern(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?\Z")
# Tags, anchors and aliases in YAML text: rapidyaml's JSON ignores tags and does not expand aliases.
_YAML_RISK = LazyPattern(r"(?:^|[\s\[{,:])[!&*][^\s,\[\]{}]")


def source_needs_exact(data: bytes) -> bool:
    """Could any node of this input need the exact walk because of tags, anchors or aliases?"""
    return (b"!" in data or b"&" in data or b"*" in data) and bool(
        _YAML_RISK.search(data.decode("utf-8", "replace"))
    )


_NUL_ESCAPE = LazyPattern(rb"\\(?:0|x00|u0000|U00000000)")


def has_nul_escape(data: bytes) -> bool:
    """rapidyaml's emitters stop at a NUL character, so a NUL in a value rules them out."""
    return b"\\" in data and bool(_NUL_ESCAPE.search(data))


def render_text(tree: ryml.Tree, node: int) -> bytes:
    return ryml.emit_yaml(tree, node).encode("utf-8")


def has_anchor_or_alias(tree: ryml.Tree, node: int) -> bool:
    stack = [node]
    while stack:
        current = stack.pop()
        if (
            tree.has_val_anchor(current)
            or tree.has_key_anchor(current)
            or tree.is_val_ref(current)
            or tree.is_key_ref(current)
            or (tree.has_key(current) and tree.key(current) is not None and _text(tree.key(current)) == "<<")
        ):
            return True
        stack.extend(children(tree, current))
    return False


# Every risky string but a number with an underscore starts with one of these two-character
# openings, which are rare in real JSON: looking only there is three times faster than searching.
_JSON_RISK_START = LazyPattern(r'"(?:[~NTF.+\-]|0[^"])')  # (a lone "0" is a JSON number: never a risk)
_UNDERSCORED = LazyPattern(r'"[1-9][0-9a-zA-Z.+-]*_')


def json_needs_exact(json_text: str) -> bool:
    openings = _JSON_RISK_START.finditer(json_text)
    if "_" in json_text:
        openings = itertools.chain(openings, _UNDERSCORED.finditer(json_text))
    return any(_plain_differs(json_text, opening.start()) for opening in openings)


def _plain_differs(json_text: str, at: int) -> bool:
    """Whether the JSON string at ``at``, written as a plain scalar, reads as something else."""
    candidate = _JSON_CANDIDATE.match(json_text, at)
    if candidate is None:
        return False
    text = candidate.group(1)
    return not isinstance(resolve_plain(text), str) and not _JSON_NUMBER.match(text)


def to_python_fast(tree: ryml.Tree, nodes: list[int]) -> list[Any] | None:
    """Decode many sibling nodes through one JSON document, or None when that is not faithful."""
    if not nodes:
        return []
    single = len(nodes) == 1  # (a root node has no parent to emit)
    try:
        text, start = _json_value(tree, nodes[0]) if single else _json_of_siblings(tree, nodes)
    except Exception:  # noqa: BLE001 - rapidyaml's emitter refuses (too deep): take the exact walk
        return None
    if json_needs_exact(text):
        return None
    try:
        # Decoding from the value's offset spares copying a 100 MB text to drop its key.
        # (json.decoder.WHITESPACE is CPython's, undeclared in typeshed.)
        values, end = _DECODER.raw_decode(
            text, json.decoder.WHITESPACE.match(text, start).end())  # type: ignore[attr-defined]
    except (ValueError, RecursionError):
        return None  # incl. duplicate keys: the exact walk reports them with the key
    if text[end:].strip():
        return None
    if single:
        return [values]
    return values if isinstance(values, list) and len(values) == len(nodes) else None


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    mapping = dict(pairs)
    if len(mapping) != len(pairs):
        raise ValueError("duplicate key")
    return mapping


_DECODER = json.JSONDecoder(object_pairs_hook=_unique_keys)


def _json_of_siblings(tree: ryml.Tree, nodes: list[int]) -> tuple[str, int]:
    """A JSON array of the nodes' values: (text, offset where the array starts)."""
    parent = tree.parent(nodes[0])
    if tree.is_seq(parent) and all(tree.parent(n) == parent for n in nodes) and tree.num_children(parent) == len(nodes):
        return _json_value(tree, parent)
    return "[" + ",".join(node_json(tree, node) for node in nodes) + "]", 0


def _json_value(tree: ryml.Tree, node: int) -> tuple[str, int]:
    """rapidyaml's JSON for a node (`"key": value` for a mapping entry) and where the value starts."""
    text = ryml.emit_json(tree, node)
    if not tree.has_key(node):
        return text, 0
    _, end = json.decoder.scanstring(text, 1)  # type: ignore[attr-defined]  # CPython's; not in typeshed
    return text, text.index(":", end) + 1


def node_json(tree: ryml.Tree, node: int) -> str:
    """rapidyaml's JSON for a node's value."""
    text, start = _json_value(tree, node)
    return text[start:].lstrip() if start else text


def to_python(tree: ryml.Tree, node: int, exact: bool = False, screened: bool = False) -> Any:
    """One node as Python values (fast when faithful, else exact). `screened`: the caller has
    already checked the node's text for tags, anchors and aliases (`source_needs_exact`)."""
    if not exact and not (tree.is_map(node) or tree.is_seq(node)):
        return _scalar(tree, node)
    if not exact and tree not in _DEEP_TREES and (screened or not source_needs_exact(render_text(tree, node))):
        values = to_python_fast(tree, [node])
        if values is not None:
            return values[0]
    return Walker(tree).value(node)


# --- exact path ------------------------------------------------------------------------------


def _text(view: Any) -> str:
    return bytes(view).decode("utf-8")


def _scalar(tree: ryml.Tree, node: int) -> Any:
    if tree.val_is_null(node):
        return None
    text = _text(tree.val(node))
    tag = _text(tree.val_tag(node)) if tree.has_val_tag(node) else ""
    if tag:
        return _tagged(text, tag, bool(tree.is_val_quoted(node)))
    if tree.is_val_quoted(node):
        return text
    return resolve_plain(text)


_TAG_ALIASES = {"tag:yaml.org,2002:": "!!"}
_CORE_TAGS = frozenset({"!!int", "!!float", "!!bool", "!!null"})


def _tagged(text: str, tag: str, quoted: bool) -> Any:
    for long, short in _TAG_ALIASES.items():
        if tag.startswith(long):
            tag = short + tag[len(long) :]
    if tag == "!!str":
        return text
    # An explicit core tag decides the type whatever the style (YAML 1.2, 10.3.2: `!!int "42"` is
    # 42, as Go's yaml.v3 reads it); a local or unknown tag keeps a quoted scalar a string.
    value = resolve_plain(text) if (tag in _CORE_TAGS and text) or not quoted else text
    if tag == "!!null" and quoted and not text:
        return None
    if tag == "!!int" and isinstance(value, str):
        raise YamlError(f"cannot read {text!r} as !!int")
    if tag == "!!float":
        try:
            return float(value if not isinstance(value, str) else text)
        except ValueError:
            raise YamlError(f"cannot read {text!r} as !!float") from None
    if tag == "!!bool" and not isinstance(value, bool):
        raise YamlError(f"cannot read {text!r} as !!bool")
    if tag == "!!null" and value is not None:
        raise YamlError(f"cannot read {text!r} as !!null")
    return value  # !!binary, !!timestamp and local tags keep the scalar's value


@record
class Walker:
    """Exact YAML 1.2 conversion of a rapidyaml tree, with alias and depth limits.

    An anchored value is built once, at its first alias, with its node count and height; each
    alias then adds that count to `expanded` *before* copying it, so an alias bomb fails at
    the limit after a few lookups, and no more than `max_alias_nodes` nodes are ever copied.
    """

    tree: ryml.Tree
    expanded: int = 0
    limits: Limits = field(default_factory=limits)

    def __post_init__(self) -> None:
        self._anchors: dict[str, list[int]] | None = None
        self._expansions: dict[int, tuple[Any, int, int]] = {}  # anchor node -> (value, nodes, height)
        recursion_headroom(self.limits.max_depth)

    @property
    def anchors(self) -> dict[str, list[int]]:
        """Anchor name -> anchored nodes in order; indexed on the first alias, as aliases are rare."""
        if self._anchors is None:
            self._anchors = {}
            self._index_anchors(self.tree.root_id(), self._anchors)
            for nodes in self._anchors.values():
                nodes.sort()
        return self._anchors

    def _index_anchors(self, root: int, anchors: dict[str, list[int]]) -> None:
        tree, stack = self.tree, [root]
        while stack:
            node = stack.pop()
            if tree.has_val_anchor(node):
                anchors.setdefault(_text(tree.val_anchor(node)), []).append(node)
            stack.extend(children(tree, node))

    def value(self, node: int, depth: int = 0) -> Any:
        tree = self.tree
        if depth > self.limits.max_depth:
            raise _depth_error(self.limits.max_depth)
        if tree.is_val_ref(node) or (tree.has_val(node) and tree.is_ref(node)):
            return self._alias(self._anchor(_text(tree.val_ref(node)), node), depth)
        if tree.is_map(node):
            return self._mapping(node, depth)
        if tree.is_seq(node):
            return [self.value(child, depth + 1) for child in children(tree, node)]
        return _scalar(tree, node)

    def _alias(self, anchor: int, depth: int) -> Any:
        """A copy of the anchored value, counted against the alias and depth limits."""
        entry = self._expansions.get(anchor)
        if entry is None:
            self._expansions[anchor] = _BUILDING
            value = self.value(anchor, 0)
            entry = (value, *_size(value))
            self._expansions[anchor] = entry
        elif entry is _BUILDING:
            raise YamlError(f"YAML alias *{_text(self.tree.val_anchor(anchor))} inside its own anchor")
        value, nodes, height = entry
        if depth + height > self.limits.max_depth:
            raise _depth_error(self.limits.max_depth)
        self.expanded += nodes
        if self.expanded > self.limits.max_alias_nodes:
            raise _alias_error(self.limits.max_alias_nodes)
        return _copy(value)

    def _anchor(self, name: str, alias: int) -> int:
        """The nearest anchor of that name before the alias (rapidyaml numbers nodes in order)."""
        name = name.lstrip("*")
        nodes = self.anchors.get(name, ())
        position = bisect.bisect_left(nodes, alias)
        if not position:
            raise YamlError(f"unknown YAML alias *{name}")
        return nodes[position - 1]

    def _mapping(self, node: int, depth: int) -> dict[str, Any]:
        tree = self.tree
        out: dict[str, Any] = {}
        merged: dict[str, Any] = {}
        for child in children(tree, node):
            key = self._key(child)
            value = self.value(child, depth + 1)
            if key == "<<" and not tree.is_key_quoted(child):
                merged.update(self._merge_source(value, key))
                continue
            if key in out:
                raise DuplicateKey(key)
            out[key] = value
        for key, value in merged.items():
            out.setdefault(key, value)
        return out

    def _merge_source(self, value: Any, key: str) -> dict[str, Any]:
        if isinstance(value, dict):
            return value
        if isinstance(value, list) and all(isinstance(v, dict) for v in value):
            merged: dict[str, Any] = {}
            for source in reversed(value):
                merged.update(source)
            return merged
        raise YamlError(f'merge key "{key}" needs a mapping or a list of mappings')

    def _key(self, node: int) -> str:
        tree = self.tree
        if tree.is_key_ref(node):
            value = self._alias(self._anchor(_text(tree.key_ref(node)), node), 0)
            return value if isinstance(value, str) else json.dumps(value)
        # Kubernetes keys are strings; a key such as `1` or `true` is kept by its text, an empty
        # (null) key as "" (as the fast path reads it).
        view = tree.key(node)
        return "" if view is None else _text(view)


_BUILDING = (None, 0, 0)


def _size(value: Any) -> tuple[int, int]:
    """(nodes, height) of a plain value: every scalar and container is a node."""
    nodes, height = 0, 0
    stack = [(value, 1)]
    while stack:
        current, level = stack.pop()
        nodes += 1
        if type(current) is dict:
            stack.extend((v, level + 1) for v in current.values())
        elif type(current) is list:
            stack.extend((v, level + 1) for v in current)
        else:
            level -= 1  # a scalar adds no level of nesting
        if level > height:  # noqa: PLR1730 - per node of an anchored value: a compare costs a sixth of max()
            height = level
    return nodes, height


def _copy(value: Any) -> Any:
    """A deep copy of plain data (each alias gets its own, as the engine may change values)."""
    kind = type(value)
    if kind is dict:
        return {key: _copy(item) for key, item in value.items()}
    if kind is list:
        return [_copy(item) for item in value]
    return value

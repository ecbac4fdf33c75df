"""The node tree of a YAML file krmfn reads for its structure (a kustomization, a patch), with each
node's text and, when asked for, its line.

rapidyaml reads the text (``krmfn.kio.tree.parse``, the reader of every object krmfn reads). Its
Python API has no source positions, so a node's line is found when a message needs it: PyYAML
composes the document then, and the node at the same position in PyYAML's tree gives its line.
Importing PyYAML costs about 21 ms, a third of a one-VM run (bench/README.md, "Start-up"): a run
that reads a kustomization and reports nothing about it does not import it. A text with tags,
anchors or aliases, tabs or lone carriage returns, or one rapidyaml refuses, is composed by PyYAML
from the start, as before.

Passing::

    doc = compose(b"resources:\n- vm.yaml\n")[0]
    entry = doc.value[0][1].value[0]  # entry.value == "vm.yaml", entry.line == 2 (PyYAML composes now)
"""
from __future__ import annotations

import sys

from krmfn.kio import tree as yt

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

MAPPING, SEQUENCE, SCALAR = "mapping", "sequence", "scalar"
BLOCK_STYLES = ("|", ">")


class Source:
    """One document's text and place in its stream, composed by PyYAML when a line is asked for."""

    __slots__ = ("data", "document", "_composed")

    def __init__(self, data: bytes, document: int) -> None:
        self.data = data
        self.document = document
        self._composed: Any = False  # False: not composed yet

    def line_at(self, position: tuple[int, ...]) -> int:
        """The 1-based line of the node at ``position`` (child indexes from the document; a
        mapping's key ``-1 - index``), 0 when PyYAML cannot read the text."""
        if self._composed is False:
            from krmfn.kio import lines  # noqa: PLC0415 - PyYAML, for a line only (module doc)

            documents = lines.compose(self.data)
            self._composed = documents[self.document] if self.document < len(documents) else None
        node = self._composed
        for index in position:
            children = getattr(node, "value", None)
            child = -1 - index if index < 0 else index
            if not isinstance(children, list) or child >= len(children):
                return 0
            node = children[child] if node.id == "sequence" else children[child][0 if index < 0 else 1]
        return int(node.start_mark.line) + 1 if node is not None else 0


class Mark:
    """Where a node starts, as PyYAML's ``start_mark`` says it: ``line`` counts from 0."""

    __slots__ = ("line",)

    def __init__(self, line: int) -> None:
        self.line = line


class Node:
    """A mapping (``value``: (key node, value node) pairs), a sequence (``value``: nodes) or a
    scalar (``value``: its text, as PyYAML's ScalarNode holds it; ``style``: its block indicator).
    ``id``, ``value``, ``style`` and ``start_mark`` are PyYAML's node's, so that code reading
    either kind of node reads both."""

    __slots__ = ("id", "value", "style", "_line", "_source", "_position")

    def __init__(self, kind: str, value: Any, style: str | None = None, line: int | None = None,
                 source: Source | None = None, position: tuple[int, ...] = ()) -> None:
        self.id = kind
        self.value = value
        self.style = style
        self._line = line
        self._source = source
        self._position = position

    @property
    def line(self) -> int:
        """The node's 1-based line (0 when it cannot be found)."""
        if self._line is None:
            self._line = self._source.line_at(self._position) if self._source is not None else 0
        return self._line

    @property
    def start_mark(self) -> Mark:
        return Mark(self.line - 1)


def compose(data: bytes) -> tuple[Node, ...]:
    """Every document's node tree, or () when the text cannot be read. Outside the main thread
    (kustomize's builds run in a pool) PyYAML composes it: rapidyaml's reader silences the
    process's stderr while it parses (``krmfn.kio.tree.quiet_stderr``), and the main thread may
    be writing findings there."""
    if yt.source_needs_exact(data) or _misread_by_rapidyaml(data) or not _in_main_thread():
        return _composed_by_pyyaml(data)
    try:
        tree = yt.parse(data)
    except yt.YamlError:
        return _composed_by_pyyaml(data)
    documents = yt.documents(tree)
    if len(documents) == 1 and _is_empty(tree, documents[0]):
        return ()
    return tuple(_from_tree(tree, document, Source(data, index), ())
                 for index, document in enumerate(documents))


def _in_main_thread() -> bool:
    threading = sys.modules.get("threading")  # not imported: no thread was started (a one-VM run's case)
    return threading is None or threading.current_thread() is threading.main_thread()


def _misread_by_rapidyaml(data: bytes) -> bool:
    """Texts whose structure rapidyaml reads otherwise than PyYAML and go-yaml: a tab after a key's
    colon (``resources:\t``, ``target:\t{...}``) and line ends that are a lone carriage return."""
    return b"\t" in data or data.count(b"\r") != data.count(b"\r\n")


def _is_empty(tree: Any, node: int) -> bool:
    return not tree.is_map(node) and not tree.is_seq(node) and not tree.has_val(node)


def _from_tree(tree: Any, node: int, source: Source, position: tuple[int, ...]) -> Node:
    if tree.is_map(node):
        pairs = []
        for index, child in enumerate(yt.children(tree, node)):
            key = Node(SCALAR, yt.key_text(tree, child), source=source, position=(*position, -1 - index))
            pairs.append((key, _from_tree(tree, child, source, (*position, index))))
        return Node(MAPPING, pairs, source=source, position=position)
    if tree.is_seq(node):
        return Node(SEQUENCE, [_from_tree(tree, child, source, (*position, index))
                               for index, child in enumerate(yt.children(tree, node))],
                    source=source, position=position)
    view = tree.val(node)  # the text of `~` and `null` too, as PyYAML's node holds it; None when empty
    style = "|" if tree.is_val_literal(node) else ">" if tree.is_val_folded(node) else None
    return Node(SCALAR, "" if view is None else bytes(view).decode("utf-8"), style, source=source,
                position=position)


def _composed_by_pyyaml(data: bytes) -> tuple[Node, ...]:
    from krmfn.kio import lines  # noqa: PLC0415 - PyYAML, for these texts only (module doc)

    return tuple(from_pyyaml(document) for document in lines.compose(data))


def from_pyyaml(node: Any) -> Node:
    """A PyYAML node tree as nodes (lines known)."""
    line = int(node.start_mark.line) + 1
    if node.id == "mapping":
        return Node(MAPPING, [(from_pyyaml(key), from_pyyaml(value)) for key, value in node.value], line=line)
    if node.id == "sequence":
        return Node(SEQUENCE, [from_pyyaml(child) for child in node.value], line=line)
    return Node(SCALAR, node.value, node.style, line=line)


"""Where in the user's files a ResourceList item's fatal YAML problem is.

kpt sends each file's documents as items, annotated with the file path and document index, and
adds its own annotations to each (`config.kubernetes.io/index`, `internal.config.kubernetes.io/*`,
`config.k8s.io/id`); otherwise it writes the document line for line. So the line of a problem in
the document is its line in the item's text less the lines kpt added above it. Only the error
path pays for this: the item is composed a second time, by PyYAML (krmfn.kio.lines), to find it.
"""
from __future__ import annotations

import re

import ryml

from krmfn.kio import lines
from krmfn.kio import tree as yt
from krmfn.model.krm import INDEX_ANNOTATIONS, PATH_ANNOTATIONS
from krmfn.model.lazy_re import LazyPattern

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")

if TYPE_CHECKING:
    from typing import Any
    import yaml

# Annotations kpt adds to every item it sends (and removes again from what it writes).
_KPT_ANNOTATION_LINE = LazyPattern(
    rb"^[ \t]*['\"]?(?:config\.kubernetes\.io/(?:index|path)|internal\.config\.kubernetes\.io/[\w.-]+"
    rb"|config\.k8s\.io/id)['\"]?[ \t]*:",
    re.MULTILINE,
)
_ANNOTATIONS_LINE = LazyPattern(rb"^[ \t]*annotations[ \t]*:[ \t]*\r?$", re.MULTILINE)


def failing_item(tree: ryml.Tree, nodes: list[int]) -> int | None:
    """The index of the first item the exact reader refuses."""
    for index, node in enumerate(nodes):
        try:
            yt.Walker(tree).value(node)
        except yt.YamlError:
            return index
    return None


def describe(err: yt.YamlError, tree: ryml.Tree, node: int, index: int, text: bytes | None, first_line: int) -> str:
    """`path:line: message` (document 0), `path (document N, line L): message`, or, for an item
    without kpt's path annotation, `item I of the ResourceList (line L of the input): message`.
    `text`: the item's bytes when known; `first_line`: the input line it starts on."""
    line = _line_in_item(err, text) if text is not None else None
    path, document = _origin(tree, node)
    if path is None:
        where = f"item {index} of the ResourceList"
        if line:
            where += f" (line {first_line + line - 1} of the input)"
        return f"{where}: {err.message}"
    if line is not None and text is not None:
        line -= _lines_added_by_kpt(text, line)
    if document in (None, 0):
        return f"{path}:{line}: {err.message}" if line else f"{path}: {err.message}"
    detail = f"document {document}, line {line}" if line else f"document {document}"
    return f"{path} ({detail}): {err.message}"


def _origin(tree: ryml.Tree, node: int) -> tuple[str | None, int | None]:
    annotations = _child(tree, _child(tree, node, "metadata"), "annotations")
    path = next((value for key in PATH_ANNOTATIONS if isinstance(value := _scalar(tree, annotations, key), str)), None)
    raw = next((value for key in INDEX_ANNOTATIONS if (value := _scalar(tree, annotations, key)) is not None), None)
    try:
        document = int(str(raw)) if raw is not None else None
    except ValueError:
        document = None
    return path, document


def _child(tree: ryml.Tree, node: int, key: str) -> int:
    if node == yt.NONE or not tree.is_map(node):
        return yt.NONE
    return yt.find_key(tree, node, key)


def _scalar(tree: ryml.Tree, node: int, key: str) -> Any:
    child = _child(tree, node, key)
    if child == yt.NONE:
        return None
    try:
        return yt.scalar_value(tree, child)
    except yt.YamlError:
        return None


def _line_in_item(err: yt.YamlError, text: bytes) -> int | None:
    """The 1-based line, in the item's text, of the node the error is about."""
    if isinstance(err, yt.DuplicateKey):
        position = lines.duplicate_key_position(text, 0)
        return position[0] if position else None
    documents = lines.compose(text)
    if not documents or documents[0] is None:
        return None
    node = next((node for node in _nodes(documents[0]) if _is_named_by(node, err.message)), None)
    return int(node.start_mark.line) + 1 if node is not None else None


def _is_named_by(node: yaml.Node, message: str) -> bool:
    """A tagged scalar the message quotes (`cannot read 'abc' as !!int`)."""
    import yaml  # noqa: PLC0415
    return (isinstance(node, yaml.ScalarNode) and node.tag.startswith("tag:yaml.org,2002:")
            and "!!" in message and repr(node.value) in message)


def _nodes(root: yaml.Node) -> list[yaml.Node]:
    """Every node once, in document order (an alias is the node it names: an alias bomb is not
    expanded)."""
    import yaml  # noqa: PLC0415
    out: list[yaml.Node] = []
    stack, seen = [root], set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        out.append(node)
        if isinstance(node, yaml.MappingNode):
            stack.extend(child for pair in reversed(node.value) for child in reversed(pair))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(reversed(node.value))
    return out


def _lines_added_by_kpt(text: bytes, line: int) -> int:
    """How many of the item's lines before `line` kpt added: its annotations, and the
    `annotations:` line itself when every annotation is one of kpt's."""
    lines = text.split(b"\n")[: line - 1]
    before = b"\n".join(lines)
    added = len(_KPT_ANNOTATION_LINE.findall(before))
    header = _ANNOTATIONS_LINE.search(before)
    if added and header is not None:
        after_header = text[header.end():].split(b"\n")[1:]
        indent = len(after_header[0]) - len(after_header[0].lstrip(b" ")) if after_header else 0
        block = []
        for row in after_header:
            if row.strip() and len(row) - len(row.lstrip(b" ")) < indent:
                break
            block.append(row)
        if all(_KPT_ANNOTATION_LINE.match(row) for row in block if row.strip()):
            added += 1
    return added

"""Items read from a ResourceList or from files, with where each came from.

An Item knows its source node in the rapidyaml tree (for verbatim output), its Python value (for
the engine), and its origin: the file path and index from the orchestrator's annotations, or the
file and document index the CLI read it from.
"""
from __future__ import annotations


import ryml

from krmfn.kio import tree as yt
from krmfn.model.krm import INDEX_ANNOTATIONS, PATH_ANNOTATIONS, annotations_of
from krmfn.model.record import record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any



@record
class Item:
    tree: ryml.Tree | None
    node: int
    value: Any = None
    verbatim_ok: bool = True  # False: anchors/aliases/merge keys, so write from `value`
    file: str | None = None  # CLI: the file it was read from
    doc_index: int | None = None  # CLI: its document index in that file
    line: int | None = None
    source: bytes | None = None  # the text it was read from (shared by the items of one input)
    span: tuple[int, int] | None = None  # its bytes in `source`, when known (krmfn.kio.spans)
    document: bool = False  # the span is a whole document (a file's), not a ResourceList entry
    located: Any = None  # CLI, an object a kustomization rendered: its source (krmfn.kio.origins.Located)
    context: bool = False  # CLI: a cluster CR a build left out (local-config), read by the checks, never written

    def origin(self) -> tuple[str | None, int | None]:
        """(file path, index): the orchestrator's annotations win, else where the CLI read it."""
        annotations = annotations_of(self.value)
        path = next((annotations[k] for k in PATH_ANNOTATIONS if isinstance(annotations.get(k), str)), None)
        if path is not None:
            raw = next((annotations[k] for k in INDEX_ANNOTATIONS if k in annotations), 0)
            return path, _int_or_zero(raw)
        return self.file, self.doc_index


def _int_or_zero(raw: Any) -> int:
    try:
        return int(str(raw))
    except ValueError:
        return 0


def resource_ref(value: Any) -> dict[str, str] | None:
    """KRM resourceRef (apiVersion, kind, name and namespace when set) of an item, if it has one."""
    if not isinstance(value, dict):
        return None
    metadata = value.get("metadata")
    metadata = metadata if isinstance(metadata, dict) else {}
    fields = {
        "apiVersion": value.get("apiVersion"),
        "kind": value.get("kind"),
        "name": metadata.get("name"),
        "namespace": metadata.get("namespace"),
    }
    ref = {k: v for k, v in fields.items() if isinstance(v, str) and v}
    return ref if "kind" in ref or "name" in ref else None


def convert(tree: ryml.Tree, nodes: list[int], source: bytes,
            spans: list[tuple[int, int]] | None = None) -> list[Item]:
    """Items for sibling nodes of one tree, each with its Python value; `spans`: each node's
    bytes in `source` (krmfn.kio.spans), when known."""
    deep = yt.deep_nodes(tree, nodes)
    if deep:  # beyond rapidyaml's emitters: the exact walk reads them, `dump` writes them
        walker = yt.Walker(tree)
        shallow = iter(convert(tree, [node for node in nodes if node not in deep], source))
        return [Item(tree, node, walker.value(node), False) if node in deep else next(shallow) for node in nodes]
    if yt.has_nul_escape(source):
        return _convert_with_nul(tree, nodes, source, spans)
    items = [Item(tree, node) for node in nodes]
    if not yt.source_needs_exact(source):
        values = yt.to_python_fast(tree, nodes)
        if values is not None:
            for item, value in zip(items, values, strict=True):  # to_python_fast: one value per node
                item.value = value
            return items
    exact: yt.Walker | None = None  # made on the first item that needs it
    for item in items:
        if yt.source_needs_exact(yt.render_text(tree, item.node)):
            exact = exact or yt.Walker(tree)
            item.value = exact.value(item.node)
            item.verbatim_ok = not yt.has_anchor_or_alias(tree, item.node)
        else:
            item.value = yt.to_python(tree, item.node, screened=True)
    return items


def _convert_with_nul(tree: ryml.Tree, nodes: list[int], source: bytes,
                      spans: list[tuple[int, int]] | None) -> list[Item]:
    """rapidyaml's emitters stop at a NUL: items whose text holds a NUL escape are read by the
    exact walk, the others as usual (all of them by the walk when the items' text is unknown)."""
    if spans is None:
        walker = yt.Walker(tree)
        return [Item(tree, node, walker.value(node), False) for node in nodes]
    texts = {node: source[start:end] for node, (start, end) in zip(nodes, spans, strict=True)}
    with_nul = {node for node, text in texts.items() if yt.has_nul_escape(text)}
    rest = [node for node in nodes if node not in with_nul]
    others = iter(convert(tree, rest, b"".join(texts[node] for node in rest)))
    walker = yt.Walker(tree)
    return [Item(tree, node, walker.value(node), False) if node in with_nul else next(others) for node in nodes]

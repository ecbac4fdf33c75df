"""The ResourceList wire format: read one from bytes, write one (or a plain stream) as text.

Fatal input (not YAML, not a ResourceList, `items` not a list, an item that is not a mapping,
a functionConfig that is not a mapping) raises FatalInput: the caller writes nothing to stdout,
because kpt deletes every file whose items a function leaves out.
"""
from __future__ import annotations

import gc
from dataclasses import dataclass, field
from typing import Any

import ryml

from krmfn.kio import tree as yt
from krmfn.kio.emit import UnsafeRendering, dump, emit_changed, indent_lines, render_node
from krmfn.kio.items import Item, convert
from krmfn.modes import Outcome

RESOURCE_LIST_VERSIONS = ("config.kubernetes.io/v1", "config.kubernetes.io/v1beta1", "config.kubernetes.io/v1alpha1")


class FatalInput(Exception):
    """Input the function cannot work on at all."""


@dataclass
class ResourceList:
    api_version: str
    items: list[Item]
    function_config: Any = None
    results: list[Item] = field(default_factory=list)  # results of earlier pipeline steps
    tree: ryml.Tree | None = None
    items_node: int = yt.NONE


def _kind_of(tree: ryml.Tree, node: int) -> str:
    child = yt.find_key(tree, node, "kind")
    return yt.scalar_value(tree, child) if child != yt.NONE else None


def read(data: bytes) -> ResourceList:
    try:
        tree = yt.parse(data)
    except yt.YamlError as err:
        raise FatalInput(err.message) from None
    docs = [doc for doc in yt.documents(tree) if not _empty_doc(tree, doc)]
    if not docs:
        raise FatalInput("empty input: expected a ResourceList on stdin")
    if len(docs) > 1:
        raise FatalInput(f"expected one ResourceList document on stdin, got {len(docs)} documents")
    root = docs[0]
    if not tree.is_map(root) or _kind_of(tree, root) != "ResourceList":
        raise FatalInput("input is not a ResourceList (expected kind: ResourceList with items)")
    api_node = yt.find_key(tree, root, "apiVersion")
    api_version = yt.scalar_value(tree, api_node) if api_node != yt.NONE else None
    if not isinstance(api_version, str) or not api_version:
        api_version = "config.kubernetes.io/v1"
    items_node = yt.find_key(tree, root, "items")
    nodes = _mapping_children(tree, items_node, "items")
    gc_was_enabled = gc.isenabled()
    gc.disable()  # millions of small containers: the cyclic GC would rescan them many times
    try:
        items = convert(tree, nodes, data)
        fc = _function_config(tree, root)
        results_node = yt.find_key(tree, root, "results")
        results = convert(tree, _mapping_children(tree, results_node, "results"), data)
    except yt.YamlError as err:
        raise FatalInput(err.message) from None
    finally:
        if gc_was_enabled:
            gc.enable()
    return ResourceList(api_version, items, fc, results, tree, items_node)


def _empty_doc(tree: ryml.Tree, doc: int) -> bool:
    return not tree.is_map(doc) and not tree.is_seq(doc) and (not tree.has_val(doc) or tree.val_is_null(doc))


def _mapping_children(tree: ryml.Tree, node: int, name: str) -> list[int]:
    if node == yt.NONE or (not tree.is_seq(node) and not tree.is_map(node) and tree.val_is_null(node)):
        return []
    if not tree.is_seq(node):
        raise FatalInput(f"ResourceList {name} must be a list")
    nodes = yt.children(tree, node)
    for index, child in enumerate(nodes):
        if not tree.is_map(child):
            raise FatalInput(f"ResourceList {name}[{index}] is not a mapping")
    return nodes


def _function_config(tree: ryml.Tree, root: int) -> Any:
    node = yt.find_key(tree, root, "functionConfig")
    if node == yt.NONE:
        return None
    if not tree.is_map(node):
        if tree.val_is_null(node):
            return None
        raise FatalInput("ResourceList functionConfig must be a mapping")
    return yt.to_python(tree, node)


# --- writing ---------------------------------------------------------------------------------


def item_text(outcome: Outcome, position: int, inputs: list[Item]) -> str:
    """One output item as YAML at indentation 0: verbatim where possible."""
    value = outcome.items[position]
    source = outcome.sources[position]
    if source is not None:
        item = inputs[source]
        try:
            if item.verbatim_ok and item.tree is not None:
                if position not in outcome.changed:
                    return render_node(item.tree, item.node)
                return emit_changed(value, item.value, item.tree, item.node)
        except UnsafeRendering:
            pass
    return dump(value)


def as_seq_item(text: str) -> str:
    first, _, rest = text.partition("\n")
    return "- " + first + ("\n" + indent_lines(rest, "  ") if rest else "")


def write(rl: ResourceList, outcome: Outcome, results: list[dict[str, Any]]) -> str:
    parts = [f"apiVersion: {rl.api_version}\nkind: ResourceList\n"]
    parts.append(_items_text(rl, outcome))
    all_results = [render_node(r.tree, r.node) if r.verbatim_ok else dump(r.value) for r in rl.results]
    all_results += [dump(result) for result in results]
    if all_results:
        parts.append("results:\n" + "".join(indent_lines(as_seq_item(text), "  ") + "\n" for text in all_results))
    return "".join(parts)


def _items_text(rl: ResourceList, outcome: Outcome) -> str:
    if not outcome.items:
        return "items: []\n"
    if _untouched(rl, outcome):
        try:
            return render_node(rl.tree, rl.items_node) + "\n"
        except UnsafeRendering:
            pass
    texts = (item_text(outcome, position, rl.items) for position in range(len(outcome.items)))
    return "items:\n" + "".join(indent_lines(as_seq_item(text), "  ") + "\n" for text in texts)


def _untouched(rl: ResourceList, outcome: Outcome) -> bool:
    return (
        rl.tree is not None
        and not outcome.changed
        and outcome.sources == list(range(len(rl.items)))
        and all(item.verbatim_ok for item in rl.items)
    )


def write_stream(outcome: Outcome, inputs: list[Item]) -> str:
    """A plain multi-document YAML stream (CLI output)."""
    texts = [item_text(outcome, position, inputs) for position in range(len(outcome.items))]
    return "".join(("---\n" if index else "") + text + "\n" for index, text in enumerate(texts))

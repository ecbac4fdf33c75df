"""The ResourceList wire format, read from bytes (``krmfn.kio.output`` writes one, or a plain stream).

Fatal input (not YAML, not a ResourceList, `items` not a list, an item that is not a mapping,
a functionConfig that is not a mapping) raises FatalInput: the caller writes nothing to stdout,
because kpt deletes every file whose items a function leaves out.
"""
from __future__ import annotations


import ryml

from krmfn.kio import spans as sp
from krmfn.kio import tree as yt
from krmfn.kio.items import Item, convert
from krmfn.kio.scalars import plain_ok
from krmfn.model.gcpause import gc_paused
from krmfn.model.record import field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any, BinaryIO

RESOURCE_LIST_VERSIONS = ("config.kubernetes.io/v1", "config.kubernetes.io/v1beta1", "config.kubernetes.io/v1alpha1")


def read_bounded(handle: BinaryIO) -> bytes:
    """The input, but at most one byte more than the size limit: enough for `tree.parse` to
    refuse it without holding all of an oversized input in memory."""
    try:
        limit = yt.limits().max_input_bytes
    except yt.YamlError:
        return handle.read(1)  # tree.parse reports the bad KRMFN_MAX_* variable
    return handle.read(limit + 1)


class FatalInput(Exception):
    """Input the function cannot work on at all."""


def is_resource_list(value: Any) -> bool:
    """A ResourceList object (as ``read`` recognises one: by its kind)."""
    return isinstance(value, dict) and value.get("kind") == "ResourceList"


@record
class ResourceList:
    api_version: str
    items: list[Item]
    function_config: Any = None
    results: list[Item] = field(default_factory=list)  # results of earlier pipeline steps
    tree: ryml.Tree | None = None
    items_node: int = yt.NONE
    source: bytes = b""  # the input text, for writing unchanged items as they came
    entry_column: int | None = None  # the column of the items' `-`, when every item's span is known


def _kind_of(tree: ryml.Tree, node: int) -> object:
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
    repeated = yt.duplicate_key(tree, root)
    if repeated is not None:  # the keys below are looked up one by one: a second `items` would be lost
        raise FatalInput(f'duplicate key "{repeated}" in the ResourceList')
    api_node = yt.find_key(tree, root, "apiVersion")
    api_version = yt.scalar_value(tree, api_node) if api_node != yt.NONE else None
    if not isinstance(api_version, str) or not plain_ok(api_version):  # it is echoed unquoted
        api_version = "config.kubernetes.io/v1"
    items_node = yt.find_key(tree, root, "items")
    nodes = _mapping_children(tree, items_node, "items")
    relaxed = yt.relaxation(tree)
    found = sp.item_spans(relaxed.text if relaxed else data, tree, items_node, nodes)
    spans, column = found if found is not None else (None, None)
    if relaxed is not None and spans is not None:  # each item's bytes as written (krmfn.kio.leniency)
        spans = [(relaxed.original(start), relaxed.original(end)) for start, end in spans]
    try:
        with gc_paused():  # millions of small containers: the cyclic GC would rescan them many times
            items = convert(tree, nodes, data, spans)
    except yt.YamlError as err:
        raise FatalInput(_located(err, data, tree, nodes, spans)) from None
    try:
        with gc_paused():
            fc = _function_config(tree, root)
            results_node = yt.find_key(tree, root, "results")
            results = convert(tree, _mapping_children(tree, results_node, "results"), data)
    except yt.YamlError as err:
        raise FatalInput(err.message) from None
    for item, span in zip(items, spans or (), strict=False):
        item.source, item.span = data, span
    return ResourceList(api_version, items, fc, results, tree, items_node, data, column)


def _located(err: yt.YamlError, data: bytes, tree: ryml.Tree, nodes: list[int], spans: list[sp.Span] | None) -> str:
    """The message of a problem in an item, with the file, document and line it is at."""
    from krmfn.kio import locate  # noqa: PLC0415 - a failed read only

    index = locate.failing_item(tree, nodes)
    if index is None:
        return err.message
    span = spans[index] if spans is not None else None
    text = data[span[0] : span[1]] if span is not None else None
    first_line = data.count(b"\n", 0, span[0]) + 1 if span is not None else 0
    return locate.describe(err, tree, nodes[index], index, text, first_line)


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

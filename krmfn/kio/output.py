"""The output: a ResourceList for stdout (the KRM function, ``write_chunks``), or the items as a
plain stream of documents (the CLI, ``write_stream``), each unchanged item as it was read and each
changed one patched into its source tree (docs/fidelity.md). Only runs that write items load it:
``krmfn validate`` on files writes none."""
from __future__ import annotations

import ryml

from krmfn.kio import spans as sp
from krmfn.kio import tree as yt
from krmfn.kio.emit import (
    COMPACT,
    MAX_IMPLICIT_KEY,
    UnsafeRendering,
    dump,
    in_style,
    indent_lines,
    render_block,
    render_node,
    same,
    sequence_style,
)
from krmfn.kio.items import Item
from krmfn.kio.patch import UnsafeValue, patch, placeholders_for_unsafe
from krmfn.model.lazy_re import LazyPattern
from krmfn.model.outcome import Outcome

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

    from krmfn.kio.resourcelist import ResourceList


def item_texts(outcome: Outcome, inputs: list[Item]) -> list[str]:
    """Every output item as YAML at indentation 0: an unchanged document as it was read, else
    the source tree, patched where it changed, written by rapidyaml; `dump` of the value where
    that cannot be faithful."""
    texts: list[str | None] = []
    built: dict[Any, dict] = {}
    for position, value in enumerate(outcome.items):
        source = outcome.sources[position]
        item = inputs[source] if source is not None else None
        texts.append(_item_text(item, value, position in outcome.changed, built) if item is not None else None)
    return [text if text is not None else dump(value) for text, value in zip(texts, outcome.items, strict=True)]


def _item_text(item: Item, value: Any, changed: bool, built: dict[Any, dict]) -> str | None:
    if not changed and item.document and item.source is not None and item.span is not None:
        text = item.source[item.span[0] : item.span[1]].decode("utf-8")
        return text[:-1] if text.endswith("\n") else text
    if not changed:
        if not item.verbatim_ok or item.tree is None:
            return None
        try:
            return render_node(item.tree, item.node)
        except UnsafeRendering:
            return None
    long_lines = item.source is not None and has_line_longer(item.source, MAX_IMPLICIT_KEY)
    changed_text = _changed_text(item, value, built, long_lines)
    if not item.document or item.source is None or item.span is None:
        return changed_text
    # a document of the CLI's files: its block sequences as the file writes them (kpt does this
    # itself for a KRM function's items, from their seqindent annotation)
    style = sequence_style(item.source[item.span[0] : item.span[1]].decode("utf-8"))
    if changed_text is None:
        return in_style(dump(value), style) if style == COMPACT else None
    return leading_comments(item.source, item.span) + in_style(changed_text, style)


_LEADING_COMMENTS = LazyPattern(rb"(?:[ \t]*(?:#[^\n]*)?\r?\n)*")


def leading_comments(source: bytes, span: tuple[int, int]) -> str:
    """The comment lines that open a document (a file's header, what a VM is for): a changed
    document is written from its tree, which holds no comments, so they are put back in front."""
    match = _LEADING_COMMENTS.match(source, span[0], span[1])
    block = source[span[0] : match.end()] if match else b""
    return block.decode("utf-8") if b"#" in block else ""


def as_seq_item(text: str) -> str:
    first, _, rest = text.partition("\n")
    return "- " + first + ("\n" + indent_lines(rest, "  ") if rest else "")


Chunk = bytes | bytearray | memoryview


def write_chunks(rl: ResourceList, outcome: Outcome, results: list[dict[str, Any]]) -> list[Chunk]:
    """The output ResourceList as UTF-8 chunks, to be written in order (no joined copy: the items
    of 50,000 VMs are 150 MB)."""
    chunks: list[Chunk] = [f"apiVersion: {rl.api_version}\nkind: ResourceList\n".encode(),
                                                    *_items_chunks(rl, outcome)]
    all_results = [tree_text(result) for result in rl.results]  # earlier steps' results, as they came
    all_results += [dump(result) for result in results]
    if all_results:
        text = "results:\n" + "".join(indent_lines(as_seq_item(text), "  ") + "\n" for text in all_results)
        chunks.append(text.encode("utf-8"))
    return chunks


def _items_chunks(rl: ResourceList, outcome: Outcome) -> list[Chunk]:
    """The items, as chunks written in order (no joined copy of rapidyaml's rendering)."""
    if rl.entry_column is not None and outcome.items:
        return _items_from_source(rl, outcome)
    return [_items_chunk(rl, outcome)]


def _items_chunk(rl: ResourceList, outcome: Outcome) -> bytes | bytearray:
    """The items when their text is unknown; rapidyaml's rendering is a bytearray, written
    without a copy."""
    if not outcome.items:
        return b"items: []\n"
    if _in_place(rl, outcome):
        clean = _patch_all(rl, outcome)
        outcome = _as_patched(outcome)
        if clean:
            try:
                # Every item is its (patched) source node: rapidyaml writes the list at once.
                block = render_block(rl.tree, rl.items_node)
                return block if block.endswith(b"\n") else block + b"\n"
            except UnsafeRendering:
                pass
    texts = item_texts(outcome, rl.items)
    return ("items:\n" + "".join(indent_lines(as_seq_item(text), "  ") + "\n" for text in texts)).encode("utf-8")


def _items_from_source(rl: ResourceList, outcome: Outcome) -> list[Chunk]:
    """Unchanged items as the very bytes they came in (comments, anchors, tags, escapes, flow
    style and all); changed and new items rendered at the same column."""
    long_lines = bool(outcome.changed) and has_line_longer(rl.source, MAX_IMPLICIT_KEY)
    patched = False
    if outcome.changed and not long_lines and _in_place(rl, outcome) and rl.entry_column in _ONE_RENDERING_COLUMNS:
        patched = True
        if _patch_all(rl, outcome):
            fast = _from_one_rendering(rl, outcome)
            if fast is not None:
                return fast
    indent = " " * (rl.entry_column or 0)
    built: dict[Any, dict] = {}
    chunks: list[Chunk] = [b"items:\n"]
    for position, value in enumerate(outcome.items):
        source = outcome.sources[position]
        item = rl.items[source] if source is not None else None
        if item is not None and item.span is not None and position not in outcome.changed:
            chunks.append(_source_entry(rl, item))
            continue
        rendered = _changed_text(item, value, built, long_lines, patched) if item is not None else None
        entry = as_seq_item(rendered if rendered is not None else dump(value))
        chunks.append((indent_lines(entry, indent) + "\n").encode("utf-8"))
    return list(chunks)


# rapidyaml writes the items of `items:` at column 2; kpt's are at column 0 or 2.
_ONE_RENDERING_COLUMNS = (0, 2)
_r = ryml.ryml._ryml
_ITEMS_KEY_BYTES = b"items"  # held here: the tree points at this text after the rendering
_ITEMS_KEY = _r._get_as_csubstr(_ITEMS_KEY_BYTES)
_ENTRY_AT = {0: LazyPattern(rb"\n- "), 2: LazyPattern(rb"\n  - ")}


def _render_items(rl: ResourceList) -> bytearray:
    """`items:` and its entries at column 0: rapidyaml writes a sequence without a key at column
    0, so the items node loses its key for the rendering and gets it back after it."""
    assert rl.tree is not None
    without_key, with_key = _r.Tree__to_seq0, _r.Tree__to_seq1
    without_key(rl.tree, rl.items_node, 0)
    try:
        return bytearray(b"items:\n") + render_block(rl.tree, rl.items_node)
    finally:
        with_key(rl.tree, rl.items_node, _ITEMS_KEY, 0)


def _from_one_rendering(rl: ResourceList, outcome: Outcome) -> list[Chunk] | None:
    """Every changed item is patched into the tree: one rapidyaml rendering of the whole list
    (one C call instead of one per item: 0.1 s less for 10,000 changed VMs), shifted to the
    input's column, is their text; it is cut at its entries to put the unchanged items' source
    bytes in their place. None when the rendering cannot be used or cut (a control character
    somewhere, an entry count that disagrees)."""
    column = rl.entry_column or 0
    try:
        block = _render_items(rl) if column == 0 else render_block(rl.tree, rl.items_node)
    except UnsafeRendering:
        return None
    if not block.startswith(b"items:\n" + b" " * column + b"- "):
        return None
    if not block.endswith(b"\n"):
        block += b"\n"
    if len(outcome.changed) == len(rl.items):
        return [block]
    starts = [match.start() + 1 for match in _ENTRY_AT[column].finditer(block)]
    if len(starts) != len(rl.items):
        return None
    ends = [*starts[1:], len(block)]
    view = memoryview(block)
    chunks: list[Chunk] = [b"items:\n"]
    for position, item in enumerate(rl.items):
        if position in outcome.changed or item.span is None:
            chunks.append(view[starts[position] : ends[position]])
        else:
            chunks.append(_source_entry(rl, item))
    return chunks


def _source_entry(rl: ResourceList, item: Item) -> Chunk:
    """An unchanged item as the bytes it came in, ending with a line break: the last item of an
    input may have none, and one added after a block scalar there would be its content
    (``krmfn.kio.spans.terminated``); written from its tree where no such text is found."""
    assert item.span is not None  # only items with spans are written from the source
    text = rl.source[item.span[0] : item.span[1]]
    if text.endswith(b"\n"):
        return text
    ended = sp.terminated(text)
    if ended is not None:
        return ended
    entry = as_seq_item(tree_text(item))
    return (indent_lines(entry, " " * (rl.entry_column or 0)) + "\n").encode("utf-8")


def tree_text(item: Item) -> str:
    """An unchanged item written from its parsed tree (every scalar's text and style as read), or
    from its value where rapidyaml cannot write it faithfully."""
    if item.verbatim_ok and item.tree is not None:
        try:
            return render_node(item.tree, item.node)
        except UnsafeRendering:
            pass
    return dump(item.value)


def has_line_longer(data: bytes, limit: int) -> bool:
    """Has `data` a line of more than `limit` bytes (so perhaps a key written `? key`)? Steps
    from newline to the last newline of each window: linear, about 10 ms for 20 MB."""
    position = 0
    while len(data) - position > limit:
        last = data.rfind(b"\n", position, position + limit + 1)
        if last == -1:
            return True
        position = last + 1
    return False


def _changed_text(item: Item, value: Any, built: dict[Any, dict], long_lines: bool,
                  patched: bool = False) -> str | None:
    """A changed item patched into its source tree and rendered: every scalar it did not change
    keeps its text. `patched`: `_patch_all` has patched it already (an item it could not patch is
    no longer verbatim_ok). None: write it with `dump`."""
    if item.tree is None or (patched and not item.verbatim_ok):
        return None
    if patched:
        try:
            return render_escaped(item.tree, item.node, long_lines)
        except (UnsafeValue, UnsafeRendering):
            return None
        except Exception:  # noqa: BLE001 - rapidyaml refuses to emit (nesting beyond its emitters)
            return None
    tree, node = item.tree, item.node
    memo = built.setdefault(id(tree), {})  # item trees live as long as the items
    if not item.verbatim_ok and yt.has_anchor_or_alias(tree, node):
        resolved = _resolved_copy(item)
        if resolved is None:
            return None
        # A copy is freed after this item: a later copy may get its id(), so no shared memo.
        (tree, node), memo = resolved, {}
    try:
        patch(tree, node, item.value, value, memo)
        return render_escaped(tree, node, long_lines)
    except (UnsafeValue, UnsafeRendering):
        return None
    except Exception:  # noqa: BLE001 - rapidyaml refuses to emit (nesting beyond its emitters)
        return None


def _resolved_copy(item: Item) -> tuple[ryml.Tree, int] | None:
    """The item parsed on its own with its aliases and merge keys expanded (rapidyaml's
    resolve), when that gives the value the exact walk read; anchors and aliases themselves
    are not kept in a changed item (README, "What comes out unchanged")."""
    if item.span is None or item.source is None:
        return None
    try:
        tree = yt.parse(item.source[item.span[0] : item.span[1]])
        tree.resolve()
    except Exception:  # noqa: BLE001 - e.g. an alias of an anchor in another item
        return None
    root = yt.documents(tree)[0]
    node = root if item.document else (tree.first_child(root) if tree.is_seq(root) else yt.NONE)
    if node == yt.NONE or not tree.is_map(node) or yt.has_anchor_or_alias(tree, node):
        return None
    try:
        if not same(yt.Walker(tree).value(node), item.value):
            return None
    except yt.YamlError:
        return None
    return tree, node


def render_escaped(tree: ryml.Tree, node: int, long_lines: bool) -> str:
    """rapidyaml's rendering, with the scalars it would write raw (control characters) put back
    as double-quoted escapes; raises UnsafeValue for a key too long to write implicitly."""
    if long_lines:
        replacements = placeholders_for_unsafe(tree, node)
    else:
        try:
            return render_node(tree, node)
        except UnsafeRendering:
            replacements = placeholders_for_unsafe(tree, node)
    text = render_node(tree, node)
    for placeholder, quoted in replacements.items():
        text = text.replace(placeholder, quoted, 1)
    return text


def _in_place(rl: ResourceList, outcome: Outcome) -> bool:
    """Same items in the same order (changed or not), all writable from the tree."""
    return (
        rl.tree is not None
        and outcome.sources == list(range(len(rl.items)))
        and all(item.verbatim_ok for item in rl.items)
    )


def _patch_all(rl: ResourceList, outcome: Outcome) -> bool:
    """Patch every changed item into the tree; False when some item must be dumped instead."""
    clean = True
    built: dict[Any, dict] = {}  # per tree: the new subtrees, for copying (krmfn.kio.patch)
    for position in sorted(outcome.changed):
        item = rl.items[position]
        try:
            patch(item.tree, item.node, item.value, outcome.items[position], built.setdefault(id(item.tree), {}))
        except UnsafeValue:
            item.verbatim_ok = False  # its node may be half patched: write its value instead
            clean = False
    return clean


def _as_patched(outcome: Outcome) -> Outcome:
    """The tree already holds every change: render each item from it, unchanged."""
    return Outcome(outcome.items, outcome.sources, set(), outcome.findings)


def write_stream(outcome: Outcome, inputs: list[Item], open_end: bool = True) -> str:
    """A plain multi-document YAML stream (CLI output). A document left unchanged is its bytes; the
    last one of a file may end without a line break: last in the stream (and ``open_end``) it
    stays so, the stream then reading as the file does; followed by another, it gets one that
    keeps its values (``krmfn.kio.spans.terminated``)."""
    texts = item_texts(outcome, inputs)
    parts = []
    for position, text in enumerate(texts):
        unended = _unended_document(outcome, inputs, position)
        if unended is None:
            written = text + "\n"
        elif position < len(texts) - 1 or not open_end:
            ended = sp.terminated(unended[1])
            written = ended.decode("utf-8") if ended is not None else tree_text(unended[0]) + "\n"
        else:
            written = text
        parts.append(("---\n" if position else "") + written)
    return "".join(parts)


def _unended_document(outcome: Outcome, inputs: list[Item], position: int) -> tuple[Item, bytes] | None:
    """An unchanged document written as its bytes (``_item_text``) that end without a line break."""
    source = outcome.sources[position]
    item = inputs[source] if source is not None else None
    if item is None or position in outcome.changed or not item.document or item.source is None or item.span is None:
        return None
    text = item.source[item.span[0] : item.span[1]]
    return None if text.endswith(b"\n") else (item, text)

"""Writing changed items back into the files they were read from, in place.

Only what changed is new text: a document whose change is removed and added mapping entries is
edited in its text (``krmfn.kio.surgery``: the removed entries' lines go, the new ones are
written; comments and every other byte stay); any other changed document is the file's document
patched where it changed (``krmfn.kio.output.item_texts``: every scalar it did not change
keeps its text) and put where the document's bytes were. The other documents keep their bytes. A file whose documents
cannot be cut out of its text is written whole as a stream (unchanged documents still as read).
New objects are appended to a file as documents of their own.
"""
from __future__ import annotations

import os
from collections import defaultdict

from krmfn.kio.emit import dump
from krmfn.kio.items import Item
from krmfn.kio.output import item_texts, write_stream
from krmfn.kio.spans import terminated
from krmfn.kio.surgery import edit
from krmfn.model.krm import without_orchestrator_annotations
from krmfn.model.outcome import Outcome

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


def file_texts(outcome: Outcome, inputs: list[Item], appended: dict[int, str] | None = None) -> dict[str, str]:
    """The new text of every file with a changed item, and of each file that gets new objects
    (``appended``: output position of a new item -> the file it goes to)."""
    changed: dict[str, list[int]] = defaultdict(list)  # file -> output positions
    for position in sorted(outcome.changed):
        source = outcome.sources[position]
        item = inputs[source] if source is not None else None
        if item is not None and item.file and item.file != "-":
            changed[item.file].append(position)
    added: dict[str, list[int]] = defaultdict(list)
    for position, path in (appended or {}).items():
        added[path].append(position)
    return {path: _file_text(path, changed.get(path, []), added.get(path, []), outcome, inputs)
            for path in sorted({*changed, *added})}


def _file_text(path: str, positions: list[int], added: list[int], outcome: Outcome, inputs: list[Item]) -> str:
    items = [inputs[outcome.sources[p]] for p in positions]  # type: ignore[index]
    data = _source(path, items, inputs)
    spliceable = data is not None and all(item.document and item.span is not None for item in items)
    if spliceable and data is not None:
        text = data
        for item, position in sorted(zip(items, positions, strict=True), key=lambda pair: -_span(pair[0])[0]):
            start, end = _span(item)
            new = edit(text[start:end].decode("utf-8"), item.value, outcome.items[position])
            if new is None:
                start += _leading_comments(text[start:end])
                one = Outcome([outcome.items[position]], [outcome.sources[position]], {0})
                new = item_texts(one, inputs)[0].rstrip("\n") + "\n"
            text = text[:start] + new.encode("utf-8") + text[end:]
        out = text.decode("utf-8")
    else:
        out = _stream(path, outcome, inputs, open_end=not added)
    if added and out and not out.endswith("\n"):
        # the file's last document ends without a line break: one that keeps its values
        ended = terminated(out.encode("utf-8"))
        out = ended.decode("utf-8") if ended is not None else _stream(path, outcome, inputs, open_end=False)
    for position in added:
        new = without_orchestrator_annotations(outcome.items[position])
        out += "---\n" + dump(new) + "\n"
    return out


def _stream(path: str, outcome: Outcome, inputs: list[Item], open_end: bool) -> str:
    """The file's documents as a stream (``write_stream``): unchanged ones as read."""
    mine = [index for index, item in enumerate(inputs) if item.file == path]
    position_of = {source: position for position, source in enumerate(outcome.sources) if source is not None}
    sub = Outcome([outcome.items[position_of[i]] for i in mine], list(range(len(mine))),
                  {n for n, i in enumerate(mine) if position_of[i] in outcome.changed})
    return write_stream(sub, [inputs[i] for i in mine], open_end)


def _span(item: Item) -> tuple[int, int]:
    assert item.span is not None  # only items with spans are spliced
    return item.span


def _leading_comments(document: bytes) -> int:
    """The length of the comment and blank lines a document opens with (kept as they are)."""
    length = 0
    for line in document.splitlines(keepends=True):
        if line.strip() and not line.lstrip().startswith(b"#"):
            break
        length += len(line)
    return length


def _source(path: str, items: list[Item], inputs: list[Item]) -> bytes | None:
    for item in [*items, *inputs]:
        if item.file == path and item.source is not None:
            return item.source
    return None


def write_files(texts: dict[str, Any]) -> None:
    """Replace each file's content, through a temporary file beside it (never half written)."""
    for path, text in texts.items():
        temporary = f"{path}.krmfn-tmp"
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(temporary, os.stat(path).st_mode & 0o7777)
        os.replace(temporary, path)

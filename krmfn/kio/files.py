"""Reading the CLI's inputs: files, directories (recursively, *.yaml and *.yml) and `-` (stdin)."""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import BinaryIO

from krmfn.kio import tree as yt
from krmfn.kio.items import Item, convert
from krmfn.kio.resourcelist import FatalInput

YAML_SUFFIXES = (".yaml", ".yml")


@dataclass
class Source:
    path: str  # as the user named it ("-" for stdin)
    data: bytes


def expand_paths(paths: list[str]) -> list[str]:
    """Files in the order given; a directory contributes its YAML files sorted by path."""
    out: list[str] = []
    for path in paths:
        if path == "-" or not os.path.isdir(path):
            out.append(path)
            continue
        found: list[str] = []
        for folder, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            found.extend(os.path.join(folder, f) for f in files if f.endswith(YAML_SUFFIXES))
        out.extend(sorted(found))
    return out


def read_bounded(handle: BinaryIO) -> bytes:
    """The input, but at most one byte more than the size limit: enough for `tree.parse` to
    refuse it without holding all of an oversized input in memory."""
    try:
        limit = yt.limits().max_input_bytes
    except yt.YamlError:
        return handle.read(1)  # tree.parse reports the bad KRMFN_MAX_* variable
    return handle.read(limit + 1)


def read_sources(paths: list[str]) -> list[Source]:
    sources = []
    for path in expand_paths(paths):
        if path == "-":
            sources.append(Source("-", read_bounded(sys.stdin.buffer)))
            continue
        try:
            with open(path, "rb") as handle:
                sources.append(Source(path, read_bounded(handle)))
        except OSError as err:
            raise FatalInput(f"{path}: cannot read: {err.strerror}") from None
    return sources


def load_items(sources: list[Source]) -> list[Item]:
    """Every non-empty document of every source, in order, with its file and document index."""
    items: list[Item] = []
    for source in sources:
        try:
            tree = yt.parse(source.data)
        except yt.YamlError as err:
            raise FatalInput(f"{source.path}: {err.message}") from None
        docs = yt.documents(tree)
        nodes, indexes = [], []
        for index, doc in enumerate(docs):
            if not tree.is_map(doc) and not tree.is_seq(doc) and (not tree.has_val(doc) or tree.val_is_null(doc)):
                continue
            if not tree.is_map(doc):
                raise FatalInput(f"{source.path}: document {index} is not a mapping (a Kubernetes object)")
            nodes.append(doc)
            indexes.append(index)
        try:
            loaded = convert(tree, nodes, source.data)
        except yt.YamlError as err:
            raise FatalInput(f"{source.path}: {err.message}") from None
        for item, index in zip(loaded, indexes, strict=True):  # convert gives one item per node
            item.file, item.doc_index = source.path, index
        items.extend(loaded)
    return items

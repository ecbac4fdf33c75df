"""Line numbers for findings in files (CLI reports), computed only for files that have findings.

rapidyaml's Python API does not expose source positions, so the file is composed again with
PyYAML (positions only, no values are taken from it) and the finding's field path is followed
to the deepest node that exists.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import yaml

_SEGMENT = re.compile(r"[^.\[\]]+|\[\d+\]")


def split_path(path: str) -> list[str | int]:
    """`spec.template.spec.domain.devices.disks.0.name` or `...disks[0].name` as keys and indexes."""
    out: list[str | int] = []
    for part in _SEGMENT.findall(path or ""):
        if part.startswith("["):
            out.append(int(part[1:-1]))
        elif part.isdigit():
            out.append(int(part))
        else:
            out.append(part)
    return out


@lru_cache(maxsize=64)
def _documents(path: str) -> tuple[Any, ...]:
    try:
        with open(path, "rb") as handle:
            loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
            return tuple(yaml.compose_all(handle.read(), Loader=loader_class))
    except (OSError, yaml.YAMLError):
        return ()


def line_of(path: str, doc_index: int, field_path: str | None) -> int | None:
    """1-based line of the deepest node on `field_path` in document `doc_index` of `path`."""
    docs = _documents(path)
    if not 0 <= doc_index < len(docs) or docs[doc_index] is None:
        return None
    node = docs[doc_index]
    best = node.start_mark.line + 1
    for segment in split_path(field_path or ""):
        child = _child(node, segment)
        if child is None:
            break
        best, node = child
    return best


def _child(node: Any, segment: str | int) -> tuple[int, Any] | None:
    if isinstance(node, yaml.MappingNode) and isinstance(segment, str):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value == segment:
                return key.start_mark.line + 1, value
    if isinstance(node, yaml.SequenceNode) and isinstance(segment, int) and 0 <= segment < len(node.value):
        child = node.value[segment]
        return child.start_mark.line + 1, child
    return None

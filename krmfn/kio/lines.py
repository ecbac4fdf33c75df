"""Line numbers for findings in files (CLI reports), computed only for the documents whose
findings are shown.

rapidyaml's Python API does not expose source positions, so the document is composed again with
PyYAML (positions only, no values are taken from it) and the finding's field path is followed
to the deepest node that exists. A document whose bytes are known (``krmfn.kio.spans``: a block
mapping between document markers) is composed on its own, its lines offset by the line breaks
before it, which are counted once per text, moving forward; the others from the whole text's
composition.
"""
from __future__ import annotations

from functools import lru_cache

from krmfn.model.lazy_re import LazyPattern

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

_SEGMENT = LazyPattern(r"[^.\[\]]+|\[\d+\]")


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
            return compose(handle.read())
    except OSError:
        return ()


@lru_cache(maxsize=4)
def _read_documents(data: bytes) -> tuple[Any, ...]:
    """The documents of a text that has no file to open again (stdin), composed once."""
    return compose(data)


def compose(data: bytes) -> tuple[Any, ...]:
    """PyYAML's node tree of every document (positions only), or () when PyYAML cannot read it."""
    import yaml  # noqa: PLC0415
    loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return tuple(yaml.compose_all(data, Loader=loader_class))
    except (yaml.YAMLError, RecursionError):
        return ()


Position = tuple[int, int]  # (line, column), both 1-based


def document_start(data: bytes, doc_index: int) -> Position | None:
    """Where document `doc_index` of a stream starts."""
    docs = compose(data)
    if not 0 <= doc_index < len(docs) or docs[doc_index] is None:
        return None
    return _position(docs[doc_index])


def duplicate_key_position(data: bytes, doc_index: int) -> Position | None:
    """Where the first repeated key of document `doc_index` is, in the order the exact reader
    (krmfn.kio.tree.Walker) finds it: an entry's value is read before the next key is compared."""
    docs = compose(data)
    if not 0 <= doc_index < len(docs) or docs[doc_index] is None:
        return None
    return _first_duplicate(docs[doc_index], set())


_MERGE_TAG = "tag:yaml.org,2002:merge"


def _first_duplicate(node: Any, seen: set[int]) -> Position | None:
    import yaml  # noqa: PLC0415
    if id(node) in seen:  # an alias of a node already searched
        return None
    seen.add(id(node))
    if isinstance(node, yaml.SequenceNode):
        return next((found for child in node.value if (found := _first_duplicate(child, seen))), None)
    if not isinstance(node, yaml.MappingNode):
        return None
    keys: set[str] = set()
    for key, value in node.value:
        found = _first_duplicate(value, seen)
        if found:
            return found
        if not isinstance(key, yaml.ScalarNode) or key.tag == _MERGE_TAG:
            continue
        if key.value in keys:
            return _position(key)
        keys.add(key.value)
    return None


def _position(node: Any) -> Position:
    return node.start_mark.line + 1, node.start_mark.column + 1


def line_of(path: str, doc_index: int, field_path: str | None) -> int | None:
    """1-based line of the deepest node on `field_path` in document `doc_index` of `path`."""
    return _line(_documents(path), doc_index, field_path)


def line_in(data: bytes, doc_index: int, field_path: str | None) -> int | None:
    """``line_of`` in a text read from stdin (the bytes read, as no file holds them)."""
    return _line(_read_documents(data), doc_index, field_path)


def span_line(data: bytes, span: tuple[int, int], field_path: str | None) -> int | None:
    """``line_of`` in the document that is ``data[span[0]:span[1]]`` (a whole document of the
    text, starting at a line's start): that document alone is composed. None when it does not
    read as one document (the caller then composes the whole text)."""
    docs = _span_documents(data, span[0], span[1])
    if len(docs) != 1:
        return None
    line, before = _line(docs, 0, field_path), _breaks_before(data, span[0])
    return None if line is None or before is None else line + before


@lru_cache(maxsize=8)
def _span_documents(data: bytes, start: int, end: int) -> tuple[Any, ...]:
    """One document's node tree (a few are kept: the findings of a document come together)."""
    return compose(data[start:end])


_BREAKS: dict[int, tuple[bytes, int, int | None]] = {}  # id(text) -> (text, offset, line breaks before it)


def _breaks_before(data: bytes, offset: int) -> int | None:
    """The line breaks in ``data[:offset]`` as YAML counts them, counted on from the last offset
    asked of this text (documents are asked in order, so a text is read once); None when the text
    has a break other than LF and CRLF (a lone CR, NEL, LS, PS), which ``bytes.count`` would miss."""
    known = _BREAKS.get(id(data))
    if known is None or known[0] is not data:
        if len(_BREAKS) >= 8:
            _BREAKS.clear()
        plain = data.count(b"\r") == data.count(b"\r\n") and not any(b in data for b in _OTHER_BREAKS)
        known = (data, 0, 0 if plain else None)
    text, start, count = known
    if count is None:
        return None
    if offset < start:
        start, count = 0, 0
    count += data.count(b"\n", start, offset)
    _BREAKS[id(data)] = (text, offset, count)
    return count


_OTHER_BREAKS = ("\x85".encode(), "\u2028".encode(), "\u2029".encode())


def _line(docs: tuple[Any, ...], doc_index: int, field_path: str | None) -> int | None:
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
    import yaml  # noqa: PLC0415
    if isinstance(node, yaml.MappingNode) and isinstance(segment, str):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value == segment:
                return key.start_mark.line + 1, value
    if isinstance(node, yaml.SequenceNode) and isinstance(segment, int) and 0 <= segment < len(node.value):
        child = node.value[segment]
        return child.start_mark.line + 1, child
    return None

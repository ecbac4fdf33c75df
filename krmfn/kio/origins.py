"""Where an object a kustomization renders comes from, for findings on it (docs/cli.md#source-locations).

kustomize's origin annotation (krmfn.kio.kustomize) names the resource file an object was read
from, or, for a generated object, the kustomization file whose generator made it. The object is
found in that file by kind and name (the name it has there: a kustomization may have renamed it),
and a finding's field by its path, as for a loose file (krmfn.kio.lines). A field the resource
file does not hold came from somewhere else: krmfn reads the patches of the kustomizations the
build went through (``patches``, ``patchesStrategicMerge``, ``patchesJson6902``, in files or
inline, of the directory, its components and its bases, the last applied first) and names the
first that writes the field into this object. What the origin annotation does not say and krmfn
does not trace (replacements, transformers such as ``namePrefix``, ``labels``, ``images``,
generator options) leaves the finding on the resource file at the deepest line of the field's path
that is there, as for a loose file.
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable

import yaml

from krmfn.kio import kustomize as kz
from krmfn.kio.items import Item
from krmfn.kio.lines import compose, split_path
from krmfn.kio.results import OBJECT_FILE
from krmfn.model.record import field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

Display = Callable[[str], str]  # an absolute path as reports name it
_IDENTITY = (["apiVersion"], ["kind"], ["metadata", "name"], ["metadata", "namespace"])


@record
class Located:
    """A built item's source: the file (absolute) and document it came from, and what can say
    where a field of it was written."""

    file: str
    index: int
    kind: str
    names: tuple[str, ...]  # its name in the output, and in the file
    display: Display
    patches: list[tuple[kz.Patch, str]] = field(default_factory=list)  # (patch, its kustomization file)
    line: int | None = None  # a generated object: its generator's entry

    def where(self, field_path: str | None) -> tuple[str, int, int | None]:
        """(file as reports name it, document index, line) of a field of the object."""
        segments = split_path(field_path or "")
        if self.line is not None:
            return self.display(self.file), self.index, self.line
        docs = kz.documents(self.file)
        node = docs[self.index] if 0 <= self.index < len(docs) else None
        if not segments:
            return self.display(self.file), self.index, _start(node)
        for patch, kustomization in self.patches:  # the last patch applied that writes the field wins
            found = self._in_patch(patch, kustomization, segments)
            if found is not None:
                return self.display(found[0]), found[1], found[2]
        return self.display(self.file), self.index, _deepest_line(node, segments)

    def _in_patch(self, patch: kz.Patch, kustomization: str, segments: list[str | int]) -> tuple[str, int, int] | None:
        if patch.target and not _selects(patch.target, self.kind, self.names):
            return None
        if patch.file is not None:
            docs, file, offset = kz.documents(patch.file), patch.file, 0
        else:
            docs, file, offset = compose((patch.text or "").encode("utf-8")), kustomization, patch.line - 1
        for index, node in enumerate(docs):
            if patch.json6902 or isinstance(node, yaml.SequenceNode):
                line = _in_json_patch(node, segments)
            elif segments[:2] in _IDENTITY:  # a strategic merge patch names its object; it does not set these
                line = None
            elif patch.target or (kz.node_scalar(kz.node_get(node, "kind")) == self.kind
                                  and kz.node_scalar(kz.node_get(kz.node_get(node, "metadata"), "name")) in self.names):
                line = _exact_line(node, segments)
            else:
                line = None
            if line is not None:
                return file, index if patch.file is not None else 0, line + offset
        return None


def attach(items: list[Item], origins: list[kz.Origin | None], directory: str, display: Display) -> None:
    """Give each item a document of ``directory``'s build produced its source: ``file`` and
    ``doc_index`` as a loose file's item has them (``located`` for its fields' lines). An object
    from a remote resource keeps the directory and its index in the output."""
    patches = _patch_order(directory)
    for item in items:
        origin = origins[item.doc_index] if item.doc_index is not None and item.doc_index < len(origins) else None
        if origin is None:
            origin = kz.origin_of_value(item.value, os.path.dirname(directory))
        located = _locate(item.value, origin, patches, display) if origin is not None else None
        if located is not None:
            item.file, item.doc_index, item.located = display(located.file), located.index, located


def _locate(value: Any, origin: kz.Origin, patches: list[tuple[kz.Patch, str, frozenset[str]]],
            display: Display) -> Located | None:
    if not isinstance(value, dict):
        return None
    kind = str(value.get("kind") or "")
    metadata = value.get("metadata")
    name = str((metadata.get("name") if isinstance(metadata, dict) else None) or "")
    if origin.configured_in is not None:
        return Located(origin.configured_in, 0, kind, (name,), display, line=_generator_line(origin, name) or 1)
    if origin.path is None or origin.repo is not None or not os.path.isfile(origin.path):
        return None
    index, original = _document_of(origin.path, kind, name)
    mine = [(patch, file) for patch, file, sources in patches if origin.path in sources]
    return Located(origin.path, index, kind, tuple(dict.fromkeys((name, *original))), display, mine)


def _document_of(path: str, kind: str, name: str) -> tuple[int, tuple[str, ...]]:
    """The document of ``path`` holding the object, and its name there: the only one of its kind,
    else the one whose name the output's name is, or holds (a prefix or suffix added)."""
    docs = kz.documents(path)
    candidates = [(index, kz.node_scalar(kz.node_get(kz.node_get(node, "metadata"), "name")) or "")
                  for index, node in enumerate(docs) if kz.node_scalar(kz.node_get(node, "kind")) == kind]
    if len(candidates) == 1:
        return candidates[0][0], (candidates[0][1],)
    exact = [found for found in candidates if found[1] == name]
    held = sorted((found for found in candidates if found[1] and found[1] in name), key=lambda f: -len(f[1]))
    chosen = (exact or held or [(0, "")])[0]
    return chosen[0], (chosen[1],) if chosen[1] else ()


def _generator_line(origin: kz.Origin, name: str) -> int | None:
    """The line of the generator entry whose name the generated object's name holds (a name
    prefix before it, a hash suffix after), the longest such."""
    docs = kz.documents(origin.configured_in or "")
    node = docs[0] if docs else None
    entries = [kz.node_get(entry, "name") for key in ("configMapGenerator", "secretGenerator")
               for entry in kz.node_items(kz.node_get(node, key))]
    named = sorted((entry for entry in entries if kz.node_scalar(entry) and (kz.node_scalar(entry) or "") in name),
                   key=lambda entry: -len(kz.node_scalar(entry) or ""))
    return int(named[0].start_mark.line) + 1 if named else None


def _patch_order(directory: str) -> list[tuple[kz.Patch, str, frozenset[str]]]:
    """Every patch a build of ``directory`` applies, the last applied first, with its
    kustomization file and the resource files whose objects it can reach (a Component's patches
    reach what the kustomization that includes it holds)."""
    seen: set[str] = set()
    Pending = list[tuple[kz.Patch, str]]
    Resolved = list[tuple[kz.Patch, str, frozenset[str]]]

    def visit(folder: str) -> tuple[frozenset[str], Pending, Resolved]:
        """The resource files ``folder`` holds, its patches still to be given a reach (a
        Component's), and the patches resolved."""
        found = kz.read_kustomization(folder) if folder not in seen else None
        seen.add(folder)
        if found is None:
            return frozenset(), [], []
        files = {ref.path for ref in found.resources if ref.path and os.path.isfile(ref.path)}
        pending: Pending = [(patch, found.file) for patch in reversed(found.patches)]
        resolved: Resolved = []
        for ref in reversed(found.components):
            reach, their_pending, their_resolved = visit(ref.path) if ref.path else (frozenset(), [], [])
            files |= reach
            pending += their_pending
            resolved += their_resolved
        for ref in reversed(found.resources):
            if ref.path and os.path.isdir(ref.path):
                reach, _, their_resolved = visit(ref.path)
                files |= reach
                resolved += their_resolved
        if found.component:
            return frozenset(files), pending, resolved
        reach = frozenset(files)
        return reach, [], [(patch, file, reach) for patch, file in pending] + resolved

    return visit(os.path.normpath(os.path.abspath(directory)))[2]


def _selects(target: dict[str, str], kind: str, names: tuple[str, ...]) -> bool:
    """A patch target that may select the object: kind and name (a regular expression) checked;
    namespace, group, version and selectors are not."""
    if target.get("kind") and not _matches(target["kind"], kind):
        return False
    return not target.get("name") or any(_matches(target["name"], name) for name in names)


def _matches(pattern: str, text: str) -> bool:
    try:
        return re.fullmatch(pattern, text) is not None
    except re.error:
        return pattern == text


def _in_json_patch(node: Any, segments: list[str | int]) -> int | None:
    """The line of the last operation of a JSON patch that writes the field (or a field holding it)."""
    best = None
    for op in kz.node_items(node):
        pointer = kz.node_scalar(kz.node_get(op, "path"))
        if kz.node_scalar(kz.node_get(op, "op")) not in ("add", "replace", "copy", "move") or pointer is None:
            continue
        parts = _pointer(pointer)
        if parts == segments[: len(parts)]:
            inner = _exact_line(kz.node_get(op, "value"), segments[len(parts):]) if len(parts) < len(segments) else None
            best = inner or _key_line(op, "value") or _key_line(op, "path")
    return best


def _key_line(node: Any, key: str) -> int | None:
    for k, _ in kz.node_pairs(node):
        if isinstance(k, yaml.ScalarNode) and k.value == key:
            return int(k.start_mark.line) + 1
    return None




def _pointer(pointer: str) -> list[str | int]:
    parts: list[str | int] = []
    for part in pointer.split("/")[1:]:
        text = part.replace("~1", "/").replace("~0", "~")
        parts.append(int(text) if text.isdigit() else text)
    return parts


def _exact_line(node: Any, segments: list[str | int]) -> int | None:
    """The line of the field when the whole path is in the node."""
    line = None
    for segment in segments:
        found = _child(node, segment)
        if found is None:
            return None
        line, node = found
    return line


def _deepest_line(node: Any, segments: list[str | int]) -> int | None:
    line = _start(node)
    for segment in segments:
        found = _child(node, segment)
        if found is None:
            break
        line, node = found
    return line


def _child(node: Any, segment: str | int) -> tuple[int, Any] | None:
    if isinstance(node, yaml.MappingNode) and isinstance(segment, str):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value == segment:
                return int(key.start_mark.line) + 1, value
    if isinstance(node, yaml.SequenceNode) and isinstance(segment, int) and 0 <= segment < len(node.value):
        child = node.value[segment]
        return int(child.start_mark.line) + 1, child
    return None


def _start(node: Any) -> int | None:
    return int(node.start_mark.line) + 1 if node is not None else None


def add_lines(results: list[dict[str, Any]], items: list[Item], findings_items: list[int | None]) -> None:
    """Give each result about a built item the file, document and line of its field, and, when
    that is a patch's file, the object's own (``objectFile``)."""
    for result, index in zip(results, findings_items, strict=False):
        if index is None or not 0 <= index < len(items):
            continue
        item = items[index]
        if isinstance(item.located, Located):
            path, doc, line = item.located.where((result.get("field") or {}).get("path"))
            result["file"] = {"path": path, "index": doc, **({"line": line} if line else {})}
            if (path, doc) != (item.file, item.doc_index):
                result[OBJECT_FILE] = {"path": item.file, "index": item.doc_index}

"""validate's results as SARIF 2.1.0 (GitHub code scanning): one run, a rule for every check.

Locations: the file as a URI relative to the repository root (``uriBaseId`` ``%SRCROOT%``, as
CodeQL writes it; code scanning resolves relative URIs against the repository root), the line
and column when known, and the object and field as logical locations. A problem that several
kustomizations' builds have (krmfn.report.merge) is one result; the other builds are its
``relatedLocations``. A suppressed result (shared contract 2) keeps the level it had and carries
an `inSource` suppression with its reason.

``partialFingerprints`` are the same for the same problem in every run, on every machine and in
every checkout: they hash the check, the file's path relative to the repository root, the object,
the field and the message with what differs between runs taken out (log timestamps and process
ids of the tools krmfn runs, the repository's and the working directory's absolute paths, temporary
directories); not the line, so that a finding keeps its alert when lines move above it.
"""
from __future__ import annotations

import hashlib
import os
import pathlib
import re
import string
import tempfile

from krmfn import __version__
from krmfn.kio.results import REACHED_THROUGH, stderr_line
from krmfn.report.paths import path_base
from krmfn.kio.kustomize_roots import kustomization_file
from krmfn.report.merge import suffix, where_else
from krmfn.report.rules import INFORMATION_URI, Rule
from krmfn.model.findings import ERROR, INFO, WARNING
from krmfn.model.lazy_re import LazyPattern

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
LEVELS = {ERROR: "error", WARNING: "warning", INFO: "note"}
FINGERPRINT = "krmfnResult/v2"
SOURCE_ROOT = "%SRCROOT%"  # the uriBaseId of relative URIs: the repository root
_URI_SAFE = frozenset(string.ascii_letters + string.digits + "-._~/")  # RFC 3986 unreserved, and the separator


def sarif_log(results: list[dict[str, Any]], rules: tuple[Rule, ...], cwd: str | None = None,
              base: str | None = None) -> dict[str, Any]:
    """The log of one run; `rules` describe every check (krmfn.cli.rules.RULES). File URIs are relative
    to `base`, the report's path base (krmfn.report.paths): by default the repository root (code
    scanning resolves them there), wherever krmfn runs from in it; outside a repository, the working
    directory (`cwd`)."""
    base = base or path_base(cwd=cwd)
    indexes = {rule.id: index for index, rule in enumerate(rules)}
    roots = _roots(base)
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "krmfn", "version": __version__, "informationUri": INFORMATION_URI,
                                "rules": [_rule(rule) for rule in rules]}},
            "columnKind": "unicodeCodePoints",
            "results": [_result(result, base, indexes, roots) for result in results],
        }],
    }


def _rule(rule: Rule) -> dict[str, Any]:
    return {
        "id": rule.id,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": f"{rule.description}\n\nKubeVirt behaviour it mirrors: {rule.mirrors}"},
        "help": {"text": rule.fix},
        "helpUri": rule.help_uri,
        "defaultConfiguration": {"level": LEVELS[rule.severity]},
    }


def _result(result: dict[str, Any], base: str, indexes: dict[str, int], roots: list[str]) -> dict[str, Any]:
    tags = result.get("tags") or {}
    check = str(tags.get("check") or "krmfn")
    reason = str(tags.get("suppressed") or "")
    severity = str(tags.get("suppressedSeverity") or result["severity"]) if reason else result["severity"]
    out: dict[str, Any] = {"ruleId": check}
    if check in indexes:
        out["ruleIndex"] = indexes[check]
    out["level"] = LEVELS.get(severity, "note")
    words, directories = where_else(result)
    body = stderr_line({k: v for k, v in result.items() if k not in ("file", REACHED_THROUGH)} | {"severity": ERROR})
    out["message"] = {"text": body + suffix(result, lambda directory: _display(directory, base))}
    location = _location(result, base)
    if location:
        out["locations"] = [location]
    if words:
        out["relatedLocations"] = [_build_location(index, directory, base)
                                   for index, directory in enumerate(directories, start=1)]
    out["partialFingerprints"] = {FINGERPRINT: _fingerprint(result, check, base, roots)}
    if reason:
        out["suppressions"] = [{"kind": "inSource", "justification": reason}]
    return out


def _build_location(index: int, directory: str, base: str) -> dict[str, Any]:
    """A kustomization whose build has the problem too: its kustomization file (a file code
    scanning can show), else its directory."""
    name = kustomization_file(directory) if os.path.isdir(directory) else None
    artifact = _artifact(os.path.join(directory, name) if name else directory, base)
    return {"id": index, "physicalLocation": {"artifactLocation": artifact},
            "message": {"text": f"kubectl kustomize {_display(directory, base)}"}}


def _display(path: str, base: str) -> str:
    """A path as the SARIF log names it: relative to the repository root when under it."""
    uri = artifact_uri(path, base)
    return path if uri.startswith("file:") else _relative(path, base)


def _location(result: dict[str, Any], base: str) -> dict[str, Any]:
    location: dict[str, Any] = {}
    file = result.get("file") or {}
    if file.get("path") and file["path"] != "-":
        physical: dict[str, Any] = {"artifactLocation": _artifact(file["path"], base)}
        if file.get("line"):
            region = {"startLine": file["line"]}
            if file.get("column"):
                region["startColumn"] = file["column"]
            physical["region"] = region
        location["physicalLocation"] = physical
    logical = _logical(result)
    if logical:
        location["logicalLocations"] = logical
    return location


def _logical(result: dict[str, Any]) -> list[dict[str, str]]:
    """The object (`Kind ns/name`, kind resource) and, when known, its field (kind property)."""
    ref = result.get("resourceRef")
    if not ref:
        return []
    name = "/".join(str(x) for x in (ref.get("namespace"), ref.get("name")) if x)
    qualified = f"{ref.get('kind', '')} {name}".strip()
    out = [{"name": name, "fullyQualifiedName": qualified, "kind": "resource"}]
    path = (result.get("field") or {}).get("path")
    if path:
        out.append({"name": str(path), "fullyQualifiedName": f"{qualified} {path}", "kind": "property"})
    return out


def _artifact(path: str, base: str) -> dict[str, str]:
    uri = artifact_uri(path, base)
    return {"uri": uri} if uri.startswith("file:") else {"uri": uri, "uriBaseId": SOURCE_ROOT}


def artifact_uri(path: str, base: str) -> str:
    """A relative URI for a path under `base` (the repository root), else a file: URI. A relative
    path is taken from the working directory."""
    absolute = os.path.abspath(path)
    relative = os.path.relpath(absolute, base)
    if relative == ".." or relative.startswith(".." + os.sep):
        return pathlib.Path(absolute).as_uri()
    return "".join(c if c in _URI_SAFE else "".join(f"%{byte:02X}" for byte in c.encode())
                   for c in _relative(path, base))


def _relative(path: str, base: str) -> str:
    """``path`` relative to ``base``, with ``/`` separators (``..`` components when outside it)."""
    return pathlib.PurePath(os.path.normpath(os.path.relpath(os.path.abspath(path), base))).as_posix()


# kubectl's klog header (`E1124 04:21:45.123456   15187 run.go:72] `) and timestamps of Go's log
# (`2024/11/24 04:21:45`) and RFC 3339 (`2024-11-24T04:21:45.1Z`)
_KLOG_HEADER = LazyPattern(r"\b[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d+\s+\d+ [^\s\]]+:\d+\]\s*")
_TIMESTAMP = LazyPattern(r"\b\d{4}[-/]\d{2}[-/]\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?\s*")


# what a network error says of the machine and the moment: Go's `lookup HOST on 10.0.0.53:53: ...`
# (the resolver), curl's `... after 3 ms` (git's fetch)
_RESOLVER = LazyPattern(r"(\blookup \S+) on [\w.:\[\]%-]+:\d+")
_ELAPSED = LazyPattern(r" after \d+ ms\b")


def _roots(base: str) -> list[str]:
    """The repository root as a message may spell it (the working directory is at or below it)."""
    return sorted({os.path.abspath(base), os.path.realpath(base)} - {os.sep}, key=len, reverse=True)


def stable_text(text: str, roots: list[str]) -> str:
    """``text`` without what differs between runs of the same problem: log timestamps and process
    ids, a network error's resolver address and elapsed time, the absolute directories in ``roots``
    (their paths become relative) and paths under the temporary directory (kustomize's clones of
    remote bases)."""
    text = _TIMESTAMP.sub("", _KLOG_HEADER.sub("", text))
    text = _ELAPSED.sub("", _RESOLVER.sub(r"\1", text))
    for root in roots:
        text = re.sub(re.escape(root) + r"(?:/|(?![\w.-]))", lambda match: "" if match.group().endswith("/") else ".",
                      text)
    temporary = os.path.realpath(tempfile.gettempdir())
    for directory in {temporary, tempfile.gettempdir()}:
        text = re.sub(re.escape(directory) + r"/[^\s'\"/:]+", "<tmp>", text)
    return text


def _fingerprint(result: dict[str, Any], check: str, base: str, roots: list[str]) -> str:
    """Stable across moved lines, runs, machines and checkouts: the check, the file relative to the
    repository root, the object, the field and the message (``stable_text``)."""
    ref = result.get("resourceRef") or {}
    path = str((result.get("file") or {}).get("path", ""))
    parts = [check, _relative(path, base) if path and path != "-" else path,
             *(str(ref.get(k, "")) for k in ("apiVersion", "kind", "namespace", "name")),
             str((result.get("field") or {}).get("path", "")), stable_text(str(result.get("message", "")), roots)]
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:32]

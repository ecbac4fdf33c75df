"""validate's results as SARIF 2.1.0 (GitHub code scanning): one run, a rule for every check.

Locations: the file as a URI relative to the working directory (code scanning resolves it against
the repository root), the line and column when known, and the object and field as logical
locations. A suppressed result (shared contract 2) keeps the level it had and carries an
`inSource` suppression with its reason.
"""
from __future__ import annotations

import hashlib
import os
import pathlib
import string
from typing import Any

from krmfn import __version__
from krmfn.kio.results import stderr_line
from krmfn.kio.config import repository_root
from krmfn.report.rules import INFORMATION_URI, Rule
from krmfn.model.findings import ERROR, INFO, WARNING

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
LEVELS = {ERROR: "error", WARNING: "warning", INFO: "note"}
FINGERPRINT = "krmfnResult/v1"
_URI_SAFE = frozenset(string.ascii_letters + string.digits + "-._~/")  # RFC 3986 unreserved, and the separator


def sarif_log(results: list[dict[str, Any]], rules: tuple[Rule, ...], cwd: str | None = None) -> dict[str, Any]:
    """The log of one run; `rules` describe every check (krmfn.cli.rules.RULES). File URIs are relative
    to the repository root (code scanning resolves them there), wherever krmfn runs from in it;
    outside a repository, to the working directory (`cwd`)."""
    base = repository_root(os.getcwd() if cwd is None else cwd)
    indexes = {rule.id: index for index, rule in enumerate(rules)}
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "krmfn", "version": __version__, "informationUri": INFORMATION_URI,
                                "rules": [_rule(rule) for rule in rules]}},
            "columnKind": "unicodeCodePoints",
            "results": [_result(result, base, indexes) for result in results],
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


def _result(result: dict[str, Any], base: str, indexes: dict[str, int]) -> dict[str, Any]:
    tags = result.get("tags") or {}
    check = str(tags.get("check") or "krmfn")
    reason = str(tags.get("suppressed") or "")
    severity = str(tags.get("suppressedSeverity") or result["severity"]) if reason else result["severity"]
    out: dict[str, Any] = {"ruleId": check}
    if check in indexes:
        out["ruleIndex"] = indexes[check]
    out["level"] = LEVELS.get(severity, "note")
    out["message"] = {"text": stderr_line({k: v for k, v in result.items() if k != "file"} | {"severity": ERROR})}
    location = _location(result, base)
    if location:
        out["locations"] = [location]
    out["partialFingerprints"] = {FINGERPRINT: _fingerprint(result, check)}
    if reason:
        out["suppressions"] = [{"kind": "inSource", "justification": reason}]
    return out


def _location(result: dict[str, Any], base: str) -> dict[str, Any]:
    location: dict[str, Any] = {}
    file = result.get("file") or {}
    if file.get("path") and file["path"] != "-":
        physical: dict[str, Any] = {"artifactLocation": {"uri": artifact_uri(file["path"], base)}}
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


def artifact_uri(path: str, base: str) -> str:
    """A relative URI for a path under `base` (the repository root), else a file: URI. A relative
    path is taken from the working directory."""
    absolute = os.path.abspath(path)
    relative = os.path.relpath(absolute, base)
    if relative == ".." or relative.startswith(".." + os.sep):
        return pathlib.Path(absolute).as_uri()
    path = relative
    relative = pathlib.PurePath(os.path.normpath(path)).as_posix()
    return "".join(c if c in _URI_SAFE else "".join(f"%{byte:02X}" for byte in c.encode()) for c in relative)


def _fingerprint(result: dict[str, Any], check: str) -> str:
    """Stable across moved lines: the check, the file, the object, the field and the message."""
    ref = result.get("resourceRef") or {}
    parts = [check, str((result.get("file") or {}).get("path", "")),
             *(str(ref.get(k, "")) for k in ("apiVersion", "kind", "namespace", "name")),
             str((result.get("field") or {}).get("path", "")), str(result.get("message", ""))]
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:32]

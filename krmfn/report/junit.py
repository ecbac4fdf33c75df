"""validate's results as JUnit XML (CI dashboards: GitLab, Jenkins, Azure DevOps, ...).

One `<testsuite>` per file, one `<testcase>` per object checked (named `Kind ns/name`, classname
the file; each object of a `kind: List` is a case of its own), so a dashboard lists every object
with pass or fail, as kubeconform does. An object with
errors fails: one `<failure>` whose message is the first error and whose text lists them all
(`--strict` has made warnings errors already). Warnings, infos and suppressed results are listed in
the testcase's `<system-out>`. A result about a file rather than an object (the `input` check) is
a testcase named after the file. A result on a field a kustomize patch wrote is in its object's
testcase, its line naming the patch's file. A problem several kustomizations' builds share is one result
(krmfn.report.merge), whose line names the other builds. Shaped by the Jenkins junit-10.xsd (tests
validate against it).
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable

from krmfn.kio.items import Item, resource_ref
from krmfn.kio.results import OBJECT_FILE, stderr_line
from krmfn.report.merge import suffix as builds_suffix
from krmfn.report.paths import rebased
from krmfn.model.embedded import is_list
from krmfn.model.findings import ERROR
from krmfn.model.lazy_re import LazyPattern

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

STDIN = "(stdin)"
NO_FILE = "(no file)"

# (file, document index, position in a `kind: List`); index None: about the file itself
Key = tuple[str, int | None, int | None]
_IN_LIST = LazyPattern(r"^items\[(\d+)\]")


def junit_xml(results: list[dict[str, Any]], items: list[Item], mode: str = "validate",
              show: Callable[[str], str] = str) -> str:
    """``show``: how the report names a path (krmfn.report.paths, relative to the path base)."""
    results = [rebased(result, show) for result in results]
    cases: dict[Key, str] = {}
    for item in items:
        path, index = item.origin()
        path = show(path) if path else path
        if isinstance(item.value, dict) and is_list(item.value) and item.value["items"]:
            for position, member in enumerate(item.value["items"]):  # each object of a List is a case
                cases.setdefault((_file(path), index or 0, position), _object_name(resource_ref(member)))
        else:
            cases.setdefault((_file(path), index or 0, None), _object_name(resource_ref(item.value)))
    found: dict[Key, list[dict[str, Any]]] = {}
    for result in results:
        key = _key(result)
        found.setdefault(key, []).append(result)
        cases.setdefault(key, _object_name(result.get("resourceRef")) if key[1] is not None else key[0])
    root = ET.Element("testsuites", name=f"krmfn {mode}")
    for file in dict.fromkeys(key[0] for key in cases):
        suite = ET.SubElement(root, "testsuite", name=file)
        keys = [key for key in cases if key[0] == file]
        for key in keys:
            _testcase(suite, cases[key], file, found.get(key, []))
        failures = sum(1 for case in suite if case.find("failure") is not None)
        suite.attrib.update(tests=str(len(keys)), failures=str(failures), errors="0", skipped="0")
    root.attrib.update(tests=str(sum(int(s.get("tests", 0)) for s in root)),
                       failures=str(sum(int(s.get("failures", 0)) for s in root)), errors="0")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _file(path: str | None) -> str:
    return STDIN if path == "-" else (path or NO_FILE)


def _key(result: dict[str, Any]) -> Key:
    """The case a result belongs to: its object's (the object's own file when a patch wrote the
    field), else its file's."""
    file = result.get(OBJECT_FILE) or result.get("file") or {}
    if not result.get("resourceRef"):
        return (_file(file.get("path")), None, None)
    in_list = _IN_LIST.match(str((result.get("field") or {}).get("path") or ""))
    return (_file(file.get("path")), int(file.get("index") or 0), int(in_list.group(1)) if in_list else None)


def _object_name(ref: dict[str, str] | None) -> str:
    if not ref:
        return "(object without kind or name)"
    name = "/".join(x for x in (ref.get("namespace"), ref.get("name")) if x)
    return " ".join(x for x in (ref.get("kind"), name) if x)


def _testcase(suite: ET.Element, name: str, file: str, results: list[dict[str, Any]]) -> None:
    case = ET.SubElement(suite, "testcase", name=name, classname=file)
    errors = [r for r in results if r.get("severity") == ERROR and not _reason(r)]
    if errors:
        first = errors[0]
        failure = ET.SubElement(case, "failure", type=_check(first) or "krmfn",
                                message=_line(first) if len(errors) == 1 else f"{len(errors)} errors; first: "
                                                                                 f"{_line(first)}")
        failure.text = "\n".join(_line(r) for r in errors)
    others = [r for r in results if r.get("severity") != ERROR or _reason(r)]
    if others:
        ET.SubElement(case, "system-out").text = "\n".join(_line(r) for r in others)


def _check(result: dict[str, Any]) -> str:
    return str((result.get("tags") or {}).get("check") or "")


def _reason(result: dict[str, Any]) -> str:
    return str((result.get("tags") or {}).get("suppressed") or "")


def _line(result: dict[str, Any]) -> str:
    """`line N: severity [check] field: message` (the object and file are the testcase's)."""
    file = result.get("file") or {}
    tags = result.get("tags") or {}
    reason = _reason(result)
    severity = str(tags.get("suppressedSeverity") or result["severity"]) if reason else result["severity"]
    field = (result.get("field") or {}).get("path")
    text = stderr_line({"message": result.get("message", ""), "severity": ERROR} | ({"field": {"path": field}}
                                                                                    if field else {}))
    text += builds_suffix(result)
    patch = _file(file["path"]) if result.get(OBJECT_FILE) and file.get("path") else ""  # not the testcase's file
    where = f"{patch} line {file['line']}: ".lstrip() if file.get("line") else (f"{patch}: " if patch else "")
    check = f" [{_check(result)}]" if _check(result) else ""
    suffix = f" (suppressed: {reason})" if reason else ""
    return f"{where}{severity}{check} {text}{suffix}"

"""The CLI's validate report: text, JSON, GitHub workflow annotations, SARIF or JUnit XML, with
line numbers.

Machine formats (json, sarif, junit) carry every result. The text and github reports are for
people: `quiet` keeps the errors only, the catalog check's info lines become one line unless
`verbose`, and suppressed results are left out unless `show_suppressed`. A problem several
kustomizations' builds share comes as one result (krmfn.report.merge); every format names the
other builds (``... (also in overlays/dev, overlays/prod)``).
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from krmfn.kio.items import Item
from krmfn.report.merge import suffix as builds_suffix
from krmfn.report.paths import STDIN, path_base, rebased, shower
from krmfn.kio.lines import line_in, line_of, span_line
from krmfn.kio.results import REACHED_THROUGH, item_location, location, stderr_line
from krmfn.model.embedded import is_list
from krmfn.model.findings import ERROR, INFO, WARNING
from krmfn.model.record import FrozenRecord

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")

FORMATS = ("text", "json", "github", "sarif", "junit")
COLOR_CHOICES = ("auto", "always", "never")

_RESET = "\x1b[0m"
_BOLD = "\x1b[1m"
_CHECK = "\x1b[36m"  # cyan
_SEVERITY_COLORS = {ERROR: "\x1b[1;31m", WARNING: "\x1b[1;33m", INFO: "\x1b[1;34m"}

if TYPE_CHECKING:
    from typing import Any, TextIO
    from krmfn.report.rules import Rule


class ReportSettings(FrozenRecord):
    __slots__ = ("fmt", "quiet", "verbose", "color", "show_suppressed", "catalog_check", "catalog_version", "rules",
                 "mode", "path_base")
    fmt: str
    quiet: bool  # text/github: errors only, no summary
    verbose: bool  # text/github: every catalog info line
    color: bool  # text only
    show_suppressed: bool  # text/github
    catalog_check: str  # the check whose info lines become one line (validate's `catalog`)
    catalog_version: str  # named in that line
    rules: tuple[Rule, ...]  # SARIF: every check
    mode: str  # named in the summary line
    path_base: str  # every format's paths are relative to it (krmfn.report.paths); "": the repository root

    def __init__(self, fmt: str = "text", quiet: bool = False, verbose: bool = False, color: bool = False,
                 show_suppressed: bool = False, catalog_check: str = "", catalog_version: str = "",
                 rules: tuple[Rule, ...] = (), mode: str = "validate", path_base: str = "") -> None:
        self._set(fmt=fmt, quiet=quiet, verbose=verbose, color=color, show_suppressed=show_suppressed,
                  catalog_check=catalog_check, catalog_version=catalog_version, rules=rules, mode=mode,
                  path_base=path_base)


def use_color(choice: str, stream: TextIO, environ: Mapping[str, str]) -> bool:
    """`always` and `never` win; `auto` colours a terminal unless NO_COLOR is set (no-color.org)."""
    if choice != "auto":
        return choice == "always"
    if environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty())


def add_lines(results: list[dict[str, Any]], items: list[Item], findings_items: list[int | None],
              wanted: Callable[[dict[str, Any]], bool] | None = None) -> None:
    """Give each result whose item came from a file (or stdin) the 1-based line of its field;
    with ``wanted``, only the results it accepts (those a report shows). The results are taken
    item by item, so that each document is composed once."""
    pairs = [(index, result) for result, index in zip(results, findings_items, strict=False)
             if index is not None and 0 <= index < len(items) and (wanted is None or wanted(result))]
    pairs.sort(key=lambda pair: pair[0])
    for index, result in pairs:
        item = items[index]
        line = _line(item, (result.get("field") or {}).get("path"))
        if line:
            result.setdefault("file", {"path": item.file, "index": item.doc_index})["line"] = line


def _line(item: Item, field_path: str | None) -> int | None:
    """The line of ``field_path`` in the document the item was read from: a file's, or what was read
    from stdin (no file to open again: the bytes read)."""
    if not item.file or item.doc_index is None:
        return None
    if item.document and item.source is not None and item.span is not None:
        line = span_line(item.source, item.span, field_path)  # that document alone
        if line is not None:
            return line
    if item.file != "-":
        return line_of(item.file, item.doc_index, field_path)
    return line_in(item.source, item.doc_index, field_path) if item.source is not None and item.document else None


def suppression(result: dict[str, Any]) -> str:
    """The reason a result is suppressed (shared contract 2: `tags.suppressed`), or ""."""
    return str((result.get("tags") or {}).get("suppressed") or "")


def line_location(item: Item, within: str | None = None, show: Callable[[str], str] | None = None) -> str:
    """Where an item read from a file is, with its line (for messages that point at an item, or at
    the object `within` it, such as `items[2]` of a List); ``show`` names its path as a report does
    (krmfn.report.paths)."""
    line = None
    if item.origin() == (item.file, item.doc_index):
        line = _line(item, f"{within}.metadata.name" if within else "metadata.name")
    if show is None:
        return item_location(item, line)
    path, index = item.origin()
    return location({"path": show(path) if path else path, "index": index, "line": line})


def object_count(items: list[Item]) -> int:
    """The objects checked: each object of a `kind: List` counts, as `kubectl apply` creates each."""
    return sum(len(item.value["items"]) if isinstance(item.value, dict) and is_list(item.value) else 1
               for item in items)


def summary(results: list[dict[str, Any]], objects: int) -> dict[str, int]:
    active = [r for r in results if not suppression(r)]
    return {
        "objects": objects,
        "errors": sum(1 for r in active if r.get("severity") == ERROR),
        "warnings": sum(1 for r in active if r.get("severity") == WARNING),
        "infos": sum(1 for r in active if r.get("severity") == INFO),
        "suppressed": len(results) - len(active),
    }


def write_report(results: list[dict[str, Any]], items: list[Item], settings: ReportSettings, out: TextIO) -> None:
    counts = summary(results, object_count(items))
    base = settings.path_base or path_base()
    if settings.fmt == "json":
        json.dump({"results": [rebased(result, shower(base)) for result in results], "summary": counts}, out,
                  indent=2, sort_keys=False, default=str)
        out.write("\n")
    elif settings.fmt == "sarif":
        from krmfn.report.sarif import sarif_log  # noqa: PLC0415
        json.dump(sarif_log(results, settings.rules, base=base), out, indent=2, default=str)
        out.write("\n")
    elif settings.fmt == "junit":
        from krmfn.report.junit import junit_xml  # noqa: PLC0415
        out.write(junit_xml(results, items, settings.mode, shower(base)))
    else:
        _write_lines(results, counts, settings, out, base)


def _write_lines(results: list[dict[str, Any]], counts: dict[str, int], settings: ReportSettings,
                 out: TextIO, base: str) -> None:
    show = shower(base)
    shown = [r for r in results if _shown(r, settings)]
    collapsed = [r for r in shown if folded(r, settings)]
    github = settings.fmt == "github"
    annotated = shower(base, as_typed=False)
    hidden = {id(result) for result in collapsed}
    for result in shown:
        if id(result) not in hidden:
            out.write((_github(result, annotated) if github else _text(result, settings.color, show)) + "\n")
    if collapsed:
        out.write(_catalog_line(len(collapsed), settings, github) + "\n")
    if settings.quiet:
        return
    parts = [_count(counts["objects"], "object"), _count(counts["errors"], "error"),
             _count(counts["warnings"], "warning"), _count(counts["infos"], "info")]
    if counts["suppressed"]:
        parts.append(f"{counts['suppressed']} suppressed")
    line = f"krmfn {settings.mode}: {', '.join(parts)}"
    out.write((_paint(line, _BOLD) if settings.color and not github else line) + "\n")


def listed(result: dict[str, Any], settings: ReportSettings) -> bool:
    """The report writes the result on a line of its own (its line number is then needed): every
    result in a machine format; in text and github one that is shown and not folded into the
    catalog's one line."""
    if settings.fmt not in ("text", "github"):
        return True
    return _shown(result, settings) and not folded(result, settings)


def stderr_lines(results: list[dict[str, Any]], settings: ReportSettings) -> list[str]:
    """A mode's warnings and infos as its stderr lines (the modes other than validate's report),
    the catalog's info lines folded into one unless ``verbose``, as validate's report does."""
    lines = [stderr_line(result) for result in results
             if result.get("severity") != ERROR and not folded(result, settings)]
    count = sum(1 for result in results if folded(result, settings))
    if count:
        lines.append(_catalog_line(count, settings, False))
    return lines


def folded(result: dict[str, Any], settings: ReportSettings) -> bool:
    """A catalog info line that the one catalog line counts instead (unless ``verbose``)."""
    return not settings.verbose and _is_catalog(result, settings) and not suppression(result)


def _shown(result: dict[str, Any], settings: ReportSettings) -> bool:
    if suppression(result):
        return settings.show_suppressed and not settings.quiet
    return result.get("severity") == ERROR or not settings.quiet


def _is_catalog(result: dict[str, Any], settings: ReportSettings) -> bool:
    return bool(settings.catalog_check) and _check(result) == settings.catalog_check and result.get("severity") == INFO


def _catalog_line(number: int, settings: ReportSettings, github: bool) -> str:
    version = f" {settings.catalog_version}" if settings.catalog_version else ""
    references = "reference" if number == 1 else "references"
    text = f"{number} {references} resolved from the embedded catalog{version} (--verbose to list them)"
    if github:
        return f"::notice title={_escape('krmfn ' + settings.catalog_check, True)}::{_escape(text)}"
    if settings.color:
        return f"{_paint(INFO, _SEVERITY_COLORS[INFO])} {_paint(f'[{settings.catalog_check}]', _CHECK)} {text}"
    return f"{INFO} [{settings.catalog_check}] {text}"


def write_fatal(message: str, check: str, fmt: str, out: TextIO, file: dict[str, Any] | None = None,
                rules: tuple[Rule, ...] = (), base: str = "") -> None:
    """A run that stopped before checking anything (a configuration error, nothing readable), in
    a machine-readable format: json keeps the report's shape with one error result, github writes
    one `::error` annotation, sarif a log with that one result, junit one failing testcase; text
    writes nothing here (the CLI prints the line on stderr)."""
    result: dict[str, Any] = {"message": message, "severity": ERROR, **({"file": file} if file else {}),
                              "tags": {"check": check}}
    base = base or path_base()
    if fmt == "json":
        json.dump({"results": [rebased(result, shower(base))], "summary": summary([result], 0)}, out, indent=2)
        out.write("\n")
    elif fmt == "github":
        out.write(_github(result, shower(base, as_typed=False)) + "\n")
    elif fmt == "sarif":
        from krmfn.report.sarif import sarif_log  # noqa: PLC0415
        json.dump(sarif_log([result], rules, base=base), out, indent=2, default=str)
        out.write("\n")
    elif fmt == "junit":
        from krmfn.report.junit import junit_xml  # noqa: PLC0415
        out.write(junit_xml([result], [], show=shower(base)))


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _paint(text: str, code: str) -> str:
    return f"{code}{text}{_RESET}"


def _where(result: dict[str, Any], show: Callable[[str], str] = str) -> str:
    file = result.get("file")
    return location({**file, "path": show(file["path"])} if file and file.get("path") else file)


def _check(result: dict[str, Any]) -> str:
    return (result.get("tags") or {}).get("check", "")


def _severity(result: dict[str, Any]) -> str:
    """A suppressed result shows the severity it had (contract 2: `tags.suppressedSeverity`)."""
    tags = result.get("tags") or {}
    return str(tags.get("suppressedSeverity") or result["severity"]) if suppression(result) else result["severity"]


def _body(result: dict[str, Any], show: Callable[[str], str] = str) -> str:
    body = stderr_line(_without_place(result) | {"severity": ERROR}) + builds_suffix(result, show)
    reason = suppression(result)
    return f"{body} (suppressed: {reason})" if reason else body


def _without_place(result: dict[str, Any]) -> dict[str, Any]:
    """The result without its file (the report names it first) and its ways there (the builds'
    suffix names them, with the other builds)."""
    return {key: value for key, value in result.items() if key not in ("file", REACHED_THROUGH)}


def _text(result: dict[str, Any], color: bool = False, show: Callable[[str], str] = str) -> str:
    """`file:line: severity [check] Kind ns/name field: message`."""
    where, severity, check = _where(result, show), _severity(result), _check(result)
    if color:
        where = _paint(where, _BOLD) if where else ""
        severity = _paint(severity, _SEVERITY_COLORS.get(severity, _BOLD))
        check = _paint(f"[{check}]", _CHECK) if check else ""
    else:
        check = f"[{check}]" if check else ""
    return f"{where + ': ' if where else ''}{severity}{' ' + check if check else ''} {_body(result, show)}"


def _escape(text: str, property_value: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if property_value else text


def _github(result: dict[str, Any], show: Callable[[str], str] = str) -> str:
    """A workflow annotation; its ``file`` relative to the repository root (``show``), where GitHub
    resolves it; none for stdin, which is no file of the repository."""
    level = "notice" if suppression(result) else {ERROR: "error", WARNING: "warning"}.get(result["severity"], "notice")
    props = []
    file = result.get("file") or {}
    if file.get("path") and file["path"] != STDIN:
        props.append(f"file={_escape(show(file['path']), True)}")
        if file.get("line"):
            props.append(f"line={file['line']}")
            if file.get("column"):
                props.append(f"col={file['column']}")
    props.append(f"title={_escape('krmfn ' + (_check(result) or 'validate'), True)}")
    return f"::{level} {','.join(props)}::{_escape(_body(result, show))}"

"""The CLI's commands on files: a mode on PATHs (``run_cli``: read, run, report or write), and the
``catalog`` and ``checks`` listings."""
from __future__ import annotations

import argparse
import functools
import os
from collections.abc import Callable
import sys

from krmfn import catalog
from krmfn.cli import reading
from krmfn.cli.krm import report_errors, run_guarded_mode
from krmfn.kio import clusterfile
from krmfn.kio import config as cfg
from krmfn.kio import resourcelist as rlio
from krmfn.kio.files import Bundle, InputProblem, read_bundles
from krmfn.kio.items import Item
from krmfn.kio.results import has_error, one_line, sort_key, stderr_line, to_result
from krmfn.model import check_ids
from krmfn.model.check_ids import CATALOG as CATALOG_CHECK
from krmfn.model.findings import ERROR, WARNING
from krmfn.model.krm import without_orchestrator_annotations
from krmfn.model.kubevirt_version import CATALOG_OFF, catalog_for, kubevirt_version
from krmfn.model.lazy_re import LazyPattern
from krmfn.model.options import EVERY_TEMPLATE, PARAMETERS_KIND, Option, options_for
from krmfn.model.outcome import Outcome
from krmfn.report.findings import (ReportSettings, add_lines, folded, line_location, listed, stderr_lines,
                                   use_color, write_fatal, write_report)
from krmfn.report.merge import merge_bundles
from krmfn.report.paths import path_base, shower

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")

if TYPE_CHECKING:
    from typing import Any, TextIO
    from krmfn.report.rules import Rule


# --- catalog -------------------------------------------------------------------------------


def run_catalog(ns: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    version = ns.catalog or kubevirt_version(ns.kubevirt_version).catalog
    if version not in catalog.CATALOG_VERSIONS:
        stderr.write(f"krmfn: unknown catalog version {version} (known: {', '.join(catalog.CATALOG_VERSIONS)})\n")
        return EXIT_FATAL
    if ns.format == "yaml":
        objects = [*(catalog.instancetypes(version) if ns.kind != "preferences" else []),
                   *(catalog.preferences(version) if ns.kind != "instancetypes" else [])]
        from krmfn.kio.emit import dump  # noqa: PLC0415 - the listing's YAML only

        stdout.write("".join(("---\n" if i else "") + dump(obj) + "\n" for i, obj in enumerate(objects)))
        return 0
    if ns.kind != "preferences":
        rows = [[r["name"], r["class"], str(r["vcpus"]), r["memory"], ", ".join(r["features"])]
                for r in catalog.table(version)]
        stdout.write(f"common-instancetypes {version}: VirtualMachineClusterInstancetype\n")
        stdout.write(_columns(["NAME", "CLASS", "VCPUS", "MEMORY", "FEATURES"], rows))
    if ns.kind == "all":
        stdout.write("\n")
    if ns.kind != "instancetypes":
        rows = [[r["name"], r["osType"] or "", r["arch"] or "", str(r["vcpus"] or ""), r["memory"] or "",
                 ", ".join(r["features"])] for r in catalog.preference_table(version)]
        stdout.write(f"common-instancetypes {version}: VirtualMachineClusterPreference\n")
        stdout.write(_columns(["NAME", "OS", "ARCH", "MIN VCPUS", "MIN MEMORY", "FEATURES"], rows))
    return 0


def _columns(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False)).rstrip()
             for row in [header, *rows]]
    return "\n".join(lines) + "\n"


# --- checks ----------------------------------------------------------------------------------


def run_checks(ns: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    """Every check ID a result can carry: each rule (``krmfn checks ID`` explains it), then the other
    modes' findings."""
    from krmfn.cli.rules import MODES_DOCS, OTHER_FINDING_PAGES, OTHER_FINDINGS, RULE_BY_ID  # noqa: PLC0415
    if ns.check is None:
        rows = [[rule.id, rule.severity, rule.summary] for rule in RULE_BY_ID.values()]
        rows += [[check, severity, summary] for check, severity, summary in OTHER_FINDINGS]
        stdout.write(_columns(["ID", "SEVERITY", "SUMMARY"], rows))
        return 0
    rule = RULE_BY_ID.get(ns.check)
    other = next((row for row in OTHER_FINDINGS if row[0] == ns.check), None)
    if rule is None and other is not None:  # another mode's finding: its line, and its mode's page
        check, severity, summary = other
        stdout.write(f"{check} ({severity}): {plain(summary)}\n\nMore: {MODES_DOCS}/{OTHER_FINDING_PAGES[check]}.md\n")
        return 0
    if rule is None:
        known = [*RULE_BY_ID, *(check for check, _, _ in OTHER_FINDINGS)]
        stderr.write(f"krmfn: unknown check {ns.check!r} (known: {', '.join(known)})\n")
        return 2
    stdout.write(explain_check(rule))
    return 0


def explain_check(rule: Rule) -> str:
    """`krmfn checks ID`: like `ruff rule`, the check's whole documentation, for a terminal: a
    Markdown link is its text (the page it points to is one ``More:`` away)."""
    parts = [f"{rule.id} ({rule.severity}): {plain(rule.summary)}", plain(rule.description),
             f"KubeVirt behaviour it mirrors: {plain(rule.mirrors)}"]
    for title, example in (("Passing example", rule.passing), ("Failing example", rule.failing)):
        if example:
            parts.append(f"{title}:\n\n" + "".join(f"    {line}\n" if line else "\n"
                                                   for line in example.splitlines()).rstrip("\n"))
    parts += [f"How to fix: {plain(rule.fix)}", f"More: {rule.help_uri}"]
    return "\n\n".join(parts) + "\n"


_LINK = LazyPattern(r"\[([^\]]+)\]\([^)\s]+\)")


def plain(text: str) -> str:
    """Markdown links as their text: ``[conflicts](../kubevirt/conflicts.md#x)`` is ``conflicts``."""
    return _LINK.sub(r"\1", text)


EXIT_FATAL = 2  # usage, configuration, nothing readable, nothing checked (README, "Results and exit codes")
CONFIG_CHECK = check_ids.CONFIG
NOTHING_CHECK = check_ids.NOTHING_CHECKED


RESOURCE_LIST_NOT_OBJECTS = ("a ResourceList is the input of krmfn as a KRM function, not objects to check: pipe it "
                             "to krmfn with no MODE (its functionConfig picks the mode)")


class NothingChecked(Exception):
    """The run would check nothing: that must not look like success."""


def run_cli(ns: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    mode: str = ns.mode
    fmt = _format(ns)
    try:
        options = clusterfile.resolve(_cli_options(ns))
        bundles = _read_bundles(ns, options)
    except cfg.ConfigError as err:
        return _fatal(err.located(), CONFIG_CHECK, fmt, stdout, stderr, _config_where(err), err.message,
                      _path_base(ns))
    except rlio.FatalInput as err:
        return _fatal(str(err), check_ids.INPUT, fmt, stdout, stderr, base=_path_base(ns))
    except NothingChecked as err:
        return _fatal(str(err), NOTHING_CHECK, fmt, stdout, stderr, base=_path_base(ns))
    flags = mode == "generate" and _size_flags(ns)
    # validate's report names every path from the path base, the messages' too ("first definition: ...")
    show = shower(_path_base(ns)) if mode == "validate" or (mode == "normalize" and options.get("check")) else None
    reported = mode == "validate" or (mode == "normalize" and options.get("check"))
    settings = _report_settings(ns, options, fmt, stdout) if reported else _stderr_settings(ns, options)
    # a line number is found for a result written on a line of its own (one bundle: nothing to merge)
    wanted = None if len(bundles) != 1 or getattr(ns, "argocd_ignore", False) else \
        functools.partial(listed, settings=settings) if reported else lambda result: not folded(result, settings)
    runs = [(bundle, *_bundle_results(mode, bundle, options, flags, show, wanted)) for bundle in bundles]
    if mode == "generate" and _nothing_generated(runs):
        return _fatal("nothing to generate: give --from and --name (with --vcpus, --memory, --custom, --patch or "
                      "--set to change the copy), or sizes in a config file",
                      NOTHING_CHECK, fmt, stdout, stderr)
    if mode == "generate" and (usage := _usage_errors(runs)):  # a bad flag value: nothing is generated
        for result in usage:
            stderr.write(f"krmfn: {stderr_line(result)}\n")
        return EXIT_FATAL
    if reported:
        results = merge_bundles([(bundle.built_from, bundle_results) for bundle, _, bundle_results in runs])
        items = [item for bundle in bundles for item in bundle.items]
        return _print_report(results, items, settings, stdout)
    results = [result for _, _, bundle_results in runs for result in bundle_results]
    if mode == "normalize" and ns.argocd_ignore:
        return _print_argocd_ignore(bundles, options, results, stdout, stderr)
    results.sort(key=_report_order)
    written = []
    for bundle, bundle_outcome, _ in runs:  # the loose files, then what each kustomization renders
        outcome = bundle_outcome
        if mode == "generate":  # only the new objects: `krmfn generate ... > u1.mysize.yaml`
            keep = [i for i, source in enumerate(outcome.sources) if source is None]
            outcome = Outcome([without_orchestrator_annotations(outcome.items[i]) for i in keep],
                              [None] * len(keep), set(), outcome.findings)
        outcome = _without_context(outcome, bundle.items)
        if outcome.items:
            written.append((outcome, bundle.items))
    from krmfn.kio.output import write_stream  # noqa: PLC0415 - the modes that write items

    stdout.write("---\n".join(write_stream(outcome, items, open_end=position == len(written) - 1)
                              for position, (outcome, items) in enumerate(written)))
    for line in stderr_lines(results, settings):
        stderr.write(f"krmfn: {line}\n")
    return report_errors(results, stderr)


def _size_flags(ns: argparse.Namespace) -> bool:
    """generate's one size came from flags (``--from``, ``--name``, ...)."""
    from krmfn.modes.generate.requests import SINGLE_SIZE_OPTIONS  # noqa: PLC0415 - generate only
    return any(getattr(ns, option, None) is not None for option in SINGLE_SIZE_OPTIONS.values())


def _nothing_generated(runs: list[tuple[Bundle, Outcome, list[dict[str, Any]]]]) -> bool:
    from krmfn.modes.generate.findings import NOTHING  # noqa: PLC0415 - generate only
    return any(finding.check == NOTHING for _, outcome, _ in runs for finding in outcome.findings)


def _usage_errors(runs: list[tuple[Bundle, Outcome, list[dict[str, Any]]]]) -> list[dict[str, Any]]:
    """generate's findings that a size or option value is not one it takes (``--vcpus two``)."""
    from krmfn.modes.generate.findings import USAGE_ERRORS  # noqa: PLC0415 - generate only
    return [result for _, _, results in runs for result in results
            if (result.get("tags") or {}).get("check") in USAGE_ERRORS]


def _print_argocd_ignore(bundles: list[Bundle], options: dict[str, Any], results: list[dict[str, Any]],
                         stdout: TextIO, stderr: TextIO) -> int:
    """``normalize --argocd-ignore``: the entries for an Argo CD Application's
    ``spec.ignoreDifferences``; the normalize findings still go to stderr."""
    values = [item.value for bundle in bundles for item in bundle.items]
    from krmfn.modes.normalize.mode import argocd_ignore_differences  # noqa: PLC0415
    entries = argocd_ignore_differences(values, options)  # a crash here is main's one-line error
    from krmfn.kio.emit import dump  # noqa: PLC0415 - this listing only

    text = dump({"ignoreDifferences": entries})
    stdout.write(text if text.endswith("\n") else text + "\n")
    for result in results:
        if result.get("severity") != ERROR:
            stderr.write(f"krmfn: {stderr_line(result)}\n")
    return report_errors(results, stderr)


def _format(ns: argparse.Namespace) -> str:
    """validate's (and normalize --check's) report format; the other modes write YAML and report in text."""
    fmt: str | None = getattr(ns, "format", None)
    if fmt is None:
        fmt = "github" if ns.mode in ("validate", "normalize") and os.environ.get("GITHUB_ACTIONS") == "true" \
            else "text"
    return fmt


def _fatal(line: str, check: str, fmt: str, stdout: TextIO, stderr: TextIO,
           where: dict[str, Any] | None = None, message: str | None = None, base: str = "") -> int:
    """One line on stderr; json and github also say it on stdout in their own form."""
    stderr.write(f"krmfn: {one_line(line)}\n")
    write_fatal(message or line, check, fmt, stdout, where, _rules(fmt, "validate"), base)
    return EXIT_FATAL


def _config_where(err: cfg.ConfigError) -> dict[str, Any] | None:
    if not err.file:
        return None
    return {"path": err.file, **({"line": err.line} if err.line else {})}


def _without_context(outcome: Outcome, items: list[Item]) -> Outcome:
    """The outcome without the items the checks read but a build leaves out (``Item.context``)."""
    keep = [position for position, source in enumerate(outcome.sources)
            if source is None or not items[source].context]
    if len(keep) == len(outcome.sources):
        return outcome
    return Outcome([outcome.items[p] for p in keep], [outcome.sources[p] for p in keep],
                   {new for new, old in enumerate(keep) if old in outcome.changed}, outcome.findings)


def _read_bundles(ns: argparse.Namespace, options: dict[str, Any]) -> list[Bundle]:
    """The bundles to work on; raises NothingChecked when there is nothing to check."""
    if not ns.paths and ns.mode != "generate" and sys.stdin.isatty():
        raise NothingChecked("no PATH given (and stdin is a terminal): krmfn MODE PATH..., or - for stdin")
    # generate reads a bundle only when given one (its sources may all come from the catalog)
    paths = ns.paths or ([] if ns.mode == "generate" else ["-"])
    bundles = read_bundles(paths, ns.exclude, kustomize=reading.kustomize(ns),
                           build_options=reading.build_options(options))
    if ns.mode == "generate" and len(bundles) > 1:  # the objects to copy from: one bundle, the new sizes once
        bundles = [Bundle([item for bundle in bundles for item in bundle.items],
                          [problem for bundle in bundles for problem in bundle.problems])]
    items = [item for bundle in bundles for item in bundle.items]
    resource_lists = [item for item in items if rlio.is_resource_list(item.value)]
    if resource_lists and len(resource_lists) == len(items):
        where = "stdin" if resource_lists[0].file == "-" else resource_lists[0].file
        raise NothingChecked(f"{where}: {RESOURCE_LIST_NOT_OBJECTS}")
    for bundle in bundles:  # a ResourceList among objects: one input finding, not an object
        bundle.problems.extend(InputProblem(item.file, RESOURCE_LIST_NOT_OBJECTS, index=item.doc_index)
                               for item in bundle.items if rlio.is_resource_list(item.value))
        bundle.items = [item for item in bundle.items if not rlio.is_resource_list(item.value)]
    problems = [problem for bundle in bundles for problem in bundle.problems]
    if not items and not problems and ns.mode != "generate":
        where = "stdin is empty" if paths == ["-"] else f"no Kubernetes objects in {', '.join(paths)}"
        raise NothingChecked(f"nothing to check: {where}")
    return bundles


def _bundle_results(mode: str, bundle: Bundle, options: dict[str, Any], flags: bool = False,
                    show: Callable[[str], str] | None = None,
                    wanted: Callable[[dict[str, Any]], bool] | None = None) -> tuple[Outcome, list[dict[str, Any]]]:
    """Run the mode on one bundle: its outcome, and its input problems and findings as results
    (with lines where the items came from files, for the results ``wanted`` accepts; ``show``
    names the files a message points to)."""
    outcome = run_guarded_mode(mode, [item.value for item in bundle.items], options, flags)
    results = [to_result(f, bundle.items, locate=functools.partial(line_location, show=show))
               for f in outcome.findings]
    if bundle.built_from is None:
        add_lines(results, bundle.items, [f.item for f in outcome.findings], wanted)
    else:  # the file, document and line each object and field came from
        from krmfn.kio import origins  # noqa: PLC0415
        origins.add_lines(results, bundle.items, [f.item for f in outcome.findings])
        add_lines(results, bundle.items, [f.item if f.item is not None and f.item < len(bundle.items)
                                          and bundle.items[f.item].context else None for f in outcome.findings])
    return outcome, [*_input_results(mode, bundle.problems, options), *results]


def _input_results(mode: str, problems: list[InputProblem], options: dict[str, Any]) -> list[dict[str, Any]]:
    """The `input` findings, with validate's `disable`, `severity` and `strict` applied to them as
    to every check's."""
    results = [problem.result() for problem in problems]
    if mode != "validate":
        return results
    from krmfn.modes.validate.options import ValidateOptions  # noqa: PLC0415
    settings = ValidateOptions.from_options(options)
    if check_ids.INPUT in settings.disabled:
        return []
    for result in results:
        result["severity"] = settings.severities.get(check_ids.INPUT, result["severity"])
        if settings.strict and result["severity"] == WARNING:
            result["severity"] = ERROR
    return results


def _report_order(result: dict[str, Any]) -> tuple:
    key = sort_key(result)
    return (*key[:2], (result.get("file") or {}).get("line") or 0, *key[2:])


def _cli_options(ns: argparse.Namespace) -> dict[str, Any]:
    """The config file's options (--config FILE, else a .krmfn.yaml found from the current
    directory unless --no-config), then the flags: a list flag adds, any other replaces."""
    path, discovered = ns.config, False
    if path is None and not ns.no_config:
        path, discovered = cfg.find_config_file(os.curdir), True
    options = cfg.options_from_file(path, ns.mode, discovered) if path else {}
    for option in options_for(ns.mode):
        raw = getattr(ns, option.name, None)
        if option.kind == PARAMETERS_KIND and getattr(ns, "params_file", None):  # before -p, which wins
            options[option.name] = cfg.combined(option, options.get(option.name, {}),
                                                {EVERY_TEMPLATE: _params_file(ns.params_file)})
        if raw is not None:
            value = _read_at_file(option, raw) if option.name == PATCH_OPTION else raw
            options[option.name] = cfg.combined(option, options.get(option.name), cfg.parse_flag(option, value))
    cfg.check_gates(options, cfg.flag_path)
    return options


PATCH_OPTION = "patch"  # --patch @FILE reads the JSON Patch from FILE


def _params_file(path: str) -> dict[str, str]:
    """``--params-file FILE``: its one document as virtctl's ``readParamFile`` reads it (a map of
    strings), or a ConfigError with virtctl's message."""
    from krmfn.kubevirt.virtctl.template.process import ProcessError, params_from_file  # noqa: PLC0415
    try:
        return params_from_file(cfg.read_document(path)[1])
    except cfg.ConfigError as err:
        raise cfg.ConfigError(f"--params-file: {err.located()}", "--params-file") from None
    except ProcessError as err:
        raise cfg.ConfigError(f"--params-file: {path}: {err}", "--params-file") from None


def _read_at_file(option: Option, raw: str) -> str:
    """``@FILE``: the file's text; any other value as given."""
    if not raw.startswith("@"):
        return raw
    try:
        with open(raw[1:], encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as err:
        reason = err.strerror if isinstance(err, OSError) else "not UTF-8 text"
        raise cfg.ConfigError(f"{option.flag}: cannot read {raw[1:]}: {reason}", option.flag) from None


def _report_settings(ns: argparse.Namespace, options: dict[str, Any], fmt: str, stdout: TextIO) -> ReportSettings:
    version = catalog_for(options.get("catalog"), kubevirt_version(options.get("kubevirtVersion")))
    return ReportSettings(fmt=fmt, quiet=ns.quiet, verbose=ns.verbose, color=use_color(ns.color, stdout, os.environ),
                          show_suppressed=ns.show_suppressed, catalog_check=CATALOG_CHECK,
                          catalog_version=version or CATALOG_OFF, rules=_rules(fmt, ns.mode), mode=ns.mode,
                          path_base=_path_base(ns))


def _stderr_settings(ns: argparse.Namespace, options: dict[str, Any]) -> ReportSettings:
    """How a mode other than validate's report writes its warnings and infos on stderr: the
    catalog's info lines folded into one unless --verbose."""
    version = catalog_for(options.get("catalog"), kubevirt_version(options.get("kubevirtVersion")))
    return ReportSettings(verbose=bool(getattr(ns, "verbose", False)), catalog_check=CATALOG_CHECK,
                          catalog_version=version or CATALOG_OFF, mode=ns.mode)


def _path_base(ns: argparse.Namespace) -> str:
    """The directory every report format's paths are relative to (``--path-base``, else the repository root)."""
    return path_base(getattr(ns, "path_base", None))


def _rules(fmt: str, mode: str) -> tuple[Rule, ...]:
    """The rules a SARIF log describes (every check, read from the check modules); the other
    formats name none, and do not load them."""
    if fmt != "sarif":
        return ()
    from krmfn.cli.rules import NORMALIZE_RULES, REPORT_RULES  # noqa: PLC0415
    return NORMALIZE_RULES if mode == "normalize" else REPORT_RULES


def _print_report(results: list[dict[str, Any]], items: list[Item], settings: ReportSettings, stdout: TextIO) -> int:
    results.sort(key=_report_order)
    write_report(results, items, settings, stdout)
    return 1 if has_error(results) else 0

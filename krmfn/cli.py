"""Command line: `krmfn` (KRM function on stdin/stdout) and `krmfn MODE [options] PATH...`.

This module and krmfn.kio are the only places that touch stdin, stdout, files or YAML.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from krmfn import __version__, catalog
from krmfn.model.findings import ERROR, Finding
from krmfn.kio import config as cfg
from krmfn.kio import resourcelist as rlio
from krmfn.kio.files import Bundle, load_items, read_bounded, read_bundles, read_sources
from krmfn.kio.items import resource_ref
from krmfn.kio.emit import dump
from krmfn.kio.report import add_lines, line_location, write_report
from krmfn.kio.results import has_error, one_line, sort_key, stderr_line, to_result
from krmfn.guard import run_guarded
from krmfn.model.gcpause import gc_paused
from krmfn.model.krm import without_orchestrator_annotations
from krmfn.model.options import MODES, Option, options_for
from krmfn.model.outcome import Outcome, passthrough
from krmfn.modes import run

DESCRIPTION = """\
krmfn resolves KubeVirt instance types and preferences offline.

With no MODE, krmfn is a KRM function: it reads a ResourceList on stdin and writes one on
stdout (kustomize build --enable-alpha-plugins, kpt fn eval/render). Its functionConfig picks
the mode: a ConfigMap with data.mode, or krmfn.dev/v1alpha1 Inline/Validate/Generate.

With a MODE, krmfn works on files: YAML files, directories (searched recursively for *.yaml
and *.yml) and - for stdin. A file it cannot read is one `input` finding; the rest is still read.
"""

MODE_HELP = {
    "inline": "expand every VirtualMachine's instancetype and preference (offline `virtctl expand`)",
    "validate": "report what KubeVirt would reject or warn about; changes nothing",
    "generate": "emit custom sizes of the common instance types",
}


def main(argv: Sequence[str] | None = None) -> int:
    with gc_paused():  # one short run that builds acyclic dicts and lists
        return _main_reporting(argv)


def _main_reporting(argv: Sequence[str] | None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader went away (`krmfn validate . | head`): stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # noqa: BLE001 - a bug outside the guarded paths: one line, never a traceback
        sys.stderr.write(f"krmfn: internal error: {type(err).__name__}: {err}\n")
        return 1


def _main(argv: Sequence[str] | None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        if sys.stdin.isatty():
            build_parser().print_help(sys.stderr)
            return 2
        return run_krm(read_bounded(sys.stdin.buffer), sys.stdout, sys.stderr)
    parser = build_parser()
    ns = parser.parse_args(args)
    if ns.mode == "catalog":
        return run_catalog(ns, sys.stdout, sys.stderr)
    if ns.mode is None:
        parser.print_help(sys.stderr)
        return 2
    return run_cli(ns, sys.stdout, sys.stderr)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="krmfn", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--version", action="version", version=f"krmfn {__version__}")
    sub = parser.add_subparsers(dest="mode", metavar="MODE")
    catalog_parser = sub.add_parser("catalog", help="list the embedded common-instancetypes catalog",
                                    description="List the embedded common-instancetypes catalog.")
    catalog_parser.add_argument("--output", "-o", choices=("table", "yaml"), default="table",
                                help="a readable table (default) or the objects as YAML")
    catalog_parser.add_argument("--catalog", default=None, help="catalog version (default: the newest)")
    catalog_parser.add_argument("--kind", choices=("instancetypes", "preferences", "all"), default="all",
                                help="what to list (default: all)")
    for mode in MODES:
        mode_parser = sub.add_parser(mode, help=MODE_HELP[mode], description=MODE_HELP[mode])
        mode_parser.add_argument("paths", nargs="*", metavar="PATH", help="files, directories, or - for stdin")
        mode_parser.add_argument("--config", metavar="FILE", help="read options from a functionConfig file")
        mode_parser.add_argument("--exclude", metavar="GLOB", action="append", default=[],
                                 help="leave out files and directories whose path (relative to the directory "
                                      "given) or name matches GLOB; repeatable")
        if mode == "validate":
            mode_parser.add_argument("--format", choices=("text", "json", "github"), default=None,
                                     help="report format (default: github when GITHUB_ACTIONS=true, else text)")
            mode_parser.add_argument("--kustomize", choices=("auto", "off"), default="auto",
                                     help="auto (default): validate what each directory with a kustomization "
                                          "renders (kubectl kustomize), as a bundle of its own; off: read its "
                                          "files one by one")
        for option in options_for(mode):
            _add_flag(mode_parser, option)
    return parser


def _add_flag(parser: argparse.ArgumentParser, option: Option) -> None:
    help_text = f"{option.help} (default: {option.default!r})"
    if option.kind == "sizes":
        return  # a list: functionConfig only; the CLI takes one size (--from --name --vcpus --memory)
    if option.kind == "bool":
        parser.add_argument(option.flag, dest=option.name, action=argparse.BooleanOptionalAction,
                            default=None, help=help_text)
    elif option.kind == "enum":
        parser.add_argument(option.flag, dest=option.name, choices=option.choices, default=None, help=help_text)
    else:
        parser.add_argument(option.flag, dest=option.name, default=None, help=help_text)


# --- catalog -------------------------------------------------------------------------------


def run_catalog(ns: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    version = ns.catalog or catalog.DEFAULT_VERSION
    if version not in catalog.CATALOG_VERSIONS:
        stderr.write(f"krmfn: unknown catalog version {version} (known: {', '.join(catalog.CATALOG_VERSIONS)})\n")
        return 1
    if ns.output == "yaml":
        objects = [*(catalog.instancetypes(version) if ns.kind != "preferences" else []),
                   *(catalog.preferences(version) if ns.kind != "instancetypes" else [])]
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


# --- KRM mode --------------------------------------------------------------------------------


def run_krm(data: bytes, stdout: TextIO, stderr: TextIO) -> int:
    """One ResourceList in, one out. On fatal input: nothing on stdout, one line on stderr, 1."""
    try:
        rl = rlio.read(data)
    except rlio.FatalInput as err:
        stderr.write(f"krmfn: {one_line(str(err))}\n")
        return 1
    except Exception as err:  # noqa: BLE001 - a reader bug: fatal, so nothing on stdout
        stderr.write(f"krmfn: internal error reading the input: {type(err).__name__}: {one_line(str(err))}\n")
        return 1
    values = [item.value for item in rl.items]
    try:
        config = cfg.parse_function_config(rl.function_config)
    except cfg.ConfigError as err:
        outcome = passthrough(values)
        outcome.findings.append(Finding(ERROR, f"functionConfig {err.message}", check="function-config",
                                        tags={"field": err.path or ""}))
    else:
        outcome = _run_guarded(config.mode, values, config.options)
    config_ref = resource_ref(rl.function_config) if isinstance(rl.function_config, dict) else None
    results = sorted((to_result(f, rl.items, config_ref) for f in outcome.findings), key=sort_key)
    try:
        chunks = rlio.write_chunks(rl, outcome, results)
    except Exception as err:  # noqa: BLE001 - a writer bug: no partial output (kpt would delete files)
        stderr.write(f"krmfn: internal error writing the output: {type(err).__name__}: {err}\n")
        return 1
    _write_bytes(stdout, chunks)
    return _report_errors(results, stderr)


def _write_bytes(stdout: TextIO, chunks: list[bytes | bytearray]) -> None:
    """UTF-8 straight to the binary stream when there is one (no decode and re-encode)."""
    binary = getattr(stdout, "buffer", None)
    if binary is None:
        stdout.write(b"".join(chunks).decode("utf-8"))
        return
    stdout.flush()
    binary.writelines(chunks)
    binary.flush()


def _run_guarded(mode: str, values: list[Any], options: dict[str, Any]) -> Outcome:
    """An engine crash is reported as an error result naming the item (krmfn.guard); every item
    still comes out."""
    return run_guarded(mode, values, options, runner=run)


def _report_errors(results: list[dict[str, Any]], stderr: TextIO) -> int:
    errors = [result for result in results if result.get("severity") == ERROR]
    for result in errors:
        stderr.write(f"krmfn: {stderr_line(result)}\n")
    return 1 if has_error(results) else 0


# --- file mode -------------------------------------------------------------------------------


def run_cli(ns: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    mode: str = ns.mode
    try:
        options = _cli_options(ns)
        # generate reads a bundle only when given one (its sources may all come from the catalog)
        default_paths = [] if mode == "generate" else ["-"]
        bundles = read_bundles(ns.paths or default_paths, ns.exclude,
                               kustomize=getattr(ns, "kustomize", "off") == "auto")
    except (rlio.FatalInput, cfg.ConfigError) as err:
        stderr.write(f"krmfn: {one_line(str(getattr(err, 'message', err)))}\n")
        return 1
    if mode == "validate":
        results = [result for bundle in bundles for result in _bundle_results(mode, bundle, options)[1]]
        return _print_report(results, sum(len(bundle.items) for bundle in bundles), ns.format, stdout)
    bundle = bundles[0]  # inline and generate read files one by one (kustomize off)
    outcome, results = _bundle_results(mode, bundle, options)
    results.sort(key=_report_order)
    if mode == "generate":  # only the new objects: `krmfn generate ... > u1.mysize.yaml`
        keep = [i for i, source in enumerate(outcome.sources) if source is None]
        outcome = Outcome([without_orchestrator_annotations(outcome.items[i]) for i in keep], [None] * len(keep),
                          set(), outcome.findings)
    stdout.write(rlio.write_stream(outcome, bundle.items))
    for result in results:
        if result.get("severity") != ERROR:
            stderr.write(f"krmfn: {stderr_line(result)}\n")
    return _report_errors(results, stderr)


def _bundle_results(mode: str, bundle: Bundle, options: dict[str, Any]) -> tuple[Outcome, list[dict[str, Any]]]:
    """Run the mode on one bundle: its outcome, and its input problems and findings as results
    (with lines where the items came from files)."""
    outcome = _run_guarded(mode, [item.value for item in bundle.items], options)
    results = [to_result(f, bundle.items, locate=line_location) for f in outcome.findings]
    if bundle.built_from is None:
        add_lines(results, bundle.items, [f.item for f in outcome.findings])
    return outcome, [*(problem.result() for problem in bundle.problems), *results]


def _report_order(result: dict[str, Any]) -> tuple:
    key = sort_key(result)
    return (*key[:2], (result.get("file") or {}).get("line") or 0, *key[2:])


def _cli_options(ns: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if ns.config:
        items = load_items(read_sources([ns.config]))
        if len(items) != 1:
            raise cfg.ConfigError(f"{ns.config}: expected exactly one functionConfig object")
        config = cfg.parse_function_config(items[0].value)
        if config.mode != ns.mode:
            raise cfg.ConfigError(f"{ns.config}: it configures mode {config.mode}, not {ns.mode}")
        options.update(config.options)
    for option in options_for(ns.mode):
        raw = getattr(ns, option.name, None)
        if raw is not None:
            options[option.name] = cfg.parse_value(option, raw, option.flag)
    return options


def _print_report(results: list[dict[str, Any]], objects: int, fmt: str | None, stdout: TextIO) -> int:
    results.sort(key=_report_order)
    if fmt is None:
        fmt = "github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text"
    write_report(results, objects, fmt, stdout)
    return 1 if has_error(results) else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""`krmfn adopt`: the command line of krmfn.modes.adopt.

    krmfn adopt PATH...                      the report: which VMs adopt which instance type and preference
    krmfn adopt --format json PATH...
    krmfn adopt --write PATH...              rewrite the files in place (only the adopted VMs change)
    krmfn adopt --generate --write PATH...   custom sizes for VMs no instance type fits, added to their files

The report goes to stdout (stderr with ``--write -``, whose stream then goes to stdout); exit 0
when every file was read, 1 when one could not be (an ``input`` finding), 2 on a usage or
configuration error.
"""
from __future__ import annotations

import argparse
import os
import sys

from krmfn.cli import reading
from krmfn.cli.guard import run_guarded
from krmfn.report import adopt as adoptreport
from krmfn.kio import clusterfile
from krmfn.kio import config as cfg
from krmfn.kio import resourcelist as rlio
from krmfn.kio.files import read_bundles
from krmfn.kio.inplace import file_texts, write_files
from krmfn.kio.output import write_stream
from krmfn.kio import origins
from krmfn.report.findings import add_lines, line_location
from krmfn.kio.results import one_line, stderr_line, to_result
from krmfn.model.findings import ERROR
from krmfn.model.options import options_for

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any, TextIO

MODE = "adopt"
GENERATE_OPTION = "generateSizes"  # `--generate` is short for its flag, `--generate-sizes`
EXIT_OK, EXIT_INPUT, EXIT_FATAL = 0, 1, 2


def add_flags(parser: argparse.ArgumentParser) -> None:
    """What `krmfn adopt` has beyond the option table's flags (``--generate``, ``--write``)."""
    parser.add_argument("--format", choices=adoptreport.FORMATS, default="table",
                        help="the report: table (default) or json")
    parser.add_argument("--generate", dest=GENERATE_OPTION, action=argparse.BooleanOptionalAction, default=None,
                        help="--generate-sizes: custom sizes for VMs no instance type fits")


def run(ns: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    if not ns.paths and sys.stdin.isatty():
        stderr.write("krmfn: no PATH given (and stdin is a terminal): krmfn adopt PATH..., or - for stdin\n")
        return EXIT_FATAL
    try:
        options = clusterfile.resolve(_options(ns))
        # --write edits the files themselves, so it reads them one by one
        build = reading.kustomize(ns) and not options.get("write")
        bundles = read_bundles(ns.paths or ["-"], ns.exclude, kustomize=build,
                               build_options=reading.build_options(options))
    except cfg.ConfigError as err:
        stderr.write(f"krmfn: {one_line(err.located())}\n")
        return EXIT_FATAL
    except rlio.FatalInput as err:
        stderr.write(f"krmfn: {one_line(str(err))}\n")
        return EXIT_FATAL
    if not any(bundle.items or bundle.problems for bundle in bundles):
        stderr.write(f"krmfn: nothing to check: no Kubernetes objects in {', '.join(ns.paths or ['stdin'])}\n")
        return EXIT_FATAL
    bundle = bundles[0]
    outcome, results = _adopt(bundle, options)
    for built in bundles[1:]:  # what each kustomization renders: reported, never written
        results.extend(_adopt(built, options)[1])
    problems = [problem.result() for built in bundles for problem in built.problems]
    for result in [*problems, *(r for r in results if "status" not in (r.get("tags") or {}))]:
        stderr.write(f"krmfn: {stderr_line(result)}\n")
    report = stdout
    if options.get("write"):
        report = _write(outcome, bundle.items, stdout, stderr)
    report.write(adoptreport.render(results, ns.format))
    return EXIT_INPUT if any(r.get("severity") == ERROR for r in [*problems, *results]) else EXIT_OK


def _adopt(bundle: Any, options: dict[str, Any]) -> tuple[Any, list[dict[str, Any]]]:
    """adopt on one bundle: its outcome, and its findings as results with their files and lines."""
    outcome = run_guarded(MODE, [item.value for item in bundle.items], options)
    results = [to_result(f, bundle.items, locate=line_location) for f in outcome.findings]
    (add_lines if bundle.built_from is None else origins.add_lines)(
        results, bundle.items, [f.item for f in outcome.findings])
    return outcome, results


def _write(outcome: Any, items: list[Any], stdout: TextIO, stderr: TextIO) -> TextIO:
    """Files in place; the stream on stdout when the input was stdin. Returns where the report goes."""
    if any(item.file == "-" for item in items):
        stdout.write(write_stream(outcome, items))
        return stderr
    appended = _appended_files(outcome, items)
    write_files(file_texts(outcome, items, appended))
    return stdout


def _appended_files(outcome: Any, items: list[Any]) -> dict[int, str]:
    """Each new object (a generated size) goes to the file of the first VM that references it."""
    files: dict[int, str] = {}
    for position, source in enumerate(outcome.sources):
        if source is not None:
            continue
        new = outcome.items[position]
        name = (new.get("metadata") or {}).get("name")
        for changed in sorted(outcome.changed):
            spec = (outcome.items[changed].get("spec") or {}) if isinstance(outcome.items[changed], dict) else {}
            if (spec.get("instancetype") or {}).get("name") == name:
                item = items[outcome.sources[changed]]
                if item.file:
                    files[position] = item.file
                break
    return files


def _options(ns: argparse.Namespace) -> dict[str, Any]:
    """The config file's options (as for every mode: --config FILE, else .krmfn.yaml unless
    --no-config), then the flags."""
    path, discovered = ns.config, False
    if path is None and not ns.no_config:
        path, discovered = cfg.find_config_file(os.curdir), True
    options = cfg.options_from_file(path, MODE, discovered) if path else {}
    for option in options_for(MODE):
        raw = getattr(ns, option.name, None)
        if raw is not None:
            options[option.name] = cfg.combined(option, options.get(option.name), cfg.parse_flag(option, raw))
    cfg.check_gates(options, cfg.flag_path)
    return options

"""`krmfn fit`: the command line of krmfn.modes.fit.

    krmfn fit                                   the embedded catalog: every instance type x every preference
    krmfn fit --preference windows.11           the sizes that fit windows.11, smallest first
    krmfn fit --format markdown PATH...         the bundle's instance types and preferences, and the catalog's
    krmfn fit --catalog none --format json PATH...
"""
from __future__ import annotations

import argparse
from collections.abc import Callable

from krmfn.cli import reading
from krmfn.kio import config as cfg
from krmfn.kio import files
from krmfn.kio.resourcelist import FatalInput
from krmfn.kio.results import one_line
from krmfn.model.embedded import list_members
from krmfn.model.kubevirt_version import catalog_for, kubevirt_version
from krmfn.model.modes import BY_NAME
from krmfn.model.options import Option, complete, options_for

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")

if TYPE_CHECKING:
    from typing import Any, TextIO
    from krmfn.modes.fit.table import Definition

EXIT_OK, EXIT_NONE_FITS, EXIT_ERROR = 0, 1, 2
HELP = BY_NAME["fit"].summary
FORMATS = ("text", "markdown", "json")  # krmfn.report.fit's (a test checks that they agree)
# The inline options fit reads: where the catalog and the bundle's objects come from, and the cluster's architecture.
OPTION_NAMES = ("namespace", "architecture", "kubevirtVersion", "catalog", "legacyApiVersions")


def add_parser(sub: Any, add_flag: Callable[[argparse.ArgumentParser, Option], None]) -> None:
    parser = sub.add_parser("fit", help=HELP, description=HELP + ".", epilog=__doc__,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="files or directories whose instance types and preferences join the catalog's "
                             "(- for stdin); none: the catalog alone")
    parser.add_argument("--preference", metavar="[KIND/|NAMESPACE/]NAME",
                        help="only this preference: every instance type, those that fit first, smallest first "
                             "(exit 1 when none fits)")
    parser.add_argument("--format", choices=FORMATS, default="text", help="text (default), markdown or json")
    parser.add_argument("--exclude", metavar="GLOB", action="append", default=[],
                        help="leave out files and directories matching GLOB; repeatable")
    reading.add_kustomize_flag(parser)
    for option in options_for("inline"):
        if option.name in OPTION_NAMES:
            add_flag(parser, option)


def run(ns: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    # fit's table and report load only when fit runs: no other mode's start-up pays for them
    # (LAZY_IMPORTS in tests/unit/architecture/test_import_graph.py).
    from krmfn.modes.fit.table import FITS, definitions, find_preference, fit_table  # noqa: PLC0415
    from krmfn.report import fit as fitreport  # noqa: PLC0415
    try:
        options = complete("inline", {option.name: cfg.parse_flag(option, getattr(ns, option.name))
                                      for option in options_for("inline")
                                      if option.name in OPTION_NAMES and getattr(ns, option.name, None) is not None})
        values = list_members(files.read_objects(ns.paths, ns.exclude, kustomize=ns.kustomize == "auto"))
    except (files.UnreadableInput, FatalInput, cfg.ConfigError) as err:
        return _error(str(err), stderr)
    version = catalog_for(options["catalog"], kubevirt_version(options["kubevirtVersion"]))
    table = fit_table(definitions(values, version, options["legacyApiVersions"], options["namespace"]),
                      _source(ns.paths, version), options["architecture"])
    if not table.instancetypes or not table.preferences:
        missing_kind = "instance types" if not table.instancetypes else "preferences"
        return _error(f"nothing to fit: no {missing_kind} in {table.source}", stderr)
    preference: Definition | None = None
    if ns.preference is not None:
        found = find_preference(table, ns.preference)
        if isinstance(found, str):
            return _error(found, stderr)
        preference = found
    stdout.write(fitreport.render(table, ns.format, preference))
    fits = preference is None or any(verdict.status == FITS for verdict in table.of(preference))
    return EXIT_OK if fits else EXIT_NONE_FITS


def _source(paths: list[str], version: str | None) -> str:
    """Where the table's definitions come from, as its headline says."""
    parts = [", ".join("stdin" if path == "-" else path for path in paths)] if paths else []
    if version is not None:
        parts.append(f"common-instancetypes {version}")
    return " and ".join(parts) or "nothing (no PATH, catalog none)"


def _error(message: str, stderr: TextIO) -> int:
    stderr.write(f"krmfn fit: {one_line(message)}\n")
    return EXIT_ERROR

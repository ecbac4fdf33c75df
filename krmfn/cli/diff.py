"""`krmfn diff`: the command line of krmfn.modes.diff.

    krmfn diff BASE HEAD                      two trees (files, directories, - for stdin)
    krmfn diff --git REV PATH...              PATH at git revision REV against the working tree
    krmfn diff --catalog v1.6.0..v1.7.0 PATH  one tree under two settings (also --set, --base-set)

Exit code: 0 nothing changed, 1 something changed (0 with --exit-zero), 2 an error.
"""
from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Callable

from krmfn.modes.diff.compare import run_diff
from krmfn.cli.guard import run_guarded
from krmfn.cli import reading
from krmfn.kio import clusterfile
from krmfn.kio import config as cfg
from krmfn.report import diff as diffreport
from krmfn.kio import git
from krmfn.kio import files
from krmfn.kio.resourcelist import FatalInput
from krmfn.kio.results import one_line
from krmfn.model.modes import BY_NAME
from krmfn.model.options import Option, options_for

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any, TextIO

EXIT_SAME, EXIT_CHANGED, EXIT_ERROR = 0, 1, 2
HELP = BY_NAME["diff"].summary


class DiffError(Exception):
    """An input or a revision the diff cannot read."""


def add_parser(sub: Any, add_flag: Callable[[argparse.ArgumentParser, Option], None]) -> None:
    parser = sub.add_parser("diff", help=HELP, description=HELP + ".", epilog=__doc__,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="BASE and HEAD; or, with --git or a setting that differs, the paths to compare")
    parser.add_argument("--git", metavar="REV", help="compare PATH... at git revision REV (read with git archive, "
                                                     "nothing checked out) with the working tree")
    parser.add_argument("--set", dest="head_set", metavar="OPTION=VALUE", action="append", default=[],
                        help="an inline option for the HEAD side only (repeatable)")
    parser.add_argument("--base-set", dest="base_set", metavar="OPTION=VALUE", action="append", default=[],
                        help="an inline option for the BASE side only (repeatable)")
    parser.add_argument("--format", choices=diffreport.FORMATS, default="text",
                        help="text (default), markdown (a pull-request comment) or json")
    parser.add_argument("--exit-zero", action="store_true", help="exit 0 when something changed (report only)")
    parser.add_argument("--exclude", metavar="GLOB", action="append", default=[],
                        help="leave out files and directories matching GLOB; repeatable")
    reading.add_kustomize_flag(parser)
    for option in options_for("inline"):
        if option.name == "catalog":
            parser.add_argument("--catalog", dest="catalog", default=None, metavar="VERSION[..VERSION]",
                                help="the catalog for both sides, or BASE..HEAD (e.g. v1.6.0..v1.7.0)")
        elif option.name not in ("dropReferenced", "provenance"):  # the report names each field's source
            add_flag(parser, option)


def run(ns: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    try:
        base_options, head_options = (clusterfile.resolve(options) for options in _options(ns))
        base, head = _sides(ns, base_options != head_options)
    except (DiffError, cfg.ConfigError) as err:
        stderr.write(f"krmfn diff: {one_line(str(err))}\n")
        return EXIT_ERROR
    report = run_diff(base, head, base_options, head_options, run_guarded)
    stdout.write(diffreport.render(report, ns.format))
    return EXIT_CHANGED if report.changed and not ns.exit_zero else EXIT_SAME



def _options(ns: argparse.Namespace) -> tuple[dict[str, Any], dict[str, Any]]:
    """(BASE options, HEAD options): the shared flags, then --catalog A..B, --base-set, --set."""
    shared: dict[str, Any] = {}
    table = {option.name: option for option in options_for("inline")}
    for name, option in table.items():
        raw = getattr(ns, name, None)
        if raw is not None and name != "catalog":
            shared[name] = cfg.parse_flag(option, raw)
    base, head = dict(shared), dict(shared)
    if ns.catalog:
        before, dots, after = ns.catalog.partition("..")
        for side, value in ((base, before), (head, after if dots else before)):
            side["catalog"] = cfg.parse_value(table["catalog"], value, "--catalog")
    for side, pairs, flag in ((base, ns.base_set, "--base-set"), (head, ns.head_set, "--set")):
        for pair in pairs:
            name, equals, value = pair.partition("=")
            found = table.get(name.strip())
            if not equals or found is None:
                raise DiffError(f"{flag} {pair}: expected OPTION=VALUE with an inline option "
                                f"(one of {', '.join(sorted(table))})")
            side[found.name] = cfg.parse_value(found, value, f"{flag} {found.name}")
    for side, flag in ((base, "--base-set"), (head, "--set")):
        cfg.check_gates(side, _gate_path(flag, shared))
    return base, head


def _gate_path(flag: str, shared: dict[str, Any]) -> Callable[[str], str]:
    """How an error names a gate option: its own flag when both sides share it, else ``--set NAME``."""
    def path(name: str) -> str:
        return cfg.flag_path(name) if name in shared else f"{flag} {name}"
    return path


def _sides(ns: argparse.Namespace, settings_differ: bool) -> tuple[list[Any], list[Any]]:
    if ns.git:
        if not ns.paths:
            raise DiffError("--git REV needs the PATHs to compare")
        with tempfile.TemporaryDirectory(prefix="krmfn-diff-") as scratch:
            try:
                old_paths = git.paths_at_revision(ns.git, ns.paths, scratch)
            except git.GitError as err:
                raise DiffError(str(err)) from None
            # a PATH may be absent on one side (a tree the change adds or removes), not on both
            missing = [path for path, old in zip(ns.paths, old_paths, strict=True)
                       if not os.path.lexists(path) and not os.path.lexists(old)]
            if missing:
                try:
                    files.require_paths(missing)
                except FatalInput as err:
                    raise DiffError(f"{err} (nor at {ns.git})") from None
            return (read_objects(ns, old_paths, absent_is_empty=True, notes=False),
                    read_objects(ns, ns.paths, absent_is_empty=True))
    if settings_differ:
        if not ns.paths:
            raise DiffError("give the PATHs to compare under the two settings")
        values = read_objects(ns, ns.paths)
        return values, values
    if len(ns.paths) != 2:
        raise DiffError("expected BASE and HEAD (or --git REV PATH..., or a setting that differs: "
                        "--catalog A..B, --set OPTION=VALUE)")
    return read_objects(ns, [ns.paths[0]], notes=False), read_objects(ns, [ns.paths[1]])


def read_objects(ns: argparse.Namespace, paths: list[str], absent_is_empty: bool = False,
                 notes: bool = True) -> list[Any]:
    """The objects of the paths (``krmfn.kio.files.read_objects``), as a diff error when unreadable
    or, unless ``absent_is_empty`` (a side of ``--git``), missing; the reader's notes (an unused
    ``--exclude``) for the HEAD side only."""
    try:
        return files.read_objects(paths, ns.exclude, kustomize=reading.kustomize(ns),
                                  build_options=reading.build_options(vars(ns)), absent_is_empty=absent_is_empty,
                                  notes=notes)
    except (files.UnreadableInput, FatalInput) as err:
        raise DiffError(str(err)) from None

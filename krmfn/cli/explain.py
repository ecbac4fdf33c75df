"""`krmfn explain`: the command line of krmfn.modes.explain.

    krmfn explain PATH...                    every VM and VirtualMachinePool, as YAML with a comment per field
    krmfn explain --format table PATH...     FIELD, VALUE, SOURCE
    krmfn explain --format json --vm web PATH...
"""
from __future__ import annotations

import argparse
from collections.abc import Callable

from krmfn.kio import files
from krmfn.modes.explain.provenance import explain
from krmfn.cli.guard import run_guarded
from krmfn.cli import reading
from krmfn.kio import clusterfile
from krmfn.kio import config as cfg
from krmfn.report import explain as explainreport
from krmfn.kio.resourcelist import FatalInput
from krmfn.kio.results import one_line, stderr_line
from krmfn.model.modes import BY_NAME
from krmfn.model.embedded import list_members
from krmfn.model.krm import metadata_of
from krmfn.model.findings import ERROR
from krmfn.model.options import Option, options_for

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any, TextIO

EXIT_OK, EXIT_NOTHING, EXIT_ERROR = 0, 1, 2
EXIT_INPUT = 1  # a file could not be read: the problem is on stderr, the rest is explained
HELP = BY_NAME["explain"].summary


def add_parser(sub: Any, add_flag: Callable[[argparse.ArgumentParser, Option], None]) -> None:
    parser = sub.add_parser("explain", help=HELP, description=HELP + ".", epilog=__doc__,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+", metavar="PATH", help="files, directories, or - for stdin")
    parser.add_argument("--format", choices=explainreport.FORMATS, default="yaml",
                        help="yaml (default: the expanded VM, a comment per field), table or json")
    parser.add_argument("--vm", metavar="NAME", action="append", default=[],
                        help="only the VM (or VirtualMachinePool) of this name ([NAMESPACE/]NAME); repeatable")
    parser.add_argument("--exclude", metavar="GLOB", action="append", default=[],
                        help="leave out files and directories matching GLOB; repeatable")
    reading.add_kustomize_flag(parser)
    for option in options_for("inline"):
        if option.name not in ("dropReferenced", "admission"):
            add_flag(parser, option)


def run(ns: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    try:
        given = {option.name: cfg.parse_flag(option, getattr(ns, option.name))
                 for option in options_for("inline") if getattr(ns, option.name, None) is not None}
        cfg.check_gates(given, cfg.flag_path)
        options = clusterfile.resolve(given)
        bundles = files.read_bundles(ns.paths, ns.exclude, kustomize=reading.kustomize(ns),
                                     build_options=reading.build_options(vars(ns)))
    except cfg.ConfigError as err:
        stderr.write(f"krmfn explain: {one_line(err.located())}\n")
        return EXIT_ERROR
    except FatalInput as err:
        stderr.write(f"krmfn explain: {one_line(str(err))}\n")
        return EXIT_ERROR
    problems = [problem.result() for bundle in bundles for problem in bundle.problems]
    for problem in problems:  # a file it cannot read is a finding; everything else is still explained
        stderr.write(f"krmfn explain: {stderr_line(problem)}\n")
    unreadable = any(problem["severity"] == ERROR for problem in problems)
    # a List's VMs are explained one by one
    values = list_members([item.value for bundle in bundles for item in bundle.items])
    explanations = [found for found in explain(values, options, run_guarded) if _wanted(found.vm, ns.vm)]
    if not explanations:
        stderr.write("krmfn explain: no VirtualMachine or VirtualMachinePool"
                     + (f" named {', '.join(ns.vm)}" if ns.vm else "") + "\n")
        return EXIT_NOTHING
    stdout.write(explainreport.render(explanations, ns.format))
    return EXIT_INPUT if unreadable else EXIT_OK



def _wanted(vm: Any, names: list[str]) -> bool:
    if not names:
        return True
    metadata = metadata_of(vm)
    name, namespace = metadata.get("name"), metadata.get("namespace")
    return any(wanted in (name, f"{namespace}/{name}") for wanted in names)

"""`krmfn explain`: the command line of krmfn.modes.explain.

    krmfn explain PATH...                    every VM and VirtualMachinePool, as YAML with a comment per field
    krmfn explain --format table PATH...     FIELD, VALUE, SOURCE
    krmfn explain --format json --vm web PATH...
"""
from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, TextIO

from krmfn.kio import files
from krmfn.modes.explain.provenance import explain
from krmfn.cli.guard import run_guarded
from krmfn.kio import clusterfile
from krmfn.kio import config as cfg
from krmfn.report import explain as explainreport
from krmfn.kio.results import one_line
from krmfn.model.modes import BY_NAME
from krmfn.model.embedded import list_members
from krmfn.model.krm import metadata_of
from krmfn.model.options import Option, options_for

EXIT_OK, EXIT_NOTHING, EXIT_ERROR = 0, 1, 2
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
    parser.add_argument("--kustomize", choices=("auto", "off"), default="off",
                        help="auto: what each kustomization directory renders; off (default): its files")
    for option in options_for("inline"):
        if option.name not in ("dropReferenced", "admission"):
            add_flag(parser, option)


def run(ns: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    try:
        options = clusterfile.resolve({
            option.name: cfg.parse_flag(option, getattr(ns, option.name))
            for option in options_for("inline") if getattr(ns, option.name, None) is not None})
        # a List's VMs are explained one by one
        values = list_members(files.read_objects(ns.paths, ns.exclude, kustomize=ns.kustomize == "auto"))
    except (files.UnreadableInput, cfg.ConfigError) as err:
        stderr.write(f"krmfn explain: {one_line(str(err))}\n")
        return EXIT_ERROR
    explanations = [found for found in explain(values, options, run_guarded) if _wanted(found.vm, ns.vm)]
    if not explanations:
        stderr.write("krmfn explain: no VirtualMachine or VirtualMachinePool"
                     + (f" named {', '.join(ns.vm)}" if ns.vm else "") + "\n")
        return EXIT_NOTHING
    stdout.write(explainreport.render(explanations, ns.format))
    return EXIT_OK



def _wanted(vm: Any, names: list[str]) -> bool:
    if not names:
        return True
    metadata = metadata_of(vm)
    name, namespace = metadata.get("name"), metadata.get("namespace")
    return any(wanted in (name, f"{namespace}/{name}") for wanted in names)

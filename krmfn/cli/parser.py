"""The command line's parser: every subcommand, each mode's options from the option table
(``krmfn.model.options``) and the mode registry (``krmfn.model.modes``).

A run builds the options of the subcommand it runs only, and imports that subcommand's module only
(``build_parser(only=...)``): ``krmfn --help`` and ``krmfn validate`` do not load diff, explain,
fit or adopt.
"""
from __future__ import annotations

import argparse
import os
import sys

from krmfn import __version__, catalog
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT, VERSIONS
from krmfn.model.modes import BY_NAME, KIND_TO_MODE
from krmfn.model.options import MODES, PARAMETERS_KIND, Option, options_for

TYPE_CHECKING = False  # typing stays unloaded for `krmfn --help` (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

DESCRIPTION = f"""\
krmfn resolves KubeVirt instance types and preferences offline.

With no MODE, krmfn is a KRM function: it reads a ResourceList on stdin and writes one on
stdout (kustomize build --enable-alpha-plugins, kpt fn eval/render). Its functionConfig picks
the mode: a ConfigMap with data.mode, or krmfn.dev/v1alpha1 {"/".join(KIND_TO_MODE)}.

With a MODE, krmfn works on files: YAML files, directories (searched recursively for *.yaml
and *.yml) and - for stdin. A file it cannot read is one `input` finding; the rest is still read.
"""


class Parser(argparse.ArgumentParser):
    """krmfn's parsers: no abbreviated options (``--form`` is not ``--format``: adding an option
    must not change what an existing command line means), and an unknown option is reported with
    the usage of the subcommand it was given to (``parse``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self.subcommands: dict[str, argparse.ArgumentParser] = {}

    def _get_formatter(self) -> argparse.HelpFormatter:
        """argparse's formatter, given the terminal's width as ``shutil.get_terminal_size`` reads
        it (``COLUMNS``, then the terminal, else 80) without importing shutil: argparse makes one
        for every option it adds, so a run that prints no help would load shutil and the
        compression modules it imports (2.5 ms of a one-VM run)."""
        return self.formatter_class(prog=self.prog, width=_columns() - 2)  # type: ignore[call-arg]

    def parse(self, args: list[str]) -> argparse.Namespace:
        """``parse_args``, but arguments no parser knows are the subcommand's usage error."""
        ns, extra = self.parse_known_args(args)
        if extra:
            mode = getattr(ns, "mode", None)
            given_to_mode = mode in args and extra[0] in args and args.index(mode) < args.index(extra[0])
            owner = self.subcommands.get(mode, self) if mode and given_to_mode else self
            owner.error(f"unrecognized arguments: {' '.join(extra)}")
        return ns


def _columns() -> int:
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 0
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def build_parser(only: str | None = None) -> Parser:
    """The command line. ``only``: the first argument. When it names a subcommand, the parser
    holds that subcommand alone, whole (a run needs nothing else, and no other subcommand's
    module is imported); otherwise (``--help``, a typo) every subcommand with its summary only.
    None builds every subcommand whole (the docs and tests read them)."""
    parser = Parser(prog="krmfn", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"krmfn {__version__}")
    sub = parser.add_subparsers(dest="mode", metavar="MODE", parser_class=Parser)
    names = SUBCOMMANDS if only is None or only not in SUBCOMMANDS else (only,)
    for name in names:
        if only is None or only == name:
            _add_subcommand(sub, name)
        else:
            sub.add_parser(name, help=_summary(name))
    parser.subcommands = dict(sub.choices)
    return parser


def _summary(name: str) -> str:
    return LISTINGS[name] if name in LISTINGS else BY_NAME[name].summary


def _add_subcommand(sub: Any, name: str) -> None:
    """A subcommand with all its options."""
    if name == "catalog":
        _add_catalog(sub)
    elif name == "checks":
        checks_parser = sub.add_parser("checks", help=_summary("checks"),
                                       description="List validate's checks (ID, severity, summary), or with an ID "
                                                   "explain one: what it mirrors in KubeVirt, a passing and a "
                                                   "failing example, how to fix it.")
        checks_parser.add_argument("check", nargs="?", metavar="ID", help="the check to explain")
    elif name in COMMANDS:
        command_module(name).add_parser(sub, _add_flag)
    else:
        _add_mode(sub, name)


class _Deprecated(argparse.Action):
    """An old spelling of an option: it still works, with a note on stderr naming the new one."""

    def __init__(self, *args: Any, replacement: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.replacement = replacement

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        sys.stderr.write(f"{parser.prog}: note: {option_string} is deprecated; use {self.replacement}\n")
        setattr(namespace, self.dest, values)


def _add_catalog(sub: Any) -> None:
    catalog_parser = sub.add_parser("catalog", help=_summary("catalog"),
                                    description="List the embedded common-instancetypes catalog.")
    catalog_parser.add_argument("--format", choices=CATALOG_FORMATS, default="table",
                                help="a readable table (default) or the objects as YAML")
    # `--output`/`-o`, the flag's old name: every other subcommand names its report format --format
    catalog_parser.add_argument("--output", "-o", dest="format", choices=CATALOG_FORMATS, action=_Deprecated,
                                replacement="--format", help=argparse.SUPPRESS)
    catalog_parser.add_argument("--catalog", default=None,
                                help=f"catalog version ({', '.join(catalog.CATALOG_VERSIONS)}; default: the one "
                                     "--kubevirt-version deploys)")
    catalog_parser.add_argument("--kubevirt-version", default=None, choices=tuple(VERSIONS),
                                help="list the catalog this KubeVirt release deploys "
                                     f"(default: {DEFAULT_KUBEVIRT.name})")
    catalog_parser.add_argument("--kind", choices=("instancetypes", "preferences", "all"), default="all",
                                help="what to list (default: all)")


def _add_mode(sub: Any, mode: str) -> None:
    summary = BY_NAME[mode].summary
    mode_parser = sub.add_parser(mode, help=summary, description=summary)
    mode_parser.add_argument("paths", nargs="*", metavar="PATH", help="files, directories, or - for stdin")
    mode_parser.add_argument("--config", metavar="FILE",
                             help="read options from FILE (a functionConfig, or a mapping of options as in "
                                  ".krmfn.yaml) instead of the .krmfn.yaml found from the current directory")
    mode_parser.add_argument("--no-config", action="store_true",
                             help="do not look for .krmfn.yaml (or .krmfn.yml) up to the repository root")
    mode_parser.add_argument("--exclude", metavar="GLOB", action="append", default=[],
                             help="leave out files and directories whose path (relative to the directory "
                                  "given) or name matches GLOB; repeatable")
    from krmfn.cli import reading  # noqa: PLC0415 - the chosen mode's options only (kio.config)
    reading.add_kustomize_flag(mode_parser)
    if mode == "adopt":
        command_module(mode).add_flags(mode_parser)
    if mode == "validate":
        _add_report_flags(mode_parser)
    if mode in ("inline", "generate"):  # their stderr folds the catalog's info lines as validate's report does
        mode_parser.add_argument("--verbose", "-v", action="store_true",
                                 help="list each catalog info line on stderr instead of one summary line")
    if mode == "normalize":
        _add_report_flags(mode_parser)  # for --check
        mode_parser.add_argument("--argocd-ignore", action="store_true",
                                 help="print, instead of the VMs, the Argo CD ignoreDifferences entries for "
                                      "what only the live cluster can know (the random firmware uuid and "
                                      "serial KubeVirt adds to VMs that have none)")
    for option in options_for(mode):
        _add_flag(mode_parser, option)


CATALOG_FORMATS = ("table", "yaml")
COMMANDS = ("diff", "explain", "fit")  # CLI-only commands with a module of their own here
LISTINGS = {"catalog": "list the embedded common-instancetypes catalog",
            "checks": "list validate's checks, or explain one"}
SUBCOMMANDS = (*LISTINGS, *COMMANDS, *MODES)  # in the order --help lists them


def command_module(command: str) -> Any:
    """The module of a command with one of its own here (diff, explain, fit: their parser and run;
    adopt: its flags and run), imported when the command is used."""
    if command == "diff":
        from krmfn.cli import diff  # noqa: PLC0415
        return diff
    if command == "explain":
        from krmfn.cli import explain  # noqa: PLC0415
        return explain
    if command == "adopt":
        from krmfn.cli import adopt  # noqa: PLC0415
        return adopt
    from krmfn.cli import fit  # noqa: PLC0415
    return fit


def _add_report_flags(parser: argparse.ArgumentParser) -> None:
    from krmfn.report.findings import COLOR_CHOICES, FORMATS  # noqa: PLC0415 - validate's and normalize's only
    parser.add_argument("--format", choices=FORMATS, default=None,
                        help="report format: text, json, github (workflow annotations), sarif (SARIF 2.1.0, "
                             "GitHub code scanning) or junit (JUnit XML) (default: github when "
                             "GITHUB_ACTIONS=true, else text)")
    amount = parser.add_mutually_exclusive_group()
    amount.add_argument("--quiet", "-q", action="store_true",
                        help="text and github: errors only, no summary line")
    amount.add_argument("--verbose", "-v", action="store_true",
                        help="text and github: list each catalog info line instead of one summary line")
    parser.add_argument("--color", choices=COLOR_CHOICES, default="auto",
                        help="colour the text report (default: auto, on a terminal unless NO_COLOR is set)")
    parser.add_argument("--show-suppressed", action="store_true",
                        help="text and github: also list results suppressed by a krmfn.dev/ignore annotation")
    parser.add_argument("--path-base", metavar="DIR", default=None,
                        help="every format: write file paths relative to DIR (default: the repository root, the "
                             "nearest directory above with .git, where GitHub and code scanning resolve them; "
                             "else the working directory); --path-base . for paths relative to the working "
                             "directory")


def _add_flag(parser: argparse.ArgumentParser, option: Option) -> None:
    help_text = f"{option.help} (default: {option.default!r})"
    if option.kind == "sizes":
        return  # a list: functionConfig only; the CLI takes one size (--from --name --vcpus --memory --patch --set)
    if option.kind == PARAMETERS_KIND:  # virtctl template process's -p/--param, and its --params-file
        parser.add_argument("-p", option.flag, dest=option.name, action="append", default=None,
                            metavar="[TEMPLATE:]NAME=VALUE",
                            help=f"{option.help} (repeatable; adds to a config file's values)")
        parser.add_argument("--params-file", metavar="FILE", default=None,
                            help="parameter values from FILE, a YAML or JSON map of strings as virtctl reads it, for "
                                 "every template that declares each name (-p wins)")
        return
    if option.kind == "lines":
        parser.add_argument(option.flag, dest=option.name, action="append", default=None,
                            help=f"{option.help} (adds to a config file's list)")
    elif option.is_list:
        parser.add_argument(option.flag, dest=option.name, action="append", default=None,
                            help=f"{option.help} (repeatable, comma-separated; adds to a config file's list)")
    elif option.kind == "bool":
        parser.add_argument(option.flag, dest=option.name, action=argparse.BooleanOptionalAction,
                            default=None, help=help_text)
    elif option.kind == "enum":  # the value is checked where options are read, with a "did you mean"
        parser.add_argument(option.flag, dest=option.name, metavar="{" + ",".join(option.choices) + "}", default=None,
                            help=help_text)
    else:
        parser.add_argument(option.flag, dest=option.name, default=None, help=help_text)

"""Command line: `krmfn` (KRM function on stdin/stdout) and `krmfn MODE [options] PATH...`.

The entry point: with a subcommand it builds that subcommand's parser (``krmfn.cli.parser``; the
KRM function has no arguments and loads none) and imports what runs it when it runs: the KRM
function (``krmfn.cli.krm``), a mode on files and the listings (``krmfn.cli.commands``), diff,
explain, fit and adopt (their modules here). The CLI and krmfn.kio are the only places that touch
stdin, stdout, files or YAML.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from krmfn.model.gcpause import gc_paused


def main(argv: Sequence[str] | None = None) -> int:
    with gc_paused():  # one short run that builds acyclic dicts and lists
        return _main_reporting(argv)


def entry() -> None:
    """The ``krmfn`` command and ``python -m krmfn``: ``main`` with krmfn's modules read from its
    module cache (``krmfn.cli.modulecache``), then the exit without the interpreter's teardown.
    Freeing every module and object one by one is about a tenth of a one-VM run (bench/README.md,
    "Start-up"), and nothing is left to free: output is flushed here, files are closed where they
    are written, and the ``atexit`` handlers (the kustomize shim's folder) run first."""
    import atexit  # noqa: PLC0415 - the command's path only

    from krmfn.cli import modulecache  # noqa: PLC0415

    finder = modulecache.install()
    code = main()
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away after the run: quiet, as main's own writes
        code = code or 1
    sys.stderr.flush()
    modulecache.save_if_missed(finder)
    atexit._run_exitfuncs()
    os._exit(code)


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
    if not args and not sys.stdin.isatty():
        from krmfn.cli.krm import run_krm  # noqa: PLC0415 - the KRM function's path only
        from krmfn.kio.resourcelist import read_bounded  # noqa: PLC0415
        return run_krm(read_bounded(sys.stdin.buffer), sys.stdout, sys.stderr)
    _import_argparse_untranslated()
    from krmfn.cli.parser import COMMANDS, build_parser, command_module  # noqa: PLC0415 - not the function's
    parser = build_parser(only=args[0] if args else "")
    if not args:
        parser.print_help(sys.stderr)
        return 2
    ns = parser.parse(args)
    if ns.mode is None:
        parser.print_help(sys.stderr)
        return 2
    if ns.mode in (*COMMANDS, "adopt"):
        return int(command_module(ns.mode).run(ns, sys.stdout, sys.stderr))
    from krmfn.cli import commands  # noqa: PLC0415 - what runs the subcommand, when it runs
    if ns.mode == "catalog":
        return commands.run_catalog(ns, sys.stdout, sys.stderr)
    if ns.mode == "checks":
        return commands.run_checks(ns, sys.stdout, sys.stderr)
    return commands.run_cli(ns, sys.stdout, sys.stderr)


def _import_argparse_untranslated() -> None:
    """Import argparse with its own few words (``usage:``, ``error:``, ``options:``) in English, as
    every krmfn message is. argparse looks each one up with ``gettext``, whose import loads
    ``locale`` and compiles two patterns, and each lookup searches the disk for a catalog of the
    ``messages`` domain, which Python does not ship: about 2 ms of a one-VM run (bench/README.md,
    "Start-up"). argparse is imported with a stand-in ``gettext`` holding the two functions it
    takes, untranslating; the stand-in leaves ``sys.modules`` at once, so that any other importer
    of ``gettext`` gets the real module."""
    if "argparse" in sys.modules or "gettext" in sys.modules:
        return
    from types import ModuleType  # noqa: PLC0415 - loaded at start-up already

    stand_in = ModuleType("gettext")
    stand_in.gettext = _untranslated  # type: ignore[attr-defined]
    stand_in.ngettext = _untranslated_plural  # type: ignore[attr-defined]
    sys.modules["gettext"] = stand_in
    try:
        import argparse  # noqa: F401, PLC0415
    finally:
        if sys.modules.get("gettext") is stand_in:
            del sys.modules["gettext"]


def _untranslated(message: str) -> str:
    """``gettext.gettext`` with no catalog: the message itself."""
    return message


def _untranslated_plural(singular: str, plural: str, count: int) -> str:
    """``gettext.ngettext`` with no catalog: English's two forms."""
    return singular if count == 1 else plural


if __name__ == "__main__":  # pragma: no cover
    entry()

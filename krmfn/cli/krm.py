"""The KRM function: one ResourceList on stdin, one on stdout (kustomize, kpt), the mode chosen
by its functionConfig (docs/krm-function.md)."""
from __future__ import annotations


from krmfn.cli.guard import run_guarded
from krmfn.kio import clusterfile
from krmfn.kio import config as cfg
from krmfn.kio import resourcelist as rlio
from krmfn.kio.items import resource_ref
from krmfn.kio.results import has_error, one_line, sort_key, stderr_line, to_result
from krmfn.model import check_ids
from krmfn.model.findings import ERROR, Finding
from krmfn.model.outcome import Outcome, passthrough
from krmfn.modes.dispatch import run, run_flags

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any, TextIO


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
        problem = clusterfile.function_config_error(config)
        if problem is not None:
            raise problem
    except cfg.ConfigError as err:
        outcome = passthrough(values)
        outcome.findings.append(Finding(ERROR, f"functionConfig {err.message}", check=check_ids.FUNCTION_CONFIG,
                                        tags={"field": err.path or ""}))
    else:
        outcome = run_guarded_mode(config.mode, values, config.options)
    config_ref = resource_ref(rl.function_config) if isinstance(rl.function_config, dict) else None
    results = sorted((to_result(f, rl.items, config_ref) for f in outcome.findings), key=sort_key)
    try:
        from krmfn.kio.output import write_chunks  # noqa: PLC0415 - the function writes; the CLI's validate does not

        chunks = write_chunks(rl, outcome, results)
    except Exception as err:  # noqa: BLE001 - a writer bug: no partial output (kpt would delete files)
        stderr.write(f"krmfn: internal error writing the output: {type(err).__name__}: {err}\n")
        return 1
    _write_bytes(stdout, chunks)
    return report_errors(results, stderr)


def _write_bytes(stdout: TextIO, chunks: list[bytes | bytearray | memoryview]) -> None:
    """UTF-8 straight to the binary stream when there is one (no decode and re-encode)."""
    binary = getattr(stdout, "buffer", None)
    if binary is None:
        stdout.write(b"".join(chunks).decode("utf-8"))
        return
    stdout.flush()
    binary.writelines(chunks)
    binary.flush()


def run_guarded_mode(mode: str, values: list[Any], options: dict[str, Any], flags: bool = False) -> Outcome:
    """An engine crash is reported as an error result naming the item (krmfn.cli.guard); every item
    still comes out. ``flags``: generate's one size came from CLI flags, which findings name."""
    return run_guarded(mode, values, options, runner=run_flags if flags else run)


def report_errors(results: list[dict[str, Any]], stderr: TextIO) -> int:
    errors = [result for result in results if result.get("severity") == ERROR]
    for result in errors:
        stderr.write(f"krmfn: {stderr_line(result)}\n")
    return 1 if has_error(results) else 0

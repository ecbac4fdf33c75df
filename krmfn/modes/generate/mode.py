"""generate as a mode (``krmfn.modes.dispatch``): the input items, then the new objects."""
from __future__ import annotations

from collections.abc import Mapping

from krmfn.modes.generate.engine import generate
from krmfn.modes.generate.findings import NOTHING, REPLACED
from krmfn.modes.generate.options import GenerateOptions
from krmfn.modes.generate.requests import SINGLE_SIZE_PATH, requests_from_options
from krmfn.model.findings import INFO, Finding
from krmfn.model.options import complete
from krmfn.model.outcome import Outcome

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


def run_generate(values: list[Any], options: Mapping[str, Any], single_path: str = SINGLE_SIZE_PATH) -> Outcome:
    """The ``krmfn.modes.dispatch`` entry point: the input items, then the new objects.

    An input item that an earlier run generated at the same path is replaced (kpt fn render runs
    the pipeline again on its own output); every other item passes through. ``single_path``: how
    findings name the one size of the ConfigMap keys (``data``) or CLI flags (``FLAGS_PATH``).
    """
    options = complete("generate", options)
    requests, findings = requests_from_options(options, single_path)
    generate_options = GenerateOptions.from_options(options)
    if not requests and not findings:
        findings.append(Finding(INFO, "generate: no sizes requested (spec.sizes, or from/name/vcpus/memory)",
                                check=NOTHING))
    objects, generated_findings = generate(requests, values, generate_options) if requests else ([], [])
    findings.extend(generated_findings)
    replaced = {finding.item for finding in findings if finding.check == REPLACED and finding.item is not None}
    kept = [index for index in range(len(values)) if index not in replaced]
    outcome = Outcome([values[i] for i in kept] + objects, [*kept, *([None] * len(objects))])
    outcome.findings = findings  # Finding.item names input items, so the replaced one is still named
    return outcome

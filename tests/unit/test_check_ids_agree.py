"""inline and validate name a problem alike: on every golden case, each error inline reports on a VM
is reported by validate under the same check ID on that VM (issue 15: `instancetype-conflict` in
inline was `conflict` in validate). Both run with inference, as KubeVirt's webhook infers. Where
admission rejects a VM at one stage and expand meets another problem (a spread topology refused
before the conflicts), validate reports both (docs/kubevirt/admission.md#every-problem-of-an-object).

Runs only when the golden corpus exists.
"""
from __future__ import annotations

import functools
import os

import yaml

from krmfn.modes.inline.mode import run_inline
from krmfn.modes.validate.mode import run_validate
from tests.conftest import SHARED, requires_shared

GOLDEN = os.path.join(SHARED, "golden")
pytestmark = [requires_shared(GOLDEN)]

@functools.cache
def golden_inputs() -> list[tuple[str, list]]:
    cases = []
    for category in sorted(os.listdir(GOLDEN)):
        folder = os.path.join(GOLDEN, category)
        for case in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            path = os.path.join(folder, case, "input.yaml")
            if os.path.isfile(path):
                with open(path, encoding="utf-8") as handle:
                    cases.append((f"{category}/{case}", [d for d in yaml.safe_load_all(handle) if d is not None]))
    return cases


def test_every_inline_error_has_the_same_check_in_validate() -> None:
    disagreements = {}
    compared = 0
    for name, items in golden_inputs():
        validate_checks = {(f.item, f.check) for f in run_validate(items, {}).findings}
        for finding in run_inline(items, {"inferFromVolume": True}).findings:
            if finding.severity != "error":
                continue
            compared += 1
            if (finding.item, finding.check) not in validate_checks:
                disagreements[name] = (finding.check, sorted(c for i, c in validate_checks if i == finding.item))
    assert disagreements == {}
    assert compared > 150  # the corpus has that many VMs inline cannot expand

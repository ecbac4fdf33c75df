"""`krmfn diff` over the golden corpus: a bundle compared with itself differs in nothing, and for
pairs of cases the changes the diff reports turn one inlined VM into the other, each naming its
source on each side it is present on.

Both run with options that differ only in spelling a default (`namespace: default`), so that
every VM is expanded and validated on both sides (no VM is skipped as unaffected).
"""
from __future__ import annotations

import copy
import os

import yaml

from krmfn.modes import dispatch as modes
from krmfn.model.fields import ABSENT, FieldChange
from krmfn.modes.diff.compare import run_diff
from krmfn.model.kinds import is_virtual_machine
from krmfn.model.krm import split_inlined_from
from tests.conftest import shared_path
from tests.unit.model.test_fields import apply_changes

EVERY_VM = ({"namespace": "default"}, {})


def cases() -> list[list]:
    root = shared_path("golden")
    out = []
    for category in sorted(os.listdir(root)):
        folder = os.path.join(root, category)
        if not os.path.isdir(folder):
            continue
        for case in sorted(os.listdir(folder)):
            with open(os.path.join(folder, case, "input.yaml")) as handle:
                out.append([doc for doc in yaml.safe_load_all(handle) if doc is not None])
    return out


def test_a_bundle_compared_with_itself_differs_in_nothing():
    changed = [index for index, docs in enumerate(cases()) if run_diff(docs, docs, *EVERY_VM, modes.run).changed]
    assert changed == []


def test_reported_changes_turn_one_inlined_vm_into_the_other():
    single = [docs for docs in cases() if sum(is_virtual_machine(doc) for doc in docs) == 1]
    checked = 0
    for base, following in zip(single, single[1:], strict=False):
        head = copy.deepcopy(following)
        base_vm = next(doc for doc in base if is_virtual_machine(doc))
        head_vm = next(doc for doc in head if is_virtual_machine(doc))
        head_vm["metadata"] = {**head_vm.get("metadata", {}), "name": base_vm["metadata"]["name"],
                               "namespace": base_vm["metadata"].get("namespace")}
        report = run_diff(base, head, *EVERY_VM, modes.run)
        (before, base_source), (after, head_source) = _inlined_vm(base, EVERY_VM[0]), _inlined_vm(head, EVERY_VM[1])
        if (base_source is None) != (head_source is None):
            assert report.vms and report.vms[0].changes == []  # expands on one side: verdicts only
            continue
        changes = report.vms[0].changes if report.vms else []
        assert apply_changes({"vm": before}, _under("vm", changes)) == {"vm": after}
        # each change names what set it on each side it is present on, and nothing on the other
        sources = report.vms[0].sources if report.vms else {}
        assert [(bool(sources[c.path].base), bool(sources[c.path].head)) for c in changes] == [
            (c.before is not ABSENT, c.after is not ABSENT) for c in changes]
        checked += 1
    assert checked > 200


def _inlined_vm(docs: list, options: dict) -> tuple[dict, str | None]:
    outcome = modes.run("inline", docs, options)
    return split_inlined_from(next(item for item in outcome.items if is_virtual_machine(item)))


def _under(root: str, changes: list) -> list:
    return [FieldChange(f"{root}.{change.path}" if not change.path.startswith("[") else root + change.path,
                        change.before, change.after) for change in changes]

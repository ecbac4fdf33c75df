"""normalize against KubeVirt's own answers (the golden corpus).

* Fixed point: over every case, normalizing a normalized bundle changes nothing, and the stored
  form of every normalized VM is the VM itself (the webhook emulation, applied again, writes nothing).
* ``expand(normalize(vm)) == expandStored``: for the inference cases (run with ``-expand-stored``),
  inlining the normalized VM gives the expand of the VM as KubeVirt stored it, apart from the random
  ``firmware.uuid``/``serial`` (``<generated>`` in the corpus; ``--argocd-ignore`` lists them).
* A VM the oracle's admission rejects is left unchanged with an error; every VM it admits is
  normalized without one, unless what it references is missing (the oracle's expand fails on it):
  then it is left unchanged with an error per missing reference, the first the oracle's expand error.
"""
from __future__ import annotations

import copy
import os

import pytest

from krmfn.modes.inline.mode import inline_items
from krmfn.modes.dispatch import run
from krmfn.modes.normalize.mode import normalize_items
from tests.unit.test_golden_engine import (
    GOLDEN,
    _key,
    _load_compare,
    engine_options,
    stored_as_expand,
    without_random_firmware,
)
from tests.conftest import requires_shared

pytestmark = requires_shared(GOLDEN)
OPTIONS = {"legacyApiVersions": "reject", "catalog": "none"}


@pytest.fixture(scope="module")
def gc():
    return _load_compare()


def _inputs(gc, case_dir: str) -> list:
    return gc.load_docs(os.path.join(case_dir, "input.yaml"))


def test_normalize_is_a_fixed_point_on_every_case(gc):
    moved = []
    cases = gc.find_cases(GOLDEN, None, None)
    for case_dir in cases:
        once = run("normalize", _inputs(gc, case_dir), OPTIONS)
        twice = run("normalize", copy.deepcopy(once.items), OPTIONS)
        if twice.changed or twice.items != once.items:
            moved.append(case_dir)
    print(f"fixed point: {len(cases) - len(moved)}/{len(cases)}")
    assert moved == []


# ../shared/golden has no expected-v1.9.yaml: v1.9.0's answers are main's (its README).
RELEASES = [("expected.yaml", "v1.9"), ("expected.yaml", "main"), ("expected-v1.8.yaml", "v1.8"),
            ("expected-v1.7.yaml", "v1.7")]
# VMs the oracle stored and expanded, per release (fewer before v1.9: VolumeSnapshot inference)
STORED_VMS = {"main": 18, "v1.9": 18, "v1.8": 17, "v1.7": 15}


@pytest.mark.parametrize(("expected_file", "release"), RELEASES, ids=[r for _, r in RELEASES])
def test_expand_of_normalized_equals_expand_stored(gc, expected_file, release):
    problems: dict[str, list[str]] = {}
    compared = 0
    options = {**OPTIONS, "kubevirtVersion": release}
    for case_dir in gc.find_cases(GOLDEN, ["inference"], None):
        path = os.path.join(case_dir, expected_file)
        expected = [d for d in gc.load_docs(path) if d.get("kind") == "VirtualMachine"
                    and "vm" in (d.get("expandStored") or {})] if os.path.exists(path) else []
        if not expected:
            continue
        inputs = _inputs(gc, case_dir)
        normalized = run("normalize", inputs, options)
        outcome = inline_items(normalized.items, engine_options(kubevirtVersion=release))
        out_vms = {_key(item): item for item in outcome.items if isinstance(item, dict)
                   and item.get("kind") == "VirtualMachine"}
        in_vms = {_key(item): item for item in inputs if item.get("kind") == "VirtualMachine"}
        for doc in expected:
            key = (doc.get("namespace") or "default", doc.get("name") or "")
            want = without_random_firmware(stored_as_expand(doc)["vm"])
            diffs = gc.compare_vm(out_vms[key], want, in_vms[key], gc.unknown_paths(doc))
            compared += 1
            if diffs:
                problems[f"{os.path.basename(case_dir)} {key}"] = diffs
    print(f"{release}: expand(normalize(vm)) == expandStored: {compared - len(problems)}/{compared}")
    assert compared == STORED_VMS[release]
    assert problems == {}


def test_rejected_vms_are_left_unchanged_with_an_error_and_admitted_ones_normalized(gc):
    wrong = []
    for case_dir in gc.find_cases(GOLDEN, None, None):
        inputs = _inputs(gc, case_dir)
        expected = gc.load_docs(os.path.join(case_dir, "expected.yaml"))
        admission = {(d.get("namespace") or "default", d.get("name") or ""): d.get("admission") or {}
                     for d in expected if d.get("kind") == "VirtualMachine"}
        expand_errors = {(d.get("namespace") or "default", d.get("name") or ""): (d.get("expand") or {}).get("error")
                         for d in expected if d.get("kind") == "VirtualMachine"}
        normalized = normalize_items(copy.deepcopy(inputs), OPTIONS).outcome
        for index, item in enumerate(inputs):
            if item.get("kind") != "VirtualMachine" or _key(item) not in admission:
                continue
            allowed = admission[_key(item)].get("allowed", True)
            errors = [f for f in normalized.findings if f.is_error and f.item == index]
            if allowed and errors:  # admitted, never starts: every missing reference, the oracle's first
                expand_error = expand_errors[_key(item)] or ""
                right = bool(expand_error) and errors[0].message.startswith(expand_error) and all(
                    f.check in ("reference", "matcher") for f in errors)  # (an inferred empty name: matcher)
            else:
                right = allowed != bool(errors)
            if not right or (errors and normalized.items[index] != item):
                wrong.append(f"{os.path.relpath(case_dir, GOLDEN)} {_key(item)} allowed={allowed}")
    assert wrong == []

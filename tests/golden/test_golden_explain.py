"""`krmfn explain` over the golden corpus (issue 17's properties):

* every leaf of every inlined VM has one provenance, with a named field or setting;
* removing from the expanded VM every field credited to the instance type, the preference or a
  default gives back the VM as written (without its matchers), except for the values an
  instance type or preference overwrote (credited as such) and what expand drops.
"""
from __future__ import annotations

import os

import yaml

from krmfn import modes
from krmfn.model.fields import ABSENT, leaves, same
from krmfn.explain import VM, explain
from tests.conftest import shared_path


def explanations() -> list:
    root = shared_path("golden")
    out = []
    for category in sorted(os.listdir(root)):
        if not os.path.isdir(os.path.join(root, category)):
            continue
        for case in sorted(os.listdir(os.path.join(root, category))):
            with open(os.path.join(root, category, case, "input.yaml")) as handle:
                docs = [doc for doc in yaml.safe_load_all(handle) if doc is not None]
            out.extend((f"{category}/{case}", explanation) for explanation in explain(docs, {}, modes.run))
    return out


def test_every_field_of_every_inlined_vm_has_a_named_source():
    cases = explanations()
    assert len(cases) > 900
    unnamed = [(case, leaf.path) for case, explanation in cases for leaf in explanation.leaves
               if leaf.source.origin != VM and not leaf.source.field]
    assert unnamed == []
    paths = [(case, [leaf.path for leaf in explanation.leaves]) for case, explanation in cases]
    assert all(len(set(found)) == len(found) for _, found in paths)


def test_removing_what_was_credited_gives_back_the_vm():
    failures = []
    for case, explanation in explanations():
        if explanation.expanded_from is None:
            continue
        written = leaves({**explanation.vm, "spec": {key: value for key, value in explanation.vm["spec"].items()
                                                     if key not in ("instancetype", "preference")}})
        kept = {leaf.path: leaf.value for leaf in explanation.leaves if leaf.source.origin == VM}
        overwritten = {leaf.path for leaf in explanation.leaves
                       if leaf.source.origin != VM and leaf.source.rule and "overwrite" in leaf.source.rule}
        expanded = leaves(explanation.expanded)
        for path, value in written.items():
            if path in overwritten or path not in expanded:  # replaced, or dropped by expand (Go omitempty)
                continue
            if not same(kept.get(path, ABSENT), value):
                failures.append((case, path))
        failures.extend((case, path) for path in kept if path not in written)
    assert failures == []

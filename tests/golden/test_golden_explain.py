"""`krmfn explain` over the golden corpus (issue 17's properties):

* every leaf of every inlined VM has one provenance, with a named field or setting;
* removing from the expanded VM every field credited to the instance type, the preference or a
  default gives back the VM as written (without its matchers), except for the values an
  instance type or preference overwrote (credited as such) and what expand drops;
* a VirtualMachinePool whose template is the VM is explained as the VM, each field located in the
  pool's template.
"""
from __future__ import annotations

import os

import yaml

from krmfn.modes import dispatch as modes
from krmfn.model.fields import ABSENT, leaves, same
from krmfn.modes.explain.provenance import VM, explain
from krmfn.model.embedded import is_pool, template_path
from krmfn.model.kinds import is_virtual_machine
from tests.conftest import shared_path


def cases() -> list[tuple[str, list]]:
    root = shared_path("golden")
    out = []
    for category in sorted(os.listdir(root)):
        if not os.path.isdir(os.path.join(root, category)):
            continue
        for case in sorted(os.listdir(os.path.join(root, category))):
            with open(os.path.join(root, category, case, "input.yaml")) as handle:
                out.append((f"{category}/{case}", [doc for doc in yaml.safe_load_all(handle) if doc is not None]))
    return out


def explanations() -> list:
    return [(case, explanation) for case, docs in cases() for explanation in explain(docs, {}, modes.run)]


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


def as_pool(vm: dict) -> dict:
    metadata = vm.get("metadata") if isinstance(vm.get("metadata"), dict) else {}
    return {"apiVersion": "pool.kubevirt.io/v1beta1", "kind": "VirtualMachinePool", "metadata": metadata,
            "spec": {"replicas": 1, "virtualMachineTemplate": {"spec": vm["spec"]}}}


def test_a_pool_is_explained_as_the_vm_of_its_template():
    failures, checked = [], 0
    for case, docs in cases():
        # A template has no status: a VM whose status names a ControllerRevision expands otherwise.
        pooled = [as_pool(doc) if is_virtual_machine(doc) and isinstance(doc.get("spec"), dict)
                  and "status" not in doc else doc for doc in docs]
        as_vms = {found.index: found for found in explain(docs, {}, modes.run)}
        for found in explain(pooled, {}, modes.run):
            if not is_pool(found.vm):
                continue
            vm = as_vms[found.index]
            expected = {template_path(leaf.path): leaf.source for leaf in vm.leaves if leaf.path.startswith("spec.")}
            got = {leaf.path: leaf.source for leaf in found.leaves
                   if leaf.path.startswith("spec.virtualMachineTemplate.spec.")}
            if (found.expanded_from, got) != (vm.expanded_from, expected):
                failures.append(case)
            checked += 1
    assert failures == [] and checked > 900

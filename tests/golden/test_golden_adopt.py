"""adopt over the golden corpus: adopting an inlined VM and inlining it again gives it back.

* Round trip: for every golden VM that has matchers and expands, ``inline(adopt(inline(vm)))``
  equals ``inline(vm)`` (krmfn's ``inlined-from`` annotation aside, since adopt may choose an
  equivalent preference) when adopt says the result is exact, and gives the same guest
  (``krmfn.modes.adopt.compare.runtime_form``) when it says it is not (2 VMs when written: an
  instance type with ``cpu.guest: 0`` inlines to no ``sockets``, as Go omits the 0, and the 1-vCPU
  instance type adopt finds writes ``sockets: 1``, which virt-launcher reads the same). A VM
  adopt leaves alone (no instance type or preference reproduces it: the ones a ControllerRevision
  supplied, sizes no catalog has) is unchanged, so the property holds for it too; the test also
  checks that most are adopted, and that each one that is not says why.
* Choice: over the ``catalog`` cases (a realistic VM on each common instance type and
  preference), adopt finds the case's own instance type and preference, except where KubeVirt's
  admission would reject the case's pair (its preference's requirements: ``fedora`` needs 2Gi,
  ``u1.nano`` has 512Mi; expand never checks them, so the case inlines): adopt then chooses a
  preference the pair's VM meets the requirements of, which inlines to the same VM.
  Without the ``inlined-from`` hint the choice is the case's own or one that inlines to the very
  same VM (the round trip proves that): on this VM ``alpine``, ``cirros``, ``sles`` and
  ``opensuse.tumbleweed`` apply nothing that a preference ranked before them does not.
"""
from __future__ import annotations

import os
from typing import Any

import pytest
import yaml

from krmfn.modes.adopt.compare import runtime_form
from krmfn.modes.adopt.mode import TAG_EXACT, TAG_INSTANCETYPE, TAG_PREFERENCE, TAG_STATUS
from krmfn.modes.inline.mode import run_inline
from krmfn.kubevirt.instancetype.preference.requirements import check_requirements
from krmfn import catalog
from krmfn.model.krm import strip_inlined_from
from krmfn.modes.dispatch import run
from tests.conftest import shared_path



def cases(category: str | None = None) -> list[tuple[str, str]]:
    root = shared_path("golden")
    return [(c, case) for c in sorted(os.listdir(root)) if os.path.isdir(os.path.join(root, c))
            and (category is None or c == category) for case in sorted(os.listdir(os.path.join(root, c)))]


def load(category: str, case: str) -> list[Any]:
    with open(os.path.join(shared_path("golden"), category, case, "input.yaml")) as handle:
        return [doc for doc in yaml.safe_load_all(handle) if doc is not None]


def expanded_vms(values: list[Any]) -> tuple[list[Any], list[int]]:
    """inline(values), and the VMs with matchers that it expanded."""
    outcome = run_inline(values, {})
    failed = {finding.item for finding in outcome.findings if finding.is_error}
    vms = [i for i, item in enumerate(values) if isinstance(item, dict) and item.get("kind") == "VirtualMachine"
           and isinstance(item.get("spec"), dict)
           and (item["spec"].get("instancetype") or item["spec"].get("preference"))
           and i not in failed]
    return outcome.items, vms


def adopt_round_trip(values: list[Any], strip: bool = False) -> dict[str, Any]:
    inlined, vms = expanded_vms(values)
    source = [strip_inlined_from(item) if strip and i in vms else item for i, item in enumerate(inlined)]
    adopted = run("adopt", source, {"write": True})
    again = run_inline(adopted.items, {}).items
    findings = {finding.item: finding for finding in adopted.findings}
    return {"inlined": inlined, "vms": vms, "again": again, "findings": findings}


def test_round_trip_over_the_corpus():
    counts = {"vms": 0, "adopted": 0, "exact": 0}
    wrong, silent = [], []
    for category, case in cases():
        got = adopt_round_trip(load(category, case))
        for index in got["vms"]:
            counts["vms"] += 1
            finding = got["findings"].get(index)
            before, after = strip_inlined_from(got["inlined"][index]), strip_inlined_from(got["again"][index])
            if finding is None or finding.tags.get(TAG_STATUS) != "adopted":
                if finding is None or not finding.message.startswith("not adopted: ") or before != after:
                    silent.append((category, case, index))
                continue
            counts["adopted"] += 1
            if finding.tags[TAG_EXACT] == "true":
                counts["exact"] += 1
                if before != after:
                    wrong.append((category, case, index))
            elif runtime_form(before) != runtime_form(after):
                wrong.append((category, case, index))
    print(f"adopt round trip: {counts}")
    assert wrong == [] and silent == []
    assert counts["adopted"] >= 0.95 * counts["vms"]  # 753 of 782 when written, 751 of them exact


@pytest.mark.parametrize("strip", [False, True], ids=["with-inlined-from", "without-hints"])
def test_catalog_cases_find_the_case_s_choice(strip):
    different = []
    for category, case in cases("catalog"):
        values = load(category, case)
        got = adopt_round_trip(values, strip)
        (index,) = got["vms"]
        finding = got["findings"][index]
        spec = values[index]["spec"]
        wanted = (spec["instancetype"]["name"], spec["preference"]["name"])
        chosen = (finding.tags[TAG_INSTANCETYPE].split("/")[1], finding.tags[TAG_PREFERENCE].split("/")[1])
        assert strip_inlined_from(got["again"][index]) == strip_inlined_from(got["inlined"][index]), case
        if chosen == wanted:
            continue
        if _requirements_fail(wanted, got["inlined"][index]):
            assert chosen[0] == wanted[0], case  # the same size, a preference it meets
            continue
        assert strip, f"{case}: chose {chosen}, the case used {wanted}"
        different.append(case)
    print(f"catalog: {len(cases('catalog')) - len(different)} chose the case's pair or explained; "
          f"equivalent without hints: {different}")


def _requirements_fail(wanted: tuple[str, str], inlined_vm: dict) -> bool:
    instancetype = catalog.lookup("VirtualMachineClusterInstancetype", wanted[0])
    preference = catalog.lookup("VirtualMachineClusterPreference", wanted[1])
    assert instancetype is not None and preference is not None
    return check_requirements(instancetype["spec"], preference["spec"],
                              inlined_vm["spec"]["template"]["spec"]) is not None

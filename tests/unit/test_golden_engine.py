"""Golden parity of the inline engine against KubeVirt's own expand (the corpus in /work/shared/golden).

Runs only when the corpus exists. For every case: load input.yaml, run `inline_items`, and check
each VM with the comparison functions of /work/shared/tools/golden_compare.py (imported from that
path): expanded VMs must equal `expand.vm` after normalisation; expand errors must appear as an
error Finding on that VM whose message contains KubeVirt's message; the "exit code" (any error
Finding) must be right. Prints `parity: P/T` per category and in total.

The inference category is additionally run with `infer=True` against `expandStored` (the expand of
the VM as the mutating webhook stored it), minus what only the mutator adds.
"""
from __future__ import annotations

import copy
import importlib.util
import os
from collections import defaultdict

import pytest

from krmfn.modes.inline.mode import InlineOptions, inline_items
from tests.conftest import SHARED, requires_shared

GOLDEN = os.path.join(SHARED, "golden")
COMPARE_TOOL = os.path.join(SHARED, "tools", "golden_compare.py")
OWN_CATEGORIES = ("resolution", "inference", "expand-defaults")
# The corpus is KubeVirt at d923fdb8, which no longer reads v1alpha1/v1alpha2: `reject`, krmfn's
# default too, said explicitly here (`convert` differs on purpose; see tests/golden/).
KUBEVIRT_TODAY = "reject"

pytestmark = [requires_shared(GOLDEN), requires_shared(COMPARE_TOOL)]


def _load_compare():
    spec = importlib.util.spec_from_file_location("golden_compare", COMPARE_TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def gc():
    return _load_compare()


def _cases(gc) -> list[str]:
    return gc.find_cases(GOLDEN, None, None)


def _vm_findings(outcome, inputs, key):
    """Error messages of the findings about the input VM with this (namespace, name)."""
    return [f.message for f in outcome.findings if f.is_error and f.item is not None
            and inputs[f.item].get("kind") == "VirtualMachine"
            and _key(inputs[f.item]) == key]


def _key(obj):
    md = obj.get("metadata") or {}
    return (md.get("namespace") or "default", md.get("name") or "")


def engine_options(rejected: set | None = None, **options: object) -> InlineOptions:
    """The engine as KubeVirt today (legacy versions rejected), without the embedded catalog:
    only the case's own objects exist."""
    inline_options = InlineOptions.from_options({"legacyApiVersions": KUBEVIRT_TODAY, "catalog": "none", **options})
    inline_options.expand.rejected = set(rejected or ())
    return inline_options


def check_case(gc, case_dir: str, options: InlineOptions | None = None, field: str = "expand") -> list[str]:
    """The problems of one case (empty: the case passes). `field`: expand or expandStored."""
    inputs = gc.load_docs(os.path.join(case_dir, "input.yaml"))
    expected = gc.load_docs(os.path.join(case_dir, "expected.yaml"))
    pristine = copy.deepcopy(inputs)
    outcome = inline_items(inputs, options or engine_options())
    problems: list[str] = []
    if inputs != pristine:
        problems.append("  the input items were mutated")
    out_vms = {}
    for item in outcome.items:
        if isinstance(item, dict) and item.get("kind") == "VirtualMachine":
            out_vms.setdefault(_key(item), item)
    in_vms = {_key(x): x for x in pristine if x.get("kind") == "VirtualMachine"}
    any_error = False
    all_clean = True
    for doc in expected:
        all_clean = all_clean and (doc.get("validation") or {}).get("allowed", True) \
            and (doc.get("admission") or {}).get("allowed", True)
        if doc.get("kind") != "VirtualMachine":
            continue
        key = (doc.get("namespace") or "default", doc.get("name") or "")
        exp = stored_as_expand(doc) if field == "expandStored" else (doc.get(field) or {})
        if "vm" in exp:
            actual = out_vms.get(key)
            if actual is None:
                problems.append(f" {key}: missing from the output")
                continue
            want = strip_mutator_additions(exp["vm"]) if field == "expandStored" else exp["vm"]
            diffs = gc.compare_vm(actual, want, in_vms.get(key, {}), gc.unknown_paths(doc))
            problems += [f" {key}:{d}" for d in diffs]
        elif "error" in exp:
            any_error = True
            messages = _vm_findings(outcome, pristine, key)
            if not any(exp["error"] in m for m in messages):
                problems.append(f" {key}: expected error {exp['error']!r}, got {messages}")
    has_error = any(f.is_error for f in outcome.findings)
    if any_error and not has_error:
        problems.append("  expected exit code 1")
    elif not any_error and all_clean and has_error:
        problems.append("  expected exit code 0")
    return problems


# --- expandStored: what the mutating webhook stored, then expand -----------------------------------
def stored_as_expand(doc: dict) -> dict:
    """expandStored as an expand result.

    A VM the instancetype mutator or validator rejected was never stored (404): krmfn reports the
    same message as an error instead. Rejections by general VM validation are out of scope.
    """
    stored = doc.get("expandStored") or {}
    admission = doc.get("admission") or {}
    if stored.get("code") == 404:
        if admission.get("stage") == "validating-webhook/remaining-vm-checks":
            return {}
        return {"error": admission.get("message", "")}
    if "error" in stored and stored.get("code") == 500:
        return {"error": stored["error"].removeprefix("Internal error occurred: ")}
    return stored


def without_random_firmware(vm: dict) -> dict:
    """A copy without the random firmware uuid/serial the mutating webhook adds (`<generated>`)."""
    vm = copy.deepcopy(vm)
    domain = vm.get("spec", {}).get("template", {}).get("spec", {}).get("domain", {})
    firmware = domain.get("firmware")
    if isinstance(firmware, dict):
        for key in ("uuid", "serial"):
            if firmware.get(key) == "<generated>":
                del firmware[key]
        if not firmware:
            del domain["firmware"]
    return vm


def strip_mutator_additions(vm: dict) -> dict:
    """Remove what only the mutating webhook adds: firmware uuid/serial, the PCI topology annotation."""
    vm = without_random_firmware(vm)
    template = vm.get("spec", {}).get("template", {})
    annotations = (template.get("metadata") or {}).get("annotations")
    if isinstance(annotations, dict):
        annotations.pop("kubevirt.io/pci-topology-version", None)
        if not annotations:
            del template["metadata"]["annotations"]
    return vm


def _report(results: dict[str, list[tuple[str, list[str]]]], title: str, show: int = 8) -> tuple[int, int]:
    total = passed = 0
    print(f"\n{title}")
    for category in sorted(results):
        cases = results[category]
        ok = sum(1 for _, problems in cases if not problems)
        print(f"  {category:22} {ok:4}/{len(cases)}")
        total += len(cases)
        passed += ok
    shown = 0
    for category in sorted(results):
        for case, problems in results[category]:
            if problems and shown < show:
                shown += 1
                print(f"MISMATCH {category}/{case}")
                for line in problems[:6]:
                    print("   ", line[:300])
    print(f"parity: {passed}/{total}")
    return passed, total


def _comparable(gc, case_dir: str, field: str = "expand") -> bool:
    expected = gc.load_docs(os.path.join(case_dir, "expected.yaml"))
    return any(d.get("kind") == "VirtualMachine" and {"vm", "error"} & set(d.get(field) or {}) for d in expected)


def oracle_rejected(gc, case_dir: str) -> set:
    """Keys of the instance types and preferences the oracle's admission rejected (Findings 5)."""
    rejected = set()
    for doc in gc.load_docs(os.path.join(case_dir, "expected.yaml")):
        if doc.get("kind") != "VirtualMachine" and not (doc.get("validation") or {}).get("allowed", True):
            rejected.add((doc.get("kind"), doc.get("namespace") or "", doc.get("name") or ""))
    return rejected


def _run_all(gc, with_oracle_rejections: bool) -> dict[str, list[tuple[str, list[str]]]]:
    results: dict[str, list[tuple[str, list[str]]]] = defaultdict(list)
    for case_dir in _cases(gc):
        if not _comparable(gc, case_dir):
            continue
        options = engine_options(rejected=oracle_rejected(gc, case_dir)) if with_oracle_rejections else None
        category = os.path.basename(os.path.dirname(case_dir))
        results[category].append((os.path.basename(case_dir), check_case(gc, case_dir, options)))
    return results


def test_golden_parity_all_categories(gc):
    """The engine alone, as the CLI runs it today: objects admission rejects are still found,
    because nothing fills the `rejected` hook yet (validation will)."""
    results = _run_all(gc, with_oracle_rejections=False)
    passed, total = _report(results, "golden parity (inline vs expand, no rejected set)")
    assert total > 0
    needs_rejections = {"resolution/rejected-instancetype-not-found", "resolution/rejected-preference-not-found"}
    own_failures = {f"{c}/{case}" for c in OWN_CATEGORIES for case, problems in results.get(c, []) if problems}
    assert own_failures <= needs_rejections, sorted(own_failures - needs_rejections)


def test_golden_parity_with_the_oracles_rejections(gc):
    """The engine given the objects the oracle's admission rejected (the `rejected` hook)."""
    results = _run_all(gc, with_oracle_rejections=True)
    passed, total = _report(results, "golden parity (inline vs expand, oracle's rejected set)")
    failures = [f"{c}/{case}" for c, cases in results.items() for case, problems in cases if problems]
    assert not failures, failures


def test_golden_inference_with_infer_against_expand_stored(gc):
    results: dict[str, list[tuple[str, list[str]]]] = defaultdict(list)
    for case_dir in gc.find_cases(GOLDEN, ["inference"], None):
        if not _comparable(gc, case_dir, "expandStored"):
            continue
        problems = check_case(gc, case_dir, engine_options(inferFromVolume=True), "expandStored")
        results["inference"].append((os.path.basename(case_dir), problems))
    passed, total = _report(results, "inference with infer=True vs expandStored")
    assert total > 0
    # Only the mutating webhook's own VM mutations (docs/kubevirt/admission.md#preference-driven-mutations), which
    # krmfn's infer does not emulate: architecture from DataSource labels, preferred storage class on
    # dataVolumeTemplates, and the architecture/machine type it stores on a VM that is left without matchers.
    mutator_only = {"datasource-architecture-label", "storageclass-and-arch-mutation",
                    "dvt-http-source-ignore", "unsupported-containerdisk-ignore"}
    failures = {case for case, problems in results["inference"] if problems}
    assert failures == mutator_only, sorted(failures ^ mutator_only)

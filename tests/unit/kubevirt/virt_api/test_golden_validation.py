"""Golden parity of admission verdicts against KubeVirt's own admission code (/work/shared/golden).

Runs only when the corpus exists. For every case and every instance type, preference and
VirtualMachine, `admit_bundle`'s verdict is compared with expected.yaml's `validation`: `allowed`,
`stage`, each cause's `field` and `message` (in order), and `warnings`. Objects where KubeVirt
panicked (`oracleErrors`, docs/kubevirt/README.md#questions-the-source-leaves-open) are compared on `allowed` only:
krmfn reports its own message there. Prints `validation-parity: P/T` over objects and over cases.
"""
from __future__ import annotations

import os
from collections import defaultdict

import yaml

from krmfn.admission.admit import admit_bundle
from krmfn.model import kinds
from krmfn.kubevirt.util.webhooks import STAGE_REMAINING_VM_CHECKS
from tests.conftest import SHARED, requires_shared

GOLDEN = os.path.join(SHARED, "golden")
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

pytestmark = requires_shared(GOLDEN)

# (category/case, kind, name) -> why krmfn differs on purpose. Keep empty unless justified.
KNOWN_MISMATCHES: dict[tuple[str, str, str], str] = {}


def _load(path: str) -> list:
    with open(path) as stream:
        return [doc for doc in yaml.load_all(stream, Loader=Loader) if doc is not None]


def _cases() -> list[str]:
    cases = []
    for category in sorted(os.listdir(GOLDEN)):
        category_dir = os.path.join(GOLDEN, category)
        if not os.path.isdir(category_dir):
            continue
        for case in sorted(os.listdir(category_dir)):
            if os.path.isfile(os.path.join(category_dir, case, "expected.yaml")):
                cases.append(os.path.join(category_dir, case))
    return cases


def _actual(verdict) -> dict:
    return {
        "allowed": verdict.allowed,
        "stage": verdict.stage,
        "causes": [(cause.field, cause.message) for cause in verdict.causes],
        "warnings": list(verdict.warnings),
    }


def _expected(doc: dict, verdict) -> dict:
    """The oracle's ``validation`` (the chain up to the preference requirements), or its full
    ``admission`` where krmfn rejects at the general VM checks: there krmfn's causes must be
    KubeVirt's, all of them (the checks are being ported; an unported one admits)."""
    validation = doc["validation"]
    if verdict.stage == STAGE_REMAINING_VM_CHECKS:
        validation = doc.get("admission") or validation
    return {
        "allowed": validation["allowed"],
        "stage": validation.get("stage"),
        "causes": [(cause.get("field") or "", cause.get("message") or "") for cause in validation.get("causes") or []],
        "warnings": list(validation.get("warnings") or []),
    }


def compare_case(case_dir: str) -> tuple[int, list[tuple[tuple[str, str, str], str]]]:
    """(number of expected objects, the mismatching ones as ((case, kind, name), description))."""
    case_id = os.path.relpath(case_dir, GOLDEN)
    inputs = _load(os.path.join(case_dir, "input.yaml"))
    expected = _load(os.path.join(case_dir, "expected.yaml"))
    # The oracle judges instance types, preferences and VMs; the bundle's CDI objects (krmfn.cdi) are
    # supporting objects there.
    verdicts = [v for item, v in zip(inputs, admit_bundle(inputs), strict=True)
                if v is not None and kinds.split_api_version(item.get("apiVersion"))[0] != kinds.CDI_GROUP]
    if len(verdicts) != len(expected):
        return len(expected), [((case_id, doc["kind"], doc["name"]), "verdict count differs") for doc in expected]
    problems = []
    for verdict, doc in zip(verdicts, expected, strict=True):
        want, got = _expected(doc, verdict), _actual(verdict)
        if doc.get("oracleErrors"):
            want, got = {"allowed": want["allowed"]}, {"allowed": got["allowed"]}
        if want != got:
            problems.append(((case_id, doc["kind"], doc["name"]), f"want {want}\n      got  {got}"))
    return len(expected), problems


def test_golden_validation_parity():
    objects = passed_objects = cases = passed_cases = 0
    per_category: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    failures = []
    for case_dir in _cases():
        count, problems = compare_case(case_dir)
        objects += count
        passed_objects += count - len(problems)
        cases += 1
        passed_cases += not problems
        category = per_category[os.path.basename(os.path.dirname(case_dir))]
        category[0] += not problems
        category[1] += 1
        failures += problems
    for category_name, (passed, total) in sorted(per_category.items()):
        print(f"  {category_name}: {passed}/{total} cases")
    print(f"validation-parity: {passed_objects}/{objects} objects, {passed_cases}/{cases} cases")
    unexpected = [(key, text) for key, text in failures if key not in KNOWN_MISMATCHES]
    for key, text in unexpected[:30]:
        print(f"  {'/'.join(key)}:\n      {text}")
    assert not unexpected, f"{len(unexpected)} unexpected validation mismatches"

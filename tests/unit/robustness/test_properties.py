"""Property tests over generated bundles (issue 8): instance types, preferences, VMs with matchers,
other kinds, random wrong values, repeated objects, in block, JSON and PyYAML styles
(tests/unit/robustness/strategies.py).

* no exception escapes, and an error result always comes with exit 1;
* every input item comes out exactly once, in order (dropReferenced may drop instance types and
  preferences, nothing else);
* the output is byte-identical across runs, and across PYTHONHASHSEED values (subprocesses);
* inline is idempotent: inlining the output again changes no item;
* validate never changes an item;
* generate is deterministic, whatever its sizes ask (vcpus, memory, custom, patches, set), and
  what it writes validate admits.

The example counts are modest so that the suite stays fast; KRMFN_PROPERTY_EXAMPLES=N multiplies
them by N (the fuzz run, tests/fuzz/run_fuzz.py, covers far more inputs). The number of examples
each property ran is printed at the end of the module.
"""
from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from krmfn.modes.generate.metadata import output_path
from krmfn.model.kinds import kind_of
from tests.conftest import REPO, krm, load12
from tests.fuzz.targets import normal
from tests.unit.robustness.strategies import (
    FUNCTION_CONFIGS,
    REPORT,
    generate_configs,
    item_id,
    resource_list_text,
    resource_lists,
    size_requests,
)

SCALE = max(1, int(os.environ.get("KRMFN_PROPERTY_EXAMPLES", "1") or 1))
EXAMPLES: Counter[str] = Counter()  # printed in the terminal summary (conftest.py)


def examples(n: int) -> settings:
    return settings(max_examples=n * SCALE, deadline=None, derandomize=False,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _count(name: str) -> None:
    EXAMPLES[name] += 1
    REPORT[f"property examples: {name}"] = EXAMPLES[name]


def _doc(stdout: str) -> dict:
    return load12(stdout) or {}


def _ids(items: list[Any]) -> list[str | None]:
    return [item_id(item) for item in items]


def _generated(item: Any) -> bool:
    """An object generate made (it copies the source's other annotations, our id among them)."""
    metadata = item.get("metadata") if isinstance(item, dict) else None
    annotations = metadata.get("annotations") if isinstance(metadata, dict) else None
    if not isinstance(annotations, dict) or not isinstance(metadata.get("name"), str):
        return False
    return annotations.get("config.kubernetes.io/path") == output_path(kind_of(item), metadata["name"])


def _not_generated(items: list[Any]) -> list[Any]:
    return [item for item in items if not _generated(item)]


def _is_definition(item: Any) -> bool:
    return isinstance(item, dict) and str(item.get("apiVersion", "")).startswith("instancetype.kubevirt.io/")


@examples(60)
@given(resource_lists())
def test_no_exception_and_every_item_comes_out_once(generated):
    _count("every item once")
    items, mode, text = generated
    run = krm(text)
    assert "Traceback" not in run.stderr
    assert run.code in (0, 1), run.stderr
    doc = _doc(run.stdout)
    results = doc.get("results") or []
    assert not [r for r in results if (r.get("tags") or {}).get("check") == "internal-error"], results
    assert run.code == (1 if any(r["severity"] == "error" for r in results) else 0)
    out_ids = _ids(doc.get("items") or [])
    in_ids = _ids(items)
    if mode == "inline-none":  # dropReferenced: only instance types and preferences may go
        remaining = iter(zip(in_ids, items, strict=True))
        for out_id in out_ids:  # the output is the input with some items left out
            for in_id, item in remaining:
                if in_id == out_id:
                    break
                assert _is_definition(item), item
            else:
                raise AssertionError(f"item {out_id} out of order or twice")
        assert all(_is_definition(item) for _, item in remaining)
    elif mode in ("generate", "adopt-write"):  # new items may be added; every input item stays, in order
        assert _ids(_not_generated(doc.get("items") or [])) == in_ids
    else:
        assert out_ids == in_ids


@examples(40)
@given(resource_lists())
def test_output_is_identical_across_runs(generated):
    _count("identical runs")
    _, _, text = generated
    first, second = krm(text), krm(text)
    assert (first.code, first.stdout, first.stderr) == (second.code, second.stdout, second.stderr)


def _process(text: str, seed: str) -> tuple[int, bytes, bytes]:
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": REPO}
    proc = subprocess.run([sys.executable, "-m", "krmfn"], input=text.encode(), capture_output=True, env=env,
                          check=False, cwd=REPO, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


@examples(6)
@given(resource_lists(max_items=10))
def test_output_is_byte_identical_across_hash_seeds(generated):
    _count("hash seeds")
    _, _, text = generated
    runs = {seed: _process(text, seed) for seed in ("0", "1", "4242")}
    assert len(set(runs.values())) == 1, {seed: run[2][-300:] for seed, run in runs.items()}


@examples(40)
@given(resource_lists(modes=["inline", "inline-typed", "normalize"]))
def test_inline_and_normalize_are_idempotent(generated):
    _count("inline/normalize idempotent")
    _, _, text = generated
    first = krm(text)
    config = "functionConfig:\n" + text.split("\nfunctionConfig:\n", 1)[1]  # the output has none
    second = krm(first.stdout + config)
    assert normal(_doc(second.stdout).get("items")) == normal(_doc(first.stdout).get("items"))
    assert _items_text(second.stdout) == _items_text(first.stdout)
    first_results = _doc(first.stdout).get("results") or []
    new_results = (_doc(second.stdout).get("results") or [])[len(first_results):]
    # the VMs left unexpanded (or not stored) fail again, for the same reasons; the others are left alone
    assert ([r for r in new_results if r["severity"] == "error"]
            == [r for r in first_results if r["severity"] == "error"])
    assert second.code == first.code


def _items_text(stdout: str) -> str:
    """The `items:` part of a ResourceList as krmfn writes it (before `results:`)."""
    body = stdout.split("\nitems:", 1)[1]
    return body.split("\nresults:\n", 1)[0]


@examples(40)
@given(resource_lists(modes=["validate"]))
def test_validate_never_changes_an_item(generated):
    _count("validate unchanged")
    items, _, text = generated
    run = krm(text)
    assert normal(_doc(run.stdout).get("items") or []) == normal(load12(text).get("items") or [])
    assert _ids(_doc(run.stdout).get("items") or []) == _ids(items)


SIZES = st.lists(size_requests(), min_size=1, max_size=3)


@examples(30)
@given(resource_lists(modes=["validate"], max_items=5), SIZES, st.booleans())
def test_generate_is_deterministic(generated, sizes, cluster):
    _count("generate deterministic")
    items, _, _ = generated
    config = {"apiVersion": "krmfn.dev/v1alpha1", "kind": "Generate", "metadata": {"name": "fn"},
              "spec": {"sizes": sizes, "cluster": cluster}}
    text = resource_list_text(items, config)
    first, second = krm(text), krm(text)
    assert "Traceback" not in first.stderr
    assert (first.code, first.stdout, first.stderr) == (second.code, second.stdout, second.stderr)
    doc = _doc(first.stdout)
    assert _ids(_not_generated(doc.get("items") or [])) == _ids(items)
    for item in doc.get("items") or []:
        if _generated(item):
            assert str(item.get("apiVersion")).startswith("instancetype.kubevirt.io/")


def test_function_configs_cover_every_mode():
    assert {config.get("data", {}).get("mode") or config["kind"].lower() for config in FUNCTION_CONFIGS.values()} \
        == {"inline", "validate", "generate", "normalize", "adopt"}


# The checks of what the API server and the instance type and preference webhooks say of an object.
ADMISSION_CHECKS = ("unknown-field", "schema", "instancetype-admission", "preference-admission")


@examples(30)
@given(resource_lists(modes=["validate"], max_items=4), generate_configs(odd=False))
def test_what_generate_writes_validate_admits(generated, config):
    """generate admits each copy as KubeVirt would before it writes it (patches and sets included):
    validate, run on what it wrote, finds nothing its admission checks would reject."""
    _count("generate admitted")
    items, _, _ = generated
    first = krm(resource_list_text(items, config))
    assert "Traceback" not in first.stderr
    new = [item for item in _doc(first.stdout).get("items") or [] if _generated(item)]
    if not new:
        return
    checked = krm(resource_list_text(new, FUNCTION_CONFIGS["validate"]))
    rejected = [r for r in _doc(checked.stdout).get("results") or []
                if r["severity"] == "error" and (r.get("tags") or {}).get("check") in ADMISSION_CHECKS]
    assert rejected == [], (config, rejected)

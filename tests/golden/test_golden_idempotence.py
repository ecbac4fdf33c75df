"""Inlining an inlined bundle changes nothing, on every golden case (byte for byte)."""
from __future__ import annotations

import os

import yaml

from tests.conftest import krm, shared_path

INLINE = "functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: krmfn}\n  data: {mode: inline}\n"


def golden_inputs() -> list[str]:
    root = shared_path("golden")
    return sorted(os.path.join(root, c, case, "input.yaml") for c in os.listdir(root)
                  if os.path.isdir(os.path.join(root, c)) for case in os.listdir(os.path.join(root, c)))


def as_resource_list(path: str) -> str:
    with open(path) as handle:
        docs = [d for d in yaml.safe_load_all(handle) if d is not None]
    return yaml.safe_dump({"apiVersion": "config.kubernetes.io/v1", "kind": "ResourceList", "items": docs},
                          sort_keys=False) + INLINE


def test_second_inline_changes_nothing():
    changed = []
    for path in golden_inputs():
        first = krm(as_resource_list(path))
        second = krm(first.stdout.split("results:\n")[0] + INLINE)
        if second.stdout.split("results:\n")[0] != first.stdout.split("results:\n")[0]:
            changed.append(path)
    print(f"idempotent: {len(golden_inputs()) - len(changed)}/{len(golden_inputs())}")
    assert changed == []

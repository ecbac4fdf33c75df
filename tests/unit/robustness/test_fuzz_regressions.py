"""Every crash the fuzz run (tests/fuzz/run_fuzz.py) or the bad-input probing found, as a
regression test: each input goes through every fuzz target (tests/fuzz/targets.py), which checks
that no exception escapes, fatal input writes nothing but one stderr line, the output reads back
as YAML with every item, no result is an internal error, and the fast reader agrees with the
exact one. Files the fuzz run saves in tests/fuzz/crashes/ are picked up too.
"""
from __future__ import annotations

import glob
import os

import pytest

from tests.conftest import REPO, krm, load12
from tests.fuzz.targets import check_all

RL = b"apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n"
FOUND = {
    # fuzz: a null (empty) mapping key: TypeError in the exact walker
    "null-key": RL + b"items:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n  data:\n    :\n"
                     b"      bus: virtio\n    b: ~\n",
    "null-key-with-anchor": RL + b"items:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: a}, data: "
                                 b"{: &x 1, b: *x}}\n",
    # fuzz: a CLI document whose first key is empty: TypeError finding the document's span
    "document-null-key": b":",
    "document-null-key-then-more": b": a\nb: c\n---\nkind: ConfigMap\n",
    # fuzz: a ResourceList apiVersion with a tab was echoed unquoted (not YAML to strict readers)
    "apiversion-with-tab": b"apiVersion: c\tonfig.kubernetes.io/v1\nkind: ResourceList\nitems: []\n",
    "apiversion-needing-quotes": b"apiVersion: 'a: b #c'\nkind: ResourceList\nitems: []\n",
    # probing: items nested 64-500 levels: rapidyaml's emitter refuses them (ExceptionVisit)
    "nested-64": RL + b"items:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: a}, data: " + b"[" * 64
                 + b"]" * 64 + b"}\n",
    "nested-300-block": RL + b"items:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n  data:\n    "
                        + b"- " * 300 + b"x\n",
    "nested-in-function-config": RL + b"items: []\nfunctionConfig: {kind: ConfigMap, data: {mode: validate, x: "
                                 + b"[" * 100 + b"]" * 100 + b"}}\n",
    # fuzz: `metadata.namespace: [null]` crashed the duplicate-object check (unhashable list)
    "namespace-list-twice": RL + b"items:\n" + b"- {apiVersion: instancetype.kubevirt.io/v1beta1, kind: "
                            b"VirtualMachineInstancetype, metadata: {name: a, namespace: [null]}, spec: {cpu: "
                            b"{guest: 1}, memory: {guest: 1Gi}}}\n" * 2
                            + b"functionConfig: {apiVersion: v1, kind: ConfigMap, metadata: {name: fn}, "
                              b"data: {mode: validate}}\n",
    # fuzz: a duplicate key "\n" made the fatal message two lines (and names with newlines, results)
    "duplicate-newline-key": RL + b'items:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: c0}, "\\n": 1, '
                             b'"\\n": 2}\n',
    "newline-in-name": RL + b'items:\n- {apiVersion: kubevirt.io/v1, kind: VirtualMachine, metadata: {name: "a\\nb"}, '
                       b'spec: {instancetype: {name: "x\\ny"}, template: {spec: {domain: {devices: {}}}}}}\n',
    # probing: a 5000-digit integer: ValueError (Python's int digit limit)
    "long-integer": RL + b"items:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: a}, data: {a: ~, b: "
                    + b"9" * 5000 + b"}}\n",
    # probing: a second `items` key was silently ignored (its items lost)
    "duplicate-items-key": RL + b"items: []\nitems:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}\n",
    # probing: aliases and tags in the functionConfig were read as "*m" and 1
    "function-config-alias": RL + b"items: []\nfunctionConfig: {apiVersion: v1, kind: ConfigMap, metadata: "
                             b"{name: x}, data: {other: &m validate, mode: *m, n: !!str 1}}\n",
    # probing: a byte order mark was "invalid YAML"
    "byte-order-mark": b"\xef\xbb\xbf" + RL + b"items: []\n",
    # probing: an alias bomb took 4 s to reject; an alias in its own anchor
    "alias-bomb": RL + b"items:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n"
                  + b"".join(b"  a%d: &a%d [%s]\n" % (i, i, b", ".join([b"*a%d" % (i - 1)] * 10) if i else b"x, x")
                             for i in range(9)),
    "alias-in-own-anchor": RL + b"items:\n- &s {apiVersion: v1, kind: ConfigMap, metadata: {name: a}, s: *s}\n",
    # probing: inline wrote over VM fields of the wrong type (spec.template: [1], annotations: [a])
    "vm-template-list": RL + b"items:\n- {apiVersion: kubevirt.io/v1, kind: VirtualMachine, metadata: {name: vm}, "
                        b"spec: {instancetype: {name: u1.medium}, template: [1]}}\n",
    "vm-annotations-list": RL + b"items:\n- {apiVersion: kubevirt.io/v1, kind: VirtualMachine, metadata: {name: vm, "
                           b"annotations: [a]}, spec: {instancetype: {name: u1.medium}, template: {spec: {domain: "
                           b"{devices: {}}}}}}\n",
}
SAVED = sorted(glob.glob(os.path.join(REPO, "tests", "fuzz", "crashes", "*.bin")))


@pytest.mark.parametrize("data", list(FOUND.values()), ids=list(FOUND))
def test_found_input(data):
    check_all(data)


@pytest.mark.parametrize("path", SAVED, ids=[os.path.basename(p) for p in SAVED])
def test_saved_crash(path):
    with open(path, "rb") as handle:
        check_all(handle.read())


def test_inline_keeps_wrong_typed_vm_fields():
    run = krm(FOUND["vm-template-list"])
    assert run.code == 1
    assert load12(run.stdout)["items"][0]["spec"]["template"] == [1]
    assert 'spec.template in body must be of type object: "array"' in run.stderr


def test_function_config_aliases_are_expanded():
    run = krm(FOUND["function-config-alias"])
    assert "data.other" in run.stderr and "*m" not in run.stderr


def test_duplicate_items_key_is_fatal():
    run = krm(FOUND["duplicate-items-key"])
    assert (run.code, run.stdout) == (1, "")
    assert 'duplicate key "items" in the ResourceList' in run.stderr

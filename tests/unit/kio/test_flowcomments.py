"""krmfn.kio.flowcomments: a comment after a plain scalar in a flow mapping is not its content."""
from __future__ import annotations

import re

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from krmfn.kio import tree as yt
from krmfn.kio.flowcomments import may_hold_one
from tests.conftest import krm, load12, resource_list

LIBYAML = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read(text: str):
    tree = yt.parse(text.encode())
    exact = yt.Walker(tree).value(yt.documents(tree)[0])
    assert yt.to_python(tree, yt.documents(tree)[0]) == exact
    return exact


@pytest.mark.parametrize("text, value", [
    ("k: {a: b # c\n}\n", {"a": "b"}),
    ("k: {a: 1 # one\n}\n", {"a": 1}),  # an integer, not the string `1 # one`
    ("k: {a: true # c\n}\n", {"a": True}),
    ("k: {a: ~ # c\n}\n", {"a": None}),
    ("k: {a: b c #c\n, d: 2}\n", {"a": "b c", "d": 2}),
    ("k: {a: b\t# c # d\n}\n", {"a": "b"}),
    ("k: {a: b, # c\n  d: e # f\n}\n", {"a": "b", "d": "e"}),
    ("k: [{a: b # c\n}]\n", [{"a": "b"}]),
    ("k: {? a # c\n  : b}\n", {"a": "b"}),  # an explicit key
    ("k: {a: b#c # d\n}\n", {"a": "b#c"}),  # a `#` without white space before it is content
    ("k: {a: 'b # c' # d\n}\n", {"a": "b # c"}),
])
def test_a_comment_after_a_plain_scalar_in_a_flow_mapping_ends_it(text, value):
    assert read(text) == load12(text) == yaml.load(text, Loader=LIBYAML) == {"k": value}


@pytest.mark.parametrize("text, holds", [
    ("k: {a: b # c\n}\n", True),
    ("k: {a: {b: c}, d: e # c\n}\n", True),
    ("k: {}\n# a comment\nn: v # c\n", False),  # `{}` opens no mapping to hold one
    ("k: v # c\nm: {a: b}\n", False),  # the comment is before every `{`
    ("k: {a: b, # c\n}\n", False),  # after a `,`: no scalar before it
    ("k: {a: b\n}\n", False),
])
def test_the_tree_is_walked_only_where_the_text_may_hold_such_a_comment(text, holds):
    assert may_hold_one(text.encode()) == holds


def test_an_inlined_vm_keeps_the_exact_value():
    vm = ("- apiVersion: kubevirt.io/v1\n  kind: VirtualMachine\n  metadata:\n    name: vm\n"
          "    labels: {app: web # the web tier\n    }\n  spec:\n"
          "    instancetype: {kind: VirtualMachineInstancetype, name: small}\n"
          "    template:\n      spec:\n        domain:\n          devices: {}\n"
          "- apiVersion: instancetype.kubevirt.io/v1beta1\n  kind: VirtualMachineInstancetype\n"
          "  metadata: {name: small}\n  spec: {cpu: {guest: 2}, memory: {guest: 1Gi}}\n")
    run = krm(resource_list(vm, "  apiVersion: v1\n  kind: ConfigMap\n  data: {mode: inline}\n"))
    assert run.code == 0, run.stderr
    assert load12(run.stdout)["items"][0]["metadata"]["labels"] == {"app": "web"}


_AFTER_OPEN_MAPPING = re.compile(rb"[^\s,\[\]{}][ \t]+#")
_ALPHABET = b" \t\n\r\f{}[],#ab:"


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=40).map(lambda raw: bytes(_ALPHABET[byte % len(_ALPHABET)] for byte in raw)))
def test_the_screen_finds_what_the_pattern_finds(data: bytes) -> None:
    """``may_hold_one`` looks from each `#` for what the pattern scans the whole text for."""
    opened = re.search(rb"\{(?![ \t]*\})", data)
    expected = opened is not None and _AFTER_OPEN_MAPPING.search(data, opened.end()) is not None
    assert may_hold_one(data) == expected

"""krmfn.kio.escapes: two `\\L`/`\\P` escapes in one double-quoted scalar read as YAML 1.2 reads them."""
from __future__ import annotations

import itertools

import pytest

from krmfn.kio import tree as yt
from krmfn.kio.escapes import decode_double_quoted
from tests.conftest import krm, load12, resource_list

ESCAPES = [r"\r", r"\n", r"\L", r"\P", r"\N", r"\t", r"\x41", r"\u2028", "x"]


@pytest.mark.parametrize(("inner", "value"), [
    (r"0\r\L\L", "0\r\u2028\u2028"),
    (r"a\x41\u00e9\U0001F600\N\_\e\0\/\ \"\\", "aA\u00e9\U0001F600\x85\xa0\x1b\0/ \"\\"),
    (r"tab\	end", "tab\tend"),
    (r"bad\q", None),
    (r"short\x4", None),
])
def test_decode_double_quoted(inner, value):
    assert decode_double_quoted(inner) == value


def read(text: str):
    tree = yt.parse(text.encode())
    return yt.to_python(tree, yt.documents(tree)[0])


def test_every_short_sequence_reads_as_yaml_1_2_does_or_is_refused():
    wrong = []
    for parts in itertools.product(ESCAPES, repeat=4):
        text = 'a: "' + "".join(parts) + '"\n'
        try:
            value = read(text)
        except yt.YamlError:
            continue  # `\\` before two `\L` (not in ESCAPES): rapidyaml refuses, a located fatal error
        if value != load12(text):
            wrong.append(text)
    assert wrong == []


def test_keys_and_flow_values_and_unchanged_neighbours():
    text = '"k\\r\\L\\P": ["v\\n\\P\\Lw", plain\\L\\L]\nother: "\\L"\n'
    assert read(text) == load12(text) == {"k\r\u2028\u2029": ["v\n\u2029\u2028w", "plain\\L\\L"], "other": "\u2028"}


def test_an_inlined_vm_keeps_the_exact_value():
    # the edge property test's find: the changed VM was written with "0\L\L"
    vm = ("- apiVersion: kubevirt.io/v1\n  kind: VirtualMachine\n  metadata:\n    name: vm\n    annotations:\n"
          '      a0: "0\\r\\L\\L"\n  spec:\n    instancetype: {kind: VirtualMachineInstancetype, name: small}\n'
          "    template:\n      spec:\n        domain:\n          devices: {}\n"
          "- apiVersion: instancetype.kubevirt.io/v1beta1\n  kind: VirtualMachineInstancetype\n"
          "  metadata: {name: small}\n  spec: {cpu: {guest: 2}, memory: {guest: 1Gi}}\n")
    run = krm(resource_list(vm, "  apiVersion: v1\n  kind: ConfigMap\n  data: {mode: inline}\n"))
    assert run.code == 0, run.stderr
    annotations = load12(run.stdout)["items"][0]["metadata"]["annotations"]
    assert annotations["a0"] == "0\r\u2028\u2028"

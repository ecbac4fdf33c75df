"""krmfn.kio.folding: the quoted scalars rapidyaml folds otherwise than YAML 1.2 and go-yaml."""
from __future__ import annotations

import pytest
import yaml

from krmfn.kio import tree as yt
from tests.conftest import krm, load12, resource_list

LIBYAML = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read(text: str):
    tree = yt.parse(text.encode())
    exact = yt.Walker(tree).value(yt.documents(tree)[0])
    assert yt.to_python(tree, yt.documents(tree)[0]) == exact
    return exact


@pytest.mark.parametrize("text, value", [
    # YAML 1.2, 7.3.1 (s-double-escaped): the empty lines after an escaped line break are line feeds
    ('k: "a\\\n\n b"\n', "a\nb"),
    ('k: "a\\\n\n\n b"\n', "a\n\nb"),
    ('k: "a \\\n \t\n b"\n', "a \nb"),  # white space before the `\` is content; a line of blanks is empty
    ('k: "\\\n\n b"\n', "\nb"),
    ('k: "a\\\r\n\r\n b"\r\n', "a\nb"),
    ('k: "a\\\\\n\n b"\n', "a\\\nb"),  # an escaped backslash, then a line break folded with the empty line
    # 7.3.3: the first line's trailing white space is not content, a tab in it either
    ("k: '\t\n  x'\n", " x"),
    ("k: ' \t \n  x'\n", " x"),
    ('k: "\t\n  x"\n', " x"),
    ("k: '\t'\n", "\t"),  # on one line it is the content
])
def test_quoted_scalars_read_as_yaml_1_2_and_go_yaml_read_them(text, value):
    assert read(text) == load12(text) == yaml.load(text, Loader=LIBYAML) == {"k": value}


def test_keys_flow_entries_and_a_neighbour_that_reads_like_the_misreading():
    # Scalars are paired with the tree's quoted nodes in order: "a b", which is what rapidyaml made
    # of the first one, stays "a b".
    text = 'k: "a\\\n\n b"\nn: "a b"\n? "x\\\n\n y"\n: [\'\t\n z\', "a b"]\n'
    assert read(text) == load12(text) == {"k": "a\nb", "n": "a b", "x\ny": [" z", "a b"]}


def test_a_comment_or_block_scalar_with_the_spelling_changes_nothing():
    text = "# a \\\n\nk: |\n  '\t\n  x\\\n\n  y\nn: 'a b'\n"
    assert read(text) == load12(text) == {"k": "'\t\nx\\\n\ny\n", "n": "a b"}


def test_an_inlined_vm_keeps_the_exact_value():
    vm = ("- apiVersion: kubevirt.io/v1\n  kind: VirtualMachine\n  metadata:\n    name: vm\n    annotations:\n"
          '      a0: "first\\\n\n        second"\n'
          "  spec:\n    instancetype: {kind: VirtualMachineInstancetype, name: small}\n"
          "    template:\n      spec:\n        domain:\n          devices: {}\n"
          "- apiVersion: instancetype.kubevirt.io/v1beta1\n  kind: VirtualMachineInstancetype\n"
          "  metadata: {name: small}\n  spec: {cpu: {guest: 2}, memory: {guest: 1Gi}}\n")
    run = krm(resource_list(vm, "  apiVersion: v1\n  kind: ConfigMap\n  data: {mode: inline}\n"))
    assert run.code == 0, run.stderr
    assert load12(run.stdout)["items"][0]["metadata"]["annotations"]["a0"] == "first\nsecond"

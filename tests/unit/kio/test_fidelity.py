"""Nothing lost, nothing mangled: values, their spelling, annotations and order survive.

The oracle for values is a YAML 1.2 reader (ruamel.yaml's safe loader); for spelling it is the
input text itself.
"""
from __future__ import annotations

import contextlib
import io
import os
import re

import pytest
import yaml
from ruamel.yaml import YAML

from krmfn.cli.main import main
from krmfn.kio import tree as yt
from krmfn.kio.emit import dump
from krmfn.kio.output import render_escaped
from krmfn.kio.patch import patch
from tests.conftest import REPO, VALIDATE, krm, load12, resource_list

CORPUS = os.path.join(REPO, "tests", "data", "fidelity-scalars.yaml")


def corpus_text() -> str:
    with open(CORPUS) as handle:
        return handle.read()


def as_item(text: str) -> str:
    """A document indented as the first item of a ResourceList `items:` list."""
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    return "\n".join(("- " if i == 0 else "  ") + line if line else "" for i, line in enumerate(lines)) + "\n"


def data_lines(text: str) -> dict[str, str]:
    """`key: value` source lines of the corpus' data section, keyed by key."""
    out = {}
    for line in text.splitlines():
        match = re.match(r"^\s+([a-z_0-9]+): (.+)$", line)
        if match:
            out[match.group(1)] = match.group(2)
    return out


def test_passthrough_keeps_every_value():
    run = krm(resource_list(as_item(corpus_text()), VALIDATE))
    assert run.code == 0
    assert run.doc()["items"] == [load12(corpus_text())]


def items_text(output: str) -> str:
    """The `items:` block of a ResourceList as written (up to the next top-level key)."""
    block = output.split("items:\n", 1)[1]
    return re.split(r"^(?=[a-zA-Z])", block, maxsplit=1, flags=re.MULTILINE)[0]


def test_passthrough_keeps_every_byte():
    item = as_item(corpus_text())
    run = krm(resource_list(item, VALIDATE))
    assert run.code == 0, run.stderr
    assert items_text(run.stdout) == item


def test_annotations_pass_through_exactly():
    run = krm(resource_list(as_item(corpus_text()), VALIDATE))
    annotations = run.doc()["items"][0]["metadata"]["annotations"]
    assert annotations == load12(corpus_text())["metadata"]["annotations"]


ANCHORED = """- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: a
    labels: &labels {app: web, tier: '1'}
  data: &data
    k: v
  extra:
    labels: *labels
    <<: *data
"""


def test_unchanged_item_keeps_anchors_aliases_and_merge_keys():
    run = krm(resource_list(ANCHORED, VALIDATE))
    assert run.code == 0, run.stderr
    assert items_text(run.stdout) == ANCHORED
    assert run.doc()["items"][0]["extra"] == {"labels": {"app": "web", "tier": "1"}, "k": "v"}


def test_comments_are_kept():
    # kpt takes the function's comments as they are (kpt fn eval/render with an echoing
    # function leave every comment of the file in place, once).
    item = "- # head comment\n  apiVersion: v1 # eol\n  kind: ConfigMap\n  metadata:\n    name: a\n"
    run = krm(resource_list(item, VALIDATE))
    assert items_text(run.stdout) == item


def test_item_order_is_kept():
    items = "".join(f"- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: cm-{i}\n" for i in (3, 1, 2))
    names = [item["metadata"]["name"] for item in krm(resource_list(items, VALIDATE)).doc()["items"]]
    assert names == ["cm-3", "cm-1", "cm-2"]


@pytest.mark.parametrize("text", [
    "a: \"ctrl \\x01 \\a \\e \\0 char\"\n",
    "a: \"nel \\N ls \\L ps \\P bom \\ufeff\"\n",
    "a: \"cr \\r here\"\n",
    "a: \"c1 \\x85 \\x9f\"\n",
])
def test_control_characters_are_escaped_not_written_raw(text):
    item = "- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n  data:\n    " + text
    run = krm(resource_list(item, VALIDATE))
    assert run.code == 0
    assert run.doc()["items"][0]["data"] == load12(text)
    assert items_text(run.stdout) == item
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff]", run.stdout)


def test_changed_item_keeps_untouched_spellings():
    source = corpus_text()
    tree = yt.parse(source.encode())
    node = yt.documents(tree)[0]
    old = yt.to_python(tree, node)
    new = {**old, "data": {**old["data"], "added": "yes", "version": "2.0"}}
    new["metadata"] = {**old["metadata"], "labels": {"new": "1.10"}}
    patch(tree, node, old, new)
    text = render_escaped(tree, node, long_lines=False)
    # ruamel (the oracle) reads 1_000 as 1000, as Go's yaml.v3 and krmfn do.
    read = load12(text)
    assert read["data"]["underscore"] == new["data"]["underscore"] == 1000
    read["data"].pop("nan"), new["data"].pop("nan")
    assert read == new
    lines = data_lines(text)
    for key in ("octal_like", "hex", "tilde", "yes_plain", "exp", "sexagesimal", "single_octal", "escape_e",
                "tagged_int", "tagged_str", "tiny", "huge", "long_float", "big_int"):
        assert lines[key] == data_lines(source)[key]
    assert lines["added"] == "'yes'" and lines["version"] == "'2.0'"


def test_rendering_matches_source_values():
    tree = yt.parse(corpus_text().encode())
    text = render_escaped(tree, yt.documents(tree)[0], long_lines=False)
    assert load12(text) == load12(corpus_text())


def test_dump_round_trips_through_yaml_1_1_and_1_2():
    value = load12(corpus_text())
    value["data"].pop("nan")  # nan != nan
    text = dump(value)
    assert load12(text) == value
    # Strings are quoted wherever a YAML 1.1 reader (PyYAML, Go yaml.v2) would take them for
    # something else, so both generations of readers see the same strings.
    strings = {k: v for k, v in value["data"].items() if isinstance(v, str)}
    read11 = yaml.safe_load(text)["data"]
    assert {k: read11[k] for k in strings} == strings


def test_ruamel_reference_agrees_on_corpus():
    # Guard the oracle itself: ruamel reads the corpus as YAML 1.2, load12 its octal as yaml.v3 does.
    value = YAML(typ="safe", pure=True).load(corpus_text())
    assert value["data"]["yes_plain"] == "yes" and value["data"]["octal_like"] == 755
    assert load12(corpus_text())["data"]["octal_like"] == 0o755


# --- a block scalar that ends the input --------------------------------------------------------

# Every chomping indicator, with an indentation indicator too (the content then one column deeper).
BLOCK_HEADERS = ["|", "|-", "|+", ">", ">-", ">+", "|2", "|2-", "|+2", ">1", ">-1", ">1+"]
# What a header becomes where a line break must follow a text it ends: strip chomping, the
# indentation indicator kept (what Go's yaml.v3, so kpt, writes for such a value).
STRIPPED = {"|": "|-", "|+": "|-", ">": ">-", ">+": ">-", "|2": "|2-", "|+2": "|2-", ">1": ">1-", ">1+": ">1-"}
CHANGED_FIRST = """apiVersion: instancetype.kubevirt.io/v1beta1
kind: VirtualMachineInstancetype
metadata:
  name: small
spec:
  cpu: {guest: 2}
  memory: {guest: 1Gi}
---
apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: vm
spec:
  runStrategy: Halted
  instancetype: {kind: VirtualMachineInstancetype, name: small}
  template:
    spec:
      domain:
        devices: {}
"""
WRITING_MODES = ["inline", "normalize", "generate", "validate"]


def config_map(header: str, final_newline: bool) -> str:
    """The seven-line ConfigMap of the report: a block scalar ends it."""
    deeper = any(char.isdigit() for char in header)
    return (f"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  key: {header}\n"
            f"    line\n{'     ' if deeper else '    '}line" + ("\n" if final_newline else ""))


def ended(text: str, header: str) -> str:
    """``text`` (ending with the block scalar) followed by a line break that keeps its value."""
    if text.endswith("\n"):
        return text
    return text.replace(f"key: {header}\n", f"key: {STRIPPED.get(header, header)}\n") + "\n"


def as_entry(text: str) -> str:
    lines = text.split("\n")
    return "\n".join(("- " if number == 0 else "  ") + line if line else line
                     for number, line in enumerate(lines))


def cli(*args: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    assert code == 0, err.getvalue()
    return out.getvalue()


@pytest.mark.parametrize("final_newline", [True, False], ids=["final-newline", "no-final-newline"])
@pytest.mark.parametrize("header", BLOCK_HEADERS)
@pytest.mark.parametrize("mode", WRITING_MODES)
def test_a_block_scalar_ending_the_resource_list_keeps_its_value(mode, header, final_newline):
    # the ConfigMap is the last item, its block scalar the end of the input; a VM before it changes
    cm = config_map(header, final_newline)
    items = "".join(as_entry(doc) + "\n" for doc in CHANGED_FIRST.split("---\n")) + as_entry(cm)
    data = (f"  apiVersion: v1\n  kind: ConfigMap\n  metadata: {{name: f}}\n  data: {{mode: {mode}}}\n"
            if mode != "generate" else
            "  apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: f}\n"
            "  data: {mode: generate, from: u1.medium, name: u1.mine, vcpus: '2', memory: 2Gi}\n")
    text = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nfunctionConfig:\n" + data + "items:\n" + items
    run = krm(text)
    assert run.code == 0, run.stderr
    assert as_entry(ended(cm, header)) in items_text(run.stdout)  # every other byte as it came
    assert load12(run.stdout)["items"][2] == load12(cm)
    assert yt.Walker(tree := yt.parse(text.encode())).value(yt.documents(tree)[0])["items"][2] == load12(cm)


@pytest.mark.parametrize("final_newline", [True, False], ids=["final-newline", "no-final-newline"])
@pytest.mark.parametrize("header", BLOCK_HEADERS)
@pytest.mark.parametrize("mode", ["inline", "normalize"])
def test_a_block_scalar_ending_a_file_keeps_its_value_and_its_bytes(mode, header, final_newline, tmp_path):
    cm = config_map(header, final_newline)
    (tmp_path / "cm.yaml").write_text(cm)
    (tmp_path / "vm.yaml").write_text(CHANGED_FIRST)
    # the file alone: its bytes, final line break or not
    assert cli(mode, "--no-config", str(tmp_path / "cm.yaml")) == cm
    # followed by another document: a line break that keeps the value
    out = cli(mode, "--no-config", str(tmp_path / "cm.yaml"), str(tmp_path / "vm.yaml"))
    assert out.startswith(ended(cm, header) + "---\n")
    assert list(yaml.safe_load_all(out))[0] == load12(cm)
    # after a changed document: the file's bytes again
    out = cli(mode, "--no-config", str(tmp_path / "vm.yaml"), str(tmp_path / "cm.yaml"))
    assert out.endswith("---\n" + cm)

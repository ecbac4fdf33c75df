"""Issue 14's edges: what real packages hold must not change anything the function does not own.

Each test feeds a ResourceList as kpt writes one and compares the output text with the input
text (unchanged items) or with the expected text (a changed VM).
"""
from __future__ import annotations

import re

import pytest

from krmfn.kio import output

from tests.conftest import krm, krmfn_process, load12, resource_list
from tests.unit.kio.test_fidelity import items_text

INLINE = "  apiVersion: v1\n  kind: ConfigMap\n  data: {mode: inline}\n"
MODES = {
    "inline": INLINE,
    "validate": "  apiVersion: v1\n  kind: ConfigMap\n  data: {mode: validate}\n",
    "generate": "  apiVersion: v1\n  kind: ConfigMap\n  data: {mode: generate}\n",
    "normalize": "  apiVersion: v1\n  kind: ConfigMap\n  data: {mode: normalize}\n",
    "adopt": "  apiVersion: v1\n  kind: ConfigMap\n  data: {mode: adopt, write: 'true'}\n",
}

DEPLOYMENT = """- apiVersion: apps/v1
  kind: Deployment
  metadata:
    name: web # the web tier
    labels: {tier: on, version: "1.10"}
  spec:
    template:
      spec:
        containers:
        - name: c
          args: ["--debug", yes]
          env:
          - {name: COLOR, value: "\\e[31mred\\e[0m"}
        volumes:
        - name: v
          configMap: {name: x, defaultMode: 0755}
"""
NUL = """- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: sep
  data:
    sep: "a\\0b"
    sep2: "\\x00 \\u0000"
"""
ANCHORS = """- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: anchors
    labels: &labels {app: web}
  data: &data
    ref: !Ref foo
    bin: !!binary aGVsbG8=
    tiny: 1.0e-400
    huge: 1.0e+400
    long: 3.14159265358979323846264338
  copy:
    <<: *data
    labels: *labels
"""
TAGGED = """- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: tagged
  data:
    i: !!int "42"
    b: !!bool "true"
    n: !!null ""
    f: !!float "1.5"
"""
CONTROLS = """- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: controls
  data:
    all: "\\a \\b \\v \\f \\x01 \\x1b \\x7f \\N \\L \\P \\uFEFF \\x85 \\u202E \\e"
"""
LONG_KEY = ("- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: long\n  data:\n"
            "    ? " + "k" * 1100 + "\n    : v\n")
UNOWNED = DEPLOYMENT + NUL + ANCHORS + TAGGED + CONTROLS + LONG_KEY


@pytest.mark.parametrize("mode", sorted(MODES))
def test_items_the_function_does_not_change_come_out_byte_for_byte(mode):
    run = krm(resource_list(UNOWNED, MODES[mode]))
    assert run.code == 0, run.stderr
    assert items_text(run.stdout) == UNOWNED


def test_tagged_quoted_scalars_read_as_yaml_1_2_says():
    run = krm(resource_list(TAGGED, MODES["validate"]))
    assert run.code == 0, run.stderr
    assert run.doc()["items"][0]["data"] == {"i": 42, "b": True, "n": None, "f": 1.5}


def test_a_tag_that_does_not_fit_its_scalar_is_a_located_error():
    item = TAGGED.replace('"42"', '"forty-two"').replace("name: tagged", "name: tagged\n    annotations:\n"
                                                         "      internal.config.kubernetes.io/path: 'cm.yaml'")
    run = krm(resource_list(item, MODES["validate"]))
    assert run.code == 1 and run.stdout == ""
    assert run.stderr == "krmfn: cm.yaml:6: cannot read 'forty-two' as !!int\n"


INSTANCETYPE = """- apiVersion: instancetype.kubevirt.io/v1beta1
  kind: VirtualMachineInstancetype
  metadata:
    name: small
  spec:
    cpu: {guest: 2}
    memory: {guest: 1Gi}
"""
VM = """- apiVersion: kubevirt.io/v1
  kind: VirtualMachine
  metadata:
    name: vm # the VM
    labels: &labels
      tier: on
      version: "1.10"
    annotations:
      color: "\\e[31mred\\e[0m"
      mode: !!str 0755
  spec:
    instancetype:
      kind: VirtualMachineInstancetype
      name: small
    runStrategy: Always
    template:
      metadata:
        labels: *labels
      spec:
        domain:
          devices: {}
          features: &features
            acpi: {}
        volumes:
        - name: root
          containerDisk: {image: "quay.io/containerdisks/fedora:41", imagePullPolicy: !!str IfNotPresent}
"""
VM_INLINED = """- apiVersion: kubevirt.io/v1
  kind: VirtualMachine
  metadata:
    name: vm
    labels:
      tier: on
      version: "1.10"
    annotations:
      color: "\\e[31mred\\e[0m"
      mode: !!str 0755
      krmfn.dev/inlined-from: instancetype=VirtualMachineInstancetype/small
  spec:
    runStrategy: Always
    template:
      metadata:
        labels:
          tier: on
          version: "1.10"
      spec:
        domain:
          devices:
            disks:
              - name: root
            interfaces:
              - name: default
                bridge: {}
          features:
            acpi: {}
          cpu:
            sockets: 2
            cores: 1
            threads: 1
          memory:
            guest: 1Gi
          machine:
            type: q35
        volumes:
          - name: root
            containerDisk: {image: "quay.io/containerdisks/fedora:41",imagePullPolicy: !!str IfNotPresent}
        networks:
          - name: default
            pod: {}
        architecture: amd64
        evictionStrategy: None
"""


def test_a_changed_vm_keeps_every_scalar_it_did_not_change():
    # Aliases and merge keys are expanded (the item is re-read on its own and resolved), every
    # other scalar keeps its spelling, tag and quoting; escapes are written as kpt writes them.
    run = krm(resource_list(INSTANCETYPE + VM + NUL, INLINE))
    assert run.code == 0, run.stderr
    assert items_text(run.stdout) == INSTANCETYPE + VM_INLINED + NUL
    assert load12(items_text(run.stdout))[1]["metadata"]["annotations"]["mode"] == "0755"


def test_a_changed_vm_with_a_long_key_is_still_yaml():
    vm = VM.replace("      mode: !!str 0755\n", "      ? " + "k" * 1100 + "\n      : v\n")
    run = krm(resource_list(INSTANCETYPE + vm, INLINE))
    assert run.code == 0, run.stderr
    assert load12(run.stdout)["items"][1]["metadata"]["annotations"]["k" * 1100] == "v"


def test_cli_inline_writes_unchanged_documents_as_read(tmp_path):
    (tmp_path / "web.yaml").write_text("# web\n" + as_document(DEPLOYMENT) + "---\n" + as_document(NUL))
    (tmp_path / "vm.yaml").write_text(as_document(INSTANCETYPE) + "---\n" + as_document(VM))
    run = krmfn_process(["inline", str(tmp_path)])
    assert run.code == 0, run.stderr
    documents = run.stdout.split("\n---\n")
    assert documents[2:] == ["# web\n" + as_document(DEPLOYMENT).rstrip("\n"), as_document(NUL)]
    assert documents[0] == as_document(INSTANCETYPE).rstrip("\n")
    # the file writes its lists compact (`volumes:` then `- name: root`): so do the changed lines
    compact = (VM_INLINED.replace("\n              - name: root", "\n            - name: root")
               .replace("\n              - name: default\n                bridge",
                        "\n            - name: default\n              bridge")
               .replace("\n          - name: root\n            containerDisk",
                        "\n        - name: root\n          containerDisk")
               .replace("\n          - name: default\n            pod", "\n        - name: default\n          pod"))
    assert compact.count("\n        - name:") == 2 and compact.count("\n            - name:") == 2
    assert documents[1] == as_document(compact).rstrip("\n")


def as_document(item: str) -> str:
    """A ResourceList entry (`- ` and two spaces) as the document it came from."""
    return "".join(line[2:] + "\n" for line in item.splitlines())


def test_results_of_an_earlier_step_with_control_characters_are_written_back():
    # kpt passes the results of earlier functions; one naming a namespace "\u2028" (a line
    # separator) cannot be written raw: it is written escaped, not lost, and the run goes on.
    earlier = ('results:\n- message: m\n  severity: info\n  resourceRef: {kind: VirtualMachine, name: vm, '
               'namespace: "\\L"}\n')
    run = krm(resource_list(NUL, MODES["validate"]) + earlier)
    assert run.code == 0, run.stderr
    assert run.doc()["results"][0]["resourceRef"]["namespace"] == "\u2028"


# VM without anchors or control characters: written from one rendering of the list.
PLAIN_VM = (VM.replace("    labels: &labels\n", "    labels:\n")
            .replace("        labels: *labels\n", "        labels: {tier: on}\n")
            .replace('      color: "\\e[31mred\\e[0m"\n', "      note: |\n        two\n          lines\n")
            .replace("features: &features", "features:"))
UNCHANGED = "- apiVersion: v1\n  kind: ConfigMap  # kept\n  metadata: {name: plain}\n  data: {mode: 0755}\n"


@pytest.mark.parametrize("column", [0, 2])
@pytest.mark.parametrize("others", [UNCHANGED, UNCHANGED + DEPLOYMENT], ids=["clean", "with-escapes"])
def test_one_rendering_of_the_list_writes_what_one_rendering_per_item_writes(column, others, monkeypatch):
    # Changed items are cut from one rapidyaml rendering of the whole list when it can be used
    # (krmfn.kio.output._from_one_rendering); item by item otherwise (a control character
    # anywhere). Both give the same bytes, at the input's column, unchanged items as they came.
    items = "".join(("\n".join(" " * column + line if line else line for line in item.split("\n")))
                    for item in (INSTANCETYPE, PLAIN_VM, others))
    text = resource_list(items, INLINE)
    one_rendering = []
    original = output._from_one_rendering
    monkeypatch.setattr(output, "_from_one_rendering",
                        lambda rl, outcome: one_rendering.append(found := original(rl, outcome)) or found)
    fast = krm(text)
    assert [chunks is not None for chunks in one_rendering] == [others == UNCHANGED]
    monkeypatch.setattr(output, "_ONE_RENDERING_COLUMNS", ())
    slow = krm(text)
    assert fast.code == slow.code == 0, fast.stderr
    assert fast.stdout == slow.stdout
    assert items_text(fast.stdout).startswith(" " * column + "- apiVersion: instancetype")
    assert "".join(" " * column + line + "\n" if line else "\n" for line in others.splitlines()) \
        in items_text(fast.stdout)
    assert load12(fast.stdout)["items"][1]["metadata"]["annotations"]["note"] == "two\n  lines\n"


def test_changed_items_with_anchors_each_patched_on_their_own_copy():
    """Each changed item with anchors is patched on a copy parsed on its own; a freed copy's id()
    comes back for the next one, so the subtrees built for one must never be reused in another
    (they were: new keys came out as an empty `:`). Run as a process, as kpt runs it: the ids
    come back there with these items."""
    second = VM.replace("name: vm # the VM", "name: vm2").replace("tier: on", "tier: off")
    items = ANCHORS + INSTANCETYPE + TAGGED + VM + second
    alone = [krm(resource_list(INSTANCETYPE + vm, MODES["normalize"])) for vm in (VM, second)]
    run = krmfn_process([], resource_list(items, MODES["normalize"]))
    assert run.code == 0, run.stderr
    assert vm_values(run.stdout) == [vm_values(one.stdout)[0] for one in alone]


def vm_values(output: str) -> list:
    """The VirtualMachines of a ResourceList output (the other items may hold custom tags)."""
    entries = re.split(r"(?m)^(?=- )", items_text(output))
    return [load12(entry)[0] for entry in entries if "kind: VirtualMachine\n" in entry]

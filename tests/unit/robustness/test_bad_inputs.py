"""Bad inputs, one row each, with the exact outcome expected (issue 8).

Each row is: the input (a ResourceList, or raw bytes), the mode, the exit code, what stdout must
be, and the text expected either on stderr (fatal input: one `krmfn: ` line, nothing on stdout,
exit 1) or in a result's message, with the result's `field.path`.

stdout properties:

* `empty`: nothing (fatal input: kpt would delete whatever a function leaves out);
* `unchanged`: every input item comes out, in order, with the same values;
* `item unchanged`: every item comes out, and the item the expected result names is unchanged
  (inline expands the other VMs);
* `expanded`: every item comes out, and every VM with a matcher is expanded.

Rows run in-process (`tests.conftest.krm`); the resource-bound rows (alias bombs, deep nesting,
oversized input) also run in a process with a 1 GiB address-space limit and a time limit.
"""
from __future__ import annotations

import copy
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from krmfn.kio import tree as yt
from krmfn.kio.emit import dump
from krmfn.kio.items import convert
from tests.conftest import REPO, krm, load12
from tests.unit.robustness.strategies import REPORT

RL = b"apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n"
CM = b"- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n"
FC = {"validate": b"functionConfig: {apiVersion: v1, kind: ConfigMap, metadata: {name: fn}, data: {mode: validate}}\n",
      "inline": b"functionConfig: {apiVersion: v1, kind: ConfigMap, metadata: {name: fn}, data: {mode: inline}}\n"}

IT = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
      "metadata": {"name": "it"}, "spec": {"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}}}
PREF = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterPreference",
        "metadata": {"name": "pref"}, "spec": {"devices": {"preferredDiskBus": "virtio"},
                                              "cpu": {"preferredCPUTopology": "cores"}}}
VM = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "lab"},
      "spec": {"runStrategy": "Halted", "instancetype": {"name": "it"}, "preference": {"name": "pref"},
               "template": {"spec": {"domain": {"devices": {}},
                                     "volumes": [{"name": "root", "containerDisk": {"image": "fedora"}}]}}}}
OBJECTS = {"it": IT, "pref": PREF, "vm": VM}


def items_rl(items: list[Any], mode: str = "validate") -> bytes:
    return RL + dump({"items": items}).encode() + b"\n" + FC[mode]


def with_value(target: str, path: str, value: Any, mode: str = "validate") -> bytes:
    """The bundle (instance type, preference, VM) with one field of `target` set to `value`."""
    objects = copy.deepcopy(OBJECTS)
    current = objects[target]
    *parents, last = path.split(".")
    for key in parents:
        current = current.setdefault(key, {})
    current[last] = value
    return items_rl([objects["it"], objects["pref"], objects["vm"]], mode)


def deep(opener: bytes, closer: bytes, levels: int) -> bytes:
    return RL + b"items:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: a}, data: " + opener * levels + \
        b"1" * (opener == b"{a: ") + closer * levels + b"}\n"


def deep_block(levels: int) -> bytes:
    lines = [RL, b"items:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n  data:\n"]
    lines += [b"  " * (i + 2) + b"a:\n" for i in range(levels)]
    return b"".join(lines) + b"  " * (levels + 2) + b"b: 1\n"


def laughs(levels: int, where: str = "item") -> bytes:
    """The billion laughs: each level is ten aliases of the one before."""
    lines = [b"a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [b"a%d: &a%d [%s]" % (i, i, b", ".join([b"*a%d" % (i - 1)] * 10)) for i in range(1, levels)]
    if where == "functionConfig":
        return RL + b"items: []\nfunctionConfig:\n" + b"".join(b"  " + line + b"\n" for line in lines)
    if where == "key":
        lines.append(b"? *a%d\n  : 1" % (levels - 1))
    return RL + b"items:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n" + \
        b"".join(b"  " + line + b"\n" for line in lines)


def many_disks(count: int, mode: str) -> bytes:
    vm = copy.deepcopy(VM)
    vm["spec"]["template"]["spec"] = {
        "domain": {"devices": {"disks": [{"name": f"d{i}", "disk": {}} for i in range(count)]}},
        "volumes": [{"name": f"d{i}", "containerDisk": {"image": f"img{i}"}} for i in range(count)]}
    return items_rl([IT, PREF, vm], mode)


@dataclass(frozen=True)
class Row:
    id: str
    data: bytes | Callable[[], bytes]
    code: int
    stdout: str  # empty | unchanged | item unchanged | expanded
    expect: str  # stderr substring (fatal) or a result message substring ("" = no error result)
    path: str | None = None  # field.path of that result
    env: dict[str, str] = field(default_factory=dict)
    bounded: bool = False  # also run in a memory- and time-limited process

    def input(self) -> bytes:
        return self.data() if callable(self.data) else self.data


FATAL = "empty"
ROWS = [
    # --- not YAML, binary, empty ------------------------------------------------------------
    Row("not-yaml-unclosed-flow", b"items: [\n", 1, FATAL, "invalid YAML"),
    Row("not-yaml-tab-indent", RL + b"items:\n-\tapiVersion: v1\n\tkind: ConfigMap\n", 1, FATAL, "invalid YAML"),
    Row("not-yaml-unterminated-quote", RL + b'items:\n- {a: "b}\n', 1, FATAL, "invalid YAML"),
    Row("not-yaml-container-key", RL + b"items:\n- ? [a, b]\n  : 1\n", 1, FATAL, "invalid YAML"),
    Row("not-yaml-bad-int-tag", RL + b"items:\n- {kind: A, metadata: {name: a}, n: !!int x}\n", 1, FATAL,
        "cannot read 'x' as !!int"),
    Row("binary-nul", b"\x00\x01\x02\x03binary\xff", 1, FATAL, "input is binary"),
    Row("binary-png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 1, FATAL, "input is binary"),
    Row("binary-utf16", "apiVersion: v1\nkind: ResourceList\n".encode("utf-16"), 1, FATAL, "input is binary"),
    Row("not-utf8-latin1", RL + b"items:\n- {kind: A, metadata: {name: caf\xe9}}\n", 1, FATAL, "not UTF-8"),
    Row("empty-stream", b"", 1, FATAL, "empty input"),
    Row("only-comments", b"  \n# nothing here\n\n", 1, FATAL, "empty input"),
    Row("only-separators", b"---\n---\n...\n", 1, FATAL, "empty input"),
    # --- not a ResourceList -----------------------------------------------------------------
    Row("plain-list", b"- a\n- b\n", 1, FATAL, "not a ResourceList"),
    Row("scalar-document", b"hello\n", 1, FATAL, "not a ResourceList"),
    Row("other-kind", b"apiVersion: v1\nkind: ConfigMap\nitems: []\n", 1, FATAL, "not a ResourceList"),
    Row("kind-lowercase", b"apiVersion: config.kubernetes.io/v1\nkind: resourcelist\nitems: []\n", 1, FATAL,
        "not a ResourceList"),
    Row("two-resourcelists", RL + b"items: []\n---\n" + RL + b"items: []\n", 1, FATAL, "got 2 documents"),
    # --- items ------------------------------------------------------------------------------
    Row("items-empty-list", RL + b"items: []\n" + FC["validate"], 0, "unchanged", ""),
    Row("items-null", RL + b"items: null\n" + FC["validate"], 0, "unchanged", ""),
    Row("items-missing", RL + FC["validate"], 0, "unchanged", ""),
    Row("items-mapping", RL + b"items: {a: 1}\n", 1, FATAL, "items must be a list"),
    Row("items-scalar", RL + b"items: 5\n", 1, FATAL, "items must be a list"),
    Row("items-numbers", RL + b"items: [1, 2]\n", 1, FATAL, "items[0] is not a mapping"),
    Row("items-null-entry", RL + b"items: [~]\n", 1, FATAL, "items[0] is not a mapping"),
    Row("items-list-entry", RL + b"items:\n" + CM + b"- [x]\n", 1, FATAL, "items[1] is not a mapping"),
    Row("items-string-entry", RL + b"items:\n" + CM + b"- just a string\n", 1, FATAL, "items[1] is not a mapping"),
    Row("function-config-list", RL + b"items: []\nfunctionConfig: [1]\n", 1, FATAL, "functionConfig must be a mapping"),
    Row("results-mapping", RL + b"items: []\nresults: {a: 1}\n", 1, FATAL, "results must be a list"),
    Row("results-numbers", RL + b"items: []\nresults: [1]\n", 1, FATAL, "results[0] is not a mapping"),
    # --- duplicate mapping keys -------------------------------------------------------------
    Row("duplicate-key-item", RL + b"items:\n- {kind: A, metadata: {name: a}, kind: B}\n", 1, FATAL,
        'duplicate key "kind"'),
    Row("duplicate-key-quoted", RL + b"items:\n- {kind: A, metadata: {name: a, \"name\": b}}\n", 1, FATAL,
        'duplicate key "name"'),
    Row("duplicate-key-deep-in-vm", RL + b"items:\n- apiVersion: kubevirt.io/v1\n  kind: VirtualMachine\n"
        b"  metadata: {name: vm}\n  spec:\n    template:\n      spec:\n        domain:\n          cpu: {cores: 1}\n"
        b"          devices: {}\n          cpu: {cores: 2}\n", 1, FATAL, 'duplicate key "cpu"'),
    Row("duplicate-key-resourcelist", RL + b"items: []\nitems:\n" + CM, 1, FATAL,
        'duplicate key "items" in the ResourceList'),
    Row("duplicate-key-function-config", RL + b"items: []\nfunctionConfig: {kind: ConfigMap, data: {mode: inline, "
        b"mode: validate}}\n", 1, FATAL, 'duplicate key "mode"'),
    # --- deep nesting -----------------------------------------------------------------------
    Row("deep-flow-seq-5000", lambda: deep(b"[", b"]", 5000), 1, FATAL, "nesting deeper than 500 levels", bounded=True),
    Row("deep-flow-map-5000", lambda: deep(b"{a: ", b"}", 5000), 1, FATAL, "nesting deeper than 500 levels",
        bounded=True),
    Row("deep-block-seq-5000", lambda: RL + b"items:\n- kind: A\n  metadata: {name: a}\n  data:\n    "
        + b"- " * 5000 + b"x\n", 1, FATAL, "nesting deeper than 500 levels", bounded=True),
    Row("deep-block-map-1000", lambda: deep_block(1000), 1, FATAL, "nesting deeper than 500 levels", bounded=True),
    Row("deep-unclosed-100000", lambda: RL + b"items:\n- {a: " + b"[" * 100_000 + b"\n", 1, FATAL, "invalid YAML",
        bounded=True),
    Row("deep-function-config-2000", lambda: RL + b"items: []\nfunctionConfig: {kind: ConfigMap, data: "
        + b"[" * 2000 + b"]" * 2000 + b"}\n", 1, FATAL, "nesting deeper than 500 levels", bounded=True),
    Row("deep-200-within-limit", lambda: deep(b"[", b"]", 200) + FC["validate"], 0, "unchanged", ""),
    Row("deep-200-map-within-limit", lambda: deep(b"{a: ", b"}", 200) + FC["inline"], 0, "unchanged", ""),
    Row("deep-limit-lowered", items_rl([VM]), 1, FATAL, "nesting deeper than 5 levels", env={"KRMFN_MAX_DEPTH": "5"}),
    # --- aliases ----------------------------------------------------------------------------
    Row("alias-bomb", lambda: laughs(9), 1, FATAL, "aliases expand to more than 1000000 nodes", bounded=True),
    Row("alias-bomb-as-key", lambda: laughs(7, "key"), 1, FATAL, "aliases expand to more than 1000000 nodes",
        bounded=True),
    Row("alias-bomb-function-config", lambda: laughs(9, "functionConfig"), 1, FATAL,
        "aliases expand to more than 1000000 nodes", bounded=True),
    Row("alias-limit-lowered", lambda: laughs(2) + FC["validate"], 1, FATAL, "aliases expand to more than 50 nodes",
        env={"KRMFN_MAX_ALIAS_NODES": "50"}),
    Row("alias-within-limits", lambda: laughs(3) + FC["validate"], 0, "unchanged", ""),
    Row("alias-inside-own-anchor", RL + b"items:\n- &s {kind: A, metadata: {name: a}, self: *s}\n", 1, FATAL,
        "inside its own anchor"),
    Row("alias-unknown", RL + b"items:\n- {kind: A, metadata: {name: *nope}}\n", 1, FATAL, "unknown YAML alias *nope"),
    Row("alias-in-function-config", RL + b"items: []\nfunctionConfig: {apiVersion: v1, kind: ConfigMap, metadata: "
        b"{name: fn}, data: {x: &m validate, mode: *m}}\n", 1, "unchanged", 'unknown option "x" for mode validate',
        "data.x"),
    # --- size -------------------------------------------------------------------------------
    Row("input-over-size-limit", lambda: items_rl([VM] * 20), 1, FATAL, "input is larger than 1000 bytes",
        env={"KRMFN_MAX_INPUT_BYTES": "1000"}),
    Row("limit-variable-not-a-number", items_rl([VM]), 1, FATAL, "KRMFN_MAX_DEPTH='lots': expected an integer",
        env={"KRMFN_MAX_DEPTH": "lots"}),
    Row("limit-variable-out-of-range", items_rl([VM]), 1, FATAL, "KRMFN_MAX_ALIAS_NODES='0'",
        env={"KRMFN_MAX_ALIAS_NODES": "0"}),
    Row("very-long-string-32MiB", lambda: RL + b"items:\n- {kind: A, metadata: {name: a}, data: {big: "
        + b"x" * (32 << 20) + b"}}\n" + FC["validate"], 0, "unchanged", "", bounded=True),
    Row("very-long-key", lambda: RL + b"items:\n- {kind: A, metadata: {name: a}, data: {" + b"k" * 1000
        + b": v, '" + b"q" * 100_000 + b"': v}}\n" + FC["inline"], 0, "unchanged", ""),
    Row("very-long-integer", lambda: RL + b"items:\n- {kind: A, metadata: {name: a}, data: {n: " + b"9" * 5000
        + b"}}\n" + FC["validate"], 0, "unchanged", ""),
    Row("twenty-thousand-items", lambda: RL + b"items:\n" + b"".join(
        b"- {apiVersion: v1, kind: ConfigMap, metadata: {name: c%d}}\n" % i for i in range(20_000)) + FC["inline"],
        0, "unchanged", ""),
    # --- odd but valid YAML -----------------------------------------------------------------
    Row("byte-order-mark", b"\xef\xbb\xbf" + RL + b"items:\n" + CM + FC["validate"], 0, "unchanged", ""),
    Row("crlf-line-ends", (RL + b"items:\n" + CM + FC["validate"]).replace(b"\n", b"\r\n"), 0, "unchanged", ""),
    Row("json-resourcelist", b'{"apiVersion": "config.kubernetes.io/v1", "kind": "ResourceList", "items": '
        b'[{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}}]}', 0, "unchanged", ""),
    Row("yaml-directive", b"%YAML 1.2\n---\n" + RL + b"items:\n" + CM + FC["inline"], 0, "unchanged", ""),
    Row("null-key", RL + b"items:\n- kind: A\n  metadata: {name: a}\n  data:\n    : x\n" + FC["inline"], 0,
        "unchanged", ""),
    Row("python-tag-not-executed", RL + b"items:\n- kind: A\n  metadata: {name: a}\n  data: !!python/object/apply:"
        b"os.system {cmd: touch krmfn-pwned}\n" + FC["validate"], 0, "unchanged", ""),
    Row("resourcelist-apiversion-odd", b"apiVersion: 'a: b'\nkind: ResourceList\nitems: []\n", 0, "unchanged", ""),
    Row("unknown-kind-and-version", items_rl([{"apiVersion": "example.com/v9", "kind": "Widget",
                                               "metadata": {"name": "w"}, "spec": {"n": 1}}], "inline"),
        0, "unchanged", ""),
    Row("item-without-metadata", items_rl([{"kind": "Kustomization", "resources": ["a.yaml"]}], "inline"), 0,
        "unchanged", ""),
    Row("instancetype-kind-typo", items_rl([{**IT, "kind": "VirtualMachineClusterInstancetypo"}]), 0,
        "unchanged", ""),
    # --- the fields KubeVirt's general VM checks read (validate: schema or vm-admission errors) ---
    Row("vm-interface-number", with_value("vm", "spec.template.spec.domain.devices.interfaces", [5]), 1,
        "unchanged", 'interfaces in body must be of type object: "integer"',
        "spec.template.spec.domain.devices.interfaces[0]"),
    Row("vm-memory-request-word", with_value("vm", "spec.template.spec.domain.resources.requests.memory", "lots"), 1,
        "unchanged", "quantities must match the regular expression",
        "spec.template.spec.domain.resources.requests.memory"),
    Row("vm-networks-string", with_value("vm", "spec.template.spec.networks", "pod"), 1, "unchanged",
        'spec.template.spec.networks in body must be of type array: "string"', "spec.template.spec.networks"),
    Row("vm-dedicated-cpu-word", with_value("vm", "spec.template.spec.domain.cpu", {"dedicatedCpuPlacement": "yes"}),
        1, "unchanged", 'dedicatedCpuPlacement in body must be of type boolean: "string"',
        "spec.template.spec.domain.cpu.dedicatedCpuPlacement"),
    Row("vm-hostname-underscore", with_value("vm", "spec.template.spec.hostname", "Web_1"), 1, "unchanged",
        "does not conform to the kubernetes DNS_LABEL rules", "spec.template.spec.hostname"),
    Row("vm-machine-type-not-allowed", with_value("vm", "spec.template.spec.domain.machine", {"type": "pc-i440fx-9.0"}),
        1, "unchanged", "is not supported: pc-i440fx-9.0 (allowed values: [q35* pc-q35*])",
        "spec.template.spec.domain.machine.type"),
    Row("vm-volume-two-sources", with_value("vm", "spec.template.spec.volumes", [
        {"name": "root", "containerDisk": {"image": "fedora"}, "cloudInitNoCloud": {"userData": "x"}}]), 1,
        "unchanged", "must have exactly one source type set", "spec.template.spec.volumes[0]"),
    # --- wrong types in instance types (validate: schema / admission errors with the field) ---
    Row("it-cpu-guest-word", with_value("it", "spec.cpu.guest", "four"), 1, "unchanged",
        'spec.cpu.guest in body must be of type integer: "string"', "spec.cpu.guest"),
    Row("it-cpu-guest-negative", with_value("it", "spec.cpu.guest", -1), 1, "unchanged",
        "json: cannot unmarshal number -1 into Go struct field VirtualMachineInstancetype.spec.cpu.guest of type "
        "uint32",
        "spec.cpu.guest"),
    Row("it-cpu-guest-2**70", with_value("it", "spec.cpu.guest", 2**70), 1, "unchanged",
        "cannot unmarshal number 1180591620717411303424 into Go struct field VirtualMachineInstancetype.spec.cpu.guest",
        "spec.cpu.guest"),
    Row("it-cpu-guest-float", with_value("it", "spec.cpu.guest", 1.5), 1, "unchanged",
        'spec.cpu.guest in body must be of type integer: "number"', "spec.cpu.guest"),
    Row("it-cpu-guest-bool", with_value("it", "spec.cpu.guest", True), 1, "unchanged",
        'spec.cpu.guest in body must be of type integer: "boolean"', "spec.cpu.guest"),
    Row("it-cpu-guest-null", with_value("it", "spec.cpu.guest", None), 1, "unchanged", "Required value",
        "spec.cpu.guest"),
    Row("it-memory-guest-number-12", with_value("it", "spec.memory.guest", 12), 0, "unchanged", ""),
    Row("it-memory-guest-1.5.3Gi", with_value("it", "spec.memory.guest", "1.5.3Gi"), 1, "unchanged",
        "spec.memory.guest in body should match", "spec.memory.guest"),
    Row("it-memory-guest-list", with_value("it", "spec.memory.guest", ["2Gi"]), 1, "unchanged",
        'spec.memory.guest in body must be of type integer,string: "array"', "spec.memory.guest"),
    Row("it-cpu-list", with_value("it", "spec.cpu", [1]), 1, "unchanged",
        'spec.cpu in body must be of type object: "array"', "spec.cpu"),
    Row("it-spec-string", with_value("it", "spec", "big"), 1, "unchanged",
        'spec in body must be of type object: "string"', "spec"),
    Row("it-node-selector-list", with_value("it", "spec.nodeSelector", ["a"]), 1, "unchanged",
        'spec.nodeSelector in body must be of type object: "array"', "spec.nodeSelector"),
    Row("it-overcommit-word", with_value("it", "spec.memory.overcommitPercent", "ten"), 1, "unchanged",
        'spec.memory.overcommitPercent in body must be of type integer: "string"', "spec.memory.overcommitPercent"),
    Row("it-gpus-map", with_value("it", "spec.gpus", {"a": 1}), 1, "unchanged",
        'spec.gpus in body must be of type array: "object"', "spec.gpus"),
    Row("it-name-number", with_value("it", "metadata.name", 5), 1, "unchanged",
        'metadata.name in body must be of type string: "integer"', "metadata.name"),
    Row("it-unknown-apiversion", with_value("it", "apiVersion", "instancetype.kubevirt.io/v9"), 1, "unchanged",
        'no matches for kind "VirtualMachineClusterInstancetype" in version "instancetype.kubevirt.io/v9"',
        "apiVersion"),
    # --- wrong types in preferences -----------------------------------------------------------
    Row("pref-topology-number", with_value("pref", "spec.cpu.preferredCPUTopology", 5), 1, "unchanged",
        'spec.cpu.preferredCPUTopology in body must be of type string: "integer"', "spec.cpu.preferredCPUTopology"),
    Row("pref-topology-unknown", with_value("pref", "spec.cpu.preferredCPUTopology", "bogus"), 1, "unchanged",
        "unknown preferredCPUTopology bogus", "spec.cpu.preferredCPUTopology"),
    Row("pref-devices-list", with_value("pref", "spec.devices", [1]), 1, "unchanged",
        'spec.devices in body must be of type object: "array"', "spec.devices"),
    Row("pref-disk-bus-number", with_value("pref", "spec.devices.preferredDiskBus", 5), 1, "unchanged",
        'spec.devices.preferredDiskBus in body must be of type string: "integer"', "spec.devices.preferredDiskBus"),
    Row("pref-requirements-cpu-word", with_value("pref", "spec.requirements.cpu.guest", "four"), 1, "unchanged",
        'spec.requirements.cpu.guest in body must be of type integer: "string"', "spec.requirements.cpu.guest"),
    Row("pref-requirements-memory-1.5.3Gi", with_value("pref", "spec.requirements.memory.guest", "1.5.3Gi"), 1,
        "unchanged", "spec.requirements.memory.guest in body should match", "spec.requirements.memory.guest"),
    Row("pref-spread-ratio-word", with_value("pref", "spec.cpu.spreadOptions", {"ratio": "x"}), 1, "unchanged",
        'spec.cpu.spreadOptions.ratio in body must be of type integer: "string"', "spec.cpu.spreadOptions.ratio"),
    Row("pref-efi-number", with_value("pref", "spec.firmware", {"preferredEfi": 1}), 1, "unchanged",
        'spec.firmware.preferredEfi in body must be of type object: "integer"', "spec.firmware.preferredEfi"),
    # --- wrong types in VM matchers and templates (validate) ------------------------------------
    Row("vm-matcher-name-number", with_value("vm", "spec.instancetype.name", 5), 1, "unchanged",
        'spec.instancetype.name in body must be of type string: "integer"', "spec.instancetype.name"),
    Row("vm-matcher-string", with_value("vm", "spec.instancetype", "it"), 1, "unchanged",
        'spec.instancetype in body must be of type object: "string"', "spec.instancetype"),
    Row("vm-matcher-list", with_value("vm", "spec.preference", ["pref"]), 1, "unchanged",
        'spec.preference in body must be of type object: "array"', "spec.preference"),
    Row("vm-matcher-kind-number", with_value("vm", "spec.instancetype.kind", 7), 1, "unchanged",
        'spec.instancetype.kind in body must be of type string: "integer"', "spec.instancetype.kind"),
    Row("vm-matcher-kind-unknown", with_value("vm", "spec.instancetype.kind", "Foo"), 1, "unchanged",
        "got unexpected kind in InstancetypeMatcher: Foo", "spec.instancetype.kind"),
    Row("vm-revision-name-number", with_value("vm", "spec.instancetype.revisionName", 5), 1, "unchanged",
        'spec.instancetype.revisionName in body must be of type string: "integer"', "spec.instancetype.revisionName"),
    Row("vm-template-list", with_value("vm", "spec.template", [1]), 1, "unchanged",
        'spec.template in body must be of type object: "array"', "spec.template"),
    Row("vm-disks-numbers", with_value("vm", "spec.template.spec.domain.devices.disks", [1]), 1, "unchanged",
        'spec.template.spec.domain.devices.disks in body must be of type object: "integer"',
        "spec.template.spec.domain.devices.disks[0]"),
    Row("vm-cores-word", with_value("vm", "spec.template.spec.domain.cpu", {"cores": "x"}), 1, "unchanged",
        'spec.template.spec.domain.cpu.cores in body must be of type integer: "string"',
        "spec.template.spec.domain.cpu.cores"),
    Row("vm-unknown-apiversion", with_value("vm", "apiVersion", "kubevirt.io/v9"), 1, "unchanged",
        'no matches for kind "VirtualMachine" in version "kubevirt.io/v9"', "apiVersion"),
    Row("same-object-twice-validate", items_rl([IT, IT, PREF, VM]), 1, "unchanged",
        'VirtualMachineClusterInstancetype "it" is defined twice; kubectl apply applies both in turn, so this one '
        "overwrites the first and only the last definition stays in the cluster (first definition: item 0)",
        "metadata.name"),
    # --- the same in inline: the VM stays unchanged with an error naming the field ------------------
    Row("inline-it-cpu-guest-word", with_value("it", "spec.cpu.guest", "four", "inline"), 1, "item unchanged",
        "but KubeVirt's admission rejects it, so it does not exist: spec.cpu.guest: Invalid value",
        "spec.instancetype.name"),
    Row("inline-it-cpu-guest-negative", with_value("it", "spec.cpu.guest", -1, "inline"), 1, "item unchanged",
        'instancetype.kubevirt.io "it" not found (the bundle has VirtualMachineClusterInstancetype it, but '
        "KubeVirt's admission rejects it, so it does not exist: json: cannot unmarshal number -1",
        "spec.instancetype.name"),
    Row("inline-it-memory-guest-1.5.3Gi", with_value("it", "spec.memory.guest", "1.5.3Gi", "inline"), 1,
        "item unchanged", "spec.memory.guest in body should match", "spec.instancetype.name"),
    Row("inline-it-memory-guest-number-12", with_value("it", "spec.memory.guest", 12, "inline"), 0, "expanded", ""),
    Row("inline-pref-devices-list", with_value("pref", "spec.devices", [1], "inline"), 1, "item unchanged",
        'virtualmachineclusterpreferences.instancetype.kubevirt.io "pref" not found (the bundle has',
        "spec.preference.name"),
    Row("inline-vm-matcher-name-number", with_value("vm", "spec.instancetype.name", 5, "inline"), 1,
        "item unchanged", 'spec.instancetype.name in body must be of type string: "integer"', "spec.instancetype.name"),
    Row("inline-vm-matcher-string", with_value("vm", "spec.instancetype", "it", "inline"), 1, "item unchanged",
        'spec.instancetype in body must be of type object: "string"', "spec.instancetype"),
    Row("inline-vm-matcher-kind-number", with_value("vm", "spec.instancetype.kind", 7, "inline"), 1,
        "item unchanged", 'spec.instancetype.kind in body must be of type string: "integer"', "spec.instancetype.kind"),
    Row("inline-vm-template-list", with_value("vm", "spec.template", [1], "inline"), 1, "item unchanged",
        'spec.template in body must be of type object: "array"', "spec.template"),
    Row("inline-vm-domain-string", with_value("vm", "spec.template.spec.domain", "x", "inline"), 1,
        "item unchanged", 'spec.template.spec.domain in body must be of type object: "string"',
        "spec.template.spec.domain"),
    Row("inline-vm-disks-numbers", with_value("vm", "spec.template.spec.domain.devices.disks", [1], "inline"), 1,
        "item unchanged", 'disks in body must be of type object: "integer"',
        "spec.template.spec.domain.devices.disks[0]"),
    Row("inline-vm-volumes-map", with_value("vm", "spec.template.spec.volumes", {"a": 1}, "inline"), 1,
        "item unchanged", 'spec.template.spec.volumes in body must be of type array: "object"',
        "spec.template.spec.volumes"),
    Row("inline-vm-annotations-list", with_value("vm", "metadata.annotations", ["a"], "inline"), 1,
        "item unchanged", 'metadata.annotations in body must be of type object: "array"', "metadata.annotations"),
    Row("inline-vm-cores-word", with_value("vm", "spec.template.spec.domain.cpu", {"cores": "x"}, "inline"), 1,
        "item unchanged", 'spec.template.spec.domain.cpu.cores in body must be of type integer: "string"',
        "spec.template.spec.domain.cpu.cores"),
    Row("inline-same-object-twice", items_rl([IT, {**IT, "spec": {"cpu": {"guest": 4}, "memory": {"guest": "4Gi"}}},
                                              PREF, VM, VM], "inline"), 0, "expanded", ""),
    Row("inline-vm-thousands-of-disks", lambda: many_disks(5000, "inline"), 0, "expanded", "", bounded=True),
    Row("validate-vm-thousands-of-disks", lambda: many_disks(5000, "validate"), 0, "unchanged", ""),
]


def _load(text: str) -> Any:
    """ruamel's YAML 1.2 reading; krmfn's own (tested against ruamel by the property tests) for
    large texts, where ruamel takes seconds per MB, and where ruamel refuses (python tags,
    5000-digit integers)."""
    if len(text) < 200_000:
        try:
            return load12(text)
        except Exception:  # noqa: BLE001
            pass
    tree = yt.parse(text.encode())
    return convert(tree, [yt.documents(tree)[0]], text.encode())[0].value


def _items(text: str) -> list[Any]:
    return (_load(text) or {}).get("items") or []


def _ref_matches(result: dict, item: Any) -> bool:
    ref = result.get("resourceRef") or {}
    metadata = item.get("metadata") if isinstance(item, dict) else None
    return (isinstance(metadata, dict) and ref.get("kind") == item.get("kind")
            and ref.get("name") == metadata.get("name"))


def check(row: Row, code: int, stdout: str, stderr: str, data: bytes) -> None:
    assert "Traceback" not in stderr, stderr
    assert code == row.code, (code, stderr[-2000:])
    if row.stdout == FATAL:
        assert stdout == ""
        assert stderr.startswith("krmfn: ") and stderr.count("\n") == 1, stderr
        assert row.expect in stderr, stderr
        return
    doc = _load(stdout)
    results = doc.get("results") or []
    assert not [r for r in results if (r.get("tags") or {}).get("check") == "internal-error"], results
    inputs, outputs = _items(data.decode("utf-8-sig")), doc.get("items") or []
    assert len(outputs) == len(inputs)
    errors = [r for r in results if r.get("severity") == "error"]
    if not row.expect:
        assert errors == [], errors
    else:
        matching = [r for r in errors if row.expect in r["message"]]
        assert matching, [r["message"] for r in errors]
        path = (matching[0].get("field") or {}).get("path") or (matching[0].get("tags") or {}).get("field")
        assert path == row.path, matching[0]
        assert row.expect in stderr  # kustomize shows no results: every error is on stderr too
    if row.stdout == "unchanged":
        assert outputs == inputs
    elif row.stdout == "item unchanged":
        named = [i for i, item in enumerate(inputs) if _ref_matches(matching[0], item)]
        assert named and all(outputs[i] == inputs[i] for i in named)
    elif row.stdout == "expanded":
        for item, out in zip(inputs, outputs, strict=True):
            if item.get("kind") == "VirtualMachine":
                assert "krmfn.dev/inlined-from" in out["metadata"]["annotations"]
                assert "instancetype" not in out["spec"]


@pytest.mark.parametrize("row", ROWS, ids=[row.id for row in ROWS])
def test_bad_input(row: Row, monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.chdir(tmp_path)  # where `touch krmfn-pwned` would have written
    for name, value in row.env.items():
        monkeypatch.setenv(name, value)
    data = row.input()
    run = krm(data)
    check(row, run.code, run.stdout, run.stderr, data)
    assert not (tmp_path / "krmfn-pwned").exists()


BOUNDED = [row for row in ROWS if row.bounded]
MEMORY_LIMIT = 1 << 30  # address space of the krmfn process: bounded memory means it never needs more
TIME_LIMIT = 20.0


def _limit_memory() -> None:  # pragma: no cover - runs in the child
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS is what bounds the process")
@pytest.mark.parametrize("row", BOUNDED, ids=[row.id for row in BOUNDED])
def test_bad_input_bounded(row: Row, tmp_path: Any) -> None:
    """The same outcome from the real command under 1 GiB of address space and a time limit."""
    data = row.input()
    env = {**os.environ, **row.env, "PYTHONPATH": REPO}
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "krmfn"], input=data, capture_output=True, env=env,
                          check=False, cwd=tmp_path, timeout=TIME_LIMIT * 3, preexec_fn=_limit_memory)
    elapsed = time.monotonic() - start
    check(row, proc.returncode, proc.stdout.decode(), proc.stderr.decode(), data)
    assert elapsed < TIME_LIMIT, elapsed


def test_the_table_is_large() -> None:
    """The issue asks for a table of bad inputs; its size is printed in the terminal summary."""
    fatal = sum(row.stdout == FATAL for row in ROWS)
    REPORT["bad inputs"] = len(ROWS)
    REPORT["bad inputs: fatal"] = fatal
    REPORT["bad inputs: with items out"] = len(ROWS) - fatal
    REPORT["bad inputs: also under 1 GiB / 20 s"] = len(BOUNDED)
    assert len(ROWS) >= 100

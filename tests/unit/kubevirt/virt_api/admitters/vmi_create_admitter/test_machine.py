"""validateEmulatedMachine and its port of Go's filepath.Match."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.machine import (
    validate_architecture,
    go_filepath_match,
    machine_type_supported,
    validate_emulated_machine,
)

from krmfn.model.kubevirt_version import kubevirt_version

FIELD = "spec.template.spec"
PATH = "spec.template.spec.domain.machine.type"


# Go's own table (path/filepath match_test.go); a malformed pattern answers False.
@pytest.mark.parametrize("pattern, name, matched", [
    ("abc", "abc", True), ("*", "abc", True), ("*c", "abc", True), ("a*", "a", True), ("a*", "abc", True),
    ("a*", "ab/c", False), ("a*/b", "abc/b", True), ("a*/b", "a/c/b", False),
    ("a*b*c*d*e*/f", "axbxcxdxe/f", True), ("a*b*c*d*e*/f", "axbxcxdxexxx/f", True),
    ("a*b*c*d*e*/f", "axbxcxdxe/xxx/f", False), ("a*b*c*d*e*/f", "axbxcxdxexxx/fff", False),
    ("a*b?c*x", "abxbbxdbxebxczzx", True), ("a*b?c*x", "abxbbxdbxebxczzy", False),
    ("ab[c]", "abc", True), ("ab[b-d]", "abc", True), ("ab[e-g]", "abc", False), ("ab[^c]", "abc", False),
    ("ab[^b-d]", "abc", False), ("ab[^e-g]", "abc", True), ("a\\*b", "a*b", True), ("a\\*b", "ab", False),
    ("a?b", "a☺b", True), ("a[^a]b", "a☺b", True), ("a???b", "a☺b", False), ("a[^a][^a][^a]b", "a☺b", False),
    ("[a-ζ]*", "α", True), ("*[a-ζ]", "A", False), ("a?b", "a/b", False), ("a*b", "a/b", False),
    ("[\\]a]", "]", True), ("[\\-]", "-", True), ("[x\\-]", "x", True), ("[x\\-]", "-", True),
    ("[x\\-]", "z", False), ("[\\-x]", "x", True), ("[\\-x]", "-", True), ("[\\-x]", "a", False),
    ("[]a]", "]", False), ("[-]", "-", False), ("[x-]", "x", False), ("[x-]", "-", False), ("[-x]", "x", False),
    ("\\", "a", False), ("[a-b-c]", "a", False), ("[", "a", False), ("[^", "a", False), ("[^bc", "a", False),
    ("a[", "a", False), ("a[", "ab", False), ("*x", "xxx", True),
    # Where Python's fnmatch differs: "[!" is not a negation, "\" escapes, "*" stops at "/".
    ("[!a]b", "!b", True), ("[!a]b", "xb", False), ("q35\\*", "q35*", True), ("q35\\*", "q35\\x", False),
    ("q35*", "q35/x", False), ("q35*", "q35", True), ("q35*", "pc-q35", False), ("pc-q35*", "pc-q35-rhel9.4.0", True),
    ("*-q35-*", "pc-q35-2.10", True), ("*a*", "", False), ("", "", True), ("", "a", False),
])
def test_go_filepath_match(pattern: str, name: str, matched: bool) -> None:
    assert go_filepath_match(pattern, name) is matched


def _causes(spec: dict, config: ClusterConfig | None = None) -> list[tuple[str, str]]:
    return [(c.field, c.message) for c in validate_emulated_machine(FIELD, spec, config or ClusterConfig())]


@pytest.mark.parametrize("machine", [None, {}, {"type": ""}, {"type": "q35"}, {"type": "pc-q35-rhel9.4.0"},
                                     {"type": "q35-anything"}, {"type": None}, {"type": 35}, "q35", ["virt"]])
def test_supported_or_unset_machine_types_pass(machine: dict | None) -> None:
    spec = {"architecture": "amd64", "domain": {} if machine is None else {"machine": machine}}
    assert _causes(spec) == []


@pytest.mark.parametrize("architecture, machine_type, allowed", [
    ("amd64", "pc-i440fx-rhel7.6.0", "[q35* pc-q35*]"),
    ("amd64", "virt", "[q35* pc-q35*]"),
    ("", "virt", "[q35* pc-q35*]"),  # an unknown architecture reads amd64's list
    ("arm64", "q35", "[virt*]"),
    ("s390x", "q35", "[s390-ccw-virtio*]"),
])
def test_unsupported_machine_type(architecture: str, machine_type: str, allowed: str) -> None:
    spec = {"architecture": architecture, "domain": {"machine": {"type": machine_type}}}
    assert _causes(spec) == [(PATH, f"{PATH} is not supported: {machine_type} (allowed values: {allowed})")]
    assert _causes(spec) == _causes(spec)  # the second answer comes from the match cache


def test_machine_type_supported() -> None:
    assert machine_type_supported(("q35*", "pc-q35*"), "pc-q35-2.10")
    assert not machine_type_supported(("q35*", "pc-q35*"), "virt")
    assert not machine_type_supported((), "q35")
    assert not machine_type_supported(("[",), "q35")  # a malformed pattern matches nothing


def test_the_cluster_list_overrides_and_prints_as_go() -> None:
    config = ClusterConfig(emulated_machines=("pc-i440fx*", "[!x]35"))
    spec = {"architecture": "amd64", "domain": {"machine": {"type": "q35"}}}
    assert _causes(spec, config) == [(PATH, f"{PATH} is not supported: q35 (allowed values: [pc-i440fx* [!x]35])")]
    assert _causes({"domain": {"machine": {"type": "!35"}}}, config) == []


def test_machine_type_through_the_chain() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted",
                   "template": {"spec": {"domain": {"devices": {}, "machine": {"type": "pc-i440fx-2.12"}}}}}}
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and not verdict.allowed
    assert [(c.field, c.message) for c in verdict.causes] == [
        (PATH, f"{PATH} is not supported: pc-i440fx-2.12 (allowed values: [q35* pc-q35*])")]


def test_v1_7_needs_multi_architecture_for_another_architecture() -> None:
    """validateArchitecture, removed in v1.8 by PR #16023 (golden preference-fields/architecture-arm64)."""
    v1_7 = ClusterConfig(kubevirt_version=kubevirt_version("v1.7"))
    arm = {"architecture": "arm64", "domain": {"devices": {}}}
    [cause] = validate_architecture(FIELD, arm, v1_7)
    assert (cause.field, cause.message) == (
        f"{FIELD}.architecture",
        f"MultiArchitecture feature gate is not enabled in kubevirt-config, invalid entry {FIELD}.architecture")
    assert validate_architecture(FIELD, {"architecture": "amd64"}, v1_7) == []
    gated = ClusterConfig(feature_gates=("MultiArchitecture",), kubevirt_version=kubevirt_version("v1.7"))
    assert validate_architecture(FIELD, arm, gated) == []
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "template": {"spec": arm}}}
    assert admit_bundle([vm], cluster_config=ClusterConfig())[0].allowed
    assert not admit_bundle([vm], cluster_config=v1_7)[0].allowed

"""KubeVirt's ``vmclone-admitter_test.go`` (d923fdb8) against
``krmfn.kubevirt.virt_api.admitters.vmclone_admitter``.

Not ported: the VM's and snapshot contents' fakes and the cases about volume snapshot statuses
("Should allow a source volume not Snapshot-able", "volume snapshots"): the webhook no longer
reads them (each is an "allow legal clone" here); UPDATE is out of scope.
"""
from __future__ import annotations

import copy
import json

import pytest

from krmfn.kubevirt.util.webhooks import Cause
from krmfn.kubevirt.virt_api.admitters.vmclone_admitter import EMPTY_FILTER_PANIC, admit_vm_clone_create
from krmfn.model.reasons import KUBEVIRT_CRASH
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

ENABLED = ClusterConfig(feature_gates=("Snapshot",))
DISABLED = ClusterConfig(disabled_feature_gates=("Snapshot",))


def reference() -> dict:
    return {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "clone-source-vm"}


def valid_clone() -> dict:
    return {"apiVersion": "clone.kubevirt.io/v1beta1", "kind": "VirtualMachineClone",
            "metadata": {"name": "testclone", "namespace": "default"},
            "spec": {"source": reference(), "target": {**reference(), "name": "clone-target-vm"}}}


def allowed(clone: dict, config: ClusterConfig = ENABLED) -> bool:
    return admit_vm_clone_create(clone, config).allowed


def test_should_allow_legal_clone() -> None:
    assert allowed(valid_clone())


@pytest.mark.parametrize(("case", "key", "value"), [
    ("Source without Name", "name", ""),
    ("Source without Kind", "kind", ""),
    ("Source with nil APIGroup", "apiGroup", None),
    ("Source with empty APIGroup", "apiGroup", ""),
    ("Source with bad kind", "kind", "Foobar"),
])
def test_should_reject_clone_with_source_that_lacks_information(case: str, key: str, value: object) -> None:
    clone = valid_clone()
    if value is None:
        del clone["spec"]["source"][key]
    else:
        clone["spec"]["source"][key] = value
    assert not allowed(clone), case


@pytest.mark.parametrize("kind", ["VirtualMachine", "VirtualMachineSnapshot"], ids=["VM", "Snapshot"])
def test_source_types_should_allow_legal_types(kind: str) -> None:
    clone = valid_clone()
    clone["spec"]["source"]["kind"] = kind
    assert allowed(clone)


def test_should_reject_unknown_source_type() -> None:
    clone = valid_clone()
    clone["spec"]["source"]["kind"] = "qwert"
    assert not allowed(clone)


def test_should_reject_unknown_target_type() -> None:
    clone = valid_clone()
    clone["spec"]["target"]["kind"] = "qwert"
    verdict = admit_vm_clone_create(clone, ENABLED)
    assert [(c.field, c.message) for c in verdict.causes] == [("spec.Target.Kind", "Target kind is not supported")]


def test_should_allow_source_vm_that_does_not_exist() -> None:
    clone = valid_clone()
    clone["spec"]["source"]["name"] = "vm-that-doesnt-exist"
    assert allowed(clone)


def test_should_reject_a_target_with_the_same_name_as_the_source() -> None:
    clone = valid_clone()
    clone["spec"]["target"]["name"] = clone["spec"]["source"]["name"]
    assert not allowed(clone)


def test_snapshot_source_may_share_the_target_name() -> None:
    clone = valid_clone()
    clone["spec"]["source"]["kind"] = "VirtualMachineSnapshot"
    clone["spec"]["target"]["name"] = clone["spec"]["source"]["name"]
    assert allowed(clone)


def test_should_reject_if_snapshot_feature_gate_is_not_enabled() -> None:
    verdict = admit_vm_clone_create(valid_clone(), DISABLED)
    assert not verdict.allowed
    assert verdict.message == "snapshot feature gate is not enabled"


REJECTED_FILTERS = [("negation character alone", "!"), ("negation in the middle", "mykey/!something"),
                    ("negation in the end", "mykey/something!"), ("wildcard in the beginning", "*mykey/something"),
                    ("wildcard in the middle", "mykey/*something")]
ALLOWED_FILTERS = [("regular filter", "mykey/something"), ("wildcard only", "*"),
                   ("wildcard in the end", "mykey/something*"), ("negation in the beginning", "!mykey/something")]


def with_filters(where: str, text: str) -> dict:
    clone = valid_clone()
    target = clone["spec"] if where == "spec" else clone["spec"].setdefault("template", {})
    target["labelFilters"] = [text]
    target["annotationFilters"] = [text]
    return clone


@pytest.mark.parametrize("where", ["spec", "template"])
@pytest.mark.parametrize(("case", "text"), REJECTED_FILTERS, ids=[c for c, _ in REJECTED_FILTERS])
def test_filters_should_reject(where: str, case: str, text: str) -> None:
    verdict = admit_vm_clone_create(with_filters(where, text), ENABLED)
    prefix = "spec." if where == "spec" else "spec.template."
    assert [c.field for c in verdict.causes] == [prefix + "annotations", prefix + "labels"], case


@pytest.mark.parametrize("where", ["spec", "template"])
@pytest.mark.parametrize(("case", "text"), ALLOWED_FILTERS, ids=[c for c, _ in ALLOWED_FILTERS])
def test_filters_should_allow(where: str, case: str, text: str) -> None:
    assert allowed(with_filters(where, text)), case


def test_filter_message() -> None:
    verdict = admit_vm_clone_create(with_filters("spec", "mykey/!some*thing"), ENABLED)
    assert verdict.causes[0].message == (
        "spec.annotations filter mykey/!some*thing is invalid: cannot contain a negation character (!); "
        "FilterRules: NegationChar can be only used at the beginning of the filter")
    assert verdict.causes[1].message == (
        "spec.annotations filter mykey/!some*thing is invalid: cannot contain a wildcard character (*); "
        "FilterRules: WildcardChar can be only at the end of the filter")


@pytest.mark.parametrize(("mac", "expected"), [("00:00:00:00:00:00", True), ("00:00:00:00:00", False)],
                         ids=["valid mac address", "invalid mac address"])
def test_new_mac_addresses(mac: str, expected: bool) -> None:
    clone = valid_clone()
    clone["spec"]["newMacAddresses"] = {"default": mac}
    verdict = admit_vm_clone_create(clone, ENABLED)
    assert verdict.allowed is expected
    if not expected:
        assert [(c.field, c.message) for c in verdict.causes] == [
            ("spec.newMacAddresses.default", "interface default has malformed MAC address (00:00:00:00:00).")]


def test_custom_patches_should_accept_valid_json_patches() -> None:
    clone = valid_clone()
    clone["spec"]["patches"] = [json.dumps({"op": "replace", "path": "/spec/template/spec/domain/devices/interfaces/0/"
                                            "macAddress", "value": "DE-AD-00-FF-FF-FF"})]
    assert allowed(clone)


def test_custom_patches_should_reject_invalid_json_patches() -> None:
    clone = copy.deepcopy(valid_clone())
    bad = ('{"op": "replace" "path": "/spec/template/spec/domain/devices/interfaces/0/macAddress", '
           '"value": "DE-AD-00-FF-FF-FF"}')
    clone["spec"]["patches"] = [bad]
    verdict = admit_vm_clone_create(clone, ENABLED)
    assert [(c.field, c.message) for c in verdict.causes] == [("spec.patches[0]", f"patch is not valid JSON ({bad})")]


def test_an_empty_filter_is_krmfns_crash_report_not_a_kubevirt_message() -> None:
    """Not a ported case: KubeVirt's webhook panics on "" (``filter[1:]``); krmfn reports that as a
    crash of KubeVirt's (reason ``kubevirt-crash``), on each list that holds it."""
    verdict = admit_vm_clone_create(with_filters("template", ""), ENABLED)
    assert not verdict.allowed
    assert verdict.causes == [Cause("spec.template.annotationFilters", EMPTY_FILTER_PANIC, "FieldValueInvalid"),
                              Cause("spec.template.labelFilters", EMPTY_FILTER_PANIC, "FieldValueInvalid")]
    assert all(cause.reasons == frozenset({KUBEVIRT_CRASH}) for cause in verdict.causes)

"""The VMIRS validating webhook: ValidateSchema, LabelSelectorAsSelector, ValidateVMIRSSpec, Admit."""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.apiserver.vmirs_schema import VMIRS_SPEC
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_NOT_SUPPORTED,
    CAUSE_FIELD_VALUE_REQUIRED,
    STAGE_VALIDATING_SCHEMA,
    STAGE_VALIDATING_WEBHOOK,
    AdmissionWarning,
)
from krmfn.kubevirt.apimachinery.labels import Requirement, Selector, label_selector_as_selector
from krmfn.kubevirt.virt_api.admitters.vmirs_admitter import (
    MISSING_TEMPLATE,
    SELECTOR_MISMATCH,
    admit_vmirs_webhook,
    validate_schema_causes,
    validate_selector,
    validate_vmirs_spec,
)
from krmfn.kubevirt.virt_config.featuregate import PASST_MESSAGE
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import V1_8, V1_9
from krmfn.model.reasons import area
from krmfn.model.record import replace

CONFIG = ClusterConfig()
KEY_ERROR = ("key: Invalid value: \"bad key\": name part must consist of alphanumeric characters, '-', '_' or '.', "
             "and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', "
             "regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')")
VALUE_ERROR = ("values[0][k]: Invalid value: \"bad value!\": a valid label must be an empty string or consist of "
               "alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character "
               "(e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is "
               "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')")
IN_WITHOUT_VALUES = "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty"
TEMPLATE = {"metadata": {"labels": {"app": "web"}},
            "spec": {"domain": {"devices": {"disks": [{"name": "root", "disk": {}}]}},
                     "volumes": [{"name": "root", "containerDisk": {"image": "img"}}]}}


def vmirs(**spec: object) -> dict:
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstanceReplicaSet", "metadata": {"name": "rs"},
            "spec": {"selector": {"matchLabels": {"app": "web"}}, "template": copy.deepcopy(TEMPLATE), **spec}}


# --- LabelSelectorAsSelector --------------------------------------------------------------------
@pytest.mark.parametrize(("selector", "labels", "matches"), [
    pytest.param(None, {}, False, id="nil selects nothing"),
    pytest.param(None, {"a": "b"}, False, id="nil selects nothing, even labels"),
    pytest.param({}, {}, True, id="empty selects everything"),
    pytest.param({"matchLabels": {}, "matchExpressions": []}, {"a": "b"}, True, id="empty lists select everything"),
    pytest.param({"matchLabels": {"a": "b"}}, {"a": "b", "c": "d"}, True, id="matchLabels subset"),
    pytest.param({"matchLabels": {"a": "b"}}, {"a": "c"}, False, id="matchLabels other value"),
    pytest.param({"matchLabels": {"a": "b"}}, {}, False, id="matchLabels missing"),
    pytest.param({"matchExpressions": [{"key": "a", "operator": "In", "values": ["x", "y"]}]}, {"a": "y"}, True,
                 id="In"),
    pytest.param({"matchExpressions": [{"key": "a", "operator": "In", "values": ["x"]}]}, {}, False, id="In absent"),
    pytest.param({"matchExpressions": [{"key": "a", "operator": "NotIn", "values": ["x"]}]}, {}, True,
                 id="NotIn absent"),
    pytest.param({"matchExpressions": [{"key": "a", "operator": "NotIn", "values": ["x"]}]}, {"a": "x"}, False,
                 id="NotIn listed"),
    pytest.param({"matchExpressions": [{"key": "a", "operator": "Exists"}]}, {"a": ""}, True, id="Exists"),
    pytest.param({"matchExpressions": [{"key": "a", "operator": "DoesNotExist"}]}, {"a": ""}, False,
                 id="DoesNotExist"),
    pytest.param({"matchLabels": {"a": "b"}, "matchExpressions": [{"key": "c", "operator": "Exists"}]},
                 {"a": "b"}, False, id="requirements are ANDed"),
])
def test_selector_matches(selector: dict | None, labels: dict, matches: bool) -> None:
    parsed = label_selector_as_selector(selector)
    assert isinstance(parsed, Selector)
    assert parsed.matches(labels) is matches


def test_selector_requirements() -> None:
    parsed = label_selector_as_selector({"matchLabels": {"b": "1", "a": "2"},
                                         "matchExpressions": [{"key": "c", "operator": "NotIn", "values": ["x"]}]})
    assert parsed == Selector((Requirement("a", "=", ("2",)), Requirement("b", "=", ("1",)),
                               Requirement("c", "notin", ("x",))))


@pytest.mark.parametrize(("selector", "error"), [
    pytest.param({"matchExpressions": [{"key": "k", "operator": "Equals"}]},
                 '"Equals" is not a valid label selector operator', id="unknown operator"),
    pytest.param({"matchExpressions": [{"key": "k", "operator": ""}]}, '"" is not a valid label selector operator',
                 id="no operator"),
    pytest.param({"matchLabels": {"bad key": "v"}}, KEY_ERROR, id="bad label key"),
    pytest.param({"matchLabels": {"k": "bad value!"}}, VALUE_ERROR, id="bad label value"),
    pytest.param({"matchExpressions": [{"key": "k", "operator": "In"}]}, IN_WITHOUT_VALUES, id="In without values"),
    pytest.param({"matchExpressions": [{"key": "k", "operator": "NotIn", "values": []}]}, IN_WITHOUT_VALUES,
                 id="NotIn with empty values"),
    pytest.param({"matchExpressions": [{"key": "k", "operator": "Exists", "values": ["a"]}]},
                 'values: Invalid value: ["a"]: values set must be empty for exists and does not exist',
                 id="Exists with values"),
    pytest.param({"matchExpressions": [{"key": "bad key", "operator": "In"}]}, f"[{KEY_ERROR}, {IN_WITHOUT_VALUES}]",
                 id="errors of one requirement are aggregated"),
    pytest.param({"matchLabels": {"bad key": "v"}, "matchExpressions": [{"key": "k", "operator": "Bad"}]}, KEY_ERROR,
                 id="matchLabels are converted before the expressions"),
    pytest.param({"matchExpressions": [{"key": "bad key", "operator": "Exists"}, {"key": "k", "operator": "Bad"}]},
                 KEY_ERROR, id="expressions in order: the first malformed one"),
])
def test_selector_errors(selector: dict, error: str) -> None:
    assert label_selector_as_selector(selector) == error


def test_validate_selector_causes() -> None:
    assert validate_selector("spec", None, {"labels": {"a": "b"}})[0].message == SELECTOR_MISMATCH
    [cause] = validate_selector("spec", {"matchExpressions": [{"key": "k", "operator": "Bad"}]}, {})
    assert (cause.field, cause.message, cause.type) == (
        "spec.selector", '"Bad" is not a valid label selector operator', CAUSE_FIELD_VALUE_INVALID)
    assert validate_selector("spec", {}, {}) == []


# --- ValidateVMIRSSpec ------------------------------------------------------------------------
def test_missing_template_is_the_only_cause() -> None:
    [cause] = validate_vmirs_spec("spec", {"selector": {"matchExpressions": [{"operator": "Bad"}]}}, CONFIG)
    assert (cause.field, cause.message, cause.type) == ("spec.template", MISSING_TEMPLATE, CAUSE_FIELD_VALUE_REQUIRED)
    assert area("replica-set") in cause.reasons


def test_template_spec_is_validated_as_written_then_the_selector() -> None:
    spec = vmirs(selector={"matchLabels": {"app": "db"}})["spec"]
    spec["template"]["spec"]["domain"]["devices"]["disks"].append({"name": "root", "disk": {}})
    causes = validate_vmirs_spec("spec", spec, CONFIG)
    assert [cause.field for cause in causes] == ["spec.template.spec.domain.devices.disks[1].name", "spec.selector"]


def test_template_without_spec() -> None:
    """A template without ``spec`` is Go's zero spec (the VMI checks report nothing on it)."""
    assert validate_vmirs_spec("spec", {"selector": {}, "template": {}}, CONFIG) == []


GRACE_ANNOTATION = "kubevirt.io/placePCIDevicesOnRootComplex"
GRACE_FIELD = f"spec.template.metadata.annotations[{GRACE_ANNOTATION}]"
PERMITTED = {"pciHostDevices": [{"pciVendorSelector": "10DE:2342", "resourceName": "nvidia.com/GH100"}]}


@pytest.mark.parametrize(("version", "reported"), [(V1_9, True), (V1_8, False)])
def test_grace_annotations_of_the_template(version: object, reported: bool) -> None:
    spec = vmirs()["spec"]
    spec["template"]["metadata"]["annotations"] = {GRACE_ANNOTATION: "true"}
    spec["template"]["spec"]["domain"]["devices"]["hostDevices"] = [{"name": "h", "deviceName": "nvidia.com/GH100"}]
    config = replace(CONFIG, permitted_host_devices=PERMITTED, kubevirt_version=version)
    fields = [cause.field for cause in validate_vmirs_spec("spec", spec, config)]
    assert (GRACE_FIELD in fields) is reported
    if reported:
        assert fields.index(GRACE_FIELD) == 0  # before ValidateVirtualMachineInstanceSpec


# --- ValidateSchema -----------------------------------------------------------------------------
def test_schema_gate_nothing_for_a_valid_object() -> None:
    assert validate_schema_causes(vmirs(), VMIRS_SPEC) == []


@pytest.mark.parametrize(("document", "messages"), [
    pytest.param({}, ["spec in body is required", 'spec in body must be of type object: "null"'], id="no spec"),
    pytest.param({"spec": None}, ['spec in body must be of type object: "null"'], id="null spec"),
    pytest.param({"spec": "x"}, ['spec in body must be of type object: "string"'], id="spec not an object"),
    pytest.param({"b": 1, "a": 1, "spec": {"selector": {}, "template": {}}},
                 [".a in body is a forbidden property", ".b in body is a forbidden property"],
                 id="top-level keys sorted"),
    pytest.param({"spec": {"selector": {}, "template": {"spec": {"domain": {"devices": {}, "x": 1}}}}},
                 ["spec.template.spec.domain.x in body is a forbidden property"], id="nested unknown field"),
    pytest.param({"spec": {"selector": {}, "template": {"spec": {}}}},
                 ["spec.template.spec.domain in body is required"], id="nested required object"),
    pytest.param({"spec": {"selector": {}, "template": {}, "replicas": "2"}},
                 ['spec.replicas in body must be of type integer: "string"'], id="type error"),
    pytest.param({"metadata": {"name": 1}, "apiVersion": 2, "spec": {"selector": {}, "template": {}}}, [],
                 id="only the top-level key names are checked"),
])
def test_schema_gate_messages(document: dict, messages: list[str]) -> None:
    assert [cause.message for cause in validate_schema_causes(document, VMIRS_SPEC)] == messages


# --- Admit ----------------------------------------------------------------------------------------
def test_admit_allows_a_valid_replica_set_and_keeps_the_warnings() -> None:
    warning = AdmissionWarning("earlier", "reason")
    verdict = admit_vmirs_webhook(vmirs(), CONFIG, [warning])
    assert verdict.allowed and verdict.warnings == [warning]


def test_admit_schema_gate_stops_the_webhook() -> None:
    verdict = admit_vmirs_webhook({"spec": {"template": {}}}, CONFIG)
    assert (verdict.allowed, verdict.stage, verdict.message) == (
        False, STAGE_VALIDATING_SCHEMA, "spec.selector in body is required")


def test_admit_decoding_error() -> None:
    verdict = admit_vmirs_webhook(vmirs(replicas=2**31), CONFIG)
    assert (verdict.allowed, verdict.stage) == (False, STAGE_VALIDATING_WEBHOOK)
    assert verdict.message == ("json: cannot unmarshal number 2147483648 into Go struct field "
                               "VirtualMachineInstanceReplicaSet.spec.replicas of type int32")
    assert verdict.causes[0].located == "spec.replicas"


def test_admit_discontinued_feature_gate_after_the_spec() -> None:
    obj = vmirs(selector={"matchLabels": {"app": "other"}})
    obj["spec"]["template"]["spec"]["domain"]["devices"]["interfaces"] = [{"name": "default", "passt": {}}]
    obj["spec"]["template"]["spec"]["networks"] = [{"name": "default", "pod": {}}]
    verdict = admit_vmirs_webhook(obj, replace(CONFIG, feature_gates=("Passt",)))
    assert not verdict.allowed
    last = verdict.causes[-1]
    assert (last.field, last.message, last.type) == ("", PASST_MESSAGE, CAUSE_FIELD_VALUE_NOT_SUPPORTED)
    assert "spec.selector" in [cause.field for cause in verdict.causes]


def test_admit_caps_the_causes_at_ten() -> None:
    obj = vmirs()
    obj["spec"]["template"]["spec"]["domain"]["devices"]["disks"] = [{"name": "root"}] * 12
    verdict = admit_vmirs_webhook(obj, CONFIG)
    assert not verdict.allowed and len(verdict.causes) == 10

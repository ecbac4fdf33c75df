"""``krmfn.kubevirt.util.validate_schema``: KubeVirt's ``ValidateSchema`` answers."""
from __future__ import annotations

from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.util.validate_schema import SPEC_NULL, SPEC_REQUIRED, schema_gate_error, spec_required_error
from krmfn.kubevirt.util.webhooks import STAGE_MUTATING_SCHEMA, STAGE_VALIDATING_SCHEMA, Cause

SCHEMA = schemas.Obj("VirtualMachineInstance", {"metadata": schemas.OBJECT_META, "spec": schemas.Obj(
    "VirtualMachineInstanceSpec", {"domain": schemas.Obj("DomainSpec", {}), "hostname": schemas.STR},
    required=("domain",))}, required=("spec",))


def _gate(obj: dict) -> list[str] | None:
    rejected = schema_gate_error(schemas.check(obj, SCHEMA, scalar_defaults=True), [])
    return None if rejected is None else [cause.message for cause in rejected.causes]


def test_a_missing_or_null_spec_is_required_then_the_wrong_type():
    """``Validate``'s Required("spec"), then ``ValidateSpec`` of the absent value (realworld VMI
    ``windows-10``: ``spec: null``, which the API server prunes)."""
    assert SPEC_REQUIRED == "spec in body is required"
    assert SPEC_NULL == 'spec in body must be of type object: "null"'
    for obj in ({"metadata": {"name": "w"}}, {"metadata": {"name": "w"}, "spec": None}):
        assert _gate(obj) == [SPEC_REQUIRED, SPEC_NULL]


def test_other_errors_are_left_as_they_are():
    assert _gate({"spec": {}}) == ["spec.domain in body is required"]
    assert _gate({"spec": {"domain": {}, "hostname": 1}}) == ['spec.hostname in body must be of type string: "integer"']
    assert _gate({"spec": {"domain": {}}}) is None


def test_a_kind_without_a_spec_definition_only_needs_a_spec():
    """The clone mutator's gate: ``v1.VirtualMachineCloneSpec`` is no definition."""
    rejected = spec_required_error({"metadata": {}, "spec": None}, [])
    assert rejected is not None and rejected.stage == STAGE_MUTATING_SCHEMA
    assert rejected.causes == [Cause("", SPEC_REQUIRED)]
    assert spec_required_error({"spec": {"labelFilters": "app"}}, [], STAGE_VALIDATING_SCHEMA) is None

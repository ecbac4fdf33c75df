"""krmfn's own cases of ``krmfn.virt_template.engine.converter``: the walk that substitutes, judges
decoding and encodes in one (``ProcessingCopy``) gives what ``visited_copy``'s copy, ``_decodes``
and ``go_encoded_vm`` give one after the other, and leaves the template's VM as it was."""
from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from krmfn.kubevirt.apiserver.vm_schema import vm_schema
from krmfn.model.kubevirt_version import VERSIONS
from krmfn.kubevirt.virt_api.mutators.go_roundtrip import PLAN, Plan
from krmfn.virt_template.engine.converter import ProcessingCopy, _decodes, finished, from_unstructured, go_encoded_vm
from krmfn.virt_template.engine.template import SubstitutionError, substitute_all_parameters
from krmfn.virt_template.types import Parameter

SCHEMA = vm_schema(VERSIONS["v1.9"])
PARAMS = {name: Parameter(name, value=value) for name, value in
          (("NAME", "vm-1"), ("CORES", "2"), ("MEM", "2048Mi"), ("OBJ", '{"a": 1}'), ("KEY", '"cores"'),
           ("EMPTY", "{}"), ("NONE", "[]"))}
# Keys of the VM's Go type at several depths, unknown ones, and keys that a parameter renames.
_KEYS = st.sampled_from(["metadata", "name", "labels", "spec", "template", "domain", "cpu", "cores", "memory",
                         "guest", "devices", "disks", "bootOrder", "disk", "bus", "volumes", "runStrategy",
                         "instancetype", "unknownField", "${NAME}", "${{KEY}}", "resources", "requests", "labels",
                         "features", "acpi", "volumes", "hostDisk", "capacity", "dataVolumeTemplates", "annotations"])
_LEAVES = st.one_of(st.sampled_from(["x", "${NAME}", "${{CORES}}", "${{OBJ}}", "${MEM}", "1Gi", "${{MEM}}", "1024Mi",
                                     "${{EMPTY}}", "${{NONE}}"]),
                    st.integers(-3, 3), st.booleans(), st.none(), st.just(1.5), st.just({}), st.just([]))
_VALUES = st.recursive(_LEAVES, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                        st.dictionaries(_KEYS, inner, max_size=4)), max_leaves=20)
_SPINE = st.fixed_dictionaries({"spec": st.fixed_dictionaries(
    {"template": st.fixed_dictionaries({"spec": st.fixed_dictionaries({"domain": st.dictionaries(_KEYS, _VALUES)})}),
     "runStrategy": _LEAVES}), "metadata": st.dictionaries(_KEYS, _VALUES, max_size=3)})


@settings(max_examples=400, deadline=None)
@given(st.one_of(_SPINE, st.dictionaries(_KEYS, _VALUES, max_size=4)))
def test_the_walk_is_the_copy_its_verdict_and_its_encoding(vm: dict[str, Any]) -> None:
    before = copy.deepcopy(vm)
    try:
        plain = substitute_all_parameters(vm, PARAMS)
    except SubstitutionError:
        return
    walk = ProcessingCopy(SCHEMA)
    walked = substitute_all_parameters(vm, PARAMS, copy=walk)
    assert vm == before
    if walk.decodes:
        assert _decodes(plain, SCHEMA)
        encoded = finished(walked)
        if encoded is not None:  # in Go's encoding, keys in the same order
            assert json.dumps(encoded) == json.dumps(go_encoded_vm(copy.deepcopy(plain)))
            assert vm == before
    if "${" not in repr(list(_keys(vm))):  # no renamed key: the verdict is the walk's, both ways
        assert walk.decodes == _decodes(plain, SCHEMA)


def test_a_place_of_the_plan_has_named_steps_or_a_star_not_both() -> None:
    """The walk gives a value the plan of its key, else the plan of ``*`` (``apply_plan`` would
    apply both)."""
    def places(plan: Plan) -> Any:
        yield plan
        for child in plan.children.values():
            yield from places(child)
    assert all(not ("*" in plan.children and len(plan.children) > 1) for plan in places(PLAN))


def _keys(value: Any) -> Any:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from _keys(item)


def test_a_judged_copy_skips_the_walk_but_a_failure_is_told() -> None:
    vm = {"spec": {"template": {"spec": {"domain": {"cpu": {"cores": "${{CORES}}"}, "memory": {"guest": "${MEM}"}}}}}}
    walk = ProcessingCopy(SCHEMA)
    walked = substitute_all_parameters(vm, PARAMS, copy=walk)
    assert walk.decodes and walked["spec"]["template"]["spec"]["domain"]["cpu"]["cores"] == 2
    assert walked["spec"]["template"]["spec"]["domain"]["memory"]["guest"] == "2Gi"  # canonical
    assert vm["spec"]["template"]["spec"]["domain"]["memory"]["guest"] == "${MEM}"
    bad = {"spec": {"template": {"spec": {"domain": {"cpu": {"cores": "${NAME}"}}}}}}
    walk = ProcessingCopy(SCHEMA)
    substitute_all_parameters(bad, PARAMS, copy=walk)
    assert not walk.decodes
    try:
        from_unstructured(substitute_all_parameters(bad, PARAMS), SCHEMA, walk.decodes)
    except Exception as error:  # noqa: BLE001 - the message is the point
        assert str(error) == "unrecognized type: uint32"
    else:
        raise AssertionError("a string where Go has a uint32 decodes")


def test_what_nothing_changes_is_shared_with_the_template() -> None:
    vm = {"metadata": {"name": "${NAME}"}, "spec": {"template": {"metadata": {"labels": {"a": "b"}}, "spec": {
        "domain": {"devices": {"disks": [{"name": "root"}]}, "resources": {}}, "volumes": [{"name": "root"}]}}}}
    walked = substitute_all_parameters(vm, PARAMS, copy=ProcessingCopy(SCHEMA))
    template, source = walked["spec"]["template"], vm["spec"]["template"]
    assert walked["metadata"] == {"name": "vm-1"} and walked["metadata"] is not vm["metadata"]
    assert template is source and template["spec"]["domain"]["devices"] is source["spec"]["domain"]["devices"]

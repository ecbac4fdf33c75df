"""krmfn's own cases of ``krmfn.virt_template.engine.converter``: the copy that substitutes and judges
decoding in one walk (``DecodingCopy``) gives the copy ``visited_copy`` gives, and judges it as the
separate walk (``_decodes``) does."""
from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from krmfn.kubevirt.apiserver.vm_schema import vm_schema
from krmfn.model.kubevirt_version import VERSIONS
from krmfn.virt_template.engine.converter import DecodingCopy, _decodes, from_unstructured
from krmfn.virt_template.engine.template import SubstitutionError, substitute_all_parameters
from krmfn.virt_template.types import Parameter

SCHEMA = vm_schema(VERSIONS["v1.9"])
PARAMS = {name: Parameter(name, value=value) for name, value in
          (("NAME", "vm-1"), ("CORES", "2"), ("MEM", "2Gi"), ("OBJ", '{"a": 1}'), ("KEY", '"cores"'))}
# Keys of the VM's Go type at several depths, unknown ones, and keys that a parameter renames.
_KEYS = st.sampled_from(["metadata", "name", "labels", "spec", "template", "domain", "cpu", "cores", "memory",
                         "guest", "devices", "disks", "bootOrder", "disk", "bus", "volumes", "runStrategy",
                         "instancetype", "unknownField", "${NAME}", "${{KEY}}"])
_LEAVES = st.one_of(st.sampled_from(["x", "${NAME}", "${{CORES}}", "${{OBJ}}", "${MEM}", "1Gi", "${{MEM}}"]),
                    st.integers(-3, 3), st.booleans(), st.none(), st.just(1.5))
_VALUES = st.recursive(_LEAVES, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                        st.dictionaries(_KEYS, inner, max_size=4)), max_leaves=20)
_SPINE = st.fixed_dictionaries({"spec": st.fixed_dictionaries(
    {"template": st.fixed_dictionaries({"spec": st.fixed_dictionaries({"domain": st.dictionaries(_KEYS, _VALUES)})}),
     "runStrategy": _LEAVES}), "metadata": st.dictionaries(_KEYS, _VALUES, max_size=3)})


@settings(max_examples=400, deadline=None)
@given(st.one_of(_SPINE, st.dictionaries(_KEYS, _VALUES, max_size=4)))
def test_the_decoding_copy_is_the_copy_and_its_verdict_the_walks(vm: dict[str, Any]) -> None:
    decoding = DecodingCopy(SCHEMA)
    try:
        plain = substitute_all_parameters(vm, PARAMS)
    except SubstitutionError:
        return
    copied = substitute_all_parameters(vm, PARAMS, copy=decoding)
    assert copied == plain
    if decoding.decodes:
        assert _decodes(copied, SCHEMA)
    if "${" not in repr(list(_keys(vm))):  # no renamed key: the verdict is the walk's, both ways
        assert decoding.decodes == _decodes(copied, SCHEMA)


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
    decoding = DecodingCopy(SCHEMA)
    copied = substitute_all_parameters(vm, PARAMS, copy=decoding)
    assert decoding.decodes and copied["spec"]["template"]["spec"]["domain"]["cpu"]["cores"] == 2
    bad = {"spec": {"template": {"spec": {"domain": {"cpu": {"cores": "${NAME}"}}}}}}
    decoding = DecodingCopy(SCHEMA)
    copied = substitute_all_parameters(bad, PARAMS, copy=decoding)
    assert not decoding.decodes
    try:
        from_unstructured(copied, SCHEMA, decoding.decodes)
    except Exception as error:  # noqa: BLE001 - the message is the point
        assert str(error) == "unrecognized type: uint32"
    else:
        raise AssertionError("a string where Go has a uint32 decodes")

"""The CRD structural schemas and the API server's checks (strict decoding, OpenAPI, Go decoding)."""
import datetime
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from krmfn.kubevirt.apiserver import schema as s
from krmfn.kubevirt.apiserver.schema import QUANTITY, QUANTITY_PATTERN, matches_quantity_pattern
from krmfn.kubevirt.apiserver.export_schema import VIRTUAL_MACHINE_EXPORT
from krmfn.kubevirt.apiserver.vm_schema import VIRTUAL_MACHINE, vmi_schema
from krmfn.model.kubevirt_version import DEFAULT


def instancetype(spec=None, **top):
    obj = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
           "metadata": {"name": "it"},
           "spec": spec if spec is not None else {"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}}}
    obj.update(top)
    return obj


def preference(spec):
    return {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterPreference",
            "metadata": {"name": "pf"}, "spec": spec}


def crd_causes(obj, node):
    return [e.crd_cause() for e in s.schema_errors(obj, node)]


# --- strict field validation -------------------------------------------------------------------
def test_valid_instancetype_has_no_unknown_fields():
    assert s.unknown_fields(instancetype(), s.INSTANCETYPE) == []


def test_unknown_field_in_instancetype_cpu():
    obj = instancetype({"cpu": {"guest": 2, "sockets": 2}, "memory": {"guest": "2Gi"}})
    assert s.unknown_fields(obj, s.INSTANCETYPE) == ["spec.cpu.sockets"]


def test_misspelled_preference_field_found_at_depth():
    obj = preference({"devices": {"preferedDiskBus": "virtio"}})
    assert s.unknown_fields(obj, s.PREFERENCE) == ["spec.devices.preferedDiskBus"]


def test_unknown_fields_deep_in_nested_structs_and_list_items():
    obj = preference({
        "features": {"preferredHyperv": {"tlbflush": {"direct": {"enabled": True, "bogus": 1}}}},
        "cpu": {"preferredCPUFeatures": [{"name": "x"}, {"name": "y", "polcy": "require"}]},
    })
    assert s.unknown_fields(obj, s.PREFERENCE) == [
        "spec.cpu.preferredCPUFeatures[1].polcy",
        "spec.features.preferredHyperv.tlbflush.direct.bogus",
    ]


def test_empty_go_structs_accept_no_fields():
    obj = instancetype({"cpu": {"guest": 1}, "memory": {"guest": "1Gi"},
                        "launchSecurity": {"snp": {"x": 1}, "sev": {"attestation": {}}}})
    assert s.unknown_fields(obj, s.INSTANCETYPE) == ["spec.launchSecurity.snp.x"]


def test_unknown_metadata_and_top_level_fields():
    obj = instancetype(metadata={"name": "it", "lables": {}}, extra=True)
    assert s.unknown_fields(obj, s.INSTANCETYPE) == ["extra", "metadata.lables"]


def test_maps_accept_any_key():
    obj = instancetype({"cpu": {"guest": 1}, "memory": {"guest": "1Gi"},
                        "nodeSelector": {"anything": "x"}, "annotations": {"a/b": "c"}})
    assert s.unknown_fields(obj, s.INSTANCETYPE) == []


def test_strict_decoding_message():
    assert s.strict_decoding_message("VirtualMachine", "v1", ["spec.foo", "spec.x.y"]) == (
        'VirtualMachine in version "v1" cannot be handled as a VirtualMachine: strict decoding error: '
        'unknown field "spec.foo", unknown field "spec.x.y"')


def test_vm_unknown_fields_in_modelled_parts_only():
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm"},
          "spec": {"foo": "bar", "template": {
              "metadata": {"labels": {"a": "b"}, "anything": 1},  # preserve-unknown-fields in the CRD
              "spec": {"domain": {"devices": {}, "cpu": {"cpuModelX": "x"}},
                       "livenessProbe": {"whatever": {}},
                       "affinity": {"nodeAffinity": {"whatever": {}}}}}}}
    assert s.unknown_fields(vm, VIRTUAL_MACHINE) == [
        "spec.foo", "spec.template.spec.affinity.nodeAffinity.whatever", "spec.template.spec.domain.cpu.cpuModelX"]


# --- strict field validation as the API server prunes (report.pruned) ---------------------------
def vmi(**spec):
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance", "metadata": {"name": "vmi1"},
            "spec": {"domain": {"devices": {}, "resources": {"requests": {"memory": "1Gi"}}}, **spec}}


def test_an_object_where_an_array_belongs_has_its_keys_pruned():
    # golden-kinds minimized/vmi-tolerations-object: the field validation's two unknown fields; an
    # OpenAPI validator (KubeVirt's gate, the CRD's schema) sees the type error instead.
    report = s.check(vmi(tolerations={"key": "dedicated", "operator": "Exists"}), vmi_schema(DEFAULT))
    assert report.pruned == ["spec.tolerations.key", "spec.tolerations.operator"]
    assert report.unknown == []
    assert [e.message for e in report.errors] == ['spec.tolerations in body must be of type array: "object"']


def test_an_object_where_a_string_belongs_has_its_keys_pruned():
    # golden-kinds minimized/export-tokensecretref-object
    export = {"apiVersion": "export.kubevirt.io/v1", "kind": "VirtualMachineExport", "metadata": {"name": "export1"},
              "spec": {"source": {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "vm1"},
                       "tokenSecretRef": {"name": "export-token"}}}
    report = s.check(export, VIRTUAL_MACHINE_EXPORT)
    assert report.pruned == ["spec.tokenSecretRef.name"]
    assert [e.crd_cause() for e in report.errors] == [
        ("spec.tokenSecretRef",
         'Invalid value: "object": spec.tokenSecretRef in body must be of type string: "object"')]


def test_a_user_password_propagated_by_no_cloud():
    # golden-kinds minimized/vmi-userpassword-nocloud: only the SSH key has a noCloud propagation.
    obj = vmi(accessCredentials=[{"userPassword": {"source": {"secret": {"secretName": "user-pw"}},
                                                   "propagationMethod": {"noCloud": {}}}}])
    assert s.check(obj, vmi_schema(DEFAULT)).pruned == [
        "spec.accessCredentials[0].userPassword.propagationMethod.noCloud"]


def test_strict_decoding_is_case_sensitive():
    # realworld vmi/all myvmi-dup2: `claimname` is not `claimName` (only Go's encoding/json matches
    # keys case-insensitively, and the webhooks only read what pruning left). The gate does not miss
    # claimName: openapi-gen gives the string a default.
    obj = vmi(volumes=[{"name": "myimage", "persistentVolumeClaim": {"claimname": "myclaim"}}])
    obj["spec"]["domain"]["resources"]["disks"] = [{"disk": {}, "name": "myimage"}]
    report = s.check(obj, vmi_schema(DEFAULT), scalar_defaults=True)
    assert report.pruned == ["spec.domain.resources.disks", "spec.volumes[0].persistentVolumeClaim.claimname"]
    assert report.errors == []
    assert [e.crd_cause() for e in s.check(obj, vmi_schema(DEFAULT)).errors] == [
        ("spec.volumes[0].persistentVolumeClaim.claimName", "Required value")]


def test_an_array_where_an_object_belongs_has_its_items_keys_pruned():
    # pruning.prune: an object's schema has no items, so each item is pruned with none: an
    # object loses every key (not looked into), an array's items go the same way, scalars stay.
    obj = vmi()
    obj["spec"]["domain"]["cpu"] = [{"cores": 2, "sockets": {"a": 1}}, 3, [{"x": 1}, "y"]]
    report = s.check(obj, vmi_schema(DEFAULT))
    assert report.pruned == ["spec.domain.cpu[0].cores", "spec.domain.cpu[0].sockets", "spec.domain.cpu[2][0].x"]
    assert [e.message for e in report.errors] == ['spec.domain.cpu in body must be of type object: "array"']


@pytest.mark.parametrize("spec, pruned", [
    ({"nodeSelector": {"zone": {"a": "b"}}}, ["spec.nodeSelector.zone.a"]),  # a map of strings
    ({"nodeSelector": [{"zone": "a"}]}, ["spec.nodeSelector[0].zone"]),  # a map's schema has no items
    ({"tolerations": [{"key": ["a", {"b": 1}]}]}, ["spec.tolerations[0].key[1].b"]),
    ({"hostname": 5}, []),  # a scalar of the wrong type: nothing to prune
    ({"affinity": [{"nodeAffinity": {}}]}, ["spec.affinity[0].nodeAffinity"]),  # not modelled, not preserved
])
def test_values_of_the_wrong_type(spec, pruned):
    assert s.check(vmi(**spec), vmi_schema(DEFAULT)).pruned == pruned


def test_a_quantity_given_an_object():
    obj = vmi()
    obj["spec"]["domain"]["resources"]["requests"]["memory"] = {"value": 1, "unit": "Gi"}
    assert s.check(obj, vmi_schema(DEFAULT)).pruned == [
        "spec.domain.resources.requests.memory.unit", "spec.domain.resources.requests.memory.value"]


def test_preserved_objects_keep_an_array():
    # x-kubernetes-preserve-unknown-fields (skipPrune): the template's metadata and the domain's clock.
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm"},
          "spec": {"template": {"metadata": [{"labels": {}}],
                                "spec": {"domain": {"devices": {}, "clock": [{"utc": {}}]}}}}}
    report = s.check(vm, VIRTUAL_MACHINE)
    assert report.pruned == []
    assert [e.path for e in report.errors] == ["spec.template.metadata", "spec.template.spec.domain.clock"]


def test_object_meta_first_in_go_decoding_order_then_the_pruned_paths_sorted():
    # unstructuredSchemaCoercer.apply: GetObjectMetaWithOptions's paths, then PruneWithOptions's.
    obj = vmi(zeta=1, alpha={"b": 1})
    owner = {"x": 1, "apiVersion": "v1", "kind": "Pod", "name": "p", "uid": "u"}
    obj["metadata"] = {"zz": 1, "name": "vmi1", "ownerReferences": [owner], "aa": 2}
    obj["extra"] = True
    report = s.check(obj, vmi_schema(DEFAULT))
    assert report.errors == []  # the walk went in key order, ObjectMeta is walked again
    assert report.pruned == ["metadata.aa", "metadata.ownerReferences[0].x", "metadata.zz",
                             "extra", "spec.alpha", "spec.zeta"]
    assert report.unknown == ["extra", "metadata.aa", "metadata.ownerReferences[0].x", "metadata.zz",
                              "spec.alpha", "spec.zeta"]


def test_object_meta_of_the_wrong_type_is_not_pruned():
    # Go decodes ObjectMeta: a value of the wrong type there is a decoding error, not an unknown field.
    obj = vmi()
    obj["metadata"]["labels"] = [{"a": "b"}]
    assert s.check(obj, vmi_schema(DEFAULT)).pruned == []


# --- OpenAPI validation ------------------------------------------------------------------------
@pytest.mark.parametrize("spec, field", [
    (None, "spec"),
    ({"memory": {"guest": "1Gi"}}, "spec.cpu"),
    ({"cpu": {"guest": 1}}, "spec.memory"),
    ({"cpu": {}, "memory": {"guest": "1Gi"}}, "spec.cpu.guest"),
    ({"cpu": {"guest": 1}, "memory": {}}, "spec.memory.guest"),
])
def test_required_fields(spec, field):
    obj = instancetype()
    if spec is None:
        del obj["spec"]
    else:
        obj["spec"] = spec
    assert crd_causes(obj, s.INSTANCETYPE) == [(field, "Required value")]


def test_null_counts_as_absent():
    obj = instancetype({"cpu": {"guest": None}, "memory": {"guest": "1Gi"}})
    assert crd_causes(obj, s.INSTANCETYPE) == [("spec.cpu.guest", "Required value")]


def test_preference_requirements_need_guest():
    assert crd_causes(preference({"requirements": {"cpu": {}}}), s.PREFERENCE) == [
        ("spec.requirements.cpu.guest", "Required value")]
    assert crd_causes(preference({"requirements": {"memory": {}}}), s.PREFERENCE) == [
        ("spec.requirements.memory.guest", "Required value")]
    assert crd_causes(preference({"requirements": {"cpu": {"guest": 2}}}), s.PREFERENCE) == []


def test_type_error_message():
    obj = instancetype({"cpu": {"guest": "two"}, "memory": {"guest": "1Gi"}})
    assert crd_causes(obj, s.INSTANCETYPE) == [
        ("spec.cpu.guest", 'Invalid value: "string": spec.cpu.guest in body must be of type integer: "string"')]


def test_integral_float_is_an_integer_and_fraction_is_a_number():
    ok = instancetype({"cpu": {"guest": 2.0}, "memory": {"guest": "1Gi"}})
    assert crd_causes(ok, s.INSTANCETYPE) == []
    bad = instancetype({"cpu": {"guest": 2.5}, "memory": {"guest": "1Gi"}})
    assert crd_causes(bad, s.INSTANCETYPE) == [
        ("spec.cpu.guest", 'Invalid value: "number": spec.cpu.guest in body must be of type integer: "number"')]


def test_object_and_boolean_type_errors():
    obj = instancetype({"cpu": 2, "memory": {"guest": "1Gi", "hugepages": {"pageSize": "1Gi"}},
                        "nodeSelector": {"a": 1}})
    obj["spec"]["cpu"] = 2
    assert crd_causes(preference({"firmware": {"preferredUseBios": "yes"}}), s.PREFERENCE) == [
        ("spec.firmware.preferredUseBios",
         'Invalid value: "string": spec.firmware.preferredUseBios in body must be of type boolean: "string"')]
    assert crd_causes(obj, s.INSTANCETYPE) == [
        ("spec.cpu", 'Invalid value: "integer": spec.cpu in body must be of type object: "integer"'),
        ("spec.nodeSelector.a",
         'Invalid value: "integer": spec.nodeSelector.a in body must be of type string: "integer"'),
    ]


@pytest.mark.parametrize("percent, message", [
    (150, "Invalid value: 150: spec.memory.overcommitPercent in body should be less than or equal to 100"),
    (-1, "Invalid value: -1: spec.memory.overcommitPercent in body should be greater than or equal to 0"),
])
def test_overcommit_bounds(percent, message):
    obj = instancetype({"cpu": {"guest": 1}, "memory": {"guest": "1Gi", "overcommitPercent": percent}})
    assert crd_causes(obj, s.INSTANCETYPE) == [("spec.memory.overcommitPercent", message)]


@pytest.mark.parametrize("percent", [0, 50, 100])
def test_overcommit_in_bounds(percent):
    obj = instancetype({"cpu": {"guest": 1}, "memory": {"guest": "1Gi", "overcommitPercent": percent}})
    assert crd_causes(obj, s.INSTANCETYPE) == []


def test_quantity_pattern():
    obj = instancetype({"cpu": {"guest": 1}, "memory": {"guest": "lots"}})
    assert crd_causes(obj, s.INSTANCETYPE) == [("spec.memory.guest", (
        'Invalid value: "lots": spec.memory.guest in body should match '
        "'^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|"
        "([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$'"))]


@pytest.mark.parametrize("guest", ["2Gi", "1e9", "+2Gi", "01Gi", 1073741824, "0.5Gi", "1500m"])
def test_quantities_accepted(guest):
    obj = instancetype({"cpu": {"guest": 1}, "memory": {"guest": guest}})
    assert crd_causes(obj, s.INSTANCETYPE) == []


def test_quantity_with_a_trailing_newline_is_rejected():
    obj = instancetype({"cpu": {"guest": 1}, "memory": {"guest": "2Gi\n"}})
    assert [f for f, _ in crd_causes(obj, s.INSTANCETYPE)] == ["spec.memory.guest"]


def test_quantity_of_the_wrong_type():
    obj = instancetype({"cpu": {"guest": 1}, "memory": {"guest": True}})
    assert crd_causes(obj, s.INSTANCETYPE) == [
        ("spec.memory.guest",
         'Invalid value: "boolean": spec.memory.guest in body must be of type integer,string: "boolean"')]


def test_enum_in_the_vm_schema():
    vm = {"spec": {"template": {"spec": {"domain": {"devices": {}, "rebootPolicy": "Never"}}}}}
    errors = s.schema_errors(vm, VIRTUAL_MACHINE)
    assert [e.openapi_message() for e in errors] == [
        "spec.template.spec.domain.rebootPolicy in body should be one of [Reboot Terminate]"]
    assert errors[0].crd_cause() == ("spec.template.spec.domain.rebootPolicy",
                                     'Unsupported value: "Never": supported values: "Reboot", "Terminate"')


def test_openapi_messages_of_the_vm_gate():
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "spec": {"template": {"spec": {"domain": {}}}}}
    assert [e.openapi_message() for e in s.schema_errors(vm, VIRTUAL_MACHINE, scalar_defaults=True)] == [
        "spec.template.spec.domain.devices in body is required"]


def test_scalar_defaults_hide_missing_required_scalars_only():
    vm = {"spec": {"template": {"spec": {"domain": {"devices": {"inputs": [{"name": "t"}]}}}}}}
    assert s.schema_errors(vm, VIRTUAL_MACHINE, scalar_defaults=True) == []
    assert [e.path for e in s.schema_errors(vm, VIRTUAL_MACHINE)] == [
        "spec.template.spec.domain.devices.inputs[0].type"]


def test_errors_are_reported_required_first_then_in_key_order():
    obj = instancetype({"memory": {"guest": "x", "overcommitPercent": 101}, "cpu": {"guest": "a"}})
    assert [path for path, _ in crd_causes(obj, s.INSTANCETYPE)] == [
        "spec.cpu.guest", "spec.memory.guest", "spec.memory.overcommitPercent"]


def test_timestamps_typed_by_yaml_loaders_are_strings():
    obj = instancetype(metadata={"name": "it", "creationTimestamp": datetime.datetime(2024, 1, 1)})
    assert crd_causes(obj, s.INSTANCETYPE) == []


# --- Go decoding ---------------------------------------------------------------------------------
def test_go_decode_error_for_negative_uint32():
    obj = instancetype({"cpu": {"guest": -1}, "memory": {"guest": "1Gi"}})
    assert s.go_decode_error(obj, s.INSTANCETYPE, "VirtualMachineInstancetype") == (
        "json: cannot unmarshal number -1 into Go struct field VirtualMachineInstancetype.spec.cpu.guest of type "
        "uint32")


def test_go_decode_error_for_uint32_overflow_in_preference():
    obj = preference({"cpu": {"spreadOptions": {"ratio": 4294967296}}})
    assert s.go_decode_error(obj, s.PREFERENCE, "VirtualMachinePreference") == (
        "json: cannot unmarshal number 4294967296 into Go struct field "
        "VirtualMachinePreference.spec.cpu.spreadOptions.ratio of type uint32")


def test_go_decode_accepts_values_in_range():
    assert s.go_decode_error(instancetype({"cpu": {"guest": 4294967295}, "memory": {"guest": "1Gi"}}),
                             s.INSTANCETYPE, "VirtualMachineInstancetype") is None


# Go 1.27's encoding/json (v1 on v2): the root type Unmarshal was given names the field, the first
# error in key order wins; the VMI spec's UnmarshalJSON decodes into its own VMISpecAlias.
VMI_SPEC = s.Obj("VirtualMachineInstanceSpec", {
    "domain": s.Obj("DomainSpec", {"cpu": s.Obj("CPU", {"cores": s.UINT32}),
                                   "resources": s.Obj("ResourceRequirements", {"requests": s.MapOf(s.QUANTITY)})}),
    "networks": s.ListOf(s.Obj("Network", {"name": s.STR})),
})
VMI = s.Obj("VirtualMachineInstance", {"metadata": s.OBJECT_META, "spec": VMI_SPEC})
VM = s.Obj("VirtualMachine", {"spec": s.Obj("VirtualMachineSpec", {
    "template": s.Obj("VirtualMachineInstanceTemplateSpec", {"spec": VMI_SPEC})})})


def test_an_error_in_the_vmi_spec_is_rooted_at_its_alias_wherever_the_spec_is():
    """Golden vmi/r7001-0045."""
    message = "json: cannot unmarshal number -2 into Go struct field VMISpecAlias.domain.cpu.cores of type uint32"
    assert s.go_decode_failure({"spec": {"domain": {"cpu": {"cores": -2}}}}, VMI, "VirtualMachineInstance") == (
        message, "spec.domain.cpu.cores")
    assert s.go_decode_error({"spec": {"template": {"spec": {"domain": {"cpu": {"cores": -2}}}}}}, VM,
                             "VirtualMachine") == message


def test_outside_an_alias_the_root_is_the_type_unmarshal_was_given():
    assert s.go_decode_error({"metadata": {"generation": 1 << 63}}, VMI, "VirtualMachineInstance") == (
        "json: cannot unmarshal number 9223372036854775808 into Go struct field "
        "VirtualMachineInstance.metadata.generation of type int64")


def test_a_root_pointer_has_no_name_and_a_wrong_kind_names_the_go_type():
    """Golden clone/r7001-0077: ``json.Unmarshal(raw, &vmCloneOrig)`` of a ``*VirtualMachineClone``."""
    clone = s.Obj("VirtualMachineClone", {"spec": s.Obj("VirtualMachineCloneSpec", {"labelFilters": s.ListOf(s.STR)})})
    assert s.go_decode_failure({"spec": {"labelFilters": "app"}}, clone, "") == (
        "json: cannot unmarshal string into Go struct field .spec.labelFilters of type []string", "spec.labelFilters")
    assert s.go_decode_error({"spec": "x"}, clone, "") == (
        "json: cannot unmarshal string into Go struct field .spec of type v1beta1.VirtualMachineCloneSpec")
    assert s.go_decode_error("x", clone, "") == (
        "json: cannot unmarshal string into Go value of type v1beta1.VirtualMachineClone")


def test_a_list_index_is_in_the_path_and_drops_go_struct_field_at_the_end():
    """``v2_decode.go`` ``UnmarshalTypeError.Error``: a path ending with an index is likely a slice's."""
    assert s.go_decode_failure({"spec": {"networks": [{"name": 1}]}}, VMI, "VirtualMachineInstance") == (
        "json: cannot unmarshal number into Go struct field VMISpecAlias.networks.0.name of type string",
        "spec.networks[0].name")
    assert s.go_decode_error({"spec": {"networks": ["pod"]}}, VMI, "VirtualMachineInstance") == (
        "json: cannot unmarshal string into VMISpecAlias.networks.0 of type v1.Network")


def test_a_quantity_error_is_unmarshal_json_s_own_and_the_first_error_wins():
    """Golden vmi/r7001-0087; ``cpu`` sorts before ``resources``."""
    bad_memory = {"resources": {"requests": {"memory": "lots"}}}
    assert s.go_decode_failure({"spec": {"domain": bad_memory}}, VMI, "VirtualMachineInstance") == (
        "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
        "spec.domain.resources.requests.memory")
    both = {"spec": {"domain": {**bad_memory, "cpu": {"cores": -1}}}}
    assert s.go_decode_error(both, VMI, "VirtualMachineInstance").startswith("json: cannot unmarshal number -1")
    fine = {"spec": {"domain": {"cpu": {"cores": 4294967295}, "resources": {"requests": {"memory": 1.5}}}}}
    assert s.go_decode_error(fine, VMI, "VirtualMachineInstance") is None


@pytest.mark.parametrize("obj", [
    {"spec": {"domain": {"cpu": {"cores": 4294967295}, "resources": {"requests": {"memory": 1.5}}}}},
    {"spec": {"domain": {"cpu": {"cores": -2}}}},
    {"spec": {"domain": {"cpu": {"cores": 2.0}}}},
    {"spec": {"domain": {"cpu": {"cores": 2.5}}}},
    {"spec": {"domain": {"resources": {"requests": {"memory": "lots"}}}}},
    {"spec": {"domain": {"resources": {"requests": {"memory": " 1Gi"}}}}},
    {"spec": {"networks": [{"name": 1}, None]}},
    {"spec": {"networks": ["pod"]}},
    {"metadata": {"generation": 1 << 63, "labels": {"a": "b"}}},
    {"metadata": {"creationTimestamp": datetime.datetime(2024, 1, 1)}, "spec": {"unknown": -1}},
])
@pytest.mark.parametrize("scalar_defaults", [False, True])
def test_the_schema_walk_judges_go_decoding_as_the_decoding_walk_does(obj, scalar_defaults):
    """``check(..., go_decoding=True)`` spares the second walk only where it would find nothing."""
    report = s.check(obj, VMI, scalar_defaults=scalar_defaults, go_decoding=True)
    expected = s.go_decode_failure(obj, VMI, "VirtualMachineInstance")
    assert s.go_decode_failure_of(report, obj, VMI, "VirtualMachineInstance") == expected
    assert report.go_decodes == (expected is None and not report.errors)
    assert not s.check(obj, VMI, scalar_defaults=scalar_defaults).go_decodes


def test_the_gate_takes_any_string_or_number_for_a_quantity_the_crd_its_pattern():
    """KubeVirt's OpenAPI definitions type resource.Quantity string, integer or number, no pattern."""
    obj = {"spec": {"domain": {"resources": {"requests": {"memory": "lots", "cpu": 1.5}}}}}
    assert s.schema_errors(obj, VMI, scalar_defaults=True) == []
    assert [e.code for e in s.schema_errors(obj, VMI)] == [s.INVALID_TYPE, s.PATTERN]
    assert [e.openapi_message() for e in s.schema_errors({"spec": {"domain": {"resources": {"requests": {
        "memory": True}}}}}, VMI, scalar_defaults=True)] == [
        'spec.domain.resources.requests.memory in body must be of type string,integer,number: "boolean"']


def test_a_gate_enum_is_checked_by_the_gate_only():
    node = s.Obj("NodeSelectorRequirement", {"operator": s.Scalar("string", gate_enum=("In", "NotIn"))})
    obj = {"matchExpressions": [{"operator": "Equals"}]}
    holder = s.Obj("NodeSelectorTerm", {"matchExpressions": s.ListOf(node)})
    assert s.schema_errors(obj, holder) == []
    [error] = s.schema_errors(obj, holder, scalar_defaults=True)
    assert error.path == "matchExpressions[0].operator"
    assert error.openapi_message() == "matchExpressions.operator in body should be one of [In NotIn]"


def test_the_gate_path_has_no_list_index():
    """go-openapi/validate v0.24; golden minimized/vmi-emptydisk-no-capacity."""
    assert s.openapi_path("spec.volumes[0].emptyDisk.capacity") == "spec.volumes.emptyDisk.capacity"
    assert s.openapi_path("spec.a[10].b[2]") == "spec.a.b"
    error = s.SchemaError(s.REQUIRED, "spec.volumes[3].emptyDisk.capacity",
                          "spec.volumes[3].emptyDisk.capacity in body is required")
    assert error.openapi_message() == "spec.volumes.emptyDisk.capacity in body is required"
    assert error.crd_cause() == ("spec.volumes[3].emptyDisk.capacity", "Required value")


# QUANTITY_PATTERN is matched by a function of its own; it must answer as the pattern does (as Go
# reads it: `$` the end of the text), on the characters that decide it and on real quantities.
QUANTITY_LIKE = r"[+-]?[0-9]{0,3}(\.[0-9]{0,2})?([KMGTPE]i?|[numk]|[eE][+-]?[0-9]{0,2}\.?[0-9]?)?"


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet="0123456789.+-eEKMGTPiInumkx \n", max_size=9) | st.from_regex(QUANTITY_LIKE, fullmatch=True))
def test_the_quantity_matcher_answers_as_the_quantity_pattern(text):
    go_pattern = QUANTITY_PATTERN[:-1] + r"\Z"
    assert matches_quantity_pattern(text) is (re.search(go_pattern, text) is not None)


@pytest.mark.parametrize("text, expected", [
    ("1", True), ("4Gi", True), ("1.5", True), (".5", True), ("5.", True), ("-1e3", True), ("1E", True),
    ("1E+3", True), ("1e.5", True), ("500m", True), ("1Ei", True), ("", False), (".", False), ("+", False),
    ("1e", False), ("1Gi\n", False), ("1 Gi", False), ("1.5.5", False), ("Gi", False), ("1i", False),
])
def test_the_quantity_matcher_on_its_edges(text, expected):
    assert matches_quantity_pattern(text) is expected
    assert QUANTITY.matches(text) is expected

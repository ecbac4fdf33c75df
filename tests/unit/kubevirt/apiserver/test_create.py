"""The API server stages before the webhooks (api discovery, strict decoding, CRD schema)."""
from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.util.webhooks import STAGE_API_DISCOVERY, STAGE_CRD_SCHEMA, STAGE_FIELD_VALIDATION

CLUSTER_IT = apiserver.INSTANCETYPE_RESOURCES["VirtualMachineClusterInstancetype"]
NAMESPACED_PF = apiserver.INSTANCETYPE_RESOURCES["VirtualMachinePreference"]


def instancetype(api_version="instancetype.kubevirt.io/v1beta1", name="it", **spec):
    return {"apiVersion": api_version, "kind": "VirtualMachineClusterInstancetype", "metadata": {"name": name},
            "spec": {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}, **spec}}


def verdict_of(obj, resource=CLUSTER_IT):
    admission = apiserver.admit_before_webhooks(obj, resource, "default")
    return None if admission is None else (admission.stage, [(c.field, c.message) for c in admission.causes])


def test_valid_object_reaches_the_webhook():
    assert verdict_of(instancetype()) is None


def test_unserved_versions():
    assert verdict_of(instancetype("instancetype.kubevirt.io/v1alpha2")) == (STAGE_API_DISCOVERY, [
        ("", 'no matches for kind "VirtualMachineClusterInstancetype" in version "instancetype.kubevirt.io/v1alpha2"')])
    assert verdict_of(instancetype("kubevirt.io/v1beta1"))[0] == STAGE_API_DISCOVERY


def test_unknown_field():
    assert verdict_of(instancetype(cpu={"guest": 1, "sockets": 2})) == (STAGE_FIELD_VALIDATION, [(
        "", 'VirtualMachineClusterInstancetype in version "v1beta1" cannot be handled as a '
            'VirtualMachineClusterInstancetype: strict decoding error: unknown field "spec.cpu.sockets"')])


def test_unknown_fields_win_over_schema_errors():
    assert verdict_of(instancetype(cpu={"sockets": 2}))[0] == STAGE_FIELD_VALIDATION


def test_name_and_schema_errors_together():
    stage, causes = verdict_of(instancetype(name="Bad_Name", memory={"guest": "1Gi", "overcommitPercent": 101}))
    assert stage == STAGE_CRD_SCHEMA
    assert [field for field, _ in causes] == ["metadata.name", "spec.memory.overcommitPercent"]


def test_namespaced_object_uses_the_request_namespace():
    preference = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachinePreference",
                  "metadata": {"name": "pf"}, "spec": {}}
    assert apiserver.admit_before_webhooks(preference, NAMESPACED_PF, "default") is None
    stage, causes = verdict_of(preference | {"metadata": {"name": "pf", "namespace": "Bad"}}, NAMESPACED_PF)
    assert stage == STAGE_CRD_SCHEMA and causes[0][0] == "metadata.namespace"


def test_cluster_object_namespace_is_ignored():
    obj = instancetype()
    obj["metadata"]["namespace"] = "Not_Valid"
    assert verdict_of(obj) is None

"""inferFromVolume lookups (docs/kubevirt/resolution.md#inference-from-a-volume) with exact messages and error
classes."""

import pytest

from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.instancetype.infer.volume import INSTANCETYPE_INFERRER, PREFERENCE_INFERRER, InferError, Inferred
from krmfn.model.record import replace

IT_LABELS = {
    "instancetype.kubevirt.io/default-instancetype": "u1.medium",
    "instancetype.kubevirt.io/default-instancetype-kind": "VirtualMachineClusterInstancetype",
    "instancetype.kubevirt.io/default-preference": "fedora",
}


def make(kind, name, namespace="ns", labels=None, spec=None, api=None):
    api = api or {"PersistentVolumeClaim": "v1", "DataVolume": "cdi.kubevirt.io/v1beta1",
                  "DataSource": "cdi.kubevirt.io/v1beta1", "VolumeSnapshot": "snapshot.storage.k8s.io/v1"}[kind]
    metadata = {"name": name, "namespace": namespace}
    if labels is not None:
        metadata["labels"] = labels
    return {"apiVersion": api, "kind": kind, "metadata": metadata, "spec": spec or {}}


def vm(volume, templates=None):
    spec = {"template": {"spec": {"volumes": [volume]}}}
    if templates is not None:
        spec["dataVolumeTemplates"] = templates
    return {"kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"}, "spec": spec}


PVC_VOLUME = {"name": "root", "persistentVolumeClaim": {"claimName": "disk1"}}
DV_VOLUME = {"name": "root", "dataVolume": {"name": "rootdv"}}


def infer(machine, objects, inferrer=INSTANCETYPE_INFERRER, volume="root"):
    return inferrer.infer(machine, volume, Bundle(objects), "ns")


def test_e9_pvc_labels():
    objects = [make("PersistentVolumeClaim", "disk1", labels=IT_LABELS)]
    assert infer(vm(PVC_VOLUME), objects) == Inferred("u1.medium", "VirtualMachineClusterInstancetype")
    assert infer(vm(PVC_VOLUME), objects, PREFERENCE_INFERRER) == Inferred("fedora", "")


def test_e10_data_volume_template_to_data_source_in_other_namespace():
    template = {"metadata": {"name": "rootdv", "labels": {"instancetype.kubevirt.io/default-instancetype": "no"}},
                "spec": {"sourceRef": {"kind": "DataSource", "name": "fedora", "namespace": "images"}}}
    objects = [make("DataSource", "fedora", "images", IT_LABELS)]
    assert infer(vm(DV_VOLUME, [template]), objects) == Inferred("u1.medium", "VirtualMachineClusterInstancetype")


def test_source_ref_without_namespace_uses_the_vm_namespace_and_falls_through_to_pvc():
    template = {"metadata": {"name": "rootdv"}, "spec": {"sourceRef": {"kind": "DataSource", "name": "ds"}}}
    objects = [make("DataSource", "ds", spec={"source": {"pvc": {"name": "img", "namespace": "images"}}}),
               make("PersistentVolumeClaim", "img", "images", IT_LABELS)]
    assert infer(vm(DV_VOLUME, [template]), objects).name == "u1.medium"


def test_e11_missing_label_is_ignorable():
    result = infer(vm(PVC_VOLUME), [make("PersistentVolumeClaim", "disk1", labels={})])
    assert result == InferError("unable to find required instancetype.kubevirt.io/default-instancetype label "
                                "on the volume", ignorable=True)


def test_e13_fatal_errors():
    assert infer(vm(PVC_VOLUME), []) == InferError('persistentvolumeclaims "disk1" not found')
    assert infer(vm(PVC_VOLUME), [], volume="nope") == InferError("unable to find volume nope to infer defaults")


def test_e14_garbage_collected_data_volume_uses_the_pvc_of_that_name():
    objects = [make("PersistentVolumeClaim", "rootdv", labels=IT_LABELS)]
    assert infer(vm(DV_VOLUME), objects).name == "u1.medium"
    assert infer(vm(DV_VOLUME), []) == InferError('persistentvolumeclaims "rootdv" not found')


def test_live_data_volume_labels_then_spec():
    labelled = make("DataVolume", "rootdv", labels=IT_LABELS)
    assert infer(vm(DV_VOLUME), [labelled]).name == "u1.medium"
    unlabelled = make("DataVolume", "rootdv", spec={"source": {"pvc": {"name": "src", "namespace": "other"}}})
    source = make("PersistentVolumeClaim", "src", "other", {"instancetype.kubevirt.io/default-instancetype": "x"})
    assert infer(vm(DV_VOLUME), [unlabelled, source]) == Inferred("x", "")


@pytest.mark.parametrize("volume, templates, objects, message", [
    ({"name": "root", "containerDisk": {"image": "x"}}, None, [],
     "unable to infer defaults from volume root as type is not supported"),
    (DV_VOLUME, [{"metadata": {"name": "rootdv"}, "spec": {"source": {"http": {"url": "u"}}}}], [],
     "unable to infer defaults from DataVolumeSpec as DataVolumeSource is not supported"),
    (DV_VOLUME, [{"metadata": {"name": "rootdv"}, "spec": {"sourceRef": {"kind": "foo", "name": "x"}}}], [],
     "unable to infer defaults from DataVolumeSourceRef as Kind foo is not supported"),
    (DV_VOLUME, [{"metadata": {"name": "rootdv"}, "spec": {"sourceRef": {"kind": "datasource", "name": "x"}}}], [],
     "unable to infer defaults from DataVolumeSourceRef as Kind datasource is not supported"),
    (DV_VOLUME, [{"metadata": {"name": "rootdv"}, "spec": {"sourceRef": {"kind": "DataSource", "name": "ds"}}}],
     [make("DataSource", "ds", spec={"source": {}})],
     "unable to infer defaults from DataSource that doesn't provide DataVolumeSourcePVC or DataVolumeSourceSnapshot"),
])
def test_e15_unsupported_sources_are_ignorable(volume, templates, objects, message):
    assert infer(vm(volume, templates), objects) == InferError(message, ignorable=True)


def test_nested_data_sources_are_not_followed():
    template = {"metadata": {"name": "rootdv"}, "spec": {"sourceRef": {"kind": "DataSource", "name": "outer"}}}
    objects = [make("DataSource", "outer", spec={"source": {"dataSource": {"name": "inner", "namespace": "ns"}}}),
               make("DataSource", "inner", labels=IT_LABELS)]
    assert infer(vm(DV_VOLUME, [template]), objects).ignorable


def test_snapshot_sources():
    template = {"metadata": {"name": "rootdv"}, "spec": {"source": {"snapshot": {"name": "snap", "namespace": "ns"}}}}
    objects = [make("VolumeSnapshot", "snap", labels=IT_LABELS)]
    assert infer(vm(DV_VOLUME, [template]), objects).name == "u1.medium"
    assert infer(vm(DV_VOLUME, [template]), []) == InferError(
        'volumesnapshots.snapshot.storage.k8s.io "snap" not found')


def test_missing_data_source_is_fatal():
    template = {"metadata": {"name": "rootdv"}, "spec": {"sourceRef": {"kind": "DataSource", "name": "gone"}}}
    assert infer(vm(DV_VOLUME, [template]), []) == InferError('datasources.cdi.kubevirt.io "gone" not found')


def test_empty_label_value_is_accepted():
    objects = [make("PersistentVolumeClaim", "disk1", labels={"instancetype.kubevirt.io/default-instancetype": ""})]
    assert infer(vm(PVC_VOLUME), objects) == Inferred("", "")


def test_before_v1_9_volume_snapshots_are_not_followed():
    """PR #18337 (v1.9): a DataVolume or DataSource backed by a VolumeSnapshot is inferred from;
    before, the source is unsupported (golden inference/dvt-source-snapshot, datasource-without-source)."""
    old = replace(INSTANCETYPE_INFERRER, follow_snapshots=False)
    template = {"metadata": {"name": "rootdv"}, "spec": {"source": {"snapshot": {"name": "snap", "namespace": "ns"}}}}
    objects = [make("VolumeSnapshot", "snap", labels=IT_LABELS)]
    assert infer(vm(DV_VOLUME, [template]), objects).name == "u1.medium"
    assert infer(vm(DV_VOLUME, [template]), objects, old) == InferError(
        "unable to infer defaults from DataVolumeSpec as DataVolumeSource is not supported", ignorable=True)
    source_ref = {"metadata": {"name": "rootdv"}, "spec": {"sourceRef": {"kind": "DataSource", "name": "ds"}}}
    objects = [make("DataSource", "ds", spec={"source": {}})]
    assert infer(vm(DV_VOLUME, [source_ref]), objects, old) == InferError(
        "unable to infer defaults from DataSource that doesn't provide DataVolumeSourcePVC", ignorable=True)

"""Cases of KubeVirt's `pkg/instancetype/infer/handler_test.go` (d923fdb8), ported: `handler.Infer`
(`infer_matchers`) with the bundle as the cluster. The PVC, DataVolumes, DataSources and
VolumeSnapshot KubeVirt's `BeforeEach` creates through the fake clients are the bundle's objects
(`BASE_OBJECTS`); the VM is in `default`. A Go error is `InferOutcome.failure` (the whole message,
where the Go test matches a substring of it); a matcher the handler sets or clears is compared in
the output VM.

Not ported:
- `pkg/instancetype/infer/errors_test.go` ("Passes through error message of wrapped error",
  "Passes through wrapped error on unwrap"): Go's `IgnoreableInferenceError` wrapper and
  `errors.Unwrap` have no counterpart; krmfn's `InferError` carries the message and an
  `ignorable` flag, which the "but still admit ... IgnoreInferFromVolumeFailure" cases below
  exercise.
"""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.instancetype.infer.handler import InferOutcome, infer_matchers

NAMESPACE = "default"
INFER_VOLUME = "inferVolumeName"
PVC_NAME = "pvcName"
VOLUME_SNAPSHOT_NAME = "volumeSnapshotName"
DV_WITH_SOURCE_PVC = "dvWithSourcePVCName"
DV_WITH_SOURCE_SNAPSHOT = "dvWithSourceSnapshotName"
DS_WITH_SOURCE_PVC = "dsWithSourcePVCName"
DS_WITH_SOURCE_SNAPSHOT = "dsWithSourceSnapshotName"
DS_WITH_LABELS = "dsWithLabelsName"
UNKNOWN_PVC = "unknownPVCName"
UNKNOWN_DV = "unknownDVName"

INSTANCETYPE_LABEL = "instancetype.kubevirt.io/default-instancetype"
INSTANCETYPE_KIND_LABEL = "instancetype.kubevirt.io/default-instancetype-kind"
PREFERENCE_LABEL = "instancetype.kubevirt.io/default-preference"
PREFERENCE_KIND_LABEL = "instancetype.kubevirt.io/default-preference-kind"

CDI_API = "cdi.kubevirt.io/v1beta1"
IGNORE = "Ignore"
REJECT = "Reject"


def defaults(source: str) -> dict:
    """The four default-* labels KubeVirt's test puts on an object, naming `source` (PVC, DV, DS, Snapshot)."""
    name, kind = f"defaultInferedNameFrom{source}", f"defaultInferedKindFrom{source}"
    return {INSTANCETYPE_LABEL: name, INSTANCETYPE_KIND_LABEL: kind,
            PREFERENCE_LABEL: name, PREFERENCE_KIND_LABEL: kind}


def inferred(source: str) -> dict:
    """The matcher inferred from an object labelled by `defaults(source)`."""
    return {"name": f"defaultInferedNameFrom{source}", "kind": f"defaultInferedKindFrom{source}"}


def _obj(api_version: str, kind: str, name: str, labels: dict | None = None, spec: dict | None = None) -> dict:
    metadata: dict = {"name": name, "namespace": NAMESPACE}
    if labels is not None:
        metadata["labels"] = labels
    obj = {"apiVersion": api_version, "kind": kind, "metadata": metadata}
    if spec is not None:
        obj["spec"] = spec
    return obj


def pvc(name: str, labels: dict | None = None) -> dict:
    return _obj("v1", "PersistentVolumeClaim", name, labels)


def data_volume(name: str, spec: dict, labels: dict | None = None) -> dict:
    return _obj(CDI_API, "DataVolume", name, labels, spec)


def data_source(name: str, source: dict, labels: dict | None = None) -> dict:
    return _obj(CDI_API, "DataSource", name, labels, {"source": source})


def pvc_source(name: str = PVC_NAME) -> dict:
    return {"pvc": {"name": name, "namespace": NAMESPACE}}


def snapshot_source(name: str = VOLUME_SNAPSHOT_NAME) -> dict:
    return {"snapshot": {"name": name, "namespace": NAMESPACE}}


def source_ref(name: str, kind: str = "DataSource", namespace: str | None = NAMESPACE) -> dict:
    ref = {"name": name, "kind": kind}
    if namespace is not None:
        ref["namespace"] = namespace
    return {"sourceRef": ref}


BASE_OBJECTS = (
    pvc(PVC_NAME, defaults("PVC")),
    data_volume(DV_WITH_SOURCE_PVC, {"source": pvc_source()}),
    data_source(DS_WITH_SOURCE_PVC, pvc_source()),
    data_source(DS_WITH_LABELS, pvc_source(), defaults("DS")),
    _obj("snapshot.storage.k8s.io/v1", "VolumeSnapshot", VOLUME_SNAPSHOT_NAME, defaults("Snapshot")),
    data_volume(DV_WITH_SOURCE_SNAPSHOT, {"source": snapshot_source()}),
    data_source(DS_WITH_SOURCE_SNAPSHOT, snapshot_source()),
)


def pvc_volume(claim: str) -> dict:
    return {"name": INFER_VOLUME, "persistentVolumeClaim": {"claimName": claim}}


def dv_volume(name: str) -> dict:
    return {"name": INFER_VOLUME, "dataVolume": {"name": name}}


def dv_template(spec: dict, name: str = "dataVolume") -> dict:
    return {"metadata": {"name": name}, "spec": spec}


@dataclass(frozen=True)
class Setup:
    """What a case adds to the `BeforeEach` VM and cluster."""

    volumes: tuple[dict, ...] = ()
    templates: tuple[dict, ...] = ()
    objects: tuple[dict, ...] = ()


def matcher(policy: str | None = None) -> dict:
    found = {"inferFromVolume": INFER_VOLUME}
    if policy is not None:
        found["inferFromVolumeFailurePolicy"] = policy
    return found


def vm(setup: Setup, instancetype: dict | None, preference: dict | None, domain: dict | None = None) -> dict:
    template_spec: dict = {"domain": domain if domain is not None else {}}
    if setup.volumes:
        template_spec["volumes"] = list(setup.volumes)
    spec: dict = {"template": {"spec": template_spec}}
    if setup.templates:
        spec["dataVolumeTemplates"] = list(setup.templates)
    if instancetype is not None:
        spec["instancetype"] = instancetype
    if preference is not None:
        spec["preference"] = preference
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
            "metadata": {"name": "vm", "namespace": NAMESPACE, "labels": {"test": "test"}}, "spec": spec}


def infer(machine: dict, setup: Setup) -> InferOutcome:
    return infer_matchers(machine, Bundle((*BASE_OBJECTS, *setup.objects)), NAMESPACE)


def matchers(outcome: InferOutcome) -> tuple[dict | None, dict | None]:
    """(spec.instancetype, spec.preference) of the VM after Infer, as the Go test compares them."""
    assert outcome.failure is None, outcome.failure
    spec = outcome.vm["spec"]
    return spec.get("instancetype"), spec.get("preference")


# --- successful inference: one entry per matcher -----------------------------------------------
SUCCESS_TABLES: list[tuple[str, Setup, str]] = [
    ("should infer defaults from VolumeSource and PersistentVolumeClaim",
     Setup(volumes=(pvc_volume(PVC_NAME),)), "PVC"),
    ("should infer defaults from DataVolumeSource with DataVolumeSourcePVC",
     Setup(volumes=(dv_volume(DV_WITH_SOURCE_PVC),)), "PVC"),
    ("should infer defaults from DataVolumeSource with DataVolumeSourceSnapshot",
     Setup(volumes=(dv_volume(DV_WITH_SOURCE_SNAPSHOT),)), "Snapshot"),
    ("should infer defaults from DataVolumeTemplate with DataVolumeSourcePVC",
     Setup(volumes=(dv_volume("dataVolume"),), templates=(dv_template({"source": pvc_source()}),)), "PVC"),
    ("should infer defaults from DataVolumeTemplate with DataVolumeSourceSnapshot",
     Setup(volumes=(dv_volume("dataVolume"),), templates=(dv_template({"source": snapshot_source()}),)),
     "Snapshot"),
    ("should infer defaults from DataVolumeSourceRef, DataSource with Snapshot source and VolumeSnapshot",
     Setup(volumes=(dv_volume("dvWithSnapshotSourceRef"),),
           objects=(data_volume("dvWithSnapshotSourceRef", source_ref(DS_WITH_SOURCE_SNAPSHOT)),)),
     "Snapshot"),
    ("should infer defaults from DataVolume with labels",
     Setup(volumes=(dv_volume("dvWithLabels"),),
           objects=(data_volume("dvWithLabels", {"source": pvc_source()}, defaults("DV")),)),
     "DV"),
    ("should infer defaults from DataVolume, DataVolumeSourceRef,DataSource and PersistentVolumeClaim",
     Setup(volumes=(dv_volume("dvWithSourceRef"),),
           objects=(data_volume("dvWithSourceRef", source_ref(DS_WITH_SOURCE_PVC)),)),
     "PVC"),
    ("should infer defaults from DataVolume, DataVolumeSourceRef and DataSource with annotations",
     Setup(volumes=(dv_volume("dvWithSourceRef"),),
           objects=(data_volume("dvWithSourceRef", source_ref(DS_WITH_LABELS)),)),
     "DS"),
    ("should infer defaults from DataVolume, DataVolumeSourceRef,DataSource without namespace and "
     "PersistentVolumeClaim",
     Setup(volumes=(dv_volume("dvWithSourceRef"),),
           objects=(data_volume("dvWithSourceRef", source_ref(DS_WITH_SOURCE_PVC, namespace=None)),)),
     "PVC"),
    ("should infer defaults from DataVolume, DataVolumeSourceRef and DataSource without namespace with "
     "annotations",
     Setup(volumes=(dv_volume("dvWithSourceRef"),),
           objects=(data_volume("dvWithSourceRef", source_ref(DS_WITH_LABELS, namespace=None)),)),
     "DS"),
    ("should infer defaults from DataVolumeTemplate, DataVolumeSourceRef, DataSource and PersistentVolumeClaim",
     Setup(volumes=(dv_volume("dataVolume"),), templates=(dv_template(source_ref(DS_WITH_SOURCE_PVC)),)),
     "PVC"),
    ("should infer defaults from DataVolumeTemplate, DataVolumeSourceRef, DataSource and PersistentVolumeClaim "
     "and DataSource with annotations",
     Setup(volumes=(dv_volume("dataVolume"),), templates=(dv_template(source_ref(DS_WITH_LABELS)),)),
     "DS"),
]


@pytest.mark.parametrize(("setup", "source", "matcher_key"), [
    pytest.param(setup, source, key, id=f"{table} for {name}")
    for table, setup, source in SUCCESS_TABLES
    for key, name in (("instancetype", "InstancetypeMatcher"), ("preference", "PreferenceMatcher"))
])
def test_infers_defaults(setup: Setup, source: str, matcher_key: str) -> None:
    instancetype = matcher() if matcher_key == "instancetype" else None
    preference = matcher() if matcher_key == "preference" else None
    expected = (inferred(source), None) if matcher_key == "instancetype" else (None, inferred(source))
    assert matchers(infer(vm(setup, instancetype, preference), setup)) == expected


def test_should_infer_defaults_from_garbage_collected_data_volume_using_pvc_with_the_same_name() -> None:
    setup = Setup(volumes=(dv_volume(PVC_NAME),))
    outcome = infer(vm(setup, matcher(), matcher()), setup)
    assert matchers(outcome) == (inferred("PVC"), inferred("PVC"))


# --- failing inference: one entry per matcher and failure policy --------------------------------
def _not_found(claim: str) -> str:
    return f'persistentvolumeclaims "{claim}" not found'


UNSUPPORTED_DV_SOURCE = "unable to infer defaults from DataVolumeSpec as DataVolumeSource is not supported"
FAILURE_TABLES: list[tuple[str, Setup, str, bool]] = [
    # (table and entry text, setup, KubeVirt's error, ignorable)
    ("should fail to infer defaults from unknown Volume", Setup(),
     f"unable to find volume {INFER_VOLUME} to infer defaults", False),
    ("should fail to infer defaults from Volume with unknown PersistentVolumeClaim",
     Setup(volumes=(pvc_volume(UNKNOWN_PVC),)), _not_found(UNKNOWN_PVC), False),
    ("should fail to infer defaults from Volume with unknown DataVolume and PersistentVolumeClaim",
     Setup(volumes=(dv_volume(UNKNOWN_DV),)), _not_found(UNKNOWN_DV), False),
    ("should fail to infer defaults from Volume with unsupported VolumeSource type",
     Setup(volumes=({"name": INFER_VOLUME, "secret": {}},)),
     f"unable to infer defaults from volume {INFER_VOLUME} as type is not supported", True),
    ("should fail to infer defaults from DataVolume with an unsupported DataVolumeSource",
     Setup(volumes=(dv_volume("dvWithSourceRef"),),
           objects=(data_volume("dvWithSourceRef", {"source": {"vddk": {}}}),)),
     UNSUPPORTED_DV_SOURCE, True),
    ("should fail to infer defaults from DataVolume with an unknown DataVolumeSourceRef Kind",
     Setup(volumes=(dv_volume("dvWithSourceRef"),),
           objects=(data_volume("dvWithSourceRef", {"sourceRef": {"kind": "foo"}}),)),
     "unable to infer defaults from DataVolumeSourceRef as Kind foo is not supported", True),
    ("should fail to infer defaults from DataSource missing DataVolumeSourcePVC",
     Setup(volumes=(dv_volume("dataVolume"),), templates=(dv_template(source_ref("dsWithoutSourcePVC")),),
           objects=(data_source("dsWithoutSourcePVC", {}),)),
     "unable to infer defaults from DataSource that doesn't provide DataVolumeSourcePVC or DataVolumeSourceSnapshot",
     True),
]


def _failure_params() -> list:
    params = []
    for table, setup, message, ignorable in FAILURE_TABLES:
        for key, name in (("instancetype", "InstancetypeMatcher"), ("preference", "PreferenceMatcher")):
            for policy in (None, IGNORE, REJECT):
                allowed = ignorable and policy == IGNORE
                text = f"{table} {'but still admit ' if allowed else ''}for {name}"
                if policy is not None:
                    text += f" with {policy}InferFromVolumeFailure"
                params.append(pytest.param(setup, key, policy, None if allowed else message, id=text))
    return params


@pytest.mark.parametrize(("setup", "matcher_key", "policy", "message"), _failure_params())
def test_fails_to_infer_defaults(setup: Setup, matcher_key: str, policy: str | None, message: str | None) -> None:
    instancetype = matcher(policy) if matcher_key == "instancetype" else None
    preference = matcher(policy) if matcher_key == "preference" else None
    outcome = infer(vm(setup, instancetype, preference), setup)
    if message is None:  # Ignore policy: the matcher is cleared and the VM admitted
        assert matchers(outcome) == (None, None)
    else:
        assert outcome.failure is not None
        assert (outcome.failure.message, outcome.failure.path) == (message, f"spec.{matcher_key}.inferFromVolume")


@pytest.mark.parametrize(("matcher_key", "name", "label"), [
    ("instancetype", "InstancetypeMatcher", INSTANCETYPE_LABEL),
    ("preference", "PreferenceMatcher", PREFERENCE_LABEL),
])
@pytest.mark.parametrize("policy", [None, IGNORE, REJECT], ids=["default", "Ignore", "Reject"])
def test_should_fail_to_infer_defaults_from_pvc_without_default_instance_type_label(
        matcher_key: str, name: str, label: str, policy: str | None) -> None:
    """Ginkgo: "should fail to infer defaults from PersistentVolumeClaim without default instance type
    label" (for {name}, "but still admit" with IgnoreInferFromVolumeFailure, with Reject...)."""
    setup = Setup(volumes=(pvc_volume("pvcWithoutLabels"),), objects=(pvc("pvcWithoutLabels"),))
    outcome = infer(vm(setup, matcher(policy) if matcher_key == "instancetype" else None,
                       matcher(policy) if matcher_key == "preference" else None), setup)
    if policy == IGNORE:
        assert matchers(outcome) == (None, None)
    else:
        assert outcome.failure is not None
        assert (outcome.failure.message, outcome.failure.path) == (
            f"unable to find required {label} label on the volume", f"spec.{matcher_key}.inferFromVolume")


@pytest.mark.parametrize(("policy", "expected_domain"), [
    pytest.param(IGNORE, {}, id="When inference was successful it should clear guest memory when ignoring "
                                "inference failures"),
    pytest.param(REJECT, {"memory": {"guest": "512Mi"}},
                 id="When inference was successful it should not clear guest memory when rejecting inference failures"),
])
def test_when_inference_was_successful(policy: str, expected_domain: dict) -> None:
    setup = Setup(volumes=(pvc_volume(PVC_NAME),))
    outcome = infer(vm(setup, matcher(policy), None, domain={"memory": {"guest": "512Mi"}}), setup)
    assert matchers(outcome) == (inferred("PVC"), None)
    assert outcome.vm["spec"]["template"]["spec"]["domain"] == expected_domain

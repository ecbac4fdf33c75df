"""Cases of KubeVirt's `pkg/instancetype/compatibility/compatibility_test.go` (d923fdb8), ported:
`GetInstancetypeSpec` and `GetPreferenceSpec` (krmfn's `get_instancetype_spec` and
`get_preference_spec`) decoding a ControllerRevision whose data is a v1beta1 object of each kind,
and failing on an object of another kind.

A revision's data is what the Go test stores: `json.Marshal` of the typed object (null
`metadata.creationTimestamp`; `spec.cpu.guest` and `spec.memory.guest` always present). The
decoded spec is compared as the plain data it decodes to. Go checks that the unknown object's error
contains "unexpected type in ControllerRevision"; the whole message (with Go's `%T` of the decoded
object) is compared here.

Not ported: none.
"""
from __future__ import annotations

from collections.abc import Callable

import pytest

from krmfn.kubevirt.instancetype.compatibility import get_instancetype_spec, get_preference_spec

_API_VERSION = "instancetype.kubevirt.io/v1beta1"


def _revision(data: dict) -> dict:
    return {"metadata": {"name": "crName"}, "data": data}


def _marshaled(kind: str, name: str, spec: dict) -> dict:
    return {"kind": kind, "apiVersion": _API_VERSION, "metadata": {"name": name, "creationTimestamp": None},
            "spec": spec}


def _unknown_object_revision() -> dict:
    """A VirtualMachineSnapshot, as `json.Marshal` writes the test's otherwise empty object."""
    return _revision({
        "kind": "VirtualMachineSnapshot",
        "apiVersion": "snapshot.kubevirt.io/v1beta1",
        "metadata": {"creationTimestamp": None},
        "spec": {"source": {"apiGroup": None, "kind": "", "name": ""}},
    })


_INSTANCETYPE_SPEC = {"cpu": {"guest": 4}, "memory": {"guest": "128Mi"}}
_PREFERENCE_SPEC = {"cpu": {"preferredCPUTopology": "preferCores"}}


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param("VirtualMachineInstancetype",
                     id="instancetype decode ControllerRevision containing v1beta1 VirtualMachineInstancetype"),
        pytest.param("VirtualMachineClusterInstancetype",
                     id="instancetype decode ControllerRevision containing v1beta1 VirtualMachineClusterInstancetype"),
    ],
)
def test_instancetype_decode_controller_revision_containing(kind: str) -> None:
    revision = _revision(_marshaled(kind, kind, _INSTANCETYPE_SPEC))
    assert get_instancetype_spec(revision) == {"cpu": {"guest": 4}, "memory": {"guest": "128Mi"}}


@pytest.mark.parametrize(
    "kind",
    [
        # The Go entry marshals a VirtualMachinePreference whose TypeMeta names the cluster kind.
        pytest.param("VirtualMachineClusterPreference",
                     id="preference decode ControllerRevision containing v1beta1 VirtualMachinePreference"),
        pytest.param("VirtualMachineClusterPreference",
                     id="preference decode ControllerRevision containing v1beta1 VirtualMachineClusterPreference"),
    ],
)
def test_preference_decode_controller_revision_containing(kind: str) -> None:
    revision = _revision(_marshaled(kind, "VirtualMachineClusterPreference", _PREFERENCE_SPEC))
    assert get_preference_spec(revision) == {"cpu": {"preferredCPUTopology": "preferCores"}}


@pytest.mark.parametrize(
    "get_spec",
    [
        pytest.param(get_instancetype_spec, id="instancetype decode ControllerRevision fails due to unknown object"),
        pytest.param(get_preference_spec, id="preference decode ControllerRevision fails due to unknown object"),
    ],
)
def test_decode_controller_revision_fails_due_to_unknown_object(get_spec: Callable[[dict], dict | str]) -> None:
    assert get_spec(_unknown_object_revision()) == (
        "unexpected type in ControllerRevision: *v1beta1.VirtualMachineSnapshot")

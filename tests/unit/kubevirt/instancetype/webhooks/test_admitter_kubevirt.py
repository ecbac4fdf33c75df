"""Cases of KubeVirt's `pkg/instancetype/webhooks/admitter_test.go` (d923fdb8), ported: the
"Validating Instancetype Admitter" and "Validating ClusterInstancetype Admitter" cases, run through
`admit_instancetype`, krmfn's one function for both admitters (they share every rule and message).

Each object is what the Go test sends: `json.Marshal` of the typed object, so `spec.cpu.guest` and
`spec.memory.guest` are always present (0 and "0" when unset) and `metadata.creationTimestamp` is
null; krmfn reads the kind and version from the object, so it carries the `apiVersion` and `kind`
the review's resource names. Where Go checks `response.Result.Code` 422, that is
`ToAdmissionResponse`'s status for a list of causes, which krmfn represents as the rejection's
typed causes (a bare message, `ToAdmissionResponseError`, would be a 400): the whole verdict is
compared.

Not ported: none.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.webhooks.admitter import admit_instancetype
from krmfn.kubevirt.util.webhooks import Admission, Cause

_INSTANCETYPE = "VirtualMachineInstancetype"
_CLUSTER_INSTANCETYPE = "VirtualMachineClusterInstancetype"
_OVERCOMMIT = "spec.memory.overcommitPercent"
_LAUNCH_SECURITY_WARNING = (
    "launchSecurity is deprecated and will be removed in a future release. Use preference instead.")


def _object(kind: str, **spec: object) -> dict:
    """The Go test's object as `json.Marshal` writes it (with the review's group/version/kind)."""
    marshaled: dict = {"cpu": {"guest": 0}, "memory": {"guest": "0"}}
    marshaled.update(spec)
    return {
        "apiVersion": "instancetype.kubevirt.io/v1beta1",
        "kind": kind,
        "metadata": {"name": "test-name", "namespace": "test-namespace", "creationTimestamp": None},
        "spec": marshaled,
    }


def _overcommit(percent: int, **memory: object) -> dict:
    return {"cpu": {"guest": 1}, "memory": {"guest": "128M", "overcommitPercent": percent, **memory}}


def _verdict(admission: Admission) -> tuple[bool, list[Cause], str | None, list[str]]:
    return admission.allowed, admission.causes, admission.stage, [str(w) for w in admission.warnings]


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(_INSTANCETYPE, id="Instancetype Admitter should accept valid instancetype with v1beta1 version"),
        pytest.param(_CLUSTER_INSTANCETYPE,
                     id="ClusterInstancetype Admitter should accept valid instancetype with v1beta1 version"),
    ],
)
def test_should_accept_valid_instancetype(kind: str) -> None:
    assert _verdict(admit_instancetype(_object(kind))) == (True, [], None, [])


@pytest.mark.parametrize(
    "percent",
    [
        pytest.param(-15, id="should reject negative overcommit percent"),
        pytest.param(150, id="should reject over 100 percent overcommit"),
    ],
)
def test_should_reject_negative_and_over_100_percent_memory_overcommit_values(percent: int) -> None:
    verdict = admit_instancetype(_object(_INSTANCETYPE, **_overcommit(percent)))
    assert _verdict(verdict) == (
        False,
        [Cause(_OVERCOMMIT, f"{_OVERCOMMIT} '{percent}': must be in range between 0 and 100.", "FieldValueInvalid")],
        "validating-webhook",
        [],
    )


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(_INSTANCETYPE,
                     id="Instancetype Admitter should reject specs with memory overcommit and hugepages"),
        pytest.param(_CLUSTER_INSTANCETYPE,
                     id="ClusterInstancetype Admitter should reject specs with memory overcommit and hugepages"),
    ],
)
def test_should_reject_specs_with_memory_overcommit_and_hugepages(kind: str) -> None:
    verdict = admit_instancetype(_object(kind, **_overcommit(15, hugepages={"pageSize": "1Gi"})))
    assert _verdict(verdict) == (
        False,
        [Cause(_OVERCOMMIT, f"{_OVERCOMMIT} and spec.memory.hugepages should not be requested together.",
               "FieldValueInvalid")],
        "validating-webhook",
        [],
    )


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(_INSTANCETYPE, id="Instancetype Admitter should warn off deprecated launchSecurity field"),
        pytest.param(_CLUSTER_INSTANCETYPE,
                     id="ClusterInstancetype Admitter should warn off deprecated launchSecurity field"),
    ],
)
def test_should_warn_off_deprecated_launch_security_field(kind: str) -> None:
    verdict = admit_instancetype(_object(kind, launchSecurity={}))
    assert _verdict(verdict) == (True, [], None, [_LAUNCH_SECURITY_WARNING])

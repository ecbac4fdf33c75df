"""Cases of KubeVirt's `pkg/instancetype/preference/webhooks/admitter_test.go` (d923fdb8), ported:
the "Validating Preference Admitter" and "Validating ClusterPreference Admitter" cases, run through
`admit_preference`, krmfn's one function for both admitters (they share every rule and message).

Each object is what the Go test sends: `json.Marshal` of the typed object (`metadata` with a null
`creationTimestamp`; the name and namespace only where the test keeps the BeforeEach object); krmfn
reads the kind and version from the object, so it carries the `apiVersion` and `kind` the review's
resource names. Go checks one cause's type, message and field, or one warning containing the
deprecation text; the whole verdict is compared here.

Not ported: none.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.preference.webhooks.admitter import admit_preference
from krmfn.kubevirt.util.webhooks import Admission, Cause

_PREFERENCE = "VirtualMachinePreference"
_CLUSTER_PREFERENCE = "VirtualMachineClusterPreference"
_ADMITTERS = {_PREFERENCE: "Preference Admitter", _CLUSTER_PREFERENCE: "ClusterPreference Admitter"}
_RATIO_ERROR = "only a ratio of 2 (1 core 2 threads) is allowed when spreading vCPUs over cores and threads"
_STAGE = "validating-webhook"


def _object(kind: str, spec: dict, metadata: dict | None = None) -> dict:
    """The Go test's object as `json.Marshal` writes it (with the review's group/version/kind)."""
    return {
        "apiVersion": "instancetype.kubevirt.io/v1beta1",
        "kind": kind,
        "metadata": {**(metadata or {}), "creationTimestamp": None},
        "spec": spec,
    }


def _verdict(admission: Admission) -> tuple[bool, list[Cause], str | None, list[str]]:
    return admission.allowed, admission.causes, admission.stage, [str(w) for w in admission.warnings]


def _rejected(field: str, message: str) -> tuple[bool, list[Cause], str | None, list[str]]:
    return False, [Cause(field, message, "FieldValueInvalid")], _STAGE, []


def test_preference_admitter_should_accept_valid_preference_with_v1beta1_version() -> None:
    obj = _object(_PREFERENCE, {}, {"name": "test-name", "namespace": "test-namespace"})
    assert _verdict(admit_preference(obj)) == (True, [], None, [])


def test_preference_admitter_should_reject_unsupported_preferred_cpu_topology_value() -> None:
    obj = _object(_PREFERENCE, {"cpu": {"preferredCPUTopology": "foo"}})
    assert _verdict(admit_preference(obj)) == _rejected(
        "spec.cpu.preferredCPUTopology", "unknown preferredCPUTopology foo")


@pytest.mark.parametrize(
    ("kind", "topology"),
    [
        pytest.param(kind, topology,
                     id=f"{_ADMITTERS[kind]} should reject unsupported SpreadOptions Across value {entry}")
        for kind in _ADMITTERS
        for topology, entry in (("spread", "with spread"), ("preferSpread", "with preferSpread"))
    ],
)
def test_should_reject_unsupported_spread_options_across_value(kind: str, topology: str) -> None:
    obj = _object(kind, {
        "preferSpreadSocketToCoreRatio": 3,
        "cpu": {"preferredCPUTopology": topology, "spreadOptions": {"across": "foobar"}},
    })
    assert _verdict(admit_preference(obj)) == _rejected(
        "spec.cpu.spreadOptions.across", "across foobar is not supported")


_RATIO_ENTRIES = (
    ("PreferSpreadSocketToCoreRatio with spread",
     {"preferSpreadSocketToCoreRatio": 3,
      "cpu": {"preferredCPUTopology": "spread", "spreadOptions": {"across": "CoresThreads"}}}),
    ("PreferSpreadSocketToCoreRatio with preferSpread",
     {"preferSpreadSocketToCoreRatio": 3,
      "cpu": {"preferredCPUTopology": "preferSpread", "spreadOptions": {"across": "CoresThreads"}}}),
    ("SpreadOptions with spread",
     {"cpu": {"preferredCPUTopology": "spread", "spreadOptions": {"across": "CoresThreads", "ratio": 3}}}),
    ("SpreadOptions with preferSpread",
     {"cpu": {"preferredCPUTopology": "preferSpread", "spreadOptions": {"across": "CoresThreads", "ratio": 3}}}),
)


@pytest.mark.parametrize(
    ("kind", "spec"),
    [
        pytest.param(kind, spec, id=f"{_ADMITTERS[kind]} should reject when spreading vCPUs across CoresThreads "
                                    f"with a ratio higher than 2 set through {entry}")
        for kind in _ADMITTERS
        for entry, spec in _RATIO_ENTRIES
    ],
)
def test_should_reject_when_spreading_vcpus_across_cores_threads_with_a_ratio_higher_than_2(
    kind: str, spec: dict
) -> None:
    assert _verdict(admit_preference(_object(kind, spec))) == _rejected("spec.cpu.spreadOptions.ratio", _RATIO_ERROR)


_DEPRECATED_TOPOLOGIES = (
    ("DeprecatedPreferSockets and provide Sockets as an alternative", "preferSockets", "sockets"),
    ("DeprecatedPreferCores and provide Cores as an alternative", "preferCores", "cores"),
    ("DeprecatedPreferThreads and provide Threads as an alternative", "preferThreads", "threads"),
    ("DeprecatedPreferSpread and provide Spread as an alternative", "preferSpread", "spread"),
    ("DeprecatedPreferAny and provide Any as an alternative", "preferAny", "any"),
)


@pytest.mark.parametrize(
    ("kind", "deprecated", "alternative"),
    [
        pytest.param(kind, deprecated, alternative, id=f"{_ADMITTERS[kind]} should raise warning for {entry}")
        for kind in _ADMITTERS
        for entry, deprecated, alternative in _DEPRECATED_TOPOLOGIES
    ],
)
def test_should_raise_warning_for(kind: str, deprecated: str, alternative: str) -> None:
    obj = _object(kind, {"cpu": {"preferredCPUTopology": deprecated}})
    assert _verdict(admit_preference(obj)) == (True, [], None, [
        f"PreferredCPUTopology {deprecated} is deprecated for removal in a future release, "
        f"please use {alternative} instead"])

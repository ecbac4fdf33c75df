"""krmfn.kubevirt.instancetype.preference.topology: docs/kubevirt/cpu-topology.md#cpu-topology (preferredCPUTopology,
spread, divisibility check)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.conflict import Conflict
from krmfn.kubevirt.instancetype.preference.topology import (
    CPUTopology,
    SpreadOptions,
    as_uint32,
    check_spread_cpu_topology,
    guest_cpu_topology,
    is_preferred_topology_supported,
    preferred_topology,
    replacement_topology,
    TopologyError,
    spread_check_message,
    spread_options,
)
from krmfn.model.reasons import KUBEVIRT_CRASH, SPREAD_TOPOLOGY

VCPU_COUNTS = (1, 2, 3, 4, 6, 8, 12, 16)
SOCKETS_CORES_MSG = (
    "%d vCPUs provided by the instance type are not divisible by the Spec.PreferSpreadSocketToCoreRatio "
    "or Spec.CPU.PreferSpreadOptions.Ratio of %d provided by the preference"
)
CORES_THREADS_MSG = "%d vCPUs provided by the instance type are not divisible by the number of threads per core %d"
SOCKETS_CORES_THREADS_MSG = (
    "%d vCPUs provided by the instance type are not divisible by the number of threads per core %d and "
    "Spec.PreferSpreadSocketToCoreRatio or Spec.CPU.PreferSpreadOptions.Ratio of %d"
)


def pf(topology: str | None = None, across: str | None = None, ratio: int | None = None,
       socket_to_core: int | None = None) -> dict:
    spec: dict = {"cpu": {}}
    if topology is not None:
        spec["cpu"]["preferredCPUTopology"] = topology
    options = {}
    if across is not None:
        options["across"] = across
    if ratio is not None:
        options["ratio"] = ratio
    if options:
        spec["cpu"]["spreadOptions"] = options
    if socket_to_core is not None:
        spec["preferSpreadSocketToCoreRatio"] = socket_to_core
    return spec


def topology_of(vcpus: int, pf_spec: dict | None) -> tuple[int, int, int]:
    result = guest_cpu_topology(vcpus, pf_spec)
    assert isinstance(result, CPUTopology), result
    return result.as_tuple()


class TestGetPreferredTopology:
    @pytest.mark.parametrize("pf_spec", [None, {}, {"cpu": {}}, {"cpu": {"preferredCPUTopology": None}}])
    def test_defaults_to_sockets(self, pf_spec: dict | None) -> None:
        assert preferred_topology(pf_spec) == "sockets"

    @pytest.mark.parametrize("value", ["cores", "preferThreads", "", "diagonal"])
    def test_present_value_is_returned_as_written(self, value: str) -> None:
        assert preferred_topology(pf(value)) == value


class TestGetSpreadOptions:
    def test_defaults(self) -> None:
        assert spread_options(pf("spread")) == SpreadOptions(2, "SocketsCores")
        assert spread_options(None) == SpreadOptions(2, "SocketsCores")

    def test_prefer_spread_socket_to_core_ratio(self) -> None:
        assert spread_options(pf("spread", socket_to_core=4)) == SpreadOptions(4, "SocketsCores")

    def test_prefer_spread_socket_to_core_ratio_zero_is_default(self) -> None:
        assert spread_options(pf("spread", socket_to_core=0)) == SpreadOptions(2, "SocketsCores")

    def test_spread_options_ratio_wins_even_when_zero(self) -> None:
        assert spread_options(pf("spread", ratio=3, socket_to_core=4)).ratio == 3
        assert spread_options(pf("spread", ratio=0, socket_to_core=3)).ratio == 0

    def test_across(self) -> None:
        assert spread_options(pf("spread", across="CoresThreads")) == SpreadOptions(2, "CoresThreads")

    def test_undecodable_ratio_is_an_error_message(self) -> None:
        assert spread_options(pf("spread", ratio="three")) == (  # type: ignore[arg-type]
            "invalid value 'three' for spec.cpu.spreadOptions.ratio: must be an integer between 0 and 4294967295"
        )
        assert isinstance(spread_options(pf("spread", socket_to_core=-1)), str)


class TestApplyGuestCPUTopology:
    @pytest.mark.parametrize("vcpus", VCPU_COUNTS)
    @pytest.mark.parametrize(
        ("topology", "shape"),
        [
            (None, lambda n: (n, 1, 1)),
            ("sockets", lambda n: (n, 1, 1)),
            ("preferSockets", lambda n: (n, 1, 1)),
            ("any", lambda n: (n, 1, 1)),
            ("preferAny", lambda n: (n, 1, 1)),
            ("cores", lambda n: (1, n, 1)),
            ("preferCores", lambda n: (1, n, 1)),
            ("threads", lambda n: (1, 1, n)),
            ("preferThreads", lambda n: (1, 1, n)),
            ("spread", lambda n: (n // 2, 2, 1) if n > 1 else (1, 1, 1)),
            ("preferSpread", lambda n: (n // 2, 2, 1) if n > 1 else (1, 1, 1)),
            ("diagonal", lambda n: (1, 1, 1)),
        ],
    )
    def test_every_topology_value(self, topology: str | None, shape, vcpus: int) -> None:
        assert topology_of(vcpus, pf(topology)) == shape(vcpus)

    def test_no_preference(self) -> None:
        assert topology_of(4, None) == (4, 1, 1)

    @pytest.mark.parametrize(
        ("vcpus", "pf_spec", "expected"),
        [
            # docs/kubevirt/cpu-topology.md#worked-examples worked examples
            (4, {}, (4, 1, 1)),
            (4, pf("cores"), (1, 4, 1)),
            (4, pf("threads"), (1, 1, 4)),
            (4, pf("any"), (4, 1, 1)),
            (4, pf("preferAny"), (4, 1, 1)),  # docs/kubevirt/cpu-topology.md#worked-examples
            (4, pf("preferCores"), (1, 4, 1)),
            (1, pf("spread"), (1, 1, 1)),  # docs/kubevirt/cpu-topology.md#divisibility-check
            (2, pf("spread"), (1, 2, 1)),
            (4, pf("spread"), (2, 2, 1)),
            # docs/kubevirt/cpu-topology.md#example-spread-over-sockets-cores-and-threads
            (6, pf("spread"), (3, 2, 1)),
            (8, pf("spread"), (4, 2, 1)),
            (3, pf("spread"), (1, 2, 1)),  # docs/kubevirt/cpu-topology.md#example-silent-loss-of-vcpus: only 2 vCPUs
            (3, pf("spread", ratio=3), (1, 3, 1)),
            (9, pf("spread", ratio=3), (3, 3, 1)),
            (12, pf("spread", socket_to_core=4), (3, 4, 1)),
            (12, pf("spread", ratio=3, socket_to_core=4), (4, 3, 1)),
            (2, pf("spread", ratio=3), (0, 3, 1)),
            (2, pf("spread", socket_to_core=3), (0, 3, 1)),  # docs/kubevirt/cpu-topology.md#worked-examples
            (4, pf("spread", across="SocketsCoresThreads"), (1, 2, 2)),
            (8, pf("spread", across="SocketsCoresThreads"), (2, 2, 2)),
            (16, pf("spread", across="SocketsCoresThreads"), (4, 2, 2)),
            (6, pf("spread", across="SocketsCoresThreads", ratio=3), (1, 3, 2)),
            # docs/kubevirt/cpu-topology.md#example-spread-over-sockets-cores-and-threads
            (12, pf("spread", across="SocketsCoresThreads", ratio=3), (2, 3, 2)),
            (24, pf("spread", across="SocketsCoresThreads", ratio=4), (3, 4, 2)),
            (8, pf("spread", across="SocketsCoresThreads", ratio=4), (1, 4, 2)),
            (6, pf("spread", across="SocketsCoresThreads", ratio=2), (1, 2, 2)),
            (5, pf("spread", across="SocketsCoresThreads"), (1, 2, 2)),
            (2, pf("spread", across="CoresThreads"), (1, 1, 2)),
            (6, pf("spread", across="CoresThreads"), (1, 3, 2)),
            # docs/kubevirt/cpu-topology.md#example-spread-over-sockets-cores-and-threads
            (8, pf("spread", across="CoresThreads"), (1, 4, 2)),
            (5, pf("spread", across="CoresThreads"), (1, 2, 2)),
            (4, pf("spread", across="Foo"), (1, 1, 1)),
            (4, pf("diagonal"), (1, 1, 1)),
            (6, pf("spread", across="SocketsCores", ratio=1), (6, 1, 1)),
            (6, pf("cores", across="Foo", ratio=7), (1, 6, 1)),  # spreadOptions ignored unless spread
            (4, pf("preferSpread", across="SocketsCoresThreads", ratio=4), (0, 4, 2)),
            (0, pf("spread"), (0, 2, 1)),  # golden topology/zero-vcpu
            (0, None, (0, 1, 1)),  # golden instancetype-fields/cpu-guest-0
        ],
    )
    def test_worked_examples(self, vcpus: int, pf_spec: dict | None, expected: tuple[int, int, int]) -> None:
        assert topology_of(vcpus, pf_spec) == expected

    @pytest.mark.parametrize("across", ["SocketsCores", "CoresThreads", "SocketsCoresThreads"])
    def test_ratio_zero_is_an_error_where_kubevirt_panics(self, across: str) -> None:
        assert guest_cpu_topology(4, pf("spread", across=across, ratio=0)) == TopologyError(
            f"4 vCPUs provided by the instance type cannot be spread across {across} with a spread ratio of 0 "
            "provided by the preference (KubeVirt panics: integer divide by zero)", KUBEVIRT_CRASH
        )

    def test_ratio_zero_with_one_vcpu_returns_before_dividing(self) -> None:
        assert topology_of(1, pf("spread", ratio=0)) == (1, 1, 1)

    def test_ratio_zero_with_unknown_across_never_divides(self) -> None:
        assert topology_of(4, pf("spread", across="Foo", ratio=0)) == (1, 1, 1)

    def test_vcpus_property(self) -> None:
        assert CPUTopology(2, 3, 2).vcpus == 12


class TestCheckSpreadCPUTopology:
    @pytest.mark.parametrize(
        ("vcpus", "pf_spec", "expected"),
        [
            (4, pf("spread"), None),
            (1, pf("spread"), SOCKETS_CORES_MSG % (1, 2)),  # docs/kubevirt/cpu-topology.md#divisibility-check
            # docs/kubevirt/cpu-topology.md#example-silent-loss-of-vcpus
            (3, pf("spread"), SOCKETS_CORES_MSG % (3, 2)),
            (3, pf("preferSpread"), SOCKETS_CORES_MSG % (3, 2)),
            # docs/kubevirt/cpu-topology.md#worked-examples
            (2, pf("spread", socket_to_core=3), SOCKETS_CORES_MSG % (2, 3)),
            (3, pf("spread", ratio=3), None),
            (12, pf("spread", ratio=3, socket_to_core=4), None),
            (6, pf("spread", across="SocketsCoresThreads", ratio=2), SOCKETS_CORES_THREADS_MSG % (6, 2, 2)),
            (5, pf("spread", across="SocketsCoresThreads"), SOCKETS_CORES_THREADS_MSG % (5, 2, 2)),
            (8, pf("spread", across="SocketsCoresThreads", ratio=4), None),
            (4, pf("spread", across="SocketsCoresThreads", ratio=4), SOCKETS_CORES_THREADS_MSG % (4, 2, 4)),
            (5, pf("spread", across="CoresThreads"), CORES_THREADS_MSG % (5, 2)),
            (6, pf("spread", across="CoresThreads"), None),
            (4, pf("spread", across="CoresThreads", ratio=3), CORES_THREADS_MSG % (4, 3)),
            (4, pf("spread", across="Foo"), None),
            (3, pf("cores"), None),
            (3, None, None),
            (0, pf("spread"), None),  # golden topology/zero-vcpu passes admission
        ],
    )
    def test_messages(self, vcpus: int, pf_spec: dict | None, expected: str | None) -> None:
        result = spread_check_message(vcpus, pf_spec)
        assert (result.message if result else None) == expected
        if result is not None:  # the reason is set where the message is made
            crash = "KubeVirt panics" in result.message
            assert result.reason == (KUBEVIRT_CRASH if crash else SPREAD_TOPOLOGY if "divisible" in result.message
                                     else "")

    def test_odd_count_with_ratio_zero_is_reported_before_dividing(self) -> None:
        # golden topology/spread-socketscoresthreads-ratio-0: vm-3vcpu is rejected, not a panic
        assert spread_check_message(3, pf("spread", across="SocketsCoresThreads", ratio=0)) == TopologyError(
            SOCKETS_CORES_THREADS_MSG % (3, 2, 0), SPREAD_TOPOLOGY
        )

    @pytest.mark.parametrize(("across", "vcpus"),
                             [("SocketsCores", 1), ("CoresThreads", 3), ("SocketsCoresThreads", 4)])
    def test_ratio_zero_where_kubevirt_panics(self, across: str, vcpus: int) -> None:
        error = spread_check_message(vcpus, pf("spread", across=across, ratio=0))
        assert error is not None and "integer divide by zero" in error.message and error.reason == KUBEVIRT_CRASH

    def test_conflict_at_instancetype_guest(self) -> None:
        conflict = check_spread_cpu_topology({"cpu": {"guest": 3}}, pf("spread"))
        assert conflict == Conflict.with_message(SOCKETS_CORES_MSG % (3, 2), "instancetype.spec.cpu.guest")
        assert conflict.status_cause() == {
            "type": "FieldValueInvalid", "message": SOCKETS_CORES_MSG % (3, 2), "field": "instancetype.spec.cpu.guest",
        }

    def test_no_instancetype_no_check(self) -> None:
        assert check_spread_cpu_topology(None, pf("spread")) is None

    def test_divisible_passes(self) -> None:
        assert check_spread_cpu_topology({"cpu": {"guest": 4}}, pf("spread")) is None

    def test_non_spread_never_checked(self) -> None:
        assert check_spread_cpu_topology({"cpu": {"guest": "x"}}, pf("cores")) is None

    def test_undecodable_guest(self) -> None:
        conflict = check_spread_cpu_topology({"cpu": {"guest": "x"}}, pf("spread"))
        assert conflict is not None and conflict.dotted == "instancetype.spec.cpu.guest"
        assert conflict.message == "invalid value 'x' for spec.cpu.guest: must be an integer between 0 and 4294967295"


class TestValidation:
    @pytest.mark.parametrize(
        "value",
        ["sockets", "cores", "threads", "spread", "any",
         "preferSockets", "preferCores", "preferThreads", "preferSpread", "preferAny"],
    )
    def test_supported(self, value: str) -> None:
        assert is_preferred_topology_supported(value)

    @pytest.mark.parametrize("value", ["Sockets", "diagonal", "", None, 1])
    def test_unsupported(self, value: object) -> None:
        assert not is_preferred_topology_supported(value)

    @pytest.mark.parametrize(
        ("old", "new"),
        [("preferSockets", "sockets"), ("preferCores", "cores"), ("preferThreads", "threads"),
         ("preferSpread", "spread"), ("preferAny", "any"), ("cores", "cores")],
    )
    def test_replacement(self, old: str, new: str) -> None:
        assert replacement_topology(old) == new


@pytest.mark.parametrize(
    ("value", "expected"),
    [(0, 0), (4, 4), (4.0, 4), (4294967295, 4294967295), (4294967296, None), (-1, None), (True, None),
     ("4", None), (4.5, None), (None, None)],
)
def test_as_uint32(value: object, expected: int | None) -> None:
    assert as_uint32(value) == expected

"""The preference validating webhook (docs/kubevirt/admission.md#preference-admission)."""
import pytest

from krmfn.kubevirt.instancetype.preference.webhooks.admitter import admit_preference, validate_preference_spec
from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_WEBHOOK

RATIO_ERROR = "only a ratio of 2 (1 core 2 threads) is allowed when spreading vCPUs over cores and threads"


def preference(**spec):
    return {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterPreference",
            "metadata": {"name": "pf"}, "spec": spec}


def causes(**spec):
    return [(c.field, c.message) for c in validate_preference_spec(spec)]


def test_empty_spec_allowed():
    verdict = admit_preference(preference())
    assert (verdict.allowed, verdict.causes, verdict.warnings) == (True, [], [])


@pytest.mark.parametrize("value", ["sockets", "cores", "threads", "spread", "any"])
def test_supported_topologies(value):
    verdict = admit_preference(preference(cpu={"preferredCPUTopology": value}))
    assert verdict.allowed and verdict.warnings == []


@pytest.mark.parametrize("value", ["foo", "Spread", "", "SOCKETS"])
def test_e56_unknown_topology(value):
    verdict = admit_preference(preference(cpu={"preferredCPUTopology": value}))
    assert not verdict.allowed and verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert [(c.field, c.message) for c in verdict.causes] == [
        ("spec.cpu.preferredCPUTopology", f"unknown preferredCPUTopology {value}")]


def test_e56_across_not_supported_returns_before_the_ratio():
    assert causes(preferSpreadSocketToCoreRatio=3,
                  cpu={"preferredCPUTopology": "spread", "spreadOptions": {"across": "foobar"}}) == [
        ("spec.cpu.spreadOptions.across", "across foobar is not supported")]


def test_e56_cores_threads_ratio_from_prefer_spread_socket_to_core_ratio():
    assert causes(preferSpreadSocketToCoreRatio=3,
                  cpu={"preferredCPUTopology": "spread", "spreadOptions": {"across": "CoresThreads"}}) == [
        ("spec.cpu.spreadOptions.ratio", RATIO_ERROR)]


@pytest.mark.parametrize("ratio, ok", [(1, False), (2, True), (3, False), (0, False)])
def test_cores_threads_ratio(ratio, ok):
    found = causes(cpu={"preferredCPUTopology": "preferSpread",
                        "spreadOptions": {"across": "CoresThreads", "ratio": ratio}})
    assert found == ([] if ok else [("spec.cpu.spreadOptions.ratio", RATIO_ERROR)])


def test_cores_threads_default_ratio_is_allowed():
    assert causes(cpu={"preferredCPUTopology": "spread", "spreadOptions": {"across": "CoresThreads"}}) == []


def test_ratio_zero_with_sockets_cores_is_admitted():
    assert causes(cpu={"preferredCPUTopology": "spread", "spreadOptions": {"across": "SocketsCores", "ratio": 0}}) == []


def test_spread_options_ignored_when_not_spread():
    assert causes(cpu={"preferredCPUTopology": "cores", "spreadOptions": {"across": "foobar", "ratio": 7}}) == []
    assert causes(cpu={"spreadOptions": {"across": "foobar"}}) == []


def test_empty_across_is_not_supported():
    assert causes(cpu={"preferredCPUTopology": "spread", "spreadOptions": {"across": ""}}) == [
        ("spec.cpu.spreadOptions.across", "across  is not supported")]


@pytest.mark.parametrize("old, new", [("preferSockets", "sockets"), ("preferCores", "cores"),
                                      ("preferThreads", "threads"), ("preferSpread", "spread"), ("preferAny", "any")])
def test_deprecated_topology_warning(old, new):
    verdict = admit_preference(preference(cpu={"preferredCPUTopology": old}))
    assert verdict.allowed
    assert verdict.warnings == [
        f"PreferredCPUTopology {old} is deprecated for removal in a future release, please use {new} instead"]


def test_no_warning_for_deprecated_firmware_fields():
    verdict = admit_preference(preference(firmware={"preferredUseEfi": True, "preferredUseSecureBoot": True}))
    assert verdict.allowed and verdict.warnings == []


def test_deprecated_spread_with_invalid_across_rejected_without_warning():
    verdict = admit_preference(preference(cpu={"preferredCPUTopology": "preferSpread",
                                               "spreadOptions": {"across": "x"}}))
    assert not verdict.allowed and verdict.warnings == []

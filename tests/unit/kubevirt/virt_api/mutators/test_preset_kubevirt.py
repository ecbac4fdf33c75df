"""Cases of KubeVirt's ``pkg/virt-api/webhooks/mutating-webhook/mutators/preset_test.go``
(d923fdb8), ported against ``krmfn.kubevirt.virt_api.mutators.preset``. The fake informer's
presets are the list ``apply_presets`` receives (the Go test's presets have no namespace, nor has
its VMI: both are in namespace ``""``); an ``It`` that adds a preset a second time under the same
name replaces it, as the informer's indexer does.

Every case is ported; where the Go test only checks that an error occurred, the exact message is
compared.
"""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.virt_api.mutators.preset import (
    EXCLUSION_MARKING,
    annotate_vmi,
    apply_presets,
    check_merge_conflicts,
    check_preset_conflicts,
    filter_presets,
)

V1 = "kubevirt.io/v1"
TEST_DISK = {"name": "testdisk", "disk": {"bus": "virtio", "readonly": True}}
HPET_DELAY = {"timer": {"hpet": {"tickPolicy": "delay"}}}


def preset(name: str, domain: dict, match_labels: dict | None = None) -> dict:
    return {"metadata": {"name": name},
            "spec": {"domain": domain, "selector": {"matchLabels": match_labels or {}}}}


# -- Annotate Presets --------------------------------------------------------------------------
def test_should_properly_annotate_a_virtual_machine_instance() -> None:
    vmi: dict = {}
    annotate_vmi(vmi, preset("test-preset", {}))
    assert vmi["metadata"]["annotations"] == {"virtualmachinepreset.kubevirt.io/test-preset": V1}


def test_should_allow_multiple_annotations() -> None:
    vmi: dict = {}
    annotate_vmi(vmi, preset("preset-foo", {}))
    annotate_vmi(vmi, preset("preset-bar", {}))
    assert vmi["metadata"]["annotations"] == {"virtualmachinepreset.kubevirt.io/preset-foo": V1,
                                              "virtualmachinepreset.kubevirt.io/preset-bar": V1}


# -- Override detection --------------------------------------------------------------------------
def override_vmi() -> dict:
    return {"metadata": {"labels": {"test": "test"}, "annotations": {}}, "spec": {"domain": {
        "resources": {"requests": {"memory": "64M"}},
        "cpu": {"cores": 4},
        "firmware": {"uuid": "11112222-3333-4444-5555-666677778888"},
        "clock": HPET_DELAY,
        "features": {"acpi": {"enabled": True}, "apic": {"enabled": False}, "hyperv": {}},
        "devices": {"watchdog": {"name": "testcase", "i6300esb": {"action": "reset"}}, "disks": [TEST_DISK]},
    }}}


def detect(domain_field: dict, vmi: dict | None = None) -> tuple[str | None, dict]:
    """checkMergeConflicts of a preset with ``domain_field``, then applyPresets: (conflict, VMI)."""
    vmi = vmi or override_vmi()
    test_preset = preset("test-preset", domain_field, {"test": "test"})
    conflict = check_merge_conflicts(test_preset["spec"]["domain"], vmi["spec"]["domain"])
    before = copy.deepcopy(vmi["spec"])
    assert apply_presets(vmi, [test_preset]) is None
    assert vmi["spec"] == before  # nothing the VMI sets changes
    return conflict, vmi["metadata"]["annotations"]


APPLIED = {"virtualmachinepreset.kubevirt.io/test-preset": V1}
WATCHDOG_POINTERS = "&{foo {0xc000000000 <nil>}} != &{testcase {0xc000000000 <nil>}}"


@pytest.mark.parametrize(("domain", "conflict"), [
    pytest.param({}, None, id="Should detect CPU overrides: no preset CPU"),
    pytest.param({"cpu": {"cores": 4}}, None, id="Should detect CPU overrides: matching preset"),
    pytest.param({"cpu": {"cores": 6}}, "spec.cpu: &{6 0 0 0  [] false <nil> false <nil>} != "
                                        "&{4 0 0 0  [] false <nil> false <nil>}",
                 id="Should detect CPU overrides: override"),
    pytest.param({"resources": {"requests": {"memory": "128M"}}},
                 "spec.resources.requests[memory]: {{128 6} {<nil>} 128M DecimalSI} != {{64 6} {<nil>} 64M DecimalSI}",
                 id="Should detect Resource overrides: override"),
    pytest.param({"resources": {"requests": {"memory": "64M"}}}, None,
                 id="Should detect Resource overrides: matching"),
    pytest.param({"firmware": {"uuid": "88887777-6666-5555-4444-333322221111"}},
                 "spec.firmware: &{88887777-6666-5555-4444-333322221111 <nil>  <nil> <nil>} != "
                 "&{11112222-3333-4444-5555-666677778888 <nil>  <nil> <nil>}",
                 id="Should detect Firmware overrides: override"),
    pytest.param({"firmware": {"uuid": "11112222-3333-4444-5555-666677778888"}}, None,
                 id="Should detect Firmware overrides: matching"),
    pytest.param({"clock": {"timer": {"hpet": {"tickPolicy": "catchup"}}}},
                 "spec.clock.timer: &{0xc000000000 <nil> <nil> <nil> <nil>} != &{0xc000000000 <nil> <nil> <nil> <nil>}",
                 id="Should detect Clock overrides: override"),
    pytest.param({"clock": HPET_DELAY}, None, id="Should detect Clock overrides: matching"),
    pytest.param({"features": {"acpi": {"enabled": False}}},
                 "spec.features: &{{0xc000000000} <nil> <nil> <nil> <nil> <nil> <nil>} != "
                 "&{{0xc000000000} 0xc000000000 <nil> 0xc000000000 <nil> <nil> <nil>}",
                 id="Should detect Feature overrides: override"),
    pytest.param({"features": {"acpi": {"enabled": True}, "apic": {"enabled": False}, "hyperv": {}}}, None,
                 id="Should detect Feature overrides: matching"),
    pytest.param({"devices": {"watchdog": {"name": "foo", "i6300esb": {"action": "poweroff"}}}},
                 "spec.devices.watchdog: " + WATCHDOG_POINTERS, id="Should detect Watchdog overrides: override"),
    pytest.param({"devices": {"watchdog": {"name": "testcase", "i6300esb": {"action": "reset"}}}}, None,
                 id="Should detect Watchdog overrides: matching"),
])
def test_override_detection(domain: dict, conflict: str | None) -> None:
    found, annotations = detect(domain)
    assert found == conflict
    # a preset with nothing to merge is not applied; one that conflicts is not applied either
    assert annotations == ({} if conflict is not None or not domain else APPLIED)


@pytest.mark.parametrize(("policy", "conflict"), [
    pytest.param("shared", "spec.ioThreadsPolicy: 0xc000000000 != 0xc000000000",
                 id="Should detect ioThreadsPolicy overrides: override"),
    pytest.param("auto", None, id="Should detect ioThreadsPolicy overrides: matching"),
])
def test_should_detect_io_threads_policy_overrides(policy: str, conflict: str | None) -> None:
    vmi = override_vmi()
    vmi["spec"]["domain"]["ioThreadsPolicy"] = "auto"
    found, annotations = detect({"ioThreadsPolicy": policy}, vmi)
    assert (found, annotations) == (conflict, {} if conflict else APPLIED)


# -- Conflict detection ------------------------------------------------------------------------
PRESET1 = preset("memory-64", {"resources": {"requests": {"memory": "64M"}}}, {"kubevirt.io/m64": "memory-64"})
PRESET2 = preset("memory-128", {"resources": {"requests": {"memory": "128M"}}}, {"kubevirt.io/m128": "memory-128"})
PRESET3 = preset("cpu-4", {"cpu": {"cores": 4}}, {"kubevirt.io/cpu": "cpu-4"})
PRESET4 = preset("duplicate-mem", {"resources": {"requests": {"memory": "64M"}}}, {"kubevirt.io/m64": "memory-64"})
MEMORY_CONFLICT = ("presets 'memory-128' and 'memory-64' conflict: spec.resources.requests[memory]: "
                   "{{128 6} {<nil>} 128M DecimalSI} != {{64 6} {<nil>} 64M DecimalSI}")


def test_should_detect_conflicts_between_presets() -> None:
    assert check_preset_conflicts([PRESET1, PRESET2]) == MEMORY_CONFLICT


def test_should_not_return_an_error_for_no_conflict() -> None:
    assert check_preset_conflicts([PRESET1, PRESET3]) is None


def test_should_not_consider_presets_with_same_settings_to_conflict() -> None:
    assert check_preset_conflicts([PRESET1, PRESET4]) is None


@pytest.mark.parametrize("labels", [
    pytest.param({"kubevirt.io/m64": "memory-64", "kubevirt.io/m128": "memory-128"},
                 id="should not apply presets that conflict"),
    pytest.param({"kubevirt.io/m64": "memory-64", "kubevirt.io/m128": "memory-128", "kubevirt.io/cpu": "cpu-4"},
                 id="should not apply any presets if any conflict"),
])
def test_conflicting_presets_are_not_applied(labels: dict) -> None:
    vmi: dict = {"metadata": {"name": "test-vmi", "labels": labels}, "spec": {"domain": {}}}
    error = apply_presets(vmi, [PRESET1, PRESET2, PRESET3, PRESET4])
    # krmfn's order is by name: cpu-4, duplicate-mem, memory-128, memory-64
    assert error == ("VirtualMachinePresets cannot be applied due to conflicts: [presets 'memory-128' and "
                     "'duplicate-mem' conflict: spec.resources.requests[memory]: {{128 6} {<nil>} 128M DecimalSI} "
                     "!= {{64 6} {<nil>} 64M DecimalSI}, presets 'memory-64' and 'memory-128' conflict: "
                     "spec.resources.requests[memory]: {{64 6} {<nil>} 64M DecimalSI} != "
                     "{{128 6} {<nil>} 128M DecimalSI}]")
    assert vmi == {"metadata": {"name": "test-vmi", "labels": labels}, "spec": {"domain": {}}}


def test_should_apply_presets_that_dont_conflict() -> None:
    vmi: dict = {"metadata": {"name": "test-vmi", "labels": {"kubevirt.io/m64": "memory-64",
                                                             "kubevirt.io/cpu": "cpu-4"}}, "spec": {"domain": {}}}
    assert apply_presets(vmi, [PRESET1, PRESET3, PRESET4]) is None
    assert vmi["metadata"]["annotations"] == {"virtualmachinepreset.kubevirt.io/memory-64": V1,
                                              "virtualmachinepreset.kubevirt.io/cpu-4": V1,
                                              "virtualmachinepreset.kubevirt.io/duplicate-mem": V1}
    assert vmi["spec"]["domain"] == {"resources": {"requests": {"memory": "64M"}}, "cpu": {"cores": 4}}


# -- Apply Presets -----------------------------------------------------------------------------
def test_vmi_has_exclusion_annotation_should_be_skipped() -> None:
    vmi: dict = {"metadata": {"name": "testvmi", "annotations": {EXCLUSION_MARKING: "true"}}, "spec": {"domain": {}}}
    assert apply_presets(vmi, [preset("test-preset", {"cpu": {"cores": 4}})]) is None
    assert vmi["spec"]["domain"] == {}


@pytest.mark.parametrize("domain", [
    pytest.param({"cpu": {"cores": 4}}, id="Should apply CPU settings"),
    pytest.param({"resources": {"requests": {"memory": "64M"}}}, id="Should apply Resources"),
    pytest.param({"firmware": {"uuid": "11112222-3333-4444-5555-666677778888"}}, id="Should apply Firmware settings"),
    pytest.param({"clock": HPET_DELAY}, id="Should apply Clock settings"),
    pytest.param({"features": {"acpi": {"enabled": True}, "apic": {"enabled": False}, "hyperv": {}}},
                 id="Should apply Feature settings"),
    pytest.param({"devices": {"watchdog": {"name": "testcase", "i6300esb": {"action": "reset"}}}},
                 id="Should apply Watchdog settings"),
    pytest.param({"ioThreadsPolicy": "shared"}, id="Should apply IOThreads settings"),
])
def test_apply_presets(domain: dict) -> None:
    vmi: dict = {"metadata": {"name": "testvmi"}, "spec": {"domain": {}}}
    assert apply_presets(vmi, [preset("test-preset", domain)]) is None
    assert vmi == {"metadata": {"name": "testvmi", "annotations": APPLIED}, "spec": {"domain": domain}}


# -- Filter Matching ---------------------------------------------------------------------------
FLAVOR = "kubevirt.io/flavor"
FILTER_VMI = {"metadata": {"name": "testvmi", "labels": {FLAVOR: "matching"}}, "spec": {"domain": {}}}
MATCHING = preset("test-preset", {}, {FLAVOR: "matching"})
NON_MATCHING = preset("unrelated-preset", {}, {FLAVOR: "unrelated"})
BROKEN = preset("broken-preset", {}, {FLAVOR: "!"})


def test_should_match_preset_with_the_correct_selector() -> None:
    assert filter_presets([MATCHING, NON_MATCHING], FILTER_VMI) == [MATCHING]


def test_should_not_match_preset_with_the_incorrect_selector() -> None:
    assert filter_presets([NON_MATCHING], FILTER_VMI) == []


def test_should_not_ignore_bogus_selectors() -> None:
    assert filter_presets([BROKEN], FILTER_VMI) == (
        "values[0][kubevirt.io/flavor]: Invalid value: \"!\": a valid label must be an empty string or consist of "
        "alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. "
        "'MyValue',  or 'my_value',  or '12345', regex used for validation is "
        "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')")

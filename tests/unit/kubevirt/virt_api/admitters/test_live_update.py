"""validateLiveUpdateFeatures: the CPU sockets and the memory hotplug requirements under LiveUpdate."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.apimachinery.quantity import must_parse
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.live_update import validate_live_update_features, validate_live_update_memory
from krmfn.model.reasons import needs_setting

GUEST = "spec.template.spec.domain.memory.guest"
SOCKETS = ("spec.template.spec.domain.cpu.sockets",
           "Number of sockets in CPU topology is greater than the maximum sockets allowed")
STAGE = ClusterConfig(vm_rollout_strategy="Stage")


def _spec(memory: dict | None = None, cpu: dict | None = None, architecture: str = "amd64", **domain: object) -> dict:
    spec_domain: dict = dict(domain)
    if memory is not None:
        spec_domain["memory"] = memory
    if cpu is not None:
        spec_domain["cpu"] = cpu
    return {"architecture": architecture, "domain": spec_domain}


@pytest.mark.parametrize("spec, max_guest, expected", [
    (_spec({"guest": "2Gi"}), "4Gi", None),
    (_spec({"guest": "4Gi"}), "4Gi", None),
    (_spec({"guest": "2Gi"}, {"realtime": {}, "numa": {"guestMappingPassthrough": {}}}, launchSecurity={}), "4Gi",
     "Memory hotplug is not compatible with realtime VMs"),
    (_spec({"guest": "2Gi"}, {"numa": {"guestMappingPassthrough": {}}}, launchSecurity={}), "4Gi",
     "Memory hotplug is not compatible with guest mapping passthrough"),
    (_spec({"guest": "2Gi"}, launchSecurity={}), "4Gi", "Memory hotplug is not compatible with encrypted VMs"),
    (_spec({}), "4Gi", "Guest memory must be configured when memory hotplug is enabled"),
    (_spec(None), "4Gi", "Guest memory must be configured when memory hotplug is enabled"),
    (_spec({"guest": "2Gi"}), None, "Max guest memory must be configured when memory hotplug is enabled"),
    (_spec({"guest": "8Gi"}), "4Gi", "Guest memory is greater than the configured maxGuest memory"),
    (_spec({"guest": "2049Ki"}), "4Gi", "Guest memory must be 2Mi aligned"),
    (_spec({"guest": "2Gi"}), "4097Mi", "MaxGuest must be 2Mi aligned"),
    (_spec({"guest": "1026Mi", "hugepages": {"pageSize": "1Gi"}}), "4Gi", "Guest memory must be 1Gi aligned"),
    (_spec({"guest": "1026Mi", "hugepages": {"pageSize": "1024Mi"}}), "4Gi", None),  # the spelling counts
    (_spec({"guest": "2Gi"}, architecture="arm64"), "4Gi", "Memory hotplug is only available for x86_64 VMs"),
    (_spec({"guest": "512Mi"}), "4Gi",
     "Memory hotplug is only available for VMs with at least 1Gi of guest memory"),
])
def test_validate_live_update_memory(spec: dict, max_guest: str | None, expected: str | None) -> None:
    assert validate_live_update_memory(spec, must_parse(max_guest) if max_guest else None) == expected


@pytest.mark.parametrize("config, spec, expected", [
    (ClusterConfig(), _spec({"guest": "2Gi"}), []),
    (ClusterConfig(), _spec({"guest": "8Gi", "maxGuest": "4Gi"}),
     [(GUEST, "Guest memory is greater than the configured maxGuest memory")]),
    (ClusterConfig(), _spec({"guest": "8Gi", "maxGuest": None}), []),
    (STAGE, _spec({"guest": "8Gi", "maxGuest": "4Gi"}), []),
    (ClusterConfig(), _spec(None, {"sockets": 4, "maxSockets": 2}), [SOCKETS]),
    (ClusterConfig(), _spec(None, {"sockets": 2, "maxSockets": 2}), []),
    (ClusterConfig(), _spec(None, {"sockets": 4}), []),
    (ClusterConfig(), _spec(None, {"sockets": 4, "maxSockets": None}), []),
    (ClusterConfig(), {}, []),
    (ClusterConfig(), {"domain": None}, []),
    (STAGE, _spec(None, {"sockets": 4, "maxSockets": 2}), []),
    (ClusterConfig(), _spec({"guest": "8Gi", "maxGuest": "4Gi"}, {"sockets": 4, "maxSockets": 2}),
     [SOCKETS, (GUEST, "Guest memory is greater than the configured maxGuest memory")]),
])
def test_validate_live_update_features(config: ClusterConfig, spec: dict, expected: list) -> None:
    causes = validate_live_update_features("spec", spec, config)
    assert [(c.field, c.message) for c in causes] == expected


def test_a_memory_cause_names_the_strategy_that_admits_the_vm() -> None:
    [cause] = validate_live_update_features("spec", _spec({"maxGuest": "4Gi"}), ClusterConfig())
    assert needs_setting("vmRolloutStrategy", "Stage") in cause.reasons


def _vm(domain: dict) -> dict:
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
            "spec": {"runStrategy": "Halted", "template": {"spec": {"domain": {"devices": {}, **domain}}}}}


def test_max_guest_below_the_instance_type_guest_through_the_chain() -> None:
    instancetype = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
                    "metadata": {"name": "it"},
                    "spec": {"cpu": {"guest": 1}, "memory": {"guest": "4Gi", "maxGuest": "2Gi"}}}
    vm = _vm({})
    vm["spec"]["instancetype"] = {"name": "it"}
    verdict = admit_bundle([instancetype, vm])[1]
    assert verdict is not None and verdict.stage == "validating-webhook/remaining-vm-checks"
    assert [(c.field, c.message) for c in verdict.causes] == [
        (GUEST, "Guest memory is greater than the configured maxGuest memory")]


def test_the_sockets_cause_comes_twice_through_the_chain() -> None:
    verdict = admit_bundle([_vm({"cpu": {"sockets": 4, "maxSockets": 2}, "memory": {"guest": "1Gi"}})])[0]
    assert verdict is not None
    assert [(c.field, c.message) for c in verdict.causes] == [SOCKETS, SOCKETS]


def test_a_guest_from_the_memory_request_is_hotplugged() -> None:
    vm = _vm({"memory": {"maxGuest": "4Gi"}, "resources": {"requests": {"memory": "2Gi"}}})
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and verdict.allowed
    verdict = admit_bundle([_vm({"memory": {"maxGuest": "4Gi"}})])[0]
    assert verdict is not None
    assert [(c.field, c.message) for c in verdict.causes] == [
        (GUEST, "Guest memory must be configured when memory hotplug is enabled")]

"""validateProbe and appendStatusCauseForProbeNotAllowedWithNoPodNetworkPresent, in KubeVirt's order."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.probes import validate_probes

FIELD = "spec.template.spec"
READY = f"{FIELD}.readinessProbe"
LIVE = f"{FIELD}.livenessProbe"
POD_NETWORK = [{"name": "default", "pod": {}}]


def _none_set(path: str) -> tuple[str, str]:
    return path, f"either {path}.tcpSocket, {path}.exec or {path}.httpGet must be set if a {path} is specified"


def _many_set(path: str) -> tuple[str, str]:
    return path, f"{path} must have exactly one probe type set"


def _needs_pod_network(path: str) -> tuple[str, str]:
    return path, f"{path} is only allowed if the Pod Network is attached"


@pytest.mark.parametrize("spec, expected", [
    ({}, []),
    ({"readinessProbe": None, "livenessProbe": None}, []),
    ({"networks": POD_NETWORK}, []),
    ({"networks": POD_NETWORK, "readinessProbe": None}, []),
    ({"networks": POD_NETWORK, "readinessProbe": {"httpGet": {"port": 80}}, "livenessProbe": {"tcpSocket": {}}}, []),
    ({"readinessProbe": {"exec": {"command": ["true"]}}, "livenessProbe": {"guestAgentPing": {}}}, []),
    ({"networks": POD_NETWORK, "readinessProbe": {}}, [_none_set(READY)]),
    ({"networks": POD_NETWORK, "readinessProbe": {"initialDelaySeconds": 5}, "livenessProbe": {}},
     [_none_set(READY), _none_set(LIVE)]),
    ({"networks": POD_NETWORK, "livenessProbe": {"exec": {}, "guestAgentPing": {}}}, [_many_set(LIVE)]),
    ({"networks": [{"name": "m", "multus": {"networkName": "n"}}],
      "readinessProbe": {"httpGet": {}, "tcpSocket": {}}, "livenessProbe": {"tcpSocket": {}}},
     [_many_set(READY), _needs_pod_network(f"{READY}.httpGet"), _needs_pod_network(f"{READY}.tcpSocket"),
      _needs_pod_network(f"{LIVE}.tcpSocket")]),
    ({"readinessProbe": {"exec": {}}, "livenessProbe": {"httpGet": {}}}, [_needs_pod_network(f"{LIVE}.httpGet")]),
])
def test_probes(spec: dict, expected: list) -> None:
    assert [(c.field, c.message) for c in validate_probes(FIELD, spec, ClusterConfig())] == expected


def test_cause_types() -> None:
    spec = {"readinessProbe": {}, "livenessProbe": {"httpGet": {}, "exec": {}}}
    causes = validate_probes(FIELD, spec, ClusterConfig())
    assert [c.type for c in causes] == ["FieldValueRequired", "FieldValueInvalid", "FieldValueInvalid"]


def test_probes_through_the_chain() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "template": {"spec": {
              "domain": {"devices": {}}, "readinessProbe": {"periodSeconds": 3}}}}}
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and not verdict.allowed
    assert [(c.field, c.message) for c in verdict.causes] == [_none_set(READY)]

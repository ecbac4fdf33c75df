"""The probe checks of ``ValidateVirtualMachineInstanceSpec`` (vmi-create-admitter.go, d923fdb8):
``validateProbe`` of the readiness then the liveness probe (exactly one of ``httpGet``,
``tcpSocket``, ``exec``, ``guestAgentPing``), then, when no network has a ``pod`` source,
``appendStatusCauseForProbeNotAllowedWithNoPodNetworkPresent`` for each (``httpGet`` and
``tcpSocket`` need the pod network). The "either ... must be set" message does not name
``guestAgentPing`` (KubeVirt's text).
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, CAUSE_FIELD_VALUE_REQUIRED, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, lookup_pod_network

PROBE_HANDLERS = ("httpGet", "tcpSocket", "exec", "guestAgentPing")
NEEDS_POD_NETWORK = ("httpGet", "tcpSocket")
PROBES = ("readinessProbe", "livenessProbe")
MORE_THAN_ONE_HANDLER_FMT = "{path} must have exactly one probe type set"
NO_HANDLER_FMT = "either {path}.tcpSocket, {path}.exec or {path}.httpGet must be set if a {path} is specified"
POD_NETWORK_REQUIRED_FMT = "{path} is only allowed if the Pod Network is attached"


def validate_probes(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    if spec.get("readinessProbe") is None and spec.get("livenessProbe") is None:
        return []
    causes: list[Cause] = []
    for name in PROBES:
        causes += _validate_probe(f"{field}.{name}", spec.get(name))
    if lookup_pod_network(spec) is None:
        for name in PROBES:
            causes += _probe_needing_pod_network(f"{field}.{name}", spec.get(name))
    return causes


def _validate_probe(path: str, probe: object) -> list[Cause]:
    if probe is None:
        return []
    handlers = sum(1 for handler in PROBE_HANDLERS if as_dict(probe).get(handler) is not None)
    if handlers > 1:
        return [Cause(path, MORE_THAN_ONE_HANDLER_FMT.format(path=path), CAUSE_FIELD_VALUE_INVALID)]
    if handlers < 1:
        return [Cause(path, NO_HANDLER_FMT.format(path=path), CAUSE_FIELD_VALUE_REQUIRED)]
    return []


def _probe_needing_pod_network(path: str, probe: object) -> list[Cause]:
    if probe is None:
        return []
    return [Cause(f"{path}.{handler}", POD_NETWORK_REQUIRED_FMT.format(path=f"{path}.{handler}"),
                  CAUSE_FIELD_VALUE_INVALID)
            for handler in NEEDS_POD_NETWORK if as_dict(probe).get(handler) is not None]

"""``validatePasstBinding`` (``pkg/network/admitter/passt.go``, d923fdb8): the core ``passtBinding``
needs the ``PasstBinding`` feature gate (Beta: on unless disabled) and the pod network. Both causes
point at the interface's ``name``. (The discontinued ``passt`` binding is ``discontinued.py``'s.)
"""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.network.vmispec import is_pod_network
from krmfn.instancetype.webhooks.response import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.model.reasons import needs_feature_gate

PASST_BINDING_GATE = "PasstBinding"
PASST_BINDING_GATE_DISABLED = "PasstBinding feature gate is not enabled"
PASST_BINDING_NOT_ON_POD_NETWORK = "PasstBinding interface only implemented with pod network"


def validate_passt_binding(path: str, iface: dict, network: dict, config: ClusterConfig) -> list[Cause]:
    """``path`` is the interface's (``<spec>.domain.devices.interfaces[N]``); ``network`` the one of
    its name (``{}`` when none)."""
    if iface.get("passtBinding") is None:
        return []
    causes = []
    if not config.feature_gate_enabled(PASST_BINDING_GATE):
        causes.append(Cause(f"{path}.name", PASST_BINDING_GATE_DISABLED, CAUSE_FIELD_VALUE_INVALID,
                            needs_feature_gate(PASST_BINDING_GATE)))
    if not is_pod_network(network):
        causes.append(Cause(f"{path}.name", PASST_BINDING_NOT_ON_POD_NETWORK, CAUSE_FIELD_VALUE_INVALID))
    return causes

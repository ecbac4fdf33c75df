"""``validatePasstBinding`` (``pkg/network/admitter/passt.go``, d923fdb8): the core ``passtBinding``
needs the ``PasstBinding`` feature gate (Beta: on unless disabled) and the pod network. Both causes
point at the interface's ``name``. (The discontinued ``passt`` binding is ``discontinued.py``'s.)

KubeVirt v1.7 (passt.go at v1.7.4) has no ``passtBinding`` (``KubevirtVersion.has_passt_binding``)
and checks the discontinued ``passt`` binding the same way instead, with the ``Passt`` gate
(discontinued, so on only when named in ``featureGates``) and "Passt" in the messages
(``rejects_discontinued_passt``).
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.virt_config.featuregate import gate_hint_reasons
from krmfn.kubevirt.network.vmispec import is_pod_network
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause

PASST_BINDING_GATE = "PasstBinding"
PASST_BINDING_GATE_DISABLED = "PasstBinding feature gate is not enabled"
PASST_BINDING_NOT_ON_POD_NETWORK = "PasstBinding interface only implemented with pod network"
PASST_GATE = "Passt"  # v1.7's check of the discontinued ``passt`` binding
GATE_DISABLED_FMT = "%s feature gate is not enabled"
NOT_ON_POD_NETWORK_FMT = "%s interface only implemented with pod network"


def validate_passt_binding(path: str, iface: dict, network: dict, config: ClusterConfig) -> list[Cause]:
    """``path`` is the interface's (``<spec>.domain.devices.interfaces[N]``); ``network`` the one of
    its name (``{}`` when none)."""
    version = config.kubevirt_version
    if version.has_passt_binding and iface.get("passtBinding") is not None:
        return _passt_causes(path, network, config, PASST_BINDING_GATE)
    if not version.rejects_discontinued_passt and iface.get("passt") is not None:
        return _passt_causes(path, network, config, PASST_GATE)
    return []


def _passt_causes(path: str, network: dict, config: ClusterConfig, gate: str) -> list[Cause]:
    """The gate's cause, then the pod network's; ``gate`` also names the binding in the messages."""
    causes = []
    if not config.feature_gate_enabled(gate):
        causes.append(Cause(f"{path}.name", GATE_DISABLED_FMT % gate, CAUSE_FIELD_VALUE_INVALID,
                            gate_hint_reasons(gate, config.kubevirt_version)))
    if not is_pod_network(network):
        causes.append(Cause(f"{path}.name", NOT_ON_POD_NETWORK_FMT % gate, CAUSE_FIELD_VALUE_INVALID))
    return causes

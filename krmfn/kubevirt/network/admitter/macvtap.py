"""``validateMacvtapBinding`` (``pkg/network/admitter/macvtap.go`` at v1.7.4; removed in v1.8 by
PR #16453, ``KubevirtVersion.rejects_discontinued_macvtap``): the discontinued ``macvtap`` binding
needs the ``Macvtap`` feature gate (discontinued, so on only when named in ``featureGates``) and a
Multus network. Both causes point at the interface's ``name``. From v1.8 the VM webhook rejects
``macvtap`` earlier (``discontinued.py``) and this check is gone.
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.virt_config.featuregate import gate_hint_reasons
from krmfn.kubevirt.network.vmispec import is_multus_network
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause

MACVTAP_GATE = "Macvtap"
MACVTAP_GATE_DISABLED = "Macvtap feature gate is not enabled"
MACVTAP_NOT_ON_MULTUS_NETWORK = "Macvtap interface only implemented with Multus network"


def validate_macvtap_binding(path: str, iface: dict, network: dict, config: ClusterConfig) -> list[Cause]:
    """``path`` is the interface's (``<spec>.domain.devices.interfaces[N]``); ``network`` the one of
    its name (``{}`` when none)."""
    if config.kubevirt_version.rejects_discontinued_macvtap or iface.get("macvtap") is None:
        return []
    causes = []
    if not config.feature_gate_enabled(MACVTAP_GATE):
        causes.append(Cause(f"{path}.name", MACVTAP_GATE_DISABLED, CAUSE_FIELD_VALUE_INVALID,
                            gate_hint_reasons(MACVTAP_GATE, config.kubevirt_version)))
    if not is_multus_network(network):
        causes.append(Cause(f"{path}.name", MACVTAP_NOT_ON_MULTUS_NETWORK, CAUSE_FIELD_VALUE_INVALID))
    return causes

"""Cases of KubeVirt's ``pkg/network/admitter/passt_test.go`` (d923fdb8), ported: the core
``passtBinding`` needs the ``PasstBinding`` gate and the pod network, run through
``Validator.Validate`` (``validate_network``) on the path ``fake`` with the suite's
``stubClusterConfigChecker`` (every switch off unless the case turns it on).

Not ported: nothing.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.network.admitter.validator import validate_network
from krmfn.kubevirt.util.webhooks import Cause
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

STUB_GATES = ("PasstBinding", "NetworkDevicesWithDRA", "PortRangesSpec")
PASST_BINDING = ("PasstBinding",)


def stub_config(*, bridge_on_pod: bool = False, enabled: tuple[str, ...] = ()) -> ClusterConfig:
    """``stubClusterConfigChecker``: bridge on the pod network and the three gates off unless given."""
    return ClusterConfig(permit_bridge_interface_on_pod_network=bridge_on_pod, feature_gates=enabled,
                         disabled_feature_gates=tuple(gate for gate in STUB_GATES if gate not in enabled))


PASST_DEFAULT = {"name": "default", "passtBinding": {}}
POD_DEFAULT = {"name": "default", "pod": {}}
MULTUS_DEFAULT = {"name": "default", "multus": {"networkName": "test"}}


@pytest.mark.parametrize(("network", "enabled", "expected"), [
    pytest.param(MULTUS_DEFAULT, PASST_BINDING, [
        Cause("fake.domain.devices.interfaces[0].name", "PasstBinding interface only implemented with pod network",
              "FieldValueInvalid"),
    ], id="should reject networks with a multus network source and passtBinding interface"),
    pytest.param(POD_DEFAULT, (), [
        Cause("fake.domain.devices.interfaces[0].name", "PasstBinding feature gate is not enabled",
              "FieldValueInvalid"),
    ], id="should reject networks with a passtBinding interface and passtBinding feature gate disabled"),
    pytest.param(POD_DEFAULT, PASST_BINDING, [],
                 id="should accept networks with a pod network source and passtBinding interface"),
])
def test_validating_passt_binding_core_binding(network: dict, enabled: tuple[str, ...],
                                               expected: list[Cause]) -> None:
    spec = {"domain": {"devices": {"interfaces": [dict(PASST_DEFAULT)]}}, "networks": [dict(network)]}
    assert validate_network("fake", spec, stub_config(enabled=enabled)) == expected

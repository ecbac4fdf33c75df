"""Cases of KubeVirt's ``pkg/network/admitter/discontinued_test.go`` (d923fdb8), ported: the
discontinued ``slirp``, ``passt`` and ``macvtap`` bindings, rejected by ``Validator.ValidateCreation``
(``validate_discontinued_bindings``) on the path ``fake``.

Not ported: nothing.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.network.admitter.discontinued import validate_discontinued_bindings
from krmfn.kubevirt.util.webhooks import Cause


@pytest.mark.parametrize(("binding", "message"), [
    pytest.param("slirp", "Slirp interface support has been discontinued since v1.3", id="SLIRP binding"),
    pytest.param("passt", "Passt network binding has been discontinued since v1.3", id="Discontinued Passt binding"),
    pytest.param("macvtap", "Macvtap network binding has been discontinued since v1.3",
                 id="Discontinued macvtap binding"),
])
def test_discontinued_bindings_should_be_rejected(binding: str, message: str) -> None:
    spec = {"domain": {"devices": {"interfaces": [{"name": "default", binding: {}}]}},
            "networks": [{"name": "default", "pod": {}}]}
    assert validate_discontinued_bindings("fake", spec) == [
        Cause(f"fake.domain.devices.interfaces[0].{binding}", message, "FieldValueInvalid"),
    ]

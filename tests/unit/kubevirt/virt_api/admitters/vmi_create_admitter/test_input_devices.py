"""validateInputDevices."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.input_devices import validate_input_devices

FIELD = "spec.template.spec"
INPUTS = f"{FIELD}.domain.devices.inputs"
BAD_BUS = "Input device can have only virtio or usb bus."
BAD_TYPE = "Input device can have only tablet type."


@pytest.mark.parametrize("inputs, expected", [
    ([], []),
    ([{"name": "a", "type": "tablet"}, {"name": "b", "bus": "usb", "type": "tablet"},
      {"name": "c", "bus": "virtio", "type": "tablet"}], []),
    ([{"name": "a", "bus": "ps2", "type": "tablet"}], [(f"{INPUTS}[0].bus", BAD_BUS)]),
    ([{"name": "a", "type": "tablet"}, {"name": "k", "type": "keyboard"}], [(f"{INPUTS}[1].type", BAD_TYPE)]),
    ([{"name": "a"}], [(f"{INPUTS}[0].type", BAD_TYPE)]),
    ([{"name": "a", "bus": "ps2", "type": "mouse"}], [(f"{INPUTS}[0].bus", BAD_BUS), (f"{INPUTS}[0].type", BAD_TYPE)]),
])
def test_input_devices(inputs: list, expected: list) -> None:
    spec = {"domain": {"devices": {"inputs": inputs}}}
    assert [(c.field, c.message) for c in validate_input_devices(FIELD, spec, ClusterConfig())] == expected


@pytest.mark.parametrize("spec", [{}, {"domain": None}, {"domain": {}}, {"domain": {"devices": None}},
                                  {"domain": {"devices": {"inputs": None}}},
                                  {"domain": {"devices": {"inputs": {"type": "mouse"}}}}])
def test_no_inputs_no_causes(spec: dict) -> None:
    assert validate_input_devices(FIELD, spec, ClusterConfig()) == []


def test_the_preferred_input_type_fills_in_before_the_check() -> None:
    preference = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterPreference",
                  "metadata": {"name": "pf"}, "spec": {"devices": {"preferredInputType": "tablet"}}}
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "preference": {"name": "pf"},
                   "template": {"spec": {"domain": {"devices": {"inputs": [{"name": "t", "bus": "ps2"}]}}}}}}
    verdict = admit_bundle([preference, vm])[1]
    assert verdict is not None and not verdict.allowed
    assert [(c.field, c.message) for c in verdict.causes] == [(f"{INPUTS}[0].bus", BAD_BUS)]

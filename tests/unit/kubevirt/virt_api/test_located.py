"""A bare admission message names a field; the cause says which, set where the message is made
(KubeVirt's cause has no field), and validate reports the finding there."""
from __future__ import annotations

import pytest

from krmfn.admission.admit import admit_bundle
from krmfn.modes.validate.mode import run_validate

IT = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
      "metadata": {"name": "it"}, "spec": {"cpu": {"guest": 4294967296}, "memory": {"guest": "1Gi"}}}
PF = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterPreference",
      "metadata": {"name": "pf"}, "spec": {"devices": {"preferedDiskBus": "virtio"}}}
VM = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
      "spec": {"instancetype": {"name": "it"}, "template": []}}


@pytest.mark.parametrize("item, stage, located, check", [
    (IT, "validating-webhook", "spec.cpu.guest", "instancetype-admission"),
    (PF, "kube-apiserver/field-validation", "spec.devices.preferedDiskBus", "unknown-field"),
    (VM, "mutating-webhook/openapi-schema", "spec.template", "schema"),
])
def test_bare_messages_are_located(item: dict, stage: str, located: str, check: str) -> None:
    verdict = admit_bundle([item])[0]
    assert verdict is not None and verdict.stage == stage
    [cause] = verdict.causes
    assert (cause.field, cause.located) == ("", located)
    findings = [(f.check, f.path) for f in run_validate([item], {}).findings if f.item == 0]
    assert (check, located) in findings

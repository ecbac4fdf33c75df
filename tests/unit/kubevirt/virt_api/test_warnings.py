"""Admission warnings carry where they point, set where KubeVirt's warning is made."""
from __future__ import annotations

from krmfn.kubevirt.util import webhooks as r
from krmfn.admission.admit import admit_bundle

IT = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
      "metadata": {"name": "it"}, "spec": {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}}}


def where(warning: r.AdmissionWarning) -> tuple:
    return warning.reason, warning.path, warning.current, warning.proposed


def test_deprecated_topology() -> None:
    pf = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterPreference",
          "metadata": {"name": "pf"}, "spec": {"cpu": {"preferredCPUTopology": "preferSockets"}}}
    [warning] = admit_bundle([pf])[0].warnings
    assert warning == "PreferredCPUTopology preferSockets is deprecated for removal in a future release, please use " \
                      "sockets instead"
    assert where(warning) == (r.REASON_DEPRECATED_TOPOLOGY, "spec.cpu.preferredCPUTopology", "preferSockets",
                              "sockets")


def test_launch_security_on_an_instance_type() -> None:
    it = {**IT, "spec": {**IT["spec"], "launchSecurity": {}}}
    [warning] = admit_bundle([it])[0].warnings
    assert where(warning) == (r.REASON_DEPRECATED_FIELD, "spec.launchSecurity", r.UNSET, r.UNSET)


def test_legacy_instancetype_version_under_convert() -> None:
    legacy = {**IT, "apiVersion": "instancetype.kubevirt.io/v1alpha2"}
    [warning] = admit_bundle([legacy], legacy="convert")[0].warnings
    assert where(warning) == (r.REASON_LEGACY_API_VERSION, "apiVersion", "instancetype.kubevirt.io/v1alpha2",
                              "instancetype.kubevirt.io/v1beta1")


def test_vm_v1alpha3_and_running() -> None:
    vm = {"apiVersion": "kubevirt.io/v1alpha3", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"running": False, "template": {"spec": {"domain": {"devices": {}}}}}}
    warnings = admit_bundle([vm])[0].warnings
    assert [where(w) for w in warnings] == [
        (r.REASON_DEPRECATED_API_VERSION, "apiVersion", "kubevirt.io/v1alpha3", "kubevirt.io/v1"),
        (r.REASON_DEPRECATED_FIELD, "spec.running", False, {"runStrategy": "Halted"}),
    ]

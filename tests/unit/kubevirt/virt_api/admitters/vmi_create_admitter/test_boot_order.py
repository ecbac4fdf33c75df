"""validateBootOrder and validateInterfaceBootOrder."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.boot_order import validate_boot_order

FIELD = "spec.template.spec"
DISKS = f"{FIELD}.domain.devices.disks"
IFACES = f"{FIELD}.domain.devices.interfaces"
PVC = {"name": "pvc", "persistentVolumeClaim": {"claimName": "c"}}
DV = {"name": "dv", "dataVolume": {"name": "d"}}
CD = {"name": "cd", "containerDisk": {"image": "i"}}
METRICS = {"name": "metrics", "downwardMetrics": {}}


def _causes(disks: list, volumes: list, interfaces: list | None = None,
            config: ClusterConfig | None = None) -> list[tuple[str, str]]:
    spec = {"domain": {"devices": {"disks": disks, "interfaces": interfaces or []}}, "volumes": volumes}
    return [(c.field, c.message) for c in validate_boot_order(FIELD, spec, config or ClusterConfig())]


@pytest.mark.parametrize("disks, volumes, expected", [
    ([], [], []),
    ([{"name": "cd", "disk": {}}], [CD], []),
    ([{"name": "nope", "disk": {}}], [CD], [(f"{DISKS}[0].name", f"{DISKS}[0].Name 'nope' not found.")]),
    ([{"name": "nope", "cdrom": {}}], [], []),  # an empty CD-ROM, DeclarativeHotplugVolumes is Beta
    ([{"name": "pvc", "lun": {}}, {"name": "dv", "lun": {}}], [PVC, DV], []),
    ([{"name": "cd", "lun": {}}], [CD],
     [(f"{DISKS}[0].lun", f"{DISKS}[0].lun can only be mapped to a DataVolume or PersistentVolumeClaim volume.")]),
    ([{"name": "metrics", "disk": {}}], [METRICS], []),
    ([{"name": "metrics", "disk": {"bus": "virtio"}}], [METRICS], []),
    ([{"name": "metrics", "cdrom": {}}], [METRICS],
     [(f"{DISKS}[0].disk", "DownwardMetrics volume must be mapped to a disk, but disk is not set on "
                           f"{DISKS}[0].disk.")]),
    ([{"name": "metrics", "disk": {"bus": "sata"}}], [METRICS],
     [(f"{DISKS}[0].disk.bus", f"DownwardMetrics volume must be mapped to virtio bus, but {DISKS}[0].disk.bus "
                               "is set to sata")]),
    ([{"name": "metrics", "lun": {}}], [METRICS],
     [(f"{DISKS}[0].lun", f"{DISKS}[0].lun can only be mapped to a DataVolume or PersistentVolumeClaim volume."),
      (f"{DISKS}[0].disk", "DownwardMetrics volume must be mapped to a disk, but disk is not set on "
                           f"{DISKS}[0].disk.")]),
    ([{"name": "cd", "bootOrder": 1}, {"name": "pvc", "bootOrder": 2}], [CD, PVC], []),
    ([{"name": "cd", "bootOrder": 1}, {"name": "pvc", "bootOrder": 1}, {"name": "x", "bootOrder": 1}], [CD, PVC],
     [(f"{DISKS}[1].bootOrder", f"Boot order for {DISKS}[1].bootOrder already set for a different device."),
      (f"{DISKS}[2].name", f"{DISKS}[2].Name 'x' not found."),
      (f"{DISKS}[2].bootOrder", f"Boot order for {DISKS}[2].bootOrder already set for a different device.")]),
    # A disk's boot order 0 is not judged here (only taken).
    ([{"name": "cd", "bootOrder": 0}, {"name": "pvc", "bootOrder": 0}], [CD, PVC],
     [(f"{DISKS}[1].bootOrder", f"Boot order for {DISKS}[1].bootOrder already set for a different device.")]),
])
def test_disks(disks: list, volumes: list, expected: list) -> None:
    assert _causes(disks, volumes) == expected


def test_the_last_volume_of_a_name_wins() -> None:
    volumes = [{"name": "v", "persistentVolumeClaim": {"claimName": "c"}}, {"name": "v", "containerDisk": {}}]
    assert _causes([{"name": "v", "lun": {}}], volumes) == [
        (f"{DISKS}[0].lun", f"{DISKS}[0].lun can only be mapped to a DataVolume or PersistentVolumeClaim volume.")]


def test_an_empty_cdrom_needs_the_declarative_hotplug_gate() -> None:
    config = ClusterConfig(disabled_feature_gates=("DeclarativeHotplugVolumes",))
    assert _causes([{"name": "cd", "cdrom": {}}], [], config=config) == [
        (f"{DISKS}[0].name", "DeclarativeHotplugVolumes feature gate not enabled, cannot define an empty CD-ROM disk")]


@pytest.mark.parametrize("disks, interfaces, expected", [
    ([], [{"name": "a", "bootOrder": 1}, {"name": "b", "bootOrder": 2}, {"name": "c"}], []),
    ([{"name": "cd", "bootOrder": 1}], [{"name": "a", "bootOrder": 1}],
     [(f"{IFACES}[0].bootOrder", f"Boot order for {IFACES}[0].bootOrder already set for a different device.")]),
    ([], [{"name": "a", "bootOrder": 3}, {"name": "b", "bootOrder": 3}],
     [(f"{IFACES}[1].bootOrder", f"Boot order for {IFACES}[1].bootOrder already set for a different device.")]),
    # KubeVirt's paths for a zero boot order are built on the spec itself.
    ([{"name": "cd", "bootOrder": 0}], [{"name": "a", "bootOrder": 0}, {"name": "b", "bootOrder": 0}],
     [(f"{FIELD}[0].bootOrder", f"{FIELD}[0] must have a boot order > 0, if supplied"),
      (f"{FIELD}[1].bootOrder", f"{FIELD}[1] must have a boot order > 0, if supplied")]),
])
def test_interfaces(disks: list, interfaces: list, expected: list) -> None:
    assert _causes(disks, [CD], interfaces) == expected


def test_boot_order_through_the_chain() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "template": {"spec": {
              "domain": {"devices": {"disks": [{"name": "a", "bootOrder": 1}, {"name": "b", "bootOrder": 1}]}},
              "volumes": [{"name": "a", "containerDisk": {"image": "i"}},
                          {"name": "b", "containerDisk": {"image": "i"}}],
          }}}}
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and not verdict.allowed
    assert [(c.field, c.message) for c in verdict.causes] == [
        (f"{DISKS}[1].bootOrder", f"Boot order for {DISKS}[1].bootOrder already set for a different device.")]

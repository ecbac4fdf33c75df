"""Generate a realistic N-VM ResourceList for benchmarks.

Each VM has disks incl. a cdrom, two interfaces, a cloud-init volume and a dataVolumeTemplate,
carries kpt path/index annotations, and references one of 20 instance types and 20 preferences
(also in the bundle). With ``--kind vmi`` the bundle holds N VirtualMachineInstances instead: the
same domain with the vCPUs, memory and the preferences' devices written out (a VMI names no
instance type), beside the same instance types and preferences. With ``--kind template``: N
VirtualMachineTemplates, each yielding that VM (its name from a parameter ``NAME``, a password
from a generated parameter ``PASSWORD`` in its cloud-init).

usage: python bench/generate.py N [--mode inline|validate|generate] [--kind vm|vmi|template] > rl.yaml
"""
from __future__ import annotations

import argparse
import sys

SIZES = [(1, "2Gi"), (2, "4Gi"), (4, "8Gi"), (8, "16Gi"), (16, "32Gi")]
BUSES = ["virtio", "sata", "scsi"]


def kpt_annotations(path: str) -> str:
    """The annotations kpt and kustomize give an item read from ``path`` (indented for an item of a
    ResourceList)."""
    return ("    annotations:\n"
            f"      config.kubernetes.io/index: '0'\n      config.kubernetes.io/path: '{path}'\n"
            f"      internal.config.kubernetes.io/index: '0'\n      internal.config.kubernetes.io/path: '{path}'\n")


def instancetype(i: int) -> str:
    cpu, memory = SIZES[i % len(SIZES)]
    return f"""- apiVersion: instancetype.kubevirt.io/v1beta1
  kind: VirtualMachineClusterInstancetype
  metadata:
    name: bench-it-{i}
    labels:
      instancetype.kubevirt.io/cpu: '{cpu}'
      instancetype.kubevirt.io/memory: {memory}
    annotations:
      internal.config.kubernetes.io/path: 'catalog/instancetypes.yaml'
      internal.config.kubernetes.io/index: '{i}'
  spec:
    cpu:
      guest: {cpu}
    memory:
      guest: {memory}
"""


def preference(i: int) -> str:
    return f"""- apiVersion: instancetype.kubevirt.io/v1beta1
  kind: VirtualMachineClusterPreference
  metadata:
    name: bench-pref-{i}
    annotations:
      internal.config.kubernetes.io/path: 'catalog/preferences.yaml'
      internal.config.kubernetes.io/index: '{i}'
  spec:
    cpu:
      preferredCPUTopology: {"cores" if i % 2 else "sockets"}
    devices:
      preferredDiskBus: {BUSES[i % 3]}
      preferredInterfaceModel: virtio
      preferredRng: {{}}
    features:
      preferredSmm: {{}}
    firmware:
      preferredEfi:
        secureBoot: true
    requirements:
      cpu:
        guest: 1
      memory:
        guest: 1Gi
"""


def vm(i: int, catalog: bool = False) -> str:
    instancetype, preference = ("u1.medium", "fedora") if catalog else (f"bench-it-{i % 20}", f"bench-pref-{i % 20}")
    return f"""- apiVersion: kubevirt.io/v1
  kind: VirtualMachine
  metadata:
    name: vm-{i}
    namespace: team-{i % 10}
    labels:
      app.kubernetes.io/name: vm-{i}
      app.kubernetes.io/version: '1.10'
{kpt_annotations(f'vms/vm-{i}.yaml')}  spec:
    runStrategy: Halted
    instancetype:
      name: {instancetype}
    preference:
      name: {preference}
    dataVolumeTemplates:
    - metadata:
        name: vm-{i}-data
      spec:
        source:
          blank: {{}}
        storage:
          resources:
            requests:
              storage: 20Gi
    template:
      metadata:
        labels:
          kubevirt.io/domain: vm-{i}
      spec:
        domain:
          devices:
            disks:
            - name: rootdisk
              bootOrder: 1
            - name: datadisk
            - name: installer
              cdrom: {{}}
              bootOrder: 2
            - name: cloudinitdisk
              disk: {{}}
            interfaces:
            - name: default
              masquerade: {{}}
            - name: storage-net
              bridge: {{}}
        networks:
        - name: default
          pod: {{}}
        - name: storage-net
          multus:
            networkName: storage-net
        volumes:
        - name: rootdisk
          containerDisk:
            image: quay.io/containerdisks/fedora:41
        - name: datadisk
          dataVolume:
            name: vm-{i}-data
        - name: installer
          containerDisk:
            image: quay.io/kubevirt/virtio-container-disk:v1.5.0
        - name: cloudinitdisk
          cloudInitNoCloud:
            userData: |
              #cloud-config
              hostname: vm-{i}
              user: cloud-user
              chpasswd: {{expire: false}}
"""


def template(i: int, catalog: bool = False) -> str:
    """A VirtualMachineTemplate whose VM, processed with its defaults, is ``vm(i, catalog)`` (its
    cloud-init also sets a generated password)."""
    lines = vm(i, catalog).splitlines(keepends=True)
    body = [line for line in lines[1:] if "config.kubernetes.io/" not in line and line != "    annotations:\n"
            and not line.startswith("    namespace:")]
    body = [line.replace(f"vm-{i}", "${NAME}") for line in body]
    body.append("              password: ${PASSWORD}\n")
    indented = "".join("      " + line for line in ["apiVersion: kubevirt.io/v1\n", *(line[2:] for line in body)])
    return f"""- apiVersion: template.kubevirt.io/v1beta1
  kind: VirtualMachineTemplate
  metadata:
    name: t-{i}
    namespace: team-{i % 10}
{kpt_annotations(f'templates/t-{i}.yaml')}  spec:
    parameters:
    - name: NAME
      value: vm-{i}
    - name: PASSWORD
      generate: expression
      from: "[a-zA-Z0-9]{{16}}"
    virtualMachine:
{indented}"""


def vmi(i: int) -> str:
    cpu, memory = SIZES[i % 20 % len(SIZES)]
    bus = BUSES[i % 20 % 3]
    return f"""- apiVersion: kubevirt.io/v1
  kind: VirtualMachineInstance
  metadata:
    name: vmi-{i}
    namespace: team-{i % 10}
    labels:
      app.kubernetes.io/name: vmi-{i}
      app.kubernetes.io/version: '1.10'
      kubevirt.io/domain: vmi-{i}
{kpt_annotations(f'vmis/vmi-{i}.yaml')}  spec:
    domain:
      cpu:
        {"cores" if i % 20 % 2 else "sockets"}: {cpu}
      memory:
        guest: {memory}
      features:
        smm: {{}}
      firmware:
        bootloader:
          efi:
            secureBoot: true
      devices:
        rng: {{}}
        disks:
        - name: rootdisk
          bootOrder: 1
          disk: {{bus: {bus}}}
        - name: datadisk
          disk: {{bus: {bus}}}
        - name: installer
          cdrom: {{bus: sata}}
          bootOrder: 2
        - name: cloudinitdisk
          disk: {{bus: {bus}}}
        interfaces:
        - name: default
          model: virtio
          masquerade: {{}}
        - name: storage-net
          model: virtio
          bridge: {{}}
    networks:
    - name: default
      pod: {{}}
    - name: storage-net
      multus:
        networkName: storage-net
    volumes:
    - name: rootdisk
      containerDisk:
        image: quay.io/containerdisks/fedora:41
    - name: datadisk
      persistentVolumeClaim:
        claimName: vmi-{i}-data
    - name: installer
      containerDisk:
        image: quay.io/kubevirt/virtio-container-disk:v1.5.0
    - name: cloudinitdisk
      cloudInitNoCloud:
        userData: |
          #cloud-config
          hostname: vmi-{i}
          user: cloud-user
          chpasswd: {{expire: false}}
"""


def bundle(n: int, mode: str = "inline", kind: str = "vm", catalog: bool = False) -> str:
    parts = ["apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n"]
    if not catalog:
        parts += [instancetype(i) for i in range(20)]
        parts += [preference(i) for i in range(20)]
    objects = {"vm": vm, "vmi": lambda i, _: vmi(i), "template": template}[kind]
    parts += [objects(i, catalog) for i in range(n)]
    size = ("    from: bench-it-1\n    name: bench-custom\n    vcpus: '3'\n    memory: 6Gi\n"
            if mode == "generate" else "")
    parts.append(f"functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: krmfn\n"
                 f"  data:\n    mode: {mode}\n{size}")
    return "".join(parts)


def documents(n: int, catalog: bool = True, kind: str = "vm") -> str:
    """The same N VMs (or templates) as one multi-document YAML file (as the CLI reads them),
    without the ResourceList's kpt annotations."""
    parts = []
    for i in range(n):
        lines = (template if kind == "template" else vm)(i, catalog).splitlines(keepends=True)
        kept = [line for line in lines if "config.kubernetes.io/" not in line and line != "    annotations:\n"]
        parts.append("---\n" + "".join(line[2:] for line in kept))
    return "".join(parts)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("--mode", default="inline")
    parser.add_argument("--kind", choices=("vm", "vmi", "template"), default="vm")
    parser.add_argument("--catalog", action="store_true",
                        help="VMs naming the embedded catalog's u1.medium and fedora, no types in the bundle")
    parser.add_argument("--files", action="store_true",
                        help="the VMs as one multi-document file for the CLI, not a ResourceList")
    args = parser.parse_args()
    if args.files:
        sys.stdout.write(documents(args.n, args.catalog, args.kind))
    else:
        sys.stdout.write(bundle(args.n, args.mode, args.kind, args.catalog))

"""The VirtualMachine schema, as far as krmfn checks it (``kubevirt.io/v1`` ``VirtualMachine``).

Written from ``staging/src/kubevirt.io/api/core/v1/types.go`` and ``schema.go``. The API server
checks VMs against the CRD schema (strict field validation, stage
``kube-apiserver/field-validation``) and KubeVirt's VM webhooks against the OpenAPI definitions of
the same Go types (``ValidateSchema``, stage ``mutating-webhook/openapi-schema``).

Only the parts instance types and preferences touch are modelled field by field: the VM spec, the
matchers, the template, the VMI spec's top level, the affinity
(``krmfn.kubevirt.apiserver.core_v1_schema``), and the domain (cpu, memory, resources, machine,
firmware, features, devices with disks, interfaces, inputs, GPUs and host devices), plus
tolerations, access credentials and the PVC and memory dump volume sources. Everything else
(probes, the other volume and network sources, DataVolume templates, status, ...) is an
``opaque`` object: its required fields are checked, unknown fields inside it are not. The CRD keeps
unknown fields (``preserved``) in the domain's clock and the template's and DataVolume templates'
metadata.
"""
from __future__ import annotations

from functools import cache

from krmfn.kubevirt.apiserver.core_v1_schema import AFFINITY
from krmfn.kubevirt.apiserver.schema import (
    BLOCK_SIZE,
    BOOL,
    CPU_FEATURE,
    DISK_IO_THREADS,
    EFI,
    FEATURE_APIC,
    FEATURE_HYPERV,
    FEATURE_KVM,
    FEATURE_STATE,
    GPU,
    HOST_DEVICE,
    HUGEPAGES,
    INT32,
    INT64,
    LAUNCH_SECURITY,
    NUMA,
    OBJECT_META,
    QUANTITY,
    REALTIME,
    STR,
    STR_MAP,
    TPM_DEVICE,
    UINT,
    UINT32,
    ListOf,
    MapOf,
    Obj,
    Scalar,
    empty,
    with_props,
    without_fields,
)
from krmfn.model.kubevirt_version import KubevirtVersion


def opaque(go_name: str, *required: str) -> Obj:
    """An object krmfn does not model field by field (unknown fields inside are allowed)."""
    return Obj(go_name, required=required, open=True)


def preserved(go_name: str) -> Obj:
    """An object the CRD marks ``x-kubernetes-preserve-unknown-fields``: the API server keeps
    whatever it holds, and an array given in its place too."""
    return Obj(go_name, open=True, preserve=True)


MATCHER = Obj("InstancetypeMatcher", {
    "name": STR, "kind": STR, "revisionName": STR, "inferFromVolume": STR, "inferFromVolumeFailurePolicy": STR,
})

CPU = Obj("CPU", {
    "cores": UINT32, "sockets": UINT32, "maxSockets": UINT32, "threads": UINT32, "model": STR,
    "features": ListOf(CPU_FEATURE), "dedicatedCpuPlacement": BOOL, "numa": NUMA,
    "isolateEmulatorThread": BOOL, "realtime": REALTIME,
})
MEMORY = Obj("Memory", {
    "hugepages": HUGEPAGES, "guest": QUANTITY, "maxGuest": QUANTITY,
    "reservedOverhead": Obj("ReservedOverhead", {
        "addedOverhead": QUANTITY, "memLock": Scalar("string", enum=("NotRequired", "Required")),
    }),
})
RESOURCES = Obj("ResourceRequirements", {
    "requests": MapOf(QUANTITY), "limits": MapOf(QUANTITY), "overcommitGuestOverhead": BOOL,
})
FIRMWARE = Obj("Firmware", {
    "uuid": STR, "serial": STR,
    "bootloader": Obj("Bootloader", {"bios": Obj("BIOS", {"useSerial": BOOL}), "efi": EFI}),
    "kernelBoot": Obj("KernelBoot", {
        "kernelArgs": STR,
        "container": Obj("KernelBootContainer", {
            "image": STR, "imagePullSecret": STR, "kernelPath": STR, "initrdPath": STR, "imagePullPolicy": STR,
        }, required=("image",)),
    }),
    "acpi": Obj("ACPI", {"slicNameRef": STR, "msdmNameRef": STR}),
})
FEATURES = Obj("Features", {
    "acpi": FEATURE_STATE, "apic": FEATURE_APIC, "hyperv": FEATURE_HYPERV, "hypervPassthrough": FEATURE_STATE,
    "smm": FEATURE_STATE, "kvm": FEATURE_KVM, "pvspinlock": FEATURE_STATE,
})
DISK = Obj("Disk", {
    "name": STR,
    "disk": Obj("DiskTarget", {"bus": STR, "readonly": BOOL, "pciAddress": STR}),
    "lun": Obj("LunTarget", {"bus": STR, "readonly": BOOL, "reservation": BOOL}),
    "cdrom": Obj("CDRomTarget", {"bus": STR, "readonly": BOOL, "tray": STR}),
    "bootOrder": UINT, "serial": STR, "dedicatedIOThread": BOOL, "cache": STR, "io": STR, "tag": STR,
    "blockSize": BLOCK_SIZE, "shareable": BOOL, "errorPolicy": STR, "changedBlockTracking": BOOL,
}, required=("name",))
INTERFACE = Obj("Interface", {
    "name": STR, "model": STR, "macAddress": STR, "bootOrder": UINT, "pciAddress": STR, "tag": STR,
    "acpiIndex": INT32, "state": STR,
    "bridge": opaque("InterfaceBridge"), "slirp": opaque("InterfaceSlirp"),
    "masquerade": opaque("InterfaceMasquerade"), "sriov": opaque("InterfaceSRIOV"),
    "macvtap": opaque("DeprecatedInterfaceMacvtap"), "passt": opaque("DeprecatedInterfacePasst"),
    "passtBinding": opaque("InterfacePasstBinding"), "binding": opaque("PluginBinding", "name"),
    "dhcpOptions": opaque("DHCPOptions"), "ports": ListOf(opaque("Port", "port")),
    "portRanges": ListOf(opaque("PortRange", "end", "protocol", "start")),
}, required=("name",))
DEVICES = Obj("Devices", {
    "useVirtioTransitional": BOOL, "disableHotplug": BOOL,
    "disks": ListOf(DISK),
    "watchdog": opaque("Watchdog", "name"),
    "interfaces": ListOf(INTERFACE),
    "inputs": ListOf(Obj("Input", {"bus": STR, "type": STR, "name": STR}, required=("name", "type"))),
    "autoattachPodInterface": BOOL, "autoattachGraphicsDevice": BOOL, "autoattachSerialConsole": BOOL,
    "logSerialConsole": BOOL, "autoattachMemBalloon": BOOL, "autoattachInputDevice": BOOL,
    "autoattachVSOCK": BOOL,
    "rng": empty("Rng"),
    "blockMultiQueue": BOOL, "networkInterfaceMultiqueue": BOOL,
    "gpus": ListOf(GPU),
    "downwardMetrics": opaque("DownwardMetrics"),
    "panicDevices": ListOf(Obj("PanicDevice", {"model": STR})),
    "filesystems": ListOf(opaque("Filesystem", "name", "virtiofs")),
    "hostDevices": ListOf(HOST_DEVICE),
    "clientPassthrough": opaque("ClientPassthroughDevices"),
    "sound": Obj("SoundDevice", {"name": STR, "model": STR}, required=("name",)),
    "tpm": TPM_DEVICE,
    "video": Obj("VideoDevice", {"type": STR}),
})
DOMAIN = Obj("DomainSpec", {
    "resources": RESOURCES, "cpu": CPU, "memory": MEMORY,
    "machine": Obj("Machine", {"type": STR}),
    "firmware": FIRMWARE,
    "clock": preserved("Clock"),  # inline ClockOffset
    "features": FEATURES, "devices": DEVICES,
    "ioThreadsPolicy": STR, "ioThreads": DISK_IO_THREADS,
    "chassis": Obj("Chassis", {"manufacturer": STR, "version": STR, "serial": STR, "asset": STR, "sku": STR}),
    "launchSecurity": LAUNCH_SECURITY,
    "rebootPolicy": Scalar("string", enum=("Reboot", "Terminate")),
}, required=("devices",))

# KubeVirt's PersistentVolumeClaimVolumeSource: core/v1's (claimName, readOnly) inline, and
# hotpluggable; MemoryDumpVolumeSource has it inline.
PVC_PROPS = {"claimName": STR, "readOnly": BOOL, "hotpluggable": BOOL}
VOLUME = Obj("Volume", {
    "name": STR,
    "hostDisk": opaque("HostDisk", "path", "type"),
    "persistentVolumeClaim": Obj("PersistentVolumeClaimVolumeSource", PVC_PROPS, required=("claimName",)),
    "cloudInitNoCloud": opaque("CloudInitNoCloudSource"),
    "cloudInitConfigDrive": opaque("CloudInitConfigDriveSource"),
    "containerDisk": opaque("ContainerDiskSource", "image"),
    "containerPath": opaque("ContainerPathVolumeSource", "path"),
    "ephemeral": opaque("EphemeralVolumeSource"),
    "emptyDisk": opaque("EmptyDiskSource", "capacity"),
    "dataVolume": opaque("DataVolumeSource", "name"),
    "configMap": opaque("ConfigMapVolumeSource"),
    "secret": opaque("SecretVolumeSource"),
    "downwardAPI": opaque("DownwardAPIVolumeSource"),
    "serviceAccount": opaque("ServiceAccountVolumeSource"),
    "sysprep": opaque("SysprepSource"),
    "downwardMetrics": opaque("DownwardMetricsVolumeSource"),
    "memoryDump": Obj("MemoryDumpVolumeSource", PVC_PROPS, required=("claimName",)),
}, required=("name",))
ACCESS_CREDENTIAL_SECRET = Obj("AccessCredentialSecretSource", {"secretName": STR}, required=("secretName",))
ACCESS_CREDENTIAL = Obj("AccessCredential", {
    "sshPublicKey": Obj("SSHPublicKeyAccessCredential", {
        "source": Obj("SSHPublicKeyAccessCredentialSource", {"secret": ACCESS_CREDENTIAL_SECRET}),
        "propagationMethod": Obj("SSHPublicKeyAccessCredentialPropagationMethod", {
            "configDrive": empty("ConfigDriveSSHPublicKeyAccessCredentialPropagation"),
            "noCloud": empty("NoCloudSSHPublicKeyAccessCredentialPropagation"),
            "qemuGuestAgent": Obj("QemuGuestAgentSSHPublicKeyAccessCredentialPropagation", {"users": ListOf(STR)},
                                  required=("users",)),
        }),
    }, required=("propagationMethod", "source")),
    "userPassword": Obj("UserPasswordAccessCredential", {
        "source": Obj("UserPasswordAccessCredentialSource", {"secret": ACCESS_CREDENTIAL_SECRET}),
        "propagationMethod": Obj("UserPasswordAccessCredentialPropagationMethod", {
            "qemuGuestAgent": empty("QemuGuestAgentUserPasswordAccessCredentialPropagation"),
        }),
    }, required=("propagationMethod", "source")),
})
TOLERATION = Obj("Toleration", {  # core/v1
    "key": STR, "operator": STR, "value": STR, "effect": STR, "tolerationSeconds": INT64,
})

NETWORK = Obj("Network", {
    "name": STR, "pod": opaque("PodNetwork"), "multus": opaque("MultusNetwork", "networkName"),
    "resourceClaim": opaque("ResourceClaimNetworkSource"),
}, required=("name",))

VMI_SPEC = Obj("VirtualMachineInstanceSpec", {
    "priorityClassName": STR, "domain": DOMAIN, "nodeSelector": STR_MAP,
    "affinity": AFFINITY, "schedulerName": STR, "serviceAccountName": STR,
    "tolerations": ListOf(TOLERATION),
    "topologySpreadConstraints": ListOf(
        opaque("TopologySpreadConstraint", "maxSkew", "topologyKey", "whenUnsatisfiable")),
    "evictionStrategy": STR, "startStrategy": STR, "terminationGracePeriodSeconds": INT64,
    "volumes": ListOf(VOLUME),
    "livenessProbe": opaque("Probe"), "readinessProbe": opaque("Probe"),
    "hostname": STR, "subdomain": STR,
    "networks": ListOf(NETWORK),
    "dnsPolicy": STR, "dnsConfig": opaque("PodDNSConfig"),
    "accessCredentials": ListOf(ACCESS_CREDENTIAL),
    "architecture": STR,
    "resourceClaims": ListOf(opaque("VirtualMachineInstanceResourceClaim", "name")),
    "utilityVolumes": ListOf(opaque("UtilityVolume", "claimName", "name")),
}, required=("domain",))

TEMPLATE = Obj("VirtualMachineInstanceTemplateSpec", {
    "metadata": preserved("ObjectMeta"),
    "spec": VMI_SPEC,
})
DATA_VOLUME_TEMPLATE = Obj("DataVolumeTemplateSpec", {
    "apiVersion": STR, "kind": STR, "metadata": preserved("ObjectMeta"),
    "spec": opaque("DataVolumeSpec"), "status": opaque("DataVolumeTemplateDummyStatus"),
}, required=("spec",))

VM_SPEC = Obj("VirtualMachineSpec", {
    "running": BOOL, "runStrategy": STR,
    "instancetype": MATCHER, "preference": MATCHER,
    "template": TEMPLATE,
    "dataVolumeTemplates": ListOf(DATA_VOLUME_TEMPLATE),
    "updateVolumesStrategy": STR,
}, required=("template",))

VIRTUAL_MACHINE = Obj("VirtualMachine", {
    "apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": VM_SPEC,
    "status": opaque("VirtualMachineStatus"),
}, required=("spec",))


VIRTUAL_MACHINE_INSTANCE = Obj("VirtualMachineInstance", {
    "apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": VMI_SPEC,
    "status": opaque("VirtualMachineInstanceStatus"),
}, required=("spec",))


def _with_cpu(cpu: Obj) -> Obj:
    """The VirtualMachine schema with another ``spec.template.spec.domain.cpu``."""
    domain = with_props(DOMAIN, {"cpu": cpu})
    template = with_props(TEMPLATE, {"spec": with_props(VMI_SPEC, {"domain": domain})})
    return with_props(VIRTUAL_MACHINE, {"spec": with_props(VM_SPEC, {"template": template})})


# krmfn's v1beta2 rules add ``domain.cpu.guest`` (a vCPU count) for VMs whose instance type (or,
# without one, preference) is v1beta2; every other VM keeps KubeVirt's schema.
VIRTUAL_MACHINE_V1BETA2 = _with_cpu(with_props(CPU, {"guest": UINT32}))

_TEMPLATE_SPEC = "spec.template.spec."
# The fields of the schemas above that older releases' VirtualMachine CRD lacks (strict field
# validation rejects a VM that sets one), by the KubeVirt minor that added them.
NEWER_FIELDS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (9, (
        _TEMPLATE_SPEC + "serviceAccountName",  # PR #17861, 637511cfad
        _TEMPLATE_SPEC + "domain.devices.interfaces.portRanges",  # PortRangesSpec
        _TEMPLATE_SPEC + "networks.resourceClaim",  # VEP-10 network devices with DRA
    )),
    (8, (
        _TEMPLATE_SPEC + "domain.memory.reservedOverhead",  # bdb9d44bcc
        _TEMPLATE_SPEC + "domain.rebootPolicy",  # VEP 0171, 981c8bd367
        _TEMPLATE_SPEC + "volumes.containerPath",  # fc2771c50d
        _TEMPLATE_SPEC + "utilityVolumes",  # b5c789bbbb
        _TEMPLATE_SPEC + "domain.devices.interfaces.passtBinding",  # the passt core binding
        # KubevirtVersion.has_hyperv_tlbflush_options: PR #16404, d88bd7ee73
        _TEMPLATE_SPEC + "domain.features.hyperv.tlbflush.direct",
        _TEMPLATE_SPEC + "domain.features.hyperv.tlbflush.extended",
    )),
)


def _missing(version: KubevirtVersion, prefix: str) -> list[str]:
    """The fields of a release's schema that it lacks, with the VMI spec at ``prefix``."""
    return [prefix + path.removeprefix(_TEMPLATE_SPEC) for minor, paths in NEWER_FIELDS if not version.since(minor)
            for path in paths]


@cache
def vmi_schema(version: KubevirtVersion) -> Obj:
    """The VirtualMachineInstance schema of a KubeVirt release: the VM template's spec at ``spec``."""
    missing = _missing(version, "spec.")
    return without_fields(VIRTUAL_MACHINE_INSTANCE, *missing) if missing else VIRTUAL_MACHINE_INSTANCE


@cache
def vm_schema(version: KubevirtVersion, v1beta2: bool = False) -> Obj:
    """The VirtualMachine schema of a KubeVirt release (``VIRTUAL_MACHINE`` or, with krmfn's
    v1beta2 rules, ``VIRTUAL_MACHINE_V1BETA2``, without the fields the release lacks)."""
    schema = VIRTUAL_MACHINE_V1BETA2 if v1beta2 else VIRTUAL_MACHINE
    missing = _missing(version, _TEMPLATE_SPEC)
    return without_fields(schema, *missing) if missing else schema

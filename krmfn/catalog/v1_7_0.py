"""kubevirt/common-instancetypes v1.7.0 (tag fb2fbb96) as compact definitions.

Written from docs/common-instancetypes.md#instance-type-classes (classes, ladders, labels),
#instance-type-generator-table (generator table) and docs/common-instancetypes.md#preferences (preference layers,
components and table, in their v1.7.0 variant); the long texts (class descriptions, preference display names) are
upstream's verbatim. ``build.py`` turns this into the 130 instance types and 108 preferences of the release;
tests/unit/catalog/test_catalog_parity.py checks them field for field against the rendered bundles when ../shared is
present.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from krmfn.catalog.model import (
    LABEL_PREFIX,
    CatalogDefinition,
    HugepageVariant,
    InstancetypeClass,
    Layer,
    PreferenceDefinition,
    Size,
)

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

VERSION = "v1.7.0"
API_VERSION = "instancetype.kubevirt.io/v1beta1"


def _frozen(value: Any) -> Any:
    """Read-only view of a nested literal, so shared fragments cannot be mutated by accident."""
    if isinstance(value, dict):
        return MappingProxyType({key: _frozen(item) for key, item in value.items()})
    return value


def _ladder(*rows: tuple[str, int, str]) -> tuple[Size, ...]:
    return tuple(Size(size, vcpus, memory) for size, vcpus, memory in rows)


# -- instance types (docs/common-instancetypes.md#instance-type-classes, #instance-type-generator-table) -----------

_CRIO_OFF = {"cpu-load-balancing.crio.io": "disable", "cpu-quota.crio.io": "disable",
             "irq-load-balancing.crio.io": "disable"}
_PINNED = {"dedicatedCPUPlacement": True, "isolateEmulatorThread": True}
_PINNED_LABELS = {"dedicatedCPUPlacement": "true", "isolateEmulatorThread": "true"}
_NUMA: dict[str, Any] = {"numa": {"guestMappingPassthrough": {}}}
_TWINS = (HugepageVariant("", "2Mi"), HugepageVariant("1gi", "1Gi"))

# u, o and d share the general ladder; rt starts at micro, o has no 2xmedium
# (docs/common-instancetypes.md#size-ladders).
_GENERAL = (("nano", 1, "512Mi"), ("micro", 1, "1Gi"), ("small", 1, "2Gi"), ("medium", 1, "4Gi"),
            ("2xmedium", 2, "4Gi"), ("large", 2, "8Gi"), ("xlarge", 4, "16Gi"), ("2xlarge", 8, "32Gi"),
            ("4xlarge", 16, "64Gi"), ("8xlarge", 32, "128Gi"))
_NO_2XMEDIUM = tuple(row for row in _GENERAL if row[0] != "2xmedium")
_FROM_MICRO = tuple(row for row in _NO_2XMEDIUM if row[0] != "nano")

_U_DESCRIPTION = """\
The U Series is quite neutral and provides resources for
general purpose applications.

*U* is the abbreviation for "Universal", hinting at the universal
attitude towards workloads.

VMs of instance types will share physical CPU cores on a
time-slice basis with other VMs."""

_O_DESCRIPTION = """\
The O Series is based on the U Series, with the only difference
being that memory is overcommitted.

*O* is the abbreviation for "Overcommitted"."""

_CX_DESCRIPTION = """\
The CX Series provides exclusive compute resources for compute
intensive applications.

*CX* is the abbreviation of "Compute Exclusive".

The exclusive resources are given to the compute threads of the
VM. In order to ensure this, some additional cores (depending
on the number of disks and NICs) will be requested to offload
the IO threading from cores dedicated to the workload.
In addition, in this series, the NUMA topology of the used
cores is provided to the VM.

The amount of spec.cpu.maxSockets is set to the same as
guest cpus. This avoids KubeVirt's default behavior of
providing extra CPUs for hotplugging, which can exceed the
amount of available CPUs on a node and cause the VM to fail.

Requirements for CX series instance types:
- CPU manager has to be enabled.
- Huge pages have to be available on the nodes."""

_M_DESCRIPTION = """\
The M Series provides resources for memory intensive
applications.

*M* is the abbreviation of "Memory"."""

_N_DESCRIPTION = """\
The N Series provides resources for network intensive DPDK
applications, like VNFs.

*N* is the abbreviation for "Network".

This series of instancetypes requires nodes capable
of running DPDK workloads and being marked with the respective
node-role.kubevirt.io/worker-dpdk label as such."""

_RT_DESCRIPTION = """\
The RT Series provides resources for realtime applications, like Oslat.

*RT* is the abbreviation for "realtime".

This series of instance types requires nodes capable of running
realtime applications."""

_D_DESCRIPTION = """\
The D Series is designed for consistent and predictable performance,
providing resources for general purpose applications.

*D* is the abbreviation for "Dedicated", reflecting the use of
dedicated CPU placement for workloads.

VMs of this instance type are assigned exclusive physical CPU cores,
avoiding CPU sharing and time-slice contention with other VMs."""

CLASSES = (
    InstancetypeClass(
        "u", "1", "general.purpose", "General Purpose", "pficon-server-group", _U_DESCRIPTION,
        _ladder(*_GENERAL)),
    InstancetypeClass(
        "o", "1", "overcommitted", "Overcommitted", "pficon-virtual-machine", _O_DESCRIPTION,
        _ladder(*_NO_2XMEDIUM), spec=_frozen({"memory": {"overcommitPercent": 50}})),
    InstancetypeClass(
        "cx", "1", "compute.exclusive", "Compute Exclusive", "pficon-registry", _CX_DESCRIPTION,
        _ladder(("medium", 1, "2Gi"), ("large", 2, "4Gi"), ("xlarge", 4, "8Gi"), ("2xlarge", 8, "16Gi"),
                ("4xlarge", 16, "32Gi"), ("8xlarge", 32, "64Gi")),
        labels=_frozen({**_PINNED_LABELS, "numa": "true"}),
        spec=_frozen({"cpu": {**_PINNED, **_NUMA}, "ioThreadsPolicy": "auto"}),
        hugepage_variants=_TWINS, max_sockets_follows_guest=True),
    InstancetypeClass(
        "m", "1", "memory.intensive", "Memory Intensive", "fa-memory", _M_DESCRIPTION,
        _ladder(("large", 2, "16Gi"), ("xlarge", 4, "32Gi"), ("2xlarge", 8, "64Gi"), ("4xlarge", 16, "128Gi"),
                ("8xlarge", 32, "256Gi")),
        hugepage_variants=_TWINS),
    InstancetypeClass(
        "n", "1", "network", "Network", "pficon-network", _N_DESCRIPTION,
        _ladder(("medium", 4, "4Gi"), ("large", 4, "8Gi"), ("xlarge", 8, "16Gi"), ("2xlarge", 16, "32Gi"),
                ("4xlarge", 32, "64Gi"), ("8xlarge", 64, "128Gi")),
        labels=_frozen({**_PINNED_LABELS, "hugepages": "1Gi"}),
        spec=_frozen({"annotations": _CRIO_OFF, "cpu": _PINNED, "memory": {"hugepages": {"pageSize": "1Gi"}}})),
    InstancetypeClass(
        "rt", "1", "realtime", "Realtime", "pficon-server-group", _RT_DESCRIPTION,
        _ladder(*_FROM_MICRO),
        labels=_frozen({**_PINNED_LABELS, "numa": "true", "realtime": "true", "hugepages": "1Gi"}),
        spec=_frozen({"annotations": _CRIO_OFF, "cpu": {**_PINNED, **_NUMA, "realtime": {}},
                      "memory": {"hugepages": {"pageSize": "1Gi"}}})),
    InstancetypeClass(
        "d", "1", "dedicated.vcpu", "Dedicated vCPU", "pficon-server-group", _D_DESCRIPTION,
        _ladder(*_GENERAL),
        labels=_frozen(_PINNED_LABELS),
        spec=_frozen({"cpu": _PINNED, "ioThreadsPolicy": "auto"})),
)

# -- preferences (docs/common-instancetypes.md#preferences) ---------------------------------------------------------


def _spec(**fields: Any) -> Layer:
    return Layer(spec=_frozen(fields))


def _arch_layers(arch: str) -> dict[str, Layer]:
    return {
        f"preferred-architecture/{arch}": Layer(
            labels=_frozen({LABEL_PREFIX + "preferred-architecture": arch}),
            spec=_frozen({"preferredArchitecture": arch})),
        f"required-architecture/{arch}": Layer(
            labels=_frozen({LABEL_PREFIX + "required-architecture": arch}),
            spec=_frozen({"requirements": {"architecture": arch}})),
    }


_HYPERV = _spec(
    clock={"preferredClockOffset": {"utc": {}},
           "preferredTimer": {"hpet": {"present": False}, "pit": {"tickPolicy": "delay"},
                              "rtc": {"tickPolicy": "catchup"}, "hyperv": {}}},
    features={"preferredAcpi": {}, "preferredApic": {},
              "preferredHyperv": {"relaxed": {}, "vapic": {}, "vpindex": {}, "spinlocks": {"spinlocks": 8191},
                                  "synic": {}, "synictimer": {"direct": {}}, "tlbflush": {}, "frequencies": {},
                                  "reenlightenment": {}, "ipi": {}, "runtime": {}, "reset": {}}})

COMPONENTS: Mapping[str, Layer] = MappingProxyType({
    "diskbus-virtio-blk": _spec(devices={"preferredDiskBus": "virtio"}),
    "diskbus-sata": _spec(devices={"preferredDiskBus": "sata"}),
    "diskbus-scsi": _spec(devices={"preferredDiskBus": "scsi"}),
    "interfacemodel-virtio-net": _spec(devices={"preferredInterfaceModel": "virtio"}),
    "interfacemodel-e1000": _spec(devices={"preferredInterfaceModel": "e1000"}),
    "interfacemodel-e1000e": _spec(devices={"preferredInterfaceModel": "e1000e"}),
    "interfacemodel-rtl8139": _spec(devices={"preferredInterfaceModel": "rtl8139"}),
    "rng": _spec(devices={"preferredRng": {}}),
    "efi": _spec(firmware={"preferredEfi": {"secureBoot": False}}),
    "efi-persisted": _spec(firmware={"preferredEfi": {"persistent": True, "secureBoot": False}}),
    "secureboot": _spec(features={"preferredSmm": {}}, firmware={"preferredEfi": {"secureBoot": True}}),
    "tpm": _spec(devices={"preferredTPM": {"persistent": True}}),
    "hyperv": _HYPERV,
    "cpu-topology-sockets": _spec(cpu={"preferredCPUTopology": "sockets"}),
    "cpu-topology-spread": _spec(cpu={"preferredCPUTopology": "spread",
                                      "spreadOptions": {"across": "SocketsCoresThreads"}}),
    "cpu-topology-spread-4": _spec(cpu={"preferredCPUTopology": "spread",
                                        "spreadOptions": {"across": "SocketsCoresThreads", "ratio": 4}}),
    "tablet-usb": _spec(devices={"preferredAutoattachInputDevice": True}),
    "tablet-virtio": _spec(devices={"preferredAutoattachInputDevice": True, "preferredInputBus": "virtio",
                                    "preferredInputType": "tablet"}),
    "videotype-virtio": _spec(devices={"preferredVideoType": "virtio"}),
    "termination-grace-period": _spec(preferredTerminationGracePeriodSeconds=3600),
    "pcihole64": _spec(annotations={"kubevirt.io/disablePCIHole64": "true"}),
    "virtio-transitional": _spec(devices={"preferredUseVirtioTransitional": True}),
    "disk-dedicatediothread": _spec(devices={"preferredDiskDedicatedIoThread": True}),
    "interface-multiqueue": _spec(devices={"preferredNetworkInterfaceMultiQueue": True}),
    "deprecated": Layer(labels=_frozen({LABEL_PREFIX + "deprecated": "true"})),
    # Local to preferences/rhel/9_realtime upstream, not a shared component.
    "rhel-realtime": _spec(features={"preferredSmm": {}},
                           devices={"preferredAutoattachGraphicsDevice": False,
                                    "preferredAutoattachMemBalloon": False,
                                    "preferredAutoattachSerialConsole": True}),
    **_arch_layers("amd64"), **_arch_layers("arm64"), **_arch_layers("s390x"),
})

# The two URL values really include the double quotes and a trailing newline
# (docs/common-instancetypes.md#preference-layers, quirk).
PREFERENCE_BASE = Layer(
    labels=_frozen({LABEL_PREFIX + "vendor": "kubevirt.io", LABEL_PREFIX + "os-type": "linux"}),
    annotations=_frozen({
        "openshift.io/provider-display-name": "KubeVirt",
        "openshift.io/documentation-url": '"https://github.com/kubevirt/common-instancetypes"\n',
        "openshift.io/support-url": '"https://github.com/kubevirt/common-instancetypes/issues"\n',
    }),
    spec=_frozen({"annotations": {"vm.kubevirt.io/os": "linux"}}),
)


def _os_layer(os_type: str) -> Layer:
    return Layer(labels=_frozen({LABEL_PREFIX + "os-type": os_type}),
                 spec=_frozen({"annotations": {"vm.kubevirt.io/os": os_type}}))


FAMILIES: Mapping[str, tuple[Layer, tuple[str, ...]]] = MappingProxyType({
    "linux": (_os_layer("linux"), ("diskbus-virtio-blk", "interfacemodel-virtio-net", "rng")),
    "legacy": (_os_layer("legacy"), ("interfacemodel-e1000", "diskbus-sata")),
    "windows": (_os_layer("windows"), ("hyperv", "cpu-topology-sockets", "diskbus-sata", "interfacemodel-e1000e",
                                       "tablet-usb", "termination-grace-period")),
})

_WINDOWS_VIRTIO = ("diskbus-virtio-blk", "interfacemodel-virtio-net", "tablet-virtio", "videotype-virtio")
_RHEL_TAGS = "hidden,kubevirt,linux,rhel"
_CENTOS_TAGS = "hidden,kubevirt,linux,centos-stream"
_WINDOWS_TAGS = "hidden,kubevirt,windows"


def _arch(arch: str) -> tuple[str, str]:
    return (f"preferred-architecture/{arch}", f"required-architecture/{arch}")


def _linux(name: str, display: str, tags: str, icon: str, req: tuple[int, str] | None = None,
           components: tuple[str, ...] = (), arch: str | None = None) -> PreferenceDefinition:
    cpu, memory = req if req else (None, None)
    layers = (_arch(arch) if arch else ()) + components
    return PreferenceDefinition(name, "linux", display, tags, icon, layers, cpu, memory, arch)


def _rhel(name: str, display: str, req: tuple[int, str], components: tuple[str, ...] = (),
          arch: str | None = None, tags: str = _RHEL_TAGS) -> PreferenceDefinition:
    return _linux(name, display, tags, "icon-rhel", req, components, arch)


def _centos(name: str, display: str, components: tuple[str, ...], req: tuple[int, str] = (1, "1.5Gi"),
            tags: str = _CENTOS_TAGS) -> PreferenceDefinition:
    return _linux(name, display, tags, "icon-centos", req, components)


def _windows(name: str, display: str, req: tuple[int, str], components: tuple[str, ...] = (),
             virtio: bool = True) -> tuple[PreferenceDefinition, ...]:
    """A Windows preference and, unless ``virtio`` is False, its ``.virtio`` twin
    (docs/common-instancetypes.md#preference-table conventions)."""
    plain = PreferenceDefinition(name, "windows", display, _WINDOWS_TAGS, "icon-windows", components, *req)
    if not virtio:
        return (plain,)
    twin = PreferenceDefinition(f"{name}.virtio", "windows", f"{display} (virtio)", _WINDOWS_TAGS, "icon-windows",
                                components + _WINDOWS_VIRTIO, *req)
    return (plain, twin)


_DDIO = ("disk-dedicatediothread",)
_DPDK = ("cpu-topology-spread-4", "interface-multiqueue")
_TABLET = ("tablet-virtio",)
_SB = ("secureboot",)
_WIN_UEFI = ("efi-persisted", "tpm", "secureboot")
_RHEL9_AMD64 = _DDIO + _SB

PREFERENCES: tuple[PreferenceDefinition, ...] = (
    _linux("alpine", "Alpine", "hidden,kubevirt,alpine", "icon-alpine", (1, "512Mi")),
    _centos("centos.stream10", "CentOS Stream 10", _DDIO),
    _centos("centos.stream10.desktop", "CentOS Stream 10", _DDIO + _TABLET),
    _centos("centos.stream9", "CentOS Stream 9", _DDIO),
    _centos("centos.stream9.desktop", "CentOS Stream 9", _DDIO + _TABLET),
    _centos("centos.stream9.dpdk", "CentOS Stream 9", _DDIO + _DPDK, (8, "1.5Gi"), _CENTOS_TAGS + ",dpdk"),
    _linux("cirros", "Cirros", "hidden,kubevirt,cirros", "icon-cirros", (1, "256Mi")),
    _linux("debian", "Debian", "hidden,kubevirt,debian", "icon-debian", (1, "512Mi"), ("efi",)),
    _linux("fedora", "Fedora (amd64)", "hidden,kubevirt,fedora", "icon-fedora", (1, "2Gi"), _SB, "amd64"),
    _linux("fedora.arm64", "Fedora (arm64)", "hidden,kubevirt,fedora", "icon-fedora", (1, "2Gi"), (), "arm64"),
    _linux("fedora.s390x", "Fedora (s390x)", "hidden,kubevirt,fedora", "icon-fedora", (1, "2Gi"), (), "s390x"),
    PreferenceDefinition("legacy", "legacy", "Legacy Guest", "hidden,kubevirt,legacy", "icon-other"),
    _linux("linux", "Linux Guest", "hidden,kubevirt,linux", "icon-linux"),
    _linux("linux.efi", "Linux EFI Guest", "hidden,kubevirt,linux-efi", "icon-linux", None, ("efi",)),
    _linux("linux.virtiotransitional", "Linux Virtio Transitional Guest", "hidden,kubevirt,linux-virtio-transitional",
           "icon-linux", None, ("virtio-transitional",)),
    _linux("opensuse.leap", "OpenSUSE Leap", "hidden,kubevirt,opensuse.leap", "icon-opensuse-leap", (1, "2Gi")),
    _linux("opensuse.tumbleweed", "OpenSUSE Tumbleweed", "hidden,kubevirt,opensuse.tumbleweed",
           "icon-opensuse-tumbleweed", (1, "2Gi")),
    _linux("oraclelinux", "Oracle Linux", "hidden,kubevirt,oraclelinux", "icon-oracle", (2, "4Gi"), ("efi",)),
    _rhel("rhel.10", "Red Hat Enterprise Linux 10 (amd64)", (1, "1.5Gi"), _DDIO + ("efi",) + _SB, "amd64"),
    _rhel("rhel.10.arm64", "Red Hat Enterprise Linux 10 (arm64)", (1, "1.5Gi"), _DDIO, "arm64"),
    _rhel("rhel.10.s390x", "Red Hat Enterprise Linux 10 (s390x)", (1, "1.5Gi"), _DDIO, "s390x"),
    _rhel("rhel.7", "Red Hat Enterprise Linux 7", (1, "1Gi")),
    _rhel("rhel.7.desktop", "Red Hat Enterprise Linux 7", (1, "1Gi"), _TABLET),
    _rhel("rhel.8", "Red Hat Enterprise Linux 8", (1, "1.5Gi")),
    _rhel("rhel.8.desktop", "Red Hat Enterprise Linux 8", (1, "1.5Gi"), _TABLET),
    _rhel("rhel.8.dpdk", "Red Hat Enterprise Linux 8", (8, "1.5Gi"), _DPDK, tags=_RHEL_TAGS + ",dpdk"),
    _rhel("rhel.9", "Red Hat Enterprise Linux 9 (amd64)", (1, "1.5Gi"), _RHEL9_AMD64, "amd64"),
    _rhel("rhel.9.arm64", "Red Hat Enterprise Linux 9 (arm64)", (1, "1.5Gi"), _DDIO, "arm64"),
    _rhel("rhel.9.desktop", "Red Hat Enterprise Linux 9 Desktop (amd64)", (1, "1.5Gi"), _RHEL9_AMD64 + _TABLET,
          "amd64"),
    _rhel("rhel.9.dpdk", "Red Hat Enterprise Linux 9 DPDK (amd64)", (8, "1.5Gi"), _RHEL9_AMD64 + _DPDK, "amd64",
          _RHEL_TAGS + ",dpdk"),
    _rhel("rhel.9.realtime", "Red Hat Enterprise Linux 9 Realtime (amd64)", (4, "4Gi"),
          _RHEL9_AMD64 + ("rhel-realtime", "cpu-topology-spread", "interface-multiqueue"), "amd64",
          _RHEL_TAGS + ",realtime"),
    _rhel("rhel.9.s390x", "Red Hat Enterprise Linux 9 (s390x)", (1, "1.5Gi"), _DDIO + ("rng",), "s390x"),
    _linux("sles", "SUSE Linux Enterprise Server", "hidden,kubevirt,sles", "icon-sles", (1, "2Gi")),
    _linux("ubuntu", "Ubuntu", "hidden,kubevirt,ubuntu", "icon-ubuntu", (1, "2Gi")),
    # v1.7.0: Windows 10 and 11 keep the family's `sockets` topology (docs/common-instancetypes.md#preference-table
    # note ²).
    *_windows("windows.10", "Microsoft Windows 10", (1, "2Gi"), _SB),
    *_windows("windows.11", "Microsoft Windows 11", (2, "4Gi"), _WIN_UEFI),
    *_windows("windows.2k12", "Microsoft Windows Server 2012/2012 R2", (1, "512Mi")),
    *_windows("windows.2k16", "Microsoft Windows Server 2016", (1, "2Gi"), _SB),
    *_windows("windows.2k19", "Microsoft Windows Server 2019", (1, "2Gi"), _SB),
    *_windows("windows.2k22", "Microsoft Windows Server 2022", (1, "2Gi"), _WIN_UEFI),
    *_windows("windows.2k25", "Microsoft Windows Server 2025", (1, "2Gi"), _WIN_UEFI),
    *_windows("windows.2k3", "Microsoft Windows Server 2003", (1, "256Mi"), ("pcihole64", "interfacemodel-rtl8139"),
              virtio=False),
    *_windows("windows.2k8", "Microsoft Windows Server 2008/2008 R2", (1, "512Mi"), ("interfacemodel-e1000",)),
    *_windows("windows.7", "Microsoft Windows 7", (1, "2Gi")),
    *_windows("windows.xp", "Microsoft Windows XP", (1, "128Mi"), ("pcihole64",), virtio=False),
)

CATALOG = CatalogDefinition(
    version=VERSION,
    api_version=API_VERSION,
    classes=CLASSES,
    preference_base=PREFERENCE_BASE,
    families=FAMILIES,
    components=COMPONENTS,
    preferences=PREFERENCES,
)

"""``ValidateVirtualMachineInstanceSpec`` (vmi-create-admitter.go, d923fdb8): every check, in
KubeVirt's order, on a VMI spec (for a VM: the template spec with the instance type and preference
applied and the defaults set). Each check is ``check(field, spec, config) -> causes``; ``field`` is
the path of the spec (``spec.template.spec`` for a VM).

A check that only some KubeVirt releases run is wrapped in ``only_when`` with the
``KubevirtVersion`` predicate that names the release and the pull request: ``validateArchitecture``
(v1.7), ``validateGraceIOVirtualization`` and ``validateServiceAccountName`` (v1.9).

The DRA checks (``krmfn.kubevirt.dra.admitter``) and the Grace I/O virtualization checks load with
the first spec that has GPUs or host devices (or, for DRA, resource claims): a spec without any
passes both, and most never load them (1.5 ms less at start-up).
"""
from __future__ import annotations

from collections.abc import Callable

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import Cause
from krmfn.model import reasons
from krmfn.model.kubevirt_version import KubevirtVersion
from krmfn.kubevirt.network.admitter.validator import validate_network
from krmfn.kubevirt.storage.admitters.disks import validate_container_disks
from krmfn.kubevirt.storage.admitters.storagehotplug import validate_utility_volumes_not_present_on_creation
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import has_gpus_or_host_devices
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.access_credentials import validate_access_credentials
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.boot_order import validate_boot_order
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.cpu import (
    validate_cpu_feature_policies,
    validate_cpu_hotplug,
    validate_cpu_isolator_thread,
    validate_cpu_limit_not_negative,
    validate_cpu_pinning,
    validate_cpu_request_does_not_exceed_limit,
    validate_cpu_request_not_negative,
    validate_numa,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.devices import (
    validate_downward_metrics,
    validate_filesystems_with_virtiofs_enabled,
    validate_host_devices_with_passthrough_enabled,
    validate_mdev_ramfb,
    validate_panic_devices,
    validate_persistent_reservation,
    validate_sound_devices,
    validate_video_config,
    validate_vsock,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.dns import validate_dns
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.domain import validate_domain_spec
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.firmware import validate_firmware_acpi
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.hostname import (
    validate_hostname_not_conforming_to_dns_label_rules,
    validate_subdomain_dns_subdomain_rules,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.input_devices import validate_input_devices
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.iothreads import validate_io_threads_policy
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.launch_security import validate_launch_security
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.live_migration import validate_live_migration
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.machine import validate_emulated_machine
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.memory import (
    validate_guest_memory_limit,
    validate_hugepages_memory_requests,
    validate_memory_limits_negative_or_null,
    validate_memory_requests_negative_or_null,
    validate_reserved_overhead_memlock,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.probes import validate_probes
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.realtime import validate_realtime
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.scheduling import (
    validate_reboot_policy,
    validate_service_account_name,
    validate_spec_affinity,
    validate_spec_topology_spread_constraints,
    validate_start_strategy,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.machine import validate_architecture
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.volumes import validate_volumes
from krmfn.model.record import replace

SpecCheck = Callable[[str, dict, ClusterConfig], list[Cause]]


def only_when(predicate: Callable[[KubevirtVersion], bool], check: SpecCheck) -> SpecCheck:
    """``check`` in the releases where ``predicate`` holds, nothing in the others."""
    def gated(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
        return check(field, spec, config) if predicate(config.kubevirt_version) else []
    gated.__name__ = getattr(check, "__name__", "gated")
    return gated


def dra_creation_with_devices(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``draadmitter.ValidateCreation`` (``krmfn.kubevirt.dra.admitter``): nothing to check
    without resource claims, GPUs and host devices (module doc)."""
    if not spec.get("resourceClaims") and not has_gpus_or_host_devices(spec):
        return []
    from krmfn.kubevirt.dra.admitter import validate_dra_creation as validate  # noqa: PLC0415 - module doc
    return validate(field, spec, config)


def grace_io_virtualization_with_devices(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateGraceIOVirtualization`` (``krmfn.kubevirt.virt_api.admitters.grace_io_virtualization``):
    nothing to check without GPUs and host devices (module doc)."""
    if not has_gpus_or_host_devices(spec):
        return []
    from krmfn.kubevirt.virt_api.admitters.grace_io_virtualization import (  # noqa: PLC0415 - module doc
        validate_grace_io_virtualization as validate,
    )
    return validate(field, spec, config)


# (area, check): the area is KubeVirt's (cpu, network, storage, ...) and tags each cause
# (``krmfn.model.reasons.area``), so that a finding says where it comes from.
SPEC_CHECKS: tuple[tuple[str, SpecCheck], ...] = (
    ("hostname", validate_hostname_not_conforming_to_dns_label_rules),
    ("hostname", validate_subdomain_dns_subdomain_rules),
    ("memory", validate_memory_requests_negative_or_null),
    ("memory", validate_memory_limits_negative_or_null),
    ("memory", validate_hugepages_memory_requests),
    ("memory", validate_guest_memory_limit),
    ("machine-type", validate_emulated_machine),
    ("firmware", validate_firmware_acpi),
    ("cpu", validate_cpu_request_not_negative),
    ("cpu", validate_cpu_limit_not_negative),
    ("cpu", validate_cpu_request_does_not_exceed_limit),
    ("cpu", validate_cpu_pinning),
    ("cpu", validate_numa),
    ("cpu", validate_cpu_isolator_thread),
    ("cpu", validate_cpu_feature_policies),
    ("cpu", validate_cpu_hotplug),
    ("scheduling", validate_start_strategy),
    ("cpu", validate_realtime),
    ("scheduling", validate_spec_affinity),
    ("scheduling", validate_spec_topology_spread_constraints),
    ("machine-type", only_when(lambda version: version.multi_architecture_gate, validate_architecture)),
    ("network", validate_network),
    ("devices", dra_creation_with_devices),
    ("boot-order", validate_boot_order),
    ("devices", validate_input_devices),
    ("iothreads", validate_io_threads_policy),
    ("probes", validate_probes),
    ("firmware", validate_domain_spec),
    ("storage", validate_volumes),
    ("storage", validate_container_disks),
    ("storage", validate_utility_volumes_not_present_on_creation),
    ("access-credentials", validate_access_credentials),
    ("dns", validate_dns),
    ("live-migration", validate_live_migration),
    ("devices", validate_mdev_ramfb),
    ("devices", validate_host_devices_with_passthrough_enabled),
    ("devices", only_when(lambda version: version.validates_grace_io, grace_io_virtualization_with_devices)),
    ("devices", validate_sound_devices),
    ("launch-security", validate_launch_security),
    ("devices", validate_vsock),
    ("storage", validate_persistent_reservation),
    ("devices", validate_downward_metrics),
    ("storage", validate_filesystems_with_virtiofs_enabled),
    ("devices", validate_video_config),
    ("devices", validate_panic_devices),
    ("scheduling", validate_reboot_policy),
    ("memory", validate_reserved_overhead_memlock),
    ("scheduling", only_when(lambda version: version.validates_service_account_name, validate_service_account_name)),
)


def validate_virtual_machine_instance_spec(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """Every cause of every check, in order (the caller caps them at 10)."""
    causes: list[Cause] = []
    for area, check in SPEC_CHECKS:
        found = check(field, spec, config)
        if found:
            causes += in_area(area, found)
    return causes


def in_area(area: str, causes: list[Cause]) -> list[Cause]:
    """``causes`` tagged with their KubeVirt area."""
    tag = reasons.area(area)
    return [replace(cause, reasons=cause.reasons | {tag}) for cause in causes]

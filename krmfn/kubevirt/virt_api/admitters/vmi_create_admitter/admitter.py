"""The VMI validating webhook on a CREATE, after its ``ValidateSchema`` gate.

Mirrors ``VMICreateAdmitter.Admit`` in
``pkg/virt-api/webhooks/validating-webhook/admitters/vmi-create-admitter.go`` (d923fdb8) on the
mutated VMI, with ``ValidateVirtualMachineInstancePerArch`` and ``warnDeprecatedAPIs`` of the same
file. Every group runs and their causes are joined, in this order (the caller caps them at 10,
``ToAdmissionResponse``):

1. ``featuregate.ValidateFeatureGates``: an enabled discontinued gate whose API the VMI uses
   (``krmfn.kubevirt.virt_config.featuregate``);
2. the ``SpecValidators`` virt-api registers (``registerValidatingWebhooks`` of
   ``pkg/virt-api/api.go``): ``netadmitter.Validate`` (the discontinued bindings, then the network
   checks) and, on main (d923fdb8, after v1.9.0), ``storageadmitters.Validate`` (container disk
   paths, utility volumes, ``ValidateDisks``; PR #17241, b5876f327c,
   ``KubevirtVersion.runs_storage_spec_validator``). Both repeat
   checks ``ValidateVirtualMachineInstanceSpec`` runs again, so a network or disk error is reported
   twice, as a cluster does;
3. ``ValidateVirtualMachineInstanceSpec`` (``krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.spec``);
4. ``validateVirtualMachineInstanceSpecVolumeDisks``
   (``krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.volume_disks``);
5. ``ValidateVirtualMachineInstanceMandatoryFields``
   (``krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.mandatory_fields``);
6. ``ValidateVirtualMachineInstanceMetadata`` on ``metadata``
   (``krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.metadata``), for a user's request unless
   ``kubevirt_service_account``;
7. ``validateGraceIOVirtualizationAnnotations`` (v1.9, ``KubevirtVersion.validates_grace_io``);
8. ``webhooks.ValidateVirtualMachineInstanceHyperv`` on ``spec.domain.features.hyperv``
   (``krmfn.kubevirt.virt_api.hyperv``);
9. ``ValidateVirtualMachineInstancePerArch``: the amd64, s390x or arm64 settings
   (``krmfn.kubevirt.virt_api.amd64``, ``s390x``, ``arm64``) by the spec's ``architecture``, which the
   mutator has set; any other value is "unsupported architecture".

An admitted VMI gets ``warnDeprecatedAPIs``: the message of each enabled Deprecated gate whose API
the VMI uses. No Deprecated gate of d923fdb8, v1.8.4 or v1.7.4 registers such a use
(``VmiSpecUsed``: only the discontinued Passt and Macvtap gates do), so the list is always empty.
"""
from __future__ import annotations

from collections.abc import Sequence

from krmfn.kubevirt.network.admitter.discontinued import validate_discontinued_bindings
from krmfn.kubevirt.network.admitter.validator import validate_network
from krmfn.kubevirt.storage.admitters.disks import validate_container_disks, validate_disks
from krmfn.kubevirt.storage.admitters.storagehotplug import validate_utility_volumes_not_present_on_creation
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, CAUSE_FIELD_VALUE_NOT_SUPPORTED, Cause
from krmfn.kubevirt.virt_api.admitters.grace_io_virtualization import validate_grace_io_virtualization_annotations
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_str, devices
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.mandatory_fields import (
    validate_virtual_machine_instance_mandatory_fields,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.metadata import validate_virtual_machine_instance_metadata
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.spec import (
    SpecCheck,
    in_area,
    validate_virtual_machine_instance_spec,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.volume_disks import (
    validate_virtual_machine_instance_spec_volume_disks,
)
from krmfn.kubevirt.virt_api.amd64 import validate_virtual_machine_instance_amd64_setting
from krmfn.kubevirt.virt_api.arm64 import validate_virtual_machine_instance_arm64_setting
from krmfn.kubevirt.virt_api.hyperv import validate_virtual_machine_instance_hyperv
from krmfn.kubevirt.virt_api.s390x import validate_virtual_machine_instance_s390x_setting
from krmfn.kubevirt.virt_config.featuregate import DEPRECATED, FEATURE_GATES, discontinued_in_use
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import KubevirtVersion

SPEC = "spec"
METADATA = "metadata"
HYPERV_FIELD = "spec.domain.features.hyperv"
UNSUPPORTED_ARCHITECTURE_FMT = "unsupported architecture: %s"


def validate_network_spec(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``netadmitter.Validate``: ``ValidateCreation`` (the discontinued bindings) then ``Validate``."""
    return (validate_discontinued_bindings(field, spec, config.kubevirt_version)
            + validate_network(field, spec, config))


def validate_storage_spec(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``storageadmitters.Validate`` (pkg/storage/admitters/vmi-storage-admitter.go)."""
    disks = devices(spec).get("disks")
    return (validate_container_disks(field, spec, config)
            + validate_utility_volumes_not_present_on_creation(field, spec, config)
            + validate_disks(f"{field}.domain.devices.disks", disks if isinstance(disks, list) else []))


def api_spec_validators(version: KubevirtVersion) -> tuple[tuple[str, SpecCheck], ...]:
    """The (area, validator) pairs virt-api hands the admitter in ``version``."""
    network: tuple[tuple[str, SpecCheck], ...] = (("network", validate_network_spec),)
    return network + ((("storage", validate_storage_spec),) if version.runs_storage_spec_validator else ())


def admit_vmi_create(vmi: dict, config: ClusterConfig, *,
                     spec_validators: Sequence[tuple[str, SpecCheck]] | None = None,
                     kubevirt_service_account: bool = False) -> tuple[list[Cause], list[str]]:
    """``Admit`` on the mutated ``vmi``: every cause, in KubeVirt's order, and the warnings of an
    admitted VMI (none when there are causes). ``spec_validators``: the (area, validator) pairs
    to run, virt-api's (``api_spec_validators``) by default; ``kubevirt_service_account``: the
    request comes from one of KubeVirt's own service accounts."""
    spec = as_dict(vmi.get("spec"))
    metadata = as_dict(vmi.get("metadata"))
    version = config.kubevirt_version
    validators = api_spec_validators(version) if spec_validators is None else spec_validators
    causes = [Cause("", message, CAUSE_FIELD_VALUE_NOT_SUPPORTED)
              for message in discontinued_in_use(config.feature_gates, spec)]
    causes = in_area("feature-gates", causes)
    for area, validator in validators:
        causes += in_area(area, validator(SPEC, spec, config))
    causes += validate_virtual_machine_instance_spec(SPEC, spec, config)
    causes += in_area("storage", validate_virtual_machine_instance_spec_volume_disks(SPEC, spec, version))
    causes += in_area("memory", validate_virtual_machine_instance_mandatory_fields(SPEC, spec, version))
    causes += in_area("metadata", validate_virtual_machine_instance_metadata(
        metadata, config, METADATA, kubevirt_service_account=kubevirt_service_account))
    if version.validates_grace_io:
        causes += in_area("devices", validate_grace_io_virtualization_annotations(METADATA, spec, metadata, config))
    causes += in_area("hyperv", validate_virtual_machine_instance_hyperv(HYPERV_FIELD, spec))
    causes += in_area("architecture", validate_virtual_machine_instance_per_arch(SPEC, spec, version))
    if causes:
        return causes, []
    return [], warn_deprecated_apis(spec, config)


def validate_virtual_machine_instance_per_arch(field: str, spec: dict, version: KubevirtVersion) -> list[Cause]:
    """``ValidateVirtualMachineInstancePerArch``: the settings of the spec's architecture."""
    architecture = as_str(spec.get("architecture"))
    if architecture == "amd64":
        return validate_virtual_machine_instance_amd64_setting(field, spec)
    if architecture == "s390x":
        return validate_virtual_machine_instance_s390x_setting(field, spec)
    if architecture == "arm64":
        return validate_virtual_machine_instance_arm64_setting(field, spec, version)
    return [Cause(f"{field}.architecture", UNSUPPORTED_ARCHITECTURE_FMT % architecture, CAUSE_FIELD_VALUE_INVALID)]


def warn_deprecated_apis(spec: dict, config: ClusterConfig) -> list[str]:
    """``warnDeprecatedAPIs``: the message of each enabled Deprecated gate whose API ``spec`` uses
    (``FeatureGate.binding_used``, krmfn's ``VmiSpecUsed``), in the order the gates are enabled."""
    interfaces = devices(spec).get("interfaces")
    bindings = {key for interface in interfaces if isinstance(interface, dict)
                for key, value in interface.items() if value is not None} if isinstance(interfaces, list) else set()
    warnings = []
    for name in config.feature_gates:
        gate = FEATURE_GATES.get(name)
        if gate is not None and gate.state == DEPRECATED and gate.binding_used and gate.binding_used in bindings:
            warnings.append(gate.message)
    return warnings

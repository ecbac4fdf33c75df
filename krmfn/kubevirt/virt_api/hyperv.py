"""The Hyper-V checks of the VMI validating webhook.

Mirrors ``ValidateVirtualMachineInstanceHyperv`` of ``pkg/virt-api/webhooks/hyperv.go`` (d923fdb8):
``ValidateVirtualMachineInstanceHypervFeatureDependencies`` (``getHypervFeatureDependencies``,
``HypervFeature.IsRequirementFulfilled``, ``getEVMCSDependency``) then
``ValidateVirtualMachineInstanceHypervMode``. The same in v1.7, v1.8 and d923fdb8 (v1.7's
``tlbflush`` is a plain feature state; only its ``enabled`` is read either way).

Oddities kept from KubeVirt:

* ``field`` is the path the caller passes, and the dependency causes append
  ``domain.features.hyperv.<feature>`` to it: the VMI webhook passes
  ``spec.domain.features.hyperv``, so its causes name
  ``spec.domain.features.hyperv.domain.features.hyperv.synic``;
* the evmcs causes name ``spec.domain.cpu.features`` whatever ``field`` is;
* a dependency counts only when explicitly enabled (``enabled: true``), but the evmcs cpu check runs
  when ``evmcs`` is set and not explicitly disabled (``evmcs: {}`` included);
* the evmcs cpu check only looks at a ``vmx`` feature when the list has entries: a list without one
  passes.

``SetHypervFeatureDependencies`` (the mutating webhook's part of hyperv.go) is not here.
"""
from __future__ import annotations

from typing import NamedTuple

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, CAUSE_FIELD_VALUE_REQUIRED, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_str, dicts, domain

# nodelabellerutil.VmxFeature and RequirePolicy: the CPU feature evmcs needs.
VMX_FEATURE = "vmx"
REQUIRE_POLICY = "require"
EVMCS_CPU_FEATURES_FIELD = "spec.domain.cpu.features"

REQUIRES_FMT = "'%s' requires '%s', which was disabled."
VMX_REQUIRED = "vmx cpu feature is required when evmcs is set"
VMX_POLICY = "vmx cpu feature has to be set to require policy"
HYPERV_WITH_PASSTHROUGH = ("Cannot explicitly set hyperV features if HypervPassthrough is being used. "
                           "Please use either HyperV or HypervPassthrough.")

# getHypervFeatureDependencies, in KubeVirt's order (leaves first): (feature, the feature it needs).
DEPENDENCIES = (
    ("evmcs", "vapic"),
    ("ipi", "vpindex"),
    ("tlbflush", "vpindex"),
    ("synictimer", "synic"),
    ("synic", "vpindex"),
)


class _Hyperv(NamedTuple):
    """``spec.Domain.Features`` and its ``Hyperv``, each None for Go's nil."""

    features: dict | None
    hyperv: dict | None


def _hyperv(spec: dict) -> _Hyperv:
    features = domain(spec).get("features")
    if not isinstance(features, dict):
        return _Hyperv(None, None)
    hyperv = features.get("hyperv")
    return _Hyperv(features, hyperv if isinstance(hyperv, dict) else None)


def feature_enabled(hyperv: dict, name: str) -> bool:
    """``isFeatureStateEnabled``: the feature is set with ``enabled: true``."""
    state = hyperv.get(name)
    return isinstance(state, dict) and state.get("enabled") is True


def validate_virtual_machine_instance_hyperv(field: str, spec: dict) -> list[Cause]:
    """``ValidateVirtualMachineInstanceHyperv``: the dependencies, then the mode."""
    return (validate_virtual_machine_instance_hyperv_feature_dependencies(field, spec)
            + validate_virtual_machine_instance_hyperv_mode(field, spec))


def validate_virtual_machine_instance_hyperv_mode(field: str, spec: dict) -> list[Cause]:
    """``ValidateVirtualMachineInstanceHypervMode``: ``hyperv`` and ``hypervPassthrough`` exclude
    each other."""
    features, hyperv = _hyperv(spec)
    if features is None or hyperv is None or features.get("hypervPassthrough") is None:
        return []
    return [Cause(field, HYPERV_WITH_PASSTHROUGH, CAUSE_FIELD_VALUE_INVALID)]


def validate_virtual_machine_instance_hyperv_feature_dependencies(field: str, spec: dict) -> list[Cause]:
    """``ValidateVirtualMachineInstanceHypervFeatureDependencies``: each enabled feature whose
    dependency is not enabled, then evmcs's ``vmx`` CPU feature."""
    _, hyperv = _hyperv(spec)
    if hyperv is None:
        return []
    base = f"{field}.domain.features.hyperv"
    causes = [Cause(f"{base}.{name}", REQUIRES_FMT % (f"{base}.{name}", f"{base}.{needs}"), CAUSE_FIELD_VALUE_INVALID)
              for name, needs in DEPENDENCIES if feature_enabled(hyperv, name) and not feature_enabled(hyperv, needs)]
    return causes + _evmcs_causes(spec, hyperv)


def _evmcs_causes(spec: dict, hyperv: dict) -> list[Cause]:
    evmcs = hyperv.get("evmcs")
    if evmcs is None or as_dict(evmcs).get("enabled") is False:
        return []
    cpu_features = as_dict(domain(spec).get("cpu")).get("features")
    if not isinstance(cpu_features, list) or not cpu_features:
        return [Cause(EVMCS_CPU_FEATURES_FIELD, VMX_REQUIRED, CAUSE_FIELD_VALUE_REQUIRED)]
    return [Cause(f"{EVMCS_CPU_FEATURES_FIELD}[{index}].policy", VMX_POLICY, CAUSE_FIELD_VALUE_INVALID)
            for index, feature in enumerate(dicts(cpu_features))
            if as_str(feature.get("name")) == VMX_FEATURE and as_str(feature.get("policy")) != REQUIRE_POLICY]

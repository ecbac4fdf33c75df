"""The Hyper-V feature dependencies the VMI mutating webhook enables
(``pkg/defaults/hyperv.go`` ``SetHypervFeatureDependencies``, at KubeVirt d923fdb8).

Each Hyper-V enlightenment that needs another (``synic`` needs ``vpindex``, ``synictimer`` needs
``synic``, ``tlbflush`` and ``ipi`` need ``vpindex``, ``evmcs`` needs ``vapic``) gets it enabled when
the user left it unset; one the user disabled stops the walk with KubeVirt's error (the caller
ignores it: the validating webhook rejects). ``evmcs`` (enabled or with ``enabled`` unset) then
requires the ``vmx`` CPU feature (``setEVMCSDependency``).

Functions mutate the VMI spec in place.
"""
from __future__ import annotations


from krmfn.kubevirt.apimachinery.gozero import child
from krmfn.model.record import record

VMX_FEATURE = "vmx"  # nodelabellerutil.VmxFeature
REQUIRE_POLICY = "require"  # nodelabellerutil.RequirePolicy
HYPERV_FIELD = "spec.domain.features.hyperv"


@record(frozen=True)
class HypervFeature:
    """``HypervFeature``: a feature (its key in ``features.hyperv``), the one it requires."""

    key: str
    requires: HypervFeature | None = None

    @property
    def field(self) -> str:
        return f"{HYPERV_FIELD}.{self.key}"

    def __str__(self) -> str:
        """``HypervFeature.String``."""
        if self.requires is None:
            return f"'{self.field}' is missing"
        return f"'{self.field}' requires '{self.requires.field}', which was disabled."


VPINDEX = HypervFeature("vpindex")
SYNIC = HypervFeature("synic", VPINDEX)
VAPIC = HypervFeature("vapic")
# getHypervFeatureDependencies, in its (reverse, leaves first) order.
DEPENDENCIES = (
    HypervFeature("evmcs", VAPIC),
    HypervFeature("ipi", VPINDEX),
    HypervFeature("tlbflush", VPINDEX),
    HypervFeature("synictimer", SYNIC),
    SYNIC,
)


def _enabled_value(hyperv: dict, key: str) -> object:
    """The feature's ``enabled`` (None when the feature or its ``enabled`` is unset)."""
    state = hyperv.get(key)
    return state.get("enabled") if isinstance(state, dict) else None


def is_feature_state_enabled(hyperv: dict, key: str) -> bool:
    """``isFeatureStateEnabled`` (``synictimer``/``tlbflush`` read through their copies alike)."""
    return _enabled_value(hyperv, key) is True


def try_to_set_requirement(hyperv: dict, feature: HypervFeature) -> str | None:
    """``TryToSetRequirement``: enable the unset requirement of an enabled feature; the error when
    the user disabled it."""
    if not is_feature_state_enabled(hyperv, feature.key) or feature.requires is None:
        return None
    required = feature.requires.key
    if _enabled_value(hyperv, required) is None:  # isFeatureStateMissing
        child(hyperv, required)["enabled"] = True  # enableFeatureState
        return None
    if is_feature_state_enabled(hyperv, required):
        return None
    return str(feature)


def set_hyperv_feature_dependencies(spec: dict) -> str | None:
    """``SetHypervFeatureDependencies``: the dependencies, then the ``vmx`` feature for ``evmcs``."""
    domain = spec.get("domain")
    features = domain.get("features") if isinstance(domain, dict) else None
    hyperv = features.get("hyperv") if isinstance(features, dict) else None
    if not isinstance(hyperv, dict):
        return None
    for feature in DEPENDENCIES:
        error = try_to_set_requirement(hyperv, feature)
        if error is not None:
            return error
    evmcs = hyperv.get("evmcs")
    if isinstance(evmcs, dict) and evmcs.get("enabled") is not False:
        set_evmcs_dependency(spec)
    return None


def set_evmcs_dependency(spec: dict) -> None:
    """``setEVMCSDependency``: the ``vmx`` CPU feature with policy ``require``, added or enforced."""
    cpu = child(child(spec, "domain"), "cpu")
    features = cpu.get("features")
    if not isinstance(features, list) or not features:
        cpu["features"] = [{"name": VMX_FEATURE, "policy": REQUIRE_POLICY}]
        return
    for feature in features:
        if isinstance(feature, dict) and feature.get("name") == VMX_FEATURE:
            if feature.get("policy") != REQUIRE_POLICY:
                feature["policy"] = REQUIRE_POLICY
            return
    features.append({"name": VMX_FEATURE, "policy": REQUIRE_POLICY})

"""ValidateVirtualMachineInstanceHyperv: each dependency, the evmcs CPU feature, the mode."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.kubevirt.virt_api.hyperv import (
    HYPERV_WITH_PASSTHROUGH,
    validate_virtual_machine_instance_hyperv,
    validate_virtual_machine_instance_hyperv_feature_dependencies,
)

ON, OFF = {"enabled": True}, {"enabled": False}
VMX = [{"name": "vmx", "policy": "require"}]


def _spec(hyperv: object, passthrough: object = None, cpu_features: object = VMX) -> dict:
    features: dict = {"hyperv": hyperv}
    if passthrough is not None:
        features["hypervPassthrough"] = passthrough
    return {"domain": {"features": features, "cpu": {"features": cpu_features}}}


def _requires(feature: str, needs: str, base: str = "spec.domain.features.hyperv") -> Cause:
    return Cause(f"{base}.{feature}", f"'{base}.{feature}' requires '{base}.{needs}', which was disabled.",
                 CAUSE_FIELD_VALUE_INVALID)


@pytest.mark.parametrize("feature, needs", [
    ("evmcs", "vapic"), ("ipi", "vpindex"), ("tlbflush", "vpindex"), ("synictimer", "synic"), ("synic", "vpindex"),
])
def test_each_dependency(feature: str, needs: str) -> None:
    spec = _spec({feature: ON})
    assert validate_virtual_machine_instance_hyperv_feature_dependencies("spec", spec) == [_requires(feature, needs)]
    satisfied = _spec({feature: ON, needs: ON, "vpindex": ON})
    assert validate_virtual_machine_instance_hyperv_feature_dependencies("spec", satisfied) == []
    # only an explicit enabled counts, for the feature and for its dependency
    assert validate_virtual_machine_instance_hyperv_feature_dependencies("spec", _spec({feature: {}})) == []
    assert validate_virtual_machine_instance_hyperv_feature_dependencies(
        "spec", _spec({feature: ON, needs: {}})) == [_requires(feature, needs)]


def test_leaves_first_order() -> None:
    spec = _spec({"synic": ON, "synictimer": ON, "ipi": ON, "tlbflush": ON, "evmcs": ON, "vapic": ON})
    assert [cause.field.rsplit(".", 1)[1] for cause in
            validate_virtual_machine_instance_hyperv_feature_dependencies("spec", spec)] == [
        "ipi", "tlbflush", "synic"]
    spec = _spec({"synictimer": ON, "ipi": ON, "evmcs": ON})
    assert [cause.field.rsplit(".", 1)[1] for cause in
            validate_virtual_machine_instance_hyperv_feature_dependencies("spec", spec)] == [
        "evmcs", "ipi", "synictimer"]


def test_evmcs_cpu_feature() -> None:
    check = validate_virtual_machine_instance_hyperv_feature_dependencies
    # evmcs unset-enabled still needs vmx; explicitly disabled does not
    assert [c.field for c in check("spec", _spec({"evmcs": {}, "vapic": ON}, cpu_features=[]))] == [
        "spec.domain.cpu.features"]
    assert check("spec", _spec({"evmcs": OFF}, cpu_features=[])) == []
    # a list without vmx passes; every vmx entry with another policy is reported
    assert check("spec", _spec({"evmcs": ON, "vapic": ON}, cpu_features=[{"name": "pcid"}])) == []
    features = [{"name": "vmx", "policy": "optional"}, {"name": "pcid"}, {"name": "vmx"}]
    assert [c.field for c in check("spec", _spec({"evmcs": ON, "vapic": ON}, cpu_features=features))] == [
        "spec.domain.cpu.features[0].policy", "spec.domain.cpu.features[2].policy"]


def test_the_webhook_path_is_doubled_and_evmcs_keeps_its_own() -> None:
    spec = _spec({"evmcs": ON}, cpu_features=[])
    causes = validate_virtual_machine_instance_hyperv("spec.domain.features.hyperv", spec)
    assert [c.field for c in causes] == ["spec.domain.features.hyperv.domain.features.hyperv.evmcs",
                                         "spec.domain.cpu.features"]


@pytest.mark.parametrize("spec, expected", [
    (_spec({}, {}), [Cause("f", HYPERV_WITH_PASSTHROUGH, CAUSE_FIELD_VALUE_INVALID)]),
    (_spec(None, {}), []),
    (_spec({}), []),
    ({"domain": {}}, []),
])
def test_mode(spec: dict, expected: list[Cause]) -> None:
    assert validate_virtual_machine_instance_hyperv("f", spec) == expected

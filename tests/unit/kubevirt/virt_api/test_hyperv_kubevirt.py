"""Cases of KubeVirt's ``pkg/virt-api/webhooks/validating-webhook/admitters/vmi-create-admitter_test.go``
(d923fdb8) for ``pkg/virt-api/webhooks/hyperv.go``, ported: the "additional tests" of
``ValidateVirtualMachineInstanceHypervFeatureDependencies`` on ``api.NewMinimalVMI("testvmi")`` with
the case's features and CPU, on the path ``spec``. Where the Go test checks the count, fields or
types of the causes, the whole causes are compared.

The hyperV passthrough cases (``ValidateVirtualMachineInstanceHypervMode``) go through ``Admit``:
``tests/unit/kubevirt/virt_api/admitters/vmi_create_admitter/test_admitter_kubevirt.py``.
Not ported: nothing else of hyperv.go is tested there (``SetHypervFeatureDependencies`` is the
mutator's).
"""
from __future__ import annotations

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, CAUSE_FIELD_VALUE_REQUIRED, Cause
from krmfn.kubevirt.virt_api.hyperv import validate_virtual_machine_instance_hyperv_feature_dependencies

ON = {"enabled": True}
VMX_REQUIRE = {"name": "vmx", "policy": "require"}
VMX_MISSING = Cause("spec.domain.cpu.features", "vmx cpu feature is required when evmcs is set",
                    CAUSE_FIELD_VALUE_REQUIRED)
EVMCS_NEEDS_VAPIC = Cause("spec.domain.features.hyperv.evmcs",
                          "'spec.domain.features.hyperv.evmcs' requires 'spec.domain.features.hyperv.vapic', "
                          "which was disabled.", CAUSE_FIELD_VALUE_INVALID)


def minimal_vmi_spec(hyperv: dict | None = None, cpu_features: list | None = None) -> dict:
    """``api.NewMinimalVMI("testvmi").Spec`` with ``features.hyperv`` and ``cpu.features``."""
    domain: dict = {"resources": {"requests": {"memory": "8192Ki"}}}
    if hyperv is not None:
        domain["features"] = {"hyperv": hyperv}
    if cpu_features is not None:
        domain["cpu"] = {"features": cpu_features}
    return {"domain": domain}


def _causes(spec: dict) -> list[Cause]:
    return validate_virtual_machine_instance_hyperv_feature_dependencies("spec", spec)


def test_should_validate_vmis_without_hyperv_configuration() -> None:
    assert _causes(minimal_vmi_spec()) == []


def test_should_validate_vmis_with_empty_hyperv_configuration() -> None:
    assert _causes(minimal_vmi_spec({})) == []


def test_should_validate_vmis_with_hyperv_configuration_without_deps() -> None:
    assert _causes(minimal_vmi_spec({"relaxed": ON, "runtime": ON, "reset": ON})) == []


def test_should_validate_vmis_with_hyperv_evmcs_configuration_without_deps_and_detect_multiple_issues() -> None:
    assert _causes(minimal_vmi_spec({"evmcs": ON})) == [EVMCS_NEEDS_VAPIC, VMX_MISSING]


def test_should_validate_vmis_with_hyperv_evmcs_configuration_without_deps() -> None:
    assert _causes(minimal_vmi_spec({"evmcs": ON}, [VMX_REQUIRE])) == [EVMCS_NEEDS_VAPIC]


def test_should_validate_vmis_with_hyperv_evmcs_configuration_with_hyperv_deps_but_without_vmx_cpu_feature() -> None:
    assert _causes(minimal_vmi_spec({"evmcs": ON, "vapic": ON})) == [VMX_MISSING]


def test_should_validate_vmis_with_hyperv_evmcs_configuration_with_vmx_forbid() -> None:
    spec = minimal_vmi_spec({"evmcs": ON, "vapic": ON}, [{"name": "vmx", "policy": "forbid"}])
    assert _causes(spec) == [Cause("spec.domain.cpu.features[0].policy",
                                   "vmx cpu feature has to be set to require policy", CAUSE_FIELD_VALUE_INVALID)]


def test_should_validate_vmis_with_hyperv_evmcs_configuration_with_wrong_vmx_policy() -> None:
    # (sic: the Go case's vmx policy is "require", and it expects no cause)
    assert _causes(minimal_vmi_spec({"evmcs": ON, "vapic": ON}, [VMX_REQUIRE])) == []


def test_should_not_validate_vmis_with_broken_hyperv_deps() -> None:
    spec = minimal_vmi_spec({"relaxed": ON, "synic": ON, "synictimer": ON})
    assert _causes(spec) == [Cause("spec.domain.features.hyperv.synic",
                                   "'spec.domain.features.hyperv.synic' requires "
                                   "'spec.domain.features.hyperv.vpindex', which was disabled.",
                                   CAUSE_FIELD_VALUE_INVALID)]


def test_should_validate_vmis_with_correct_hyperv_deps() -> None:
    assert _causes(minimal_vmi_spec({"relaxed": ON, "vpindex": ON, "synic": ON, "synictimer": ON})) == []

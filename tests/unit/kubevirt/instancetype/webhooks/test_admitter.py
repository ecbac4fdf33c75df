"""The instance type validating webhook (docs/kubevirt/admission.md#instance-type-admission)."""
from krmfn.kubevirt.instancetype.webhooks.admitter import (
    DEPRECATED_LAUNCH_SECURITY_WARNING,
    admit_instancetype,
    validate_instancetype_spec,
)
from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_WEBHOOK, Cause

OVERCOMMIT_AND_HUGEPAGES = "spec.memory.overcommitPercent and spec.memory.hugepages should not be requested together."


def instancetype(memory=None, **spec):
    return {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineInstancetype",
            "metadata": {"name": "it"},
            "spec": {"cpu": {"guest": 1}, "memory": memory or {"guest": "128M"}, **spec}}


def test_plain_instancetype_is_allowed_without_warnings():
    verdict = admit_instancetype(instancetype())
    assert (verdict.allowed, verdict.causes, verdict.stage, verdict.warnings) == (True, [], None, [])


def test_e55_overcommit_with_hugepages_rejected():
    verdict = admit_instancetype(instancetype({"guest": "128M", "overcommitPercent": 15,
                                               "hugepages": {"pageSize": "1Gi"}}))
    assert not verdict.allowed
    assert verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert [(c.field, c.message) for c in verdict.causes] == [
        ("spec.memory.overcommitPercent", OVERCOMMIT_AND_HUGEPAGES)]


def test_hugepages_without_overcommit_allowed():
    assert admit_instancetype(instancetype({"guest": "1Gi", "hugepages": {"pageSize": "2Mi"}})).allowed
    assert admit_instancetype(instancetype({"guest": "1Gi", "overcommitPercent": 0, "hugepages": {}})).allowed


def test_empty_hugepages_counts_as_requested():
    verdict = admit_instancetype(instancetype({"guest": "1Gi", "overcommitPercent": 10, "hugepages": {}}))
    assert [c.message for c in verdict.causes] == [OVERCOMMIT_AND_HUGEPAGES]


def test_overcommit_range_rule_of_the_webhook_itself():
    # The CRD rejects these first; the webhook's own rule still exists
    # (docs/kubevirt/admission.md#instance-type-admission).
    causes = validate_instancetype_spec({"memory": {"guest": "1Gi", "overcommitPercent": 150, "hugepages": {}}})
    assert causes == [
        Cause("spec.memory.overcommitPercent",
              "spec.memory.overcommitPercent '150': must be in range between 0 and 100.", "FieldValueInvalid"),
        Cause("spec.memory.overcommitPercent", OVERCOMMIT_AND_HUGEPAGES, "FieldValueInvalid"),
    ]
    assert validate_instancetype_spec({"memory": {"guest": "1Gi", "overcommitPercent": 100}}) == []


def test_e55_launch_security_warns_even_when_empty():
    verdict = admit_instancetype(instancetype(launchSecurity={}))
    assert verdict.allowed and verdict.warnings == [DEPRECATED_LAUNCH_SECURITY_WARNING]
    assert DEPRECATED_LAUNCH_SECURITY_WARNING == (
        "launchSecurity is deprecated and will be removed in a future release. Use preference instead.")


def test_launch_security_warning_not_given_when_rejected():
    verdict = admit_instancetype(instancetype({"guest": "1Gi", "overcommitPercent": 5, "hugepages": {}},
                                              launchSecurity={}))
    assert not verdict.allowed and verdict.warnings == []


def test_not_validated_values_pass():
    spec = instancetype({"guest": "2Gi", "maxGuest": "1Gi"}, gpus=[{"name": "g"}], nodeSelector={"": ""})
    spec["spec"]["cpu"]["guest"] = 0
    assert admit_instancetype(spec).allowed


def test_go_decoding_error_is_a_bare_message():
    obj = instancetype()
    obj["spec"]["cpu"]["maxSockets"] = -2
    verdict = admit_instancetype(obj)
    assert verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert [(c.field, c.message) for c in verdict.causes] == [(
        "", "json: cannot unmarshal number -2 into Go struct field VirtualMachineInstancetype.spec.cpu.maxSockets of "
            "type uint32")]

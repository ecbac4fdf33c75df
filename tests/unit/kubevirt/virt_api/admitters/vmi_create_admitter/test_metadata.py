"""ValidateVirtualMachineInstanceMetadata: reserved labels, gated annotations, service accounts."""
from __future__ import annotations

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, CAUSE_FIELD_VALUE_NOT_SUPPORTED, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.metadata import (
    RESERVED_LABELS,
    RESTRICTED_VMI_LABELS,
    validate_virtual_machine_instance_metadata,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.reasons import needs_feature_gate

CONFIG = ClusterConfig()


def test_every_restricted_label_once() -> None:
    labels = {label: "x" for label in RESTRICTED_VMI_LABELS}
    assert validate_virtual_machine_instance_metadata({"labels": labels}, CONFIG, "metadata") == [
        Cause("metadata.labels", RESERVED_LABELS, CAUSE_FIELD_VALUE_NOT_SUPPORTED)]
    assert validate_virtual_machine_instance_metadata({"labels": labels}, CONFIG, "metadata",
                                                      kubevirt_service_account=True) == []
    assert validate_virtual_machine_instance_metadata({"labels": {"kubevirt.io/other": "x"}}, CONFIG) == []


def test_annotations_need_their_gates_even_for_service_accounts() -> None:
    metadata = {"annotations": {"kubevirt.io/ignitiondata": "x", "hooks.kubevirt.io/hookSidecars": "y"}}
    causes = validate_virtual_machine_instance_metadata(metadata, CONFIG, kubevirt_service_account=True)
    expected = ("spec.template.metadata.annotations", CAUSE_FIELD_VALUE_INVALID)
    assert [(c.field, c.type) for c in causes] == [expected] * 2
    assert [c.reasons for c in causes] == [needs_feature_gate("ExperimentalIgnitionSupport"),
                                           needs_feature_gate("Sidecar")]
    assert validate_virtual_machine_instance_metadata({"annotations": {"kubevirt.io/ignitiondata": ""}}, CONFIG) == []

"""``ValidateVirtualMachineInstanceMetadata`` (vmi-create-admitter.go, d923fdb8): the reserved
``kubevirt.io/`` labels only KubeVirt's own service accounts may set (``restrictedVmiLabels``), and
the annotations that need a feature gate (ignition: ExperimentalIgnitionSupport; sidecar hooks:
Sidecar). The VMI webhook runs it on the VMI's metadata (``metadata``), the VM webhook on its
template's (``spec.template.metadata``); the same in v1.7, v1.8 and d923fdb8.
"""
from __future__ import annotations

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, CAUSE_FIELD_VALUE_NOT_SUPPORTED, Cause
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.reasons import needs_feature_gate

# restrictedVmiLabels: only KubeVirt's own service accounts may set them.
RESTRICTED_VMI_LABELS = frozenset({"kubevirt.io/created-by", "kubevirt.io/migrationJobUID", "kubevirt.io/nodeName",
                                   "kubevirt.io/migrationTargetNodeName", "kubevirt.io/schedulable",
                                   "kubevirt.io/install-strategy"})
RESERVED_LABELS = "creation of the following reserved kubevirt.io/ labels on a VMI object is prohibited"
# (annotation, the feature gate it needs, message with the annotation's path)
GATED_ANNOTATIONS = (
    ("kubevirt.io/ignitiondata", "ExperimentalIgnitionSupport",
     "ExperimentalIgnitionSupport feature gate is not enabled in kubevirt-config, invalid entry %s"),
    ("hooks.kubevirt.io/hookSidecars", "Sidecar",
     "sidecar feature gate is not enabled in kubevirt-config, invalid entry %s"),
)


def validate_virtual_machine_instance_metadata(metadata: dict, config: ClusterConfig,
                                               field: str = "spec.template.metadata", *,
                                               kubevirt_service_account: bool = False) -> list[Cause]:
    """``ValidateVirtualMachineInstanceMetadata`` on ``metadata`` at ``field``, for a user's
    request unless ``kubevirt_service_account`` (a request by one of KubeVirt's own service
    accounts may set the reserved labels)."""
    causes = []
    labels = metadata.get("labels")
    if (not kubevirt_service_account and isinstance(labels, dict)
            and any(label in RESTRICTED_VMI_LABELS for label in labels)):
        causes.append(Cause(f"{field}.labels", RESERVED_LABELS, CAUSE_FIELD_VALUE_NOT_SUPPORTED))
    for annotation, gate, message in GATED_ANNOTATIONS:
        if _annotation(metadata, annotation) != "" and not config.feature_gate_enabled(gate):
            causes.append(Cause(f"{field}.annotations", message % f"{field}.annotations.{annotation}",
                                CAUSE_FIELD_VALUE_INVALID, needs_feature_gate(gate)))
    return causes


def _annotation(metadata: dict, key: str) -> object:
    annotations = metadata.get("annotations")
    return annotations.get(key, "") if isinstance(annotations, dict) else ""

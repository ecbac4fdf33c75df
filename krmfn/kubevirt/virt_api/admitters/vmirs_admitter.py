"""The VirtualMachineInstanceReplicaSet validating webhook on a CREATE.

Mirrors ``VMIRSAdmitter.Admit`` and ``ValidateVMIRSSpec`` in
``pkg/virt-api/webhooks/validating-webhook/admitters/vmirs-admitter.go`` (d923fdb8), with
``webhookutils.ValidateSchema`` (``pkg/util/webhooks/webhooks.go``, ``Validator.Validate`` of
``pkg/util/openapi/openapi.go``) and ``metav1.LabelSelectorAsSelector`` (apimachinery's
``pkg/apis/meta/v1/helpers.go`` with ``labels.NewRequirement``):

1. ``ValidateSchema`` (stage ``validating-webhook/openapi-schema``, ``validate_schema_gate``): the
   top-level keys other than ``kind``, ``apiVersion``, ``spec``, ``status`` and ``metadata`` are
   forbidden properties, ``spec`` is required, and the spec is checked against the OpenAPI
   definition of ``VirtualMachineInstanceReplicaSetSpec``; a failure answers with the bare messages;
2. ``json.Unmarshal`` into the Go type: a number out of its Go integer type's range is the bare
   decoding error (stage ``validating-webhook``);
3. ``ValidateVMIRSSpec`` on ``spec`` (``validate_vmirs_spec``): a nil template is "missing virtual
   machine template." and nothing else; else ``validateGraceIOVirtualizationAnnotations`` on
   ``spec.template.metadata`` (v1.9: ``KubevirtVersion.vmirs_validates_grace_io_annotations``),
   ``ValidateVirtualMachineInstanceSpec`` on the template's spec *as written* (no preset, no
   default: ``krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.spec``), then the selector: a
   malformed one is apimachinery's error, one that does not select the template's labels "selector
   does not match labels." (a nil selector selects nothing, an empty one everything);
4. ``featuregate.ValidateFeatureGates`` on the template's spec (an enabled discontinued gate whose
   API it uses);
5. the causes, capped at 10 (``ToAdmissionResponse``), or an admission with ``warnDeprecatedAPIs``
   of the template's spec (``krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.admitter``).

Where KubeVirt is not deterministic krmfn picks an order: Go walks ``matchLabels`` in map order
(krmfn: sorted keys, so of two malformed labels the first sorted is reported). ``ValidateSchema``'s
messages are listed as: the forbidden top-level keys (sorted), ``spec`` required, then the
forbidden fields inside the spec (sorted), then the OpenAPI errors in the order
``krmfn.kubevirt.apiserver.schema.check`` finds them (go-openapi walks an object's properties in
map order); list items are named ``[i]`` as in krmfn's other schema gates.

KubeVirt dereferences the nil template again for the feature gates (a panic): unreachable, the
CRD schema and ``ValidateSchema`` both require ``spec.template``; krmfn skips that step.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from krmfn.kubevirt.apimachinery.labels import label_selector_as_selector
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.model import kinds
from krmfn.kubevirt.apiserver.vmirs_schema import vmirs_schema
from krmfn.kubevirt.util.validate_schema import SPEC_NULL, SPEC_REQUIRED, forbidden_property
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_NOT_SUPPORTED,
    CAUSE_FIELD_VALUE_REQUIRED,
    REASON_DEPRECATED_FIELD,
    STAGE_VALIDATING_SCHEMA,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    AdmissionWarning,
    Cause,
    allow,
    reject_message,
    reject_webhook,
    passed_over,
)
from krmfn.kubevirt.virt_api.admitters.grace_io_virtualization import validate_grace_io_virtualization_annotations
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.admitter import warn_deprecated_apis
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.spec import in_area, validate_virtual_machine_instance_spec
from krmfn.kubevirt.virt_config.featuregate import discontinued_in_use
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

SPEC = "spec"
MISSING_TEMPLATE = "missing virtual machine template."
SELECTOR_MISMATCH = "selector does not match labels."
AREA = "replica-set"

# ``Validator.Validate``: the top-level keys every KubeVirt object may have.
TOP_LEVEL_KEYS = ("kind", "apiVersion", "spec", "status", "metadata")

# metav1.LabelSelectorOperator -> selection.Operator


# ---------------------------------------------------------------------------------------------
# ValidateSchema
# ---------------------------------------------------------------------------------------------
def validate_schema_causes(obj: dict, spec_schema: schemas.Obj) -> list[Cause]:
    """``ValidateSchema``'s causes for an object whose spec's OpenAPI definition is
    ``spec_schema`` (empty when it passes): bare messages, one cause each."""
    return _schema_gate(obj, spec_schema)[0]


def validate_schema_gate(obj: dict, spec_schema: schemas.Obj,
                         warnings: list[AdmissionWarning]) -> Admission | None:
    """``ValidateSchema`` as the webhook's first answer: its rejection, passable
    (``krmfn.kubevirt.util.webhooks.passed_over``) when Go still decodes the object."""
    causes, decodable = _schema_gate(obj, spec_schema)
    return passed_over(reject_webhook(STAGE_VALIDATING_SCHEMA, causes, warnings), decodable) if causes else None


def _schema_gate(obj: dict, spec_schema: schemas.Obj) -> tuple[list[Cause], bool]:
    messages: list[tuple[str, str]] = [
        (forbidden_property(f".{key}"), str(key))
        for key in sorted((key for key in obj if key not in TOP_LEVEL_KEYS), key=str)]
    spec = obj.get(SPEC)
    if SPEC not in obj:
        messages.append((SPEC_REQUIRED, SPEC))
    decodable = spec is not None
    if spec is None:
        # ValidateSpec(nil): the type validator's answer for a missing or null spec.
        messages.append((SPEC_NULL, SPEC))
    else:
        report = schemas.check({SPEC: spec}, schemas.Obj(spec_schema.go_name, {SPEC: spec_schema}),
                               scalar_defaults=True)
        messages += [(forbidden_property(path), path) for path in report.unknown]
        messages += [(error.openapi_message(), error.path) for error in report.errors]
        decodable = schemas.decodable(report)
    return [Cause("", message, located=path) for message, path in messages], decodable


# ---------------------------------------------------------------------------------------------
# ValidateVMIRSSpec and Admit
# ---------------------------------------------------------------------------------------------
def validate_selector(field: str, selector: Any, template_metadata: Any) -> list[Cause]:
    """The selector part of ``ValidateVMIRSSpec``: at ``<field>.selector``."""
    parsed = label_selector_as_selector(selector)
    path = f"{field}.selector"
    if isinstance(parsed, str):
        return [Cause(path, parsed, CAUSE_FIELD_VALUE_INVALID)]
    labels = as_dict(as_dict(template_metadata).get("labels"))
    if not parsed.matches(labels):
        return [Cause(path, SELECTOR_MISMATCH, CAUSE_FIELD_VALUE_INVALID)]
    return []


def validate_vmirs_spec(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``ValidateVMIRSSpec``: every cause, in KubeVirt's order."""
    template = spec.get("template")
    if template is None:
        return in_area(AREA, [Cause(f"{field}.template", MISSING_TEMPLATE, CAUSE_FIELD_VALUE_REQUIRED)])
    template = as_dict(template)
    template_spec, template_metadata = as_dict(template.get("spec")), as_dict(template.get("metadata"))
    causes: list[Cause] = []
    if config.kubevirt_version.vmirs_validates_grace_io_annotations:
        causes += in_area("devices", validate_grace_io_virtualization_annotations(
            f"{field}.template.metadata", template_spec, template_metadata, config))
    causes += validate_virtual_machine_instance_spec(f"{field}.template.spec", template_spec, config)
    causes += in_area(AREA, validate_selector(field, spec.get("selector"), template_metadata))
    return causes


def feature_gate_causes(template_spec: dict, config: ClusterConfig) -> list[Cause]:
    """``featuregate.ValidateFeatureGates``: bare causes, one per enabled discontinued gate in use."""
    return in_area("feature-gates", [Cause("", message, CAUSE_FIELD_VALUE_NOT_SUPPORTED)
                                      for message in discontinued_in_use(config.feature_gates, template_spec)])


def admit_vmirs_webhook(vmirs: dict, config: ClusterConfig,
                        warnings: Iterable[AdmissionWarning] = ()) -> Admission:
    """``VMIRSAdmitter.Admit`` on a CREATE: the verdict, after ``warnings`` (the API server's)."""
    warnings = list(warnings)
    schema = vmirs_schema(config.kubevirt_version)
    rejected = validate_schema_gate(vmirs, cast(schemas.Obj, schema.props[SPEC]), warnings)
    if rejected is not None:
        return rejected
    decode_failure = schemas.go_decode_failure(vmirs, schema, kinds.VIRTUAL_MACHINE_INSTANCE_REPLICA_SET)
    if decode_failure is not None:
        return reject_message(STAGE_VALIDATING_WEBHOOK, decode_failure[0], warnings, located=decode_failure[1])
    spec = as_dict(vmirs.get(SPEC))
    causes = validate_vmirs_spec(SPEC, spec, config)
    template = spec.get("template")
    template_spec = as_dict(as_dict(template).get("spec"))
    if template is not None:
        causes += feature_gate_causes(template_spec, config)
    if causes:
        return reject_webhook(STAGE_VALIDATING_WEBHOOK, causes, warnings)
    return allow(warnings + [AdmissionWarning(text, REASON_DEPRECATED_FIELD)
                             for text in warn_deprecated_apis(template_spec, config)])

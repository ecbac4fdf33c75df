"""The CREATE chains of a VirtualMachineTemplate and a VirtualMachineTemplateRequest
(``template.kubevirt.io``), in the order a cluster runs them.

No single virt-template file: the API server with the CRDs virt-operator installs
(``krmfn.virt_template.api.core.crd_schema``), then, for a template, virt-template's validating
webhook (docs/templates.md#admission, docs/kubevirt/admission.md#stages-of-a-create):

1. ``kube-apiserver/api-discovery``: the kinds are served only where virt-operator deploys
   virt-template, with KubeVirt's ``Template`` feature gate (``pkg/virt-operator/resource/apply/
   reconcile.go`` ``virtTemplateDeploymentEnabled``): Beta at v1.9.0 and d923fdb8 (on unless in
   ``disabledFeatureGates``; virt-template v0.2.2: v1beta1 and a deprecated v1alpha1), Alpha at
   v1.8.4 (off unless in ``featureGates``; v0.1.8: v1alpha1), not registered at v1.7.4. Anything
   else is ``no matches for kind "VirtualMachineTemplate" in version "template.kubevirt.io/v1beta1"``.
   A v1alpha1 object at v0.2.2 gets the API server's default deprecation warning, first among the
   answer's warnings. (The KubeVirt CR's ``virtTemplateDeployment.enabled: false`` also removes
   virt-template; krmfn's cluster settings do not model it: with the gate on, it is deployed.)
2. ``kube-apiserver/field-validation``: strict field validation of the whole object, ``status``
   included (the decoder prunes before the status subresource drops it);
3. ``kube-apiserver/crd-schema``: without ``status``, in its namespace: ObjectMeta, the schema, then
   the CEL rules, each ``Invalid value: "object": <message>`` on the field that carries it; a
   Required, Unsupported, Too long, Too many or type error blocks the rules (the API server's
   ``some validation rules were not checked`` cause instead);
4. ``validating-webhook``: for a template only, virt-template's ``ValidateTemplate``
   (``internal/webhook/v1beta1/virtualmachinetemplate_webhook.go``), reached through
   ``_virt_template_webhook``. A request has no webhook; its ValidatingAdmissionPolicy
   (``config/admission/vmtr_authz_vap.yaml``) asks the authorizer whether the requesting user may
   use the source VM and create DataVolumes and templates: RBAC that a bundle does not carry, so
   krmfn assumes it is granted.

Nothing is looked up in the bundle.
"""
from __future__ import annotations

from functools import cache

from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.storage.admitters.backup_create import RULES_NOT_CHECKED, cel_blocked
from krmfn.kubevirt.storage.admitters.crd_create import as_stored
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    REASON_DEPRECATED_API_VERSION,
    STAGE_CRD_SCHEMA,
    Admission,
    AdmissionWarning,
    Cause,
    allow,
    passed_over,
    reject,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds
from krmfn.model.kubevirt_version import KubevirtVersion
from krmfn.model.reasons import needs_feature_gate
from krmfn.model.record import replace
from krmfn.virt_template.api.core.crd_schema import (
    CelRule,
    VirtTemplateRelease,
    default_deprecation_warning,
    release_for,
    replacement_version,
)

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

TEMPLATE_GATE = "Template"
NO_VERSIONS: frozenset[str] = frozenset()


def deployed_release(config: ClusterConfig) -> VirtTemplateRelease | None:
    """The virt-template release virt-operator deploys on the cluster, or None (the ``Template``
    gate is off, or the release does not register it)."""
    if not config.feature_gate_enabled(TEMPLATE_GATE):
        return None
    return release_for(config.kubevirt_version)


@cache
def template_resource(release: VirtTemplateRelease | None) -> apiserver.CustomResource:
    """The VirtualMachineTemplate CRD as the API server serves it (None: not installed)."""
    return _resource(kinds.VIRTUAL_MACHINE_TEMPLATE, release, release.template_schema if release else None)


@cache
def request_resource(release: VirtTemplateRelease | None) -> apiserver.CustomResource:
    """The VirtualMachineTemplateRequest CRD as the API server serves it (None: not installed)."""
    return _resource(kinds.VIRTUAL_MACHINE_TEMPLATE_REQUEST, release, release.request_schema if release else None)


def _resource(kind: str, release: VirtTemplateRelease | None, schema: schemas.Obj | None) -> apiserver.CustomResource:
    if release is None or schema is None:
        return apiserver.CustomResource(kind, kinds.TEMPLATE_GROUP, NO_VERSIONS, True, schemas.Obj(kind))
    deprecated = {version: default_deprecation_warning(kinds.TEMPLATE_GROUP, kind, version, release.versions)
                  for version in sorted(release.deprecated())}
    return apiserver.CustomResource(kind, kinds.TEMPLATE_GROUP, release.served(), True, schema, deprecated)


def deprecation_warnings(obj: dict, resource: apiserver.CustomResource,
                         versions: tuple[tuple[str, bool], ...]) -> list[AdmissionWarning]:
    """The API server's warning for a deprecated served version, pointing at the apiVersion with
    the version it names as the replacement."""
    version = apiserver.version_of(obj)
    warning = resource.deprecated.get(version)
    if not warning:
        return []
    replacement = replacement_version(version, versions)
    proposed = f"{kinds.TEMPLATE_GROUP}/{replacement}" if replacement else obj.get("apiVersion")
    return [AdmissionWarning(warning, REASON_DEPRECATED_API_VERSION, "apiVersion", obj.get("apiVersion"), proposed)]


def _value_at(obj: dict, field: str) -> Any:
    value: Any = obj
    for key in field.split("."):
        value = value.get(key) if isinstance(value, dict) else None
    return value


def cel_causes(stored: dict, rules: tuple[CelRule, ...]) -> list[Cause]:
    """The failing CEL rules of a schema-valid object, in the CRD's order; a rule runs only where
    its field is set (nulls are pruned before)."""
    causes = []
    for rule in rules:
        value = _value_at(stored, rule.field)
        if isinstance(value, dict) and not rule.holds(value):
            causes.append(Cause(rule.field, f'Invalid value: "object": {rule.message}', CAUSE_FIELD_VALUE_INVALID))
    return causes


def admit_before_webhook(obj: dict, resource: apiserver.CustomResource, release: VirtTemplateRelease | None,
                         rules: tuple[CelRule, ...], namespace: str,
                         config_version: KubevirtVersion | None = None) -> Admission | list[AdmissionWarning]:
    """Stages 1-3: the rejection, or the warnings so far when the object passes them. An unserved
    kind that the ``Template`` gate would serve at ``config_version`` says so (the finding's hint)."""
    rejected = apiserver.discovery_error(obj, resource)
    if rejected is not None:  # always, without a release: its resource serves no version
        if release is None and gate_would_serve(obj, config_version):
            rejected.causes = [replace(cause, reasons=cause.reasons | needs_feature_gate(TEMPLATE_GATE))
                               for cause in rejected.causes]
        return rejected
    warnings = deprecation_warnings(obj, resource, release.versions if release else ())
    schema = resource.schema_for(apiserver.version_of(obj))
    report = schemas.check(obj, schema)
    rejected = apiserver.field_validation_error(obj, resource, warnings, report)
    if rejected is not None:
        return rejected
    stored = as_stored(obj, namespace)
    if not _checks_as_stored(obj):
        report = schemas.check(stored, schema)
    meta_causes = apiserver.object_meta_causes(stored, resource, namespace)
    causes = meta_causes + [Cause(*error.crd_cause()) for error in report.errors]
    if cel_blocked(meta_causes, report):
        causes.append(RULES_NOT_CHECKED)
    else:
        causes += cel_causes(stored, rules)
    if causes:
        rejected = passed_over(reject(STAGE_CRD_SCHEMA, causes, warnings), schemas.decodable(report))
        if rejected is not None:
            return rejected
    return warnings


def _checks_as_stored(obj: dict) -> bool:
    """Whether ``obj``'s schema report is its stored copy's: it has no ``status``, and a namespace
    that is unset or a string (``as_stored`` then only sets one string in place of another)."""
    metadata = obj.get("metadata")
    return "status" not in obj and (not isinstance(metadata, dict)
                                    or isinstance(metadata.get("namespace", ""), str))


def gate_would_serve(obj: dict, version: KubevirtVersion | None) -> bool:
    """Whether the virt-template release ``version`` deploys with the ``Template`` gate serves the
    object's apiVersion."""
    if version is None or not version.has_template_gate:
        return False
    return apiserver.version_of(obj) in release_for(version).served()


def _virt_template_webhook(obj: dict, config: ClusterConfig) -> Admission | None:
    """virt-template's validating webhook on the template as stored (``ValidateTemplate`` of
    ``internal/webhook/v1beta1/virtualmachinetemplate_webhook.go``): its rejection or its
    warnings as an Admission, or None when it answers nothing. The chain puts the API server's
    warnings before the webhook's."""
    from krmfn.virt_template.release import webhook_build  # noqa: PLC0415 - the engine with the first template
    from krmfn.virt_template.webhook.virtualmachinetemplate_webhook import validate_create  # noqa: PLC0415
    build = webhook_build(config.kubevirt_version)
    if build is None:  # no virt-template at this release: the API server never served the template
        return None
    verdict = validate_create(obj, build)
    return None if verdict.allowed and not verdict.warnings else verdict


def admit_virtual_machine_template(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of a CREATE of the VirtualMachineTemplate ``obj``; ``namespace`` is the request
    namespace of an object without one. ``items`` is not read (nothing is looked up)."""
    del items
    release = deployed_release(config)
    answer = admit_before_webhook(obj, template_resource(release), release, (), namespace, config.kubevirt_version)
    if isinstance(answer, Admission):
        return answer
    verdict = _virt_template_webhook(as_stored(obj, namespace), config)
    if verdict is None:
        return allow(answer)
    verdict.warnings = answer + verdict.warnings
    return verdict


def admit_virtual_machine_template_request(obj: dict, items: list, namespace: str,
                                           config: ClusterConfig) -> Admission:
    """The verdict of a CREATE of the VirtualMachineTemplateRequest ``obj`` (no webhook; the
    authorization policy is assumed to allow it, module doc)."""
    del items
    release = deployed_release(config)
    rules = release.request_rules if release is not None else ()
    answer = admit_before_webhook(obj, request_resource(release), release, rules, namespace,
                                  config.kubevirt_version)
    return answer if isinstance(answer, Admission) else allow(answer)


def admit_template_kind(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of a CREATE of either kind (``krmfn.model.kinds.is_virt_template_kind``): the chain of
    its kind."""
    if kinds.kind_of(obj) == kinds.VIRTUAL_MACHINE_TEMPLATE_REQUEST:
        return admit_virtual_machine_template_request(obj, items, namespace, config)
    return admit_virtual_machine_template(obj, items, namespace, config)

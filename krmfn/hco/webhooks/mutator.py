"""HCO's mutating webhook on a HyperConverged CREATE.

Mirrors ``pkg/webhooks/mutator/v1beta1_hyperConvergedMutator.go`` and
``hyperConvergedMutator.go`` (``mutateHyperConverged``): the webhook first decodes the request into
its Go type, and answers ``failed to parse the HyperConverged`` when that fails (``decode_error``:
a duration Go cannot parse, a negative count of migrations); then it patches:

* each ``dataImportCronTemplates`` entry (``getDICTPatches``): the annotation
  ``cdi.kubevirt.io/storage.bind.immediate.requested: "true"`` when missing, and on a template with
  a spec, ``retentionPolicy: None`` and ``importsToKeep: 1`` when missing;
* v1beta1: the deprecated ``mediatedDevicesTypes`` copied to ``mediatedDeviceTypes`` when that is
  empty (here and in each ``nodeMediatedDeviceTypes`` entry); v1: the unsupported ``highBurst``
  tuning policy dropped (``mutateTuningPolicy``);
* on CREATE, an empty ``ksmConfiguration`` when there is none (``getMutatePatchesOnCreate``).

``mutateEvictionStrategy`` acts only on a HyperConverged whose status says whether the
infrastructure is highly available, which a new one does not have: not reproduced.
"""
from __future__ import annotations

import copy

from krmfn.kubevirt.apimachinery.duration import parse_duration

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

PARSE_FAILED = "failed to parse the HyperConverged"
IMMEDIATE_BIND_ANNOTATION = "cdi.kubevirt.io/storage.bind.immediate.requested"
_UINT32_FIELDS = ("parallelMigrationsPerCluster", "parallelOutboundMigrationsPerNode")


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def _sections(spec: dict, version: str) -> tuple[dict, dict, dict]:
    """(the part holding liveMigrationConfig and the other virtualization fields, the part holding
    the certConfig, the part holding dataImportCronTemplates) of a spec of ``version``."""
    if version == "v1":
        return (_dict(spec.get("virtualization")), _dict(spec.get("security")), _dict(spec.get("workloadSources")))
    return spec, spec, spec


def decode_error(obj: dict, version: str) -> str | None:
    """``failed to parse the HyperConverged`` when the webhook's decoder fails on ``obj`` (defaulted)."""
    virtualization, security, _ = _sections(_dict(obj.get("spec")), version)
    cert_config = _dict(security.get("certConfig"))
    durations = [_dict(cert_config.get(part)).get(key)
                 for part in ("ca", "server") for key in ("duration", "renewBefore")]
    durations.append(_dict(virtualization.get("workloadUpdateStrategy")).get("batchEvictionInterval"))
    for value in durations:
        if isinstance(value, str) and isinstance(parse_duration(value), str):
            return PARSE_FAILED
    migrations = _dict(virtualization.get("liveMigrationConfig"))
    if any(isinstance(migrations.get(key), int) and migrations[key] < 0 for key in _UINT32_FIELDS):
        return PARSE_FAILED
    return None


def mutate_create(obj: dict, version: str) -> dict:
    """The HyperConverged ``obj`` (defaulted) as the webhook's patches leave it on CREATE."""
    result = copy.deepcopy(obj)
    spec = result.setdefault("spec", {})
    if not isinstance(spec, dict):
        return result
    virtualization, _, sources = _sections(spec, version)
    templates = sources.get("dataImportCronTemplates")
    for template in templates if isinstance(templates, list) else []:
        if isinstance(template, dict):
            _mutate_template(template)
    if version == "v1":
        if virtualization.get("tuningPolicy") == "highBurst":
            del virtualization["tuningPolicy"]
        if "virtualization" in spec and isinstance(spec["virtualization"], dict):
            spec["virtualization"].setdefault("ksmConfiguration", {})
        else:
            spec["virtualization"] = {"ksmConfiguration": {}}
        return result
    mediated = spec.get("mediatedDevicesConfiguration")
    if isinstance(mediated, dict):
        _copy_device_types(mediated)
        for node in mediated.get("nodeMediatedDeviceTypes") or []:
            if isinstance(node, dict):
                _copy_device_types(node)
    if spec.get("ksmConfiguration") is None:
        spec["ksmConfiguration"] = {}
    return result


def _mutate_template(template: dict) -> None:
    metadata = template.setdefault("metadata", {})
    if isinstance(metadata, dict):
        annotations = metadata.get("annotations")
        if not isinstance(annotations, dict):
            metadata["annotations"] = {IMMEDIATE_BIND_ANNOTATION: "true"}
        else:
            annotations.setdefault(IMMEDIATE_BIND_ANNOTATION, "true")
    spec = template.get("spec")
    if isinstance(spec, dict):
        if spec.get("retentionPolicy") is None:
            spec["retentionPolicy"] = "None"
        if spec.get("importsToKeep") is None:
            spec["importsToKeep"] = 1


def _copy_device_types(config: dict) -> None:
    old, new = config.get("mediatedDevicesTypes"), config.get("mediatedDeviceTypes")
    if isinstance(old, list) and old and not (isinstance(new, list) and new):
        config["mediatedDeviceTypes"] = list(old)

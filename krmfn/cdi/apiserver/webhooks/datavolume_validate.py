"""The DataVolume validating webhook on CREATE (``datavolume-validate.cdi.kubevirt.io``).

Mirrors ``pkg/apiserver/webhooks/datavolume-validate.go`` (CDI v1.64.0), in its order:

1. ``validateNameLength``: a name longer than 253 bytes ("Name cannot be longer than 253
   characters", no field; the API server's ObjectMeta check stops such a name first);
2. the destination claim: a PersistentVolumeClaim of the DataVolume's name in its namespace
   (looked up by ``claim``) rejects it ("Destination PVC <ns>/<name> already exists",
   ``DataVolume.Name``, FieldValueDuplicate) unless ``ClaimMayExistBeforeDataVolume``
   (``krmfn.cdi.controller.common.util``: the claim is populated for it, or adoption is allowed by
   the DataVolume's annotation or CDI's feature gate) or the claim's controller is a DataVolume;
3. ``validateDataVolumeSpec`` (shared with the DataImportCron webhook): ``pvc`` or ``storage``,
   the storage size (``validateStorageSize``), the storage class name's length, the access
   modes, external population (``validateExternalPopulation``: ``dataSource``/``dataSourceRef``),
   ``source`` or ``sourceRef`` (``validateSourceRef``), then the source itself (the checks of
   ``krmfn.cdi.apiserver.webhooks.util``). Every step but external population answers with one
   cause and stops.

Quirks kept: with both ``dataSource`` and ``dataSourceRef`` set, "DataSourceRef and DataSource must
match" is reported whatever their values (``apiequality.Semantic.DeepEqual`` of two different Go
types is always false); an invalid ``storage.accessModes`` entry is reported with the first entry's
value, on ``spec.PVC.accessModes``; the external population fields end in ``[]`` (a ``Child`` of
""). UPDATE (the spec is immutable but for multi-stage checkpoints) is not ported.
"""
from __future__ import annotations

from collections.abc import Callable

from krmfn.cdi.apiserver.webhooks.handler import to_rejected_admission_response
from krmfn.cdi.apiserver.webhooks.util import (
    child,
    dict_at,
    invalid,
    string_at,
    validate_blank_source,
    validate_content_type,
    validate_gcs_source,
    validate_http_source,
    validate_imageio_source,
    validate_number_of_sources,
    validate_registry_source,
    validate_s3_source,
    validate_vddk_source,
)
from krmfn.cdi.controller.common.util import claim_may_exist_before_data_volume, name_of
from krmfn.cdi.feature_gates.feature_gates import DEFAULT_FEATURE_GATES
from krmfn.kubevirt import bundle as bundles
from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_DUPLICATE,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    Cause,
    allow,
)
from krmfn.model import kinds

DNS1123_SUBDOMAIN_MAX_LENGTH = 253
MIB = 1 << 20
ACCESS_MODES = ("ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany", "ReadWriteOncePod")
UNSUPPORTED_ACCESS_MODE_FMT = ('Unsupported value: "{}": supported values: "ReadOnlyMany", "ReadWriteMany", '
                               '"ReadWriteOnce", "ReadWriteOncePod"')
DATA_VOLUME_DATA_SOURCE = "DataSource"
PERSISTENT_VOLUME_CLAIM = "PersistentVolumeClaim"
EITHER_SOURCE_MESSAGE = "Data volume should have either Source or SourceRef, or be externally populated"

# A GET of the PersistentVolumeClaim (namespace, name): the claim, or None (NotFound).
ClaimGetter = Callable[[str, str], dict | None]


def validate_name_length(name: str, max_length: int) -> Cause | None:
    """``validateNameLength``: Go's ``len`` counts bytes."""
    if len(name.encode("utf-8", "surrogatepass")) > max_length:
        return invalid("", f"Name cannot be longer than {max_length} characters")
    return None


def _storage_of(spec: dict) -> tuple[str, dict] | None:
    """("PVC", spec.pvc) or ("Storage", spec.storage), whichever is set."""
    if spec.get("pvc") is not None:
        return "PVC", dict_at(spec, "pvc")
    if spec.get("storage") is not None:
        return "Storage", dict_at(spec, "storage")
    return None


def _is_clone(spec: dict) -> bool:
    source = spec.get("source")
    return spec.get("sourceRef") is not None or (
        isinstance(source, dict) and (source.get("pvc") is not None or source.get("snapshot") is not None))


def validate_storage_size(spec: dict, field: str) -> Cause | None:
    """``validateStorageSize``: a positive size of at least 1MiB; only a clone (``sourceRef``, a
    PVC or snapshot source) through ``storage`` may leave it out."""
    name, target = _storage_of(spec) or ("", {})
    where = child(field, name, "resources", "requests", "size")
    size = dict_at(dict_at(target, "resources"), "requests").get("storage")
    if size is not None:
        parsed = quantity.parse(size)
        if isinstance(parsed, quantity.QuantityError):  # json.Unmarshal has refused it already
            return None
        if parsed.is_zero() or parsed.value() < 0:
            return invalid(where, f"{name} size can't be equal or less than zero")
        if parsed.value() < MIB:
            return invalid(where, f"{name} size should be at least 1MiB")
    elif spec.get("storage") is None or not _is_clone(spec):
        return invalid(where, f"{name} size is missing")
    return None


def validate_storage_class_name(spec: dict) -> Cause | None:
    """``validateStorageClassName``: at most 253 bytes."""
    _, target = _storage_of(spec) or ("", {})
    name = target.get("storageClassName")
    if not isinstance(name, str) or name == "":
        return None
    return validate_name_length(name, DNS1123_SUBDOMAIN_MAX_LENGTH)


def _modes(target: dict) -> list[str]:
    modes = target.get("accessModes")
    return [mode if isinstance(mode, str) else "" for mode in modes] if isinstance(modes, list) else []


def validate_access_modes(spec: dict, field: str) -> Cause | None:
    """The access mode branch of ``validateDataVolumeSpec``: exactly one valid mode for ``pvc``,
    any number of valid modes for ``storage``."""
    where = child(field, "PVC", "accessModes")
    if spec.get("pvc") is not None:
        modes = _modes(dict_at(spec, "pvc"))
        if not modes:
            return invalid(where, "Required value: at least 1 access mode is required")
        if len(modes) > 1:
            return invalid(where, "PVC multiple accessModes")
        if modes[0] not in ACCESS_MODES:
            return invalid(where, UNSUPPORTED_ACCESS_MODE_FMT.format(modes[0]))
        return None
    modes = _modes(dict_at(spec, "storage"))
    if any(mode not in ACCESS_MODES for mode in modes):
        return invalid(where, UNSUPPORTED_ACCESS_MODE_FMT.format(modes[0]))
    return None


def _api_group(reference: dict) -> str:
    group = reference.get("apiGroup")
    return group if isinstance(group, str) else ""


def validate_data_source(data_source: dict, field: str) -> list[Cause]:
    """``validateDataSource``: name, kind, and an apiGroup unless the kind is a claim."""
    causes = []
    if string_at(data_source, "name") == "":
        causes.append(invalid(child(field, "name", ""), "Required value: DataSource name"))
    if string_at(data_source, "kind") == "":
        causes.append(invalid(child(field, "kind"), "Required value: DataSource kind"))
    if _api_group(data_source) == "" and string_at(data_source, "kind") != PERSISTENT_VOLUME_CLAIM:
        causes.append(invalid(child(field, "apiGroup", ""),
                              "Required value: DataSource apiGroup when kind is not 'PersistentVolumeClaim'"))
    return causes


def validate_data_source_ref(data_source_ref: dict, field: str) -> list[Cause]:
    """``validateDataSourceRef``: no namespace, then as ``validate_data_source``."""
    causes = []
    if string_at(data_source_ref, "namespace") != "":
        causes.append(invalid(child(field, "namespace", ""), "Invalid value: DataSourceRef namespace not supported"))
    if string_at(data_source_ref, "name") == "":
        causes.append(invalid(child(field, "name", ""), "Required value: DataSourceRef name"))
    if string_at(data_source_ref, "kind") == "":
        causes.append(invalid(child(field, "kind"), "Required value: DataSourceRef kind"))
    if _api_group(data_source_ref) == "" and string_at(data_source_ref, "kind") != PERSISTENT_VOLUME_CLAIM:
        causes.append(invalid(child(field, "apiGroup", ""),
                              "Required value: DataSourceRef apiGroup when kind is not 'PersistentVolumeClaim'"))
    return causes


def validate_external_population(spec: dict, field: str, data_source: dict | None,
                                 data_source_ref: dict | None) -> list[Cause]:
    """``validateExternalPopulation``: every cause, in order."""
    causes = []
    if spec.get("source") is not None or spec.get("sourceRef") is not None:
        causes.append(invalid(child(field, "source"), "External population is incompatible with Source and SourceRef"))
    if data_source is not None and data_source_ref is not None:
        causes.append(invalid("", "DataSourceRef and DataSource must match"))  # never equal: two Go types
    if data_source is not None:
        causes += validate_data_source(data_source, child(field, "dataSource"))
    if data_source_ref is not None:
        causes += validate_data_source_ref(data_source_ref, child(field, "dataSourceRef"))
    return causes


def validate_source_ref(source_ref: dict, field: str) -> Cause | None:
    """``validateSourceRef``: a DataSource, with a name (the webhook does not look it up)."""
    kind = string_at(source_ref, "kind")
    if kind == "":
        return invalid(child(field, "sourceRef", "Kind"), "Missing sourceRef kind")
    if kind != DATA_VOLUME_DATA_SOURCE:
        return invalid(child(field, "sourceRef", "Kind"),
                       f"Unsupported sourceRef kind {kind}, currently only {DATA_VOLUME_DATA_SOURCE} is supported")
    if string_at(source_ref, "name") == "":
        return invalid(child(field, "sourceRef", "Name"), "Missing sourceRef name")
    return None


def _source_causes(spec: dict, source: dict, field: str) -> list[Cause]:
    """The source branch of ``validateDataVolumeSpec``, from ``validateNumberOfSources`` on."""
    content_type = string_at(spec, "contentType")
    causes = validate_number_of_sources(source, "Data volume", field) or validate_content_type(content_type, field)
    if causes:
        return causes
    checks: tuple[tuple[str, Callable[[dict], list[Cause]]], ...] = (
        ("http", lambda value: validate_http_source(value, field)),
        ("s3", lambda value: validate_s3_source(value, field)),
        ("gcs", lambda value: validate_gcs_source(value, field)),
        ("blank", lambda value: validate_blank_source(content_type, field)),
        ("registry", lambda value: validate_registry_source(value, content_type, field)),
        ("imageio", lambda value: validate_imageio_source(value, field)),
        ("vddk", lambda value: validate_vddk_source(value, field)),
    )
    for key, check in checks:
        if source.get(key) is not None:
            causes = check(dict_at(source, key))
            if causes:
                return causes
    for key, name, what in (("pvc", "PVC", "PVC"), ("snapshot", "Snapshot", "snapshot")):
        clone = source.get(key)
        if clone is not None and (string_at(dict_at(source, key), "namespace") == ""
                                  or string_at(dict_at(source, key), "name") == ""):
            where = child(field, "source", name)
            return [invalid(where, f"{where} source {what} is not valid")]
    return []


def validate_data_volume_spec(spec: dict, field: str) -> list[Cause]:
    """``validateDataVolumeSpec``: the causes of the first failing step (``field`` is ``spec``
    for a DataVolume, ``Template`` for a DataImportCron's template)."""
    if spec.get("pvc") is None and spec.get("storage") is None:
        return [invalid(child(field, "PVC"), "Missing Data volume PVC")]
    if spec.get("pvc") is not None and spec.get("storage") is not None:
        return [invalid(child(field, "PVC", "Storage"),
                        "Duplicate storage definition, both target storage and target pvc defined")]
    cause = (validate_storage_size(spec, field) or validate_storage_class_name(spec)
             or validate_access_modes(spec, field))
    if cause is not None:
        return [cause]
    _, target = _storage_of(spec) or ("", {})
    data_source_ref, data_source = target.get("dataSourceRef"), target.get("dataSource")
    if data_source_ref is not None or data_source is not None:
        return validate_external_population(spec, field, data_source if isinstance(data_source, dict) else None,
                                            data_source_ref if isinstance(data_source_ref, dict) else None)
    if (spec.get("source") is None) == (spec.get("sourceRef") is None):
        return [invalid(child(field, "source"), EITHER_SOURCE_MESSAGE)]
    if spec.get("sourceRef") is not None:
        cause = validate_source_ref(dict_at(spec, "sourceRef"), field)
        return [cause] if cause is not None else []
    return _source_causes(spec, dict_at(spec, "source"), field)


def _controller_of(obj: dict) -> dict | None:
    """``metav1.GetControllerOf``: the first owner reference with ``controller: true``."""
    metadata = obj.get("metadata")
    owners = metadata.get("ownerReferences") if isinstance(metadata, dict) else None
    if not isinstance(owners, list):
        return None
    return next((owner for owner in owners if isinstance(owner, dict) and owner.get("controller") is True), None)


def destination_claim_cause(data_volume: dict, claim: ClaimGetter,
                            gates: frozenset[str] = DEFAULT_FEATURE_GATES) -> Cause | None:
    """The CREATE branch of ``Admit``: a claim of the DataVolume's name that it may not use."""
    name = name_of(data_volume)
    namespace = bundles.object_namespace(data_volume, "")
    found = claim(namespace, name) if name else None
    if found is None or claim_may_exist_before_data_volume(found, data_volume, gates):
        return None
    owner = _controller_of(found)
    if owner is not None and owner.get("kind") == kinds.DATA_VOLUME:
        return None
    return Cause("DataVolume.Name", f"Destination PVC {namespace}/{name} already exists", CAUSE_FIELD_VALUE_DUPLICATE)


def validate_data_volume_create(data_volume: dict, claim: ClaimGetter,
                                gates: frozenset[str] = DEFAULT_FEATURE_GATES) -> Admission:
    """``dataVolumeValidatingWebhook.Admit`` for a CREATE of ``data_volume`` (as stored, in its
    namespace); ``claim`` GETs a PersistentVolumeClaim, ``gates`` are CDI's feature gates."""
    cause = validate_name_length(name_of(data_volume), DNS1123_SUBDOMAIN_MAX_LENGTH) or destination_claim_cause(
        data_volume, claim, gates)
    if cause is not None:
        return to_rejected_admission_response(STAGE_VALIDATING_WEBHOOK, [cause])
    causes = validate_data_volume_spec(dict_at(data_volume, "spec"), "spec")
    return to_rejected_admission_response(STAGE_VALIDATING_WEBHOOK, causes) if causes else allow()

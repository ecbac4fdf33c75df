"""The ``cdi.kubevirt.io`` CRD schemas krmfn admits: DataVolume, DataSource and DataImportCron, and
what Go's ``json.Unmarshal`` refuses when a CDI webhook decodes one of them.

Written from CDI v1.64.0's ``pkg/operator/resources/crds_generated.go`` (the CRDs the CDI operator
installs: ``datavolume``, ``datasource``, ``dataimportcron``) and the Go types of
``staging/src/kubevirt.io/containerized-data-importer-api/pkg/apis/core/v1beta1/types.go``. Every
field is modelled, so strict field validation rejects unknown ones at any depth. Each CRD serves
one version, ``v1beta1``.

* DataVolume has a status subresource: the API server drops ``status`` before it validates the
  schema, but its fields still count for strict field validation (the decoder prunes them first);
* DataSource and DataImportCron have none (``subresources: {}`` or absent): their ``status`` is
  stored as written, and checked;
* a DataImportCron's ``spec.template.metadata`` is a bare ``type: object`` (not an embedded
  resource): the API server prunes every field in it, so strict field validation rejects them all
  (docs/cdi.md#what-krmfn-assumes);
* ``spec.serviceAccountName`` of a DataImportCron has ``minLength: 1`` (``min_length_error``: the
  schema nodes have no such rule);
* the ``date-time`` format of condition and import timestamps is not checked (docs/cdi.md#what-is-not-ported).

``json_unmarshal_error`` mirrors ``encoding/json`` decoding the object into the Go type: a value of
the wrong JSON type for its Go field (``json: cannot unmarshal string into Go struct field
DataVolumeSpec.spec.sourceRef of type v1beta1.DataVolumeSourceRef``; the first such error is kept
and decoding goes on), an integer out of range (``number 3000000000``), and a ``Quantity`` that
``Quantity.UnmarshalJSON`` refuses (that error stops decoding). Keys are decoded in the sorted
order of the JSON kubectl sends; ``metadata`` and ``metav1.Time`` fields are not decoded here.
"""
from __future__ import annotations


from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.apimachinery.gozero import unmarshal_type_name
from krmfn.kubevirt.apimachinery.quantity import go_json_float
from krmfn.kubevirt.apiserver.create import CustomResource
from krmfn.kubevirt.apiserver.schema import (
    OBJECT_META,
    QUANTITY,
    ListOf,
    MapOf,
    Node,
    Obj,
    Scalar,
    SchemaError,
    SchemaReport,
    join,
)
from krmfn.model import kinds

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

CDI_VERSIONS = frozenset({"v1beta1"})
_INT_RANGES = {"int32": (-(1 << 31), (1 << 31) - 1)}
MIN_LENGTH = "minLength"

# The Go type each node decodes into (by node identity), as ``reflect.Type.String()`` prints it.
_GO_TYPES: dict[int, str] = {}
# metav1.Time fields: Time.UnmarshalJSON is not ported (their format is not checked either).
_TIMES: set[int] = set()


def _go(node: Any, go_type: str) -> Any:
    _GO_TYPES[id(node)] = go_type
    return node


def _struct(package: str, name: str, props: dict[str, Node], required: tuple[str, ...] = ()) -> Obj:
    return _go(Obj(name, props, required), f"{package}.{name}")


def _string(go_type: str = "string") -> Scalar:
    return _go(Scalar("string"), go_type)


def _time() -> Scalar:
    node = _string("v1.Time")
    _TIMES.add(id(node))
    return node


def _list(items: Node, go_type: str) -> ListOf:
    return _go(ListOf(items), go_type)


STRING = _string()
BOOL = _go(Scalar("boolean"), "bool")
INT32 = _go(Scalar("integer", go="int32"), "int32")
STRINGS = _list(STRING, "[]string")
STRING_MAP = _go(MapOf(STRING), "map[string]string")
RESOURCE_LIST = _go(MapOf(QUANTITY), "v1.ResourceList")

# core/v1 and meta/v1 types of a claim spec.
TYPED_LOCAL_OBJECT_REFERENCE = _struct("v1", "TypedLocalObjectReference", {
    "apiGroup": STRING, "kind": STRING, "name": STRING,
}, required=("kind", "name"))
TYPED_OBJECT_REFERENCE = _struct("v1", "TypedObjectReference", {
    "apiGroup": STRING, "kind": STRING, "name": STRING, "namespace": STRING,
}, required=("kind", "name"))
RESOURCES = _struct("v1", "VolumeResourceRequirements", {"limits": RESOURCE_LIST, "requests": RESOURCE_LIST})
LABEL_SELECTOR = _struct("v1", "LabelSelector", {
    "matchExpressions": _list(_struct("v1", "LabelSelectorRequirement", {
        "key": STRING, "operator": _string("v1.LabelSelectorOperator"), "values": STRINGS,
    }, required=("key", "operator")), "[]v1.LabelSelectorRequirement"),
    "matchLabels": STRING_MAP,
})
ACCESS_MODES = _list(_string("v1.PersistentVolumeAccessMode"), "[]v1.PersistentVolumeAccessMode")
_CLAIM_FIELDS: dict[str, Node] = {
    "accessModes": ACCESS_MODES,
    "dataSource": TYPED_LOCAL_OBJECT_REFERENCE,
    "dataSourceRef": TYPED_OBJECT_REFERENCE,
    "resources": RESOURCES,
    "selector": LABEL_SELECTOR,
    "storageClassName": STRING,
    "volumeMode": _string("v1.PersistentVolumeMode"),
    "volumeName": STRING,
}
PVC_SPEC = _struct("v1", "PersistentVolumeClaimSpec", {**_CLAIM_FIELDS, "volumeAttributesClassName": STRING})
STORAGE_SPEC = _struct("v1beta1", "StorageSpec", _CLAIM_FIELDS)


def _named_source(name: str) -> Obj:
    """DataVolumeSourcePVC, DataVolumeSourceSnapshot, DataSourceRefSourceDataSource."""
    return _struct("v1beta1", name, {"name": STRING, "namespace": STRING}, required=("name", "namespace"))


SOURCE_PVC = _named_source("DataVolumeSourcePVC")
SOURCE_SNAPSHOT = _named_source("DataVolumeSourceSnapshot")
DATA_VOLUME_SOURCE = _struct("v1beta1", "DataVolumeSource", {
    "blank": _struct("v1beta1", "DataVolumeBlankImage", {}),
    "gcs": _struct("v1beta1", "DataVolumeSourceGCS", {"secretRef": STRING, "url": STRING}, required=("url",)),
    "http": _struct("v1beta1", "DataVolumeSourceHTTP", {
        "certConfigMap": STRING, "extraHeaders": STRINGS, "secretExtraHeaders": STRINGS, "secretRef": STRING,
        "url": STRING,
    }, required=("url",)),
    "imageio": _struct("v1beta1", "DataVolumeSourceImageIO", {
        "certConfigMap": STRING, "diskId": STRING, "insecureSkipVerify": BOOL, "secretRef": STRING, "url": STRING,
    }, required=("diskId", "url")),
    "pvc": SOURCE_PVC,
    "registry": _struct("v1beta1", "DataVolumeSourceRegistry", {
        "certConfigMap": STRING, "imageStream": STRING,
        "platform": _struct("v1beta1", "PlatformOptions", {"architecture": STRING}),
        "pullMethod": _string("v1beta1.RegistryPullMethod"), "secretRef": STRING, "url": STRING,
    }),
    "s3": _struct("v1beta1", "DataVolumeSourceS3", {"certConfigMap": STRING, "secretRef": STRING, "url": STRING},
                  required=("url",)),
    "snapshot": SOURCE_SNAPSHOT,
    "upload": _struct("v1beta1", "DataVolumeSourceUpload", {}),
    "vddk": _struct("v1beta1", "DataVolumeSourceVDDK", {
        "backingFile": STRING, "extraArgs": STRING, "initImageURL": STRING, "secretRef": STRING,
        "thumbprint": STRING, "url": STRING, "uuid": STRING,
    }),
})
DATA_VOLUME_SPEC = _struct("v1beta1", "DataVolumeSpec", {
    "checkpoints": _list(_struct("v1beta1", "DataVolumeCheckpoint", {"current": STRING, "previous": STRING},
                                 required=("current", "previous")), "[]v1beta1.DataVolumeCheckpoint"),
    "contentType": _go(Scalar("string", enum=("kubevirt", "archive")), "v1beta1.DataVolumeContentType"),
    "finalCheckpoint": BOOL,
    "preallocation": BOOL,
    "priorityClassName": STRING,
    "pvc": PVC_SPEC,
    "source": DATA_VOLUME_SOURCE,
    "sourceRef": _struct("v1beta1", "DataVolumeSourceRef", {"kind": STRING, "name": STRING, "namespace": STRING},
                         required=("kind", "name")),
    "storage": STORAGE_SPEC,
})


def _conditions(name: str, type_name: str) -> ListOf:
    condition = _struct("v1beta1", name, {
        "lastHeartbeatTime": _time(), "lastTransitionTime": _time(), "message": STRING, "reason": STRING,
        "status": _string("v1.ConditionStatus"), "type": _string(f"v1beta1.{type_name}"),
    }, required=("status", "type"))
    return _list(condition, f"[]v1beta1.{name}")


DATA_VOLUME_STATUS = _struct("v1beta1", "DataVolumeStatus", {
    "claimName": STRING,
    "conditions": _conditions("DataVolumeCondition", "DataVolumeConditionType"),
    "phase": _string("v1beta1.DataVolumePhase"),
    "progress": _string("v1beta1.DataVolumeProgress"),
    "restartCount": INT32,
})
DATA_VOLUME = _struct("v1beta1", "DataVolume", {
    "apiVersion": STRING, "kind": STRING, "metadata": OBJECT_META, "spec": DATA_VOLUME_SPEC,
    "status": DATA_VOLUME_STATUS,
}, required=("spec",))


def _data_source_source() -> Obj:
    return _struct("v1beta1", "DataSourceSource", {
        "dataSource": _named_source("DataSourceRefSourceDataSource"), "pvc": SOURCE_PVC, "snapshot": SOURCE_SNAPSHOT,
    })


DATA_SOURCE = _struct("v1beta1", "DataSource", {
    "apiVersion": STRING, "kind": STRING, "metadata": OBJECT_META,
    "spec": _struct("v1beta1", "DataSourceSpec", {"source": _data_source_source()}, required=("source",)),
    "status": _struct("v1beta1", "DataSourceStatus", {
        "conditions": _conditions("DataSourceCondition", "DataSourceConditionType"),
        "source": _data_source_source(),
    }),
}, required=("spec",))

DATA_IMPORT_CRON = _struct("v1beta1", "DataImportCron", {
    "apiVersion": STRING, "kind": STRING, "metadata": OBJECT_META,
    "spec": _struct("v1beta1", "DataImportCronSpec", {
        "garbageCollect": _string("v1beta1.DataImportCronGarbageCollect"),
        "importsToKeep": INT32,
        "managedDataSource": STRING,
        "retentionPolicy": _string("v1beta1.DataImportCronRetentionPolicy"),
        "schedule": STRING,
        "serviceAccountName": STRING,  # minLength 1: min_length_error
        "template": _struct("v1beta1", "DataVolume", {
            "apiVersion": STRING, "kind": STRING,
            "metadata": Obj("ObjectMeta"),  # a bare object in the CRD: every field in it is pruned
            "spec": DATA_VOLUME_SPEC, "status": DATA_VOLUME_STATUS,
        }, required=("spec",)),
    }, required=("managedDataSource", "schedule", "template")),
    "status": _struct("v1beta1", "DataImportCronStatus", {
        "conditions": _conditions("DataImportCronCondition", "DataImportCronConditionType"),
        "currentImports": _list(_struct("v1beta1", "ImportStatus", {"DataVolumeName": STRING, "Digest": STRING},
                                        required=("DataVolumeName", "Digest")), "[]v1beta1.ImportStatus"),
        "lastExecutionTimestamp": _time(),
        "lastImportTimestamp": _time(),
        "lastImportedPVC": SOURCE_PVC,
        "sourceFormat": _string("v1beta1.DataImportCronSourceFormat"),
    }),
}, required=("spec",))


def _resource(kind: str, schema: Obj) -> CustomResource:
    return CustomResource(kind=kind, group=kinds.CDI_GROUP, versions=CDI_VERSIONS, namespaced=True, schema=schema)


DATA_VOLUME_RESOURCE = _resource(kinds.DATA_VOLUME, DATA_VOLUME)
DATA_SOURCE_RESOURCE = _resource(kinds.DATA_SOURCE, DATA_SOURCE)
DATA_IMPORT_CRON_RESOURCE = _resource(kinds.DATA_IMPORT_CRON, DATA_IMPORT_CRON)

SERVICE_ACCOUNT_NAME = "spec.serviceAccountName"


def with_min_length_error(obj: dict, report: SchemaReport) -> SchemaReport:
    """``report`` of a DataImportCron with the CRD's ``minLength: 1`` of ``spec.serviceAccountName``
    (kube-openapi's "should be at least 1 chars long"), placed before the errors below
    ``spec.template`` and ``status``, as the walk reaches that key."""
    spec = obj.get("spec")
    if not isinstance(spec, dict) or spec.get("serviceAccountName") != "":
        return report
    error = SchemaError(MIN_LENGTH, SERVICE_ACCOUNT_NAME,
                        f"{SERVICE_ACCOUNT_NAME} in body should be at least 1 chars long", "")
    at = next((index for index, found in enumerate(report.errors)
               if found.path.startswith(("spec.template", "status"))), len(report.errors))
    return SchemaReport(report.unknown, [*report.errors[:at], error, *report.errors[at:]], report.pruned)


# ---------------------------------------------------------------------------------------------
# json.Unmarshal into the Go type
# ---------------------------------------------------------------------------------------------
def _type_error(value_kind: str, node: Node, path: str, struct: str) -> tuple[str, str]:
    where = f"Go struct field {struct}.{path}" if struct else "Go value"
    return f"json: cannot unmarshal {value_kind} into {where} of type {_GO_TYPES[id(node)]}", path


class _Decoder:
    """One ``json.Unmarshal``: the first type error is saved, a ``Quantity`` error stops it."""

    def __init__(self) -> None:
        self.saved: tuple[str, str] | None = None

    def save(self, error: tuple[str, str]) -> None:
        if self.saved is None:
            self.saved = error

    def value(self, value: Any, node: Node, path: str, struct: str) -> tuple[str, str] | None:
        if value is None or id(node) in _TIMES:
            return None
        if node is QUANTITY:
            parsed = quantity.parse(value)
            return (parsed.message, path) if isinstance(parsed, quantity.QuantityError) else None
        if id(node) not in _GO_TYPES:  # metadata: not decoded here
            return None
        if isinstance(node, Scalar):
            self._scalar(value, node, path, struct)
        elif isinstance(node, Obj):
            if not isinstance(value, dict):
                self.save(_type_error(unmarshal_type_name(value), node, path, struct))
                return None
            for key in sorted(value, key=str):
                sub = node.props.get(key)
                if sub is not None:
                    stop = self.value(value[key], sub, join(path, str(key)), node.go_name)
                    if stop is not None:
                        return stop
        elif isinstance(node, (ListOf, MapOf)):
            expected = list if isinstance(node, ListOf) else dict
            if not isinstance(value, expected):
                self.save(_type_error(unmarshal_type_name(value), node, path, struct))
                return None
            children = value if isinstance(value, list) else [value[key] for key in sorted(value, key=str)]
            inner = node.items if isinstance(node, ListOf) else node.values
            for child in children:  # Go's error context names no index or key
                stop = self.value(child, inner, path, struct)
                if stop is not None:
                    return stop
        return None

    def _scalar(self, value: Any, node: Scalar, path: str, struct: str) -> None:
        kind = unmarshal_type_name(value)
        if node.type == "integer":
            if kind != "number":
                self.save(_type_error(kind, node, path, struct))
                return
            low, high = _INT_RANGES[node.go]
            if isinstance(value, float) and not value.is_integer() or not low <= value <= high:
                literal = go_json_float(value) if isinstance(value, float) else str(value)
                self.save(_type_error(f"number {literal}", node, path, struct))
        elif kind != {"string": "string", "boolean": "bool"}[node.type]:
            self.save(_type_error(kind, node, path, struct))


def json_unmarshal_error(obj: dict, schema: Obj) -> tuple[str, str] | None:
    """Go's error decoding ``obj`` into the type of ``schema`` (one of this module's), and the
    field it names; None when it decodes."""
    decoder = _Decoder()
    return decoder.value(obj, schema, "", "") or decoder.saved

"""Inferring a matcher's name and kind from a VM volume (docs/kubevirt/resolution.md#inference-from-a-volume
"lookup").

Mirrors `pkg/instancetype/infer/volume.go` with the bundle as the cluster:

  Volume -> PVC labels
  Volume -> DataVolume(template or live) -> source.pvc / source.snapshot / sourceRef DataSource
  DataSource -> labels, else source.pvc / source.snapshot (nested DataSources are NOT followed)

A GET failure is fatal (even under the Ignore policy); unsupported sources and a missing
`default-*` label are ignorable (`InferError.ignorable`).

Before KubeVirt v1.9 (`KubevirtVersion.infers_from_volume_snapshots`, PR #18337) `source.snapshot`
is not followed: a DataVolume source is then unsupported and a DataSource "doesn't provide
DataVolumeSourcePVC" (`follow_snapshots=False`).
"""
from __future__ import annotations


from krmfn.kubevirt.bundle import Bundle, not_found_message, request_name_error
from krmfn.model.kinds import DATA_SOURCE, DATA_VOLUME, PERSISTENT_VOLUME_CLAIM, VOLUME_SNAPSHOT
from krmfn.model.record import record

DEFAULT_INSTANCETYPE_LABEL = "instancetype.kubevirt.io/default-instancetype"
DEFAULT_INSTANCETYPE_KIND_LABEL = "instancetype.kubevirt.io/default-instancetype-kind"
DEFAULT_PREFERENCE_LABEL = "instancetype.kubevirt.io/default-preference"
DEFAULT_PREFERENCE_KIND_LABEL = "instancetype.kubevirt.io/default-preference-kind"

UNSUPPORTED_VOLUME_TYPE = "unable to infer defaults from volume {} as type is not supported"
MISSING_LABEL = "unable to find required {} label on the volume"
UNSUPPORTED_DATA_VOLUME_SOURCE = "unable to infer defaults from DataVolumeSpec as DataVolumeSource is not supported"
UNSUPPORTED_DATA_VOLUME_SOURCE_REF = "unable to infer defaults from DataVolumeSourceRef as Kind {} is not supported"
MISSING_DATA_SOURCE_SOURCE = ("unable to infer defaults from DataSource that doesn't provide "
                              "DataVolumeSourcePVC or DataVolumeSourceSnapshot")
MISSING_DATA_SOURCE_PVC = "unable to infer defaults from DataSource that doesn't provide DataVolumeSourcePVC"
VOLUME_NOT_FOUND = "unable to find volume {} to infer defaults"


@record(frozen=True)
class InferError:
    """An inference failure; `ignorable` errors are swallowed under the Ignore policy."""

    message: str
    ignorable: bool = False


@record(frozen=True)
class Inferred:
    """The inferred matcher values (the name may be "" when the label value is empty)."""

    name: str
    kind: str


InferLookup = Inferred | InferError


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _list(value: object) -> list:
    return value if isinstance(value, list) else []


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def _labels(obj: dict) -> dict:
    return _dict(_dict(obj.get("metadata")).get("labels"))


@record(frozen=True)
class VolumeInferrer:
    """Lookup for one matcher type: the labels it reads; whether it follows VolumeSnapshots."""

    name_label: str
    kind_label: str
    follow_snapshots: bool = True

    def infer(self, vm: dict, volume_name: str, bundle: Bundle, vm_namespace: str) -> InferLookup:
        """fromVolumes: infer from the first VM volume named volume_name."""
        template_spec = _dict(_dict(_dict(vm.get("spec")).get("template")).get("spec"))
        for volume in _list(template_spec.get("volumes")):
            if not isinstance(volume, dict) or _str(volume.get("name")) != volume_name:
                continue
            if volume.get("persistentVolumeClaim") is not None:
                claim = _dict(volume["persistentVolumeClaim"])
                return self._from_pvc(bundle, _str(claim.get("claimName")), vm_namespace)
            if volume.get("dataVolume") is not None:
                return self._from_data_volume(vm, bundle, _str(_dict(volume["dataVolume"]).get("name")), vm_namespace)
            return InferError(UNSUPPORTED_VOLUME_TYPE.format(volume_name), ignorable=True)
        return InferError(VOLUME_NOT_FOUND.format(volume_name))

    def _from_labels(self, labels: dict) -> InferLookup:
        if self.name_label not in labels:
            return InferError(MISSING_LABEL.format(self.name_label), ignorable=True)
        return Inferred(_str(labels[self.name_label]), _str(labels.get(self.kind_label)))

    @staticmethod
    def _get(bundle: Bundle, kind: str, namespace: str, name: str) -> dict | InferError:
        """A GET against the bundle; every failure is fatal for inference."""
        refused = request_name_error(name)
        if refused is not None:
            return InferError(refused)
        # An empty namespace (docs/kubevirt/README.md#questions-the-source-leaves-open) cannot hold any object:
        # reported as NotFound.
        obj = bundle.get(kind, namespace, name) if namespace else None
        return obj if obj is not None else InferError(not_found_message(kind, name))

    def _from_pvc(self, bundle: Bundle, name: str, namespace: str) -> InferLookup:
        pvc = self._get(bundle, PERSISTENT_VOLUME_CLAIM, namespace, name)
        return pvc if isinstance(pvc, InferError) else self._from_labels(_labels(pvc))

    def _from_volume_snapshot(self, bundle: Bundle, name: str, namespace: str) -> InferLookup:
        snapshot = self._get(bundle, VOLUME_SNAPSHOT, namespace, name)
        return snapshot if isinstance(snapshot, InferError) else self._from_labels(_labels(snapshot))

    def _from_data_volume(self, vm: dict, bundle: Bundle, dv_name: str, vm_namespace: str) -> InferLookup:
        for template in _list(_dict(vm.get("spec")).get("dataVolumeTemplates")):
            if isinstance(template, dict) and _str(_dict(template.get("metadata")).get("name")) == dv_name:
                # The template's own labels are not consulted (docs/kubevirt/resolution.md#inference-from-a-volume
                # SURPRISE).
                return self._from_data_volume_spec(bundle, template.get("spec"), vm_namespace)
        data_volume = self._get(bundle, DATA_VOLUME, vm_namespace, dv_name)
        if isinstance(data_volume, InferError):
            if request_name_error(dv_name) is not None:
                return data_volume
            # A garbage-collected DataVolume: its PVC has the same name.
            return self._from_pvc(bundle, dv_name, vm_namespace)
        from_labels = self._from_labels(_labels(data_volume))
        if isinstance(from_labels, Inferred):
            return from_labels
        return self._from_data_volume_spec(bundle, data_volume.get("spec"), vm_namespace)

    def _from_data_volume_spec(self, bundle: Bundle, spec: object, vm_namespace: str) -> InferLookup:
        spec = _dict(spec)
        source = spec.get("source")
        if isinstance(source, dict):
            found = self._from_pvc_or_snapshot(bundle, source)
            if found is not None:
                return found
        if spec.get("sourceRef") is not None:
            return self._from_source_ref(bundle, _dict(spec["sourceRef"]), vm_namespace)
        return InferError(UNSUPPORTED_DATA_VOLUME_SOURCE, ignorable=True)

    def _from_source_ref(self, bundle: Bundle, source_ref: dict, vm_namespace: str) -> InferLookup:
        kind = _str(source_ref.get("kind"))
        if kind != "DataSource":  # exact and case-sensitive here, unlike architecture defaulting
            return InferError(UNSUPPORTED_DATA_VOLUME_SOURCE_REF.format(kind), ignorable=True)
        # A present namespace key wins even when it is "" (it is a *string in Go).
        namespace = source_ref["namespace"] if isinstance(source_ref.get("namespace"), str) else vm_namespace
        return self._from_data_source(bundle, _str(source_ref.get("name")), namespace)

    def _from_data_source(self, bundle: Bundle, name: str, namespace: str) -> InferLookup:
        data_source = self._get(bundle, DATA_SOURCE, namespace, name)
        if isinstance(data_source, InferError):
            return data_source
        from_labels = self._from_labels(_labels(data_source))
        if isinstance(from_labels, Inferred):
            return from_labels
        found = self._from_pvc_or_snapshot(bundle, _dict(_dict(data_source.get("spec")).get("source")))
        missing = MISSING_DATA_SOURCE_SOURCE if self.follow_snapshots else MISSING_DATA_SOURCE_PVC
        return found if found is not None else InferError(missing, ignorable=True)

    def _from_pvc_or_snapshot(self, bundle: Bundle, source: dict) -> InferLookup | None:
        """A DataVolume's or DataSource's `source.pvc`, else its `source.snapshot`; None for neither."""
        if source.get("pvc") is not None:
            pvc = _dict(source["pvc"])
            return self._from_pvc(bundle, _str(pvc.get("name")), _str(pvc.get("namespace")))
        if source.get("snapshot") is not None and self.follow_snapshots:
            snapshot = _dict(source["snapshot"])
            return self._from_volume_snapshot(bundle, _str(snapshot.get("name")), _str(snapshot.get("namespace")))
        return None


INSTANCETYPE_INFERRER = VolumeInferrer(DEFAULT_INSTANCETYPE_LABEL, DEFAULT_INSTANCETYPE_KIND_LABEL)
PREFERENCE_INFERRER = VolumeInferrer(DEFAULT_PREFERENCE_LABEL, DEFAULT_PREFERENCE_KIND_LABEL)

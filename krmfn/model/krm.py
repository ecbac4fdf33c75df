"""KRM annotation names (kpt, kustomize, krmfn's own) and the metadata helpers that read them.

The orchestrators' names are those of the KRM Functions Specification (docs/krm-function.md#exit-code-and-stderr): kpt
and kustomize set the path and index annotations on every item, under both the current
``internal.config.kubernetes.io/`` and the legacy ``config.kubernetes.io/`` prefixes.
"""
from __future__ import annotations

import json

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

PATH_ANNOTATION = "config.kubernetes.io/path"
INDEX_ANNOTATION = "config.kubernetes.io/index"
INTERNAL_PATH_ANNOTATION = "internal.config.kubernetes.io/path"
INTERNAL_INDEX_ANNOTATION = "internal.config.kubernetes.io/index"
LOCAL_CONFIG_ANNOTATION = "config.kubernetes.io/local-config"
# Where the orchestrator records an item's file and index, the current name first.
PATH_ANNOTATIONS = (INTERNAL_PATH_ANNOTATION, PATH_ANNOTATION)
INDEX_ANNOTATIONS = (INTERNAL_INDEX_ANNOTATION, INDEX_ANNOTATION)
# Every annotation the orchestrators own.
ORCHESTRATOR_PREFIXES = ("config.kubernetes.io/", "internal.config.kubernetes.io/")

INLINED_FROM_ANNOTATION = "krmfn.dev/inlined-from"
PROVENANCE_ANNOTATION = "krmfn.dev/provenance"  # inline's `provenance` option
# process's: the VirtualMachineTemplate (`NAMESPACE/NAME`, or `NAME` without a namespace) a VM was rendered from
PROCESSED_FROM_ANNOTATION = "krmfn.dev/processed-from"
# Per-object suppression (``krmfn.model.suppression``): check IDs, comma-separated, and why.
IGNORE_ANNOTATION = "krmfn.dev/ignore"
IGNORE_REASON_ANNOTATION = "krmfn.dev/ignore-reason"


def metadata_of(value: Any) -> dict:
    """An item's ``metadata`` mapping, or {} when it has none."""
    metadata = value.get("metadata") if isinstance(value, dict) else None
    return metadata if isinstance(metadata, dict) else {}


def annotations_of(value: Any) -> dict:
    """An item's ``metadata.annotations`` mapping, or {} when it has none."""
    annotations = metadata_of(value).get("annotations")
    return annotations if isinstance(annotations, dict) else {}


def labels_of(value: Any) -> dict:
    """An item's ``metadata.labels`` mapping, or {} when it has none."""
    labels = metadata_of(value).get("labels")
    return labels if isinstance(labels, dict) else {}


def is_local_config(value: Any) -> bool:
    """Marked ``config.kubernetes.io/local-config: "true"``: kustomize and kpt keep it out of what
    is applied."""
    return str(annotations_of(value).get(LOCAL_CONFIG_ANNOTATION)).lower() == "true"


def without_orchestrator_annotations(value: Any) -> Any:
    """An object as a file wants it: without the path and index annotations the orchestrators use
    (and without an annotations mapping that only held those)."""
    metadata = metadata_of(value)
    annotations = metadata.get("annotations")
    if not isinstance(annotations, dict):
        return value
    kept = {k: v for k, v in annotations.items() if not k.startswith(ORCHESTRATOR_PREFIXES)}
    metadata = {k: v for k, v in metadata.items() if k != "annotations"} | ({"annotations": kept} if kept else {})
    return {**value, "metadata": metadata}


def provenance_value(by_source: dict[str, list[str]]) -> str:
    """The `krmfn.dev/provenance` value: JSON mapping each source to the paths of the fields it set."""
    return json.dumps(by_source, separators=(",", ":"), ensure_ascii=False)


def provenance_paths(value: str) -> dict[str, list[str]]:
    """A `krmfn.dev/provenance` value read back (provenance_value's inverse)."""
    return json.loads(value)


def split_inlined_from(value: Any) -> tuple[Any, str | None]:
    """The VM without krmfn's inlined-from annotation, and that annotation's value (None: the VM
    was not expanded)."""
    source = annotations_of(value).get(INLINED_FROM_ANNOTATION)
    if source is None:
        return value, None
    return strip_inlined_from(value), source if isinstance(source, str) else None


def strip_inlined_from(value: Any) -> Any:
    if INLINED_FROM_ANNOTATION not in annotations_of(value):
        return value
    metadata = dict(value["metadata"])
    annotations = {k: v for k, v in metadata["annotations"].items() if k != INLINED_FROM_ANNOTATION}
    if annotations:
        metadata["annotations"] = annotations
    else:
        del metadata["annotations"]
    return {**value, "metadata": metadata}

"""The new object's name and metadata.

* ``metadata`` is only ``name``, ``namespace`` (when set, namespaced kind only), labels and
  annotations.
* labels ``remove`` (default) drops every ``instancetype.kubevirt.io/*`` label and annotation
  (docs/kubevirt/requirements.md#preference-requirements); ``recompute`` keeps them, sets ``cpu``, ``memory`` and
  ``size`` from the new size (all three ``custom`` for a custom size; only ``size`` for a v1beta2 source's kept
  sizing; a preference copy has none to set) and leaves
  ``hugepages`` as it was (docs/kubevirt/requirements.md#preference-requirements, detail 2), and drops the
  release-only ``common-instancetypes-version`` label (docs/kubevirt/instancetype-apply.md#applytovmi). Both drop what
  virt-operator stamps on deployed objects (docs/kubevirt/resources.md#resources-fields-and-well-known-keys) and the
  source's kpt/kubectl bookkeeping annotations.
* ``config.kubernetes.io/path`` and ``internal.config.kubernetes.io/path`` are
  ``instancetypes/<name>.yaml`` (namespaced) or ``clusterinstancetypes/<name>.yaml`` (cluster),
  ``preferences/<name>.yaml`` or ``clusterpreferences/<name>.yaml`` for a preference copy, with
  index ``"0"``, so ``kpt fn render`` writes one file per object.
* a custom size (and a v1beta2 source's kept sizing) is annotated
  ``config.kubernetes.io/local-config: "true"``: no cluster serves v1beta2, so kustomize leaves it
  out of its output and kpt out of what it applies, while krmfn reads it in the same pipeline.

A bundle object of the same kind and name already at the path generate assigns is a previous
output: it is replaced (an info finding names it), not a clash.
"""
from __future__ import annotations

from collections.abc import Mapping

from krmfn import catalog
from krmfn.catalog.build import to_plain
from krmfn.catalog.model import LABEL_PREFIX, VERSION_LABEL
from krmfn.modes.generate.findings import (
    LABEL_SIZE,
    LABEL_VALUE,
    NAME_CLASH_BUNDLE,
    NAME_CLASH_CATALOG,
    NAME_CLASS,
    NAME_DUPLICATE,
    NAME_INVALID,
    NAME_MISSING,
    REPLACED,
    error,
    warning,
)
from krmfn.modes.generate.requests import field_path
from krmfn.modes.generate.options import LABELS_RECOMPUTE, LABELS_REMOVE, GenerateOptions
from krmfn.modes.generate.sizing import ConcreteSize, CustomSize, KeptSize, Size
from krmfn.modes.generate.source import BundleIndex, Source, namespace_of
from krmfn.model.findings import INFO, Finding
from krmfn.model.kinds import (
    CLUSTER_DEFINITION_KINDS,
    PREFERENCE_KINDS,
    VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE,
    VIRTUAL_MACHINE_CLUSTER_PREFERENCE,
    VIRTUAL_MACHINE_INSTANCETYPE,
    VIRTUAL_MACHINE_PREFERENCE,
    kind_of,
)
from krmfn.model.krm import (
    INDEX_ANNOTATION,
    INTERNAL_INDEX_ANNOTATION,
    INTERNAL_PATH_ANNOTATION,
    LOCAL_CONFIG_ANNOTATION,
    ORCHESTRATOR_PREFIXES,
    PATH_ANNOTATION,
    annotations_of,
    labels_of,
)
from krmfn.model.lazy_re import LazyPattern

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

CUSTOM = "custom"  # the cpu, memory and size label values of a custom size (seed 000)
RECOMPUTED_LABELS = ("cpu", "memory", "size")
# The request field each recomputed label comes from (where its findings point).
_RECOMPUTED_LABEL_FIELDS = {"cpu": "vcpus", "memory": "memory", "size": "name"}
MAX_NAME_LENGTH = 253
MAX_LABEL_VALUE_LENGTH = 63

_DNS_SUBDOMAIN = LazyPattern(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\Z")
_LABEL_VALUE = LazyPattern(r"(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?\Z")

# What virt-operator stamps on the objects it deploys
# (docs/kubevirt/resources.md#resources-fields-and-well-known-keys) and tool bookkeeping: never copied.
_DROPPED_ANNOTATION_PREFIXES = (*ORCHESTRATOR_PREFIXES, "kubevirt.io/install-strategy-", "kubectl.kubernetes.io/")
_VIRT_OPERATOR_LABELS = ("app.kubernetes.io/managed-by", "app.kubernetes.io/component")


_OUTPUT_DIRECTORIES = {
    VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE: "clusterinstancetypes", VIRTUAL_MACHINE_INSTANCETYPE: "instancetypes",
    VIRTUAL_MACHINE_CLUSTER_PREFERENCE: "clusterpreferences", VIRTUAL_MACHINE_PREFERENCE: "preferences",
}


def output_path(kind: str, name: str) -> str:
    """The file kpt writes a generated object to (any other kind: where a namespaced instance type goes)."""
    return f"{_OUTPUT_DIRECTORIES.get(kind, 'instancetypes')}/{name}.yaml"


# -- the name ------------------------------------------------------------------------------------


def check_name(name: Any, path: str, findings: list[Finding]) -> bool:
    """Whether ``name`` is a valid object name; an error in ``findings`` when not."""
    if name is None or name == "":
        findings.append(error("name is missing: the metadata.name of the new object", path, NAME_MISSING))
        return False
    if not isinstance(name, str) or len(name) > MAX_NAME_LENGTH or not _DNS_SUBDOMAIN.match(name):
        findings.append(error(f'name "{name}" is not a valid object name: lower-case letters, digits, "-" and ".", '
                              "starting and ending with a letter or digit, at most 253 characters", path,
                              NAME_INVALID))
        return False
    return True


def check_name_clashes(
    name: str, path: str, bundle: BundleIndex, options: GenerateOptions, taken: set[tuple[str, str]],
    kind: str,
) -> tuple[list[Finding], list[Finding]]:
    """(errors for a name already taken, info findings of the previous outputs the new object of
    ``kind`` replaces). ``taken``: the (kind, name) pairs generated so far."""
    if (kind, name) in taken:
        return [error(f'name "{name}" is generated twice in this run', path, NAME_DUPLICATE)], []
    is_preference = kind in PREFERENCE_KINDS
    catalog_kind = VIRTUAL_MACHINE_CLUSTER_PREFERENCE if is_preference else VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE
    if options.catalog_version and catalog.lookup(catalog_kind, name, options.catalog_version):
        what = "preference" if is_preference else "instance type"
        return [error(f'name "{name}" is a common {what} of catalog {options.catalog_version}; virt-operator '
                      "reconciles those by name, and a namespaced twin would be mistaken for it: choose another name",
                      path, NAME_CLASH_CATALOG)], []
    new_path = output_path(kind, name)
    errors: list[Finding] = []
    replaced: list[Finding] = []
    for index, item in bundle.get(kind, name):
        if not _same_namespace(item, options.namespace):
            continue
        paths = (_annotation(item, INTERNAL_PATH_ANNOTATION), _annotation(item, PATH_ANNOTATION))
        if new_path in paths:
            replaced.append(Finding(INFO, f'{kind} "{name}" at {new_path} is replaced by the newly generated object',
                                    item=index, check=REPLACED))
            continue
        where = paths[0] or paths[1]
        errors.append(error(f'name "{name}" is already used by a {kind} in the bundle'
                            + (f" ({where})" if where else "") + ": choose another name", path, NAME_CLASH_BUNDLE))
    return errors, replaced


def warn_name_class(source: Source, size: Size, options: GenerateOptions, findings: list[Finding]) -> None:
    """A warning when the name carries another class's prefix than the source's class."""
    if not options.catalog_version:
        return
    named = catalog.class_of(size.name, options.catalog_version)
    if named is not None and source.cls is not None and named.name != source.cls.name:
        findings.append(warning(f'name "{size.name}" looks like class {named.name}, but it is copied from '
                                f"class {source.cls.name}", field_path(size.path, "name"), NAME_CLASS))


# -- labels and annotations ----------------------------------------------------------------------


def new_metadata(
    source: Source, name: str, size: Size | None, kind: str, options: GenerateOptions, findings: list[Finding]
) -> dict[str, Any]:
    """The new object's metadata (``size`` None: a preference copy), with findings for labels it
    cannot recompute."""
    labels = _kept(labels_of(source.obj), options, is_label=True)
    annotations = _kept(annotations_of(source.obj), options, is_label=False)
    if options.labels == LABELS_RECOMPUTE and size is not None:
        labels = _recomputed_labels(labels, size, findings)
    path = output_path(kind, name)
    annotations.update({INTERNAL_PATH_ANNOTATION: path, PATH_ANNOTATION: path,
                        INTERNAL_INDEX_ANNOTATION: "0", INDEX_ANNOTATION: "0"})
    if isinstance(size, CustomSize | KeptSize):
        # No cluster serves v1beta2: kustomize leaves local config out of its output, kpt out of
        # what it applies, while krmfn still reads it in the same pipeline.
        annotations[LOCAL_CONFIG_ANNOTATION] = "true"
    metadata: dict[str, Any] = {"name": name}
    if options.namespace and not options.cluster:
        metadata["namespace"] = options.namespace
    if labels:
        metadata["labels"] = labels
    metadata["annotations"] = annotations
    return metadata


def _kept(values: Mapping[str, Any], options: GenerateOptions, is_label: bool) -> dict[str, Any]:
    """The labels or annotations of the source that the copy keeps."""
    kept = {}
    managed_by_operator = is_label and values.get("app.kubernetes.io/managed-by") == "virt-operator"
    for key, value in values.items():
        if not isinstance(key, str):
            continue
        if key.startswith(LABEL_PREFIX) and (options.labels == LABELS_REMOVE or key == VERSION_LABEL):
            continue
        if not is_label and key.startswith(_DROPPED_ANNOTATION_PREFIXES):
            continue
        if managed_by_operator and key in _VIRT_OPERATOR_LABELS:
            continue
        kept[key] = to_plain(value)
    return kept


def _recomputed_labels(labels: dict[str, Any], size: Size, findings: list[Finding]) -> dict[str, Any]:
    """``cpu``, ``memory`` and ``size`` as upstream derives them (docs/kubevirt/resolution.md#namespaces);
    ``hugepages`` unchanged."""
    labels = dict(labels)
    if isinstance(size, CustomSize):
        labels.update({LABEL_PREFIX + key: CUSTOM for key in RECOMPUTED_LABELS})
        return labels
    if isinstance(size, ConcreteSize):
        labels[LABEL_PREFIX + "cpu"] = str(size.vcpus)
        labels[LABEL_PREFIX + "memory"] = size.memory.canonical_form()
    _, dot, size_part = size.name.partition(".")
    if dot:
        labels[LABEL_PREFIX + "size"] = size_part
    else:
        labels.pop(LABEL_PREFIX + "size", None)
        findings.append(warning(f'name "{size.name}" has no ".<size>" part, so the copy gets no '
                                f"{LABEL_PREFIX}size label", field_path(size.path, "name"), LABEL_SIZE))
    for key in RECOMPUTED_LABELS:
        value = labels.get(LABEL_PREFIX + key)
        if value is not None and (len(value) > MAX_LABEL_VALUE_LENGTH or not _LABEL_VALUE.match(value)):
            findings.append(error(f'label {LABEL_PREFIX}{key} would be "{value}", which is not a valid label value '
                                  "(at most 63 characters)", field_path(size.path, _RECOMPUTED_LABEL_FIELDS[key]),
                                  LABEL_VALUE))
    return labels


# -- bundle objects ------------------------------------------------------------------------------


def _same_namespace(item: Mapping[str, Any], namespace: str | None) -> bool:
    """Whether a bundle object would collide with the new one; an unset namespace is any namespace."""
    if kind_of(item) in CLUSTER_DEFINITION_KINDS:
        return True
    existing = namespace_of(item)
    return existing is None or not namespace or existing == namespace


def _annotation(item: Mapping[str, Any], key: str) -> str | None:
    value = annotations_of(item).get(key)
    return value if isinstance(value, str) else None

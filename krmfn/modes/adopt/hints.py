"""What a VM says about the instance type and preference it was made for: its hints.

No KubeVirt counterpart as a whole; it reads what KubeVirt's tooling writes:

* names: krmfn's own ``krmfn.dev/inlined-from`` (inline's record of what it applied), the
  ``instancetype.kubevirt.io/default-instancetype`` / ``default-preference`` labels (and their
  ``-kind`` labels) on the VM, its template, or the sources of its volumes in the bundle (what
  KubeVirt's ``inferFromVolume`` reads: ``pkg/instancetype/infer/volume.go``, reused here through
  ``krmfn.kubevirt.instancetype.infer.volume``), and ``kubevirt.io/instancetype-name`` /
  ``kubevirt.io/preference-name``;
* operating systems: ``vm.kubevirt.io/os`` (the common templates write ``rhel9``, ``fedora``,
  ``win2k22``; Forklift sets it, empty when unknown) and ``os.template.kubevirt.io/<os>: "true"``
  labels (osinfo ids such as ``rhel9.4``, ``fedora31``, ``win2k19``, ``centos-stream9``, as
  Forklift's ``osMap`` and the common templates write them), on the VM or its template.

An OS id maps to preference name stems (``rhel9.4`` -> ``rhel.9``; ``win2k19`` ->
``windows.2k19``) and a family (``linux``, ``windows``); ``krmfn.modes.adopt.engine.preference_rank`` ranks with them.
"""
from __future__ import annotations

import re

from krmfn.model.record import field, record
from krmfn.modes.adopt.candidates import OS_ANNOTATION
from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.instancetype.infer.volume import (
    DEFAULT_INSTANCETYPE_KIND_LABEL,
    DEFAULT_INSTANCETYPE_LABEL,
    DEFAULT_PREFERENCE_KIND_LABEL,
    DEFAULT_PREFERENCE_LABEL,
    InferError,
    VolumeInferrer,
)
from krmfn.model.krm import INLINED_FROM_ANNOTATION, annotations_of, labels_of

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

OS_LABEL_PREFIX = "os.template.kubevirt.io/"
INSTANCETYPE_NAME_LABEL = "kubevirt.io/instancetype-name"
PREFERENCE_NAME_LABEL = "kubevirt.io/preference-name"
LINUX, WINDOWS = "linux", "windows"

# osinfo-style id -> preference name stems (most specific first) and family. The first matching
# pattern wins; ``{0}`` is the first group of the match.
_OS_PATTERNS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (r"rhel-?(\d+)(?:[.-]\d+)*", ("rhel.{0}",), LINUX),
    (r"centos-?stream-?(\d+)", ("centos.stream{0}",), LINUX),
    (r"centos.*", (), LINUX),
    (r"fedora.*", ("fedora",), LINUX),
    (r"ubuntu.*", ("ubuntu",), LINUX),
    (r"debian.*", ("debian",), LINUX),
    (r"opensuse-?tumbleweed.*", ("opensuse.tumbleweed",), LINUX),
    (r"opensuse.*", ("opensuse.leap",), LINUX),
    (r"sles.*", ("sles",), LINUX),
    (r"alpine.*", ("alpine",), LINUX),
    (r"cirros.*", ("cirros",), LINUX),
    (r"(?:oraclelinux|ol)\d.*", ("oraclelinux",), LINUX),
    (r"(?:generic-?)?linux.*", (), LINUX),  # what the linux preferences themselves write: a family only
    (r"win(?:dows)?-?2k(\d+)(?:r2)?", ("windows.2k{0}",), WINDOWS),
    (r"win(?:dows)?-?(\d+)", ("windows.{0}",), WINDOWS),
    (r"win(?:dows)?-?xp", ("windows.xp",), WINDOWS),
    (r"win.*", (), WINDOWS),
)


@record(frozen=True)
class Named:
    """A definition a hint names: ``kind`` "" when the hint does not say; ``origin`` what said it."""

    name: str
    kind: str
    origin: str


@record
class Hints:
    """A VM's hints: named instance types and preferences (strongest first), OS stems, families."""

    instancetypes: list[Named] = field(default_factory=list)
    preferences: list[Named] = field(default_factory=list)
    stems: list[str] = field(default_factory=list)
    families: list[str] = field(default_factory=list)
    os_ids: list[str] = field(default_factory=list)

    def describe(self) -> str:
        parts = [f"{n.origin} names {n.name}" for n in (*self.instancetypes, *self.preferences)]
        parts += [f"OS {os_id}" for os_id in self.os_ids]
        return "; ".join(parts)


def os_stems(os_id: str) -> tuple[tuple[str, ...], str | None]:
    """The preference name stems and the family of an OS id (``rhel9.4`` -> (``rhel.9``,), linux)."""
    text = os_id.strip().lower()
    for pattern, stems, family in _OS_PATTERNS:
        match = re.fullmatch(pattern, text)
        if match:
            return tuple(stem.format(*match.groups()) for stem in stems), family
    return (), None


def collect(vm: dict, bundle: Bundle, namespace: str) -> Hints:
    """Every hint ``vm`` carries (module doc), in a fixed order."""
    hints = Hints()
    template_metadata = _template_metadata(vm)
    _inlined_from(annotations_of(vm).get(INLINED_FROM_ANNOTATION), hints)
    for where, values in (("VM", {**labels_of(vm), **annotations_of(vm)}),
                          ("template", {**_dict(template_metadata.get("labels")),
                                        **_dict(template_metadata.get("annotations"))})):
        _named_labels(values, where, hints)
    _volume_hints(vm, bundle, namespace, hints)
    for values in (annotations_of(vm), labels_of(vm), _dict(template_metadata.get("annotations")),
                   _dict(template_metadata.get("labels"))):
        _os_hints(values, hints)
    return hints


def _inlined_from(value: Any, hints: Hints) -> None:
    """``instancetype=Kind/name,preference=Kind/name@revision`` (krmfn.modes.inline.mode.inlined_from)."""
    if not isinstance(value, str):
        return
    for part in value.split(","):
        role, _, source = part.partition("=")
        kind, _, name = source.partition("@")[0].partition("/")
        target = hints.instancetypes if role == "instancetype" else hints.preferences if role == "preference" else None
        if target is not None and name:
            target.append(Named(name, kind, INLINED_FROM_ANNOTATION))


def _named_labels(values: dict, where: str, hints: Hints) -> None:
    labels = ((DEFAULT_INSTANCETYPE_LABEL, DEFAULT_INSTANCETYPE_KIND_LABEL, hints.instancetypes),
              (DEFAULT_PREFERENCE_LABEL, DEFAULT_PREFERENCE_KIND_LABEL, hints.preferences),
              (INSTANCETYPE_NAME_LABEL, "", hints.instancetypes),
              (PREFERENCE_NAME_LABEL, "", hints.preferences))
    for label, kind_label, target in labels:
        name = values.get(label)
        if isinstance(name, str) and name:
            kind = values.get(kind_label) if kind_label else ""
            target.append(Named(name, kind if isinstance(kind, str) else "", f"{where} {label}"))


_VOLUME_INFERRERS = ((VolumeInferrer(DEFAULT_INSTANCETYPE_LABEL, DEFAULT_INSTANCETYPE_KIND_LABEL), "instancetypes"),
                     (VolumeInferrer(DEFAULT_PREFERENCE_LABEL, DEFAULT_PREFERENCE_KIND_LABEL), "preferences"))


def _volume_hints(vm: dict, bundle: Bundle, namespace: str, hints: Hints) -> None:
    """The default-instancetype/-preference labels of each volume's PVC, DataVolume or DataSource."""
    template_spec = _dict(_dict(_dict(vm.get("spec")).get("template")).get("spec"))
    for volume in template_spec.get("volumes") or []:
        name = volume.get("name") if isinstance(volume, dict) else None
        if not isinstance(name, str):
            continue
        for inferrer, role in _VOLUME_INFERRERS:
            found = inferrer.infer(vm, name, bundle, namespace)
            if not isinstance(found, InferError) and found.name:
                getattr(hints, role).append(Named(found.name, found.kind, f"volume {name} {inferrer.name_label}"))


def _os_hints(values: dict, hints: Hints) -> None:
    ids = [values.get(OS_ANNOTATION)] + [key[len(OS_LABEL_PREFIX):] for key, value in values.items()
                                         if isinstance(key, str) and key.startswith(OS_LABEL_PREFIX)
                                         and str(value).lower() == "true"]
    for os_id in ids:
        if not isinstance(os_id, str) or not os_id or os_id in hints.os_ids:
            continue
        stems, family = os_stems(os_id)
        hints.os_ids.append(os_id)
        hints.stems.extend(stem for stem in stems if stem not in hints.stems)
        if family and family not in hints.families:
            hints.families.append(family)


def _template_metadata(vm: dict) -> dict:
    return _dict(_dict(_dict(vm.get("spec")).get("template")).get("metadata"))


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}

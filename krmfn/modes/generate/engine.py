"""``generate``: new instance types and preferences for size requests, on plain data.

Plain data in, plain data out; it never raises for bad input and never mutates the bundle.
Objects come out in request order; a request with an error produces no object, the others still
do. A copy keeps what the request does not change, vCPUs and memory included
(``krmfn.modes.generate.sizing``). A custom size (``custom: true``) is
``instancetype.kubevirt.io/v1beta2``, and so is a v1beta2 source copied without a size; every other
copy keeps the source's apiVersion, with a v1alpha1/v1alpha2 (or, for a sized instance type,
v1beta2) source converted to v1beta1. A preference copy has no size: ``vcpus``, ``memory`` or
``custom`` with it is an error. The request's ``patches`` and ``set`` change the copy's spec last;
a custom size is then judged empty or not, and the result must pass KubeVirt's admission
(``admission``).
"""
from __future__ import annotations


from krmfn import catalog
from krmfn.catalog.build import to_plain
from krmfn.model.record import field, record
from krmfn.modes.generate.admission import check_admission
from krmfn.modes.generate.findings import NO_SIZES, PREFERENCE_SIZE, SOURCE, error, has_error
from krmfn.modes.generate.metadata import check_name, check_name_clashes, new_metadata, warn_name_class
from krmfn.modes.generate.options import GenerateOptions, check_options, target_kind
from krmfn.modes.generate.patches import Change, apply_changes, changes
from krmfn.modes.generate.requests import SIZES_PATH, SizeRequest, field_path, request_location
from krmfn.modes.generate.sizing import (
    CustomSize,
    KeptSize,
    Size,
    custom_is_empty,
    new_spec,
    requested_size,
    size_text,
)
from krmfn.modes.generate.source import BundleIndex, Source, SourceFinder
from krmfn.kubevirt.bundle import LEGACY_VERSIONS, V1BETA1, V1BETA2
from krmfn.model.findings import ERROR, INFO, Finding
from krmfn.model.kinds import INSTANCETYPE_GROUP, split_api_version

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

V1BETA1_API_VERSION = f"{INSTANCETYPE_GROUP}/{V1BETA1}"
V1BETA2_API_VERSION = f"{INSTANCETYPE_GROUP}/{V1BETA2}"


@record
class _RunState:
    """What the requests of one run share: the bundle, the options and the names generated so far."""

    bundle: BundleIndex
    options: GenerateOptions
    taken: set[tuple[str, str]] = field(default_factory=set)  # (kind, name) generated so far
    finder: SourceFinder = field(init=False)

    def __post_init__(self) -> None:
        self.finder = SourceFinder(self.bundle, self.options)


def generate(
    sizes: list[SizeRequest], bundle_items: list[Any], options: GenerateOptions | None = None
) -> tuple[list[dict[str, Any]], list[Finding]]:
    """New instance types for ``sizes`` and the findings about them (``krmfn.modes.generate.findings``).

    Any option error, or no sizes at all, means no output. The caller drops every bundle item
    that a ``generate-replaced`` finding names (``Finding.item``) and appends the new objects.
    """
    options = options or GenerateOptions()
    findings = check_options(options)
    if not sizes:
        findings.append(Finding(ERROR, "nothing to generate: no sizes given (from, name, vcpus, memory)",
                                check=NO_SIZES))
    if has_error(findings):
        return [], findings
    run = _RunState(BundleIndex(bundle_items), options)
    objects: list[dict[str, Any]] = []
    for index, request in enumerate(sizes):
        obj, request_findings = _generate_one(request, request.path or f"{SIZES_PATH}[{index}]", run)
        findings.extend(request_findings)
        if obj is not None:
            objects.append(obj)
    return objects, findings


def _generate_one(request: SizeRequest, path: str, run: _RunState) -> tuple[dict[str, Any] | None, list[Finding]]:
    """The new object of one request (None when the request has an error) and its findings."""
    findings: list[Finding] = []
    from_findings: list[Finding] = []  # reported after the name's and the size's, as the fields are listed
    source = run.finder.resolve(request.from_, field_path(path, "from"), from_findings)
    kind = target_kind(run.options, preference=source is not None and source.is_preference)
    replaced: list[Finding] = []  # reported only if the new object is produced
    if check_name(request.name, field_path(path, "name"), findings):
        clashes, replaced = check_name_clashes(request.name, field_path(path, "name"), run.bundle, run.options,
                                               run.taken, kind)
        findings.extend(clashes)
        run.taken.add((kind, request.name))
    size: Size | None = None
    if source is not None and source.is_preference:
        _check_no_size(request, path, findings)
    else:
        size = requested_size(request, path, source, findings)
    findings.extend(from_findings)
    found = changes(request, path, findings)
    if has_error(findings) or source is None or found is None:
        return None, findings
    spec = new_spec(source, size, findings) if size is not None else to_plain(_mapping(source.obj.get("spec")))
    metadata = new_metadata(source, request.name, size, kind, run.options, findings)
    changed = None if has_error(findings) else apply_changes(spec, found, findings)
    if changed is None or (isinstance(size, CustomSize) and custom_is_empty(source, size, changed, findings)):
        return None, findings
    obj = {"apiVersion": _api_version(source, size, run.options), "kind": kind, "metadata": metadata, "spec": changed}
    check_admission(obj, path, found, findings, run.options.kubevirt_version)
    if has_error(findings):
        return None, findings
    if size is not None:
        warn_name_class(source, size, run.options, findings)
    findings[:0] = replaced
    findings.append(Finding(INFO, f'{kind} "{request.name}" ({_what(size, found)}) copied from {source.description}',
                            path=request_location(path), check=SOURCE))
    return obj, findings


def _check_no_size(request: SizeRequest, path: str, findings: list[Finding]) -> None:
    """A preference has no size: an error for each of vcpus, memory and custom that is given."""
    for key in ("vcpus", "memory", "custom"):
        value = getattr(request, key)
        if value not in (None, "") and not (key == "custom" and str(value).lower() == "false"):
            findings.append(error(f"{key} is given, but from names a preference, which has no size: leave vcpus, "
                                  "memory and custom out (a patch changes a preference's requirements or CPU "
                                  "topology)", field_path(path, key), PREFERENCE_SIZE))


def _what(size: Size | None, found: list[Change]) -> str:
    parts = [size_text(size)] if size is not None else []
    if found:
        parts.append(f"{len(found)} change{'s' if len(found) > 1 else ''}")
    return "; ".join(parts) or "unchanged"


def _api_version(source: Source, size: Size | None, options: GenerateOptions) -> str:
    """v1beta2 for a custom size (it has no guests) and a v1beta2 source's kept sizing; otherwise the
    source's, with a legacy (or an instance type's v1beta2) source converted to v1beta1 (the sized
    spec is a complete v1beta1 spec)."""
    if isinstance(size, CustomSize | KeptSize):
        return V1BETA2_API_VERSION
    api_version = source.obj.get("apiVersion")
    if isinstance(api_version, str) and api_version:
        group, version = split_api_version(api_version)
        converted = LEGACY_VERSIONS if source.is_preference else (*LEGACY_VERSIONS, V1BETA2)
        if group == INSTANCETYPE_GROUP and version in converted:
            return V1BETA1_API_VERSION
        return api_version
    return catalog.definition(options.catalog_version or catalog.DEFAULT_VERSION).api_version


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}

"""``generate``: new instance types for size requests, on plain data.

Plain data in, plain data out; it never raises for bad input and never mutates the bundle.
Objects come out in request order; a request with an error produces no object, the others still
do. A custom size is ``instancetype.kubevirt.io/v1beta2``; every other size keeps the source's
apiVersion, with a v1alpha1/v1alpha2 or v1beta2 source converted to v1beta1.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from krmfn import catalog
from krmfn.generate.findings import NO_SIZES, SOURCE, has_error
from krmfn.generate.metadata import check_name, check_name_clashes, new_metadata, warn_name_class
from krmfn.generate.options import GenerateOptions, check_options, target_kind
from krmfn.generate.requests import SIZES_PATH, SizeRequest
from krmfn.generate.sizing import CustomSize, Size, new_spec, requested_size, size_text
from krmfn.generate.source import BundleIndex, Source, SourceFinder
from krmfn.instancetype.bundle import LEGACY_VERSIONS, V1BETA1, V1BETA2
from krmfn.model.findings import ERROR, INFO, Finding
from krmfn.model.kinds import INSTANCETYPE_GROUP, split_api_version

V1BETA1_API_VERSION = f"{INSTANCETYPE_GROUP}/{V1BETA1}"
V1BETA2_API_VERSION = f"{INSTANCETYPE_GROUP}/{V1BETA2}"


@dataclass
class _RunState:
    """What the requests of one run share: the bundle, the options and the names generated so far."""

    bundle: BundleIndex
    options: GenerateOptions
    taken: set[str] = field(default_factory=set)
    finder: SourceFinder = field(init=False)

    def __post_init__(self) -> None:
        self.finder = SourceFinder(self.bundle, self.options)


def generate(
    sizes: list[SizeRequest], bundle_items: list[Any], options: GenerateOptions | None = None
) -> tuple[list[dict[str, Any]], list[Finding]]:
    """New instance types for ``sizes`` and the findings about them (``krmfn.generate.findings``).

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
    kind = target_kind(run.options)
    findings: list[Finding] = []
    replaced: list[Finding] = []  # reported only if the new object is produced
    if check_name(request.name, f"{path}.name", findings):
        clashes, replaced = check_name_clashes(request.name, f"{path}.name", run.bundle, run.options, run.taken)
        findings.extend(clashes)
        run.taken.add(request.name)
    size = requested_size(request, path, findings)
    source = run.finder.resolve(request.from_, f"{path}.from", findings)
    if has_error(findings) or source is None or size is None:
        return None, findings
    spec = new_spec(source, size, findings)
    metadata = new_metadata(source, size, kind, run.options, findings)
    if has_error(findings):
        return None, findings
    warn_name_class(source, size, run.options, findings)
    findings[:0] = replaced
    obj = {"apiVersion": _api_version(source, size, run.options), "kind": kind, "metadata": metadata, "spec": spec}
    findings.append(Finding(INFO, f'{kind} "{size.name}" ({size_text(size)}) copied from {source.description}',
                            path=path, check=SOURCE))
    return obj, findings


def _api_version(source: Source, size: Size, options: GenerateOptions) -> str:
    """v1beta2 for a custom size (it has no guests); otherwise the source's, with a legacy or
    v1beta2 source converted to v1beta1 (the sized spec is a complete v1beta1 spec)."""
    if isinstance(size, CustomSize):
        return V1BETA2_API_VERSION
    api_version = source.obj.get("apiVersion")
    if isinstance(api_version, str) and api_version:
        group, version = split_api_version(api_version)
        if group == INSTANCETYPE_GROUP and (version in LEGACY_VERSIONS or version == V1BETA2):
            return V1BETA1_API_VERSION
        return api_version
    return catalog.definition(options.catalog_version or catalog.DEFAULT_VERSION).api_version

"""Custom sizes of instance types: the proposed ``virtctl customize``, offline
(docs/common-instancetypes.md §6; seed 000).

``generate(sizes, bundle_items, options) -> (objects, findings)`` copies an existing instance type
with a new name, vCPU count and memory. Plain data in, plain data out; it never raises for bad
input and never mutates ``bundle_items``.

functionConfig (wired by ``krmfn.kio.config``)::

    apiVersion: krmfn.dev/v1alpha1
    kind: Generate
    spec:
      sizes:                    # one entry per new object
      - from: u1.medium         # instance type ([kind/]name) or class (cx1) to copy
        name: u1.mysize         # metadata.name of the new object
        vcpus: 4                # spec.cpu.guest
        memory: 4Gi             # spec.memory.guest
      cluster: false            # true: VirtualMachineClusterInstancetype
      namespace: ""             # metadata.namespace (namespaced kind only)
      labels: remove            # remove | recompute
      catalog: v1.7.0           # catalog version, or "none"

The ConfigMap form carries one size: ``data: {mode: generate, from: u1.medium, name: u1.mysize,
vcpus: "4", memory: 4Gi}`` plus the same options as strings. CLI: ``krmfn generate --from
u1.medium --name u1.mysize --vcpus 4 --memory 4Gi [--cluster] [--namespace NS] [--labels
recompute] [--catalog v1.7.0|none]``. ``size_requests`` / ``size_request_from_data`` turn the
typed list / ConfigMap data into ``SizeRequest`` values (``generate-sizes-shape`` errors for
entries that are not maps or have unknown keys).

Resolving ``from`` (``[kind/]name``; kind is any spelling KubeVirt accepts, case-insensitive):

1. without a kind, cluster-wide first, as the proposal says: the bundle's
   ``VirtualMachineClusterInstancetype``, then the catalog's, then the bundle's
   ``VirtualMachineInstancetype`` (if several namespaces hold one, the one in ``namespace`` wins,
   otherwise it is ambiguous), then a catalog class name (``cx1``: the class-wide spec with the
   class's first ladder rung, so cx1/m1 get 2Mi hugepages; name a ``…1gi`` size for 1Gi);
2. with a kind, only that kind: the bundle, then the catalog. A bundle object always wins over
   the catalog.

A request without ``vcpus`` and ``memory`` asks for a **custom size** (seed 000): the source's
spec without ``cpu.guest``, ``memory.guest`` and a ``cpu.maxSockets`` that followed the guest, as
an ``instancetype.kubevirt.io/v1beta2`` object (krmfn's own version, in which the VM supplies
``domain.cpu.guest`` and ``domain.memory.guest``; see ``krmfn.instancetype.v1beta2``). The proposal
gives every class but u1 one, ``<class>.custom``; a source with nothing left but vCPUs and memory
(class u1, or any u1 size) is an error, ``generate-custom-empty``. With ``labels: recompute`` its
``cpu``, ``memory`` and ``size`` labels are ``custom``. It is annotated
``config.kubernetes.io/local-config: "true"``: no cluster serves v1beta2, so kustomize leaves it out
of its output and kpt out of what it applies, while krmfn reads it in the same pipeline. Every other size is
``instancetype.kubevirt.io/v1beta1`` (a v1alpha1/v1alpha2 or v1beta2 source is converted; a v1beta2
``cpu.topology`` gives way to the new vCPUs).

The new object:

* kind ``VirtualMachineInstancetype`` unless ``cluster``; ``metadata`` is only ``name``,
  ``namespace`` (when set), labels and annotations; the source's ``apiVersion`` and ``spec``
  are kept with ``spec.cpu.guest`` / ``spec.memory.guest`` replaced (memory in canonical form,
  ``4096Mi`` → ``4Gi``);
* labels ``remove`` (default) drops every ``instancetype.kubevirt.io/*`` label and annotation
  (§6); ``recompute`` keeps them, sets ``cpu``, ``memory`` and ``size`` from the new size and
  leaves ``hugepages`` as it was (§6, detail 2), and drops the release-only
  ``common-instancetypes-version`` label (§3.1). Both drop what virt-operator stamps on
  deployed objects (§1) and the source's kpt/kubectl bookkeeping annotations;
* ``config.kubernetes.io/path`` and ``internal.config.kubernetes.io/path`` are
  ``instancetypes/<name>.yaml`` (namespaced) or ``clusterinstancetypes/<name>.yaml`` (cluster),
  with index ``"0"``, so ``kpt fn render`` writes one file per object.

Findings (check ids; errors unless marked). Request findings carry ``path`` =
``<request path>.<key>``; option findings carry the bare option name (``labels``,
``namespace``, ``catalog``) for the caller to prefix; ``item`` is set only on
``generate-replaced``.

* options: ``generate-option-labels``, ``-namespace`` (invalid, or set together with
  ``cluster``), ``-catalog`` (unknown version); ``generate-no-sizes``. Any of these: no output.
* ``from``: ``generate-from-missing``, ``-kind`` (unknown kind prefix), ``-preference``,
  ``-ambiguous``, ``-unknown`` (with close matches).
* ``name``: ``generate-name-missing``, ``-invalid`` (not a DNS subdomain), ``-duplicate`` (twice
  in the run), ``-clash-bundle`` (same kind, name and namespace in the bundle), ``-clash-catalog``
  (a catalog instance type name: virt-operator reconciles those by name, §1); warning
  ``generate-name-class`` (the name carries another class's prefix, ``u1.x`` from ``cx1``).
* ``vcpus``: ``generate-vcpus-invalid`` (not an integer, or missing while memory is given),
  ``-range`` (not 1..2^32-1, a uint32).
* ``memory``: ``generate-memory-invalid`` (not a quantity, or missing while vcpus is given),
  ``-range`` (not a positive whole number of bytes).
* custom sizes: ``generate-custom-empty`` (nothing would be left).
* class rules: ``generate-class-minimum``: vCPUs and memory each at least the class's smallest
  rung (§2.2 ladder; the class of a bundle object is its ``instancetype.kubevirt.io/class``
  label, else its name prefix; none with the catalog off); ``generate-hugepages``: memory a
  whole number of ``memory.hugepages.pageSize``; ``generate-max-guest``: memory at most
  ``memory.maxGuest``. ``cpu.maxSockets`` follows the vCPUs for cx1 (§2.1) and wherever it
  equalled the source's guest; otherwise it is kept, with warning ``generate-max-sockets`` when
  below the vCPUs.
* ``recompute`` labels: warning ``generate-label-size`` (no ``.<size>`` in the name, so no
  ``size`` label); ``generate-label-value`` (a value that is not a valid label value).
* info ``generate-source`` per new object: what it was copied from.

A bundle object of the same kind and name already at the path generate assigns is a previous
output: it is replaced, not a clash. The caller drops every bundle item that an info finding
with check ``generate-replaced`` names (``Finding.item``) and appends the new objects; a request
that fails replaces nothing. Objects come out in request order; a request with an error produces
no object, the others still do.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Mapping

from krmfn import catalog
from krmfn.catalog.build import to_plain
from krmfn.catalog.model import (
    LABEL_PREFIX,
    VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE,
    VIRTUAL_MACHINE_CLUSTER_PREFERENCE,
    VIRTUAL_MACHINE_INSTANCETYPE,
    VIRTUAL_MACHINE_PREFERENCE,
    InstancetypeClass,
)
from krmfn.findings import ERROR, INFO, WARNING, Finding
from krmfn.instancetype.bundle import INSTANCETYPE_GROUP, LEGACY_VERSIONS, V1BETA1, V1BETA2, split_api_version
from krmfn.instancetype.quantity import Quantity, QuantityError, parse

LABELS_REMOVE = "remove"
LABELS_RECOMPUTE = "recompute"
LABEL_MODES = (LABELS_REMOVE, LABELS_RECOMPUTE)
SIZE_KEYS = ("from", "name", "vcpus", "memory")
MAX_VCPUS = 2**32 - 1  # spec.cpu.guest is a uint32
CUSTOM = "custom"  # the cpu, memory and size label values of a custom size (seed 000)
V1BETA1_API_VERSION = f"{INSTANCETYPE_GROUP}/{V1BETA1}"
V1BETA2_API_VERSION = f"{INSTANCETYPE_GROUP}/{V1BETA2}"

PATH_ANNOTATION = "config.kubernetes.io/path"
INTERNAL_PATH_ANNOTATION = "internal.config.kubernetes.io/path"
INDEX_ANNOTATION = "config.kubernetes.io/index"
LOCAL_CONFIG_ANNOTATION = "config.kubernetes.io/local-config"
INTERNAL_INDEX_ANNOTATION = "internal.config.kubernetes.io/index"
VERSION_LABEL = LABEL_PREFIX + "common-instancetypes-version"

_KIND_SPELLINGS = {
    VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE: ("virtualmachineclusterinstancetype", "virtualmachineclusterinstancetypes"),
    VIRTUAL_MACHINE_INSTANCETYPE: ("virtualmachineinstancetype", "virtualmachineinstancetypes"),
    VIRTUAL_MACHINE_CLUSTER_PREFERENCE: ("virtualmachineclusterpreference", "virtualmachineclusterpreferences"),
    VIRTUAL_MACHINE_PREFERENCE: ("virtualmachinepreference", "virtualmachinepreferences"),
}
_KIND_BY_SPELLING = {spelling: kind for kind, spellings in _KIND_SPELLINGS.items() for spelling in spellings}
_INSTANCETYPE_KINDS = (VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE, VIRTUAL_MACHINE_INSTANCETYPE)
_PREFERENCE_KINDS = (VIRTUAL_MACHINE_CLUSTER_PREFERENCE, VIRTUAL_MACHINE_PREFERENCE)

_DNS_SUBDOMAIN = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\Z")
_DNS_LABEL = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?\Z")
_LABEL_VALUE = re.compile(r"(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?\Z")
_DIGITS = re.compile(r"[0-9]+\Z")

# What virt-operator stamps on the objects it deploys (§1) and tool bookkeeping: never copied.
_DROPPED_ANNOTATION_PREFIXES = ("config.kubernetes.io/", "internal.config.kubernetes.io/",
                                "kubevirt.io/install-strategy-", "kubectl.kubernetes.io/")
_VIRT_OPERATOR_LABELS = ("app.kubernetes.io/managed-by", "app.kubernetes.io/component")


@dataclass(frozen=True)
class SizeRequest:
    """One requested size. Values are as configured (validated by ``generate``).

    ``path`` is where the request sits in the functionConfig (``spec.sizes[0]``, ``data``);
    findings name ``<path>.<key>``. None means ``spec.sizes[<index>]``.
    """

    from_: Any
    name: Any
    vcpus: Any
    memory: Any
    path: str | None = None


@dataclass(frozen=True)
class GenerateOptions:
    """``cluster``: emit the cluster kind; ``namespace``: metadata.namespace of the namespaced kind;
    ``labels``: ``remove`` or ``recompute``; ``catalog_version``: None turns the catalog off."""

    cluster: bool = False
    namespace: str | None = None
    labels: str = LABELS_REMOVE
    catalog_version: str | None = catalog.DEFAULT_VERSION


@dataclass(frozen=True)
class _Source:
    """The instance type a request copies."""

    obj: Mapping[str, Any]
    description: str
    cls: InstancetypeClass | None


@dataclass(frozen=True)
class _Size:
    """A request whose own fields are valid; a custom size has neither vCPUs nor memory."""

    name: str
    vcpus: int | None
    memory: Quantity | None
    path: str

    @property
    def custom(self) -> bool:
        return self.vcpus is None


class _Bundle:
    """The bundle's instance types and preferences by (kind, name), keeping item indices."""

    def __init__(self, items: Iterable[Any]) -> None:
        self.by_key: dict[tuple[str, str], list[tuple[int, Mapping[str, Any]]]] = {}
        for index, item in enumerate(items):
            kind, name = _kind_and_name(item)
            if kind in _KIND_SPELLINGS and name:
                self.by_key.setdefault((kind, name), []).append((index, item))

    def get(self, kind: str, name: str) -> list[tuple[int, Mapping[str, Any]]]:
        return self.by_key.get((kind, name), [])

    def names(self, kinds: Iterable[str]) -> list[str]:
        wanted = set(kinds)
        return sorted({name for kind, name in self.by_key if kind in wanted})


# -- functionConfig helpers ----------------------------------------------------------------------


def size_requests(value: Any, path: str = "spec.sizes") -> tuple[list[SizeRequest], list[Finding]]:
    """The typed form's ``spec.sizes`` list as requests; findings for entries of the wrong shape."""
    if value is None:
        return [], []
    if not isinstance(value, list):
        return [], [_error(f"{path} must be a list of sizes ({', '.join(SIZE_KEYS)})", path, "generate-sizes-shape")]
    requests: list[SizeRequest] = []
    findings: list[Finding] = []
    for index, entry in enumerate(value):
        entry_path = f"{path}[{index}]"
        if not isinstance(entry, Mapping):
            findings.append(_error(f"{entry_path} must be a map with keys {', '.join(SIZE_KEYS)}", entry_path,
                                   "generate-sizes-shape"))
            continue
        findings.extend(_unknown_keys(entry, entry_path))
        requests.append(size_request_from_data(entry, entry_path))
    return requests, findings


def size_request_from_data(data: Mapping[str, Any], path: str = "data") -> SizeRequest:
    """One request from a map with keys ``from``, ``name``, ``vcpus`` and ``memory``."""
    return SizeRequest(data.get("from"), data.get("name"), data.get("vcpus"), data.get("memory"), path)


def _unknown_keys(entry: Mapping[str, Any], path: str) -> list[Finding]:
    findings = []
    for key in entry:
        if key in SIZE_KEYS:
            continue
        close = difflib.get_close_matches(str(key), SIZE_KEYS, n=1)
        hint = f'; did you mean "{close[0]}"?' if close else f"; known keys: {', '.join(SIZE_KEYS)}"
        findings.append(_error(f'unknown key "{key}" in a size{hint}', f"{path}.{key}", "generate-sizes-shape"))
    return findings


# -- the engine ----------------------------------------------------------------------------------


def generate(
    sizes: list[SizeRequest], bundle_items: list[Any], options: GenerateOptions | None = None
) -> tuple[list[dict[str, Any]], list[Finding]]:
    """New instance types for ``sizes`` and the findings about them (see the module docstring)."""
    options = options or GenerateOptions()
    findings = _check_options(options, sizes)
    if any(finding.is_error for finding in findings):
        return [], findings
    bundle = _Bundle(bundle_items)
    objects: list[dict[str, Any]] = []
    taken: set[str] = set()
    for index, request in enumerate(sizes):
        obj, request_findings = _generate_one(request, request.path or f"spec.sizes[{index}]", bundle, options, taken)
        findings.extend(request_findings)
        if obj is not None:
            objects.append(obj)
    return objects, findings


def target_kind(options: GenerateOptions) -> str:
    return VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE if options.cluster else VIRTUAL_MACHINE_INSTANCETYPE


def output_path(kind: str, name: str) -> str:
    """The file kpt writes a generated object to."""
    directory = "clusterinstancetypes" if kind == VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE else "instancetypes"
    return f"{directory}/{name}.yaml"


def _check_options(options: GenerateOptions, sizes: list[SizeRequest]) -> list[Finding]:
    findings = []
    if options.labels not in LABEL_MODES:
        findings.append(_error(f'labels must be one of {", ".join(LABEL_MODES)}, got "{options.labels}"',
                               "labels", "generate-option-labels"))
    if options.namespace:
        if options.cluster:
            findings.append(_error(f'namespace "{options.namespace}" cannot be set for the cluster-scoped '
                                   f"{VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE}", "namespace", "generate-option-namespace"))
        elif not _is_dns_label(options.namespace):
            findings.append(_error(f'namespace "{options.namespace}" is not a valid namespace name (RFC 1123 label)',
                                   "namespace", "generate-option-namespace"))
    if options.catalog_version is not None and options.catalog_version not in catalog.CATALOG_VERSIONS:
        findings.append(_error(str(catalog.UnknownCatalogVersion(options.catalog_version)), "catalog",
                               "generate-option-catalog"))
    if not sizes:
        findings.append(Finding(ERROR, "nothing to generate: no sizes given (from, name, vcpus, memory)",
                                check="generate-no-sizes"))
    return findings


def _generate_one(
    request: SizeRequest, path: str, bundle: _Bundle, options: GenerateOptions, taken: set[str]
) -> tuple[dict[str, Any] | None, list[Finding]]:
    kind = target_kind(options)
    findings: list[Finding] = []
    replaced: list[Finding] = []  # reported only if the new object is produced
    if _check_name(request.name, f"{path}.name", findings):
        replaced = _check_name_clashes(request.name, kind, bundle, options, taken, f"{path}.name", findings)
        taken.add(request.name)
    custom = _is_missing(request.vcpus) and _is_missing(request.memory)
    vcpus = None if custom else _check_vcpus(request.vcpus, f"{path}.vcpus", findings)
    memory = None if custom else _check_memory(request.memory, f"{path}.memory", findings)
    source = _resolve_source(request.from_, bundle, options, f"{path}.from", findings)
    if any(finding.is_error for finding in findings) or source is None or (not custom and None in (vcpus, memory)):
        return None, findings
    size = _Size(request.name, vcpus, memory, path)
    spec = _custom_spec(source, size, findings) if custom else _sized_spec(source, size, findings)
    metadata = _metadata(source, size, kind, options, findings)
    if any(finding.is_error for finding in findings):
        return None, findings
    _warn_name_class(source, size, options, findings)
    findings[:0] = replaced
    obj = {"apiVersion": _api_version(source, size, options), "kind": kind, "metadata": metadata, "spec": spec}
    findings.append(Finding(INFO, f'{kind} "{size.name}" ({_size_text(size)}) copied from {source.description}',
                            path=path, check="generate-source"))
    return obj, findings


def _is_missing(value: Any) -> bool:
    return value is None or value == ""


def _size_text(size: _Size) -> str:
    if size.custom:
        return "custom size: the VM gives the vCPUs and memory"
    return f"{_vcpus_text(size.vcpus)}, {size.memory.canonical_form()}"  # type: ignore[arg-type,union-attr]


# -- request fields ------------------------------------------------------------------------------


def _check_name(name: Any, path: str, findings: list[Finding]) -> bool:
    if name is None or name == "":
        findings.append(_error("name is missing: the metadata.name of the new instance type", path,
                               "generate-name-missing"))
        return False
    if not isinstance(name, str) or len(name) > 253 or not _DNS_SUBDOMAIN.match(name):
        findings.append(_error(f'name "{name}" is not a valid object name: lower-case letters, digits, "-" and ".", '
                               "starting and ending with a letter or digit, at most 253 characters", path,
                               "generate-name-invalid"))
        return False
    return True


def _check_name_clashes(
    name: str, kind: str, bundle: _Bundle, options: GenerateOptions, taken: set[str], path: str,
    findings: list[Finding],
) -> list[Finding]:
    """Errors for names already taken; returns the info findings of previous outputs it replaces."""
    if name in taken:
        findings.append(_error(f'name "{name}" is generated twice in this run', path, "generate-name-duplicate"))
        return []
    if options.catalog_version and catalog.lookup(VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE, name, options.catalog_version):
        findings.append(_error(
            f'name "{name}" is a common instance type of catalog {options.catalog_version}; virt-operator '
            "reconciles those by name, and a namespaced twin would be mistaken for it: choose another name",
            path, "generate-name-clash-catalog"))
        return []
    new_path = output_path(kind, name)
    replaced = []
    for index, item in bundle.get(kind, name):
        if not _same_namespace(item, options.namespace):
            continue
        if new_path in (_annotation(item, INTERNAL_PATH_ANNOTATION), _annotation(item, PATH_ANNOTATION)):
            replaced.append(Finding(INFO, f'{kind} "{name}" at {new_path} is replaced by the newly generated object',
                                    item=index, check="generate-replaced"))
            continue
        where = _annotation(item, INTERNAL_PATH_ANNOTATION) or _annotation(item, PATH_ANNOTATION)
        findings.append(_error(f'name "{name}" is already used by a {kind} in the bundle'
                               + (f" ({where})" if where else "") + ": choose another name",
                               path, "generate-name-clash-bundle"))
    return replaced


def _check_vcpus(value: Any, path: str, findings: list[Finding]) -> int | None:
    vcpus = _as_int(value)
    if vcpus is None:
        shown = "missing (leave out memory too for a custom size)" if _is_missing(value) else f'"{value}"'
        findings.append(_error(f"vcpus must be a whole number of vCPUs, got {shown}", path, "generate-vcpus-invalid"))
        return None
    if not 1 <= vcpus <= MAX_VCPUS:
        findings.append(_error(f"vcpus must be between 1 and {MAX_VCPUS}, got {vcpus}", path, "generate-vcpus-range"))
        return None
    return vcpus


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and _DIGITS.match(value.strip().lstrip("+-") or "x"):
        return int(value.strip())
    return None


def _check_memory(value: Any, path: str, findings: list[Finding]) -> Quantity | None:
    if _is_missing(value):
        findings.append(_error("memory is missing: a quantity such as 4Gi (leave out vcpus too for a custom size)",
                               path, "generate-memory-invalid"))
        return None
    memory = parse(value)
    if isinstance(memory, QuantityError):
        findings.append(_error(f'memory "{value}" is not a quantity: {memory.message}', path,
                               "generate-memory-invalid"))
        return None
    if memory.sign() <= 0 or not memory.is_integer():
        findings.append(_error(f'memory must be a positive whole number of bytes, got "{value}"', path,
                               "generate-memory-range"))
        return None
    return memory


# -- resolving `from` ----------------------------------------------------------------------------


def _resolve_source(
    from_: Any, bundle: _Bundle, options: GenerateOptions, path: str, findings: list[Finding]
) -> _Source | None:
    if not isinstance(from_, str) or not from_.strip():
        findings.append(_error("from is missing: the instance type (u1.medium) or class (cx1) to copy", path,
                               "generate-from-missing"))
        return None
    spelled_kind, slash, name = from_.strip().rpartition("/")
    kind = _KIND_BY_SPELLING.get(spelled_kind.lower()) if slash else None
    if slash and kind is None:
        findings.append(_error(f'from "{from_}": unknown kind "{spelled_kind}"; use '
                               "virtualmachineclusterinstancetype/<name> or virtualmachineinstancetype/<name>",
                               path, "generate-from-kind"))
        return None
    if kind in _PREFERENCE_KINDS:
        findings.append(_preference_error(from_, path))
        return None
    for candidate_kind in (kind,) if kind else _INSTANCETYPE_KINDS:
        lookup_findings: list[Finding] = []
        source = _find_instancetype(candidate_kind, name, bundle, options, path, lookup_findings)
        findings.extend(lookup_findings)
        if source is not None or lookup_findings:
            return source
    if kind is None:
        source = _find_class(name, options)
        if source is not None:
            return source
    findings.append(_unknown_source_error(from_, name, kind, bundle, options, path))
    return None


def _find_instancetype(
    kind: str, name: str, bundle: _Bundle, options: GenerateOptions, path: str, findings: list[Finding]
) -> _Source | None:
    matches = bundle.get(kind, name)
    if kind == VIRTUAL_MACHINE_INSTANCETYPE and len({_namespace(item) for _, item in matches}) > 1:
        preferred = [(index, item) for index, item in matches if _namespace(item) == options.namespace]
        if not preferred:
            namespaces = ", ".join(sorted({_namespace(item) or '""' for _, item in matches}))
            findings.append(_error(f'from "{name}": {kind} "{name}" exists in several namespaces ({namespaces}); '
                                   "set namespace to pick one", path, "generate-from-ambiguous"))
            return None
        matches = preferred
    if matches:
        index, item = matches[0]  # on duplicates the first wins, as a second create would fail
        return _Source(item, f'the bundle\'s {kind} "{name}" (item {index})', _class_of_object(item, options))
    if options.catalog_version:
        found = catalog.lookup(kind, name, options.catalog_version)
        if found is not None:
            return _Source(found, f'{kind} "{name}" of catalog {options.catalog_version}',
                           catalog.class_of(name, options.catalog_version))
    return None


def _find_class(name: str, options: GenerateOptions) -> _Source | None:
    if not options.catalog_version:
        return None
    cls = catalog.instancetype_class(name, options.catalog_version)
    if cls is None:
        return None
    first = f"{cls.name}.{cls.sizes[0].size}"  # the plain (2Mi) twin comes first for cx1 and m1
    obj = catalog.lookup(VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE, first, options.catalog_version)
    return _Source(obj or {}, f'class {cls.name} ({cls.display_name}) of catalog {options.catalog_version}', cls)


def _class_of_object(obj: Mapping[str, Any], options: GenerateOptions) -> InstancetypeClass | None:
    """The catalog class a bundle instance type belongs to: its class label, else its name prefix."""
    if not options.catalog_version:
        return None
    labels = _mapping(_mapping(obj.get("metadata")).get("labels"))
    label = labels.get(LABEL_PREFIX + "class")
    definition = catalog.definition(options.catalog_version)
    by_label = next((cls for cls in definition.classes if cls.class_label == label), None)
    return by_label or catalog.class_of(_kind_and_name(obj)[1] or "", options.catalog_version)


def _preference_error(from_: str, path: str) -> Finding:
    return _error(f'from "{from_}" names a preference; only instance types can be copied', path,
                  "generate-from-preference")


def _unknown_source_error(
    from_: str, name: str, kind: str | None, bundle: _Bundle, options: GenerateOptions, path: str
) -> Finding:
    known = bundle.names(_INSTANCETYPE_KINDS)
    if options.catalog_version:
        if kind and catalog.instancetype_class(name, options.catalog_version):
            return _error(f'from "{from_}": {name} is a class, not a {kind}; write from: {name}', path,
                          "generate-from-unknown")
        known += [obj["metadata"]["name"] for obj in catalog.instancetypes(options.catalog_version)]
        known += [cls.name for cls in catalog.definition(options.catalog_version).classes]
        if catalog.lookup(VIRTUAL_MACHINE_CLUSTER_PREFERENCE, name, options.catalog_version):
            return _preference_error(from_, path)
    if bundle.get(VIRTUAL_MACHINE_CLUSTER_PREFERENCE, name) or bundle.get(VIRTUAL_MACHINE_PREFERENCE, name):
        return _preference_error(from_, path)
    close = difflib.get_close_matches(name, sorted(set(known)), n=3)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    version = options.catalog_version
    where = f"the bundle or catalog {version}" if version else "the bundle (catalog off)"
    return _error(f'from "{from_}": no instance type or class of that name in {where}{hint}', path,
                  "generate-from-unknown")


# -- class rules and the new spec ----------------------------------------------------------------


def _sized_spec(source: _Source, size: _Size, findings: list[Finding]) -> dict[str, Any]:
    spec = to_plain(_mapping(source.obj.get("spec")))
    cpu = spec["cpu"] = spec["cpu"] if isinstance(spec.get("cpu"), dict) else {}
    memory = spec["memory"] = spec["memory"] if isinstance(spec.get("memory"), dict) else {}
    _check_class_minimum(source, size, findings)
    _check_hugepages(memory, size, source, findings)
    _check_max_guest(memory, size, findings)
    _follow_max_sockets(cpu, size, source, findings)
    cpu.pop("topology", None)  # a v1beta2 source's topology gives way to the new vCPUs
    cpu["guest"] = size.vcpus
    memory["guest"] = size.memory.canonical_form()  # type: ignore[union-attr]
    return spec


def _custom_spec(source: _Source, size: _Size, findings: list[Finding]) -> dict[str, Any]:
    """The source's spec without guests (and a maxSockets that followed the guest, which is now
    the VM's); empty cpu and memory sections are left out."""
    spec = to_plain(_mapping(source.obj.get("spec")))
    cpu = spec["cpu"] if isinstance(spec.get("cpu"), dict) else {}
    memory = spec["memory"] if isinstance(spec.get("memory"), dict) else {}
    follows = source.cls is not None and source.cls.max_sockets_follows_guest
    if "maxSockets" in cpu and (follows or cpu["maxSockets"] == cpu.get("guest")):
        del cpu["maxSockets"]
    cpu.pop("guest", None)
    memory.pop("guest", None)
    for section, value in (("cpu", cpu), ("memory", memory)):
        if value:
            spec[section] = value
        else:
            spec.pop(section, None)
    if not spec:
        findings.append(_error(f"a custom size of {source.description} would be empty: it gives nothing but vCPUs and "
                               "memory, which a custom size leaves to the VM (the proposal gives every class but u1 "
                               "one)", f"{size.path}.from", "generate-custom-empty"))
    return spec


def _check_class_minimum(source: _Source, size: _Size, findings: list[Finding]) -> None:
    cls = source.cls
    if cls is None:
        return
    min_vcpus = min(rung.vcpus for rung in cls.sizes)
    min_memory = min((parse(rung.memory) for rung in cls.sizes), key=lambda q: q.as_fraction())
    smallest = f"{_vcpus_text(min_vcpus)} and {min_memory.canonical_form()}"
    if size.vcpus < min_vcpus:
        findings.append(_error(f"{_vcpus_text(size.vcpus)} is below what class {cls.name} allows (its smallest size "
                               f"has {smallest})", f"{size.path}.vcpus", "generate-class-minimum"))
    if size.memory.as_fraction() < min_memory.as_fraction():
        findings.append(_error(f"memory {size.memory.canonical_form()} is below what class {cls.name} allows (its "
                               f"smallest size has {smallest})", f"{size.path}.memory", "generate-class-minimum"))


def _check_hugepages(memory: Mapping[str, Any], size: _Size, source: _Source, findings: list[Finding]) -> None:
    page_size = _mapping(memory.get("hugepages")).get("pageSize")
    if page_size is None:
        return
    page = parse(page_size)
    if isinstance(page, QuantityError) or page.sign() <= 0:
        findings.append(_error(f'the source\'s spec.memory.hugepages.pageSize "{page_size}" is not a page size',
                               f"{size.path}.from", "generate-hugepages"))
        return
    if size.memory.as_fraction() % page.as_fraction() != 0:
        pages = size.memory.as_fraction() / page.as_fraction()
        findings.append(_error(
            f"memory {size.memory.canonical_form()} is not a whole number of {page.canonical_form()} hugepages "
            f"({_fraction_text(pages)} pages; spec.memory.hugepages.pageSize of {source.description})",
            f"{size.path}.memory", "generate-hugepages"))


def _check_max_guest(memory: Mapping[str, Any], size: _Size, findings: list[Finding]) -> None:
    if "maxGuest" not in memory:
        return
    max_guest = parse(memory["maxGuest"])
    if isinstance(max_guest, Quantity) and max_guest.as_fraction() < size.memory.as_fraction():
        findings.append(_error(f"memory {size.memory.canonical_form()} is above the source's spec.memory.maxGuest "
                               f"{max_guest.canonical_form()}", f"{size.path}.memory", "generate-max-guest"))


def _follow_max_sockets(cpu: dict[str, Any], size: _Size, source: _Source, findings: list[Finding]) -> None:
    if "maxSockets" not in cpu:
        return
    follows = source.cls is not None and source.cls.max_sockets_follows_guest
    if follows or cpu["maxSockets"] == cpu.get("guest"):
        # cx1: maxSockets = guest keeps KubeVirt from reserving hotplug sockets (§2.1).
        cpu["maxSockets"] = size.vcpus
    elif isinstance(cpu["maxSockets"], int) and cpu["maxSockets"] < size.vcpus:
        findings.append(Finding(WARNING, f"the source's spec.cpu.maxSockets {cpu['maxSockets']} is kept but is below "
                                         f"{_vcpus_text(size.vcpus)}: a VM whose topology uses more sockets is "
                                         "rejected",
                                path=f"{size.path}.vcpus", check="generate-max-sockets"))


def _vcpus_text(vcpus: int) -> str:
    return "1 vCPU" if vcpus == 1 else f"{vcpus} vCPUs"


def _fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}".rstrip("0").rstrip(".")


# -- metadata ------------------------------------------------------------------------------------


def _metadata(
    source: _Source, size: _Size, kind: str, options: GenerateOptions, findings: list[Finding]
) -> dict[str, Any]:
    source_metadata = _mapping(source.obj.get("metadata"))
    labels = _kept(_mapping(source_metadata.get("labels")), options, is_label=True)
    annotations = _kept(_mapping(source_metadata.get("annotations")), options, is_label=False)
    if options.labels == LABELS_RECOMPUTE:
        labels = _recomputed_labels(labels, size, findings)
    path = output_path(kind, size.name)
    annotations.update({INTERNAL_PATH_ANNOTATION: path, PATH_ANNOTATION: path,
                        INTERNAL_INDEX_ANNOTATION: "0", INDEX_ANNOTATION: "0"})
    if size.custom:
        # No cluster serves v1beta2: kustomize leaves local config out of its output, kpt out of
        # what it applies, while krmfn still reads it in the same pipeline.
        annotations[LOCAL_CONFIG_ANNOTATION] = "true"
    metadata: dict[str, Any] = {"name": size.name}
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


def _recomputed_labels(labels: dict[str, Any], size: _Size, findings: list[Finding]) -> dict[str, Any]:
    """``cpu``, ``memory`` and ``size`` as upstream derives them (§2.3); ``hugepages`` unchanged."""
    labels = dict(labels)
    if size.custom:
        labels.update({LABEL_PREFIX + key: CUSTOM for key in ("cpu", "memory", "size")})
        return labels
    labels[LABEL_PREFIX + "cpu"] = str(size.vcpus)
    labels[LABEL_PREFIX + "memory"] = size.memory.canonical_form()  # type: ignore[union-attr]
    _, dot, size_part = size.name.partition(".")
    if dot:
        labels[LABEL_PREFIX + "size"] = size_part
    else:
        labels.pop(LABEL_PREFIX + "size", None)
        findings.append(Finding(WARNING, f'name "{size.name}" has no ".<size>" part, so the copy gets no '
                                         f"{LABEL_PREFIX}size label", path=f"{size.path}.name",
                                check="generate-label-size"))
    for key in ("cpu", "memory", "size"):
        value = labels.get(LABEL_PREFIX + key)
        if value is not None and (len(value) > 63 or not _LABEL_VALUE.match(value)):
            findings.append(_error(f'label {LABEL_PREFIX}{key} would be "{value}", which is not a valid label value '
                                   "(at most 63 characters)", f"{size.path}.name" if key == "size" else
                                   f"{size.path}.{'vcpus' if key == 'cpu' else key}", "generate-label-value"))
    return labels


def _warn_name_class(source: _Source, size: _Size, options: GenerateOptions, findings: list[Finding]) -> None:
    if not options.catalog_version:
        return
    named = catalog.class_of(size.name, options.catalog_version)
    if named is not None and source.cls is not None and named.name != source.cls.name:
        findings.append(Finding(WARNING, f'name "{size.name}" looks like class {named.name}, but it is copied from '
                                         f"class {source.cls.name}", path=f"{size.path}.name",
                                check="generate-name-class"))


def _api_version(source: _Source, size: _Size, options: GenerateOptions) -> str:
    """v1beta2 for a custom size (it has no guests); otherwise the source's, with a legacy or
    v1beta2 source converted to v1beta1 (the sized spec is a complete v1beta1 spec)."""
    if size.custom:
        return V1BETA2_API_VERSION
    api_version = source.obj.get("apiVersion")
    if isinstance(api_version, str) and api_version:
        group, version = split_api_version(api_version)
        if group == INSTANCETYPE_GROUP and (version in LEGACY_VERSIONS or version == V1BETA2):
            return V1BETA1_API_VERSION
        return api_version
    return catalog.definition(options.catalog_version or catalog.DEFAULT_VERSION).api_version


# -- small helpers -------------------------------------------------------------------------------


def _error(message: str, path: str, check: str) -> Finding:
    return Finding(ERROR, message, path=path, check=check)


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _kind_and_name(item: Any) -> tuple[str | None, str | None]:
    if not isinstance(item, Mapping):
        return None, None
    kind = item.get("kind")
    name = _mapping(item.get("metadata")).get("name")
    return (kind if isinstance(kind, str) else None), (name if isinstance(name, str) else None)


def _namespace(item: Mapping[str, Any]) -> str | None:
    namespace = _mapping(item.get("metadata")).get("namespace")
    return namespace if isinstance(namespace, str) and namespace else None


def _same_namespace(item: Mapping[str, Any], namespace: str | None) -> bool:
    """Whether a bundle object would collide with the new one; an unset namespace is any namespace."""
    if _kind_and_name(item)[0] == VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE:
        return True
    existing = _namespace(item)
    return existing is None or not namespace or existing == namespace


def _annotation(item: Mapping[str, Any], key: str) -> str | None:
    value = _mapping(_mapping(item.get("metadata")).get("annotations")).get(key)
    return value if isinstance(value, str) else None


def _is_dns_label(value: str) -> bool:
    return isinstance(value, str) and len(value) <= 63 and bool(_DNS_LABEL.match(value))


# -- the mode ------------------------------------------------------------------------------------

SINGLE_SIZE_KEYS = ("from", "name", "vcpus", "memory")


def requests_from_options(options: Mapping[str, Any]) -> tuple[list[SizeRequest], list[Finding]]:
    """The typed `sizes` list, plus the one size of the ConfigMap/CLI keys when any is given."""
    requests, findings = size_requests(options.get("sizes") or [])
    single = {key: options[key] for key in SINGLE_SIZE_KEYS if options.get(key) not in (None, "")}
    if single:
        requests.append(size_request_from_data(single, "data"))
    return requests, findings


def run_generate(values: list[Any], options: Mapping[str, Any]) -> Any:  # -> krmfn.modes.Outcome
    """The `krmfn.modes` entry point: the input items, then the new objects.

    An input item that an earlier run generated at the same path is replaced (kpt fn render runs
    the pipeline again on its own output); every other item passes through.
    """
    from krmfn.modes import Outcome

    requests, findings = requests_from_options(options)
    catalog_version = options.get("catalog", catalog.DEFAULT_VERSION)
    generate_options = GenerateOptions(
        cluster=bool(options.get("cluster", False)),
        namespace=options.get("namespace") or None,
        labels=options.get("labels", LABELS_REMOVE),
        catalog_version=None if catalog_version == "none" else catalog_version,
    )
    if not requests and not findings:
        findings.append(Finding(INFO, "generate: no sizes requested (spec.sizes, or from/name/vcpus/memory)",
                                check="generate-nothing"))
    objects, generated_findings = generate(requests, values, generate_options) if requests else ([], [])
    findings.extend(generated_findings)
    replaced = {f.item for f in findings if f.check == "generate-replaced" and f.item is not None}
    kept = [index for index in range(len(values)) if index not in replaced]
    outcome = Outcome([values[i] for i in kept] + objects, [*kept, *([None] * len(objects))])
    outcome.findings = findings  # Finding.item names input items, so the replaced one is still named
    return outcome

"""The findings generate reports: one constant per check ID and ``FINDINGS``, the table of them.

Request findings carry ``path`` = ``<request path>.<key>`` (``spec.sizes[0].vcpus``,
``data.memory``); option findings carry the bare option name (``labels``, ``namespace``,
``catalog``) for the caller to prefix; ``item`` is set only on ``generate-replaced``. Any option
error (or ``generate-no-sizes``) means no output at all; a request with an error produces no
object, the others still do.

The rules behind the IDs:

* options: ``labels`` is ``remove`` or ``recompute``; ``namespace`` is an RFC 1123 label and is
  not set together with ``cluster``; ``catalog`` is a known version or ``none``.
* ``from``: present; a ``kind/`` prefix in a spelling KubeVirt accepts; an instance type or a
  preference, not a namespaced one in several namespaces unless ``namespace`` picks one; known to
  the bundle or the catalog (else close matches are suggested). A preference copy takes no
  ``vcpus`` or ``memory``.
* ``name``: present; a DNS subdomain; not generated twice in one run; not a bundle object of the
  same kind, name and namespace (unless that object is a previous output at the path generate
  assigns: it is replaced); not a catalog instance type name (virt-operator reconciles those by
  name, docs/kubevirt/resources.md#resources-fields-and-well-known-keys). A name with another class's prefix (``u1.x``
  from ``cx1``) is a warning.
* ``vcpus``: an integer in 1..2^32-1 (a uint32); ``memory``: a quantity, a positive whole number
  of bytes. What the request leaves out is kept from the source; a source with none to keep (a
  class, a custom size, a v1beta2 ``cpu.topology``) is an error rather than a copy that silently
  drops or invents it.
* ``custom``: true or false; true asks for the custom size, and then takes no ``vcpus`` or
  ``memory``; the finished custom size (after ``patches`` and ``set``) must keep something.
* class rules: vCPUs and memory each at least the class's smallest rung
(docs/kubevirt/resolution.md#preference-resolution ladder; the class
  of a bundle object is its ``instancetype.kubevirt.io/class`` label, else its name prefix; none
  with the catalog off); memory a whole number of ``memory.hugepages.pageSize``; memory at most
  ``memory.maxGuest``. ``cpu.maxSockets`` follows the vCPUs for cx1
  (docs/kubevirt/resolution.md#instance-type-resolution) and wherever it equalled the source's guest; otherwise it is
  kept, with a warning when below the vCPUs.
* ``patches`` (RFC 6902, on the copy's ``spec``) and ``set`` (``path=value``): well-formed, and
  every operation applies; the result is then admitted as KubeVirt would (API server field and
  schema validation, then the instance type or preference webhook); a rejection is an error.
* ``labels: recompute``: a name without ``.<size>`` gets no ``size`` label (warning); every
  recomputed value must be a valid label value.
* info per new object: what it was copied from; per replaced previous output: that it is.
"""
from __future__ import annotations

from krmfn.model.findings import ERROR, INFO, WARNING, Finding

# The functionConfig's shape and options.
SIZES_SHAPE = "generate-sizes-shape"
OPTION_LABELS = "generate-option-labels"
OPTION_NAMESPACE = "generate-option-namespace"
OPTION_CATALOG = "generate-option-catalog"
NO_SIZES = "generate-no-sizes"
NOTHING = "generate-nothing"
# `from`
FROM_MISSING = "generate-from-missing"
FROM_KIND = "generate-from-kind"
FROM_AMBIGUOUS = "generate-from-ambiguous"
FROM_UNKNOWN = "generate-from-unknown"
# `name`
NAME_MISSING = "generate-name-missing"
NAME_INVALID = "generate-name-invalid"
NAME_DUPLICATE = "generate-name-duplicate"
NAME_CLASH_BUNDLE = "generate-name-clash-bundle"
NAME_CLASH_CATALOG = "generate-name-clash-catalog"
NAME_CLASS = "generate-name-class"
# `vcpus` and `memory`
PREFERENCE_SIZE = "generate-preference-size"
SIZE_MISSING = "generate-size-missing"
VCPUS_INVALID = "generate-vcpus-invalid"
VCPUS_RANGE = "generate-vcpus-range"
MEMORY_INVALID = "generate-memory-invalid"
MEMORY_RANGE = "generate-memory-range"
# custom sizes and the source's class rules
CUSTOM_INVALID = "generate-custom-invalid"
CUSTOM_SIZE = "generate-custom-size"
CUSTOM_EMPTY = "generate-custom-empty"
CLASS_MINIMUM = "generate-class-minimum"
HUGEPAGES = "generate-hugepages"
MAX_GUEST = "generate-max-guest"
MAX_SOCKETS = "generate-max-sockets"
# `patches` and `set`, and admission of the result
PATCH_INVALID = "generate-patch-invalid"
PATCH_FAILED = "generate-patch-failed"
ADMISSION = "generate-admission"
ADMISSION_WARNING = "generate-admission-warning"
# `labels: recompute`
LABEL_SIZE = "generate-label-size"
LABEL_VALUE = "generate-label-value"
# what was generated
SOURCE = "generate-source"
REPLACED = "generate-replaced"

# (ID, severity, summary) of every finding generate emits, in the order of a request's checks.
FINDINGS: tuple[tuple[str, str, str], ...] = (
    (SIZES_SHAPE, ERROR, "spec.sizes is not a list of maps, or a size has an unknown key"),
    (OPTION_LABELS, ERROR, "labels is neither remove nor recompute"),
    (OPTION_NAMESPACE, ERROR, "namespace is not an RFC 1123 label, or is set together with cluster"),
    (OPTION_CATALOG, ERROR, "catalog is not a known catalog version (or none)"),
    (NO_SIZES, ERROR, "the engine was given no sizes"),
    (NOTHING, INFO, "the functionConfig asks for no size (spec.sizes, or from/name/vcpus/memory)"),
    (FROM_MISSING, ERROR, "from is missing"),
    (FROM_KIND, ERROR, "from has a kind prefix KubeVirt does not accept"),
    (FROM_AMBIGUOUS, ERROR, "from names a namespaced instance type in several namespaces; namespace picks none"),
    (FROM_UNKNOWN, ERROR,
     "from names no instance type, preference or class of the bundle or catalog (close matches given)"),
    (NAME_MISSING, ERROR, "name is missing"),
    (NAME_INVALID, ERROR, "name is not a DNS subdomain"),
    (NAME_DUPLICATE, ERROR, "name is generated twice in the run"),
    (NAME_CLASH_BUNDLE, ERROR, "an object of the same kind, name and namespace is in the bundle"),
    (NAME_CLASH_CATALOG, ERROR, "name is a catalog instance type's (virt-operator reconciles those by name)"),
    (NAME_CLASS, WARNING, "name has another class's prefix than its source (u1.x from cx1)"),
    (PREFERENCE_SIZE, ERROR, "vcpus, memory or custom is given for a preference copy (a preference has no size)"),
    (SIZE_MISSING, ERROR,
     "vcpus or memory is left out and the source has none to keep (a class, a custom size, a v1beta2 topology)"),
    (VCPUS_INVALID, ERROR, "vcpus is not an integer"),
    (VCPUS_RANGE, ERROR, "vcpus is not in 1..2^32-1 (a uint32)"),
    (MEMORY_INVALID, ERROR, "memory is not a quantity"),
    (MEMORY_RANGE, ERROR, "memory is not a positive whole number of bytes"),
    (CUSTOM_INVALID, ERROR, "custom is neither true nor false"),
    (CUSTOM_SIZE, ERROR, "vcpus or memory is given with custom: true (a custom size leaves both to the VM)"),
    (CUSTOM_EMPTY, ERROR, "a custom size would be empty after its patches and set (class u1 without changes)"),
    (CLASS_MINIMUM, ERROR, "vcpus or memory is below the smallest size of the source's class"),
    (HUGEPAGES, ERROR, "memory is not a whole number of the source's hugepages (or its pageSize is none)"),
    (MAX_GUEST, ERROR, "memory is above the source's spec.memory.maxGuest"),
    (MAX_SOCKETS, WARNING, "the source's spec.cpu.maxSockets is kept but is below vcpus"),
    (PATCH_INVALID, ERROR, "patches (--patch) is not a JSON Patch list, or a set (--set) is not path=value"),
    (PATCH_FAILED, ERROR, "a patch operation fails on the copy's spec (missing path, test op false)"),
    (ADMISSION, ERROR, "KubeVirt's admission rejects the copy (unknown field, schema, webhook rule)"),
    (ADMISSION_WARNING, WARNING, "KubeVirt's admission admits the copy with a warning (a deprecated value)"),
    (LABEL_SIZE, WARNING, "labels: recompute, and name has no .<size> part: no size label"),
    (LABEL_VALUE, ERROR, "labels: recompute would set a label to an invalid label value"),
    (SOURCE, INFO, "per new object: what it was copied from"),
    (REPLACED, INFO, "a previous output at the path generate assigns is replaced (Finding.item names it)"),
)


def error(message: str, path: str, check: str) -> Finding:
    return Finding(ERROR, message, path=path, check=check)


def warning(message: str, path: str, check: str) -> Finding:
    return Finding(WARNING, message, path=path, check=check)


def has_error(findings: list[Finding]) -> bool:
    return any(finding.is_error for finding in findings)

# The findings that say a value given (or left out) is not one its option or size key takes,
# whatever the bundle holds: on the command line (its flags, a config file) a usage error, exit 2
# (docs/results.md); as a KRM function, error results like the others.
USAGE_ERRORS = frozenset({
    SIZES_SHAPE, OPTION_LABELS, OPTION_NAMESPACE, OPTION_CATALOG, FROM_MISSING, FROM_KIND, NAME_MISSING,
    NAME_INVALID, VCPUS_INVALID, VCPUS_RANGE, MEMORY_INVALID, MEMORY_RANGE, CUSTOM_INVALID, CUSTOM_SIZE,
    PATCH_INVALID,
})

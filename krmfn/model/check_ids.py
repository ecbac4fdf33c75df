"""The stable IDs of validate's checks, in report order, and of the CLI file reader's ``input``:
one home for each.

Read by the check modules (each one's ``ID``), the option parser (``disable``, ``severity``), the
reports and the docs. An ID never changes once released: users name it in options and
``krmfn.dev/ignore`` annotations.
"""
from __future__ import annotations

API_VERSION = "api-version"
UNKNOWN_FIELD = "unknown-field"
SCHEMA = "schema"
INSTANCETYPE_ADMISSION = "instancetype-admission"
PREFERENCE_ADMISSION = "preference-admission"
MATCHER = "matcher"
REFERENCE = "reference"
CONFLICT = "conflict"
SPREAD_TOPOLOGY = "spread-topology"
V1BETA2_SIZING = "v1beta2-sizing"
PREFERENCE_REQUIREMENTS = "preference-requirements"
VM_DEFAULTS = "vm-defaults"
VM_ADMISSION = "vm-admission"
VMI_ADMISSION = "vmi-admission"
MIGRATION_ADMISSION = "migration-admission"
STORAGE_ADMISSION = "storage-admission"
CDI_ADMISSION = "cdi-admission"
KUBEVIRT_ADMISSION = "kubevirt-admission"
TEMPLATE_ADMISSION = "template-admission"
DUPLICATE_OBJECT = "duplicate-object"
KUBEVIRT_CRASH = "kubevirt-crash"
DEPRECATED = "deprecated"
CLUSTER_CONFIG = "cluster-config"
CATALOG = "catalog"
IGNORE_ANNOTATION = "ignore-annotation"

CHECK_IDS: tuple[str, ...] = (
    API_VERSION,
    UNKNOWN_FIELD,
    SCHEMA,
    INSTANCETYPE_ADMISSION,
    PREFERENCE_ADMISSION,
    MATCHER,
    REFERENCE,
    CONFLICT,
    SPREAD_TOPOLOGY,
    V1BETA2_SIZING,
    PREFERENCE_REQUIREMENTS,
    VM_DEFAULTS,
    VM_ADMISSION,
    VMI_ADMISSION,
    MIGRATION_ADMISSION,
    STORAGE_ADMISSION,
    CDI_ADMISSION,
    KUBEVIRT_ADMISSION,
    TEMPLATE_ADMISSION,
    DUPLICATE_OBJECT,
    KUBEVIRT_CRASH,
    DEPRECATED,
    CLUSTER_CONFIG,
    CATALOG,
    IGNORE_ANNOTATION,
)
# The CLI file reader's own check (krmfn.kio.files): a file it cannot read as objects.
INPUT = "input"
# Not checks of the objects: a bug in krmfn (an engine or a mode that raised: krmfn.cli.guard and the
# expand of one VM report it), and a run that cannot start: the CLI's options or config file, the KRM
# function's functionConfig, nothing to check.
INTERNAL_ERROR = "internal-error"
CONFIG = "config"
FUNCTION_CONFIG = "function-config"
NOTHING_CHECKED = "nothing-checked"
# Other modes' own findings: adopt's verdict on a VM, inline's note on krmfn's own v1beta2, what process
# and convert say of a template (generate's are in krmfn.modes.generate.findings).
ADOPT = "adopt"
V1BETA2_NOT_SERVED = "v1beta2-not-served"
TEMPLATE_PROCESS = "template-process"
TEMPLATE_CONVERT = "template-convert"

"""The fit table: for every pair of an instance type and a preference, whether KubeVirt admits a VM
that names both and sets no vCPUs, memory or architecture of its own, and KubeVirt's reason when
it does not.

A pair goes through the checks validate runs for it, in the VM validating webhook's order
(``krmfn.kubevirt.instancetype.webhooks.vm``): the spread divisibility check (``spread_conflict``,
validate's ``spread-topology``), then the preference requirements (``find_requirement_failure``,
validate's ``preference-requirements``) on the template as the webhook sees it: the instance type
applied (the requirements read its ``cpu.guest`` and ``memory.guest``), the architecture the
preference prefers, else the cluster's default (docs/kubevirt/requirements.md#architecture).

A v1beta2 instance type without ``cpu.guest`` or ``memory.guest`` (a custom size) leaves those to
the VM: the pair is ``VM`` when the preference requires them (the VM must give at least that
much), and the parts the instance type gives are checked as above.

Definitions come from a bundle (any of the four kinds, served versions only, as validate stores
them: ``krmfn.kubevirt.bundle``) and from the embedded catalog, whose cluster objects the bundle
does not name (an object in the bundle always wins). A namespaced instance type and a namespaced
preference of different namespaces make no pair: no VM can name both.
"""
from __future__ import annotations

import difflib
from collections.abc import Iterable

from krmfn import catalog
from krmfn.kubevirt.apimachinery.gozero import ptr_set
from krmfn.kubevirt.apimachinery.quantity import Quantity, parse
from krmfn.kubevirt.bundle import DEFAULT_NAMESPACE, LEGACY_REJECT, V1BETA2, Bundle, semantics_version
from krmfn.kubevirt.instancetype import v1beta2
from krmfn.kubevirt.instancetype.preference.apply.architecture import apply_architecture_preferences
from krmfn.kubevirt.instancetype.preference.requirements import find_requirement_failure
from krmfn.kubevirt.instancetype.preference.topology import as_uint32
from krmfn.kubevirt.instancetype.webhooks.vm import spread_conflict
from krmfn.model import check_ids
from krmfn.model.kinds import (
    DEFINITION_KIND_SPELLINGS,
    DEFINITION_KINDS,
    INSTANCETYPE_KINDS,
    PREFERENCE_KINDS,
    VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE,
    VIRTUAL_MACHINE_CLUSTER_PREFERENCE,
)
from krmfn.model.record import field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

FITS = "fits"  # KubeVirt admits the pair
NO = "no"  # KubeVirt rejects the pair: ``check`` and ``message`` say why
VM = "vm"  # the instance type leaves vCPUs or memory the preference requires to the VM
BUNDLE = "bundle"


@record(frozen=True)
class Definition:
    """An instance type or preference: ``namespace`` is "" for the cluster kinds, ``version`` the
    rules it follows (``v1beta1``, or krmfn's ``v1beta2``), ``origin`` ``bundle`` or
    ``catalog <version>``."""

    kind: str
    name: str
    namespace: str
    spec: dict[str, Any] = field(compare=False)
    version: str = "v1beta1"
    origin: str = BUNDLE

    @property
    def label(self) -> str:
        """How the table names it: ``name``, or ``namespace/name`` for a namespaced kind."""
        return f"{self.namespace}/{self.name}" if self.namespace else self.name

    @property
    def is_preference(self) -> bool:
        return self.kind in PREFERENCE_KINDS

    @property
    def vcpus(self) -> int | None:
        """An instance type's vCPUs (guest, or a v1beta2 topology's product); None: the VM gives them."""
        if self.version == V1BETA2:
            return v1beta2.instancetype_vcpus(self.spec)
        return as_uint32(_dict(self.spec.get("cpu")).get("guest")) or 0

    @property
    def memory(self) -> Quantity | None:
        """An instance type's guest memory; None: the VM gives it (or it is not a quantity)."""
        parsed = parse(_dict(self.spec.get("memory")).get("guest"))
        return parsed if isinstance(parsed, Quantity) else None


@record(frozen=True)
class Verdict:
    """One pair. ``check`` is validate's check ID of the rejection, ``field`` and ``message`` the
    status cause KubeVirt's webhook gives, ``reason`` its inner error (what the table shows); for
    ``VM``, ``reason`` says what the VM must give."""

    instancetype: Definition
    preference: Definition
    status: str
    check: str = ""
    field: str = ""
    message: str = ""
    reason: str = ""

    @property
    def fits(self) -> bool:
        return self.status == FITS


@record
class FitTable:
    """Every pair of ``instancetypes`` (smallest first) and ``preferences`` (by name): ``verdicts``
    preference by preference, each in the instance types' order. ``source`` says where the
    definitions came from, ``architecture`` is the cluster's default."""

    instancetypes: list[Definition]
    preferences: list[Definition]
    verdicts: list[Verdict]
    source: str
    architecture: str

    def of(self, preference: Definition) -> list[Verdict]:
        """The verdicts of one preference, smallest instance type first."""
        return [verdict for verdict in self.verdicts if verdict.preference == preference]


def definitions(values: Iterable[Any], catalog_version: str | None, legacy: str = LEGACY_REJECT,
                default_namespace: str = DEFAULT_NAMESPACE) -> list[Definition]:
    """The bundle's instance types and preferences (as a cluster stores them), then the catalog's
    that the bundle does not name."""
    bundle = Bundle([value for value in values if isinstance(value, dict)], default_namespace,
                    catalog_version=catalog_version, legacy=legacy)
    stored = bundle.keys()
    found = [_definition(kind, namespace, name, bundle.get(kind, namespace, name), BUNDLE)
             for kind, namespace, name in stored if kind in DEFINITION_KINDS]
    if catalog_version:
        origin = f"catalog {catalog_version}"
        for kind in (VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE, VIRTUAL_MACHINE_CLUSTER_PREFERENCE):
            for name in catalog.names(kind, catalog_version):
                obj = bundle.get(kind, "", name)
                if obj is not None and bundle.from_catalog(kind, name):
                    found.append(_definition(kind, "", name, obj, origin))
    return found


def _definition(kind: str, namespace: str, name: str, obj: dict | None, origin: str) -> Definition:
    spec = (obj or {}).get("spec")
    return Definition(kind, name, namespace, spec if isinstance(spec, dict) else {},
                      semantics_version(obj or {}), origin)


def fit_table(found: Iterable[Definition], source: str, architecture: str) -> FitTable:
    """The verdict of every pair a VM could name of ``found``."""
    found = list(found)
    instancetypes = sorted((d for d in found if d.kind in INSTANCETYPE_KINDS), key=size_key)
    preferences = sorted((d for d in found if d.is_preference), key=lambda d: (d.name, d.namespace, d.kind))
    verdicts = [verdict(instancetype, preference, architecture)
                for preference in preferences for instancetype in instancetypes
                if can_pair(instancetype, preference)]
    return FitTable(instancetypes, preferences, verdicts, source, architecture)


def can_pair(instancetype: Definition, preference: Definition) -> bool:
    """Whether one VM can name both: namespaced ones must share the namespace."""
    return not (instancetype.namespace and preference.namespace and instancetype.namespace != preference.namespace)


def size_key(instancetype: Definition) -> tuple[Any, ...]:
    """Smallest first: vCPUs, then memory (what the VM gives comes last), then name."""
    vcpus, memory = instancetype.vcpus, instancetype.memory
    return (vcpus is None, vcpus or 0, memory is None, memory.as_fraction() if memory is not None else 0,
            instancetype.name, instancetype.namespace, instancetype.kind)


def verdict(instancetype: Definition, preference: Definition, architecture: str) -> Verdict:
    """The verdict of one pair (module docstring)."""
    template: dict[str, Any] = {"domain": {}}
    apply_architecture_preferences(preference.spec, template)
    if not template.get("architecture"):
        template["architecture"] = architecture
    from_vm = _given_by_vm(instancetype, preference, template)
    conflict = spread_conflict(instancetype.spec, preference.spec, template, instancetype.version)
    if conflict is not None:
        return Verdict(instancetype, preference, NO, check_ids.SPREAD_TOPOLOGY, conflict.dotted, conflict.error(),
                       conflict.error())
    failure = find_requirement_failure(instancetype.spec, preference.spec, template, instancetype.version)
    if failure is not None:
        return Verdict(instancetype, preference, NO, check_ids.PREFERENCE_REQUIREMENTS, failure.field,
                       failure.message, failure.error)
    if from_vm:
        return Verdict(instancetype, preference, VM, reason=f"the VM gives its {_joined(from_vm)}: the preference "
                                                            f"requires at least {_joined(from_vm.values())}")
    return Verdict(instancetype, preference, FITS)


def _given_by_vm(instancetype: Definition, preference: Definition, template: dict[str, Any]) -> dict[str, str]:
    """What a v1beta2 instance type leaves to the VM and the preference requires ({"vCPUs": "2 vCPUs"}),
    with ``template`` given just enough of it, so that only the instance type's own part is judged."""
    if instancetype.version != V1BETA2:
        return {}
    requirements = _dict(preference.spec.get("requirements"))
    given: dict[str, str] = {}
    vcpus = as_uint32(_dict(requirements.get("cpu")).get("guest")) or 0
    if instancetype.vcpus is None and ptr_set(requirements.get("cpu")) and vcpus:
        template["domain"]["cpu"] = {"sockets": vcpus, "cores": vcpus, "threads": vcpus}
        given["vCPUs"] = vcpus_text(vcpus)
    memory = parse(_dict(requirements.get("memory")).get("guest"))
    if instancetype.memory is None and ptr_set(requirements.get("memory")) and isinstance(memory, Quantity) \
            and memory.sign() > 0:
        template["domain"]["memory"] = {"guest": memory.canonical()}
        given["memory"] = memory.canonical()
    return given


def requirements_text(preference: Definition) -> str:
    """What a preference requires, in the table's words: ``2 vCPUs, 4Gi, amd64``; ``none``."""
    requirements = _dict(preference.spec.get("requirements"))
    parts = []
    if ptr_set(requirements.get("cpu")):
        parts.append(vcpus_text(as_uint32(_dict(requirements["cpu"]).get("guest")) or 0))
    if ptr_set(requirements.get("memory")):
        memory = parse(_dict(requirements["memory"]).get("guest"))
        parts.append(memory.canonical() if isinstance(memory, Quantity) else "0")
    if ptr_set(requirements.get("architecture")):
        parts.append(str(requirements["architecture"]))
    return ", ".join(parts) or "none"


def vcpus_text(vcpus: int) -> str:
    return "1 vCPU" if vcpus == 1 else f"{vcpus} vCPUs"


def memory_text(memory: Quantity | None) -> str:
    return memory.canonical() if memory is not None else ""


def find_preference(table: FitTable, wanted: str) -> Definition | str:
    """The preference ``wanted`` names (``name``, ``namespace/name`` or ``kind/name``), as a VM's
    preference matcher would find it (the cluster kind first), or why none."""
    spelled_kind, slash, name = wanted.strip().rpartition("/")
    kind = DEFINITION_KIND_SPELLINGS.get(spelled_kind.lower()) if slash else None
    if kind is not None and kind not in PREFERENCE_KINDS:
        return f'"{wanted}" names a {kind}, not a preference'
    matches = [pf for pf in table.preferences if pf.name == name and (
        (kind is not None and pf.kind == kind) or (kind is None and not slash and not pf.namespace)
        or (kind is None and slash and pf.namespace == spelled_kind))]
    if kind is None and not slash and not matches:  # no cluster preference: a namespaced one, if only one
        matches = [pf for pf in table.preferences if pf.name == name]
    if len(matches) == 1:
        return matches[0]
    if matches:
        return f'"{wanted}" names a preference in several namespaces ({", ".join(pf.label for pf in matches)}): ' \
               "write namespace/name"
    close = difflib.get_close_matches(name, sorted({pf.name for pf in table.preferences}), n=3)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    return f'no preference "{wanted}" in {table.source}{hint}'


def _joined(values: Iterable[str]) -> str:
    return " and ".join(values)


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


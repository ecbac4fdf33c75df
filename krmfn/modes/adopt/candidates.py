"""The instance types and preferences a VM could adopt: the bundle's, then the embedded catalog's.

No KubeVirt counterpart: the same lookups KubeVirt's ``find`` does (``krmfn.kubevirt.bundle``,
whose ``get`` falls back on the catalog of the targeted release), enumerated. Cluster-scoped kinds
and the namespaced kinds of the VM's namespace; objects KubeVirt's admission rejects are left out,
as a cluster never stores them.
"""
from __future__ import annotations


from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.bundle import Bundle
from krmfn.model.krm import labels_of
from krmfn.model.kinds import (
    INSTANCETYPE_KINDS,
    PREFERENCE_KINDS,
    VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE,
    VIRTUAL_MACHINE_CLUSTER_PREFERENCE,
)
from krmfn.model.record import record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

OS_TYPE_LABEL = "instancetype.kubevirt.io/os-type"
OS_ANNOTATION = "vm.kubevirt.io/os"
BUNDLE, CATALOG, GENERATED = "bundle", "catalog", "generated"
ORIGIN_RANK = {BUNDLE: 0, GENERATED: 1, CATALOG: 2}


@record(frozen=True)
class Definition:
    """One instance type or preference: its kind, name, spec and where it comes from."""

    kind: str
    name: str
    spec: dict
    origin: str
    obj: dict | None = None  # a generated object, to add to the output
    os_type: str = ""  # a preference's `instancetype.kubevirt.io/os-type` label (or its `vm.kubevirt.io/os`)

    def text(self) -> str:
        return f"{self.kind}/{self.name}"

    def matcher(self) -> dict[str, str]:
        """The VM's ``spec.instancetype`` / ``spec.preference``."""
        return {"kind": self.kind, "name": self.name}

    def order(self) -> tuple[int, int, str]:
        """Bundle before generated before catalog, namespaced before cluster, then by name."""
        cluster = self.kind in (VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE, VIRTUAL_MACHINE_CLUSTER_PREFERENCE)
        return ORIGIN_RANK[self.origin], int(cluster), self.name


def definitions(bundle: Bundle, namespace: str, kinds: tuple[str, str]) -> list[Definition]:
    """Every instance type (``INSTANCETYPE_KINDS``) or preference (``PREFERENCE_KINDS``) a VM in
    ``namespace`` can reference, in ``Definition.order``."""
    found = []
    for kind in kinds:
        for name in sorted(bundle.names(kind, namespace)):
            obj = bundle.get(kind, namespace, name)
            spec = obj.get("spec") if isinstance(obj, dict) else None
            if isinstance(spec, dict):
                origin = CATALOG if bundle.from_catalog(kind, name) else BUNDLE
                found.append(Definition(kind, name, spec, origin, os_type=_os_type(obj or {}, spec)))
    return sorted(found, key=Definition.order)


def instancetypes(bundle: Bundle, namespace: str) -> list[Definition]:
    return definitions(bundle, namespace, INSTANCETYPE_KINDS)


def preferences(bundle: Bundle, namespace: str) -> list[Definition]:
    return definitions(bundle, namespace, PREFERENCE_KINDS)


def _os_type(obj: dict, spec: dict) -> str:
    value = labels_of(obj).get(OS_TYPE_LABEL) or _dict(spec.get("annotations")).get(OS_ANNOTATION)
    return value if isinstance(value, str) else ""


def size_of(spec: dict) -> tuple[int | None, quantity.Quantity | None]:
    """An instance type's ``cpu.guest`` and ``memory.guest`` (None when unset or invalid)."""
    guest = _dict(spec.get("cpu")).get("guest")
    vcpus = guest if isinstance(guest, int) and not isinstance(guest, bool) else None
    memory = quantity.parse(_dict(spec.get("memory")).get("guest"))
    return vcpus, memory if isinstance(memory, quantity.Quantity) else None


def leaf_count(value: Any) -> int:
    """How many fields a spec sets (its leaves): a preference that says more is more specific."""
    if isinstance(value, dict):
        return sum(leaf_count(v) for v in value.values()) or 1
    if isinstance(value, list):
        return sum(leaf_count(v) for v in value) or 1
    return 1


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}

"""The ``adopt`` mode on plain data: VMs without matchers onto the instance type and preference
that reproduce them.

No KubeVirt counterpart as a whole (``krmfn.modes.adopt.engine`` says how one VM is adopted). Every VM
without ``spec.instancetype`` and ``spec.preference`` gets one result: ``info`` when an instance
type (and a preference) reproduce it, with the names in the result's tags, ``warning`` with the
fields that stop it otherwise. VMs with matchers are left alone, without a result. With ``write``,
each adopted VM is replaced by its rewritten form, and the custom sizes ``generate`` made for them
follow the input items; without it nothing changes.
"""
from __future__ import annotations

from collections.abc import Mapping

from krmfn.model.record import record
from krmfn.modes.adopt.engine import ADOPTED, NOT_ADOPTED, AdoptContext, AdoptResult, adopt_vm
from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.instancetype.expand.vms import ExpandOptions
from krmfn.kubevirt.virt_api.admit import rejected_keys
from krmfn.model import check_ids
from krmfn.model.findings import INFO, WARNING, Finding
from krmfn.model.kinds import is_virtual_machine
from krmfn.model.options import complete
from krmfn.model.outcome import Outcome
from krmfn.modes.cluster import cluster_findings, cluster_options

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

MODE = "adopt"
CHECK = check_ids.ADOPT
# Result tags: what the report (krmfn.report.adopt) shows of each VM.
TAG_STATUS, TAG_INSTANCETYPE, TAG_PREFERENCE, TAG_DROPPED, TAG_HINTS, TAG_WHY, TAG_EXACT = (
    "status", "instancetype", "preference", "dropped", "hints", "why", "exact")


@record(frozen=True)
class AdoptOptions:
    expand: ExpandOptions
    generate: bool
    write: bool

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> AdoptOptions:
        options = complete(MODE, options)
        return cls(ExpandOptions.from_options(options), bool(options["generateSizes"]), bool(options["write"]))


def run_adopt(values: list[Any], options: Mapping[str, Any]) -> Outcome:
    """The ``krmfn.modes.dispatch`` entry point."""
    cluster = cluster_options(MODE, values, options)
    settings = AdoptOptions.from_options(cluster.options)
    expand = settings.expand
    rejected = rejected_keys(values, expand.namespace, expand.legacy, expand.config.kubevirt_version)
    bundle = Bundle((item for item in values if isinstance(item, dict)), expand.namespace, rejected,
                    expand.catalog_version, expand.legacy, expand.config.kubevirt_version)
    ctx = AdoptContext(bundle, expand.config, expand.catalog_version, settings.generate, values)
    outcome = Outcome(list(values), list(range(len(values))))
    used: list[dict] = []
    for index, item in enumerate(values):
        if not is_virtual_machine(item):
            continue
        try:
            result = adopt_vm(item, ctx)
        except Exception as err:  # noqa: BLE001 - one bad VM must not cost the others their results
            result = AdoptResult(NOT_ADOPTED, [f"internal error adopting this VM: {type(err).__name__}: {err}"])
        if result.status in (ADOPTED, NOT_ADOPTED):
            outcome.findings.append(finding(index, result, settings.write))
        if settings.write and result.status == ADOPTED and result.vm is not None:
            outcome.items[index] = result.vm
            outcome.changed.add(index)
            obj = result.instancetype.obj if result.instancetype else None
            if obj is not None and not any(made is obj for made in used):
                used.append(obj)
    outcome.items.extend(used)
    outcome.sources.extend([None] * len(used))
    outcome.findings.extend(cluster_findings(values, cluster))
    return outcome


def finding(index: int, result: AdoptResult, write: bool) -> Finding:
    """The result of one VM (module doc)."""
    tags = {TAG_STATUS: result.status}
    if result.hints:
        tags[TAG_HINTS] = result.hints
    if result.reasons:
        tags[TAG_WHY] = "; ".join(result.reasons)
    if result.status != ADOPTED:
        return Finding(WARNING, "not adopted: " + "; ".join(result.reasons), item=index, check=CHECK, tags=tags)
    if result.instancetype is not None:
        tags[TAG_INSTANCETYPE] = result.instancetype.text()
    if result.preference is not None:
        tags[TAG_PREFERENCE] = result.preference.text()
    tags[TAG_DROPPED] = str(len(result.dropped))
    tags[TAG_EXACT] = str(result.exact).lower()
    names = " and ".join(d.text() for d in (result.instancetype, result.preference) if d is not None)
    origin = ", a custom size generated for it," if result.instancetype and result.instancetype.obj else ""
    done = "rewritten onto" if write else "adoptable:"
    notes = "".join(f" ({note})" for note in result.reasons)
    if result.instancetype is None:
        notes = f" (no instance type: {'; '.join(result.reasons)})"
    how = "field by field" if result.exact else "as KubeVirt runs it (the same guest, some fields spelt otherwise)"
    return Finding(INFO, f"{done} {names}{origin} reproduce it {how} "
                         f"({len(result.dropped)} fields of the template left to them){notes}",
                   item=index, check=CHECK, tags=tags)

"""What every check needs, computed once per run: the admission verdicts, the expand verdicts, and
which check reports each rejection cause and expand failure (``krmfn.modes.validate.classify``).

The checks reuse the engine (KubeVirt's admission chain in ``krmfn.kubevirt.instancetype.webhooks``, the
per-VM expand loop in ``krmfn.kubevirt.instancetype.expand.vms``) instead of re-deciding anything.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from krmfn.kubevirt.instancetype.expand.vms import NOT_FOUND_ROLES, VmExpansions, catalog_notes, expand_vms
from krmfn.kubevirt.instancetype.find.result import Failure
from krmfn.admission.admit import admit_items
from krmfn.kubevirt.util.webhooks import Admission
from krmfn.model.findings import Finding
from krmfn.model.kinds import kind_of
from krmfn.model.record import field, record
from krmfn.modes.cluster import ClusterOptions, cluster_options
from krmfn.modes.validate.classify import check_for_cause, check_for_expand_failure
from krmfn.modes.validate.options import ValidateOptions

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


@record(frozen=True)
class Claim:
    """A rejection cause or expand failure, as the check it belongs to reports it."""

    item: int
    message: str
    path: str | None
    reasons: frozenset[str] = frozenset()
    failure: str | None = None  # an expand failure's kind (``Failure.check``)


@record
class Context:
    values: list[Any]
    options: ValidateOptions
    admissions: list[Admission | None]
    expansions: VmExpansions
    expand_notes: list[Finding] = field(default_factory=list)
    claims: dict[str, list[Claim]] = field(default_factory=lambda: defaultdict(list))
    check_ids: tuple[str, ...] = ()  # every check of the run (for the ignore-annotation check)
    cluster: ClusterOptions | None = None  # the options with the KubeVirt CR's values (krmfn.modes.cluster)
    # The bundle's own items come first; the values after them are the VMs its templates yield
    # (krmfn.modes.validate.templates). None: all are the bundle's.
    own_items: int | None = None

    @property
    def expand_failures(self) -> dict[int, Failure]:
        return self.expansions.failures

    def admission(self, index: int) -> Admission | None:
        return self.admissions[index] if index < len(self.admissions) else None

    def rejected(self, index: int) -> bool:
        verdict = self.admission(index)
        return verdict is not None and not verdict.allowed

    def claimed_by(self, check: str) -> list[Claim]:
        return self.claims.get(check, [])


def build_context(values: list[Any], options: Mapping[str, Any], reuse_admission: bool = True,
                  check_ids: tuple[str, ...] = ()) -> Context:
    """Admit the bundle, then check that every VM expands. ``reuse_admission``: skip the
    instance type appliers where admission already applied the same objects without conflict
    (off only in the test that proves it changes nothing)."""
    cluster = cluster_options("validate", values, options)
    validate_options = ValidateOptions.from_options(cluster.options)
    expand = validate_options.expand
    admitted = admit_items(values, expand.namespace, expand.config, expand.catalog_version, expand.legacy)
    expand.rejected = admitted.rejected
    known = {index: verdict.conflict_free for index, verdict in enumerate(admitted.verdicts)
             if verdict is not None and verdict.conflict_free is not None} if reuse_admission else {}
    ctx = Context(values, validate_options, admitted.verdicts, expand_vms(values, expand, known), check_ids=check_ids,
                  cluster=cluster)
    _claim_rejections(ctx)
    _claim_expand_failures(ctx)
    for index, result in ctx.expansions.results.items():
        if result.vm is not values[index]:
            ctx.expand_notes.extend(catalog_notes(result, ctx.expansions.bundle, index))
    return ctx


def _claim_rejections(ctx: Context) -> None:
    """Every cause of each rejection, then those of the stages a cluster runs once they are fixed
    (``Admission.later``) that tell something new: a later stage's cause at a field already
    reported, under any check (a webhook's schema gate repeating the CRD schema's missing field, or
    strict decoding's unknown field as a forbidden property, in its own words), is left out."""
    for index, verdict in enumerate(ctx.admissions):
        if verdict is None or verdict.allowed:
            continue
        kind = kind_of(ctx.values[index])
        told: set[tuple[str | None, str]] = set()
        for rejection in (verdict, *verdict.later):
            claims = []
            for cause in rejection.causes:
                check = check_for_cause(rejection.stage or "", cause.reasons, kind)
                path = cause.field or cause.located or None
                key = (path, "") if path is not None else (None, cause.message)
                if check is not None and key not in told:
                    claims.append((key, check, Claim(index, cause.message, path, cause.reasons)))
            for key, check, claim in claims:
                told.add(key)
                ctx.claims[check].append(claim)


def _claim_expand_failures(ctx: Context) -> None:
    """Why each VM cannot be expanded, whether admission lets it in or not: a cluster that
    rejects a VM answers with its first stage's causes only, and the user fixes those to meet the
    next problem (an instance type kind that expand and start refuse behind a network error). A
    failure is left out only where admission already reported a cause of the same check for the VM
    (a conflict both refuse) or at the same field (``domain.cpu.guest`` that the schema does not
    know and a v1beta1 instance type does not take): the same problem, told once. A missing instance type or preference
    is reported always: KubeVirt's admission ignores it (it logs `ignoring err ... not found`) and
    may reject the VM for a consequence instead (a preference's requirements checked against the
    VM's own 0 memory), which hides the slip in the name. A missing preference behind a missing
    instance type, which expand and start meet once the instance type is found, is reported with it
    (``Failure.later``): every missing reference at once."""
    claimed = {(check, claim.item) for check, claims in ctx.claims.items() for claim in claims}
    claimed_paths = {(claim.item, claim.path) for claims in ctx.claims.values() for claim in claims}
    for index, first in sorted(ctx.expand_failures.items()):
        for failure in first.every():
            check = check_for_expand_failure(failure.check, failure.reasons)
            told = (check, index) in claimed or (index, failure.path) in claimed_paths
            if failure.check in NOT_FOUND_ROLES or not told:
                ctx.claims[check].append(Claim(index, failure.message, failure.path, failure=failure.check))

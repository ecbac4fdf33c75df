"""krmfn.modes.fit against validate, pair by pair, over every embedded catalog: a VM is built for
every instance type x preference pair (naming both and setting no vCPUs, memory or architecture),
validate runs on all of them, and each pair's ``spread-topology`` and ``preference-requirements``
findings must be exactly the table's verdict (check, field and KubeVirt's message), and a pair the
table says fits must have neither."""
from __future__ import annotations

from typing import Any

import pytest

from krmfn.model import check_ids
from krmfn.model.kubevirt_version import kubevirt_version
from krmfn.modes.fit.table import FITS, NO, FitTable, definitions, fit_table
from krmfn.modes.validate.mode import run_validate

PAIR_CHECKS = (check_ids.SPREAD_TOPOLOGY, check_ids.PREFERENCE_REQUIREMENTS)
# Each KubeVirt release with the catalog it deploys.
RELEASES = [(release, kubevirt_version(release).catalog) for release in ("v1.7", "v1.8", "v1.9")]


def vm(index: int, instancetype: str, preference: str) -> dict[str, Any]:
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
            "metadata": {"name": f"vm-{index}", "namespace": "lab"},
            "spec": {"runStrategy": "Halted", "instancetype": {"name": instancetype},
                     "preference": {"name": preference}, "template": {"spec": {"domain": {"devices": {}}}}}}


def validate_pairs(table: FitTable, release: str, architecture: str = "amd64") -> list[list[tuple[str, str, str]]]:
    """Validate's pair findings (check, path, message) of the VM of each verdict, in the table's order."""
    vms = [vm(index, verdict.instancetype.name, verdict.preference.name)
           for index, verdict in enumerate(table.verdicts)]
    outcome = run_validate(vms, {"kubevirtVersion": release, "architecture": architecture})
    found: list[list[tuple[str, str, str]]] = [[] for _ in vms]
    for finding in outcome.findings:
        if finding.check in PAIR_CHECKS and finding.item is not None:
            found[finding.item].append((finding.check, finding.path or "", finding.message))
    return found


@pytest.mark.parametrize("release,catalog_version", RELEASES)
def test_the_fit_table_agrees_with_validate_pair_by_pair(release: str, catalog_version: str) -> None:
    table = fit_table(definitions([], catalog_version), f"catalog {catalog_version}", "amd64")
    assert len(table.verdicts) == len(table.instancetypes) * len(table.preferences)
    found = validate_pairs(table, release)
    disagreements = []
    for verdict, pair_findings in zip(table.verdicts, found, strict=True):
        expected = [] if verdict.status == FITS else [(verdict.check, verdict.field, verdict.message)]
        if pair_findings != expected:
            disagreements.append((verdict.instancetype.name, verdict.preference.name, expected, pair_findings))
    assert disagreements == []
    assert {verdict.status for verdict in table.verdicts} == {FITS, NO}  # both outcomes occur: a real test


def test_the_agreement_holds_on_another_architecture() -> None:
    """On an arm64 cluster the preferences that require amd64 still prefer it, so only the
    requirements of the VM's own size decide; validate agrees."""
    table = fit_table(definitions([], "v1.7.0"), "catalog v1.7.0", "arm64")
    some = FitTable(table.instancetypes[:6], table.preferences, [v for v in table.verdicts
                                                                 if v.instancetype in table.instancetypes[:6]],
                    table.source, table.architecture)
    found = validate_pairs(some, "v1.9", "arm64")
    assert [[] if v.status == FITS else [(v.check, v.field, v.message)] for v in some.verdicts] == found

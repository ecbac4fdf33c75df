"""A problem that several kustomizations' builds share is reported once, naming the builds."""
from __future__ import annotations

import io
import json

from krmfn.cli.rules import RULES
from krmfn.kio.items import Item
from krmfn.kio.results import REACHED_THROUGH
from krmfn.report.findings import ReportSettings, write_report
from krmfn.report.merge import KUSTOMIZATIONS, merge_bundles, suffix
from krmfn.report.sarif import sarif_log

BASE, DEV, PROD = "repo/base", "repo/overlays/dev", "repo/overlays/prod"
MESSAGE = "VM field(s) spec.template.spec.domain.cpu.sockets conflicts with selected instance type"


def conflict(namespace: str | None, name: str, file: dict) -> dict:
    ref = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "name": name,
           **({"namespace": namespace} if namespace else {})}
    return {"message": MESSAGE, "severity": "error", "resourceRef": ref,
            "field": {"path": "spec.template.spec.domain.cpu.sockets"}, "file": file, "tags": {"check": "conflict"}}


def source(line: int = 17) -> dict:
    """Where the object came from: the base's file (items that carry kustomize's origin)."""
    return {"path": "repo/base/vm.yaml", "index": 0, "line": line}


def test_a_base_problem_with_its_source_line_is_one_result_naming_every_build():
    # the overlays set a namespace and a name prefix: other objects in the cluster, the same line to fix
    runs = [(None, []), (BASE, [conflict(None, "web", source())]), (DEV, [conflict("dev", "web", source())]),
            (PROD, [conflict("prod", "prod-web", source())])]
    merged = merge_bundles(runs)
    assert len(merged) == 1
    assert merged[0][KUSTOMIZATIONS] == [BASE, DEV, PROD]
    assert merged[0]["resourceRef"]["name"] == "web"  # the first found
    assert suffix(merged[0]) == f" (also in {DEV}, {PROD})"


def test_a_problem_only_an_overlay_has_names_it():
    typo = {**conflict("dev", "web", source(9)), "message": 'virtualmachineclusterinstancetypes "u1.meduim" not found'}
    merged = merge_bundles([(BASE, [conflict(None, "web", source())]), (DEV, [conflict("dev", "web", source()), typo])])
    assert [r[KUSTOMIZATIONS] for r in merged] == [[BASE, DEV], [DEV]]
    assert [suffix(r) for r in merged] == [f" (also in {DEV})", f" (in {DEV})"]


def test_without_source_lines_the_same_object_is_merged_and_a_renamed_one_is_not():
    def rendered(directory: str, index: int = 0) -> dict:
        return {"path": directory, "index": index}

    runs = [(BASE, [conflict(None, "web", rendered(BASE))]),
            (DEV, [conflict(None, "web", rendered(DEV, 3))]),  # the same object (no namespace, no prefix)
            (PROD, [conflict("prod", "prod-web", rendered(PROD))])]
    merged = merge_bundles(runs)
    assert [(r["file"]["path"], r[KUSTOMIZATIONS]) for r in merged] == [(BASE, [BASE, DEV]), (PROD, [PROD])]
    assert [suffix(r) for r in merged] == [f" (also in {DEV})", ""]


def test_a_bundle_never_merges_its_own_results_and_failed_builds_stay_apart():
    twice = [conflict(None, "web", source()), conflict(None, "web", source())]
    assert len(merge_bundles([(BASE, twice)])) == 2
    failed = [(directory, [{"message": "kustomize build failed: missing.yaml: no such file", "severity": "error",
                            "file": {"path": directory}, "tags": {"check": "input"}}]) for directory in (DEV, PROD)]
    assert len(merge_bundles(failed)) == 2


def test_a_failed_base_reached_through_several_overlays_is_one_result_with_each_way_there():
    def failed(*chain: str) -> dict:
        return {"message": "kustomize build failed: yaml: line 5: mapping key \"name\" already defined",
                "severity": "error", "file": {"path": "repo/base/vm.yaml", "line": 5, "column": 3},
                "tags": {"check": "input"}, **({REACHED_THROUGH: [list(chain)]} if chain else {})}

    merged = merge_bundles([(BASE, [failed()]), (DEV, [failed(DEV, BASE)]), (PROD, [failed(PROD, BASE)])])
    assert len(merged) == 1 and merged[0][KUSTOMIZATIONS] == [BASE, DEV, PROD]
    assert suffix(merged[0]) == f" (reached through {DEV} -> {BASE}; {PROD} -> {BASE})"
    only_overlays = merge_bundles([(DEV, [failed(DEV, BASE)]), (PROD, [failed(PROD, BASE)])])
    assert [r[REACHED_THROUGH] for r in only_overlays] == [[[DEV, BASE], [PROD, BASE]]]
    assert suffix(merge_bundles([(DEV, [failed(DEV, BASE)])])[0]) == f" (reached through {DEV} -> {BASE})"
    mixed = merge_bundles([(DEV, [failed(DEV, BASE)]), (PROD, [failed()])])  # prod names the base's file itself
    assert suffix(mixed[0]) == f" (reached through {DEV} -> {BASE}) (in {PROD})"


def test_a_loose_file_and_the_builds_that_reach_it():
    loose = conflict(None, "web", {"path": "repo/shared/vm.yaml", "index": 0, "line": 17})
    built = conflict("dev", "web", {"path": "./repo/shared/vm.yaml", "index": 0, "line": 17})
    merged = merge_bundles([(None, [loose]), (DEV, [built])])
    assert merged == [loose] and loose[KUSTOMIZATIONS] == [DEV] and suffix(loose) == f" (in {DEV})"
    assert KUSTOMIZATIONS not in merge_bundles([(None, [conflict(None, "web", source())])])[0]


def test_suppressed_in_one_overlay_only_is_another_problem():
    suppressed = conflict("dev", "web", source())
    suppressed["tags"] = {**suppressed["tags"], "suppressed": "sized by hand"}
    assert len(merge_bundles([(BASE, [conflict(None, "web", source())]), (DEV, [suppressed])])) == 2


def runs_of_a_base_and_two_overlays() -> list:
    return [(BASE, [conflict(None, "web", source())]), (DEV, [conflict("dev", "web", source())]),
            (PROD, [conflict("prod", "prod-web", source())])]


def test_every_format_reports_it_once_and_counts_it_once():
    merged = merge_bundles(runs_of_a_base_and_two_overlays())
    items = [Item(None, 0, {"kind": "VirtualMachine"}) for _ in range(3)]
    out = io.StringIO()
    write_report(merged, items, ReportSettings(), out)
    assert out.getvalue().splitlines() == [
        f"repo/base/vm.yaml:17: error [conflict] VirtualMachine web spec.template.spec.domain.cpu.sockets: {MESSAGE} "
        f"(also in {DEV}, {PROD})",
        "krmfn validate: 3 objects, 1 error, 0 warnings, 0 infos"]
    out = io.StringIO()
    write_report(merged, items, ReportSettings(fmt="github"), out)
    assert out.getvalue().splitlines()[0].endswith(f"{MESSAGE} (also in {DEV}, {PROD})")
    out = io.StringIO()
    write_report(merged, items, ReportSettings(fmt="json"), out)
    report = json.loads(out.getvalue())
    assert report["summary"]["errors"] == 1 and report["results"][0][KUSTOMIZATIONS] == [BASE, DEV, PROD]
    out = io.StringIO()
    write_report(merged, items, ReportSettings(fmt="junit"), out)
    assert out.getvalue().count("<failure ") == 1 and f"(also in {DEV}, {PROD})" in out.getvalue()


def test_sarif_names_the_other_builds_as_related_locations(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    log = sarif_log(merge_bundles(runs_of_a_base_and_two_overlays()), RULES)
    (result,) = log["runs"][0]["results"]
    assert result["message"]["text"].endswith(f"(also in {DEV}, {PROD})")
    assert result["relatedLocations"] == [
        {"id": 1, "physicalLocation": {"artifactLocation": {"uri": DEV, "uriBaseId": "%SRCROOT%"}},
         "message": {"text": f"kubectl kustomize {DEV}"}},
        {"id": 2, "physicalLocation": {"artifactLocation": {"uri": PROD, "uriBaseId": "%SRCROOT%"}},
         "message": {"text": f"kubectl kustomize {PROD}"}}]

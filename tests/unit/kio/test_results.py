"""Result schema types, order and the stderr line."""
from __future__ import annotations

from krmfn.model.findings import ERROR, FIRST_ITEM, INFO, WARNING, Finding
from krmfn.kio.items import Item
from krmfn.kio.results import REACHED_THROUGH, reached_through, sort_key, stderr_line, to_result


def vm_item(path=None, index=None, file=None, doc_index=None):
    annotations = {}
    if path:
        annotations["internal.config.kubernetes.io/path"] = path
    if index is not None:
        annotations["internal.config.kubernetes.io/index"] = index
    value = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
             "metadata": {"name": "vm-a", "namespace": "lab", "annotations": annotations}}
    return Item(None, 0, value, file=file, doc_index=doc_index)


def test_result_has_typed_fields():
    finding = Finding(ERROR, "boom", item=0, path="spec.instancetype.name", check="instancetype-exists",
                      current="u1.huge")
    result = to_result(finding, [vm_item("vms/a.yaml", "2")])
    assert result == {
        "message": "boom",
        "severity": "error",
        "resourceRef": {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "name": "vm-a", "namespace": "lab"},
        "field": {"path": "spec.instancetype.name", "currentValue": "u1.huge"},
        "file": {"path": "vms/a.yaml", "index": 2},
        "tags": {"check": "instancetype-exists"},
    }
    assert isinstance(result["file"]["index"], int) and isinstance(result["field"]["path"], str)


def test_cli_origin_when_no_annotations():
    result = to_result(Finding(WARNING, "w", item=0), [vm_item(file="x.yaml", doc_index=3)])
    assert result["file"] == {"path": "x.yaml", "index": 3}


def test_no_file_under_kustomize():
    assert "file" not in to_result(Finding(ERROR, "e", item=0), [vm_item()])


def test_order_is_file_index_severity_message():
    results = [
        {"message": "b", "severity": INFO, "file": {"path": "a.yaml", "index": 0}},
        {"message": "z", "severity": ERROR, "file": {"path": "a.yaml", "index": 1}},
        {"message": "a", "severity": WARNING, "file": {"path": "a.yaml", "index": 0}},
        {"message": "c", "severity": ERROR, "file": {"path": "a.yaml", "index": 0}},
        {"message": "x", "severity": ERROR, "file": {"path": "0.yaml", "index": 5}},
    ]
    assert [r["message"] for r in sorted(results, key=sort_key)] == ["x", "c", "a", "b", "z"]


def test_stderr_line_names_the_document_when_only_the_index_is_known():
    """Under kpt and kustomize the orchestrator's index is all there is: `file:N` would read as a line."""
    result = to_result(Finding(ERROR, "not found", item=0, path="spec.instancetype"),
                       [vm_item("vms/a.yaml", "1")])
    assert stderr_line(result) == "vms/a.yaml (document 2): VirtualMachine lab/vm-a spec.instancetype: not found"
    assert stderr_line({"message": "m", "severity": WARNING}) == "warning: m"


def test_stderr_line_uses_the_line_and_column_when_known():
    result = {"message": "invalid YAML at line 4, column 5: x", "severity": ERROR,
              "file": {"path": "bad.yaml", "line": 4, "column": 5}, "tags": {"check": "input"}}
    assert stderr_line(result) == "bad.yaml:4:5: invalid YAML at line 4, column 5: x"
    result["file"] = {"path": "a.yaml", "index": 0, "line": 7}
    assert stderr_line(result).startswith("a.yaml:7: invalid")
    result["file"] = {"path": "a.yaml"}
    assert stderr_line(result).startswith("a.yaml: invalid")


def test_first_definition_is_located_from_the_tag_not_the_message():
    items = [vm_item("vms/a.yaml", "0"), vm_item("vms/b.yaml", "3")]
    finding = Finding(ERROR, "defined twice", item=1, path="metadata.name", check="duplicate-object",
                      tags={FIRST_ITEM: "0"})
    result = to_result(finding, items)
    assert result["message"] == "defined twice (first definition: vms/a.yaml (document 1))"
    assert result["tags"] == {"check": "duplicate-object"}
    assert to_result(finding, items, locate=lambda item, within=None: "vms/a.yaml:4")["message"] == (
        "defined twice (first definition: vms/a.yaml:4)")
    bare = [Item(None, 0, {"kind": "ConfigMap", "metadata": {"name": "x"}}), items[1]]
    assert to_result(finding, bare)["message"] == "defined twice (first definition: item 0)"


def test_stderr_line_ends_with_the_ways_a_failed_build_went_to_the_file():
    """Every mode's stderr (inline, explain, diff, fit, the function) says how an overlay reached
    a broken base; validate's merged report says it once for all (krmfn.report.merge)."""
    failed = {"message": "kustomize build failed: yaml: line 5: mapping key \"name\" already defined",
              "severity": ERROR, "file": {"path": "base/vm.yaml", "line": 5},
              REACHED_THROUGH: [["overlays/dev", "base"], ["overlays/prod", "base"]]}
    assert stderr_line(failed) == ('base/vm.yaml:5: kustomize build failed: yaml: line 5: mapping key "name" already '
                                   "defined (reached through overlays/dev -> base; overlays/prod -> base)")
    assert reached_through({"message": "x"}) == "" and reached_through({REACHED_THROUGH: [[]]}) == ""

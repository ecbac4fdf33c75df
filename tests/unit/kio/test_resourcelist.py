"""The ResourceList contract: fatal input writes nothing, everything else comes out."""
from __future__ import annotations

import pytest

from krmfn.cli import krm as cli
from krmfn.kio.output import leading_comments
from krmfn.model.outcome import passthrough
from tests.conftest import VALIDATE, krm, krmfn_process, resource_list

CM = "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n"


@pytest.mark.parametrize("data, message", [
    (b"", "empty input"),
    (b"   \n# only a comment\n", "empty input"),
    (b"items: [\n", "invalid YAML"),
    (b"\x00\x01\x02binary", "binary"),
    (b"\xff\xfe\xfa", "not UTF-8"),
    (b"- just\n- a list\n", "not a ResourceList"),
    (b"apiVersion: v1\nkind: ConfigMap\n", "not a ResourceList"),
    (b"kind: ResourceList\nitems: {a: 1}\n", "items must be a list"),
    (b"kind: ResourceList\nitems: [1, 2]\n", "items[0] is not a mapping"),
    (b"kind: ResourceList\nitems:\n- a: 1\n- [x]\n", "items[1] is not a mapping"),
    (b"kind: ResourceList\nitems: []\nfunctionConfig: [1]\n", "functionConfig must be a mapping"),
    (b"kind: ResourceList\nitems: []\n---\nkind: ResourceList\nitems: []\n", "got 2 documents"),
    (b"kind: ResourceList\nitems:\n- {a: 1, a: 2}\n", "duplicate key"),
])
def test_fatal_input_writes_nothing(data, message):
    run = krm(data)
    assert run.code == 1
    assert run.stdout == ""
    assert message in run.stderr
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr


@pytest.mark.parametrize("items", ["items: []\n", "items:\n", "items: null\n", ""])
def test_no_items_is_not_an_error(items):
    run = krm("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n" + items
              + "functionConfig:\n" + VALIDATE)
    assert run.code == 0, run.stderr
    assert run.doc()["items"] == []


def test_api_version_is_echoed():
    run = krm(resource_list(CM, VALIDATE).replace("config.kubernetes.io/v1", "config.kubernetes.io/v1beta1"))
    assert run.doc()["apiVersion"] == "config.kubernetes.io/v1beta1"


def test_unknown_items_pass_through():
    items = (
        "- resources: [vm.yaml]\n"  # a bare kustomization.yaml as kpt sends it
        "- apiVersion: kpt.dev/v1\n  kind: Kptfile\n  metadata:\n    name: pkg\n"
        "- apiVersion: example.com/v1\n  kind: Widget\n  metadata:\n    name: w\n  spec: {size: 3}\n"
        "- kind: NoMetadata\n"
    )
    run = krm(resource_list(items, VALIDATE))
    assert run.doc()["items"] == [
        {"resources": ["vm.yaml"]},
        {"apiVersion": "kpt.dev/v1", "kind": "Kptfile", "metadata": {"name": "pkg"}},
        {"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w"}, "spec": {"size": 3}},
        {"kind": "NoMetadata"},
    ]


def test_earlier_results_are_kept_and_new_ones_appended():
    earlier = "results:\n- message: from an earlier step\n  severity: warning\n  tags: {x: '1'}\n"
    run = krm(resource_list(CM + CM, VALIDATE) + earlier)  # the duplicate gives a new result
    results = run.doc()["results"]
    assert results[0] == {"message": "from an earlier step", "severity": "warning", "tags": {"x": "1"}}
    assert len(results) == 2 and results[1]["tags"] == {"check": "duplicate-object"}


def test_function_config_error_keeps_items_and_names_the_field():
    run = krm(resource_list(CM, "  apiVersion: v1\n  kind: ConfigMap\n  data: {mode: validate, bogus: 'x'}\n"))
    assert run.code == 1
    doc = run.doc()
    assert doc["items"] == [{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}}]
    (result,) = doc["results"]
    assert result["severity"] == "error" and "data.bogus" in result["message"]
    assert 'unknown option "bogus"' in run.stderr


def test_output_is_deterministic():
    data = resource_list(CM * 3, VALIDATE)
    assert krm(data).stdout == krm(data).stdout


def test_an_item_that_cannot_be_patched_is_written_from_its_value(monkeypatch):
    """One changed item with a control character in a new value; the others are patched."""
    def change_all(mode, values, options):
        outcome = passthrough(values)
        outcome.items = [{**v, "data": {"note": "bell\x07" if i == 1 else "fine"}} for i, v in enumerate(values)]
        outcome.changed = set(range(len(values)))
        return outcome

    monkeypatch.setattr(cli, "run", change_all)
    run = krm(resource_list(CM.replace("name: a", "name: a\n    labels: {v: '1.10'}") * 3, VALIDATE))
    items = run.doc()["items"]
    assert [i["data"]["note"] for i in items] == ["fine", "bell\x07", "fine"]
    assert run.stdout.count("v: '1.10'") == 3


def test_a_changed_cli_document_keeps_the_comments_that_open_it(tmp_path):
    text = ("# header of the file\n\n# what the VM is for\napiVersion: kubevirt.io/v1\nkind: VirtualMachine\n"
            "metadata: {name: vm, namespace: ns}  # not kept: inside the changed document\n"
            "spec:\n  runStrategy: Halted\n  template:\n    spec:\n      domain: {devices: {}}\n"
            "---\n# second\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n")
    data = text.encode()
    assert leading_comments(data, (0, len(data))) == "# header of the file\n\n# what the VM is for\n"
    assert leading_comments(b"apiVersion: v1\n# later\n", (0, 23)) == ""
    path = tmp_path / "vm.yaml"
    path.write_text(text)
    out = krmfn_process(["normalize", "--no-config", str(path)]).stdout
    assert out.startswith("# header of the file\n\n# what the VM is for\napiVersion: kubevirt.io/v1\n")
    assert out.endswith("---\n# second\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n")
    assert "architecture: amd64" in out

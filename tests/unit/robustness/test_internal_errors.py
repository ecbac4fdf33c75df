"""No traceback reaches the user, ever (issue 8): an unexpected internal error (simulated here by
making an engine function raise) becomes one error result naming the item, and the other items
still come out, processed; a crash in reading or writing is fatal input (nothing on stdout).
"""
from __future__ import annotations

import io

import pytest

import krmfn.kubevirt.instancetype.expand.vms as expand_loop
import krmfn.modes.validate.context as validate_context
from krmfn.cli import main as cli
from krmfn.modes import dispatch as modes
from krmfn.kio import output
from krmfn.kio import resourcelist as rlio
from krmfn.modes.validate.checks import duplicate_object
from tests.conftest import krm, load12

IT = ("- {apiVersion: instancetype.kubevirt.io/v1beta1, kind: VirtualMachineClusterInstancetype, "
      "metadata: {name: it}, spec: {cpu: {guest: 2}, memory: {guest: 2Gi}}}\n")
BAD_IT = IT.replace("name: it}", "name: bad}").replace("guest: 2}", "guest: -1}")


def vm(name: str) -> str:
    return (f"- {{apiVersion: kubevirt.io/v1, kind: VirtualMachine, metadata: {{name: {name}}}, "
            "spec: {instancetype: {name: it}, template: {spec: {domain: {devices: {}}}}}}\n")


def bundle(mode: str) -> str:
    return ("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n" + IT + BAD_IT + vm("a") + vm("boom")
            + vm("c") + f"functionConfig: {{apiVersion: v1, kind: ConfigMap, metadata: {{name: fn}}, "
                        f"data: {{mode: {mode}}}}}\n")


def _named(value, name: str) -> bool:
    return isinstance(value, dict) and (value.get("metadata") or {}).get("name") == name


def _internal_errors(doc: dict) -> list[dict]:
    return [r for r in doc.get("results") or [] if (r.get("tags") or {}).get("check") == "internal-error"]


def test_inline_crash_on_one_vm_names_it_and_expands_the_others(monkeypatch):
    expand = expand_loop.expand_vm

    def crashing(vm, *args, **kwargs):
        if _named(vm, "boom"):
            raise ZeroDivisionError("simulated")
        return expand(vm, *args, **kwargs)

    monkeypatch.setattr(expand_loop, "expand_vm", crashing)
    run = krm(bundle("inline"))
    doc = load12(run.stdout)
    assert run.code == 1 and "Traceback" not in run.stderr
    assert [r["resourceRef"]["name"] for r in _internal_errors(doc)] == ["boom"]
    names = [item["metadata"]["name"] for item in doc["items"]]
    assert names == ["it", "bad", "a", "boom", "c"]
    expanded = {item["metadata"]["name"]: "krmfn.dev/inlined-from" in (item["metadata"].get("annotations") or {})
                for item in doc["items"] if item["kind"] == "VirtualMachine"}
    assert expanded == {"a": True, "boom": False, "c": True}
    assert "VirtualMachine boom: internal error" in run.stderr


@pytest.mark.parametrize("where", ["admission", "check"])
def test_validate_crash_names_the_item_and_checks_the_others(monkeypatch, where):
    if where == "admission":
        admit = validate_context.admit_items

        def crashing(values, *args, **kwargs):
            if any(_named(v, "boom") for v in values):
                raise KeyError("simulated")
            return admit(values, *args, **kwargs)

        monkeypatch.setattr(validate_context, "admit_items", crashing)
    else:
        def crashing_check(ctx):
            if any(_named(v, "boom") for v in ctx.values):
                raise KeyError("simulated")
            return []

        monkeypatch.setattr(duplicate_object, "run", crashing_check)
    run = krm(bundle("validate"))
    doc = load12(run.stdout)
    assert run.code == 1 and "Traceback" not in run.stderr
    assert [r["resourceRef"]["name"] for r in _internal_errors(doc)] == ["boom"]
    assert [item["metadata"]["name"] for item in doc["items"]] == ["it", "bad", "a", "boom", "c"]
    # the other items were validated: the broken instance type is still reported
    assert any(r.get("resourceRef", {}).get("name") == "bad" and "cannot unmarshal number -1" in r["message"]
               for r in doc["results"])


def test_a_crash_that_no_item_explains_passes_everything_through(monkeypatch):
    def always(values, options):
        raise RuntimeError("simulated")

    monkeypatch.setitem(modes.RUNNERS, "generate", lambda: always)
    run = krm(bundle("generate"))
    doc = load12(run.stdout)
    assert run.code == 1
    assert len(_internal_errors(doc)) == 1 and "resourceRef" not in _internal_errors(doc)[0]
    assert [item["metadata"]["name"] for item in doc["items"]] == ["it", "bad", "a", "boom", "c"]


@pytest.mark.parametrize("stage", ["read", "write_chunks"])
def test_a_reader_or_writer_crash_is_fatal(monkeypatch, stage):
    def broken(*args, **kwargs):
        raise TypeError("simulated")

    monkeypatch.setattr(rlio if stage == "read" else output, stage, broken)
    run = krm(bundle("inline"))
    assert (run.code, run.stdout) == (1, "")
    assert run.stderr == f"krmfn: internal error {'reading the input' if stage == 'read' else 'writing the output'}: " \
                         "TypeError: simulated\n"


def test_main_never_prints_a_traceback(monkeypatch, capsys):
    def broken(argv):
        raise MemoryError("simulated")

    monkeypatch.setattr(cli, "_main", broken)
    assert cli.main(["validate", "x.yaml"]) == 1
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", "krmfn: internal error: MemoryError: simulated\n")


def test_cli_mode_crash_names_the_item(monkeypatch, tmp_path):
    expand = expand_loop.expand_vm

    def crashing(vm, *args, **kwargs):
        if _named(vm, "boom"):
            raise ZeroDivisionError("simulated")
        return expand(vm, *args, **kwargs)

    monkeypatch.setattr(expand_loop, "expand_vm", crashing)
    path = tmp_path / "vms.yaml"
    path.write_text("---\n".join(line[2:] for line in (IT + vm("a") + vm("boom")).splitlines(keepends=True)))
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    assert cli.main(["inline", str(path)]) == 1
    assert "VirtualMachine boom: internal error" in err.getvalue() and "Traceback" not in err.getvalue()
    docs = out.getvalue().split("\n---\n")  # every item comes out, the one that crashed unchanged
    assert len(docs) == 3 and any("name: boom" in d for d in docs)

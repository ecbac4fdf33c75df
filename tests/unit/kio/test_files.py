"""The CLI's reader: what it walks, what it leaves out, and each unreadable input as one located problem."""
from __future__ import annotations

import os
import shutil

import pytest

from krmfn.kio.files import (
    INPUT_FAILING, INPUT_PASSING, InputProblem, Source, display_like, excluded, expand_paths, load_items,
    read_bundles, read_items, read_objects, require_paths,
)
from krmfn.kio.resourcelist import FatalInput
from krmfn.model import check_ids

CM = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {}\n"


def test_a_bad_document_is_one_problem_and_the_others_are_read():
    data = (CM.format("a") + "---\n- a list\n---\n" + CM.format("b") + "  name: c\n---\n" + CM.format("d")).encode()
    items, problems = read_items([Source("s.yaml", data)])
    assert [(item.value["metadata"]["name"], item.doc_index) for item in items] == [("a", 0), ("d", 3)]
    assert problems == [
        InputProblem("s.yaml", "document 2 is not a mapping (a Kubernetes object)", 6, 1, 1),
        InputProblem("s.yaml", 'invalid YAML at line 12, column 3: duplicate key "name" in a mapping', 12, 3, 2),
    ]
    assert problems[1].result() == {
        "message": 'invalid YAML at line 12, column 3: duplicate key "name" in a mapping', "severity": "error",
        "file": {"path": "s.yaml", "index": 2, "line": 12, "column": 3}, "tags": {"check": check_ids.INPUT}}


def test_fragments_and_lists_are_expected_inside_a_kustomization_only():
    fragment, patch = b"spec:\n  running: true\n", b"- op: remove\n  path: /spec\n"
    assert [p.message for p in read_items([Source("f.yaml", fragment), Source("p.yaml", patch)], objects=True)[1]] == [
        "document 1 is not a Kubernetes object: it has no apiVersion and no kind "
        "(a patch fragment belongs in a kustomization directory)",
        "document 1 is not a mapping (a Kubernetes object)"]
    items, problems = read_items([Source("f.yaml", fragment, in_kustomization=True),
                                  Source("p.yaml", patch, in_kustomization=True)], objects=True)
    assert problems == [] and [item.value for item in items] == [{"spec": {"running": True}}]
    assert load_items([Source("f.yaml", fragment)])[0].value == {"spec": {"running": True}}  # strict: as before


def test_strict_reading_raises_on_the_first_problem():
    with pytest.raises(FatalInput, match=r"^x.yaml: invalid YAML at line 2, column 1: missing terminating ]$"):
        load_items([Source("ok.yaml", CM.format("a").encode()), Source("x.yaml", b"a: [b\n")])


def test_exclude_matches_the_relative_path_or_the_name():
    assert excluded("charts/web/values.yaml", ["charts/*"]) and excluded("charts/web/values.yaml", ["values.yaml"])
    assert excluded("charts", ["charts"]) and not excluded("apps/web.yaml", ["web"])


def test_an_exclude_that_leaves_nothing_out_of_a_directory_is_a_note(tmp_path, capsys):
    """As linters treat a pattern that matches nothing: said on stderr, not a finding (the exit code
    and the reports are unchanged); a list of files (pre-commit's) often holds none of what an
    exclude is for, so there it says nothing."""
    (tmp_path / "charts").mkdir()
    (tmp_path / "charts" / "a.yaml").write_text(CM.format("a"))
    (tmp_path / "b.yaml").write_text(CM.format("b"))
    walk = expand_paths([str(tmp_path)], exclude=["charts", "nosuch", "*.json"])
    assert [entry.path for entry in walk.entries] == [str(tmp_path / "b.yaml")] and walk.problems == []
    assert walk.notes == [f"--exclude {pattern} matched no file or directory in {tmp_path}: it left nothing out"
                          for pattern in ("nosuch", "*.json")]
    assert expand_paths([str(tmp_path / "b.yaml")], exclude=["nosuch"]).notes == []
    [bundle] = read_bundles([str(tmp_path)], exclude=["nosuch"])
    assert sorted(item.value["metadata"]["name"] for item in bundle.items) == ["a", "b"] and bundle.problems == []
    assert capsys.readouterr().err == (f"krmfn: note: --exclude nosuch matched no file or directory in {tmp_path}: "
                                       "it left nothing out\n")


def test_a_file_named_on_the_command_line_is_excluded_by_its_directories_too():
    paths = ["charts/web/templates/a.yaml", "apps/a.yaml", "-"]
    assert [e.path for e in expand_paths(paths, exclude=["charts"]).entries] == ["apps/a.yaml", "-"]
    assert [e.path for e in expand_paths(paths, exclude=["templates"]).entries] == ["apps/a.yaml", "-"]
    assert [e.path for e in expand_paths(paths, exclude=["a.yaml"]).entries] == ["-"]


def test_the_walk_finds_kustomizations_and_prunes_excluded_directories(tmp_path):
    for folder in ("app/base", "app/overlay/patches", "app/components/x", "charts/web", ".git"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "app/base/kustomization.yml").write_text("resources: [a.yaml]\n")
    (tmp_path / "app/overlay/Kustomization").write_text("resources: [../base]\n")
    (tmp_path / "app/components/x/kustomization.yaml").write_text("kind: Component\n")
    for name in ("app/base/a.yaml", "app/overlay/patches/p.yaml", "app/components/x/c.yaml", "charts/web/t.yaml",
                 ".git/x.yaml", "top.yml"):
        (tmp_path / name).write_text(CM.format("x"))
    walk = expand_paths([str(tmp_path)], exclude=["charts"])
    rel = {str(e.path)[len(str(tmp_path)) + 1:]: e.kustomization for e in walk.entries}
    assert rel == {"app/base/a.yaml": str(tmp_path / "app/base"),
                   "app/base/kustomization.yml": str(tmp_path / "app/base"),
                   "app/components/x/c.yaml": str(tmp_path / "app/components/x"),
                   "app/components/x/kustomization.yaml": str(tmp_path / "app/components/x"),
                   "app/overlay/patches/p.yaml": str(tmp_path / "app/overlay"),
                   "top.yml": None}
    assert walk.kustomizations == [str(tmp_path / "app/base"), str(tmp_path / "app/overlay")]  # no Component
    assert walk.components == [str(tmp_path / "app/components/x")]
    assert set(walk.tops) == {*walk.kustomizations, *walk.components} and set(walk.tops.values()) == {str(tmp_path)}
    # a file named on its own inside a kustomization is not a loose fragment
    assert expand_paths([str(tmp_path / "app/overlay/patches/p.yaml")]).entries[0].kustomization == str(
        tmp_path / "app/overlay")


def test_the_walk_leaves_dot_files_out_but_reads_one_named_on_the_command_line(tmp_path):
    for name in (".pre-commit-config.yaml", ".gitlab-ci.yml", ".krmfn.yaml", "vm.yaml"):
        (tmp_path / name).write_text(CM.format("x"))
    assert [e.path for e in expand_paths([str(tmp_path)]).entries] == [str(tmp_path / "vm.yaml")]
    named = str(tmp_path / ".gitlab-ci.yml")
    assert [e.path for e in expand_paths([named]).entries] == [named]


def test_a_helm_chart_is_one_problem_naming_how_to_check_it(tmp_path):
    chart = tmp_path / "charts" / "db"
    (chart / "templates").mkdir(parents=True)
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: db\nversion: 0.1.0\n")
    (chart / "values.yaml").write_text("size: u1.large\n")
    (chart / "templates" / "vm.yaml").write_text("metadata:\n  name: {{ .Release.Name }}\n")
    (tmp_path / "vm.yaml").write_text(CM.format("x"))
    for top in (tmp_path, chart):
        walk = expand_paths([str(top)])
        assert [e.path for e in walk.entries] == ([str(tmp_path / "vm.yaml")] if top == tmp_path else [])
        assert [(p.path, p.message, p.line) for p in walk.problems] == [(str(chart), (
            f"a Helm chart (Chart.yaml): its templates are Kubernetes YAML only once rendered; validate what it "
            f"renders (helm template {chart} | krmfn validate -) or leave it out with --exclude db"), None)]
    assert expand_paths([str(tmp_path)], exclude=["db"]).problems == []
    assert expand_paths([str(chart)], exclude=["db"]).problems == []  # a directory named is excluded too
    files = [str(chart / "Chart.yaml"), str(chart / "values.yaml"), str(chart / "templates" / "vm.yaml")]
    listed = expand_paths([*files, str(tmp_path / "vm.yaml")])  # as pre-commit passes them
    assert [e.path for e in listed.entries] == [str(tmp_path / "vm.yaml")]
    assert [p.path for p in listed.problems] == [str(chart)]


def test_a_kustomization_inside_another_ones_directory_is_a_bundle_too(tmp_path):
    (tmp_path / "app" / "extra").mkdir(parents=True)
    (tmp_path / "app" / "kustomization.yaml").write_text("resources: [vm.yaml]\n")
    (tmp_path / "app" / "extra" / "kustomization.yaml").write_text("resources: [vm.yaml]\n")
    walk = expand_paths([str(tmp_path)])
    assert walk.kustomizations == [str(tmp_path / "app"), str(tmp_path / "app" / "extra")]


def test_a_bad_limit_variable_stays_fatal(monkeypatch, tmp_path):
    monkeypatch.setenv("KRMFN_MAX_DEPTH", "zero")
    with pytest.raises(FatalInput, match="KRMFN_MAX_DEPTH"):
        read_bundles([str(tmp_path)])


def test_the_input_checks_examples_pass_and_fail():
    """The documented examples, for `krmfn checks input`."""
    assert read_items([Source("ok.yaml", INPUT_PASSING.encode())], objects=True)[1] == []
    assert [p.line for p in read_items([Source("bad.yaml", INPUT_FAILING.encode())], objects=True)[1]] == [5]


# --- kustomizations ----------------------------------------------------------------------------

needs_kubectl = pytest.mark.skipif(shutil.which("kubectl") is None,
                                   reason="kubectl is not installed: no real kustomize to build with")
VM = "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: {}\nspec:\n  runStrategy: Always\n"
# one kustomization using one Component with a patch (the patch has apiVersion, kind and a name)
WITH_COMPONENT = {
    "app/kustomization.yaml": "resources: [vm.yaml]\ncomponents: [../component]\n",
    "app/vm.yaml": VM.format("db"),
    "component/kustomization.yaml": "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n"
                                    "patches:\n- path: metadata.yaml\n  target: {kind: VirtualMachine}\n",
    "component/metadata.yaml": "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: metadata\n"
                               "  labels: {team: a}\n",
}


def write(root, files):
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)


@needs_kubectl
def test_a_component_and_its_patches_are_read_only_through_the_kustomization_that_uses_it(tmp_path):
    write(tmp_path, WITH_COMPONENT)
    bundles = read_bundles([str(tmp_path)], kustomize=True)
    assert [(b.built_from, [i.value["metadata"] for i in b.items], b.problems) for b in bundles] == [
        (None, [], []), (str(tmp_path / "app"), [{"labels": {"team": "a"}, "name": "db"}], [])]
    assert (bundles[1].items[0].file, bundles[1].items[0].doc_index) == (str(tmp_path / "app/vm.yaml"), 0)


@needs_kubectl
def test_a_component_no_kustomization_uses_is_one_info(tmp_path):
    write(tmp_path, {path: text for path, text in WITH_COMPONENT.items() if path.startswith("component/")})
    bundles = read_bundles([str(tmp_path)], kustomize=True)
    assert bundles == [type(bundles[0])([], [InputProblem(
        str(tmp_path / "component"), "a kustomize Component that no kustomization here uses (components: [...]): it "
        "is checked as part of each kustomization that includes it, not on its own", severity="info")])]


def test_file_by_file_kustomization_files_and_patches_are_not_objects(tmp_path):
    write(tmp_path, {**WITH_COMPONENT, "component/resource.yaml": VM.format("extra"),
                     "component/kustomization.yaml": WITH_COMPONENT["component/kustomization.yaml"]
                     + "resources: [resource.yaml]\n"})
    bundles = read_bundles([str(tmp_path)], kustomize=False)
    assert len(bundles) == 1 and bundles[0].problems == []
    assert [(os.path.relpath(i.file, tmp_path), i.value["metadata"]["name"]) for i in bundles[0].items] == [
        ("app/vm.yaml", "db"), ("component/resource.yaml", "extra")]
    named = read_bundles([str(tmp_path / "component/metadata.yaml"), str(tmp_path / "app/vm.yaml")])
    assert [i.value["metadata"]["name"] for i in named[0].items] == ["db"]  # a patch named on its own too


@needs_kubectl
def test_a_failed_build_is_one_problem_on_the_file_to_fix_with_the_way_there(tmp_path, monkeypatch):
    (tmp_path / ".git").mkdir()
    write(tmp_path, {"apps/base/kustomization.yaml": "resources:\n- vm.yaml\n- missing.yaml\n",
                     "apps/base/vm.yaml": VM.format("db"),
                     "apps/prod/kustomization.yaml": "resources: [../base]\n",
                     "remote/kustomization.yaml": "resources:\n- https://github.invalid/org/repo//base?ref=v1\n"})
    monkeypatch.chdir(tmp_path / "apps")
    bundles = {b.built_from: b for b in read_bundles(["."], kustomize=True)}
    base, prod = bundles["./base"].problems[0], bundles["./prod"].problems[0]
    assert (base.path, base.line, prod.path, prod.line) == ("./base/kustomization.yaml", 3) * 2
    assert base.message.startswith("kustomize build failed: accumulating resources: accumulation err='accumulating "
                                   "resources from 'missing.yaml': evalsymlink failure on 'apps/base/missing.yaml'")
    assert str(tmp_path) not in base.message and "recursed accumulation" not in prod.message
    assert (prod.message, base.reached_through, prod.reached_through) == (base.message, [], ["./prod", "./base"])
    assert prod.result()["reachedThrough"] == [["./prod", "./base"]]
    monkeypatch.chdir(tmp_path)
    remote = read_bundles(["remote"], kustomize=True)[1].problems[0]
    assert (remote.path, remote.line) == ("remote/kustomization.yaml", 2)
    assert remote.message.startswith("kustomize build failed: the remote resource "
                                     "https://github.invalid/org/repo//base?ref=v1 cannot be fetched (")
    assert remote.message.endswith("); check the directory's own files with --kustomize off, or leave it out with "
                                   "--exclude remote")


def test_paths_are_named_as_the_user_named_the_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a").mkdir()
    assert display_like("./a")(str(tmp_path / "a/b.yaml")) == "./a/b.yaml"
    assert display_like("a")(str(tmp_path / "a/b.yaml")) == "a/b.yaml"
    assert display_like("a")(str(tmp_path.parent / "c.yaml")) == "../c.yaml"
    assert display_like(str(tmp_path / "a"))(str(tmp_path / "a/b.yaml")) == str(tmp_path / "a/b.yaml")


def test_a_path_given_that_does_not_exist_is_fatal_in_every_reader(tmp_path):
    (tmp_path / "a.yaml").write_text(CM.format("a"))
    require_paths(["-", str(tmp_path), str(tmp_path / "a.yaml")])
    missing = str(tmp_path / "vmz")
    for read in (require_paths, read_bundles, read_objects):
        with pytest.raises(FatalInput, match=f"^{missing}: cannot read: No such file or directory$"):
            read([str(tmp_path), missing])
    # a side of `krmfn diff --git` that a revision adds or removes
    assert read_objects([missing], absent_is_empty=True) == []

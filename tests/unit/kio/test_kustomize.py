"""Building kustomizations: the tool, its options, the kustomization files, the builds (each once,
in parallel), where each object comes from, and a failed build's error and place."""
from __future__ import annotations

import os
import shutil
import subprocess
import threading

import pytest

from krmfn.kio import kustomize as kz
from krmfn.kio import kustomize_roots as roots

KUBECTL = shutil.which("kubectl")
needs_kubectl = pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed: no real kustomize to run")

# stderr of real failed builds (kubectl v1.32, kustomize v5.5), as the tests below capture them again
KLOG_ONE_LINE = ('E1128 03:48:41.542869   26719 run.go:72] "command failed" err="accumulating resources: '
                 "accumulation err='accumulating resources from 'missing.yaml': evalsymlink failure on "
                 "'/r/missing.yaml' : lstat /r/missing.yaml: no such file or directory': must build at directory: "
                 "not a valid directory: evalsymlink failure on '/r/missing.yaml' : lstat /r/missing.yaml: no such "
                 'file or directory"\n')
KLOG_BLOCK = ('E1127 22:11:27.13 11016 run.go:72] "command failed" err=<\n'
              "\tmap[string]interface {}(nil): yaml: unmarshal errors:\n"
              '\t  line 5: mapping key "name" already defined at line 4\n'
              " >\n")
WARNING_FIRST = ("# Warning: 'patchesStrategicMerge' is deprecated. Please use 'patches' instead. Run 'kustomize "
                 "edit fix' to update your Kustomization automatically.\n"
                 'E1128 03:48:44.744636   26759 run.go:72] "command failed" err="no matches for Id '
                 'VirtualMachine.v1.kubevirt.io/nope.[noNs]; failed to find unique target for patch '
                 'VirtualMachine.v1.kubevirt.io/nope.[noNs]"\n')
VM = "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: {}\nspec:\n  runStrategy: Always\n"


def write(root, files: dict[str, str]) -> None:
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)


# --- kustomize's error, whatever the log format ------------------------------------------------


def test_first_error_reads_every_log_format():
    assert kz.first_error(KLOG_ONE_LINE).startswith("accumulating resources: accumulation err='accumulating "
                                                    "resources from 'missing.yaml'")
    assert kz.first_error(KLOG_BLOCK) == ('map[string]interface {}(nil): yaml: unmarshal errors: line 5: mapping '
                                          'key "name" already defined at line 4')
    assert kz.first_error(WARNING_FIRST) == ("no matches for Id VirtualMachine.v1.kubevirt.io/nope.[noNs]; failed to "
                                             "find unique target for patch VirtualMachine.v1.kubevirt.io/nope.[noNs]")
    # `kustomize build`: `Error: ...`, the error's own further lines indented
    assert kz.first_error("\nError: map[string]interface {}(nil): yaml: unmarshal errors:\n  line 5: mapping key "
                          '"name" already defined at line 4\n\nUsage: ...\n') == (
        'map[string]interface {}(nil): yaml: unmarshal errors: line 5: mapping key "name" already defined at line 4')
    assert kz.first_error('E1124 04:21:45.184021   15187 run.go:72] "command failed" err="can\'t find \\"x.yaml\\""'
                          ) == 'can\'t find "x.yaml"'
    assert kz.first_error("W1128 1:2:3.4 1 warnings.go:1] something\nplain failure\n") == "plain failure"
    assert kz.first_error("") == ""


@needs_kubectl
@pytest.mark.parametrize("files, expected", [
    ({"kustomization.yaml": "resources: [missing.yaml]\n"},
     "accumulating resources: accumulation err='accumulating resources from 'missing.yaml': "),
    ({"kustomization.yaml": "resources: [cm.yaml]\n", "cm.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n"
      "  name: a\n  name: b\n"},  # kubectl's multi-line klog form
     'map[string]interface {}(nil): yaml: unmarshal errors: line 5: mapping key "name" already defined at line 4'),
    ({"kustomization.yaml": "resources: [vm.yaml]\npatchesStrategicMerge: [p.yaml]\n", "vm.yaml": VM.format("db"),
      "p.yaml": VM.format("nope")},  # a deprecation warning first
     "no matches for Id VirtualMachine.v1.kubevirt.io/nope.[noNs]; failed to find unique target for patch "),
])
def test_first_error_of_real_failed_builds(tmp_path, files, expected):
    write(tmp_path, files)
    stderr = subprocess.run([KUBECTL, "kustomize", str(tmp_path)], capture_output=True, text=True,
                            check=False).stderr
    error = kz.first_error(stderr)
    assert error.startswith(expected), stderr
    assert "\n" not in error and "run.go" not in error and "Warning" not in error


# --- the tool and its options ------------------------------------------------------------------


def test_command_prefers_kubectl_and_takes_the_build_options(tmp_path, monkeypatch):
    for name in ("kubectl", "kustomize"):
        (tmp_path / name).write_text("#!/bin/sh\n")
        (tmp_path / name).chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert kz.command() == [str(tmp_path / "kubectl"), "kustomize"]
    assert kz.command(["--enable-helm"]) == [str(tmp_path / "kubectl"), "kustomize", "--enable-helm"]
    (tmp_path / "kubectl").unlink()
    assert kz.command() == [str(tmp_path / "kustomize"), "build"]
    (tmp_path / "kustomize").unlink()
    assert kz.command() is None


def test_build_options_split_as_a_shell_would_and_keep_stdout():
    assert roots.build_options("--load-restrictor LoadRestrictionsNone --enable-helm") == [
        "--load-restrictor", "LoadRestrictionsNone", "--enable-helm"]
    assert roots.build_options("--helm-command 'my helm'") == ["--helm-command", "my helm"]
    assert roots.build_options(None) == [] and roots.build_options("") == []
    for bad in ("-o out.yaml", "--output=x", "--enable-helm 'unclosed"):
        with pytest.raises(roots.BuildOptionsError):
            roots.build_options(bad)


def test_remote_resources():
    for remote in ("github.com/kubevirt/common-instancetypes//instancetypes?ref=v1.0.0",
                   "https://example.com/base?ref=v1", "git@github.com:org/repo.git//base", "git::https://x/y"):
        assert kz.is_remote(remote), remote
    for local in ("../base", "vm.yaml", "github-copies/base"):
        assert not kz.is_remote(local), local


# --- kustomization files ----------------------------------------------------------------------


def test_a_kustomization_file_is_read_with_its_lines(tmp_path):
    write(tmp_path, {"app/kustomization.yaml": (
        "resources:\n- ../base\n- vm.yaml\n- github.com/org/repo//base?ref=v1\n"
        "components: [../comp]\nnamePrefix: p-\n"
        "patches:\n- path: size.yaml\n- path: ops.yaml\n  target: {kind: VirtualMachine, name: db}\n"
        "- target: {kind: VirtualMachine}\n  patch: |-\n    - op: replace\n      path: /spec/runStrategy\n"
        "      value: Halted\n"
        "patchesStrategicMerge:\n- old.yaml\n"
        "replacements:\n- path: replacement.yaml\n"
        "sortOptions: {order: fifo}\n"),
        "app/ops.yaml": "- op: remove\n  path: /spec\n", "app/vm.yaml": VM.format("db"),
        "base/kustomization.yaml": "resources: []\n"})
    found = kz.read_kustomization(str(tmp_path / "app"))
    app = str(tmp_path / "app")
    assert [(r.value, r.line) for r in found.resources] == [("../base", 2), ("vm.yaml", 3),
                                                          ("github.com/org/repo//base?ref=v1", 4)]
    assert found.resources[2].path == "" and found.components[0].path == str(tmp_path / "comp")
    assert [(p.file and os.path.basename(p.file), p.line, p.json6902, p.target) for p in found.patches] == [
        ("size.yaml", 8, False, {}), ("ops.yaml", 9, True, {"kind": "VirtualMachine", "name": "db"}),
        (None, 13, True, {"kind": "VirtualMachine"}), ("old.yaml", 17, False, {})]
    assert found.patches[2].text.startswith("- op: replace\n  path: /spec/runStrategy")
    assert sorted(os.path.relpath(r.path, app) for r in found.configuration) == [
        "old.yaml", "ops.yaml", "replacement.yaml", "size.yaml"]
    assert found.sort_options == {"order": "fifo"} and found.name_prefix == "p-"
    assert not found.component and not found.origin_annotations and not found.traced  # remote, replacements
    assert kz.read_kustomization(str(tmp_path)) is None


def test_the_chain_and_the_components_a_build_reads(tmp_path):
    write(tmp_path, {
        "base/kustomization.yaml": "resources: [vm.yaml]\n", "base/vm.yaml": VM.format("db"),
        "overlay/kustomization.yaml": "resources: [../base]\ncomponents: [../c1]\n",
        "c1/kustomization.yaml": "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\ncomponents: [../c2]\n",
        "c2/kustomization.yaml": "kind: Component\n", "unused/kustomization.yaml": "kind: Component\n"})
    chain = kz.chain(str(tmp_path / "overlay"))
    assert [(os.path.basename(k.directory), [os.path.basename(d) for d in via]) for k, via in chain] == [
        ("overlay", ["overlay"]), ("base", ["overlay", "base"]), ("c1", ["overlay", "c1"]),
        ("c2", ["overlay", "c1", "c2"])]
    assert chain[2][0].component
    assert kz.used_components([str(tmp_path / "overlay")]) == {str(tmp_path / "c1"), str(tmp_path / "c2")}


def test_a_component_is_recognised(tmp_path):
    (tmp_path / "k.yaml").write_text("apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n")
    (tmp_path / "n.yaml").write_text("kind: Kustomization\n# kind: Component\n")
    assert roots.is_component(str(tmp_path / "k.yaml")) and not roots.is_component(str(tmp_path / "n.yaml"))


# --- origins ----------------------------------------------------------------------------------


OUTPUT = b"""apiVersion: v1
kind: ConfigMap
metadata:
  annotations:
    keep: "yes"
    config.kubernetes.io/origin: |
      path: ../repo/base/cm.yaml
    multi: |
      a
      b
  name: p-a
---
apiVersion: v1
kind: ConfigMap
metadata:
  annotations:
    config.kubernetes.io/origin: |
      configuredIn: ../repo/kustomization.yaml
      configuredBy:
        apiVersion: builtin
        kind: ConfigMapGenerator
  name: gen-4h2mbtbbt6
---
apiVersion: v1
kind: Service
metadata:
  annotations:
    config.kubernetes.io/origin: |
      path: instancetypes/u1.yaml
      repo: https://github.com/org/repo
      ref: v1
  name: s
---
apiVersion: v1
data:
  key: |
    config.kubernetes.io/origin: |
      not: this
kind: ConfigMap
metadata:
  name: plain
"""


def test_origin_annotations_are_read_and_cut_out_line_by_line():
    cleaned, origins = kz.split_origins(OUTPUT, "/scratch/wrapper")
    assert origins == [kz.Origin(path="/scratch/repo/base/cm.yaml"),
                       kz.Origin(configured_in="/scratch/repo/kustomization.yaml", generator="ConfigMapGenerator"),
                       kz.Origin(path="instancetypes/u1.yaml", repo="https://github.com/org/repo"), None]
    assert b"config.kubernetes.io/origin: |\n      path" not in cleaned
    assert b'  annotations:\n    keep: "yes"\n    multi: |\n      a\n      b\n  name: p-a\n' in cleaned
    assert b"kind: ConfigMap\nmetadata:\n  name: gen-4h2mbtbbt6\n" in cleaned  # no annotation left: no annotations:
    assert cleaned.endswith(b"data:\n  key: |\n    config.kubernetes.io/origin: |\n      not: this\nkind: ConfigMap\n"
                            b"metadata:\n  name: plain\n")
    assert kz.split_origins(OUTPUT, "/scratch/wrapper", strip=False)[0] == OUTPUT


def test_an_annotation_left_in_a_value_is_still_read():
    value = {"metadata": {"annotations": {kz.ORIGIN_ANNOTATION: "path: a/b.yaml\n"}}}
    assert kz.origin_of_value(value, "/r") == kz.Origin(path="/r/a/b.yaml")
    assert kz.origin_of_value({"metadata": {}}, "/r") is None


def test_traced_origins_pair_each_object_with_its_file_or_give_up(tmp_path):
    write(tmp_path, {
        "base/kustomization.yaml": "namePrefix: b-\nresources: [vms.yaml]\n",
        "base/vms.yaml": VM.format("db") + "---\n" + VM.format("web"),
        "overlay/kustomization.yaml": "namePrefix: o-\nresources: [../base, extra.yaml]\n",
        "overlay/extra.yaml": VM.format("db")})
    out = (b"kind: VirtualMachine\nmetadata:\n  name: o-db\n---\nkind: VirtualMachine\nmetadata:\n  name: o-b-web\n"
           b"---\nkind: VirtualMachine\nmetadata:\n  name: o-b-db\n")
    assert [o.path for o in kz.traced_origins(out, str(tmp_path / "overlay"))] == [
        str(tmp_path / "overlay/extra.yaml"), str(tmp_path / "base/vms.yaml"), str(tmp_path / "base/vms.yaml")]
    renamed = out.replace(b"o-b-web", b"renamed")  # a patch renamed it: the one VM left
    assert [o.path for o in kz.traced_origins(renamed, str(tmp_path / "overlay"))][1] == str(tmp_path / "base/vms.yaml")
    both = renamed.replace(b"o-b-db", b"other")  # two renamed VMs: krmfn cannot tell; kustomize's annotations then
    assert kz.traced_origins(both, str(tmp_path / "overlay")) is None
    assert kz.traced_origins(out + b"---\nkind: VirtualMachine\nmetadata:\n  name: x\n", str(tmp_path / "overlay")) \
        is None


REPO = {
    "base/kustomization.yaml": "resources: [vms.yaml]\n",
    "base/vms.yaml": VM.format("db") + "---\n" + VM.format("web"),
    "comp/kustomization.yaml": "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n"
                               "patches:\n- path: label.yaml\n  target: {kind: VirtualMachine}\n",
    "comp/label.yaml": "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: any\n  labels:\n"
                       "    team: a\n",
    "overlay/kustomization.yaml": "namespace: prod\nnamePrefix: p-\nresources: [../base]\ncomponents: [../comp]\n"
                                  "sortOptions:\n  order: fifo\npatches:\n- path: size.yaml\n",
    "overlay/size.yaml": "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: web\nspec:\n"
                         "  runStrategy: Halted\n",
    "generated/kustomization.yaml": "resources: [../base]\nconfigMapGenerator:\n- name: settings\n  literals: [a=b]\n",
    "restricted/kustomization.yaml": "resources: [../base/vms.yaml]\n",
}


@needs_kubectl
@pytest.mark.parametrize("directory", ["overlay", "generated", "base"])
def test_a_build_writes_what_kubectl_kustomize_writes_and_where_each_object_comes_from(tmp_path, directory):
    write(tmp_path, REPO)
    cmd = kz.command()
    plain = subprocess.run([*cmd, str(tmp_path / directory)], capture_output=True, check=True).stdout
    for done in (kz.build(cmd, str(tmp_path / directory)), kz.annotated_build(cmd, str(tmp_path / directory))):
        assert done.error is None and done.output == plain  # namespace, prefix and fifo order as they were
        assert b"config.kubernetes.io/origin" not in done.output
        assert [o.path for o in done.origins if o and o.path] == [str(tmp_path / "base/vms.yaml")] * 2
    if directory == "generated":  # a generator: kustomize's annotations say so
        generated = [o for o in kz.build(cmd, str(tmp_path / directory)).origins if o and o.configured_in]
        assert generated == [kz.Origin(configured_in=str(tmp_path / "generated/kustomization.yaml"),
                                       generator="ConfigMapGenerator")]


@needs_kubectl
def test_the_scratch_kustomization_keeps_the_load_restrictions(tmp_path):
    write(tmp_path, REPO)
    cmd = kz.command()
    done = kz.annotated_build(cmd, str(tmp_path / "restricted"))
    assert done.error.startswith("accumulating resources: accumulation err='accumulating resources from "
                                 "'../base/vms.yaml': security; file ")
    assert "must resolve to a file" not in done.error and done.chain == [str(tmp_path / "restricted")]
    relaxed = kz.annotated_build([*cmd, "--load-restrictor", "LoadRestrictionsNone"], str(tmp_path / "restricted"))
    assert relaxed.error is None and len(relaxed.origins) == 2


@needs_kubectl
def test_origin_annotations_the_kustomization_asks_for_are_kept(tmp_path):
    write(tmp_path, {"k/kustomization.yaml": "resources: [vm.yaml]\nbuildMetadata: [originAnnotations]\n",
                     "k/vm.yaml": VM.format("db")})
    done = kz.build(kz.command(), str(tmp_path / "k"))
    assert b"config.kubernetes.io/origin: |\n      path: vm.yaml\n" in done.output
    assert done.origins == [kz.Origin(path=str(tmp_path / "k/vm.yaml"))]


def test_each_directory_is_built_once_and_in_parallel(tmp_path, monkeypatch):
    calls: list[str] = []
    running, peak = [0], [0]
    lock = threading.Lock()
    release = threading.Event()

    def fake(cmd, directory):
        with lock:
            calls.append(directory)
            running[0] += 1
            peak[0] = max(peak[0], running[0])
            if running[0] == 2:
                release.set()
        release.wait(5)
        with lock:
            running[0] -= 1
        return kz.Build(b"")

    monkeypatch.setattr(kz, "build", fake)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    builder = kz.Builder(["tool"], jobs=2)
    builder.start([str(tmp_path / "a"), str(tmp_path / "b"), str(tmp_path / "a") + "/."])
    builder.result(str(tmp_path / "a"))
    builder.result(str(tmp_path / "b"))
    builder.close()
    assert sorted(calls) == [str(tmp_path / "a"), str(tmp_path / "b")] and peak[0] == 2


def test_a_tool_that_cannot_run_is_the_error(tmp_path):
    (tmp_path / "dir").mkdir()
    assert kz.build([str(tmp_path / "gone")], str(tmp_path / "dir")).error == (
        f"cannot run {tmp_path / 'gone'}: No such file or directory")
    tool = tmp_path / "kustomize"
    tool.write_text("#!/bin/sh\necho 'Error: no kustomization in' \"$2\" >&2\nexit 1\n")
    tool.chmod(0o755)
    assert kz.build([str(tool), "build"], str(tmp_path / "dir")).error == f"no kustomization in {tmp_path / 'dir'}"


# --- a failed build: where its problem is -----------------------------------------------------


def refused(path):
    return (4, 3) if path.endswith("bad.yaml") else None


@pytest.mark.parametrize("files, error, expected", [
    # the entry naming a missing file
    ({"k/kustomization.yaml": "resources:\n- vm.yaml\n- missing.yaml\n"},
     "accumulating resources: accumulation err='accumulating resources from 'missing.yaml': evalsymlink failure on "
     "'{root}/k/missing.yaml' : lstat {root}/k/missing.yaml: no such file or directory'",
     ("k/kustomization.yaml", 3, None, None)),
    # a file kustomize names, where krmfn's reader refuses it
    ({"k/kustomization.yaml": "resources: [bad.yaml]\n", "k/bad.yaml": "x"},
     "accumulating resources: accumulating resources from 'bad.yaml': MalformedYAMLError: yaml: line 5: did not "
     "find expected node content in File: bad.yaml", ("k/bad.yaml", 4, 3, None)),
    # kustomize names no file: the first file of the build krmfn's reader refuses
    ({"k/kustomization.yaml": "resources: [ok.yaml, ../b]\n", "k/ok.yaml": "a: 1\n",
      "b/kustomization.yaml": "resources: [bad.yaml]\n", "b/bad.yaml": "x"},
     'map[string]interface {}(nil): yaml: unmarshal errors: line 5: mapping key "name" already defined at line 4',
     ("b/bad.yaml", 4, 3, None)),
    # a strategic merge patch whose object the build does not have
    ({"k/kustomization.yaml": "resources: [vm.yaml]\npatches:\n- path: p.yaml\n", "k/p.yaml": VM.format("nope")},
     "no matches for Id VirtualMachine.v1.kubevirt.io/nope.[noNs]; failed to find unique target for patch",
     ("k/p.yaml", 4, None, None)),
    # a remote base that cannot be fetched
    ({"k/kustomization.yaml": "resources:\n- ../b\n", "b/kustomization.yaml": "resources:\n- vm.yaml\n"
      "- github.com/org/repo//base?ref=v1\n"},
     "accumulating resources from 'github.com/org/repo//base?ref=v1': failed to run '/usr/bin/git fetch --depth=1 "
     "https://github.com/org/repo v1': fatal: unable to access 'https://github.com/org/repo/': Could not resolve "
     "host: github.com : exit status 128", ("b/kustomization.yaml", 3, None, "github.com/org/repo//base?ref=v1")),
])
def test_a_failed_build_is_placed_on_the_file_to_fix(tmp_path, files, error, expected):
    write(tmp_path, files)
    done = kz.Build(b"", error.replace("{root}", str(tmp_path)), chain=[str(tmp_path / "k")])
    failed = kz.failure(str(tmp_path / "k"), done, refused)
    assert (os.path.relpath(failed.file, tmp_path), failed.line, failed.column, failed.remote) == expected


def test_the_directories_kustomize_went_into_are_the_chain(tmp_path):
    error = ("accumulating resources: accumulation err='accumulating resources from '../base': '/r/base' must resolve "
             "to a file': recursed accumulation of path '/r/base': accumulating components: accumulateDirectory: "
             "\"recursed accumulation of path '/r/comp': trouble configuring builtin PatchTransformer with config: "
             "`\\npath: gone.yaml\\n`: failed to get the patch file from path(gone.yaml)\"")
    assert kz._innermost(error) == ("trouble configuring builtin PatchTransformer with config: ` path: gone.yaml `: "
                                    "failed to get the patch file from path(gone.yaml)", ["/r/base", "/r/comp"])


def test_paths_in_a_message_are_relative_to_the_repository():
    message = "lstat /repo/apps/x.yaml: no such file; '/repo/base/y.yaml'; failed to run '/usr/bin/git fetch'"
    assert kz.relative_paths(message, "/repo/apps") == (
        "lstat x.yaml: no such file; '/repo/base/y.yaml'; failed to run '/usr/bin/git fetch'")
    assert kz.relative_paths(message, "/repo/apps", ["/repo/base"]) == (
        "lstat x.yaml: no such file; '../base/y.yaml'; failed to run '/usr/bin/git fetch'")
    assert kz.fetch_error("x: fatal: unable to access 'https://h/': Could not resolve host: h : exit status 128") == (
        "unable to access 'https://h/': Could not resolve host: h")


FUNCTION = ("apiVersion: krmfn.dev/v1alpha1\nkind: Inline\nmetadata:\n  name: step\n  annotations:\n"
            "    config.kubernetes.io/function: |\n      container:\n        image: {image}\n")


def test_the_container_functions_a_kustomization_runs(tmp_path):
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "kustomization.yaml").write_text("transformers:\n- step.yaml\n")
    (tmp_path / "base" / "step.yaml").write_text(FUNCTION.format(image="localhost/krmfn@sha256:00"))
    (tmp_path / "kustomization.yaml").write_text(
        "resources:\n- base\ngenerators:\n- |-\n" + "".join(f"  {line}\n" for line in
                                                          FUNCTION.format(image="example.com/gen:1").splitlines()))
    assert kz.read_kustomization(str(tmp_path)).function_images() == ["example.com/gen:1"]
    assert kz.read_kustomization(str(tmp_path / "base")).function_images() == ["localhost/krmfn@sha256:00"]
    assert kz.runs_krmfn(str(tmp_path))  # through its base
    (tmp_path / "base" / "step.yaml").write_text(FUNCTION.format(image="example.com/krmfn-like:1"))
    assert not kz.runs_krmfn(str(tmp_path))


@pytest.mark.parametrize(("image", "krmfn"), [("ghcr.io/krmfn/krmfn:v0.1.0", True), ("krmfn", True),
                                              ("localhost/krmfn:dev", True), ("ghcr.io/krmfn/krmfn-x:1", False),
                                              ("example.com/notkrmfn:1", False)])
def test_krmfns_image(image, krmfn):
    assert kz.is_krmfn_image(image) is krmfn


def test_a_build_that_runs_krmfn_gets_its_docker_and_only_that():
    cmd, env = kz.with_krmfn_functions(["kubectl", "kustomize"])
    assert cmd == ["kubectl", "kustomize", "--enable-alpha-plugins"]
    shim = env["PATH"].split(os.pathsep)[0]
    assert os.access(os.path.join(shim, "docker"), os.X_OK) and env["KUSTOMIZE_PLUGIN_HOME"] == shim
    assert os.listdir(shim) == ["docker"]

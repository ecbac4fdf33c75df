"""The CLI reading a repository of kustomizations with the real `kubectl kustomize`: what each
kustomization renders validated as a bundle, Components only through the kustomizations that use
them, a failed build's real error on the file to fix, and every report format naming the file and
line each finding's field comes from (docs/cli.md#kustomizations)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sysconfig
import xml.etree.ElementTree as ET

import pytest

KRMFN = os.path.join(sysconfig.get_path("scripts"), "krmfn")
pytestmark = pytest.mark.skipif(shutil.which("kubectl") is None,
                                reason="kubectl is not installed: these tests run the real kubectl kustomize")

VM = """apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: {name}
spec:
  runStrategy: Always
  instancetype:
    name: {size}
  template:
    spec:
      domain:
        devices: {{}}
"""
REPO = {
    "base/kustomization.yaml": "resources:\n- vms.yaml\n",
    "base/vms.yaml": VM.format(name="db", size="u1.medium") + "---\n" + VM.format(name="web", size="u1.small"),
    "components/labels/kustomization.yaml": "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n"
                                            "patches:\n- path: metadata.yaml\n  target:\n    kind: VirtualMachine\n",
    # a patch with apiVersion, kind and a name of its own, as common-instancetypes writes them
    "components/labels/metadata.yaml": "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n"
                                       "  name: metadata\n  labels:\n    team: a\n",
    "components/unused/kustomization.yaml": "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n",
    "overlays/prod/kustomization.yaml": "namespace: prod\nnamePrefix: p-\nresources:\n- ../../base\ncomponents:\n"
                                        "- ../../components/labels\npatches:\n- path: size.yaml\n",
    "overlays/prod/size.yaml": "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: db\nspec:\n"
                               "  instancetype:\n    name: u1.huge\n",
    "overlays/dev/kustomization.yaml": "namespace: dev\nresources:\n- ../../base\npatches:\n"
                                       "- target: {kind: VirtualMachine, name: web}\n  patch: |-\n"
                                       "    - op: replace\n      path: /spec/instancetype/name\n"
                                       "      value: u1.meduim\n",
    "overlays/broken/kustomization.yaml": "resources:\n- ../../base\n- missing.yaml\n",
    "overlays/remote/kustomization.yaml": "resources:\n- https://github.invalid/org/repo//base?ref=v1\n",
}
NOT_FOUND = 'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "{}" not found'


@pytest.fixture
def repo(tmp_path):
    root = tmp_path / "repo"
    for path, text in REPO.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root


def validate(root, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([KRMFN, "validate", "--no-config", *args, "."], cwd=root, capture_output=True, text=True,
                          check=False, env={**os.environ, "GITHUB_ACTIONS": "", "NO_COLOR": ""})


def test_the_text_report_names_where_each_problem_is_written(repo):
    run = validate(repo)
    assert run.returncode == 1
    lines = [line for line in run.stdout.splitlines() if ": error " in line]
    assert lines[0].startswith("./overlays/broken/kustomization.yaml:3: error [input] kustomize build failed: "
                               "accumulating resources: accumulation err='accumulating resources from "
                               "'missing.yaml': evalsymlink failure on 'overlays/broken/missing.yaml'")
    assert lines[1] == ("./overlays/dev/kustomization.yaml:9: error [reference] VirtualMachine dev/web "
                        "spec.instancetype.name: " + NOT_FOUND.format("u1.meduim") + " (did you mean u1.medium?)")
    assert lines[2] == ("./overlays/prod/size.yaml:7: error [reference] VirtualMachine prod/p-db "
                        "spec.instancetype.name: " + NOT_FOUND.format("u1.huge"))
    assert lines[3].startswith("./overlays/remote/kustomization.yaml:2: error [input] kustomize build failed: the "
                               "remote resource https://github.invalid/org/repo//base?ref=v1 cannot be fetched (")
    assert lines[3].endswith("check the directory's own files with --kustomize off, or leave it out with --exclude "
                             "overlays/remote")
    # the unused Component is one info; the used one's patch is neither an object nor a finding
    assert "components/unused: info [input] a kustomize Component that no kustomization here uses" in run.stdout
    assert "metadata.yaml" not in run.stdout and "[schema]" not in run.stdout and "[duplicate" not in run.stdout
    # objects: the base's two VMs, and each built overlay's
    assert len(lines) == 4 and run.stdout.splitlines()[-1].startswith("krmfn validate: 6 objects, 4 errors, ")


def test_github_sarif_and_junit_name_the_file_and_line(repo):
    github = validate(repo, "--format", "github").stdout
    # as the repository's tree names the file, where GitHub attaches the annotation (no `./`)
    assert "::error file=overlays/prod/size.yaml,line=7,title=krmfn reference::" in github
    assert "::error file=overlays/dev/kustomization.yaml,line=9,title=krmfn reference::" in github
    sarif = json.loads(validate(repo, "--format", "sarif").stdout)
    places = {(loc["physicalLocation"]["artifactLocation"]["uri"], loc["physicalLocation"]["region"]["startLine"])
              for result in sarif["runs"][0]["results"] for loc in result["locations"]
              if "region" in loc.get("physicalLocation", {})}
    assert {("overlays/prod/size.yaml", 7), ("overlays/dev/kustomization.yaml", 9),
            ("overlays/broken/kustomization.yaml", 3)} <= places
    junit = ET.fromstring(validate(repo, "--format", "junit").stdout)
    failures = {(case.get("classname"), line.split(":")[0]) for case in junit.iter("testcase")
                for failure in case.iter("failure") for line in (failure.text or "").splitlines()}
    # in the object's own testcase (the base's file), each line naming the patch that wrote the field
    assert {("./base/vms.yaml", "./overlays/prod/size.yaml line 7"),
            ("./base/vms.yaml", "./overlays/dev/kustomization.yaml line 9")} <= failures
    results = json.loads(validate(repo, "--format", "json").stdout)["results"]
    prod = next(r for r in results if "u1.huge" in r["message"])
    assert prod["file"] == {"path": "./overlays/prod/size.yaml", "index": 0, "line": 7}


def test_kustomize_off_and_exclude_are_the_ways_out(repo):
    run = validate(repo, "--exclude", "remote", "--exclude", "broken")
    assert "[input]" not in run.stdout.replace("info [input]", "")
    off = validate(repo, "--kustomize", "off")
    assert "kustomize build failed" not in off.stdout and "metadata.yaml" not in off.stdout


def test_a_build_is_what_kubectl_kustomize_renders(repo):
    """inline of an overlay writes kubectl kustomize's objects, expanded; nothing of krmfn's annotations."""
    rendered = subprocess.run(["kubectl", "kustomize", str(repo / "overlays/prod")], capture_output=True, text=True,
                              check=True).stdout
    inline = subprocess.run([KRMFN, "inline", "--no-config", "--kustomize-build-options=--load-restrictor "
                             "LoadRestrictionsRootOnly", "overlays/prod"], cwd=repo, capture_output=True, text=True,
                            check=False)
    assert "config.kubernetes.io/origin" not in inline.stdout
    assert inline.stdout.count("kind: VirtualMachine\n") == rendered.count("kind: VirtualMachine\n") == 2
    assert "krmfn: overlays/prod/size.yaml:7: VirtualMachine prod/p-db spec.instancetype.name: " in inline.stderr


FUNCTION = """apiVersion: krmfn.dev/v1alpha1
kind: {kind}
metadata:
  name: step
  annotations:
    config.kubernetes.io/function: |
      container:
        image: {image}
    config.kubernetes.io/local-config: "true"
"""
HYPERCONVERGED = """apiVersion: hco.kubevirt.io/v1beta1
kind: HyperConverged
metadata:
  name: kubevirt-hyperconverged
  namespace: openshift-cnv
  annotations:
    config.kubernetes.io/local-config: "true"
spec:
  featureGates:
    downwardMetrics: true
"""
METRICS_VM = VM.format(name="metrics", size="u1.small").replace("devices: {}",
                                                                "devices:\n          downwardMetrics: {}")


def write(root, files: dict[str, str]):
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root


def test_a_kustomization_that_runs_krmfn_is_built_with_krmfn(tmp_path):
    """Issue 40 item 4: an Inline transformer and a Validate step (as the README shows them) run in
    process, not 'external plugins disabled'; what the build renders is validated."""
    root = write(tmp_path / "repo", {
        "kustomization.yaml": "resources:\n- base\ntransformers:\n- inline.yaml\n- validate.yaml\n",
        "base/kustomization.yaml": "resources:\n- vms.yaml\n",
        "base/vms.yaml": VM.format(name="db", size="u1.medium") + "---\n" + VM.format(name="web", size="u1.meduim"),
        "inline.yaml": FUNCTION.format(kind="Inline", image="ghcr.io/krmfn/krmfn:v0.1.0"),
        "validate.yaml": FUNCTION.format(kind="Validate", image="localhost/krmfn:dev"),
        "validator/kustomization.yaml": "resources:\n- ../base\nvalidators:\n- validator.yaml\n",
        "validator/validator.yaml": FUNCTION.format(kind="Validate", image="ghcr.io/krmfn/krmfn:v0.1.0")
        + "spec:\n  kustomizeValidator: true\n"})
    run = validate(root)
    assert "build failed" not in run.stdout, run.stdout
    # the same problem in the three builds (the base's, the validator's, the one the Inline step expanded)
    assert run.stdout.count(NOT_FOUND.format("u1.meduim")) == 1, run.stdout
    inline = subprocess.run([KRMFN, "inline", "--no-config", "."], cwd=root, capture_output=True, text=True,
                            check=False)
    assert "build failed" not in inline.stderr and "krmfn.dev/inlined-from: instancetype" in inline.stdout


def test_a_build_runs_no_other_container_function(tmp_path):
    root = write(tmp_path / "repo", {
        "kustomization.yaml": "resources:\n- vms.yaml\ntransformers:\n- inline.yaml\n- other.yaml\n",
        "vms.yaml": VM.format(name="db", size="u1.medium"),
        "inline.yaml": FUNCTION.format(kind="Inline", image="ghcr.io/krmfn/krmfn:v0.1.0"),
        "other.yaml": FUNCTION.format(kind="Other", image="example.com/evil:1")})
    run = validate(root)
    assert run.returncode == 1
    assert ("kustomize build failed: " in run.stdout
            and "the build runs only krmfn's own function; container image example.com/evil:1 is not run" in run.stdout)


def test_a_cluster_cr_kustomize_leaves_out_still_configures_the_checks(tmp_path):
    """Issue 40 item 2: the local-config HyperConverged docs/configuration.md keeps in the bundle."""
    root = write(tmp_path / "repo", {
        "kustomization.yaml": "resources:\n- hco.yaml\n- vm.yaml\n",
        "hco.yaml": HYPERCONVERGED, "vm.yaml": METRICS_VM})
    run = validate(root)
    assert run.returncode == 0, run.stdout
    assert ("./hco.yaml:1: info [input] kustomize leaves this HyperConverged out of what it builds "
            '(config.kubernetes.io/local-config: "true"), but it describes the cluster: krmfn reads it for the '
            "cluster's configuration, as written here") in run.stdout
    assert "[cluster-config] HyperConverged openshift-cnv/kubevirt-hyperconverged" in run.stdout
    inline = subprocess.run([KRMFN, "inline", "--no-config", "."], cwd=root, capture_output=True, text=True,
                            check=False)
    assert "HyperConverged" not in inline.stdout and inline.stdout.count("kind: VirtualMachine\n") == 1
    (root / "hco.yaml").write_text(HYPERCONVERGED.replace('"true"', '"false"'))  # kept by kustomize: as any object
    assert "leaves this HyperConverged out" not in validate(root).stdout

"""``--cluster-config PATH`` end to end: the CLI reads the cluster's CR from a file; the KRM function refuses a path."""
from __future__ import annotations

import json

from tests.conftest import krmfn_process, load12, resource_list

VM = """apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata: {name: vm, namespace: ns}
spec:
  runStrategy: Halted
  template:
    metadata:
      annotations: {hooks.kubevirt.io/hookSidecars: "[{}]"}
    spec: {domain: {devices: {}, memory: {guest: 1Gi}}}
"""
HC = """apiVersion: hco.kubevirt.io/v1beta1
kind: HyperConverged
metadata:
  name: kubevirt-hyperconverged
  namespace: openshift-cnv
  annotations:
    kubevirt.kubevirt.io/jsonpatch: |-
      [{"op": "add", "path": "/spec/configuration/developerConfiguration/featureGates/-", "value": "Sidecar"}]
spec: {}
"""
SIDECAR = "sidecar feature gate is not enabled in kubevirt-config"
USED = ("info [cluster-config] the cluster configuration of HyperConverged openshift-cnv/kubevirt-hyperconverged in "
        "{path} is used (options from it: featureGates, vmRolloutStrategy, networkInterface)")


def package(tmp_path) -> None:
    (tmp_path / "vms").mkdir()
    (tmp_path / "vms" / "vm.yaml").write_text(VM)
    (tmp_path / "cluster").mkdir()
    (tmp_path / "cluster" / "hco.yaml").write_text(HC)


def test_validate_reads_the_cluster_config_file(tmp_path) -> None:
    package(tmp_path)
    without = krmfn_process(["validate", "--no-config", "vms"], cwd=tmp_path)
    assert without.code == 1 and SIDECAR in without.stdout
    run = krmfn_process(["validate", "--no-config", "--cluster-config", "cluster/hco.yaml", "vms"], cwd=tmp_path)
    assert run.code == 0, run.stdout + run.stderr
    assert USED.format(path="cluster/hco.yaml") in run.stdout
    # the bundle's own CR is not read then: the file wins
    (tmp_path / "vms" / "kubevirt.yaml").write_text(
        "apiVersion: kubevirt.io/v1\nkind: KubeVirt\nmetadata: {name: kubevirt, namespace: kubevirt}\n"
        "spec: {configuration: {developerConfiguration: {featureGates: [HostDisk]}}}\n")
    both = krmfn_process(["validate", "--no-config", "--cluster-config", "cluster/hco.yaml", "vms"], cwd=tmp_path)
    assert both.code == 0 and "KubeVirt kubevirt/kubevirt" not in both.stdout


def test_a_config_file_path_is_relative_to_the_config_file(tmp_path) -> None:
    package(tmp_path)
    (tmp_path / "cluster" / ".krmfn.yaml").write_text("clusterConfig: hco.yaml\n")
    run = krmfn_process(["validate", "--config", "cluster/.krmfn.yaml", "vms"], cwd=tmp_path)
    assert run.code == 0 and USED.format(path="cluster/hco.yaml") in run.stdout


def test_other_modes_take_it(tmp_path) -> None:
    package(tmp_path)
    for args in (["inline"], ["normalize"], ["explain"]):
        run = krmfn_process([*args, "--cluster-config", "cluster/hco.yaml", "vms/vm.yaml"], cwd=tmp_path)
        assert run.code == 0, (args, run.stderr)
    normalized = krmfn_process(["normalize", "--no-config", "--cluster-config", "cluster/hco.yaml", "vms/vm.yaml"],
                               cwd=tmp_path)
    assert load12(normalized.stdout)["metadata"]["name"] == "vm"
    assert normalized.stderr == "krmfn: " + USED.replace("info [cluster-config]", "info:").format(
        path="cluster/hco.yaml") + "\n"


def test_an_unreadable_file_is_a_configuration_error(tmp_path) -> None:
    package(tmp_path)
    run = krmfn_process(["validate", "--no-config", "--cluster-config", "cluster/nope.yaml", "vms"], cwd=tmp_path)
    assert run.code == 2 and run.stdout == ""
    assert run.stderr == ("krmfn: cluster/nope.yaml: cannot read the cluster configuration (clusterConfig): "
                          "No such file or directory\n")
    (tmp_path / "cluster" / "bad.yaml").write_text("kind: [\n")
    run = krmfn_process(["validate", "--no-config", "--format", "json", "--cluster-config", "cluster/bad.yaml",
                         "vms"], cwd=tmp_path)
    assert run.code == 2 and "Traceback" not in run.stderr
    assert run.stderr.startswith("krmfn: cluster/bad.yaml:2: the cluster configuration (clusterConfig) is not YAML")
    assert json.loads(run.stdout)
    run = krmfn_process(["inline", "--no-config", "--cluster-config", "vms/vm.yaml", "vms"], cwd=tmp_path)
    assert run.code == 2 and "holds no KubeVirt (kubevirt.io) and no HyperConverged" in run.stderr


def test_the_krm_function_refuses_a_path() -> None:
    config = "  apiVersion: v1\n  kind: ConfigMap\n  data: {mode: validate, clusterConfig: cluster/hco.yaml}\n"
    items = "- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n"
    run = krmfn_process([], resource_list(items, config))
    assert run.code == 1
    output = load12(run.stdout)
    assert output["items"] == [{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}}]
    [result] = output["results"]
    assert result["severity"] == "error" and result["tags"] == {"field": "data.clusterConfig",
                                                                "check": "function-config"}
    assert result["message"].startswith('functionConfig data.clusterConfig: "cluster/hco.yaml" is a file path, and '
                                        "a KRM function reads no files")

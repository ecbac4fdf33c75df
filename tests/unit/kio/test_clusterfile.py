"""``krmfn.kio.clusterfile``: reading ``clusterConfig: PATH`` for the modes, and refusing it in a function."""
from __future__ import annotations

import pytest

from krmfn.kio.clusterfile import function_config_error, read_cluster_config, resolve
from krmfn.kio.config import ConfigError, FunctionConfig, options_from_file
from krmfn.model.clusterfile import ClusterConfigFile

HC = "apiVersion: hco.kubevirt.io/v1beta1\nkind: HyperConverged\nmetadata: {name: kubevirt-hyperconverged}\n"
KV = "apiVersion: kubevirt.io/v1\nkind: KubeVirt\nmetadata: {name: kubevirt, namespace: kubevirt}\n"


def test_documents_and_lists_are_read(tmp_path) -> None:
    (tmp_path / "a.yaml").write_text(f"{HC}---\n---\n{KV}")
    read = read_cluster_config(str(tmp_path / "a.yaml"))
    assert read.path == str(tmp_path / "a.yaml") and [obj["kind"] for obj in read.objects] == ["HyperConverged",
                                                                                              "KubeVirt"]
    (tmp_path / "list.yaml").write_text("apiVersion: v1\nkind: List\nitems:\n- " + KV.replace("\n", "\n  "))
    assert [obj["kind"] for obj in read_cluster_config(str(tmp_path / "list.yaml")).objects] == ["KubeVirt"]


@pytest.mark.parametrize("name, text, message", [
    ("missing.yaml", None, "{path}: cannot read the cluster configuration (clusterConfig): No such file or directory"),
    ("bad.yaml", "a: [\n", "{path}:2: the cluster configuration (clusterConfig) is not YAML: "),
    ("cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n",
     "{path}: the cluster configuration (clusterConfig) holds no KubeVirt (kubevirt.io) and no HyperConverged "
     "(hco.kubevirt.io) object"),
])
def test_errors_name_the_file(tmp_path, name: str, text: str | None, message: str) -> None:
    path = tmp_path / name
    if text is not None:
        path.write_text(text)
    with pytest.raises(ConfigError) as raised:
        read_cluster_config(str(path))
    assert raised.value.located().startswith(message.format(path=path))


def test_resolve_reads_a_path_only(tmp_path) -> None:
    (tmp_path / "hc.yaml").write_text(HC)
    assert resolve({"clusterConfig": "auto"}) == {"clusterConfig": "auto"}
    assert resolve({"featureGates": ["A"]}) == {"featureGates": ["A"]}
    resolved = resolve({"clusterConfig": str(tmp_path / "hc.yaml")})["clusterConfig"]
    assert isinstance(resolved, ClusterConfigFile) and resolved.objects[0]["kind"] == "HyperConverged"


def test_a_path_in_a_config_file_is_relative_to_it(tmp_path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / ".krmfn.yaml").write_text("clusterConfig: cluster/hc.yaml\nvalidate: {strict: true}\n")
    assert options_from_file(str(tmp_path / "sub" / ".krmfn.yaml"), "validate", True)["clusterConfig"] == \
        str(tmp_path / "sub" / "cluster" / "hc.yaml")
    (tmp_path / "abs.yaml").write_text("clusterConfig: /etc/hc.yaml\n")
    assert options_from_file(str(tmp_path / "abs.yaml"), "validate", True)["clusterConfig"] == "/etc/hc.yaml"
    (tmp_path / "none.yaml").write_text("clusterConfig: none\n")
    assert options_from_file(str(tmp_path / "none.yaml"), "inline", True)["clusterConfig"] == "none"


def test_a_function_reads_no_file() -> None:
    assert function_config_error(FunctionConfig("validate", {"clusterConfig": "auto"}, "ConfigMap")) is None
    error = function_config_error(FunctionConfig("validate", {"clusterConfig": "hc.yaml"}, "ConfigMap"))
    assert error is not None and error.path == "data.clusterConfig"
    assert error.message.startswith('data.clusterConfig: "hc.yaml" is a file path, and a KRM function reads no files')
    typed = function_config_error(FunctionConfig("inline", {"clusterConfig": "hc.yaml"}, "typed"))
    assert typed is not None and typed.path == "spec.clusterConfig"

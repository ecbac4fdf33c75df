"""Building kustomizations: which tool, and kustomize's first error line without kubectl's log prefix."""
from __future__ import annotations

from krmfn.kio import kustomize as kz


def test_first_error_drops_kubectls_log_prefix():
    stderr = ('E1124 04:21:45.184021   15187 run.go:72] "command failed" err="accumulating resources: '
              'can\'t find \\"x.yaml\\""\nmore\n')
    assert kz.first_error(stderr) == 'accumulating resources: can\'t find "x.yaml"'
    assert kz.first_error("\nError: accumulating resources: boom\nUsage: ...\n") == "accumulating resources: boom"
    assert kz.first_error("") == ""


def test_command_prefers_kubectl(tmp_path, monkeypatch):
    for name in ("kubectl", "kustomize"):
        (tmp_path / name).write_text("#!/bin/sh\n")
        (tmp_path / name).chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert kz.command() == [str(tmp_path / "kubectl"), "kustomize"]
    (tmp_path / "kubectl").unlink()
    assert kz.command() == [str(tmp_path / "kustomize"), "build"]
    (tmp_path / "kustomize").unlink()
    assert kz.command() is None


def test_a_failing_tool_is_its_first_error_line(tmp_path):
    tool = tmp_path / "kustomize"
    tool.write_text("#!/bin/sh\necho 'Error: no kustomization in' \"$2\" >&2\nexit 1\n")
    tool.chmod(0o755)
    assert kz.build([str(tool), "build"], "dir") == kz.Build(b"", "no kustomization in dir")
    assert kz.build([str(tmp_path / "gone")], "dir").error == "cannot run " + str(tmp_path / "gone") + (
        ": No such file or directory")


def test_a_component_is_recognised(tmp_path):
    (tmp_path / "k.yaml").write_text("apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n")
    (tmp_path / "n.yaml").write_text("kind: Kustomization\n# kind: Component\n")
    assert kz.is_component(str(tmp_path / "k.yaml")) and not kz.is_component(str(tmp_path / "n.yaml"))

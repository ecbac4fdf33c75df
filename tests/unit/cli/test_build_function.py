"""The `docker` a build made by the CLI runs container KRM functions with (krmfn.cli.build_function)."""
from __future__ import annotations

import io

import pytest

from krmfn.cli import build_function as bf

KYAML_ARGS = ["run", "--rm", "-i", "-a", "STDIN", "-a", "STDOUT", "-a", "STDERR", "--network", "none", "--user",
              "nobody", "--security-opt=no-new-privileges", "-e", "A=B", "ghcr.io/krmfn/krmfn:v0.1.0"]
VM = ("  - apiVersion: kubevirt.io/v1\n    kind: VirtualMachine\n    metadata: {name: vm}\n    spec:\n"
      "      runStrategy: Always\n      instancetype: {name: u1.medium}\n"
      "      template: {spec: {domain: {devices: {}}}}\n")


def resource_list(kind: str, spec: str = "") -> bytes:
    return (f"apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n{VM}functionConfig:\n"
            f"  apiVersion: krmfn.dev/v1alpha1\n  kind: {kind}\n  metadata: {{name: step}}\n{spec}").encode()


def test_the_image_of_kyamls_docker_run():
    assert bf.image_of(KYAML_ARGS) == "ghcr.io/krmfn/krmfn:v0.1.0"
    assert bf.image_of(["version"]) is None


def run(argv, data: bytes, capsys) -> tuple[int, str, str]:
    code = bf.main(argv, io.BytesIO(data))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_validate_step_passes_the_objects_through(capsys):
    data = resource_list("Validate")
    code, out, _ = run(KYAML_ARGS, data, capsys)
    assert (code, out) == (0, data.decode())


def test_kustomizes_validator_answers_with_no_items(capsys):
    code, out, _ = run(KYAML_ARGS, resource_list("Validate", "  spec: {kustomizeValidator: true}\n"), capsys)
    assert (code, out) == (0, bf.EMPTY_LIST.decode())


def test_an_inline_step_runs_and_its_output_goes_on_with_errors(capsys):
    code, out, _ = run(KYAML_ARGS, resource_list("Inline"), capsys)
    assert code == 0 and "krmfn.dev/inlined-from" in out
    code, out, _ = run(KYAML_ARGS, resource_list("Inline").replace(b"u1.medium", b"u1.meduim"), capsys)
    assert code == 0 and "u1.meduim" in out  # the error is the building run's to report


def test_a_function_that_cannot_run_fails_the_build(capsys):
    code, out, err = run(KYAML_ARGS, b"not a resource list", capsys)
    assert code == 1 and out == "" and err.startswith("krmfn: ")


@pytest.mark.parametrize("image", ["example.com/other:1", "ghcr.io/krmfn/krmfn-evil:1"])
def test_another_image_is_refused(image, capsys):
    code, out, err = run([*KYAML_ARGS[:-1], image], resource_list("Inline"), capsys)
    assert (code, out) == (1, "")
    assert err == bf.REFUSED.format(image=image) + "\n"

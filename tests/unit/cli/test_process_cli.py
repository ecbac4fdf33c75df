"""`krmfn process` and `krmfn convert` on files: -p, --params-file, --seed, --keep-templates, and
their exit codes (a bad flag value is exit 2, a template virtctl refuses exit 1)."""
from __future__ import annotations

import pathlib

import pytest

from krmfn.kio.emit import dump
from tests.conftest import krmfn_process, load12
from tests.unit.modes.convert.test_mode import VM, openshift_template
from tests.unit.modes.process.test_mode import CONFIG_MAP, template


def bundle(tmp_path: pathlib.Path) -> str:
    values = [template(), CONFIG_MAP]
    for value in values:
        value["metadata"].pop("annotations", None)
    path = tmp_path / "templates.yaml"
    path.write_text("---\n".join(dump(value) + "\n" for value in values))
    return str(path)


def documents(text: str) -> list:
    return [load12(doc) for doc in text.split("---\n")]


def test_p_applies_to_every_template_that_declares_the_name(tmp_path):
    run = krmfn_process(["process", "--no-config", "-p", "NAME=web", bundle(tmp_path)])
    assert run.code == 0, run.stderr
    vm, config_map = documents(run.stdout)
    assert vm["metadata"] == {"name": "web", "namespace": "lab",
                              "annotations": {"krmfn.dev/processed-from": "lab/fedora-vm"}}
    assert config_map == CONFIG_MAP
    assert run.stderr.endswith("templates.yaml:1: VirtualMachineTemplate lab/fedora-vm: info: VM web is ready\n")


def test_params_file_seed_and_keep_templates(tmp_path):
    params = tmp_path / "params.yaml"
    params.write_text("NAME: db\n")
    path = bundle(tmp_path)
    first = krmfn_process(["process", "--no-config", "--params-file", str(params), "--seed", "3",
                           "--keep-templates", path])
    again = krmfn_process(["process", "--no-config", "--params-file", str(params), "--seed", "3",
                           "--keep-templates", path])
    assert first.code == 0 and first.stdout == again.stdout
    kinds = [doc["kind"] for doc in documents(first.stdout)]
    assert kinds == ["VirtualMachineTemplate", "VirtualMachine", "ConfigMap"]
    # -p wins over the file
    run = krmfn_process(["process", "--no-config", "--params-file", str(params), "-p", "fedora-vm:NAME=web", path])
    assert documents(run.stdout)[0]["metadata"]["name"] == "web"


@pytest.mark.parametrize("args, message", [
    (["-p", "NAME"], 'krmfn: --param: "NAME": expected NAME=VALUE, or TEMPLATE:NAME=VALUE for one template'),
    (["--seed", "x"], "krmfn: --seed: expected an integer"),
])
def test_a_bad_flag_value_is_exit_2(tmp_path, args, message):
    run = krmfn_process(["process", "--no-config", *args, bundle(tmp_path)])
    assert run.code == 2 and run.stdout == "" and run.stderr.startswith(message)


def test_a_params_file_virtctl_cannot_read_is_exit_2_with_its_message(tmp_path):
    params = tmp_path / "params.yaml"
    params.write_text("NAME: [web]\n")
    run = krmfn_process(["process", "--no-config", "--params-file", str(params), bundle(tmp_path)])
    assert run.code == 2 and run.stderr == (f"krmfn: --params-file: {params}: error reading params file: json: cannot "
                                            "unmarshal array into Go value of type string\n")


def test_a_missing_value_or_an_undeclared_name_is_exit_1_and_the_template_stays(tmp_path):
    path = bundle(tmp_path)
    run = krmfn_process(["process", "--no-config", path])
    assert run.code == 1 and documents(run.stdout)[0]["kind"] == "VirtualMachineTemplate"
    assert "error processing VirtualMachineTemplate locally: spec.parameters[0].value: Required value: parameter " \
           "'NAME' is required and a value must be specified" in run.stderr
    undeclared = krmfn_process(["process", "--no-config", "-p", "NAME=web", "-p", "CPU=2", path])
    assert undeclared.code == 1
    assert "krmfn: parameters: parameter CPU not found in any VirtualMachineTemplate of the bundle" in undeclared.stderr


def test_convert_writes_the_virtual_machine_template(tmp_path):
    path = tmp_path / "template.yaml"
    path.write_text(dump(openshift_template(VM)) + "\n")
    run = krmfn_process(["convert", "--no-config", "--kubevirt-version", "v1.8", str(path)])
    assert run.code == 0 and run.stderr == ""
    converted = load12(run.stdout)
    assert converted["apiVersion"] == "template.kubevirt.io/v1alpha1" and converted["spec"]["virtualMachine"] == VM

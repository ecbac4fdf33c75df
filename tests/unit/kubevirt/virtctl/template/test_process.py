"""krmfn's cases of ``virtctl template process --local`` beyond KubeVirt's own."""
from __future__ import annotations

import random

import pytest

from krmfn.kubevirt.virtctl.template.process import ProcessError, params_from_file, process_local


def test_an_unknown_parameter_value() -> None:
    with pytest.raises(ProcessError) as error:
        process_local({"spec": {"virtualMachine": {}}}, {"X": "1"}, random.Random(1))
    assert str(error.value) == "error merging template parameters: parameter X not found in template"


def test_a_required_parameter_without_value() -> None:
    tpl = {"spec": {"parameters": [{"name": "N", "required": True}], "virtualMachine": {"metadata": {"name": "${N}"}}}}
    with pytest.raises(ProcessError) as error:
        process_local(tpl, {}, random.Random(1))
    assert str(error.value) == ("error processing VirtualMachineTemplate locally: spec.parameters[0].value: Required "
                                "value: parameter 'N' is required and a value must be specified")


def test_the_message_is_processed() -> None:
    tpl = {"spec": {"parameters": [{"name": "N", "value": "a"}], "message": "VM ${N} ready",
                    "virtualMachine": {"metadata": {"name": "${N}"}}}}
    assert process_local(tpl, {}, random.Random(1)).message == "VM a ready"


def test_a_params_file_value_that_is_no_string() -> None:
    with pytest.raises(ProcessError) as error:
        params_from_file({"CPU": 4})
    assert str(error.value) == "error reading params file: json: cannot unmarshal number into Go value of type string"

"""``krmfn validate`` on virt-template's kinds: each API server stage of a VirtualMachineTemplate or
VirtualMachineTemplateRequest CREATE is reported under the check that owns it (``api-version`` where
the target or the Template gate serves no virt-template, ``unknown-field``, ``schema`` with the CRD's
CEL rule, ``deprecated`` for v1alpha1 on virt-template v0.2.2)."""
from __future__ import annotations

import pytest

from krmfn.modes.validate.mode import run_validate

TEMPLATE = {"apiVersion": "template.kubevirt.io/v1beta1", "kind": "VirtualMachineTemplate",
            "metadata": {"name": "t", "namespace": "lab"},
            "spec": {"parameters": [{"name": "NAME", "value": "vm"}],
                     "virtualMachine": {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
                                        "metadata": {"name": "${NAME}"},
                                        "spec": {"runStrategy": "Halted",
                                                 "template": {"spec": {"domain": {"devices": {}, "memory": {
                                                     "guest": "1Gi"}}}}}}}}
REQUEST = {"apiVersion": "template.kubevirt.io/v1alpha1", "kind": "VirtualMachineTemplateRequest",
           "metadata": {"name": "r", "namespace": "lab"},
           "spec": {"virtualMachineRef": {"name": "vm", "namespace": "lab"}}}


def findings(items: list[dict], options: dict) -> list[tuple[str, str, int | None, str | None, str]]:
    return [(f.severity, f.check, f.item, f.path, f.message) for f in run_validate(items, options).findings]


def test_v1_9_serves_both_kinds() -> None:
    assert findings([TEMPLATE], {}) == []
    assert findings([REQUEST], {}) == [
        ("warning", "deprecated", 0, "apiVersion",
         "template.kubevirt.io/v1alpha1 VirtualMachineTemplateRequest is deprecated; "
         "use template.kubevirt.io/v1beta1 VirtualMachineTemplateRequest")]


HINT = " (enable with featureGates: Template if your cluster has it)"


@pytest.mark.parametrize(("options", "template_hint", "request_hint"), [
    ({"kubevirtVersion": "v1.7"}, "", ""),  # no Template gate: nothing to enable
    ({"kubevirtVersion": "v1.8"}, "", HINT),  # the gate's virt-template v0.1.8 serves v1alpha1 only
    ({"disabledFeatureGates": ["Template"]}, HINT, HINT)])
def test_no_virt_template_no_kinds(options: dict, template_hint: str, request_hint: str) -> None:
    assert findings([TEMPLATE, REQUEST], options) == [
        ("error", "api-version", 0, "apiVersion",
         'no matches for kind "VirtualMachineTemplate" in version "template.kubevirt.io/v1beta1"' + template_hint),
        ("error", "api-version", 1, "apiVersion",
         'no matches for kind "VirtualMachineTemplateRequest" in version "template.kubevirt.io/v1alpha1"'
         + request_hint)]


def test_v1_8_with_the_gate_serves_v1alpha1_only() -> None:
    options = {"kubevirtVersion": "v1.8", "featureGates": ["Template"]}
    assert findings([{**TEMPLATE, "apiVersion": "template.kubevirt.io/v1alpha1"}, REQUEST], options) == []
    assert findings([TEMPLATE], options) == [
        ("error", "api-version", 0, "apiVersion",
         'no matches for kind "VirtualMachineTemplate" in version "template.kubevirt.io/v1beta1"')]


def test_unknown_fields_and_the_schema() -> None:
    unknown = {**TEMPLATE, "spec": {**TEMPLATE["spec"], "parameter": []}}
    reserved = {**REQUEST, "apiVersion": "template.kubevirt.io/v1beta1",
                "spec": {**REQUEST["spec"], "templateLabels": {"template.kubevirt.io/os": "fedora"}}}
    assert findings([unknown, reserved], {}) == [
        ("error", "unknown-field", 0, "spec.parameter",
         'VirtualMachineTemplate in version "v1beta1" cannot be handled as a VirtualMachineTemplate: strict decoding '
         'error: unknown field "spec.parameter"'),
        ("error", "schema", 1, "spec.templateLabels",
         'Invalid value: "object": labels with the prefix "template.kubevirt.io/" are reserved for system use')]

"""Cases of KubeVirt's ``pkg/virt-api/webhooks/validating-webhook/admitters/vmirs-admitter_test.go``
(d923fdb8), ported: ``VMIRSAdmitter.Admit`` on a CREATE (``admit_vmirs_webhook``) with KubeVirt's
default configuration.

The replica sets are the Go test's, as the JSON ``json.Marshal`` gives: the template is
``newVirtualMachineBuilder()...BuildTemplate()`` (``api.NewMinimalVMI("testvmi")``: 8192Ki of
memory, the case's disks, volumes and labels), ``status`` is ``{}``. Where the Go test checks the
fields of the causes, the fields are compared, in order; where it checks the message, the message.

Not ported: nothing. The ramFB case was added after v1.8.4 (with the rule:
``KubevirtVersion.counts_unset_ramfb_as_enabled``), so it is run for v1.9 only.
"""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_SCHEMA, STAGE_VALIDATING_WEBHOOK
from krmfn.kubevirt.virt_api.admitters.vmirs_admitter import admit_vmirs_webhook
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import MAIN

CONFIG = ClusterConfig()
MAIN_CONFIG = ClusterConfig(kubevirt_version=MAIN)
FAKE_CONTAINER_DISK = {"image": "fake-image", "imagePullSecret": "fake-pull-secret", "path": "/fake-path"}
TESTDISK = {"name": "testdisk"}
TESTDISK_VOLUME = {"name": "testdisk", "containerDisk": FAKE_CONTAINER_DISK}


def build_template(*, disks: tuple[dict, ...] = (), volumes: tuple[dict, ...] = (),
                   labels: dict[str, str] | None = None) -> dict:
    """``newVirtualMachineBuilder().WithDisk(...).WithVolume(...).WithLabel(...).BuildTemplate()``."""
    spec: dict = {"domain": {"resources": {"requests": {"memory": "8192Ki"}}, "devices": {}}}
    if disks:
        spec["domain"]["devices"]["disks"] = copy.deepcopy(list(disks))
    if volumes:
        spec["volumes"] = copy.deepcopy(list(volumes))
    metadata: dict = {"name": "testvmi", "namespace": "default", "creationTimestamp": None,
                      "selfLink": "/apis/kubevirt.io/v1/namespaces/default/virtualmachineinstances/testvmi"}
    if labels:
        metadata["labels"] = dict(labels)
    return {"metadata": metadata, "spec": spec}


def vmirs_of(selector: dict, template: dict) -> dict:
    return {"metadata": {"creationTimestamp": None},
            "spec": {"selector": selector, "template": template}, "status": {}}


@pytest.mark.parametrize(("document", "message"), [
    pytest.param({"very": "unknown", "spec": {"extremely": "unknown"}},
                 ".very in body is a forbidden property, spec.extremely in body is a forbidden property, "
                 "spec.selector in body is required, spec.template in body is required",
                 id="should reject documents containing unknown or missing fields for "
                    "VirtualMachineInstanceReplicaSet creation and update"),
])
def test_should_reject_documents_containing_unknown_or_missing_fields(document: dict, message: str) -> None:
    verdict = admit_vmirs_webhook(document, CONFIG)
    assert not verdict.allowed and verdict.stage == STAGE_VALIDATING_SCHEMA
    assert verdict.message == message


@pytest.mark.parametrize(("vmirs", "fields"), [
    pytest.param(vmirs_of({"matchLabels": {"match": "this"}}, build_template(disks=(TESTDISK,))),
                 ["spec.template.spec.domain.devices.disks[0].name", "spec.selector"],
                 id="with missing volume and missing labels"),
    pytest.param(vmirs_of({"matchLabels": {"match": "not"}}, build_template(labels={"match": "this"})),
                 ["spec.selector"],
                 id="with mismatching label selectors"),
])
def test_reject_invalid_virtual_machine_instance_spec(vmirs: dict, fields: list[str]) -> None:
    verdict = admit_vmirs_webhook(vmirs, CONFIG)
    assert not verdict.allowed and verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert [cause.field for cause in verdict.causes] == fields


def test_should_accept_valid_vmi_spec() -> None:
    template = build_template(disks=(TESTDISK,), volumes=(TESTDISK_VOLUME,), labels={"match": "me"})
    verdict = admit_vmirs_webhook(vmirs_of({"matchLabels": {"match": "me"}}, template), CONFIG)
    assert verdict.allowed and verdict.causes == [] and verdict.warnings == []


def test_should_reject_a_template_with_more_than_one_unset_enabled_ramfb_display() -> None:
    template = build_template(disks=(TESTDISK,), volumes=(TESTDISK_VOLUME,), labels={"match": "me"})
    template["spec"]["domain"]["devices"]["gpus"] = [
        {"name": f"gpu{index}", "deviceName": f"vendor.com/gpu{index}",
         "virtualGPUOptions": {"display": {"enabled": True, "ramFB": {}}}}
        for index in range(2)]
    # main's case (PR #18542): v1.9.0 does not count a ramFB without `enabled`
    verdict = admit_vmirs_webhook(vmirs_of({"matchLabels": {"match": "me"}}, template), MAIN_CONFIG)
    assert not verdict.allowed
    assert "spec.template.spec.GPUs" in [cause.field for cause in verdict.causes]

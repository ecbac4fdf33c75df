"""``krmfn.virt_template.api.core.crd_schema``: the template.kubevirt.io CRDs of virt-template v0.1.8 and
v0.2.2 (config/crd/bases), and the API server's default deprecation warning."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.apiserver.schema import check
from krmfn.model.kubevirt_version import MAIN, V1_7, V1_8, V1_9
from krmfn.virt_template.api.core.crd_schema import (
    FROM,
    V0_1_8,
    V0_2_2,
    VIRTUAL_MACHINE_TEMPLATE,
    VIRTUAL_MACHINE_TEMPLATE_REQUEST_V0_1,
    VIRTUAL_MACHINE_TEMPLATE_REQUEST_V0_2,
    compare_kube_aware_versions,
    default_deprecation_warning,
    release_for,
    replacement_version,
)


def test_each_kubevirt_release_deploys_its_virt_template() -> None:
    # install-virt-operator.yaml: virt-template-version v0.1.8 at v1.8.4, v0.2.2 at v1.9.0 and d923fdb8.
    assert release_for(V1_8) is V0_1_8
    assert release_for(V1_9) is V0_2_2
    assert release_for(MAIN) is V0_2_2
    assert release_for(V1_7) is V0_1_8  # never asked: v1.7.4 has no Template gate


def test_served_and_deprecated_versions() -> None:
    assert V0_1_8.served() == {"v1alpha1"} and V0_1_8.deprecated() == frozenset()
    assert V0_2_2.served() == {"v1alpha1", "v1beta1"} and V0_2_2.deprecated() == {"v1alpha1"}
    assert V0_1_8.storage == V0_2_2.storage == "v1alpha1"


def test_default_deprecation_warning() -> None:
    assert (default_deprecation_warning("template.kubevirt.io", "VirtualMachineTemplate", "v1alpha1", V0_2_2.versions)
            == "template.kubevirt.io/v1alpha1 VirtualMachineTemplate is deprecated; "
               "use template.kubevirt.io/v1beta1 VirtualMachineTemplate")
    # No newer served, non-deprecated version: the bare sentence.
    assert (default_deprecation_warning("g.io", "K", "v1", (("v1", True), ("v1beta1", False)))
            == "g.io/v1 K is deprecated")
    versions = (("v1alpha1", True), ("v1beta1", False), ("v1", False), ("v1beta2", False))
    assert replacement_version("v1alpha1", versions) == "v1"


@pytest.mark.parametrize("first, second, sign", [
    ("v1", "v1beta1", 1), ("v1beta1", "v1alpha1", 1), ("v2", "v1", 1), ("v1beta2", "v1beta1", 1),
    ("v1alpha1", "v1beta1", -1), ("v1", "v1", 0), ("v1", "foo", 1), ("bar", "foo", 1), ("foo", "bar", -1),
    ("v10", "v9", 1), ("v2alpha1", "v1beta1", -1),
])
def test_compare_kube_aware_versions(first: str, second: str, sign: int) -> None:
    result = compare_kube_aware_versions(first, second)
    assert (result > 0) - (result < 0) == sign


def test_the_from_pattern_is_unanchored_and_ascii() -> None:
    assert FROM.matches("[a-zA-Z0-9]{8}")
    assert FROM.matches("prefix [\\w]{4} suffix")
    assert not FROM.matches("[a-z]")
    assert not FROM.matches("[a-z]{é}")  # Go's \w is ASCII


def _template(**spec: object) -> dict:
    return {"apiVersion": "template.kubevirt.io/v1beta1", "kind": "VirtualMachineTemplate",
            "metadata": {"name": "t"}, "spec": spec}


def test_virtual_machine_is_kept_as_written() -> None:
    report = check(_template(virtualMachine={"anything": {"at": ["any", "depth"]}, "spec": 1}),
                   VIRTUAL_MACHINE_TEMPLATE)
    assert report.unknown == [] and report.errors == []
    report = check(_template(virtualMachine=["a"]), VIRTUAL_MACHINE_TEMPLATE)
    assert report.unknown == []
    assert [error.message for error in report.errors] == [
        'spec.virtualMachine in body must be of type object: "array"']


def test_template_fields() -> None:
    report = check(_template(message="m", parameters=[{"name": "A", "extra": 1}], bogus=True),
                   VIRTUAL_MACHINE_TEMPLATE)
    assert report.unknown == ["spec.bogus", "spec.parameters[0].extra"]
    assert [error.message for error in report.errors] == ["spec.virtualMachine in body is required"]
    report = check({**_template(virtualMachine={}), "status": {"conditions": [{"type": "Ready", "x": 1}]}},
                   VIRTUAL_MACHINE_TEMPLATE)
    assert report.unknown == ["status.conditions[0].x"]


def test_request_fields_by_release() -> None:
    request = {"apiVersion": "template.kubevirt.io/v1alpha1", "kind": "VirtualMachineTemplateRequest",
               "metadata": {"name": "r"},
               "spec": {"virtualMachineRef": {"name": "vm"}, "templateName": "t", "templateLabels": {"a": "b"},
                        "ttlSecondsAfterFinished": 10},
               "status": {"templateRef": {"name": "t"}}}
    assert check(request, VIRTUAL_MACHINE_TEMPLATE_REQUEST_V0_2).unknown == []
    assert check(request, VIRTUAL_MACHINE_TEMPLATE_REQUEST_V0_1).unknown == [
        "spec.templateLabels", "spec.ttlSecondsAfterFinished"]
    assert [error.message for error in check(request, VIRTUAL_MACHINE_TEMPLATE_REQUEST_V0_2).errors] == [
        "spec.virtualMachineRef.namespace in body is required"]

"""krmfn.modes.generate: `patches` (RFC 6902) and `set` on the copy's spec, and the admission of the
result (issue 19): every error path names the size entry and the operation index."""
from __future__ import annotations

import json
from typing import Any

import pytest

from krmfn.modes.generate.options import GenerateOptions
from krmfn.modes.generate.requests import SizeRequest
from krmfn.modes.generate.engine import generate
from krmfn.model.findings import ERROR, Finding
from tests.conftest import krm, krmfn_process, load12, resource_list

U1_MEDIUM = {"cpu": {"guest": 1}, "memory": {"guest": "4Gi"}}


def run(*requests: SizeRequest, bundle: list[Any] | None = None, **options: Any) -> tuple[list[dict], list[Finding]]:
    return generate(list(requests), bundle or [], GenerateOptions(**options))


def errors(findings: list[Finding]) -> list[tuple[str | None, str | None, str]]:
    return [(f.check, f.path, f.message) for f in findings if f.severity == ERROR]


def sized(patches: Any = None, set_: Any = None, path: str | None = None) -> SizeRequest:
    return SizeRequest("u1.medium", "u1.mine", 2, "4Gi", path, patches, set_)


# -- patches -------------------------------------------------------------------------------------


def test_patches_apply_in_order_to_the_sized_spec() -> None:
    objects, findings = run(sized([
        {"op": "add", "path": "/cpu/model", "value": "host-passthrough"},
        {"op": "test", "path": "/cpu/guest", "value": 2},  # the new size is in place before the patches
        {"op": "add", "path": "/ioThreadsPolicy", "value": "shared"},
        {"op": "replace", "path": "/ioThreadsPolicy", "value": "auto"},
        {"op": "copy", "from": "/cpu/model", "path": "/annotations"},
        {"op": "remove", "path": "/annotations"},
    ]))
    assert objects[0]["spec"] == {"cpu": {"guest": 2, "model": "host-passthrough"}, "memory": {"guest": "4Gi"},
                                  "ioThreadsPolicy": "auto"}
    assert errors(findings) == []
    assert findings[-1].message == ('VirtualMachineInstancetype "u1.mine" (2 vCPUs, 4Gi; 6 changes) copied from '
                                    'VirtualMachineClusterInstancetype "u1.medium" of catalog v1.7.0')


def test_a_preference_disk_bus_is_patched() -> None:
    objects, findings = run(SizeRequest("windows.11", "mywindows", None, None, None,
                                        [{"op": "replace", "path": "/devices/preferredDiskBus", "value": "virtio"}]))
    devices = objects[0]["spec"]["devices"]
    assert devices == {"preferredDiskBus": "virtio", "preferredInterfaceModel": "e1000e",
                       "preferredAutoattachInputDevice": True, "preferredTPM": {"persistent": True}}
    assert errors(findings) == []


def test_patches_as_a_json_string_in_the_configmap_form() -> None:
    patch = json.dumps([{"op": "add", "path": "/cpu/model", "value": "host-passthrough"}])
    objects, _ = run(sized(patch, path="data"))
    assert objects[0]["spec"]["cpu"] == {"guest": 2, "model": "host-passthrough"}


@pytest.mark.parametrize("patches,path,message", [
    ([{"op": "add", "path": "/cpu/model", "value": "x"}, {"op": "replace", "path": "/cpu/nope", "value": 1}],
     "spec.sizes[0].patches[1]", "patch operation 1 (replace /cpu/nope) fails: can't replace a non-existent "
                                 "object 'nope'"),
    ([{"op": "remove", "path": "/devices"}], "spec.sizes[0].patches[0]",
     "patch operation 0 (remove /devices) fails: can't remove a non-existent object 'devices'"),
    ([{"op": "test", "path": "/cpu/guest", "value": 4}], "spec.sizes[0].patches[0]",
     "patch operation 0 (test /cpu/guest) fails: /cpu/guest is 2, not 4"),
    ([{"op": "test", "path": "/memory", "value": {"guest": "4G"}}], "spec.sizes[0].patches[0]",
     'patch operation 0 (test /memory) fails: /memory is {"guest": "4Gi"}, not {"guest": "4G"}'),
    ([{"op": "test", "path": "/cpu/model", "value": "x"}], "spec.sizes[0].patches[0]",
     "patch operation 0 (test /cpu/model) fails: /cpu/model does not exist"),
    ([{"op": "add", "path": "/cpu/guest/x", "value": 1}], "spec.sizes[0].patches[0]",
     "patch operation 0 (add /cpu/guest/x) fails: /cpu/guest is 2, not a map or a list"),
    ([{"op": "replace", "path": "", "value": []}], "spec.sizes[0].patches[0]",
     "patch operation 0 (replace ) replaces the whole spec with a list; spec must stay a map"),
])
def test_a_failing_operation_is_named_and_nothing_is_generated(patches: list, path: str, message: str) -> None:
    objects, findings = run(sized(patches), SizeRequest("u1.small", "u1.other", 1, "2Gi"))
    assert [obj["metadata"]["name"] for obj in objects] == ["u1.other"]
    assert errors(findings) == [("generate-patch-failed", path, message)]


@pytest.mark.parametrize("patches,path,message", [
    ("[{", "data.patch", "patch is not JSON: Expecting property name enclosed in double quotes: line 1 column 3 "
                         "(char 2)"),
    ('{"op": "add"}', "data.patch", 'patches must be a list of JSON Patch operations ([{"op": "replace", "path": '
                                    '"/cpu/model", "value": "host-passthrough"}])'),
    ('["add"]', "data.patch", "patch operation 0: must be a map with op and path"),
    ('[{"op": "merge", "path": "/cpu"}]', "data.patch",
     'patch operation 0: op must be one of add, remove, replace, move, copy, test, got "merge"'),
    ('[{"op": "add", "path": "cpu/model", "value": 1}]', "data.patch",
     'patch operation 0: path must be a JSON Pointer relative to spec ("/cpu/model"), got "cpu/model"'),
    ('[{"op": "move", "path": "/a"}]', "data.patch",
     'patch operation 0: from must be a JSON Pointer relative to spec ("/cpu/model"), got null'),
    ('[{"op": "replace", "path": "/cpu/guest"}]', "data.patch", "patch operation 0: a replace needs a value"),
])
def test_a_malformed_patch_is_invalid(patches: str, path: str, message: str) -> None:
    objects, findings = run(sized(patches, path="data"))
    assert objects == []
    assert errors(findings) == [("generate-patch-invalid", path, message)]


def test_typed_patches_name_the_operation_index() -> None:
    objects, findings = run(sized([{"op": "add", "path": "/a", "value": 1}, {"op": "nope", "path": "/a"}]))
    assert objects == []
    assert errors(findings) == [("generate-patch-invalid", "spec.sizes[0].patches[1]",
                                 'patch operation 1: op must be one of add, remove, replace, move, copy, test, '
                                 'got "nope"')]


# -- set -----------------------------------------------------------------------------------------


def test_set_values_are_yaml_1_2_scalars_and_missing_maps_are_made() -> None:
    request = SizeRequest("cx1.medium", "cx1.mine", None, None, None, None, [
        "cpu.model=host-passthrough", "memory.hugepages.pageSize=1Gi", "cpu.maxSockets = 0o17",
        "cpu.dedicatedCPUPlacement=false", "annotations.flag=yes", "nodeSelector.zone=a=b", "schedulerName=~"],
        custom=True)
    objects, findings = run(request)
    assert errors(findings) == []
    spec = objects[0]["spec"]
    # YAML 1.2: 0o17 is 15, false a boolean, yes a string, ~ null; the first "=" splits
    assert spec["cpu"] == {"maxSockets": 15, "dedicatedCPUPlacement": False, "isolateEmulatorThread": True,
                           "numa": {"guestMappingPassthrough": {}}, "model": "host-passthrough"}
    assert spec["memory"] == {"hugepages": {"pageSize": "1Gi"}}
    assert spec["annotations"] == {"flag": "yes"}
    assert spec["nodeSelector"] == {"zone": "a=b"}
    assert spec["schedulerName"] is None


def test_set_reaches_into_a_list_by_index() -> None:
    source = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
              "metadata": {"name": "gpu"}, "spec": {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"},
                                                    "gpus": [{"name": "g", "deviceName": "a/b"}]}}
    objects, findings = run(SizeRequest("gpu", "gpu2", 2, "2Gi", None, None, ["gpus.0.deviceName=c/d"]),
                            bundle=[source], catalog_version=None)
    assert objects[0]["spec"]["gpus"] == [{"name": "g", "deviceName": "c/d"}]
    assert errors(findings) == []


def test_sets_apply_after_patches_and_a_failing_set_is_named() -> None:
    patch = [{"op": "add", "path": "/cpu/model", "value": "a"}]
    objects, findings = run(sized(patch, ["cpu.model=b", "cpu.guest.x=1"]))
    assert objects == []
    assert errors(findings) == [("generate-patch-failed", "spec.sizes[0].set[1]",
                                 "set 1 (cpu.guest.x=1) fails: /cpu/guest is 2, not a map or a list")]
    objects, _ = run(sized([{"op": "add", "path": "/cpu/model", "value": "a"}], ["cpu.model=b"]))
    assert objects[0]["spec"]["cpu"]["model"] == "b"


@pytest.mark.parametrize("entry", ["cpu.model", "=x", "cpu..model=x", ".model=x"])
def test_a_set_without_a_path_and_value_is_invalid(entry: str) -> None:
    objects, findings = run(sized(None, [entry], path="data"))
    assert objects == []
    assert errors(findings) == [("generate-patch-invalid", "data.set",
                                 f"set 0: expected path=value with a dotted path relative to spec "
                                 f"(cpu.model=host-passthrough), got {json.dumps(entry)}")]


# -- admission of the result ---------------------------------------------------------------------


@pytest.mark.parametrize("request_,path,message", [
    (sized(None, ["cpu.modl=host-passthrough"]), "spec.sizes[0].set[0]",
     "after set 0, KubeVirt's admission rejects the VirtualMachineInstancetype (kube-apiserver/field-validation): "
     'VirtualMachineInstancetype in version "v1beta1" cannot be handled as a VirtualMachineInstancetype: strict '
     'decoding error: unknown field "spec.cpu.modl"'),
    (sized([{"op": "add", "path": "/cpu/model", "value": "x"}], ["memory.overcommitPercent=150"]),
     "spec.sizes[0].set[0]",
     "after set 0, KubeVirt's admission rejects the VirtualMachineInstancetype (kube-apiserver/crd-schema): "
     "spec.memory.overcommitPercent: Invalid value: 150: spec.memory.overcommitPercent in body should be less than "
     "or equal to 100"),
    (SizeRequest("cx1.medium", "cx1.mine", None, None, None, None, ["cpu.model=x", "memory.overcommitPercent=10"]),
     "spec.sizes[0].set[1]",
     "after set 1, KubeVirt's admission rejects the VirtualMachineInstancetype (validating-webhook): "
     "spec.memory.overcommitPercent: spec.memory.overcommitPercent and spec.memory.hugepages should not be "
     "requested together."),
    (sized([{"op": "remove", "path": "/cpu"}]), "spec.sizes[0].patches[0]",
     "after patch operation 0, KubeVirt's admission rejects the VirtualMachineInstancetype "
     "(kube-apiserver/crd-schema): spec.cpu: Required value"),
    (SizeRequest("fedora", "myfedora", None, None, None,
                 [{"op": "add", "path": "/cpu", "value": {"preferredCPUTopology": "cubes"}}]),
     "spec.sizes[0].patches[0]",
     "after patch operation 0, KubeVirt's admission rejects the VirtualMachinePreference (validating-webhook): "
     "spec.cpu.preferredCPUTopology: unknown preferredCPUTopology cubes"),
    (SizeRequest("fedora", "myfedora", None, None, None, None, ["preferSpreadSocketToCoreRatio=two"]),
     "spec.sizes[0].set[0]",
     "after set 0, KubeVirt's admission rejects the VirtualMachinePreference (kube-apiserver/crd-schema): "
     'spec.preferSpreadSocketToCoreRatio: Invalid value: "string": spec.preferSpreadSocketToCoreRatio in body must '
     'be of type integer: "string"'),
])
def test_a_result_admission_rejects_is_an_error_naming_the_operation(request_: SizeRequest, path: str,
                                                                      message: str) -> None:
    objects, findings = run(request_)
    assert objects == []
    assert errors(findings) == [("generate-admission", path, message)]


# -- through the KRM function and the CLI -------------------------------------------------------


CM = ("  apiVersion: v1\n  kind: ConfigMap\n"
      "  data:\n    mode: generate\n    from: fedora\n    name: myfedora\n"
      "    patch: '[{\"op\": \"replace\", \"path\": \"/devices/preferredDiskBus\", \"value\": \"sata\"}]'\n"
      "    set: |\n      cpu.preferredCPUTopology=cores\n      preferredTerminationGracePeriodSeconds=60\n")


def test_configmap_patch_and_set_lines() -> None:
    result = krm(resource_list("", CM).replace("items:\n", "items: []\n"))
    assert result.code == 0, result.stderr
    (item,) = result.doc()["items"]
    assert item["kind"] == "VirtualMachinePreference"
    assert item["spec"]["devices"]["preferredDiskBus"] == "sata"
    assert item["spec"]["cpu"] == {"preferredCPUTopology": "cores"}
    assert item["spec"]["preferredTerminationGracePeriodSeconds"] == 60


def test_configmap_errors_name_the_keys() -> None:
    bad = CM.replace("/devices/preferredDiskBus", "/devices/nope")
    result = krm(resource_list("", bad).replace("items:\n", "items: []\n"))
    assert result.code == 1
    (error,) = [r for r in result.doc()["results"] if r["severity"] == "error"]
    assert error["field"] == {"path": "data.patch"}
    assert error["message"] == ("patch operation 0 (replace /devices/nope) fails: can't replace a non-existent "
                                "object 'nope'")


def test_cli_patch_set_and_patch_file(tmp_path: Any) -> None:
    patch = tmp_path / "patch.json"
    patch.write_text('[{"op": "add", "path": "/cpu/model", "value": "host-passthrough"}]')
    result = krmfn_process(["generate", "--no-config", "--from", "u1.medium", "--name", "u1.mine", "--vcpus", "2",
                            "--memory", "4Gi", "--patch", f"@{patch}", "--set", "ioThreadsPolicy=auto",
                            "--set", "memory.overcommitPercent=10"])
    assert result.code == 0, result.stderr
    assert load12(result.stdout) == {
        "apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineInstancetype",
        "metadata": {"name": "u1.mine"},
        "spec": {"cpu": {"guest": 2, "model": "host-passthrough"}, "memory": {"guest": "4Gi", "overcommitPercent": 10},
                 "ioThreadsPolicy": "auto"}}


@pytest.mark.parametrize("args,line", [
    (["--from", "fedora", "--name", "f2", "--vcpus", "2"],
     "krmfn: --vcpus: vcpus is given, but from names a preference, which has no size: leave vcpus, memory and "
     "custom out (a patch changes a preference's requirements or CPU topology)"),
    (["--from", "fedorra", "--name", "f2"],
     'krmfn: --from: from "fedorra": no instance type, preference or class of that name in the bundle or catalog '
     "v1.7.0; did you mean fedora, fedora.s390x, fedora.arm64?"),
    (["--from", "fedora", "--name", "f2", "--patch", "[{"],
     "krmfn: --patch: patch is not JSON: Expecting property name enclosed in double quotes: line 1 column 3 (char 2)"),
    (["--from", "fedora", "--name", "f2", "--set", "devices.preferredDiskBus=sata", "--set", "devices.bus=x"],
     "krmfn: --set: after set 1, KubeVirt's admission rejects the VirtualMachinePreference "
     "(kube-apiserver/field-validation): VirtualMachinePreference in version \"v1beta1\" cannot be handled as a "
     'VirtualMachinePreference: strict decoding error: unknown field "spec.devices.bus"'),
])
def test_cli_errors_name_the_flags(args: list[str], line: str) -> None:
    result = krmfn_process(["generate", "--no-config", *args])
    assert result.code == (2 if "--patch" in args else 1)  # a --patch that is not JSON is a bad flag value
    assert result.stdout == ""
    assert result.stderr.splitlines() == [line]


def test_cli_unreadable_patch_file_is_a_usage_error(tmp_path: Any) -> None:
    result = krmfn_process(["generate", "--no-config", "--from", "fedora", "--name", "f2", "--patch",
                            f"@{tmp_path}/missing.json"])
    assert result.code == 2
    assert result.stderr == f"krmfn: --patch: cannot read {tmp_path}/missing.json: No such file or directory\n"


def test_a_warning_of_admission_is_a_warning_and_the_copy_is_still_generated() -> None:
    objects, findings = run(SizeRequest("fedora", "myfedora", None, None, None, None,
                                        ["cpu.preferredCPUTopology=preferCores"]))
    assert objects[0]["spec"]["cpu"] == {"preferredCPUTopology": "preferCores"}
    assert [(f.severity, f.check, f.path, f.message) for f in findings[:1]] == [
        ("warning", "generate-admission-warning", "spec.sizes[0].set[0]",
         "KubeVirt's admission warns about the VirtualMachinePreference: PreferredCPUTopology preferCores is "
         "deprecated for removal in a future release, please use cores instead")]

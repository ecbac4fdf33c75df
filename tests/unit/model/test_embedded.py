"""krmfn.model.embedded: the objects of Lists and the VMs of VirtualMachinePools as objects of their own,
through the real modes (krmfn.modes.dispatch.run)."""
from __future__ import annotations

import copy
import json

from krmfn.model.embedded import Member, pool_vm, rewrap, split_template_inlined_from, template_path, unwrap
from krmfn.model.findings import ERROR, Finding
from krmfn.model.krm import INLINED_FROM_ANNOTATION, PROVENANCE_ANNOTATION
from krmfn.model.outcome import Outcome
from krmfn.modes.dispatch import run
from tests.conftest import krm, krmfn_process

IT = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
      "metadata": {"name": "small"}, "spec": {"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}}}


def vm(name: str, instancetype: str = "small", **domain: object) -> dict:
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": name, "namespace": "lab"},
            "spec": {"runStrategy": "Always", "instancetype": {"name": instancetype},
                     "template": {"spec": {"domain": {"devices": {}, **domain}}}}}


def a_list(*items: dict, kind: str = "List") -> dict:
    return {"apiVersion": "v1", "kind": kind, "items": list(items)}


def pool(template_spec: dict) -> dict:
    return {"apiVersion": "pool.kubevirt.io/v1beta1", "kind": "VirtualMachinePool",
            "metadata": {"name": "web", "namespace": "lab"},
            "spec": {"replicas": 2, "selector": {"matchLabels": {"app": "web"}},
                     "virtualMachineTemplate": {"metadata": {"labels": {"app": "web"}}, "spec": template_spec}}}


def test_nothing_embedded_is_no_flat_view() -> None:
    assert unwrap([IT, vm("a"), {"kind": "ConfigMap"}, "text", None]) is None


def test_list_members_and_pool_vms_are_flat_values_with_their_origin() -> None:
    values = [IT, a_list(vm("a"), vm("b")), pool(vm("x")["spec"])]
    flat = unwrap(values)
    assert flat is not None
    assert flat.values[:4] == [IT, vm("a"), vm("b"), values[2]]  # the pool itself, for its own webhook
    assert flat.origins == [0, Member(1, 0), Member(1, 1), 2, Member(2, 0)]
    assert flat.carriers == {1: [1, 2], 2: [4]} and flat.pools == {2}


def test_a_pool_stands_for_the_vm_its_controller_creates_first() -> None:
    created = pool_vm(pool(vm("x")["spec"]))
    assert created == {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
                       "metadata": {"labels": {"app": "web"}, "name": "web-0", "namespace": "lab"},
                       "spec": vm("x")["spec"]}


def test_typed_lists_are_lists_too() -> None:
    flat = unwrap([a_list(vm("a"), kind="VirtualMachineList")])
    assert flat is not None and flat.values == [vm("a")]


def test_validate_reports_an_object_of_a_list_under_its_own_name_at_its_path_in_the_list() -> None:
    values = [a_list(IT, vm("ok"), vm("typo", "smal"))]
    pristine = copy.deepcopy(values)
    outcome = run("validate", values, {"catalog": "none"})
    assert values == pristine and outcome.items == values and outcome.sources == [0] and not outcome.changed
    [finding] = [f for f in outcome.findings if f.is_error]
    assert (finding.item, finding.path, finding.check, finding.subject["metadata"]["name"]) == (
        0, "items[2].spec.instancetype.name", "reference", "typo")


def test_validate_reports_a_pool_vm_problem_on_the_pool_at_the_template_path() -> None:
    outcome = run("validate", [IT, pool(vm("x", cpu={"sockets": 3})["spec"])], {"catalog": "none"})
    [finding] = [f for f in outcome.findings if f.is_error]
    assert (finding.item, finding.path, finding.check, finding.subject) == (
        1, "spec.virtualMachineTemplate.spec.template.spec.domain.cpu.sockets", "conflict", None)
    assert finding.message == "VM field(s) spec.template.spec.domain.cpu.sockets conflicts with selected instance type"


def test_inline_expands_the_vms_of_a_list_in_place_and_leaves_the_rest_of_it_alone() -> None:
    values = [a_list(IT, vm("a"), {"kind": "ConfigMap", "metadata": {"name": "c"}}), vm("outside")]
    outcome = run("inline", values, {"catalog": "none"})
    assert outcome.sources == [0, 1] and outcome.changed == {0, 1}
    items = outcome.items[0]["items"]
    assert items[0] is IT and items[2] is values[0]["items"][2]
    assert "instancetype" not in items[1]["spec"]
    assert items[1]["spec"]["template"]["spec"]["domain"]["cpu"] == {"sockets": 2, "cores": 1, "threads": 1}
    assert "instancetype" in values[0]["items"][1]["spec"]  # the input is not touched


def test_inline_writes_the_expanded_template_into_the_pool() -> None:
    values = [IT, pool(vm("x")["spec"])]
    outcome = run("inline", values, {"catalog": "none"})
    assert outcome.changed == {1}
    template = outcome.items[1]["spec"]["virtualMachineTemplate"]
    assert "instancetype" not in template["spec"]
    assert template["spec"]["template"]["spec"]["domain"]["memory"] == {"guest": "2Gi"}
    assert template["metadata"] == {"labels": {"app": "web"}, "annotations": {
        INLINED_FROM_ANNOTATION: "instancetype=VirtualMachineClusterInstancetype/small"}}
    assert outcome.items[1]["spec"]["replicas"] == 2 and outcome.items[1]["metadata"] == values[1]["metadata"]


def test_a_carrier_with_nothing_changed_comes_out_as_it_came_in() -> None:
    values = [a_list(IT, vm("typo", "smal")), pool(vm("x", "nope")["spec"])]
    outcome = run("inline", values, {"catalog": "none"})
    assert outcome.items[0] is values[0] and outcome.items[1] is values[1] and not outcome.changed
    assert len([f for f in outcome.findings if f.is_error]) == 2


def test_dropped_members_leave_the_list_and_new_items_stay_new() -> None:
    values = [a_list(IT, vm("a")), a_list()]
    flat = unwrap(values)
    assert flat is not None
    # the mode dropped the instance type (flat 0), kept the VM (flat 1) and the empty List (flat 2,
    # nothing to unwrap) unchanged, and added an item
    mode_outcome = Outcome([flat.values[1], flat.values[2], {"kind": "New"}], [1, 2, None], set(),
                           [Finding(ERROR, "m", item=1, path="spec")])
    out = rewrap(mode_outcome, flat, values)
    assert out.items == [a_list(vm("a")), a_list(), {"kind": "New"}]
    assert out.sources == [0, 1, None] and out.changed == {0}
    assert (out.findings[0].item, out.findings[0].path) == (0, "items[1].spec")


def test_the_krm_result_names_the_object_of_the_list_and_its_path_in_the_list() -> None:
    resource_list = {"apiVersion": "config.kubernetes.io/v1", "kind": "ResourceList",
                     "items": [a_list(IT, vm("typo", "smal"))],
                     "functionConfig": {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "fn"},
                                        "data": {"mode": "validate", "catalog": "none"}}}
    run_ = krm(json.dumps(resource_list))
    assert run_.code == 1
    [result] = run_.doc()["results"]
    assert result["resourceRef"] == {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "name": "typo",
                                     "namespace": "lab"}
    assert result["field"] == {"path": "items[1].spec.instancetype.name"}
    assert result["message"] == ('virtualmachineclusterinstancetypes.instancetype.kubevirt.io "smal" not found '
                                 "(did you mean small?)")


def test_the_pools_own_ignore_annotation_suppresses_and_its_name_is_the_pools() -> None:
    suppressed = pool(vm("x", cpu={"sockets": 3})["spec"])
    suppressed["metadata"]["annotations"] = {"krmfn.dev/ignore": "conflict", "krmfn.dev/ignore-reason": "known"}
    [finding] = [f for f in run("validate", [IT, suppressed], {"catalog": "none"}).findings if f.check == "conflict"]
    assert (finding.severity, finding.tags["suppressed"]) == ("info", "known")
    suppressed["metadata"]["annotations"]["krmfn.dev/ignore"] = "conflikt"
    [warning] = [f for f in run("validate", [IT, suppressed], {"catalog": "none"}).findings
                 if f.check == "ignore-annotation"]
    assert (warning.item, warning.path) == (1, "metadata.annotations")  # the pool's own annotations
    badly_named = pool(vm("x")["spec"])
    badly_named["metadata"]["name"] = "Bad_Name"
    paths = {f.path for f in run("validate", [IT, badly_named], {"catalog": "none"}).findings if f.is_error}
    assert "metadata.name" in paths and not any(p.startswith("spec.virtualMachineTemplate.metadata") for p in paths)


def test_inline_does_not_copy_the_pools_ignore_annotations_into_its_template() -> None:
    annotated = pool(vm("x")["spec"])
    annotated["metadata"]["annotations"] = {"krmfn.dev/ignore": "deprecated"}
    template = run("inline", [IT, annotated], {"catalog": "none"}).items[1]["spec"]["virtualMachineTemplate"]
    assert template["metadata"]["annotations"] == {
        INLINED_FROM_ANNOTATION: "instancetype=VirtualMachineClusterInstancetype/small"}


def test_duplicate_object_names_the_first_definition_inside_a_list(tmp_path) -> None:
    (tmp_path / "a.yaml").write_text(json.dumps(a_list({"apiVersion": "v1", "kind": "ConfigMap",
                                                        "metadata": {"name": "q", "namespace": "lab"}}), indent=1))
    (tmp_path / "b.yaml").write_text("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: q\n  namespace: lab\n")
    run_ = krmfn_process(["validate", "a.yaml", "b.yaml"], cwd=tmp_path)
    assert "b.yaml:4: error [duplicate-object] ConfigMap lab/q metadata.name:" in run_.stdout
    assert run_.stdout.splitlines()[0].endswith("(first definition: a.yaml:9)")


def test_the_summary_counts_each_object_of_a_list() -> None:
    run_ = krmfn_process(["validate", "--catalog", "none", "-"], json.dumps(a_list(IT, vm("a"))))
    assert run_.stdout.splitlines()[-1] == "krmfn validate: 2 objects, 0 errors, 0 warnings, 0 infos"


def test_validate_runs_the_pools_own_webhook_on_the_pool() -> None:
    no_selector = pool(vm("x")["spec"])
    del no_selector["spec"]["selector"]
    findings = [(f.item, f.path, f.check, f.message) for f in run("validate", [IT, no_selector],
                                                                     {"catalog": "none"}).findings if f.is_error]
    assert findings == [(1, "spec.selector", "vm-admission", "selector does not match labels.")]
    outcome = run("inline", [IT, no_selector], {"catalog": "none"})  # inline still expands the template
    assert outcome.changed == {1} and len(outcome.items) == 2


def test_a_pool_vm_path_is_located_in_the_template() -> None:
    assert template_path("spec.template.spec.domain") == "spec.virtualMachineTemplate.spec.template.spec.domain"
    assert template_path("metadata.labels.app") == "spec.virtualMachineTemplate.metadata.labels.app"
    assert template_path("") == "spec.virtualMachineTemplate"


def test_a_pools_inlined_from_is_read_from_its_template() -> None:
    inlined = run("inline", [IT, pool(vm("x")["spec"])], {}).items[1]
    stripped, source = split_template_inlined_from(inlined)
    assert source == "instancetype=VirtualMachineClusterInstancetype/small"
    assert stripped["spec"]["virtualMachineTemplate"]["metadata"] == {"labels": {"app": "web"}}
    assert stripped["spec"]["virtualMachineTemplate"]["spec"] == inlined["spec"]["virtualMachineTemplate"]["spec"]
    as_written = pool(vm("x")["spec"])
    assert split_template_inlined_from(as_written) == (as_written, None)


def test_the_provenance_annotation_of_a_pools_vm_has_the_paths_of_the_vms_it_creates() -> None:
    """The annotation sits in the template's metadata: every VM the pool creates carries it, so its
    paths are those VMs' (explain locates the same fields in the pool)."""
    inlined = run("inline", [IT, pool(vm("x")["spec"])], {"provenance": True}).items[1]
    annotation = inlined["spec"]["virtualMachineTemplate"]["metadata"]["annotations"][PROVENANCE_ANNOTATION]
    cpu = "spec.template.spec.domain.cpu."
    assert json.loads(annotation)["instancetype VirtualMachineClusterInstancetype/small: spec.cpu.guest"] == [
        cpu + "sockets", cpu + "cores", cpu + "threads"]


def test_a_template_problem_both_webhooks_find_is_reported_once_in_the_pools_words() -> None:
    # The pool's webhook (the template as written) and the VM webhook (the pool's VM) both reject
    # the hostname, the missing disk and SecureBoot without SMM; the VM webhook alone finds the
    # instance type conflict. Each is reported once, the pool's message where both give one.
    spec = vm("x", cpu={"sockets": 3}, firmware={"bootloader": {"efi": {"secureBoot": True}}})["spec"]
    del spec["instancetype"]
    spec["template"]["spec"]["hostname"] = "Bad_Host"
    spec["template"]["spec"]["domain"]["devices"] = {"disks": [{"name": "missing"}]}
    spec["template"]["spec"]["domain"]["memory"] = {"guest": "1Gi"}
    prefix = "spec.virtualMachineTemplate.spec.template.spec."
    expected = {(prefix + "hostname", prefix + "hostname does not conform to the kubernetes DNS_LABEL rules"),
                (prefix + "domain", prefix + "domain has EFI SecureBoot enabled."),
                (prefix + "domain.devices.disks[0].name", prefix + "domain.devices.disks[0].Name 'missing' not found.")}
    for mode, options in (("validate", {}), ("inline", {"admission": "error"}), ("normalize", {})):
        findings = [f for f in run(mode, [IT, pool(spec)], {"catalog": "none", **options}).findings if f.is_error]
        lead = "" if mode == "validate" else "KubeVirt's admission rejects this VirtualMachinePool: "
        assert {(f.item, f.check) for f in findings} == {(1, "vm-admission")}, mode
        assert len(findings) == 3, (mode, [f.message for f in findings])
        assert {(f.path, f.message[len(lead):len(lead) + len(message)]) for f in findings for path, message in
                expected if f.path == path} == expected, mode
    with_instancetype = copy.deepcopy(spec)
    with_instancetype["instancetype"] = {"name": "small"}
    conflict = [f for f in run("validate", [IT, pool(with_instancetype)], {"catalog": "none"}).findings
                if f.check == "conflict"]
    assert [f.message for f in conflict] == [  # the VM webhook's alone: on the pool's VM, in its words
        "VM field(s) spec.template.spec.domain.cpu.sockets conflicts with selected instance type",
        "VM field(s) spec.template.spec.domain.memory.guest conflicts with selected instance type"]


def test_findings_on_a_pools_vm_go_only_where_the_pool_has_the_same_cause() -> None:
    flat = unwrap([pool(vm("x")["spec"])])
    assert flat is not None
    field = "spec.template.spec.domain"
    on_vm = [Finding(ERROR, "spec.template.spec.domain is bad", item=1, path=field, check="vm-admission"),
             Finding(ERROR, "spec.template.spec.domain is worse", item=1, path=field, check="vm-admission"),
             Finding(ERROR, "spec.template.spec.domain is bad", item=1, path=field, check="conflict")]
    on_pool = [Finding(ERROR, "spec.virtualMachineTemplate.spec.template.spec.domain is bad", item=0,
                       path=template_path(field), check="vm-admission")]
    outcome = Outcome([flat.values[0], flat.values[1]], [0, 1], set(), [*on_vm, *on_pool])
    kept = rewrap(outcome, flat, [pool(vm("x")["spec"])]).findings
    assert [(f.message, f.check) for f in kept] == [
        ("spec.template.spec.domain is worse", "vm-admission"), ("spec.template.spec.domain is bad", "conflict"),
        ("spec.virtualMachineTemplate.spec.template.spec.domain is bad", "vm-admission")]

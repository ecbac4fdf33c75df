"""krmfn.modes.explain.provenance: one source per field of an inlined VM."""
from __future__ import annotations

import json

from krmfn.modes import dispatch as modes
from krmfn.modes.explain.provenance import DEFAULT, INSTANCETYPE, PREFERENCE, VM, Source, explain
from krmfn.report import explain as explainreport
from krmfn.model.krm import PROVENANCE_ANNOTATION
from tests.conftest import load12

INSTANCETYPE_OBJECT = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
                       "metadata": {"name": "it"},
                       "spec": {"cpu": {"guest": 4, "maxSockets": 8}, "memory": {"guest": "2Gi"}}}
PREFERENCE_OBJECT = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterPreference",
                     "metadata": {"name": "pf"},
                     "spec": {"cpu": {"preferredCPUTopology": "cores"}, "devices": {"preferredDiskBus": "sata"},
                              "features": {"preferredSmm": {}}}}


def vm() -> dict:
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm"},
            "spec": {"instancetype": {"name": "it"}, "preference": {"name": "pf"}, "runStrategy": "Always",
                     "template": {"spec": {"domain": {"cpu": {"maxSockets": 2}, "devices": {}},
                                           "volumes": [{"name": "root", "containerDisk": {"image": "img"}}]}}}}


def sources() -> dict[str, Source]:
    [found] = explain([INSTANCETYPE_OBJECT, PREFERENCE_OBJECT, vm()], {}, modes.run)
    return {leaf.path: leaf.source for leaf in found.leaves}


def test_each_origin_with_its_field_and_rule():
    got = sources()
    it, pf = "VirtualMachineClusterInstancetype/it", "VirtualMachineClusterPreference/pf"
    domain = "spec.template.spec.domain."
    assert got["spec.runStrategy"] == Source(VM)
    assert got["spec.template.spec.volumes[0].containerDisk.image"] == Source(VM)
    assert got[domain + "memory.guest"] == Source(INSTANCETYPE, it, "spec.memory.guest")
    assert got[domain + "cpu.cores"] == Source(PREFERENCE, pf, "spec.cpu.preferredCPUTopology",
                                               "topology of the 4 vCPUs of " + it)
    assert got[domain + "cpu.maxSockets"] == Source(INSTANCETYPE, it, "spec.cpu.maxSockets", "overwrite")
    assert got[domain + "features.smm"] == Source(PREFERENCE, pf, "spec.features.preferredSmm", "fill-if-unset")
    assert got[domain + "devices.disks[0].disk.bus"] == Source(
        PREFERENCE, pf, "spec.devices.preferredDiskBus", "fill-if-unset, on a device the defaults added")
    assert got[domain + "devices.disks[0].name"] == Source(
        DEFAULT, field="a disk for each volume (KubeVirt's defaults)")
    assert got["spec.template.spec.evictionStrategy"] == Source(DEFAULT, field="evictionStrategy")


def test_a_vm_without_matchers_is_all_its_own():
    plain = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "p"},
             "spec": {"template": {"spec": {"domain": {"devices": {}}}}}}
    [found] = explain([plain], {}, modes.run)
    assert found.expanded_from is None and {leaf.source for leaf in found.leaves} == {Source(VM)}


def test_the_commented_yaml_reads_back_as_the_expanded_vm():
    [found] = explain([INSTANCETYPE_OBJECT, PREFERENCE_OBJECT, vm()], {}, modes.run)
    text = explainreport.render([found], "yaml")
    assert load12(text) == found.expanded
    assert "cores: 4  # preference VirtualMachineClusterPreference/pf: spec.cpu.preferredCPUTopology" in text
    rows = explainreport.render([found], "table").splitlines()
    assert rows[1].split() == ["FIELD", "VALUE", "SOURCE"]
    fields = json.loads(explainreport.render([found], "json"))[0]["fields"]
    assert {"path": "spec.runStrategy", "value": "Always", "source": {"origin": "vm"}} in fields


def test_inline_provenance_annotation_is_opt_in():
    plain = modes.run("inline", [INSTANCETYPE_OBJECT, PREFERENCE_OBJECT, vm()], {}).items[2]
    assert PROVENANCE_ANNOTATION not in plain["metadata"]["annotations"]
    annotated = modes.run("inline", [INSTANCETYPE_OBJECT, PREFERENCE_OBJECT, vm()], {"provenance": True}).items[2]
    provenance = json.loads(annotated["metadata"]["annotations"][PROVENANCE_ANNOTATION])
    assert provenance["instancetype VirtualMachineClusterInstancetype/it: spec.memory.guest"] == [
        "spec.template.spec.domain.memory.guest"]
    assert {**annotated["metadata"]["annotations"]} .keys() - {PROVENANCE_ANNOTATION} == \
        plain["metadata"]["annotations"].keys()


def test_provenance_with_drop_referenced_names_the_same_sources():
    # dropReferenced removes the definitions from the output: explain still reads the bundle item
    # for item, and the annotation is the one written without dropping.
    kept = modes.run("inline", [INSTANCETYPE_OBJECT, PREFERENCE_OBJECT, vm()], {"provenance": True}).items[2]
    dropped = modes.run("inline", [INSTANCETYPE_OBJECT, PREFERENCE_OBJECT, vm()],
                        {"provenance": True, "dropReferenced": True}).items
    assert [item["kind"] for item in dropped] == ["VirtualMachine"]
    assert dropped[0]["metadata"]["annotations"][PROVENANCE_ANNOTATION] == \
        kept["metadata"]["annotations"][PROVENANCE_ANNOTATION]


def pool() -> dict:
    return {"apiVersion": "pool.kubevirt.io/v1beta1", "kind": "VirtualMachinePool",
            "metadata": {"name": "workers", "namespace": "lab"},
            "spec": {"replicas": 3, "selector": {"matchLabels": {"app": "w"}},
                     "virtualMachineTemplate": {"metadata": {"labels": {"app": "w"}}, "spec": vm()["spec"]}}}


def test_a_pools_template_is_explained_as_the_vm_it_creates_located_in_the_pool():
    [as_vm] = explain([INSTANCETYPE_OBJECT, PREFERENCE_OBJECT, vm()], {}, modes.run)
    [found] = explain([INSTANCETYPE_OBJECT, PREFERENCE_OBJECT, pool()], {}, modes.run)
    assert (found.index, found.expanded_from) == (2, as_vm.expanded_from)
    assert found.expanded == {**pool(), "spec": {**pool()["spec"], "virtualMachineTemplate": {
        "metadata": {"labels": {"app": "w"}}, "spec": as_vm.expanded["spec"]}}}
    got = {leaf.path: leaf.source for leaf in found.leaves}
    template = "spec.virtualMachineTemplate."
    assert {path: source for path, source in got.items() if not path.startswith(template)} == {
        "apiVersion": Source(VM), "kind": Source(VM), "metadata.name": Source(VM), "metadata.namespace": Source(VM),
        "spec.replicas": Source(VM), "spec.selector.matchLabels.app": Source(VM)}
    assert {path.removeprefix(template): source for path, source in got.items() if path.startswith(template)} == {
        leaf.path: leaf.source for leaf in as_vm.leaves if leaf.path.startswith("spec.")} | {
        "metadata.labels.app": Source(VM)}
    assert got[template + "spec.template.spec.domain.memory.guest"] == Source(
        INSTANCETYPE, "VirtualMachineClusterInstancetype/it", "spec.memory.guest")


def test_a_pool_in_the_explain_report_and_in_inlines_provenance_annotation():
    [found] = explain([INSTANCETYPE_OBJECT, PREFERENCE_OBJECT, pool()], {}, modes.run)
    text = explainreport.render([found], "yaml")
    assert text.splitlines()[0] == ("# VirtualMachinePool lab/workers: instancetype=VirtualMachineClusterInstancetype/"
                                    "it,preference=VirtualMachineClusterPreference/pf")
    assert load12(text) == found.expanded
    as_json = json.loads(explainreport.render([found], "json"))[0]
    assert (as_json["kind"], as_json["vm"]) == ("VirtualMachinePool", "lab/workers")
    inlined = modes.run("inline", [INSTANCETYPE_OBJECT, PREFERENCE_OBJECT, pool()], {"provenance": True}).items[2]
    annotation = inlined["spec"]["virtualMachineTemplate"]["metadata"]["annotations"][PROVENANCE_ANNOTATION]
    credited: dict[str, list[str]] = {}  # the annotation is the created VMs': their paths
    template = "spec.virtualMachineTemplate."
    for leaf in found.leaves:
        if leaf.source.origin != VM:
            assert leaf.path.startswith(template)
            credited.setdefault(leaf.source.text(), []).append(leaf.path.removeprefix(template))
    assert json.loads(annotation) == credited


def test_a_vm_inline_cannot_expand_is_titled_with_every_missing_reference():
    typos = vm()
    typos["spec"]["instancetype"] = {"name": "iit"}
    typos["spec"]["preference"] = {"name": "ppf"}
    [found] = explain([INSTANCETYPE_OBJECT, PREFERENCE_OBJECT, typos], {"catalog": "none"}, modes.run)
    assert found.expanded_from is None
    assert found.failures == [
        'spec.instancetype.name: virtualmachineclusterinstancetypes.instancetype.kubevirt.io "iit" not found '
        "(did you mean it?)",
        'spec.preference.name: virtualmachineclusterpreferences.instancetype.kubevirt.io "ppf" not found '
        "(did you mean pf?)"]
    assert explainreport.render([found], "yaml").splitlines()[0] == (
        "# VirtualMachine vm: not expanded: " + "; ".join(found.failures))
    assert json.loads(explainreport.render([found], "json"))[0]["notExpanded"] == found.failures


def test_a_vm_without_matchers_is_titled_so():
    bare = vm()
    del bare["spec"]["instancetype"], bare["spec"]["preference"]
    [found] = explain([bare], {}, modes.run)
    assert (found.expanded_from, found.failures) == (None, [])
    assert explainreport.render([found], "table").splitlines()[0] == (
        "VirtualMachine vm: not expanded: it has no instance type or preference matcher")

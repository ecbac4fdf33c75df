"""krmfn.modes.adopt.engine: one VM onto the instance type and preference that reproduce it."""
from __future__ import annotations

import copy

from krmfn.modes.adopt.compare import defaulted
from krmfn.modes.adopt.engine import ADOPTED, NOT_ADOPTED, SKIPPED, AdoptContext, adopt_vm
from krmfn.modes.inline.mode import run_inline
from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from tests.unit.modes.adopt.vms import imported_vm, with_matchers


def context(items: list, generate: bool = False) -> AdoptContext:
    return AdoptContext(Bundle(items, "default", set(), "v1.7.0"), ClusterConfig(), "v1.7.0", generate, items)


def test_an_imported_rhel9_vm_adopts_u1_large_and_rhel9_and_inlines_back():
    vm = imported_vm()
    result = adopt_vm(vm, context([vm]))
    assert (result.status, result.instancetype.name, result.preference.name, result.exact) == (  # type: ignore[union-attr]
        ADOPTED, "u1.large", "rhel.9", True)
    assert result.vm is not None
    domain = result.vm["spec"]["template"]["spec"]["domain"]
    # what u1.large and rhel.9 supply is gone; the MAC address and the bridge binding are the VM's own
    assert domain == {"devices": {"disks": [{"name": "disk-0"}],
                                  "interfaces": [{"name": "net-0", "bridge": {}, "macAddress": "00:50:56:8a:3c:11"}]}}
    assert {"template.spec.domain.cpu", "template.spec.domain.devices.disks[0].disk",
            "template.spec.domain.devices.rng"} <= set(result.dropped)
    original = defaulted(vm, ClusterConfig())  # what KubeVirt makes of the VM as it is
    again = run_inline([result.vm], {}).items[0]
    assert again["metadata"].pop("annotations") == {
        "krmfn.dev/inlined-from": "instancetype=VirtualMachineClusterInstancetype/u1.large,"
                                  "preference=VirtualMachineClusterPreference/rhel.9"}
    assert again == original


def test_a_size_no_instance_type_has_is_reported_with_the_fix():
    vm = imported_vm(memory="3Gi")
    result = adopt_vm(vm, context([vm]))
    # the preference alone reproduces it; the VM keeps its own CPU and memory
    assert (result.status, result.instancetype, result.preference.name) == (ADOPTED, None, "rhel.9")  # type: ignore[union-attr]
    assert result.reasons == ["2 vCPUs with memory 3Gi match no instance type of the bundle or catalog v1.7.0 "
                              "(u1 with 2 vCPUs: u1.2xmedium 4Gi, u1.large 8Gi): use --generate"]
    assert result.vm is not None and result.vm["spec"]["template"]["spec"]["domain"]["memory"] == {"guest": "3Gi"}
    bare = imported_vm(memory="3Gi")
    del bare["spec"]["template"]["spec"]["domain"]["devices"]["rng"]  # no catalog preference leaves rng out
    assert adopt_vm(bare, context([bare])).status == NOT_ADOPTED


def test_generate_makes_a_custom_size_of_the_first_class_that_reproduces_the_vm():
    vm = imported_vm(memory="3Gi")
    ctx = context([vm], generate=True)
    result = adopt_vm(vm, ctx)
    assert result.status == ADOPTED
    assert result.instancetype is not None and result.instancetype.obj is not None
    assert (result.instancetype.kind, result.instancetype.name) == ("VirtualMachineInstancetype", "u1.2c3gi")
    assert result.instancetype.obj["spec"] == {"cpu": {"guest": 2}, "memory": {"guest": "3Gi"}}
    assert result.instancetype.obj["metadata"]["namespace"] == "imported"
    assert result.preference is not None and result.preference.name == "rhel.9"
    again = adopt_vm(copy.deepcopy(vm), ctx)  # a second VM of that size shares the generated object
    assert again.instancetype is result.instancetype


def test_a_topology_no_preference_writes_is_not_changed_silently():
    vm = imported_vm(sockets=1, cores=2)  # 2 vCPUs as cores; the catalog's preferences prefer sockets
    result = adopt_vm(vm, context([vm]))
    assert (result.status, result.instancetype) == (ADOPTED, None)  # the preference alone; its own topology
    assert result.reasons[0].startswith("VirtualMachineClusterInstancetype/u1.large: domain.cpu.sockets: 1 would "
                                        "become 2; domain.cpu.cores: 2 would become 1")


def test_the_os_hint_picks_among_preferences_that_reproduce_the_vm():
    # no OS hints: the most specific preference of any family that reproduces the VM (rhel.9 and
    # rhel.10 set the same fields; by name, rhel.10)
    vm = imported_vm(labels={}, annotations={})
    assert adopt_vm(vm, context([vm])).preference.name == "rhel.10"  # type: ignore[union-attr]
    hinted = imported_vm(labels={"os.template.kubevirt.io/rhel9.4": "true"}, annotations={})
    assert adopt_vm(hinted, context([hinted])).preference.name == "rhel.9"  # type: ignore[union-attr]


def test_a_named_preference_that_does_not_reproduce_the_vm_is_said():
    vm = imported_vm(labels={"instancetype.kubevirt.io/default-preference": "windows.2k22"}, annotations={})
    result = adopt_vm(vm, context([vm]))
    assert result.status == ADOPTED and result.preference is not None and result.preference.name == "rhel.10"
    assert result.reasons == ["VM instancetype.kubevirt.io/default-preference names preference windows.2k22, "
                              "which does not reproduce this VM"]
    # fedora does (the dedicated IO thread stays the VM's own): the hint is followed
    vm = imported_vm(labels={"instancetype.kubevirt.io/default-preference": "fedora"}, annotations={})
    assert adopt_vm(vm, context([vm])).preference.name == "fedora"  # type: ignore[union-attr]


def test_a_bundle_definition_comes_before_the_catalog_s():
    mine = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineInstancetype",
            "metadata": {"name": "two-by-eight", "namespace": "imported"},
            "spec": {"cpu": {"guest": 2}, "memory": {"guest": "8Gi"}}}
    vm = imported_vm()
    result = adopt_vm(vm, context([mine, vm]))
    assert result.instancetype is not None and result.instancetype.text() == "VirtualMachineInstancetype/two-by-eight"


def test_a_vm_with_matchers_is_skipped():
    vm = with_matchers(imported_vm(), "u1.large", None)
    assert adopt_vm(vm, context([vm])).status == SKIPPED


def test_a_vm_kubevirt_cannot_decode_is_not_adopted_and_says_why():
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "a"}, "spec": "four"}
    result = adopt_vm(vm, context([vm]))
    assert (result.status, result.reasons) == (NOT_ADOPTED, ['spec in body must be of type object: "string"'])


def test_reasons_spell_values_as_the_vm_yaml_does():
    vm = imported_vm(sockets=1, cores=4, labels={}, annotations={})  # 4 vCPUs, 8Gi: cx1.xlarge's size
    reasons = adopt_vm(vm, context([vm])).reasons
    assert reasons[0].startswith("VirtualMachineClusterInstancetype/cx1.xlarge: domain.cpu.sockets: 1 would become 4; "
                                 "domain.cpu.cores: 4 would become 1; domain.cpu.dedicatedCpuPlacement: true would "
                                 "be added; and 5 more")

"""krmfn.modes.adopt.rewrite: matchers set, conflicting fields removed, supplied fields dropped."""
from __future__ import annotations

from krmfn import catalog
from krmfn.modes.adopt.candidates import CATALOG, Definition
from krmfn.modes.adopt.rewrite import adopted, dotted, minimized, remove, without
from tests.unit.modes.adopt.vms import imported_vm


def definition(kind: str, name: str) -> Definition:
    obj = catalog.lookup(kind, name)
    assert obj is not None
    return Definition(kind, name, obj["spec"], CATALOG)


U1_LARGE = definition("VirtualMachineClusterInstancetype", "u1.large")
RHEL9 = definition("VirtualMachineClusterPreference", "rhel.9")


def test_adopted_sets_the_matchers_and_removes_what_conflicts_with_the_instance_type():
    vm = imported_vm()
    vm["spec"]["template"]["spec"]["domain"]["resources"] = {"requests": {"memory": "8Gi", "cpu": "2"}}
    vm["metadata"]["annotations"] = {"krmfn.dev/inlined-from": "instancetype=X/y"}
    out = adopted(vm, U1_LARGE, RHEL9)
    assert isinstance(out, dict)
    assert out["spec"]["instancetype"] == {"kind": "VirtualMachineClusterInstancetype", "name": "u1.large"}
    assert out["spec"]["preference"] == {"kind": "VirtualMachineClusterPreference", "name": "rhel.9"}
    domain = out["spec"]["template"]["spec"]["domain"]
    assert "cpu" not in domain and "memory" not in domain and "resources" not in domain  # pruned when emptied
    assert domain["firmware"] == {"bootloader": {"efi": {"secureBoot": True}}}  # the preference's: not a conflict
    assert "annotations" not in out["metadata"]
    assert vm["spec"]["template"]["spec"]["domain"]["cpu"] == {"sockets": 2, "cores": 1, "threads": 1}  # a copy


def test_a_preference_alone_strips_nothing():
    out = adopted(imported_vm(), None, RHEL9)
    assert isinstance(out, dict)
    assert out["spec"]["template"]["spec"]["domain"]["cpu"] == {"sockets": 2, "cores": 1, "threads": 1}
    assert "instancetype" not in out["spec"]


def test_without_copies_only_the_path():
    value = {"a": {"b": 1, "c": 2}, "d": [{"e": 1, "f": 2}]}
    out = without(value, ("d", 0, "e"))
    assert out == {"a": {"b": 1, "c": 2}, "d": [{"f": 2}]}
    assert out["a"] is value["a"] and value["d"][0] == {"e": 1, "f": 2}
    assert without(value, ("x", "y")) is value


def test_remove_prunes_the_mappings_it_empties():
    value = {"a": {"b": {"c": 1}, "d": 2}}
    remove(value, ("a", "b", "c"), prune=True)
    assert value == {"a": {"d": 2}}


def test_minimized_drops_top_down_what_accept_lets_go_and_keeps_list_entries_and_names():
    disks = [{"name": "d", "bus": "x"}]
    vm = {"spec": {"template": {"spec": {"domain": {"cpu": {"a": 1}, "devices": {"disks": disks}}},
                                "metadata": {"annotations": {"k": "v"}}}}}
    def accept(candidate: dict) -> bool:
        disks = candidate["spec"]["template"]["spec"].get("domain", {}).get("devices", {}).get("disks")
        return bool(disks) and disks[0].get("name") == "d"

    out, dropped = minimized(vm, accept)
    assert dropped == ["spec.template.spec.domain.cpu", "spec.template.spec.domain.devices.disks[0].bus",
                       "spec.template.metadata.annotations"]
    assert out["spec"]["template"] == {"spec": {"domain": {"devices": {"disks": [{"name": "d"}]}}}}


def test_dotted():
    assert dotted(("spec", "disks", 0, "name")) == "spec.disks[0].name"

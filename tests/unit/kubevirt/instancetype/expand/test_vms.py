"""krmfn.kubevirt.instancetype.expand.vms: the per-VM loop over a bundle that inline and validate share."""
from __future__ import annotations

import copy

import krmfn.kubevirt.instancetype.expand.vms as loop
from krmfn.kubevirt.instancetype.expand.vms import INFER_HINT, ExpandOptions, catalog_notes, expand_vms
from krmfn.kubevirt.virt_api.admit import rejected_keys
from krmfn.model.options import complete

IT = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
      "metadata": {"name": "small"}, "spec": {"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}}}


def vm(name: str, spec: dict) -> dict:
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": name, "namespace": "ns"},
            "spec": {"template": {"spec": {"domain": {"devices": {}}}}, **spec}}


def options(**settings: object) -> ExpandOptions:
    return ExpandOptions.from_options(complete("inline", {"catalog": "none"}), **settings)


def test_results_and_failures_by_item_index_in_order() -> None:
    items = [IT, {"kind": "ConfigMap"}, vm("a", {"instancetype": {"name": "small"}}),
             vm("b", {"instancetype": {"name": "nope"}}), vm("plain", {})]
    pristine = copy.deepcopy(items)
    expansions = expand_vms(items, options())
    assert items == pristine
    assert expansions.vm_indices() == [2, 3, 4]
    assert sorted(expansions.results) == [2, 4] and list(expansions.failures) == [3]
    domain = expansions.results[2].vm["spec"]["template"]["spec"]["domain"]
    assert (domain["cpu"], domain["memory"]) == ({"sockets": 2, "cores": 1, "threads": 1}, {"guest": "2Gi"})
    assert expansions.results[4].vm is items[4]  # no matchers: unchanged (docs/kubevirt/expand.md#algorithm step 1)
    failure = expansions.failures[3]
    assert (failure.message, failure.path, failure.check) == (
        'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "nope" not found', "spec.instancetype.name",
        "instancetype-not-found")


def test_check_only_gives_verdicts_without_building_vms() -> None:
    expansions = expand_vms([IT, vm("a", {"instancetype": {"name": "small"}})], options(check_only=True))
    result = expansions.results[1]
    assert result.vm is None and result.instancetype is not None and result.instancetype.name == "small"


def test_a_wrong_json_type_fails_before_expanding() -> None:
    expansions = expand_vms([IT, vm("a", {"instancetype": {"name": 5}})], options())
    failure = expansions.failures[1]
    assert (failure.path, failure.check) == ("spec.instancetype.name", "schema")
    assert "must be of type string" in failure.message


def test_rejected_object_hint() -> None:
    broken = copy.deepcopy(IT)
    broken["spec"]["memory"] = {"guest": "2Gi", "overcommitPercent": 10, "hugepages": {"pageSize": "2Mi"}}
    items = [broken, vm("a", {"instancetype": {"name": "small"}})]
    expand = options()
    expand.rejected = rejected_keys(items, expand.namespace, expand.legacy)
    message = expand_vms(items, expand).failures[1].message
    assert message.startswith('virtualmachineclusterinstancetypes.instancetype.kubevirt.io "small" not found (the '
                              "bundle has VirtualMachineClusterInstancetype small, but KubeVirt's admission rejects it")


def test_infer_hint_only_when_inference_is_off() -> None:
    machine = vm("a", {"instancetype": {"inferFromVolume": "root"}})
    assert expand_vms([machine], options()).failures[0].message == "resource name may not be empty" + INFER_HINT
    assert INFER_HINT not in expand_vms([machine], options(infer=True)).failures[0].message


def test_an_exception_is_that_vms_failure(monkeypatch) -> None:
    def boom(*args: object, **kwargs: object) -> None:
        raise KeyError("x")

    monkeypatch.setattr(loop, "expand_vm", boom)
    failure = expand_vms([IT, vm("a", {"instancetype": {"name": "small"}})], options()).failures[1]
    assert (failure.check, failure.message) == ("internal-error", "internal error expanding this VM: KeyError: 'x'")


def test_catalog_notes_name_what_came_from_the_catalog() -> None:
    expand = ExpandOptions.from_options(complete("inline", {}))
    expansions = expand_vms([vm("a", {"instancetype": {"name": "u1.medium"}})], expand)
    notes = catalog_notes(expansions.results[0], expansions.bundle, 0)
    assert [(n.severity, n.item, n.check, n.message) for n in notes] == [
        ("info", 0, "catalog", "VirtualMachineClusterInstancetype u1.medium is not in the bundle: used the one of "
                               "the embedded common-instancetypes catalog v1.7.0")]


def test_a_missing_name_close_to_one_that_exists_gets_a_did_you_mean() -> None:
    items = [IT, vm("typo", {"instancetype": {"name": "smal"}})]
    failure = expand_vms(items, options()).failures[1]
    assert failure.message == ('virtualmachineclusterinstancetypes.instancetype.kubevirt.io "smal" not found '
                               "(did you mean small?)")


def test_catalog_names_are_suggested_when_the_catalog_is_on() -> None:
    items = [vm("typo", {"instancetype": {"name": "u1.meduim"}, "preference": {"name": "fedora"}})]
    failure = expand_vms(items, ExpandOptions.from_options(complete("inline", {}))).failures[0]
    assert failure.message == ('virtualmachineclusterinstancetypes.instancetype.kubevirt.io "u1.meduim" not found '
                               "(did you mean u1.medium?)")


def test_names_equally_close_are_all_suggested_up_to_three() -> None:
    assert loop.close_names("u1.meduim", {"u1.medium", "u1.2xmedium", "o1.medium", "u1.small"}) == ["u1.medium"]
    assert loop.close_names("web-1", {"web-2", "web-3", "web-4", "web-5", "db"}) == ["web-2", "web-3", "web-4"]
    assert loop.close_names("enormous", {"small"}) == [] and loop.close_names("x", set()) == []


def test_the_same_name_under_the_other_kind_of_the_role_is_named() -> None:
    items = [IT, vm("kind", {"instancetype": {"name": "small", "kind": "VirtualMachineInstancetype"}})]
    failure = expand_vms(items, options()).failures[1]
    assert failure.message == ('virtualmachineinstancetypes.instancetype.kubevirt.io "small" not found (there is a '
                               "VirtualMachineClusterInstancetype small: did you mean kind: "
                               "VirtualMachineClusterInstancetype?)")


def test_no_hint_when_nothing_is_close() -> None:
    items = [IT, vm("far", {"instancetype": {"name": "enormous"}})]
    failure = expand_vms(items, options()).failures[1]
    assert failure.message == 'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "enormous" not found'

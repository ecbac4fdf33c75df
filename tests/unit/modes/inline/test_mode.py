"""The inline engine on plain items (golden-style bundles): outputs, findings, options."""
import copy
import pytest


import krmfn.kubevirt.instancetype.expand.vms as expand_loop
from tests.unit.modes.process.test_mode import CONFIG_MAP, template
from krmfn.model.findings import ERROR
from krmfn.modes.dispatch import run as dispatch_run
from krmfn.modes.inline.mode import InlineOptions, inline_items, run_inline
from krmfn.kubevirt.instancetype.expand.vms import INFER_HINT
from krmfn.model.krm import INLINED_FROM_ANNOTATION, PROCESSED_FROM_ANNOTATION

IT_API = "instancetype.kubevirt.io/v1beta1"


def it(name="u1.medium", kind="VirtualMachineClusterInstancetype", namespace=None, guest=1):
    metadata = {"name": name, **({"namespace": namespace} if namespace else {})}
    return {"apiVersion": IT_API, "kind": kind, "metadata": metadata,
            "spec": {"cpu": {"guest": guest}, "memory": {"guest": "4Gi"}}}


def pf(name="fedora", kind="VirtualMachineClusterPreference"):
    return {"apiVersion": IT_API, "kind": kind, "metadata": {"name": name},
            "spec": {"devices": {"preferredDiskBus": "virtio"}}}


def vm(name="vm", instancetype=None, preference=None, namespace="ns", volumes=None, **extra):
    spec = {"runStrategy": "Halted", "template": {"spec": {"domain": {"devices": {}}, "volumes": volumes or [
        {"name": "rootdisk", "containerDisk": {"image": "quay.io/containerdisks/fedora:41"}}]}}}
    if instancetype is not None:
        spec["instancetype"] = instancetype
    if preference is not None:
        spec["preference"] = preference
    spec.update(extra)
    metadata = {"name": name, **({"namespace": namespace} if namespace else {})}
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": metadata, "spec": spec}


def run(items, rejected=frozenset(), **options):
    """inline_items with functionConfig options (the rest at their defaults) and a rejected set."""
    pristine = copy.deepcopy(items)
    inline_options = InlineOptions.from_options(options)
    inline_options.expand.rejected = set(rejected)
    outcome = inline_items(items, inline_options)
    assert items == pristine, "input items must not be mutated"
    return outcome


def template_spec(item):
    return item["spec"]["template"]["spec"]


def test_vms_expanded_in_place_and_other_items_untouched():
    items = [it(), pf(), vm("a", {"name": "u1.medium"}, {"name": "fedora"}), {"kind": "ConfigMap", "data": {}},
             vm("b", {"name": "u1.medium"})]
    outcome = run(items)
    assert outcome.findings == []
    assert outcome.changed == {2, 4}
    assert outcome.sources == [0, 1, 2, 3, 4]
    assert outcome.items[0] is items[0] and outcome.items[1] is items[1] and outcome.items[3] is items[3]
    expanded = outcome.items[2]
    assert "instancetype" not in expanded["spec"] and "preference" not in expanded["spec"]
    assert template_spec(expanded)["domain"]["devices"]["disks"] == [{"name": "rootdisk", "disk": {"bus": "virtio"}}]
    assert template_spec(expanded)["domain"]["memory"] == {"guest": "4Gi"}
    assert expanded["metadata"]["annotations"] == {
        INLINED_FROM_ANNOTATION: "instancetype=VirtualMachineClusterInstancetype/u1.medium,"
                                 "preference=VirtualMachineClusterPreference/fedora"}
    assert outcome.items[4]["metadata"]["annotations"] == {
        INLINED_FROM_ANNOTATION: "instancetype=VirtualMachineClusterInstancetype/u1.medium"}


def test_existing_annotations_are_kept():
    machine = vm("a", {"name": "u1.medium"})
    machine["metadata"]["annotations"] = {"team": "x"}
    outcome = run([it(), machine])
    assert outcome.items[1]["metadata"]["annotations"] == {
        "team": "x", INLINED_FROM_ANNOTATION: "instancetype=VirtualMachineClusterInstancetype/u1.medium"}


def test_failed_vm_left_unchanged_with_one_error_finding():
    items = [it(), vm("ok", {"name": "u1.medium"}), vm("missing", {"name": "nope"}),
             vm("conflict", {"name": "u1.medium"}, volumes=None)]
    items[3]["spec"]["template"]["spec"]["domain"]["cpu"] = {"sockets": 2}
    outcome = run(items)
    assert outcome.items[2] is items[2] and outcome.items[3] is items[3]
    assert outcome.changed == {1}
    assert [(f.severity, f.item, f.path, f.check, f.message) for f in outcome.findings] == [
        (ERROR, 2, "spec.instancetype.name", "reference",
         'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "nope" not found'),
        (ERROR, 3, "spec.template.spec.domain.cpu.sockets", "conflict",
         "VM field(s) spec.template.spec.domain.cpu.sockets conflicts with selected instance type"),
    ]


def test_every_missing_reference_of_a_vm_is_an_error_kubevirts_first():
    # KubeVirt's expand and start stop at the instance type; the preference's error follows, in the
    # words KubeVirt gives once the instance type is found (issue: `u1.meduim` with `fedroa`).
    items = [it(), pf(), vm("typos", {"name": "u1.meduim"}, {"name": "fedroa"})]
    outcome = run(items, catalog="none")
    assert outcome.items[2] is items[2] and outcome.changed == set()
    assert [(f.severity, f.item, f.path, f.check, f.message) for f in outcome.findings] == [
        (ERROR, 2, "spec.instancetype.name", "reference",
         'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "u1.meduim" not found (did you mean u1.medium?)'),
        (ERROR, 2, "spec.preference.name", "reference",
         'virtualmachineclusterpreferences.instancetype.kubevirt.io "fedroa" not found (did you mean fedora?)'),
    ]
    fixed = run([it(), pf(), vm("typo", {"name": "u1.medium"}, {"name": "fedroa"})], catalog="none")
    assert [f.message for f in fixed.findings] == [outcome.findings[1].message]


def test_idempotent_on_already_inlined_output():
    first = run([it(), pf(), vm("a", {"name": "u1.medium"}, {"name": "fedora"})])
    second = run(first.items)
    assert second.changed == set() and second.findings == []
    assert second.items == first.items


def test_vm_without_matchers_unchanged():
    machine = vm("plain")
    outcome = run([machine])
    assert outcome.items[0] is machine and outcome.changed == set()


def test_namespace_option_for_objects_without_namespace():
    items = [it("small", "VirtualMachineInstancetype"),
             vm("a", {"name": "small", "kind": "VirtualMachineInstancetype"}, namespace=None)]
    assert run(items, namespace="lab").findings == []
    items[1]["metadata"]["namespace"] = "other"
    assert run(items, namespace="lab").findings[0].message == (
        'virtualmachineinstancetypes.instancetype.kubevirt.io "small" not found')


def test_rejected_objects_do_not_exist():
    outcome = run([it("bad"), vm("a", {"name": "bad"})],
                  rejected={("VirtualMachineClusterInstancetype", "", "bad")})
    assert outcome.findings[0].message == 'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "bad" not found'


def test_unserved_api_versions_do_not_exist():
    old = it("old")
    old["apiVersion"] = "instancetype.kubevirt.io/v1"
    outcome = run([old, vm("a", {"name": "old"})])
    assert outcome.findings[0].message == 'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "old" not found'


@pytest.mark.parametrize("options", [{}, {"legacyApiVersions": "reject"}], ids=["default", "reject"])
def test_legacy_api_versions_do_not_exist_by_default_and_under_reject(options):
    old = it("old")
    old["apiVersion"] = "instancetype.kubevirt.io/v1alpha2"
    outcome = run([old, vm("a", {"name": "old"})], **options)
    assert outcome.findings[0].message == 'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "old" not found'


def test_legacy_api_versions_are_read_as_v1beta1_under_convert():
    old = it("old", guest=2)
    old["apiVersion"] = "instancetype.kubevirt.io/v1alpha1"
    outcome = run([old, vm("a", {"name": "old"})], legacyApiVersions="convert")
    assert outcome.findings == []
    assert template_spec(outcome.items[1])["domain"]["cpu"] == {"sockets": 2, "cores": 1, "threads": 1}
    assert outcome.items[0] is old  # the object itself comes out as it went in


def test_infer_from_volume_off_by_default_like_virtctl():
    items = [it(), pf(), _labelled_pvc(),
             vm("a", {"inferFromVolume": "root"}, {"inferFromVolume": "root"}, volumes=[_pvc_volume()])]
    outcome = run(items)
    assert [(f.message, f.path) for f in outcome.findings] == [  # each matcher, as virtctl meets them in turn
        ("resource name may not be empty" + INFER_HINT, "spec.instancetype.inferFromVolume"),
        ("resource name may not be empty" + INFER_HINT, "spec.preference.inferFromVolume")]


def test_infer_from_volume_resolves_from_the_bundle():
    items = [it(), pf(), _labelled_pvc(),
             vm("a", {"inferFromVolume": "root"}, {"inferFromVolume": "root"}, volumes=[_pvc_volume()])]
    outcome = run(items, inferFromVolume=True)
    assert outcome.findings == []
    expanded = outcome.items[3]
    assert template_spec(expanded)["domain"]["memory"] == {"guest": "4Gi"}
    assert template_spec(expanded)["domain"]["devices"]["disks"] == [{"name": "root", "disk": {"bus": "virtio"}}]
    assert expanded["metadata"]["annotations"][INLINED_FROM_ANNOTATION] == (
        "instancetype=VirtualMachineClusterInstancetype/u1.medium,preference=VirtualMachineClusterPreference/fedora")


def test_infer_failure_is_reported_with_the_mutator_message():
    items = [vm("a", {"inferFromVolume": "root"}, volumes=[_pvc_volume()])]
    outcome = run(items, inferFromVolume=True)
    assert [(f.item, f.message, f.check) for f in outcome.findings] == [
        (0, 'persistentvolumeclaims "disk1" not found', "matcher")]


def test_infer_ignore_policy_leaves_a_vm_without_matchers():
    items = [_labelled_pvc({}), vm("a", {"inferFromVolume": "root", "inferFromVolumeFailurePolicy": "Ignore"},
                                   volumes=[_pvc_volume()])]
    outcome = run(items, inferFromVolume=True)
    assert outcome.findings == [] and outcome.changed == {1}
    assert "instancetype" not in outcome.items[1]["spec"]
    assert INLINED_FROM_ANNOTATION not in (outcome.items[1]["metadata"].get("annotations") or {})


def test_drop_referenced_removes_only_objects_no_remaining_vm_needs():
    revision = {"apiVersion": "apps/v1", "kind": "ControllerRevision",
                "metadata": {"name": "cr", "namespace": "ns",
                             "labels": {"instancetype.kubevirt.io/object-kind": "VirtualMachineClusterInstancetype"}},
                "data": {**it("frozen", guest=4), "metadata": {"name": "frozen"}}}
    items = [it(), it("kept"), pf(), revision, it("unused"),
             vm("a", {"name": "u1.medium"}, {"name": "fedora"}),
             vm("b", {"name": "frozen", "revisionName": "cr"}),
             vm("c", {"name": "kept"}, {"name": "missing"})]
    outcome = run(items, dropReferenced=True)
    assert outcome.sources == [1, 4, 5, 6, 7]
    assert [item["metadata"]["name"] for item in outcome.items] == ["kept", "unused", "a", "b", "c"]
    assert outcome.changed == {2, 3}  # output positions of a and b
    assert [f.item for f in outcome.findings] == [7]


def test_run_inline_adapter_for_modes():
    outcome = run_inline([it(), vm("a", {"name": "u1.medium"})], {"namespace": "ns", "dropReferenced": True})
    assert outcome.sources == [1]
    assert outcome.changed == {0}
    assert outcome.items[0]["spec"]["template"]["spec"]["domain"]["memory"] == {"guest": "4Gi"}


def test_defaults_none_option():
    outcome = run_inline([it(), vm("a", {"name": "u1.medium"})], {"defaults": "none"})
    assert "architecture" not in template_spec(outcome.items[1])
    assert "networks" not in template_spec(outcome.items[1])


def test_inline_options_from_options():
    options = InlineOptions.from_options({"namespace": "lab", "architecture": "arm64", "dropReferenced": True,
                                          "inferFromVolume": True, "defaults": "none"})
    assert (options.expand.namespace, options.expand.config.default_architecture, options.drop_referenced,
            options.expand.infer, options.expand.apply_defaults) == ("lab", "arm64", True, True, False)


def _labelled_pvc(labels=None):
    return {"apiVersion": "v1", "kind": "PersistentVolumeClaim",
            "metadata": {"name": "disk1", "namespace": "ns", "labels": {
                "instancetype.kubevirt.io/default-instancetype": "u1.medium",
                "instancetype.kubevirt.io/default-preference": "fedora"} if labels is None else labels}}


def _pvc_volume():
    return {"name": "root", "persistentVolumeClaim": {"claimName": "disk1"}}


def test_drop_referenced_with_inference_drops_the_inferred_objects():
    items = [it(), pf(), _labelled_pvc(),
             vm("a", {"inferFromVolume": "root"}, {"inferFromVolume": "root"}, volumes=[_pvc_volume()])]
    outcome = run(items, inferFromVolume=True, dropReferenced=True)
    assert outcome.sources == [2, 3]


WEIRD_VALUES = [None, 5, "x", [], {}, [1], True]
WEIRD_PATHS = [
    ("spec",), ("spec", "template"), ("spec", "template", "spec"), ("spec", "template", "spec", "volumes"),
    ("spec", "template", "spec", "domain"), ("spec", "template", "spec", "domain", "devices"),
    ("spec", "template", "metadata"), ("spec", "instancetype"), ("spec", "instancetype", "name"),
    ("spec", "instancetype", "kind"), ("spec", "instancetype", "revisionName"), ("spec", "preference"),
    ("spec", "instancetype", "inferFromVolume"), ("spec", "dataVolumeTemplates"), ("status",),
    ("status", "instancetypeRef"), ("metadata",), ("metadata", "namespace"), ("kind",), ("apiVersion",),
]


def _set(obj, path, value):
    for key in path[:-1]:
        if not isinstance(obj.get(key), dict):
            obj[key] = {}
        obj = obj[key]
    obj[path[-1]] = value


def test_malformed_vms_and_objects_never_raise():
    revision = {"apiVersion": "apps/v1", "kind": "ControllerRevision", "metadata": {"name": "cr", "namespace": "ns"},
                "data": it()}
    for path in WEIRD_PATHS:
        for value in WEIRD_VALUES:
            machine = vm("a", {"name": "u1.medium", "revisionName": "cr"}, {"inferFromVolume": "root"},
                         volumes=[_pvc_volume()], dataVolumeTemplates=[{"metadata": {"name": "dv"}}])
            machine["status"] = {"instancetypeRef": {"controllerRevisionRef": {"name": "cr"}}}
            _set(machine, path, value)
            broken_revision = copy.deepcopy(revision)
            _set(broken_revision, ("data",) + path[-1:], value)
            items = [it(), pf(), _labelled_pvc(), broken_revision, machine]
            for options in ({}, {"inferFromVolume": True, "dropReferenced": True}):
                outcome = run(items, **options)
                assert len(outcome.items) <= len(items)


def test_an_internal_error_costs_only_its_own_vm(monkeypatch):
    real = expand_loop.expand_vm

    def flaky(vm, *args, **kwargs):
        if vm["metadata"]["name"] == "bad":
            raise KeyError("boom")
        return real(vm, *args, **kwargs)

    monkeypatch.setattr(expand_loop, "expand_vm", flaky)
    items = [it(), pf(), vm("bad", {"name": "u1.medium"}, None), vm("good", {"name": "u1.medium"}, None)]
    outcome = run(items)
    assert [(f.item, f.check) for f in outcome.findings] == [(2, "internal-error")]
    assert outcome.items[2] is items[2] and 3 in outcome.changed


def _v1beta2(local_config=False):
    custom = it("cx1.custom")
    custom["apiVersion"] = "instancetype.kubevirt.io/v1beta2"
    custom["spec"] = {"cpu": {"dedicatedCPUPlacement": True}}
    if local_config:
        custom["metadata"]["annotations"] = {"config.kubernetes.io/local-config": "true"}
    return custom


def test_a_v1beta2_object_in_the_output_gets_an_info_result():
    guest_vm = vm("a", {"name": "cx1.custom"})
    guest_vm["spec"]["template"]["spec"]["domain"].update({"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}})
    outcome = run([_v1beta2(), guest_vm])
    assert [(f.severity, f.item, f.check, f.path) for f in outcome.findings] == [
        ("info", 0, "v1beta2-not-served", "apiVersion")]
    assert outcome.findings[0].message.startswith("instancetype.kubevirt.io/v1beta2 is served by krmfn only")
    assert template_spec(outcome.items[1])["domain"]["cpu"] == {
        "dedicatedCpuPlacement": True, "sockets": 2, "cores": 1, "threads": 1}


def test_no_info_for_a_local_config_or_dropped_v1beta2_object():
    guest_vm = vm("a", {"name": "cx1.custom"})
    guest_vm["spec"]["template"]["spec"]["domain"].update({"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}})
    assert run([_v1beta2(local_config=True), guest_vm]).findings == []
    outcome = run([_v1beta2(), guest_vm], dropReferenced=True)
    assert outcome.findings == [] and outcome.sources == [1]


SECURE_BOOT_PREFERENCE = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachinePreference",
                          "metadata": {"name": "pf", "namespace": "ns"},
                          "spec": {"firmware": {"preferredEfi": {"secureBoot": True}}}}


def _vm_without_run_strategy() -> dict:
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
            "spec": {"preference": {"name": "pf", "kind": "VirtualMachinePreference"},
                     "template": {"spec": {"domain": {"devices": {}}}}}}


def test_admission_off_by_default_inline_is_virtctl_expand() -> None:
    outcome = run_inline([SECURE_BOOT_PREFERENCE, _vm_without_run_strategy()], {})
    assert [f for f in outcome.findings if "stage" in f.tags] == []
    assert 1 in outcome.changed


@pytest.mark.parametrize("severity", ["warning", "error"])
def test_admission_option_reports_each_cause_of_a_vm_that_expands(severity: str) -> None:
    outcome = run_inline([SECURE_BOOT_PREFERENCE, _vm_without_run_strategy()], {"admission": severity})
    reported = [(f.severity, f.item, f.path, f.message, f.tags) for f in outcome.findings if f.check == "vm-admission"]
    stage = {"stage": "validating-webhook/remaining-vm-checks"}
    assert reported == [
        (severity, 1, "spec.template.spec.domain", "KubeVirt's admission rejects this VM: spec.template.spec.domain "
         "has EFI SecureBoot enabled. SecureBoot requires SMM, which is currently disabled.", stage),
        (severity, 1, "spec.running", "KubeVirt's admission rejects this VM: RunStrategy must be specified", stage)]
    assert 1 in outcome.changed  # the VM is still inlined: expand itself succeeds


def test_admission_option_adds_nothing_to_a_vm_expand_fails() -> None:
    vm = _vm_without_run_strategy()
    vm["spec"]["preference"]["name"] = "missing"
    outcome = run_inline([vm], {"admission": "error"})
    assert [f.check for f in outcome.findings] == ["reference"]


def test_inline_shows_a_vmi_as_stored_and_leaves_a_rejected_one_with_its_error():
    good, bad = vmi(), vmi("Bad_Name")
    outcome = run_inline([good, bad], {"catalog": "none"})
    assert outcome.changed == {0}
    assert outcome.items[0]["spec"]["domain"]["machine"] == {"type": "q35"}
    assert outcome.items[1] == bad
    assert [(f.item, f.check, f.path) for f in outcome.findings] == [(1, "schema", "metadata.name")]


def vmi(name="testvmi", memory="1024Mi"):
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
            "metadata": {"name": name, "namespace": "lab"},
            "spec": {"domain": {"memory": {"guest": memory}, "devices": {
                "disks": [{"name": "root", "disk": {"bus": "virtio"}}]}},
                "volumes": [{"name": "root", "containerDisk": {"image": "quay.io/containerdisks/fedora:41"}}]}}


def test_a_pools_template_problem_is_reported_once_in_the_pools_words():
    # the pool's webhook and the VM webhook on the pool's VM both find it: KubeVirt answers the
    # pool's CREATE with the pool's message, at the template's path
    template = vm()["spec"]
    template["template"]["spec"]["domain"]["devices"] = {"disks": [{"name": "missing"}]}
    pool = {"apiVersion": "pool.kubevirt.io/v1beta1", "kind": "VirtualMachinePool",
            "metadata": {"name": "pool", "namespace": "ns"},
            "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "p"}},
                     "virtualMachineTemplate": {"metadata": {"labels": {"app": "p"}}, "spec": template}}}
    outcome = dispatch_run("inline", [pool], {"catalog": "none", "admission": "error"})
    assert [(f.severity, f.check, f.item, f.path, f.message) for f in outcome.findings] == [
        (ERROR, "vm-admission", 0, "spec.virtualMachineTemplate.spec.template.spec.domain.devices.disks[0].name",
         "KubeVirt's admission rejects this VirtualMachinePool: "
         "spec.virtualMachineTemplate.spec.template.spec.domain.devices.disks[0].Name 'missing' not found.")]


def test_converted_legacy_objects_get_a_warning_each_only_under_convert():
    legacy_it = {**it("small", "VirtualMachineInstancetype", "ns"), "apiVersion": "instancetype.kubevirt.io/v1alpha1"}
    legacy_pf = {**pf("pref", "VirtualMachinePreference"), "apiVersion": "instancetype.kubevirt.io/v1alpha2"}
    legacy_pf["metadata"]["namespace"] = "ns"
    items = [legacy_it, legacy_pf, vm(instancetype={"kind": "VirtualMachineInstancetype", "name": "small"},
                                      preference={"kind": "VirtualMachinePreference", "name": "pref"})]
    outcome = run_inline(items, {"catalog": "none", "legacyApiVersions": "convert"})
    assert outcome.changed == {2}
    assert [(f.severity, f.check, f.item, f.path, f.current, f.proposed) for f in outcome.findings] == [
        ("warning", "deprecated", 0, "apiVersion", "instancetype.kubevirt.io/v1alpha1", IT_API),
        ("warning", "deprecated", 1, "apiVersion", "instancetype.kubevirt.io/v1alpha2", IT_API)]
    assert "KubeVirt served instancetype.kubevirt.io/v1alpha1 up to v1.5, stopped serving it in v1.6" in \
        outcome.findings[0].message
    rejected = run_inline(items, {"catalog": "none", "legacyApiVersions": "reject"})
    assert [f.check for f in rejected.findings if f.check == "deprecated"] == []


def test_process_templates_inlines_the_vms_templates_yield_in_their_place():
    values = [template(), CONFIG_MAP]
    outcome = run_inline(values, {"processTemplates": True, "parameters": {"*": {"NAME": "web"}}})
    vm = outcome.items[0]
    assert outcome.sources == [0, 1] and outcome.changed == {0} and outcome.items[1] is CONFIG_MAP
    assert vm["kind"] == "VirtualMachine" and vm["metadata"]["namespace"] == "lab"
    assert vm["metadata"]["annotations"][PROCESSED_FROM_ANNOTATION] == "lab/fedora-vm"
    assert vm["metadata"]["annotations"]["krmfn.dev/inlined-from"] == (
        "instancetype=VirtualMachineClusterInstancetype/u1.medium,preference=VirtualMachineClusterPreference/fedora")
    assert "instancetype" not in vm["spec"] and vm["spec"]["template"]["spec"]["domain"]["memory"] == {"guest": "4Gi"}
    assert [(f.severity, f.message, f.item) for f in outcome.findings] == [
        ("info", "VM web is ready", 0),
        *(("info", f"VirtualMachineCluster{kind} is not in the bundle: used the one of the embedded "
                   "common-instancetypes catalog v1.7.0", 0)
          for kind in ("Instancetype u1.medium", "Preference fedora"))]
    # off (the default), a template passes through inline unchanged
    assert run_inline(values, {"parameters": {"*": {"NAME": "web"}}}).changed == set()


def test_process_templates_puts_inlines_findings_on_the_template_under_spec_virtual_machine():
    misspelled = template()
    misspelled["spec"]["virtualMachine"]["spec"]["instancetype"]["name"] = "u1.meduim"
    outcome = run_inline([misspelled], {"processTemplates": True, "parameters": {"*": {"NAME": "web"}}})
    # processed, not inlined: the VM stays as the template yields it
    assert outcome.changed == {0} and outcome.items[0]["spec"]["instancetype"] == {"name": "u1.meduim"}
    errors = [(f.item, f.path, f.message) for f in outcome.findings if f.severity == "error"]
    assert errors == [(0, "spec.virtualMachine.spec.instancetype.name",
                       'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "u1.meduim" not found '
                       "(did you mean u1.medium?)")]

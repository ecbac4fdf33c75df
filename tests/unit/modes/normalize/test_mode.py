"""The normalize mode on plain items, the typed functionConfig, and --argocd-ignore."""
import copy
import difflib

import yaml

from krmfn.model.findings import ERROR, INFO, UNSET
from krmfn.cli.rules import NORMALIZE
from krmfn.modes.dispatch import run
from krmfn.modes.normalize.mode import NORMALIZE_CHECK, POOL_AS_WRITTEN, argocd_ignore_differences
from tests.conftest import krm, krmfn_process, load12
from tests.unit.modes.inline.test_mode import it, pf, vm, vmi

STORED_ADDITIONS = {"architecture": "amd64"}
PCI = {"annotations": {"kubevirt.io/pci-topology-version": "v3"}}


def normalize(items, **options):
    pristine = copy.deepcopy(items)
    outcome = run("normalize", items, {"catalog": "none", **options})
    assert items == pristine, "the input items must not be changed"
    return outcome


def stored(machine, architecture="amd64", machine_type="q35"):
    """machine as the webhook stores it (a VM with the helpers' q35-capable defaults)."""
    machine = copy.deepcopy(machine)
    template = machine["spec"]["template"]
    template["spec"]["architecture"] = architecture
    template["spec"]["domain"]["machine"] = {"type": machine_type}
    template["spec"]["domain"]["resources"] = {}  # Go writes the struct
    template["metadata"] = PCI
    return machine


def test_admitted_vms_are_written_as_stored_and_the_rest_unchanged():
    items = [it(), pf(), vm(instancetype={"name": "u1.medium"}, preference={"name": "fedora"})]
    outcome = normalize(items)
    assert outcome.items == [items[0], items[1], stored(items[2])]
    assert (outcome.changed, outcome.findings) == ({2}, [])


def test_a_second_run_changes_nothing():
    first = normalize([it(), vm(instancetype={"name": "u1.medium"})])
    second = normalize(copy.deepcopy(first.items))
    assert (second.items, second.changed) == (first.items, set())


def test_a_rejected_vm_is_left_unchanged_with_kubevirts_message():
    items = [vm(instancetype={"name": "u1.medium", "inferFromVolume": "rootdisk"})]
    outcome = normalize(items)
    assert outcome.items == items and outcome.changed == set()
    assert [(f.severity, f.message, f.path) for f in outcome.findings] == [
        (ERROR, "KubeVirt's admission rejects this VM: Name already set, should be cleared before setting "
                "inferFromVolume", "spec.instancetype.name")]


def test_a_vm_whose_references_are_missing_is_left_unchanged_with_every_one():
    # KubeVirt admits it (the webhook only logs the error) and it never starts: not written as
    # stored, one error per missing reference, KubeVirt's first.
    items = [it(), pf(), vm(instancetype={"name": "u1.meduim"}, preference={"name": "fedroa"})]
    outcome = normalize(items)
    assert outcome.items == items and outcome.changed == set()
    assert [(f.severity, f.check, f.path, f.message) for f in outcome.findings] == [
        (ERROR, "reference", "spec.instancetype.name",
         'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "u1.meduim" not found (did you mean u1.medium?)'),
        (ERROR, "reference", "spec.preference.name",
         'virtualmachineclusterpreferences.instancetype.kubevirt.io "fedroa" not found (did you mean fedora?)')]
    assert normalize(items, check=True).findings == outcome.findings


def test_the_cli_exits_1_with_every_missing_reference_and_writes_the_vm_as_it_was(tmp_path):
    source = ("apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: vm\n  namespace: ns\nspec:\n"
              "  instancetype:\n    name: u1.meduim\n  preference:\n    name: fedroa\n  runStrategy: Halted\n"
              "  template:\n    spec:\n      domain:\n        devices: {}\n")
    (tmp_path / "vm.yaml").write_text(source)
    (tmp_path / "defs.yaml").write_text(yaml.safe_dump_all([it(), pf()]))
    run_ = krmfn_process(["normalize", "--catalog", "none", "defs.yaml", "vm.yaml"], cwd=tmp_path)
    assert run_.code == 1 and run_.stdout.endswith("---\n" + source)
    assert run_.stderr == (
        'krmfn: vm.yaml:8: VirtualMachine ns/vm spec.instancetype.name: virtualmachineclusterinstancetypes.instancetype'
        '.kubevirt.io "u1.meduim" not found (did you mean u1.medium?)\n'
        'krmfn: vm.yaml:10: VirtualMachine ns/vm spec.preference.name: virtualmachineclusterpreferences.instancetype'
        '.kubevirt.io "fedroa" not found (did you mean fedora?)\n')


def test_cluster_options_apply():
    outcome = normalize([vm()], architecture="arm64")
    assert outcome.items == [stored(vm(), "arm64", "virt")]


def test_vms_of_a_list_are_normalized_and_a_pools_template_left_as_written():
    vm_list = {"apiVersion": "v1", "kind": "List", "items": [vm()]}
    pool = {"apiVersion": "pool.kubevirt.io/v1beta1", "kind": "VirtualMachinePool",
            "metadata": {"name": "pool", "namespace": "ns"},
            "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "p"}},
                     "virtualMachineTemplate": {"metadata": {"labels": {"app": "p"}}, "spec": vm()["spec"]}}}
    outcome = normalize([vm_list, pool])
    assert outcome.items == [{**vm_list, "items": [stored(vm())]}, pool]
    assert [(f.severity, f.message, f.check, f.item) for f in outcome.findings] == [
        (INFO, POOL_AS_WRITTEN, NORMALIZE_CHECK, 1)]


def test_argocd_ignore_one_entry_when_every_vm_needs_the_same():
    entries = argocd_ignore_differences([vm("a"), vm("b")], {"catalog": "none"})
    assert entries == [{"group": "kubevirt.io", "kind": "VirtualMachine", "jsonPointers": [
        "/spec/template/spec/domain/firmware/uuid", "/spec/template/spec/domain/firmware/serial"]}]


def test_argocd_ignore_per_vm_when_they_differ_and_nothing_when_nothing_remains():
    own = vm("own")
    own["spec"]["template"]["spec"]["domain"]["firmware"] = {"uuid": "u", "serial": "s"}
    half = vm("half", namespace=None)
    half["spec"]["template"]["spec"]["domain"]["firmware"] = {"serial": "s"}
    assert argocd_ignore_differences([own, half], {"catalog": "none", "namespace": "lab"}) == [
        {"group": "kubevirt.io", "kind": "VirtualMachine", "name": "half", "namespace": "lab",
         "jsonPointers": ["/spec/template/spec/domain/firmware/uuid"]}]
    assert argocd_ignore_differences([own], {"catalog": "none"}) == []


TYPED = """\
apiVersion: config.kubernetes.io/v1
kind: ResourceList
items:
- apiVersion: kubevirt.io/v1
  kind: VirtualMachine
  metadata: {name: vm, namespace: ns}
  spec:
    runStrategy: Halted
    template:
      spec:
        domain: {devices: {}, memory: {guest: 1024Mi}}
functionConfig:
  apiVersion: krmfn.dev/v1alpha1
  kind: Normalize
  metadata: {name: normalize}
  spec: {machineType: pc-q35-rhel9.6.0}
"""


def test_typed_function_config_under_krm():
    result = krm(TYPED)
    assert result.code == 0, result.stderr
    template = load12(result.stdout)["items"][0]["spec"]["template"]
    assert template == {"spec": {"domain": {"devices": {}, "memory": {"guest": "1Gi"}, "resources": {},
                                            "machine": {"type": "pc-q35-rhel9.6.0"}}, "architecture": "amd64"},
                        "metadata": PCI}


def test_cli_argocd_ignore_prints_entries_and_reports_rejections_on_stderr():
    bad = vm("bad", instancetype={"name": "x", "inferFromVolume": "rootdisk"})
    text = "---\n".join(yaml.safe_dump(item) for item in [vm("good"), bad])
    result = krmfn_process(["normalize", "--argocd-ignore", "--no-config", "-"], text)
    assert result.code == 1
    assert load12(result.stdout) == {"ignoreDifferences": [
        {"group": "kubevirt.io", "kind": "VirtualMachine", "jsonPointers": [
            "/spec/template/spec/domain/firmware/uuid", "/spec/template/spec/domain/firmware/serial"]}]}
    assert "Name already set, should be cleared before setting inferFromVolume" in result.stderr


def test_check_reports_each_field_and_changes_nothing():
    items = [vm()]
    items[0]["spec"]["template"]["spec"]["domain"]["memory"] = {"guest": "2048Mi"}
    outcome = normalize(items, check=True)
    assert (outcome.items, outcome.changed) == (items, set())
    assert [(f.severity, f.check, f.path, f.message, f.current, f.proposed) for f in outcome.findings] == [
        (ERROR, NORMALIZE_CHECK, "spec.template.spec.domain.memory.guest",
         "KubeVirt's mutating webhook stores spec.template.spec.domain.memory.guest as \"2Gi\" (the source has "
         "\"2048Mi\")", "2048Mi", "2Gi"),
        (ERROR, NORMALIZE_CHECK, "spec.template.spec.domain.machine",
         "KubeVirt's mutating webhook adds spec.template.spec.domain.machine: {\"type\": \"q35\"}", UNSET,
         {"type": "q35"}),
        (ERROR, NORMALIZE_CHECK, "spec.template.spec.domain.resources",
         "KubeVirt's mutating webhook adds spec.template.spec.domain.resources: {}", UNSET, {}),
        (ERROR, NORMALIZE_CHECK, "spec.template.spec.architecture",
         "KubeVirt's mutating webhook adds spec.template.spec.architecture: \"amd64\"", UNSET, "amd64"),
        (ERROR, NORMALIZE_CHECK, "spec.template.metadata",
         "KubeVirt's mutating webhook adds spec.template.metadata: {\"annotations\": "
         "{\"kubevirt.io/pci-topology-version\": \"v3\"}}", UNSET, PCI),
    ]
    assert normalize(normalize(items).items, check=True).findings == []


def test_the_normalize_checks_examples_pass_and_fail(tmp_path):
    for example, code in ((NORMALIZE.passing, 0), (NORMALIZE.failing, 1)):
        path = tmp_path / "vm.yaml"
        path.write_text(example)
        result = krmfn_process(["normalize", "--check", "--no-config", str(path)])
        assert result.code == code, result.stdout + result.stderr
    assert krmfn_process(["checks", "normalize"]).stdout.startswith("normalize (error): ")


def test_a_vmi_is_written_as_stored_and_normalize_is_its_fixed_point():
    outcome = normalize([vmi()])
    assert outcome.changed == {0} and outcome.findings == []
    stored = outcome.items[0]
    assert stored["spec"]["domain"]["memory"]["guest"] == "1Gi"
    assert stored["spec"]["domain"]["machine"] == {"type": "q35"}
    assert "status" not in stored and "finalizers" not in stored["metadata"]
    again = normalize([copy.deepcopy(stored)])
    assert (again.changed, again.findings) == (set(), [])


def test_a_vmi_check_reports_each_field_and_a_rejected_vmi_keeps_its_source():
    drift = normalize([vmi()], check=True)
    assert drift.changed == set()
    assert {f.path for f in drift.findings} >= {"spec.domain.memory.guest", "spec.domain.machine"}
    rejected = vmi("Bad_Name")
    outcome = normalize([rejected])
    assert outcome.items == [rejected] and outcome.changed == set()
    assert [(f.severity, f.path) for f in outcome.findings] == [(ERROR, "metadata.name")]
    assert outcome.findings[0].message.startswith("KubeVirt's admission rejects this VMI: Invalid value: \"Bad_Name\"")


def test_argocd_ignore_names_the_vmi_fields_only_the_cluster_writes():
    assert argocd_ignore_differences([vmi("a"), vmi("b")], {"catalog": "none"}) == [
        {"group": "kubevirt.io", "kind": "VirtualMachineInstance",
         "jsonPointers": ["/spec/domain/firmware/uuid", "/metadata/finalizers"]}]


KUBECTL_STYLE_VM = """\
# a VM as kubectl writes it: lists compact under their keys
apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: vm
  labels:
    tier: on
spec:
  runStrategy: Always
  template:
    spec:
      domain:
        devices:
          disks:
          - name: root
            disk: {bus: virtio}
          interfaces:
          - name: default
            masquerade: {}
        resources:
          requests:
            memory: 1Gi
      networks:
      - name: default
        pod: {}
      volumes:
      - name: root
        containerDisk:
          image: quay.io/containerdisks/fedora:latest
"""


def test_the_diff_of_a_kubectl_style_vm_holds_only_the_lines_normalize_adds(tmp_path):
    path = tmp_path / "vm.yaml"
    path.write_text(KUBECTL_STYLE_VM)
    result = krmfn_process(["normalize", "--no-config", str(path)])
    assert result.code == 0, result.stderr
    diff = [line for line in difflib.unified_diff(KUBECTL_STYLE_VM.splitlines(), result.stdout.splitlines(),
                                                  lineterm="", n=0) if not line.startswith(("---", "+++", "@@"))]
    assert diff == ["+        machine:", "+          type: q35", "+      architecture: amd64", "+    metadata:",
                    "+      annotations:", "+        kubevirt.io/pci-topology-version: v3"]


def test_a_pool_its_webhook_rejects_is_reported_once_in_the_pools_words():
    template = vm()["spec"]
    template["template"]["spec"]["domain"]["devices"] = {"disks": [{"name": "missing"}]}
    pool = {"apiVersion": "pool.kubevirt.io/v1beta1", "kind": "VirtualMachinePool",
            "metadata": {"name": "pool", "namespace": "ns"},
            "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "p"}},
                     "virtualMachineTemplate": {"metadata": {"labels": {"app": "p"}}, "spec": template}}}
    outcome = normalize([pool])
    assert outcome.items == [pool] and not outcome.changed
    path = "spec.virtualMachineTemplate.spec.template.spec.domain.devices.disks[0].name"
    assert [(f.severity, f.message, f.path, f.item) for f in outcome.findings if f.severity == ERROR] == [
        (ERROR, "KubeVirt's admission rejects this VirtualMachinePool: "
                "spec.virtualMachineTemplate.spec.template.spec.domain.devices.disks[0].Name 'missing' not found.",
         path, 0)]


def test_a_converted_legacy_object_gets_a_warning_in_krmfns_words():
    legacy = {**it(), "apiVersion": "instancetype.kubevirt.io/v1alpha2"}
    matcher = {"kind": legacy["kind"], "name": legacy["metadata"]["name"]}
    outcome = normalize([legacy, vm(instancetype=matcher)], legacyApiVersions="convert")
    assert [(f.severity, f.check, f.item, f.path, f.current, f.proposed, f.message) for f in outcome.findings] == [
        ("warning", "deprecated", 0, "apiVersion", "instancetype.kubevirt.io/v1alpha2",
         "instancetype.kubevirt.io/v1beta1",
         "krmfn read this object as instancetype.kubevirt.io/v1beta1 (legacyApiVersions: convert): KubeVirt served "
         "instancetype.kubevirt.io/v1alpha2 up to v1.5, stopped serving it in v1.6 and removed it in v1.7; change "
         "its apiVersion to instancetype.kubevirt.io/v1beta1")]
    assert all(f.check != "deprecated" for f in normalize([legacy], legacyApiVersions="reject").findings)

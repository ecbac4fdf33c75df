"""Admission of a whole bundle: rejected instance types and preferences do not exist (Findings 5)."""
import copy

from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.instancetype.expand.expand import expand_vm
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admit import rejected_keys
from krmfn.kubevirt.util.webhooks import Admission
from krmfn.kubevirt.util import webhooks as r
from krmfn.model.kubevirt_version import kubevirt_version

IT_API = "instancetype.kubevirt.io/v1beta1"


def instancetype(name, kind="VirtualMachineClusterInstancetype", namespace=None, **memory):
    metadata = {"name": name}
    if namespace:
        metadata["namespace"] = namespace
    return {"apiVersion": IT_API, "kind": kind, "metadata": metadata,
            "spec": {"cpu": {"guest": 1}, "memory": {"guest": "1Gi", **memory}}}


def preference(name, topology="sockets", kind="VirtualMachineClusterPreference"):
    return {"apiVersion": IT_API, "kind": kind, "metadata": {"name": name},
            "spec": {"cpu": {"preferredCPUTopology": topology}}}


def vm(instancetype=None, preference=None, namespace="ns"):
    spec = {"runStrategy": "Halted", "template": {"spec": {"domain": {"devices": {}}}}}
    if instancetype:
        spec["instancetype"] = instancetype
    if preference:
        spec["preference"] = preference
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
            "metadata": {"name": "vm", "namespace": namespace}, "spec": spec}


def test_one_verdict_per_item_none_for_other_kinds():
    items = [instancetype("it"), {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}},
             preference("pf"), vm({"name": "it"}, {"name": "pf"}),
             {"apiVersion": "vmoperator.example.com/v1", "kind": "VirtualMachine", "metadata": {"name": "x"}}]
    verdicts = admit_bundle(items)
    assert [type(v).__name__ for v in verdicts] == ["Admission", "NoneType", "Admission", "Admission", "NoneType"]
    assert all(v.allowed for v in verdicts if v is not None)


def test_input_is_not_mutated():
    items = [instancetype("it"), vm({"name": "it"})]
    before = copy.deepcopy(items)
    admit_bundle(items)
    assert items == before


def test_vm_referencing_a_rejected_instancetype_sees_it_absent():
    items = [instancetype("bad", overcommitPercent=150), vm({"name": "bad"})]
    it_verdict, vm_verdict = admit_bundle(items)
    assert it_verdict.stage == r.STAGE_CRD_SCHEMA
    assert vm_verdict.allowed
    assert vm_verdict.logs == ['ignoring err "virtualmachineclusterinstancetypes.instancetype.kubevirt.io \\"bad\\" '
                               'not found" when looking for instance type']


def test_rejected_instancetype_would_otherwise_conflict():
    items = [instancetype("bad", overcommitPercent=10, hugepages={"pageSize": "2Mi"}),
             vm({"name": "bad"})]
    items[1]["spec"]["template"]["spec"]["domain"]["cpu"] = {"sockets": 2}
    assert admit_bundle(items)[1].allowed


def test_rejected_keys_use_the_bundle_key_format():
    items = [instancetype("ok"), instancetype("bad", overcommitPercent=-1),
             instancetype("nsbad", kind="VirtualMachineInstancetype", overcommitPercent=10, hugepages={}),
             preference("pbad", topology="diagonal"),
             preference("palpha") | {"apiVersion": "instancetype.kubevirt.io/v1alpha2"}, vm()]
    assert rejected_keys(items) == {
        ("VirtualMachineClusterInstancetype", "", "bad"),
        ("VirtualMachineInstancetype", "default", "nsbad"),
        ("VirtualMachineClusterPreference", "", "pbad"),
        ("VirtualMachineClusterPreference", "", "palpha"),
    }
    assert rejected_keys(items, namespace="other") >= {("VirtualMachineInstancetype", "other", "nsbad")}


def test_rejected_keys_make_expand_report_not_found():
    items = [preference("pbad", topology="diagonal"), vm(preference={"name": "pbad"})]
    bundle = Bundle(items, rejected=rejected_keys(items))
    result = expand_vm(items[1], bundle)
    assert result.failure.message == 'virtualmachineclusterpreferences.instancetype.kubevirt.io "pbad" not found'


def test_second_create_of_a_stored_name_fails():
    first, second = instancetype("it"), instancetype("it", overcommitPercent=5)
    verdicts = admit_bundle([first, second])
    assert verdicts[0].allowed
    assert verdicts[1].stage == r.STAGE_ALREADY_EXISTS
    assert [(c.field, c.message) for c in verdicts[1].causes] == [
        ("", 'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "it" already exists')]
    assert rejected_keys([first, second]) == set()


def test_an_admitted_object_after_a_rejected_one_of_the_same_name_is_used():
    rejected = instancetype("it", overcommitPercent=500)
    admitted = instancetype("it")
    admitted["spec"]["cpu"]["guest"] = 4
    machine = vm({"name": "it"})
    machine["spec"]["template"]["spec"]["domain"]["cpu"] = {"sockets": 4}
    verdicts = admit_bundle([rejected, admitted, machine])
    assert [v.allowed for v in verdicts] == [False, True, False]
    assert verdicts[2].stage == r.STAGE_INSTANCETYPE_APPLY


def test_namespaced_objects_without_namespace_use_the_request_namespace():
    items = [instancetype("it", kind="VirtualMachineInstancetype"),
             vm({"name": "it", "kind": "VirtualMachineInstancetype"}, namespace="team")]
    assert admit_bundle(items, namespace="team")[1].logs == []
    assert admit_bundle(items)[1].logs != []


def test_admission_message_joins_causes():
    verdict = Admission(False, [r.Cause("a", "one"), r.Cause("b", "two")], "x")
    assert verdict.message == "one, two"


# -- older KubeVirt releases (kubevirtVersion) ----------------------------------------------------
def _release(name):
    return ClusterConfig(kubevirt_version=kubevirt_version(name))


def test_before_v1_9_preferences_do_not_know_video_type_or_launch_security():
    """PRs #16812 and #17551 (v1.9) added them; strict field validation rejects them before, so the
    preference does not exist (golden preference-fields/devices-video-kept, launchsecurity-pf-only)."""
    video = preference("video")
    video["spec"] = {"devices": {"preferredVideoType": "virtio"}}
    secure = preference("secure")
    secure["spec"] = {"preferredLaunchSecurity": {"sev": {}}}
    assert [v.allowed for v in admit_bundle([video, secure])] == [True, True]
    old = admit_bundle([video, secure], cluster_config=_release("v1.8"))
    assert [v.allowed for v in old] == [False, False]
    assert old[0].causes[0].message == (
        'VirtualMachineClusterPreference in version "v1beta1" cannot be handled as a VirtualMachineClusterPreference: '
        'strict decoding error: unknown field "spec.devices.preferredVideoType"')
    assert rejected_keys([video], version=_release("v1.8").kubevirt_version) == {
        ("VirtualMachineClusterPreference", "", "video")}


def test_before_v1_9_an_instance_type_with_launch_security_gets_no_warning():
    """checkForDeprecatedFields came with PR #17551 (v1.9; golden admission/it-launchsecurity-warning-e55)."""
    it = instancetype("secure")
    it["spec"]["launchSecurity"] = {}
    assert [str(w) for w in admit_bundle([it])[0].warnings] == [
        "launchSecurity is deprecated and will be removed in a future release. Use preference instead."]
    assert admit_bundle([it], cluster_config=_release("v1.8"))[0].warnings == []


def test_v1_7_vms_do_not_know_reserved_overhead():
    """spec.domain.memory.reservedOverhead came with v1.8 (bdb9d44bcc; golden
    instancetype-fields/vm-memory-reservedoverhead-kept)."""
    machine = vm()
    machine["spec"]["template"]["spec"]["domain"]["memory"] = {"reservedOverhead": {"addedOverhead": "128Mi"}}
    verdict = admit_bundle([machine], cluster_config=_release("v1.7"))[0]
    assert (verdict.allowed, verdict.stage) == (False, "kube-apiserver/field-validation")
    assert verdict.causes[0].message.endswith('unknown field "spec.template.spec.domain.memory.reservedOverhead"')
    assert admit_bundle([machine], cluster_config=_release("v1.8"))[0].stage != "kube-apiserver/field-validation"


def test_v1_7_knows_no_hyperv_tlbflush_direct_or_extended():
    """TLBFlush's direct and extended came with v1.8 (PR #16404, d88bd7ee73); v1.7's CRDs reject them
    in a preference and in a VM, and take a plain tlbflush."""
    hyperv = {"tlbflush": {"enabled": True, "direct": {"enabled": True}}}
    pref = preference("hyperv")
    pref["spec"] = {"features": {"preferredHyperv": hyperv}}
    machine = vm()
    machine["spec"]["template"]["spec"]["domain"]["features"] = {"hyperv": hyperv}
    assert [v.allowed for v in admit_bundle([pref], cluster_config=_release("v1.8"))] == [True]
    assert admit_bundle([machine], cluster_config=_release("v1.8"))[0].stage != "kube-apiserver/field-validation"
    old_pref, old_vm = admit_bundle([pref, machine], cluster_config=_release("v1.7"))
    assert old_pref.causes[0].message == (
        'VirtualMachineClusterPreference in version "v1beta1" cannot be handled as a VirtualMachineClusterPreference: '
        'strict decoding error: unknown field "spec.features.preferredHyperv.tlbflush.direct"')
    assert (old_vm.allowed, old_vm.stage) == (False, "kube-apiserver/field-validation")
    assert old_vm.causes[0].message.endswith(
        'unknown field "spec.template.spec.domain.features.hyperv.tlbflush.direct"')
    plain = preference("plain")
    plain["spec"] = {"features": {"preferredHyperv": {"tlbflush": {"enabled": True}}}}
    assert [v.allowed for v in admit_bundle([plain], cluster_config=_release("v1.7"))] == [True]


# -- KubeVirt CRs: applied in bundle order ---------------------------------------------------------

def kubevirt(name, configuration=None):
    return {"apiVersion": "kubevirt.io/v1", "kind": "KubeVirt", "metadata": {"name": name, "namespace": "kubevirt"},
            "spec": {} if configuration is None else {"configuration": configuration}}


def test_only_a_kubevirt_cr_admitted_earlier_makes_a_later_one_already_created():
    """KubeVirt's answers to minimized/kubevirt-two-crs and kubevirt-rejected-then-valid."""
    first, second = admit_bundle([kubevirt("kubevirt"), kubevirt("kubevirt-2")])
    assert first.allowed and (second.allowed, second.stage, second.message) == (
        False, r.STAGE_VALIDATING_WEBHOOK, "Kubevirt is already created")
    refused, admitted = admit_bundle([kubevirt("kubevirt", {"featureGates": ["Snapshot"]}), kubevirt("kubevirt-2")])
    assert (refused.allowed, refused.stage) == (False, r.STAGE_FIELD_VALIDATION) and admitted.allowed
    # Looking past its unknown field, the refused first CR would be admitted: nothing was stored before it.
    assert refused.later == []


def test_a_kubevirt_cr_refused_after_the_stored_one_is_already_created_once_fixed():
    """What validate reports beyond the first stage: fixed, the second CR meets the stored first one."""
    _, refused = admit_bundle([kubevirt("kubevirt"), kubevirt("kubevirt-2", {"featureGates": ["Snapshot"]})])
    assert refused.stage == r.STAGE_FIELD_VALIDATION
    assert [(later.stage, later.message) for later in refused.later] == [
        (r.STAGE_VALIDATING_WEBHOOK, "Kubevirt is already created")]

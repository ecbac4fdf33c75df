"""Decoding ControllerRevision payloads (docs/kubevirt/resolution.md#decoding-a-revision, #legacy-payloads,
#decoding-a-revision)."""
import pytest

from krmfn.kubevirt.instancetype.compatibility import (
    DecodedRevision,
    decode_payload,
    get_instancetype_spec,
    get_preference_spec,
)

from krmfn.model.kubevirt_version import kubevirt_version

SCHEME = "kubevirt.io/client-go/kubevirt/scheme/register.go:44"
IT_API = "instancetype.kubevirt.io/v1beta1"


def cr(data=None, has_data=True):
    out = {"apiVersion": "apps/v1", "kind": "ControllerRevision", "metadata": {"name": "cr"}}
    if has_data:
        out["data"] = data
    return out


@pytest.mark.parametrize("kind", ["VirtualMachineInstancetype", "VirtualMachineClusterInstancetype",
                                  "VirtualMachinePreference", "VirtualMachineClusterPreference"])
def test_the_four_v1beta1_kinds_decode(kind):
    assert decode_payload({"apiVersion": IT_API, "kind": kind, "spec": {"a": 1}}) == DecodedRevision(kind, {"a": 1})


def test_instancetype_and_preference_specs():
    it = {"apiVersion": IT_API, "kind": "VirtualMachineClusterInstancetype", "spec": {"cpu": {"guest": 2}}}
    pf = {"apiVersion": IT_API, "kind": "VirtualMachinePreference", "spec": {"preferredSubdomain": "x"}}
    assert get_instancetype_spec(cr(it)) == {"cpu": {"guest": 2}}
    assert get_preference_spec(cr(pf)) == {"preferredSubdomain": "x"}
    assert get_instancetype_spec(cr(pf)) == "unexpected type in ControllerRevision: *v1beta1.VirtualMachinePreference"
    assert get_preference_spec(cr(it)) == (
        "unexpected type in ControllerRevision: *v1beta1.VirtualMachineClusterInstancetype")


@pytest.mark.parametrize("revision", [cr(has_data=False), cr(None)])
def test_empty_data_is_a_nil_object(revision):
    assert get_instancetype_spec(revision) == "unexpected type in ControllerRevision: <nil>"


def test_missing_kind_embeds_compact_sorted_json():
    data = {"apiVersion": IT_API, "spec": {"memory": {"guest": "1Gi"}, "cpu": {"guest": 2}}, "metadata": {"name": "it"}}
    assert get_instancetype_spec(cr(data)) == (
        "failed to decode object in ControllerRevision: Object 'Kind' is missing in "
        '\'{"apiVersion":"instancetype.kubevirt.io/v1beta1","metadata":{"name":"it"},'
        '"spec":{"cpu":{"guest":2},"memory":{"guest":"1Gi"}}}\'')


def test_legacy_v1alpha1_spec_revision_wrapper():
    data = {"apiVersion": "instancetype.kubevirt.io/v1alpha1",
            "spec": "eyJjcHUiOnsiZ3Vlc3QiOjJ9LCJtZW1vcnkiOnsiZ3Vlc3QiOiIxR2kifX0="}
    assert get_instancetype_spec(cr(data)) == (
        "failed to decode object in ControllerRevision: Object 'Kind' is missing in "
        '\'{"apiVersion":"instancetype.kubevirt.io/v1alpha1",'
        '"spec":"eyJjcHUiOnsiZ3Vlc3QiOjJ9LCJtZW1vcnkiOnsiZ3Vlc3QiOiIxR2kifX0="}\'')


@pytest.mark.parametrize("version", ["v1alpha1", "v1alpha2"])
def test_legacy_full_objects_are_not_registered(version):
    data = {"apiVersion": f"instancetype.kubevirt.io/{version}", "kind": "VirtualMachineClusterInstancetype"}
    assert get_instancetype_spec(cr(data)) == (
        'failed to decode object in ControllerRevision: no kind "VirtualMachineClusterInstancetype" is registered '
        f'for version "instancetype.kubevirt.io/{version}" in scheme "{SCHEME}"')


def test_other_registered_kubevirt_types():
    snapshot = {"apiVersion": "snapshot.kubevirt.io/v1beta1", "kind": "VirtualMachineSnapshot"}
    assert get_instancetype_spec(cr(snapshot)) == (
        "unexpected type in ControllerRevision: *v1beta1.VirtualMachineSnapshot")
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine"}
    assert get_preference_spec(cr(vm)) == "unexpected type in ControllerRevision: *v1.VirtualMachine"
    listing = {"apiVersion": IT_API, "kind": "VirtualMachineInstancetypeList"}
    assert get_instancetype_spec(cr(listing)) == (
        "unexpected type in ControllerRevision: *v1beta1.VirtualMachineInstancetypeList")
    status = {"apiVersion": "v1", "kind": "Status"}
    assert get_instancetype_spec(cr(status)) == "unexpected type in ControllerRevision: *v1.Status"


def test_unregistered_core_kind():
    pvc = {"apiVersion": "v1", "kind": "PersistentVolumeClaim"}
    assert get_instancetype_spec(cr(pvc)) == (
        f'failed to decode object in ControllerRevision: no kind "PersistentVolumeClaim" is registered '
        f'for version "v1" in scheme "{SCHEME}"')


def test_missing_api_version_and_bad_group_version():
    assert get_instancetype_spec(cr({"kind": "VirtualMachineInstancetype"})) == (
        "failed to decode object in ControllerRevision: Object 'apiVersion' is missing in "
        '\'{"kind":"VirtualMachineInstancetype"}\'')
    assert get_instancetype_spec(cr({"apiVersion": "a/b/c", "kind": "X"})) == (
        "failed to decode object in ControllerRevision: unexpected GroupVersion string: a/b/c")
    assert get_instancetype_spec(cr({})) == (
        "failed to decode object in ControllerRevision: Object 'Kind' is missing in '{}'")


@pytest.mark.parametrize("release, line", [("v1.9", 44), ("v1.8", 43), ("v1.7", 42)])
def test_each_release_cites_its_scheme_line(release, line):
    """golden resolution/rev-legacy-v1alpha2-payload: register.go:44 at d923fdb8, 43 at v1.8.4, 42 at v1.7.4."""
    data = {"apiVersion": "instancetype.kubevirt.io/v1alpha2", "kind": "VirtualMachineClusterInstancetype",
            "spec": {}}
    message = decode_payload(data, kubevirt=kubevirt_version(release))
    assert message.endswith(f'in scheme "kubevirt.io/client-go/kubevirt/scheme/register.go:{line}"')


@pytest.mark.parametrize("api_version, kind, answers", [
    # PR #16730 (v1.9): export.kubevirt.io/v1 replaces v1alpha1 in the client scheme
    ("export.kubevirt.io/v1", "VirtualMachineExport", {"v1.9": "*v1.VirtualMachineExport"}),
    ("export.kubevirt.io/v1alpha1", "VirtualMachineExport",
     {"v1.8": "*v1alpha1.VirtualMachineExport", "v1.7": "*v1alpha1.VirtualMachineExport"}),
    # PR #17790 (v1.9): plugin.kubevirt.io/v1alpha1
    ("plugin.kubevirt.io/v1alpha1", "Plugin", {"v1.9": "*v1alpha1.Plugin"}),
    # PR #16081 (v1.8): backup.kubevirt.io/v1alpha1
    ("backup.kubevirt.io/v1alpha1", "VirtualMachineBackup",
     {"v1.9": "*v1alpha1.VirtualMachineBackup", "v1.8": "*v1alpha1.VirtualMachineBackup"}),
])
def test_each_release_registers_its_own_kinds(api_version, kind, answers):
    """A payload of a kind the release's scheme registers is the wrong type; of one it does not,
    a decoding error naming the release's scheme line."""
    data = {"apiVersion": api_version, "kind": kind}
    for release, line in (("v1.9", 44), ("v1.8", 43), ("v1.7", 42)):
        message = decode_payload(data, kubevirt=kubevirt_version(release))
        if release in answers:
            assert message == f"unexpected type in ControllerRevision: {answers[release]}"
        else:
            assert message == (
                f'failed to decode object in ControllerRevision: no kind "{kind}" is registered for version '
                f'"{api_version}" in scheme "kubevirt.io/client-go/kubevirt/scheme/register.go:{line}"')


def test_a_preference_payload_decodes_into_the_release_go_type():
    """json.Unmarshal drops the fields a release's VirtualMachinePreferenceSpec lacks: preferredVideoType
    and preferredLaunchSecurity before v1.9 (PRs #16812, #17551), tlbflush direct/extended before
    v1.8 (PR #16404)."""
    spec = {"devices": {"preferredVideoType": "virtio", "preferredDiskBus": "virtio"},
            "preferredLaunchSecurity": {"sev": {}},
            "features": {"preferredHyperv": {"tlbflush": {"enabled": True, "extended": {}}}}}
    data = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterPreference",
            "spec": spec}
    assert decode_payload(data).spec == spec
    assert decode_payload(data, kubevirt=kubevirt_version("v1.8")).spec == {
        "devices": {"preferredDiskBus": "virtio"},
        "features": {"preferredHyperv": {"tlbflush": {"enabled": True, "extended": {}}}}}
    assert decode_payload(data, kubevirt=kubevirt_version("v1.7")).spec == {
        "devices": {"preferredDiskBus": "virtio"}, "features": {"preferredHyperv": {"tlbflush": {"enabled": True}}}}
    assert "preferredVideoType" in spec["devices"]  # the payload itself is not changed

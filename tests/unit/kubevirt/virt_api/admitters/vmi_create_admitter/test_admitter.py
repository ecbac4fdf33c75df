"""admit_vmi_create: virt-api's spec validators, the order of the groups, releases, areas, warnings."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, CAUSE_FIELD_VALUE_NOT_SUPPORTED, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.admitter import (
    admit_vmi_create,
    api_spec_validators,
    validate_virtual_machine_instance_per_arch,
    warn_deprecated_apis,
)
from krmfn.kubevirt.virt_config.featuregate import MACVTAP_MESSAGE
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import MAIN, V1_7, V1_8, V1_9, kubevirt_version
from krmfn.model.reasons import area

CONFIG = ClusterConfig()


def vmi(**spec: object) -> dict:
    base: dict = {"architecture": "amd64", "domain": {"resources": {"requests": {"memory": "512Mi"}}}}
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance", "metadata": {"name": "v"},
            "spec": {**base, **spec}}


def config_of(version: str, **kwargs: object) -> ClusterConfig:
    return ClusterConfig(kubevirt_version=kubevirt_version(version), **kwargs)  # type: ignore[arg-type]


def test_a_plain_vmi_is_admitted() -> None:
    assert admit_vmi_create(vmi(), CONFIG) == ([], [])
    assert admit_vmi_create({}, CONFIG)[0][0].message.startswith("no memory requested")


def test_virt_api_validators_repeat_the_storage_causes_on_main() -> None:
    bad = vmi(volumes=[{"name": "d", "containerDisk": {"image": "i", "path": "/"}}],
              domain={"resources": {"requests": {"memory": "512Mi"}}, "devices": {"disks": [{"name": "d"}]}})
    root = Cause("spec.volumes[0].containerDisk", "spec.volumes[0].containerDisk must not point to root",
                 CAUSE_FIELD_VALUE_INVALID)
    # golden-kinds vmi/r7001-0005 and 0128: main gives the storage causes twice, v1.9.0 once
    assert admit_vmi_create(bad, config_of("main"))[0] == [root, root]
    assert admit_vmi_create(bad, config_of("v1.9"))[0] == [root]
    assert admit_vmi_create(bad, config_of("v1.8"))[0] == [root]
    assert admit_vmi_create(bad, config_of("main"), spec_validators=())[0] == [root]
    assert [name for name, _ in api_spec_validators(MAIN)] == ["network", "storage"]
    assert [name for name, _ in api_spec_validators(V1_9)] == ["network"]
    assert [name for name, _ in api_spec_validators(V1_8)] == ["network"]


def test_virt_api_network_validator_reports_discontinued_bindings_then_the_network_checks_twice() -> None:
    spec = vmi(networks=[{"name": "default", "pod": {}}])
    spec["spec"]["domain"]["devices"] = {"interfaces": [{"name": "default", "macvtap": {}}]}
    causes = admit_vmi_create(spec, CONFIG)[0]
    fields = [cause.field for cause in causes]
    assert fields[0] == "spec.domain.devices.interfaces[0].macvtap"
    assert fields.count("spec.domain.devices.interfaces[0].macvtap") >= 1
    assert all(area("network") in cause.reasons for cause in causes)


def test_groups_in_kubevirt_order() -> None:
    spec = vmi(architecture="ppc64le", networks=[{"name": "default", "pod": {}}],
               volumes=[{"name": "orphan", "emptyDisk": {"capacity": "1Gi"}}])
    spec["spec"]["domain"] = {"features": {"hyperv": {"synic": {"enabled": True}}},
                              "devices": {"interfaces": [{"name": "default", "macvtap": {}}]}}
    spec["metadata"]["labels"] = {"kubevirt.io/nodeName": "n"}
    causes, warnings = admit_vmi_create(spec, ClusterConfig(feature_gates=("Macvtap",)))
    assert warnings == []
    first = [(cause.field, cause.message) for cause in causes][:2]
    assert first == [("", MACVTAP_MESSAGE), ("spec.domain.devices.interfaces[0].macvtap",
                                              "Macvtap network binding has been discontinued since v1.3")]
    tail = [(cause.field, sorted(cause.reasons)) for cause in causes][-5:]
    assert tail == [
        ("spec.domain.volumes[0].name", [area("storage")]),
        ("", [area("memory")]),
        ("metadata.labels", [area("metadata")]),
        ("spec.domain.features.hyperv.domain.features.hyperv.synic", [area("hyperv")]),
        ("spec.architecture", [area("architecture")]),
    ]
    assert causes[-1] == Cause("spec.architecture", "unsupported architecture: ppc64le", CAUSE_FIELD_VALUE_INVALID)
    assert causes[0].type == CAUSE_FIELD_VALUE_NOT_SUPPORTED and area("feature-gates") in causes[0].reasons


def test_grace_io_annotations_only_in_v1_9() -> None:
    permitted = {"pciHostDevices": [{"pciVendorSelector": "10DE:2342", "resourceName": "nvidia.com/GH100"}]}
    spec = vmi()
    spec["spec"]["domain"]["devices"] = {"hostDevices": [{"name": "gpu", "deviceName": "nvidia.com/GH100"}]}
    spec["metadata"]["annotations"] = {"kubevirt.io/placePCIDevicesOnRootComplex": "true"}
    fields = [c.field for c in admit_vmi_create(spec, ClusterConfig(permitted_host_devices=permitted))[0]]
    older = [c.field for c in admit_vmi_create(spec, config_of("v1.8", permitted_host_devices=permitted))[0]]
    assert "metadata.annotations[kubevirt.io/placePCIDevicesOnRootComplex]" in fields
    assert "metadata.annotations[kubevirt.io/placePCIDevicesOnRootComplex]" not in older


@pytest.mark.parametrize("architecture, count", [("amd64", 1), ("s390x", 1), ("arm64", 2), ("", 1)])
def test_per_arch_dispatch(architecture: str, count: int) -> None:
    spec = {"architecture": architecture, "domain": {"devices": {"watchdog": {"name": "w", "diag288": {}}},
                                                     "cpu": {"model": "host-model"}}}
    causes = validate_virtual_machine_instance_per_arch("spec", spec, V1_9)
    assert len(causes) == (0 if architecture == "s390x" else count)
    if not architecture:
        assert causes == [Cause("spec.architecture", "unsupported architecture: ", CAUSE_FIELD_VALUE_INVALID)]


def test_per_arch_reads_the_release_for_arm64() -> None:
    spec = {"architecture": "arm64", "domain": {"firmware": {"bootloader": {"efi": {}}}}}
    assert validate_virtual_machine_instance_per_arch("spec", spec, V1_8) == []
    assert len(validate_virtual_machine_instance_per_arch("spec", spec, V1_7)) == 1


def test_no_deprecated_gate_warns() -> None:
    spec = vmi(networks=[{"name": "default", "pod": {}}])["spec"]
    spec["domain"]["devices"] = {"interfaces": [{"name": "default", "macvtap": {}, "passt": {}}]}
    gates = ("MultiArchitecture", "DisableMDEVConfiguration", "HotplugVolumes", "DockerSELinuxMCSWorkaround",
             "Macvtap", "Passt", "unknown")
    assert warn_deprecated_apis(spec, ClusterConfig(feature_gates=gates)) == []

"""ValidateVirtualMachineInstanceSpec: the checks only some KubeVirt releases run (``only_when``)."""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.spec import validate_virtual_machine_instance_spec
from krmfn.model.kubevirt_version import kubevirt_version

FIELD = "spec.template.spec"


def _fields(spec: dict, release: str) -> list[str]:
    config = ClusterConfig(kubevirt_version=kubevirt_version(release))
    return [cause.field for cause in validate_virtual_machine_instance_spec(FIELD, spec, config)]


def test_service_account_name_is_validated_since_v1_9() -> None:
    """validateServiceAccountName came with PR #17861."""
    spec = {"serviceAccountName": "Bad_Name", "domain": {"devices": {}}}
    assert _fields(spec, "v1.9") == [f"{FIELD}.serviceAccountName"]
    assert _fields(spec, "v1.8") == []


def test_only_v1_7_checks_the_architecture_gate() -> None:
    """validateArchitecture, removed by PR #16023 (v1.8)."""
    spec = {"architecture": "s390x", "domain": {"devices": {}}}
    assert f"{FIELD}.architecture" in _fields(spec, "v1.7")
    assert f"{FIELD}.architecture" not in _fields(spec, "v1.8")

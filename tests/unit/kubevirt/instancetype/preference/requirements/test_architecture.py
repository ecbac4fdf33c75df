"""Tests for krmfn.kubevirt.instancetype.preference.requirements.architecture (KubeVirt arch.go;
docs/kubevirt/requirements.md#architecture)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.preference.requirements.architecture import check_architecture
from krmfn.kubevirt.instancetype.preference.requirements.failure import RequirementFailure


@pytest.mark.parametrize(
    ("required", "vm_architecture"),
    [
        pytest.param("amd64", "amd64", id="when preference requires amd64 and vmi uses amd64"),
        pytest.param("arm64", "arm64", id="when preference requires arm64 and vmi uses arm64"),
        pytest.param("s390x", "s390x", id="when preference requires s390x and vmi uses s390x"),
        pytest.param("", None, id="an empty requirement matches an empty architecture"),
    ],
)
def test_should_pass_when_architecture_requirement_is_met(required: str, vm_architecture: str | None) -> None:
    t = {} if vm_architecture is None else {"architecture": vm_architecture}
    assert check_architecture(required, t) is None


@pytest.mark.parametrize(
    ("required", "vm_architecture", "error"),
    [
        pytest.param("amd64", "arm64", "preference requires architecture amd64 but arm64 is being requested",
                     id="when preference requires amd64 but vmi uses arm64"),
        pytest.param("arm64", "amd64", "preference requires architecture arm64 but amd64 is being requested",
                     id="when preference requires arm64 but vmi uses amd64 e54"),
        pytest.param("s390x", "amd64", "preference requires architecture s390x but amd64 is being requested",
                     id="when preference requires s390x but vmi uses amd64"),
        pytest.param("amd64", None, "preference requires architecture amd64 but  is being requested",
                     id="when preference requires amd64 but vmi uses empty architecture"),
        pytest.param("amd64", "AMD64", "preference requires architecture amd64 but AMD64 is being requested",
                     id="comparison is case-sensitive"),
    ],
)
def test_should_be_rejected_when_architecture_requirement_is_not_met(
    required: str, vm_architecture: str | None, error: str
) -> None:
    t = {} if vm_architecture is None else {"architecture": vm_architecture}
    assert check_architecture(required, t) == RequirementFailure(("spec.template.spec.architecture",), error)

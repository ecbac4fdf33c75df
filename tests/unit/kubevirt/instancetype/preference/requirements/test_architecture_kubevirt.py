"""Cases of KubeVirt's `pkg/instancetype/preference/requirements/arch_test.go` (d923fdb8), ported:
the "Architecture requirements" tables, run through the requirements checker (`Check`, here
`find_requirement_failure`), whose conflicts and error are krmfn's `RequirementFailure` paths and
error.

Not ported: none.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.preference.requirements import RequirementFailure, find_requirement_failure

_ARCHITECTURE = "spec.template.spec.architecture"


def _requires(architecture: str) -> dict:
    return {"requirements": {"architecture": architecture}}


@pytest.mark.parametrize(
    ("pf_spec", "template_spec"),
    [
        pytest.param(_requires("amd64"), {"architecture": "amd64"},
                     id="should pass when preference requires amd64 and vmi uses amd64"),
        pytest.param(_requires("arm64"), {"architecture": "arm64"},
                     id="should pass when preference requires arm64 and vmi uses arm64"),
        pytest.param(_requires("s390x"), {"architecture": "s390x"},
                     id="should pass when preference requires s390x and vmi uses s390x"),
        pytest.param({"requirements": {}}, {"architecture": "amd64"},
                     id="should pass when preference has no architecture requirement"),
        pytest.param({}, {"architecture": "amd64"},
                     id="should pass when preference has no requirements at all"),
    ],
)
def test_should_pass_when_architecture_requirement_is_met(pf_spec: dict, template_spec: dict) -> None:
    assert find_requirement_failure(None, pf_spec, template_spec) is None


@pytest.mark.parametrize(
    ("pf_spec", "template_spec", "expected"),
    [
        pytest.param(
            _requires("amd64"), {"architecture": "arm64"},
            RequirementFailure((_ARCHITECTURE,), "preference requires architecture amd64 but arm64 is being requested"),
            id="should be rejected when preference requires amd64 but vmi uses arm64",
        ),
        pytest.param(
            _requires("arm64"), {"architecture": "amd64"},
            RequirementFailure((_ARCHITECTURE,), "preference requires architecture arm64 but amd64 is being requested"),
            id="should be rejected when preference requires arm64 but vmi uses amd64",
        ),
        pytest.param(
            _requires("s390x"), {"architecture": "amd64"},
            RequirementFailure((_ARCHITECTURE,), "preference requires architecture s390x but amd64 is being requested"),
            id="should be rejected when preference requires s390x but vmi uses amd64",
        ),
        pytest.param(
            _requires("amd64"), {"architecture": ""},
            RequirementFailure((_ARCHITECTURE,), "preference requires architecture amd64 but  is being requested"),
            id="should be rejected when preference requires amd64 but vmi uses empty architecture",
        ),
    ],
)
def test_should_be_rejected_when_architecture_requirement_is_not_met(
    pf_spec: dict, template_spec: dict, expected: RequirementFailure
) -> None:
    assert find_requirement_failure(None, pf_spec, template_spec) == expected

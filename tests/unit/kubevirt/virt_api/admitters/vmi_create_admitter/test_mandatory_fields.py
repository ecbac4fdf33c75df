"""ValidateVirtualMachineInstanceMandatoryFields: a memory request, a guest memory or hugepages."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_REQUIRED, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.mandatory_fields import (
    validate_virtual_machine_instance_mandatory_fields,
)
from krmfn.model.kubevirt_version import V1_7

NO_MEMORY = ("no memory requested, at least one of 'spec.domain.memory.guest', 'spec.domain.memory.hugepages.pageSize' "
             "or 'spec.domain.resources.requests.memory' must be set")


@pytest.mark.parametrize("domain, missing", [
    ({}, True),
    ({"resources": {"requests": {"memory": "0"}}}, True),
    ({"resources": {"requests": {"memory": "0Mi"}}, "memory": {}}, True),
    ({"resources": {"limits": {"memory": "1Gi"}}}, True),
    ({"memory": {"guest": None, "hugepages": None}}, True),
    ({"resources": {"requests": {"memory": "1Gi"}}}, False),
    ({"resources": {"requests": {"memory": "-1Gi"}}}, False),  # negative: validateMemoryRequestsNegativeOrNull's
    ({"resources": {"requests": {"memory": "1m"}}}, False),  # Value() rounds up to 1
    ({"memory": {"guest": "1Gi"}}, False),
    ({"memory": {"hugepages": {}}}, False),
])
def test_memory_is_mandatory(domain: dict, missing: bool) -> None:
    causes = validate_virtual_machine_instance_mandatory_fields("spec", {"domain": domain})
    assert causes == ([Cause("", NO_MEMORY, CAUSE_FIELD_VALUE_REQUIRED)] if missing else [])
    if missing:
        assert causes[0].located == "spec.domain.resources.requests.memory"


def test_v1_7_names_hugepages_size() -> None:
    [cause] = validate_virtual_machine_instance_mandatory_fields("spec", {"domain": {}}, V1_7)
    assert "'spec.domain.memory.hugepages.size'" in cause.message

"""validateIOThreadsPolicy, alone and on the admitted copy (the instance type's policy counts)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.iothreads import validate_io_threads_policy

COUNT_REQUIRED = ("spec.template.spec.domain.ioThreads.count",
                  "the number of iothreads needs to be set and positive for the dedicated policy")


@pytest.mark.parametrize("domain, expected", [
    ({}, []),
    ({"ioThreadsPolicy": "shared"}, []),
    ({"ioThreadsPolicy": "auto"}, []),
    ({"ioThreadsPolicy": "dedicated"}, [("spec.template.spec.domain.ioThreadsPolicy",
                                         "Invalid IOThreadsPolicy (dedicated)")]),
    ({"ioThreadsPolicy": "supplementalPool", "ioThreads": {"supplementalPoolThreadCount": 2}}, []),
    ({"ioThreadsPolicy": "supplementalPool"}, [COUNT_REQUIRED]),
    ({"ioThreadsPolicy": "supplementalPool", "ioThreads": {"supplementalPoolThreadCount": 0}}, [COUNT_REQUIRED]),
])
def test_io_threads_policy(domain: dict, expected: list) -> None:
    causes = validate_io_threads_policy("spec.template.spec", {"domain": domain}, ClusterConfig())
    assert [(c.field, c.message) for c in causes] == expected


@pytest.mark.parametrize("it_extra, vm_domain, expected", [
    ({"ioThreadsPolicy": "dedicated"}, {}, ["Invalid IOThreadsPolicy (dedicated)"]),
    ({"ioThreadsPolicy": "supplementalPool", "ioThreads": {"supplementalPoolThreadCount": 4}}, {}, []),
    ({"ioThreadsPolicy": "supplementalPool"}, {"ioThreads": {"supplementalPoolThreadCount": 4}}, []),
    ({"ioThreadsPolicy": "supplementalPool"}, {}, [COUNT_REQUIRED[1]]),
])
def test_the_instance_type_policy_is_judged_after_apply(it_extra: dict, vm_domain: dict, expected: list) -> None:
    instancetype = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
                    "metadata": {"name": "it"}, "spec": {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}, **it_extra}}
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "instancetype": {"name": "it"},
                   "template": {"spec": {"domain": {"devices": {}, **vm_domain}}}}}
    verdict = admit_bundle([instancetype, vm])[1]
    assert verdict is not None
    assert [c.message for c in verdict.causes] == expected

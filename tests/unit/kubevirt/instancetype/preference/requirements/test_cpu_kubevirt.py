"""Cases of KubeVirt's `pkg/instancetype/preference/requirements/cpu_test.go` (d923fdb8), ported:
the "Preferences - Requirement - CPU" tables, run through the requirements checker (`Check`, here
`find_requirement_failure`), whose conflicts and error are krmfn's `RequirementFailure` paths and
error. A nil VMI spec is `{}` (with an instance type the CPU check does not read it).

Not ported: none.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.preference.requirements import RequirementFailure, find_requirement_failure

_CPU = "spec.template.spec.domain.cpu"
_VM_FMT = "insufficient CPU resources of {} vCPU provided by VirtualMachine, preference requires {} vCPU provided as {}"


def _pf(guest: int, topology: str, across: str | None = None) -> dict:
    cpu: dict = {"preferredCPUTopology": topology}
    if across is not None:
        cpu["spreadOptions"] = {"across": across}
    return {"cpu": cpu, "requirements": {"cpu": {"guest": guest}}}


def _vm(**cpu: int) -> dict:
    return {"domain": {"cpu": cpu}}


def _paths(*dimensions: str) -> tuple[str, ...]:
    return tuple(f"{_CPU}.{dimension}" for dimension in dimensions)


@pytest.mark.parametrize(
    ("it_spec", "pf_spec", "template_spec"),
    [
        pytest.param({"cpu": {"guest": 2}}, {"requirements": {"cpu": {"guest": 2}}}, {},
                     id="should pass by an instance type for vCPUs"),
        pytest.param(None, _pf(2, "sockets"), _vm(sockets=2),
                     id="should pass by a VM for vCPUs using PreferSockets (default)"),
        pytest.param(None, _pf(2, "cores"), _vm(cores=2),
                     id="should pass by a VM for vCPUs using PreferCores"),
        pytest.param(None, _pf(2, "threads"), _vm(threads=2),
                     id="should pass by a VM for vCPUs using PreferThreads"),
        pytest.param(None, _pf(6, "spread"), _vm(cores=2, sockets=3),
                     id="should pass by a VM for vCPUs using PreferSpread by default across SocketsCores"),
        pytest.param(None, _pf(6, "spread", "CoresThreads"), _vm(threads=2, cores=3),
                     id="should pass by a VM for vCPUs using PreferSpread across CoresThreads"),
        pytest.param(None, _pf(8, "spread", "SocketsCoresThreads"), _vm(threads=2, cores=2, sockets=2),
                     id="should pass by a VM for vCPUs using PreferSpread across SocketsCoresThreads"),
        pytest.param(None, _pf(4, "any"), _vm(cores=2, sockets=2, threads=1),
                     id="should pass by a VM for vCPUs using PreferAny"),
    ],
)
def test_should_pass_when_sufficient_resources_are_provided(
    it_spec: dict | None, pf_spec: dict, template_spec: dict
) -> None:
    assert find_requirement_failure(it_spec, pf_spec, template_spec) is None


@pytest.mark.parametrize(
    ("it_spec", "pf_spec", "template_spec", "expected"),
    [
        pytest.param(
            {"cpu": {"guest": 1}}, {"requirements": {"cpu": {"guest": 2}}}, {},
            RequirementFailure(
                ("spec.instancetype",),
                "insufficient CPU resources of 1 vCPU provided by instance type, preference requires 2 vCPU",
            ),
            id="should be rejected by an instance type for vCPUs",
        ),
        pytest.param(
            None, _pf(2, "sockets"), _vm(sockets=1),
            RequirementFailure(_paths("sockets"), _VM_FMT.format(1, 2, "sockets")),
            id="should be rejected by a VM for vCPUs using PreferSockets (default)",
        ),
        pytest.param(
            None, _pf(2, "cores"), _vm(cores=1),
            RequirementFailure(_paths("cores"), _VM_FMT.format(1, 2, "cores")),
            id="should be rejected by a VM for vCPUs using PreferCores",
        ),
        pytest.param(
            None, _pf(2, "threads"), _vm(threads=1),
            RequirementFailure(_paths("threads"), _VM_FMT.format(1, 2, "threads")),
            id="should be rejected by a VM for vCPUs using PreferThreads",
        ),
        pytest.param(
            None, _pf(4, "spread"), _vm(cores=1, sockets=1),
            RequirementFailure(_paths("sockets", "cores"), _VM_FMT.format(1, 4, "SocketsCores")),
            id="should be rejected by a VM for vCPUs using PreferSpread by default across SocketsCores",
        ),
        pytest.param(
            None, _pf(4, "spread", "CoresThreads"), _vm(cores=1, threads=1),
            RequirementFailure(_paths("cores", "threads"), _VM_FMT.format(1, 4, "CoresThreads")),
            id="should be rejected by a VM for vCPUs using PreferSpread across CoresThreads",
        ),
        pytest.param(
            None, _pf(4, "spread", "SocketsCoresThreads"), _vm(sockets=1, cores=1, threads=1),
            RequirementFailure(_paths("sockets", "cores", "threads"), _VM_FMT.format(1, 4, "SocketsCoresThreads")),
            id="should be rejected by a VM for vCPUs using PreferSpread across SocketsCoresThreads",
        ),
        pytest.param(
            None, _pf(4, "any"), _vm(sockets=2, cores=1, threads=1),
            RequirementFailure(_paths("cores", "sockets", "threads"),
                               _VM_FMT.format(2, 4, "cores, sockets and threads")),
            id="should be rejected by a VM for vCPUs using PreferAny",
        ),
    ],
)
def test_should_be_rejected_when_insufficient_resources_are_provided(
    it_spec: dict | None, pf_spec: dict, template_spec: dict, expected: RequirementFailure
) -> None:
    assert find_requirement_failure(it_spec, pf_spec, template_spec) == expected

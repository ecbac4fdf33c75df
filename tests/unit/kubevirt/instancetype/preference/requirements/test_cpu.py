"""Tests for krmfn.kubevirt.instancetype.preference.requirements.cpu (KubeVirt requirements/cpu.go;
docs/kubevirt/requirements.md#cpu)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.preference.requirements.cpu import check_cpu, uint32
from krmfn.kubevirt.instancetype.preference.requirements.failure import RequirementFailure

_CPU = "spec.template.spec.domain.cpu"


def _pf(guest: int, topology: str | None = None, across: str | None = None) -> dict:
    pf: dict = {"requirements": {"cpu": {"guest": guest}}}
    if topology is not None:
        pf["cpu"] = {"preferredCPUTopology": topology}
    if across is not None:
        pf.setdefault("cpu", {})["spreadOptions"] = {"across": across}
    return pf


def _vm(**cpu: int) -> dict:
    return {"domain": {"cpu": cpu}}


@pytest.mark.parametrize(
    ("it_spec", "pf_spec", "template_spec"),
    [
        pytest.param({"cpu": {"guest": 2}}, _pf(2), {}, id="by an instance type for vCPUs"),
        pytest.param(None, _pf(2), _vm(sockets=2), id="by a VM for vCPUs using PreferSockets (default)"),
        pytest.param(None, _pf(2, "preferSockets"), _vm(sockets=2), id="preferSockets"),
        pytest.param(None, _pf(2, "cores"), _vm(cores=2), id="by a VM for vCPUs using PreferCores"),
        pytest.param(None, _pf(2, "preferThreads"), _vm(threads=2), id="by a VM for vCPUs using PreferThreads"),
        pytest.param(None, _pf(4, "spread"), _vm(sockets=2, cores=2),
                     id="by a VM for vCPUs using PreferSpread by default across SocketsCores"),
        pytest.param(None, _pf(4, "preferSpread", "CoresThreads"), _vm(cores=2, threads=2),
                     id="by a VM for vCPUs using PreferSpread across CoresThreads"),
        pytest.param(None, _pf(8, "spread", "SocketsCoresThreads"), _vm(sockets=2, cores=2, threads=2),
                     id="by a VM for vCPUs using PreferSpread across SocketsCoresThreads"),
        pytest.param(None, _pf(4, "any"), _vm(sockets=2, cores=2, threads=1), id="by a VM for vCPUs using PreferAny"),
        pytest.param(None, _pf(0), _vm(), id="a zero requirement always passes"),
        pytest.param(None, _pf(9, "diagonal"), _vm(), id="an unknown topology never fails"),
        pytest.param(None, _pf(9, ""), _vm(), id="an empty topology is an unknown one"),
    ],
)
def test_should_pass_when_sufficient_resources_are_provided(
    it_spec: dict | None, pf_spec: dict, template_spec: dict
) -> None:
    assert check_cpu(it_spec, pf_spec, template_spec) is None


@pytest.mark.parametrize(
    ("it_spec", "pf_spec", "template_spec", "paths", "error"),
    [
        pytest.param(
            {"cpu": {"guest": 1}}, _pf(2), _vm(sockets=8), ("spec.instancetype",),
            "insufficient CPU resources of 1 vCPU provided by instance type, preference requires 2 vCPU",
            id="by an instance type for vCPUs e49",
        ),
        pytest.param(
            None, _pf(2), _vm(sockets=1, cores=1, threads=1), (f"{_CPU}.sockets",),
            "insufficient CPU resources of 1 vCPU provided by VirtualMachine, "
            "preference requires 2 vCPU provided as sockets",
            id="by a VM for vCPUs using PreferSockets (default) e50",
        ),
        pytest.param(
            None, _pf(2), _vm(cores=4), (f"{_CPU}.sockets",),
            "insufficient CPU resources of 0 vCPU provided by VirtualMachine, "
            "preference requires 2 vCPU provided as sockets",
            id="default sockets topology ignores cores",
        ),
        pytest.param(
            None, _pf(2, "cores"), _vm(sockets=4), (f"{_CPU}.cores",),
            "insufficient CPU resources of 0 vCPU provided by VirtualMachine, "
            "preference requires 2 vCPU provided as cores",
            id="by a VM for vCPUs using PreferCores e51",
        ),
        pytest.param(
            None, _pf(2, "preferCores"), _vm(sockets=2), (f"{_CPU}.cores",),
            "insufficient CPU resources of 0 vCPU provided by VirtualMachine, "
            "preference requires 2 vCPU provided as cores",
            id="deprecated preferCores",
        ),
        pytest.param(
            None, _pf(4, "threads"), _vm(threads=2), (f"{_CPU}.threads",),
            "insufficient CPU resources of 2 vCPU provided by VirtualMachine, "
            "preference requires 4 vCPU provided as threads",
            id="by a VM for vCPUs using PreferThreads",
        ),
        pytest.param(
            None, _pf(4, "spread"), _vm(sockets=1, cores=1), (f"{_CPU}.sockets", f"{_CPU}.cores"),
            "insufficient CPU resources of 1 vCPU provided by VirtualMachine, "
            "preference requires 4 vCPU provided as SocketsCores",
            id="by a VM for vCPUs using PreferSpread by default across SocketsCores e52",
        ),
        pytest.param(
            None, _pf(4, "spread", "CoresThreads"), _vm(sockets=4, cores=1, threads=2),
            (f"{_CPU}.cores", f"{_CPU}.threads"),
            "insufficient CPU resources of 2 vCPU provided by VirtualMachine, "
            "preference requires 4 vCPU provided as CoresThreads",
            id="by a VM for vCPUs using PreferSpread across CoresThreads",
        ),
        pytest.param(
            None, _pf(8, "preferSpread", "SocketsCoresThreads"), _vm(sockets=2, cores=2, threads=1),
            (f"{_CPU}.sockets", f"{_CPU}.cores", f"{_CPU}.threads"),
            "insufficient CPU resources of 4 vCPU provided by VirtualMachine, preference requires 8 vCPU provided as "
            "SocketsCoresThreads",
            id="by a VM for vCPUs using PreferSpread across SocketsCoresThreads",
        ),
        pytest.param(
            None, _pf(4, "any"), _vm(sockets=2, cores=1, threads=1),
            (f"{_CPU}.cores", f"{_CPU}.sockets", f"{_CPU}.threads"),
            "insufficient CPU resources of 2 vCPU provided by VirtualMachine, preference requires 4 vCPU provided as "
            "cores, sockets and threads",
            id="by a VM for vCPUs using PreferAny e52",
        ),
        pytest.param(
            None, _pf(4, "preferAny"), _vm(sockets=4, cores=1), (f"{_CPU}.cores", f"{_CPU}.sockets", f"{_CPU}.threads"),
            "insufficient CPU resources of 0 vCPU provided by VirtualMachine, preference requires 4 vCPU provided as "
            "cores, sockets and threads",
            id="any multiplies a missing threads as 0",
        ),
        pytest.param(
            None, _pf(2, "spread", "Foo"), _vm(sockets=4, cores=4, threads=4), (),
            "insufficient CPU resources of 0 vCPU provided by VirtualMachine, "
            "preference requires 2 vCPU provided as Foo",
            id="spread with an unknown across counts 0 vCPUs without a path",
        ),
        pytest.param(
            None, _pf(2), {"domain": {}}, (_CPU,),
            "no CPU resources provided by VirtualMachine, preference requires 2 vCPU",
            id="by a VM without domain.cpu",
        ),
        pytest.param(
            {}, _pf(2), _vm(sockets=4), ("spec.instancetype",),
            "insufficient CPU resources of 0 vCPU provided by instance type, preference requires 2 vCPU",
            id="an instance type without cpu provides 0",
        ),
    ],
)
def test_should_be_rejected_when_insufficient_resources_are_provided(
    it_spec: dict | None, pf_spec: dict, template_spec: dict, paths: tuple[str, ...], error: str
) -> None:
    assert check_cpu(it_spec, pf_spec, template_spec) == RequirementFailure(paths, error)


def test_instance_type_ignores_the_vm_template() -> None:
    assert check_cpu({"cpu": {"guest": 4}}, _pf(2), {"domain": {}}) is None


def test_spread_ratio_does_not_matter_for_requirements() -> None:
    pf = _pf(4, "spread")
    pf["cpu"]["spreadOptions"] = {"ratio": 4}
    pf["preferSpreadSocketToCoreRatio"] = 3
    assert check_cpu(None, pf, _vm(sockets=2, cores=2)) is None


def test_uint32_semantics() -> None:
    assert uint32(None) == 0
    assert uint32(True) == 0
    assert uint32("4") == 0
    assert uint32(-1) == 0
    assert uint32(2**32) == 0
    assert uint32(4) == 4
    assert uint32(2**32 - 1) == 2**32 - 1


def test_spread_ratio_go_cannot_decode_is_reported() -> None:
    pf = _pf(2, "spread")
    pf["cpu"]["spreadOptions"] = {"ratio": -1}
    failure = check_cpu(None, pf, _vm(sockets=2, cores=2))
    assert failure == RequirementFailure(
        (), "invalid value -1 for spec.cpu.spreadOptions.ratio: must be an integer between 0 and 4294967295"
    )


def test_vm_product_wraps_like_go_uint32() -> None:
    failure = check_cpu(None, _pf(4, "any"), _vm(sockets=65536, cores=65536, threads=1))
    assert failure is not None
    assert failure.error.startswith("insufficient CPU resources of 0 vCPU provided by VirtualMachine")

"""instancetype.spec.ioThreads and ioThreadsPolicy (KubeVirt pkg/instancetype/apply/iothreads_test.go,
iothreadpolicy_test.go; docs/kubevirt/instancetype-apply.md#field-table)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.apply.iothreads import apply_io_threads, apply_io_threads_policy
from krmfn.kubevirt.instancetype.conflict import Conflict

BASE = Conflict.from_path("spec.template.spec")
IT = {"ioThreads": {"supplementalPoolThreadCount": 4}}


class TestIOThreads:
    @pytest.mark.parametrize("vm_domain", [{}, {"ioThreads": {}}, {"ioThreads": None},
                                           {"ioThreads": {"supplementalPoolThreadCount": None}}])
    def test_should_apply_supplemental_pool_thread_count(self, vm_domain: dict) -> None:
        template = {"domain": vm_domain}
        assert apply_io_threads(BASE, IT, template) == []
        assert template["domain"]["ioThreads"] == {"supplementalPoolThreadCount": 4}

    def test_should_not_apply_when_provided_within_vmi(self) -> None:
        template = {"domain": {"ioThreads": {"supplementalPoolThreadCount": 6}}}
        conflicts = apply_io_threads(BASE, IT, template)
        assert [c.dotted for c in conflicts] == ["spec.template.spec.domain.ioThreads.supplementalPoolThreadCount"]
        assert template["domain"]["ioThreads"] == {"supplementalPoolThreadCount": 6}

    @pytest.mark.parametrize("it_spec", [{}, {"ioThreads": {}}, {"ioThreads": {"supplementalPoolThreadCount": None}}])
    def test_no_count_no_effect(self, it_spec: dict) -> None:
        # golden instancetype-fields/iothreads-empty-no-effect
        template: dict = {"domain": {"ioThreads": {"supplementalPoolThreadCount": 6}}}
        assert apply_io_threads(BASE, it_spec, template) == []
        assert template == {"domain": {"ioThreads": {"supplementalPoolThreadCount": 6}}}
        empty: dict = {}
        apply_io_threads(BASE, it_spec, empty)
        assert "ioThreads" not in empty.get("domain", {})

    def test_count_zero_is_present(self) -> None:
        template: dict = {}
        assert apply_io_threads(BASE, {"ioThreads": {"supplementalPoolThreadCount": 0}}, template) == []
        assert template["domain"]["ioThreads"] == {"supplementalPoolThreadCount": 0}


class TestIOThreadsPolicy:
    @pytest.mark.parametrize("policy", ["shared", "auto", "supplementalPool"])
    def test_should_apply_to_vmi(self, policy: str) -> None:
        template: dict = {}
        assert apply_io_threads_policy(BASE, {"ioThreadsPolicy": policy}, template) == []
        assert template == {"domain": {"ioThreadsPolicy": policy}}

    def test_should_detect_io_threads_policy_conflict(self) -> None:
        template = {"domain": {"ioThreadsPolicy": "auto"}}
        conflicts = apply_io_threads_policy(BASE, {"ioThreadsPolicy": "shared"}, template)
        assert [c.dotted for c in conflicts] == ["spec.template.spec.domain.ioThreadsPolicy"]
        assert template == {"domain": {"ioThreadsPolicy": "auto"}}

    def test_absent_policy_keeps_vm(self) -> None:
        template = {"domain": {"ioThreadsPolicy": "auto"}}
        assert apply_io_threads_policy(BASE, {}, template) == []
        assert template == {"domain": {"ioThreadsPolicy": "auto"}}

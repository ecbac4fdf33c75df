"""Does an adopted VM give back the original? Inline it and compare, field by field.

No KubeVirt counterpart as a whole: it runs the port of ``pkg/instancetype/expand/expand.go``
(``expand_vm``) on the adopted VM and compares with the original as ``krmfn.modes.adopt.compare`` says,
then checks the preference's requirements as KubeVirt's VM validating webhook would
(``pkg/instancetype/preference/requirements/checker.go``), so that an adopted VM is one KubeVirt
admits and runs as the same guest.
"""
from __future__ import annotations


from krmfn.model.record import field, record
from krmfn.modes.adopt.candidates import Definition
from krmfn.modes.adopt.compare import UI_ANNOTATIONS, Diff, comparable, differences, runtime_form
from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.instancetype.expand.expand import expand_vm
from krmfn.kubevirt.instancetype.preference.requirements import find_requirement_failure


@record
class Verdict:
    """Nothing in ``diffs`` and no ``failure``: the adopted VM reproduces the original as KubeVirt
    runs it; ``exact``: it also inlines to the very same fields (not only the same guest)."""

    diffs: list[Diff] = field(default_factory=list)
    failure: str | None = None
    exact: bool = False

    @property
    def ok(self) -> bool:
        return not self.diffs and self.failure is None


@record
class Verifier:
    """Checks adopted forms of one VM against the original, defaulted."""

    bundle: Bundle
    config: ClusterConfig
    namespace: str
    original: dict  # the original, defaulted (krmfn.modes.adopt.compare.defaulted)
    expansions: int = 0  # how many inlines the checks ran (for the report and the tests)
    expected: dict = field(init=False)  # its runtime form
    exact: dict = field(init=False)  # its comparable form
    _ui_keys: set[str] = field(init=False, default_factory=set)

    def verdict(self, vm: dict, instancetype: Definition | None, preference: Definition | None) -> Verdict:
        expanded = self._expand(vm, True)
        if isinstance(expanded, str):
            return Verdict(failure=expanded)
        template_spec = expanded["spec"]["template"]["spec"]
        failure = find_requirement_failure(instancetype.spec if instancetype else None,
                                           preference.spec if preference else None, template_spec)
        if failure is not None:
            return Verdict(failure=failure.message)
        diffs = differences(self.expected, runtime_form(expanded))
        return Verdict(diffs, exact=not diffs and not differences(self.exact, self._comparable(expanded)))

    def _comparable(self, expanded: dict) -> dict:
        """``comparable``, without the UI annotations the original does not have (a preference
        adds ``vm.kubevirt.io/os``): exact means every field KubeVirt reads."""
        return comparable(expanded, without=[key for key in UI_ANNOTATIONS if key not in self._ui_keys])

    def __post_init__(self) -> None:
        self.expected = runtime_form(self.original)
        self.exact = comparable(self.original)
        annotations = self.exact.get("spec", {}).get("template", {}).get("metadata", {}).get("annotations", {})
        self._ui_keys = {key for key in UI_ANNOTATIONS if key in annotations}

    def supplied_only(self, vm: dict, reference: dict, exact: bool) -> bool:
        """Whether ``vm`` inlines to ``reference`` without the cluster's defaults, and to the
        original with them (``exact``: to the very same fields): what it lacks, its instance type
        and preference give back."""
        bare = self._expand(vm, False)
        if isinstance(bare, str) or differences(reference, bare):
            return False
        full = self._expand(vm, True)
        if isinstance(full, str):
            return False
        return not differences(self.exact, self._comparable(full)) if exact else not differences(
            self.expected, runtime_form(full))

    def bare(self, vm: dict) -> dict | str:
        """``vm`` inlined without the cluster's defaults (``defaults: none``)."""
        return self._expand(vm, False)

    def _expand(self, vm: dict, defaults: bool) -> dict | str:
        self.expansions += 1
        result = expand_vm(vm, self.bundle, self.config, self.namespace, defaults)
        if result.failure is not None or result.vm is None:
            return result.failure.message if result.failure else "not expanded"
        return result.vm

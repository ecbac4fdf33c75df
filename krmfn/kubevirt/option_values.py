"""The values krmfn's cluster options take, in KubeVirt's own vocabulary: each option row of
``krmfn.model.options`` with a ``values`` names one of ``VOCABULARIES`` here, and the option
readers (``krmfn.kio.config``: CLI flags, functionConfig, ``.krmfn.yaml``) refuse a value outside
it, with a "did you mean", before anything runs.

* ``architecture``: what ``ValidateVirtualMachineInstancePerArch`` (vmi-create-admitter.go) admits
  and ``ArchConfiguration`` configures: amd64, arm64, s390x (ppc64le is deprecated there, "no
  longer supported", and every VM of it is rejected as "unsupported architecture");
* ``evictionStrategy``: ``isValidEvictionStrategy`` (vmi-create-admitter.go; the ``EvictionStrategy``
  constants of ``staging/src/kubevirt.io/api/core/v1/types.go``), or empty for none;
* ``quantity`` (``cpuRequest``): a ``resource.Quantity`` (apimachinery's ``ParseQuantity``), or empty
  for KubeVirt's default;
* ``namespace``: a namespace name, ``IsDNS1123Label`` (apimachinery's ``ValidateNamespaceName``), or
  empty (generate: none);
* ``emulatedMachines``: an ``ARCH=PATTERN`` entry names one of the architectures above
  (``architectureConfiguration.<arch>.emulatedMachines``);
* ``catalog``: an embedded common-instancetypes release, ``none`` or empty;
* ``featureGates`` (and ``disabledFeatureGates``): a gate of the targeted release's registry
  (``krmfn.kubevirt.virt_config.featuregate``); checked once every option is known
  (``gate_problem``), as the registry depends on ``kubevirtVersion``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from krmfn import catalog
from krmfn.kubevirt.apimachinery.quantity import QuantityError, parse
from krmfn.kubevirt.apimachinery.validation import is_dns1123_label
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.live_migration import VALID_EVICTION_STRATEGIES
from krmfn.kubevirt.virt_config.featuregate import FEATURE_GATES, OLDER_REGISTRIES, gate_state
from krmfn.model.kubevirt_version import CATALOG_OFF, kubevirt_version
from krmfn.model.options import did_you_mean

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

ARCHITECTURES = ("amd64", "arm64", "s390x")
FEATURE_GATE_VALUES = "featureGates"


def _one_of(value: str, known: Iterable[str], what: str) -> str | None:
    known = tuple(known)
    if value in known:
        return None
    return f'"{value}" is not one of {what}: {", ".join(known)}{did_you_mean(value, known)}'


def _architecture(value: str) -> str | None:
    return _one_of(value, ARCHITECTURES, "KubeVirt's architectures")


def _eviction_strategy(value: str) -> str | None:
    return None if value == "" else _one_of(value, VALID_EVICTION_STRATEGIES, "KubeVirt's eviction strategies")


def _quantity(value: str) -> str | None:
    if value == "":
        return None
    parsed = parse(value)
    return f'"{value}" is not a quantity: {parsed.message}' if isinstance(parsed, QuantityError) else None


def _namespace(value: str) -> str | None:
    errors = is_dns1123_label(value) if value else []
    if not errors:
        return None
    fixed = value.lower().replace("_", "-").replace(".", "-")
    hint = f' (did you mean "{fixed}"?)' if fixed != value and not is_dns1123_label(fixed) else ""
    return f'"{value}" is not a valid namespace name: {"; ".join(errors)}{hint}'


def _emulated_machines(value: list[str]) -> str | None:
    for entry in value:
        architecture, separator, _ = entry.partition("=")
        problem = _architecture(architecture) if separator else None
        if problem:
            return f'"{entry}": {problem}'
    return None


def _catalog(value: str) -> str | None:
    if value in ("", CATALOG_OFF) or value in catalog.CATALOG_VERSIONS:
        return None
    return (f"{catalog.UnknownCatalogVersion(value)}; {CATALOG_OFF} turns it off"
            f"{did_you_mean(value, (*catalog.CATALOG_VERSIONS, CATALOG_OFF))}")


VOCABULARIES: dict[str, Callable[[Any], str | None]] = {
    "architecture": _architecture,
    "evictionStrategy": _eviction_strategy,
    "quantity": _quantity,
    "namespace": _namespace,
    "emulatedMachines": _emulated_machines,
    "catalog": _catalog,
    FEATURE_GATE_VALUES: lambda _: None,  # needs the release: gate_problem
}


def problem(values: str, value: Any) -> str | None:
    """What is wrong with an option's (typed) ``value`` for the vocabulary ``values``, or None."""
    return VOCABULARIES[values](value)


def gate_problem(gates: Iterable[str], version_name: str | None) -> str | None:
    """What is wrong with the first gate of ``gates`` that the registry of the release
    ``version_name`` (None: the default) does not know, or None."""
    version = kubevirt_version(version_name)
    for gate in gates:
        if gate_state(gate, version) is None:
            known = [name for name in _gate_names() if gate_state(name, version) is not None]
            return (f'"{gate}" is not a feature gate of KubeVirt {version.name} ({version.release})'
                    f"{did_you_mean(gate, known)}")
    return None


def _gate_names() -> list[str]:
    """Every gate any release registers."""
    names = dict.fromkeys(FEATURE_GATES)
    for _, registry in OLDER_REGISTRIES:
        names.update(dict.fromkeys(registry))
    return list(names)

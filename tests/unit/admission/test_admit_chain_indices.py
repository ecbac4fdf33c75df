"""``krmfn.admission.admit._chain_indices``: each item goes to the first chain that matches it, the
chain found once per kind and API group (every chain's predicate reads only those two)."""
from __future__ import annotations

import itertools

from krmfn.admission.admit import CHAINS, _chain_indices
from krmfn.model import kinds

KIND_NAMES = sorted({value for name, value in vars(kinds).items()
                     if name.isupper() and isinstance(value, str) and value[:1].isupper() and " " not in value})
API_VERSIONS = ["kubevirt.io/v1", "kubevirt.io/v1alpha3", "instancetype.kubevirt.io/v1beta1",
                "instancetype.kubevirt.io/v1", "template.kubevirt.io/v1alpha1", "pool.kubevirt.io/v1alpha1",
                "cdi.kubevirt.io/v1beta1", "snapshot.kubevirt.io/v1beta1", "v1", "", "other.io/v1", 7, None]


def _first_chain(item: object) -> object:
    return next((chain for chain in CHAINS if chain.matches(item)), None)


def test_a_chain_is_chosen_by_the_kind_and_the_api_group_alone() -> None:
    for kind, api_version in itertools.product([*KIND_NAMES, "", "Other", 3], API_VERSIONS):
        bare = {"kind": kind, "apiVersion": api_version}
        fuller = {**bare, "metadata": {"name": "x", "namespace": "y"}, "spec": {"template": {}}}
        other_version = {**bare, "apiVersion": api_version.rsplit("/", 1)[0] + "/v9"} \
            if isinstance(api_version, str) and "/" in api_version else bare
        assert _first_chain(fuller) is _first_chain(bare) is _first_chain(other_version), (kind, api_version)
    assert len(KIND_NAMES) >= 20  # the kinds module's names were found


def test_chain_indices_are_each_items_first_matching_chain() -> None:
    items: list[object] = [{"kind": kind, "apiVersion": api_version}
                           for kind, api_version in itertools.product(KIND_NAMES, API_VERSIONS)]
    items += [None, "text", {"kind": None}, {}]
    expected: dict[object, list[int]] = {chain: [] for chain in CHAINS}
    for index, item in enumerate(items):
        chain = _first_chain(item)
        if chain is not None:
            expected[chain].append(index)
    assert _chain_indices(items) == expected  # type: ignore[arg-type]
    assert sum(map(len, expected.values())) > 20

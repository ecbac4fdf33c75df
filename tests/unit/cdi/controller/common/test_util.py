"""``krmfn.cdi.controller.common.util``: the claim helpers of the DataVolume webhooks."""
from __future__ import annotations

import pytest

from krmfn.cdi.controller.common.util import (
    ANN_ALLOW_CLAIM_ADOPTION,
    ANN_POPULATED_FOR,
    allow_claim_adoption,
    claim_is_populated_for_data_volume,
    claim_may_exist_before_data_volume,
    parse_bool,
)
from krmfn.cdi.feature_gates.feature_gates import DATA_VOLUME_CLAIM_ADOPTION


def obj(name: str, annotations: dict | None = None) -> dict:
    return {"metadata": {"name": name, **({"annotations": annotations} if annotations else {})}}


@pytest.mark.parametrize(("text", "value"), [
    ("1", True), ("t", True), ("T", True), ("TRUE", True), ("true", True), ("True", True),
    ("0", False), ("false", False), ("yes", False), ("", False), (True, False),
])
def test_parse_bool(text: object, value: bool) -> None:
    assert parse_bool(text) is value


def test_a_claim_populated_for_the_data_volume_may_exist() -> None:
    claim = obj("dv", {ANN_POPULATED_FOR: "dv"})
    assert claim_is_populated_for_data_volume(claim, obj("dv"))
    assert not claim_is_populated_for_data_volume(claim, obj("other"))
    assert claim_may_exist_before_data_volume(claim, obj("dv"))


def test_the_data_volume_annotation_wins_over_the_feature_gate() -> None:
    gates = frozenset({DATA_VOLUME_CLAIM_ADOPTION})
    assert allow_claim_adoption(obj("c"), obj("dv", {ANN_ALLOW_CLAIM_ADOPTION: "true"}))
    assert not allow_claim_adoption(obj("c"), obj("dv", {ANN_ALLOW_CLAIM_ADOPTION: "no"}), gates)
    assert allow_claim_adoption(obj("c"), obj("dv"), gates)
    assert not allow_claim_adoption(obj("c"), obj("dv"))

"""krmfn.model.scalars: the YAML 1.2 core schema's reading of a plain scalar (what kpt and kustomize read)."""
from __future__ import annotations

import math
from typing import Any

import pytest

from krmfn.model.scalars import resolve_plain


@pytest.mark.parametrize("text,value", [
    ("", None), ("~", None), ("null", None), ("NULL", None),
    ("true", True), ("False", False),
    ("4", 4), ("-12", -12), ("0755", 755), ("0o17", 15), ("0x1F", 31),
    ("1.5", 1.5), ("1e3", 1000.0), ("-.inf", -math.inf),
    ("yes", "yes"), ("on", "on"), ("1Gi", "1Gi"), ("2001-12-14", "2001-12-14"), ("0b101", "0b101"),
    ("host-passthrough", "host-passthrough"), ("1" * 4301, "1" * 4301),
])
def test_resolve_plain(text: str, value: Any) -> None:
    resolved = resolve_plain(text)
    assert resolved == value and type(resolved) is type(value)


def test_nan() -> None:
    assert math.isnan(resolve_plain(".nan"))

"""krmfn.kubevirt.apimachinery.gozero: the zero-value checks' helpers and ``clone``."""
from __future__ import annotations

import collections
import datetime

from krmfn.kubevirt.apimachinery.gozero import clone


def test_clone_copies_every_container_and_shares_the_leaves():
    stamp = datetime.datetime(2024, 1, 1)
    value = {"a": {"b": [1, {"c": "x"}, [2.5, None]], "d": True}, "e": "s", "f": stamp, "g": []}
    copied = clone(value)
    assert copied == value
    assert copied is not value and copied["a"] is not value["a"] and copied["g"] is not value["g"]
    assert copied["a"]["b"] is not value["a"]["b"] and copied["a"]["b"][1] is not value["a"]["b"][1]
    assert copied["a"]["b"][2] is not value["a"]["b"][2]
    assert copied["e"] is value["e"] and copied["f"] is stamp
    copied["a"]["b"][1]["c"] = "y"
    assert value["a"]["b"][1]["c"] == "x"


def test_clone_turns_mapping_and_list_subclasses_into_plain_ones():
    ordered = collections.OrderedDict(k=[1])
    copied = clone({"o": ordered, "l": [ordered]})
    assert type(copied["o"]) is dict and copied["o"] == {"k": [1]} and copied["o"]["k"] is not ordered["k"]
    assert type(copied["l"][0]) is dict
    assert clone("leaf") == "leaf" and clone(None) is None

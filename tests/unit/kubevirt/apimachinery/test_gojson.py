"""``krmfn.kubevirt.apimachinery.gojson``: Go's encoding/json output, as KubeVirt's messages quote it."""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gojson import go_json


def test_go_json_matches_encoding_json():
    assert go_json({"b": [1, 1.5, None, True], "a": "<&>"}) == '{"a":"\\u003c\\u0026\\u003e","b":[1,1.5,null,true]}'
    assert go_json({"x": 1e21, "y": 1e-7, "z": 2.0}) == '{"x":1e+21,"y":1e-7,"z":2}'

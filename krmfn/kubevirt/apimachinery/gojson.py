"""Go's ``json.Marshal`` of decoded YAML/JSON data (``encoding/json``), as KubeVirt's and the API
server's messages embed it: compact, keys sorted, HTML characters escaped, float64 in Go's format.

Its own module, so that the validators that quote a value load it without the revision decoder
(``krmfn.kubevirt.instancetype.compatibility``, which uses it for the payloads its errors embed).
"""
from __future__ import annotations

import json
import math

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

_HTML_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def _go_float(value: float) -> str:
    """encoding/json's float64 format: shortest repr, 'e' only below 1e-6 or from 1e21."""
    if value == 0:
        return "-0" if math.copysign(1.0, value) < 0 else "0"
    magnitude = abs(value)
    if magnitude < 1e-6 or magnitude >= 1e21:
        mantissa, _, exponent = repr(value).partition("e")
        if not exponent:  # repr chose positional notation; force exponent notation
            mantissa, _, exponent = f"{value:e}".partition("e")
            mantissa = repr(float(mantissa))
        mantissa = mantissa[:-2] if mantissa.endswith(".0") else mantissa
        power = int(exponent)
        # strconv pads the exponent to two digits; encoding/json then turns e-07 into e-7.
        return f"{mantissa}e-{-power}" if power < 0 else f"{mantissa}e+{power:02d}"
    text = repr(value)
    if "e" in text:  # Python uses exponents from 1e16; Go stays positional up to 1e21
        text = format(value, "f")
        if "." in text:
            text = text.rstrip("0").rstrip(".")
    return text[:-2] if text.endswith(".0") else text


def go_json(value: Any) -> str:
    """Go's json.Marshal of decoded YAML/JSON data: compact, sorted keys, HTML-safe escaping."""
    if isinstance(value, dict):
        items = sorted((str(k), v) for k, v in value.items())
        return "{" + ",".join(f"{go_json(k)}:{go_json(v)}" for k, v in items) + "}"
    if isinstance(value, list):
        return "[" + ",".join(go_json(v) for v in value) + "]"
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        for char, escape in _HTML_ESCAPES.items():
            text = text.replace(char, escape)
        return text
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, float):
        return _go_float(value)
    if isinstance(value, int):
        return str(value)
    return go_json(str(value))  # dates and other YAML scalars arrive as strings in JSON

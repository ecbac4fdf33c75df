"""What differs between the virt-template engines krmfn mirrors, and how their field errors render
a bad value.

The engine's code is the same at virt-template v0.1.7, v0.1.8, v0.2.0 and v0.2.2 but for its
template API version (``v1alpha1`` before v0.2, ``v1beta1`` since). What differs is what it is
built with:

* the ``kubevirt.io/api`` ``VirtualMachine`` type a processed VM is decoded into
  (``runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation`` in ``processor.go``): a
  field that type lacks is an unknown field. virt-template v0.1.8 (what KubeVirt v1.8.4 deploys)
  requires ``kubevirt.io/api v1.7.0``, v0.2.2 (KubeVirt v1.9.0) ``v1.8.0``; virtctl links its own
  release's API;
* ``k8s.io/apimachinery``'s ``field.Error.ErrorBody``: v0.1.8 replaces apimachinery with v0.33.7,
  whose ErrorBody dereferences a pointer and prints a value that is no simple type with ``%#v``
  (``[]v1alpha1.Parameter{v1alpha1.Parameter{Name:"NAME", ...}}``); v0.34 (virt-template v0.2.2,
  KubeVirt's virtctl) prints it with ``json.Marshal`` (``[{"name":"NAME"}]``).
"""
from __future__ import annotations

import math

from krmfn.kubevirt.apimachinery.gojson import go_json
from krmfn.kubevirt.util.webhooks import go_quote
from krmfn.model.kubevirt_version import KubevirtVersion
from krmfn.model.record import record
from krmfn.virt_template.types import PARAMETER_FIELDS, Parameter

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


@record(frozen=True)
class EngineBuild:
    """One build of virt-template-engine: ``name`` (what it is), ``api_minor`` (the minor of the
    ``kubevirt.io/api`` it decodes VMs into), ``sharp_v_bad_values`` (apimachinery v0.33's
    ErrorBody) and ``api_version`` (its template API package, named by ``%#v``)."""

    name: str
    api_minor: int
    sharp_v_bad_values: bool
    api_version: str


# virt-template's webhook (the engine vendored in its repository at the tag).
WEBHOOK_V0_2_2 = EngineBuild("virt-template v0.2.2", 8, False, "v1beta1")
WEBHOOK_V0_1_8 = EngineBuild("virt-template v0.1.8", 7, True, "v1alpha1")
# virtctl's vendored engine: v0.2.0 at KubeVirt v1.9.0, v0.1.7 at v1.8.4 (apimachinery v0.34.2 both).
VIRTCTL_V1_9 = EngineBuild("virtctl v1.9.0 (virt-template-engine v0.2.0)", 9, False, "v1beta1")
VIRTCTL_V1_8 = EngineBuild("virtctl v1.8.4 (virt-template-engine v0.1.7)", 8, False, "v1alpha1")


def webhook_build(version: KubevirtVersion) -> EngineBuild | None:
    """The virt-template a KubeVirt release deploys (v1.9.0: v0.2.2, v1.8.4: v0.1.8), None before."""
    if version.since(9):
        return WEBHOOK_V0_2_2
    return WEBHOOK_V0_1_8 if version.since(8) else None


def virtctl_build(version: KubevirtVersion) -> EngineBuild | None:
    """The engine a release's virtctl vendors (``virtctl template`` exists since v1.8), None before."""
    if version.since(9):
        return VIRTCTL_V1_9
    return VIRTCTL_V1_8 if version.since(8) else None


# ---------------------------------------------------------------------------------------------
# Bad values (field.Error.ErrorBody)
# ---------------------------------------------------------------------------------------------
_PARAMETER_GO_NAMES = ("Name", "DisplayName", "Description", "Value", "Generate", "From", "Required")


def bad_parameters(build: EngineBuild, parameters: list[Parameter] | None) -> str:
    """A ``[]Parameter`` bad value (``spec.parameters``)."""
    if not build.sharp_v_bad_values:
        if parameters is None:
            return "null"
        # A struct's fields in Go's order (go_json sorts a map's keys).
        structs = ("{" + ",".join(f"{go_json(key)}:{go_json(value)}" for key, value in p.to_plain().items()) + "}"
                   for p in parameters)
        return "[" + ",".join(structs) + "]"
    type_name = f"{build.api_version}.Parameter"
    if parameters is None:
        return f"[]{type_name}(nil)"
    items = []
    for parameter in parameters:
        fields = ", ".join(f"{go_name}:{_sharp_v(getattr(parameter, attribute))}"
                           for go_name, (_, attribute) in zip(_PARAMETER_GO_NAMES, PARAMETER_FIELDS, strict=True))
        items.append(f"{type_name}{{{fields}}}")
    return f"[]{type_name}{{{', '.join(items)}}}"


def bad_unstructured(build: EngineBuild, obj: Any) -> str:
    """A ``*unstructured.Unstructured`` bad value (the VM being processed): its JSON (its
    MarshalJSON), or, with %#v, the struct around its map."""
    if not build.sharp_v_bad_values:
        return go_json(obj)
    return f"unstructured.Unstructured{{Object:{_sharp_v(obj)}}}"


def bad_raw(build: EngineBuild, raw: str) -> str:
    """A ``[]byte`` bad value (``RawExtension.Raw``): base64 in JSON, a byte list with %#v."""
    data = raw.encode()
    if not build.sharp_v_bad_values:
        import base64  # noqa: PLC0415 - for this rare error only
        return '"' + base64.b64encode(data).decode() + '"'
    return "[]byte{" + ", ".join(f"0x{byte:x}" for byte in data) + "}"


def bad_string(value: str) -> str:
    """A ``string`` bad value: ``%q`` in both."""
    return go_quote(value)


def go_format_float(value: float) -> str:
    """``%v`` of a float64 (``strconv.FormatFloat(f, 'g', -1, 64)``): the shortest digits, with an
    exponent below 1e-4 and from 1e6 (the shortest form decides with precision 6)."""
    if value == 0:
        return "-0" if math.copysign(1.0, value) < 0 else "0"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    if math.isnan(value):
        return "NaN"
    from decimal import Decimal  # noqa: PLC0415 - for a rare bad value only
    sign, digits, exponent = Decimal(repr(value)).normalize().as_tuple()
    assert isinstance(exponent, int)
    text = "".join(map(str, digits))
    point = len(text) + exponent  # digits before the decimal point
    exp = point - 1
    prefix = "-" if sign else ""
    if exp < -4 or exp >= 6:
        mantissa = text[0] + ("." + text[1:] if len(text) > 1 else "")
        return f"{prefix}{mantissa}e{'-' if exp < 0 else '+'}{abs(exp):02d}"
    if point <= 0:
        return f"{prefix}0.{'0' * -point}{text}"
    if point >= len(text):
        return prefix + text + "0" * (point - len(text))
    return f"{prefix}{text[:point]}.{text[point:]}"


def _sharp_v(value: Any) -> str:
    """Go's ``%#v`` of decoded JSON (``map[string]interface {}``, ``[]interface {}``, float64,
    string, bool, nil), as the values sit in an ``interface {}``: maps with sorted keys."""
    if isinstance(value, dict):
        entries = ", ".join(f"{go_quote(str(key))}:{_sharp_v_elem(value[key])}" for key in sorted(value, key=str))
        return f"map[string]interface {{}}{{{entries}}}"
    if isinstance(value, list):
        return "[]interface {}{" + ", ".join(_sharp_v_elem(item) for item in value) + "}"
    return _sharp_v_elem(value)


def _sharp_v_elem(value: Any) -> str:
    if value is None:
        return "interface {}(nil)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return go_quote(value)
    if isinstance(value, (int, float)):
        return go_format_float(float(value))
    return _sharp_v(value)

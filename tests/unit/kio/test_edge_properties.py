"""Property tests for issue 14: generated items full of what real packages hold (NUL, control,
C1 and bidi characters written with any escape spelling, anchors, aliases and merge keys, tags,
keys longer than an implicit key, extreme floats and integers).

* Items krmfn does not change come out byte for byte, in every mode.
* In a VM that inline changes, every annotation and label it did not change keeps its text (but
  for the spelling of escapes inside double quotes, which is yaml.v3's, as kpt passes it), and
  the VM's values equal those of the same VM written plainly (the oracle reads both: ruamel,
  YAML 1.2).
"""
from __future__ import annotations

import json
import os
import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from krmfn.kio.scalars import go_double_quoted, plain_ok
from tests.conftest import krm, load12, resource_list
from tests.unit.kio.test_edges import INSTANCETYPE, MODES
from tests.unit.kio.test_fidelity import items_text

# KRMFN_EXAMPLES=600 for a longer search (the default keeps the suite quick).
SETTINGS = settings(max_examples=int(os.environ.get("KRMFN_EXAMPLES", "60")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

SPECIAL = "\x00\x01\x07\x08\t\x0b\x0c\r\x1b\x7f\x85\x9f\xa0\u200e\u202e\u2028\u2029\ufeff\U0001f600é"
_NAMED = {"\x00": ["\\0"], "\x07": ["\\a"], "\x08": ["\\b"], "\t": ["\\t"], "\x0b": ["\\v"], "\x0c": ["\\f"],
          "\r": ["\\r"], "\x1b": ["\\e"], "\x85": ["\\N"], "\xa0": ["\\_"], "\u2028": ["\\L"], "\u2029": ["\\P"],
          '"': ['\\"'], "\\": ["\\\\"]}
strings = st.text(alphabet=st.sampled_from(SPECIAL + "abc -:#'\"\\01"), max_size=12)


@st.composite
def double_quoted(draw, text: str) -> str:
    """`text` double-quoted, each character spelled one of the ways YAML allows."""
    out = []
    for char in text:
        code = ord(char)
        spellings = list(_NAMED.get(char, []))
        if code <= 0xFF:
            spellings.append(f"\\x{code:02x}" if draw(st.booleans()) else f"\\x{code:02X}")
        if code <= 0xFFFF:
            spellings.append(f"\\u{code:04x}")
        spellings.append(f"\\U{code:08X}")
        if char.isprintable() and char not in '"\\' and code < 0x10000 and char != "\xa0":
            spellings.append(char)
        out.append(draw(st.sampled_from(spellings)))
    return '"' + "".join(out) + '"'


@st.composite
def scalar(draw) -> tuple[str, object]:
    """(YAML text, value) of one scalar."""
    kind = draw(st.sampled_from(["string", "string", "plain", "int", "tagged-int", "float", "octal", "tagged-str"]))
    if kind == "string":
        text = draw(strings)
        return draw(double_quoted(text)), text
    if kind == "plain":
        word = draw(st.sampled_from(["yes", "on", "web", "1.10x", "a b"]))
        return word, word
    if kind == "int":
        number = draw(st.integers(min_value=-(2**80), max_value=2**80))
        return str(number), number
    if kind == "tagged-int":
        number = draw(st.integers(min_value=0, max_value=10**6))
        return f'!!int "{number}"', number
    if kind == "float":
        text = draw(st.sampled_from(["1.0e-400", "1.0e+400", "3.14159265358979323846264338", "-0.0", "6.02e23"]))
        return text, float(text)
    if kind == "octal":
        return "!!str 0755", "0755"
    return f"!!str {draw(st.sampled_from(['1.10', 'true', '~']))}", None


@st.composite
def configmap(draw, name: str) -> str:
    """A ConfigMap entry at column 0 with anchors, aliases, a merge key and a long key."""
    lines = ["- apiVersion: v1", "  kind: ConfigMap", "  metadata:", f"    name: {name}", "  data: &data"]
    for index in range(draw(st.integers(min_value=1, max_value=5))):
        text, _ = draw(scalar())
        lines.append(f"    k{index}: {text}")
    if draw(st.booleans()):
        lines.append("    ? " + "L" * draw(st.integers(min_value=1025, max_value=1100)))
        lines.append(f"    : {draw(scalar())[0]}")
    lines.append("  copy:")
    lines.append("    <<: *data" if draw(st.booleans()) else "    all: *data")
    lines.append(f"    local: !Custom {draw(st.sampled_from(['x', 'y z']))}")
    return "\n".join(lines) + "\n"


@SETTINGS
@given(st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=3, unique=True).flatmap(
    lambda names: st.tuples(*[configmap(f"cm-{name}") for name in names])), st.sampled_from(sorted(MODES)))
def test_unchanged_items_come_out_byte_for_byte(items, mode):
    text = "".join(items)
    run = krm(resource_list(text, MODES[mode]))
    assert run.code == 0, run.stderr
    assert items_text(run.stdout) == text


VM = """- apiVersion: kubevirt.io/v1
  kind: VirtualMachine
  metadata:
    name: vm
    labels: &labels
      tier: on
    annotations:
{annotations}  spec:
    instancetype: {{kind: VirtualMachineInstancetype, name: small}}
    template:
      metadata:
        labels: *labels
      spec:
        domain:
          devices: {{}}
"""


def normal(value):
    if isinstance(value, float) and math.isinf(value):
        return ("inf", value > 0)
    if isinstance(value, dict):
        return {key: normal(item) for key, item in value.items()}
    if isinstance(value, list):
        return [normal(item) for item in value]
    return value


@SETTINGS
@given(st.lists(scalar(), min_size=1, max_size=6))
def test_a_changed_vm_keeps_the_text_of_what_it_did_not_change(scalars):
    rows = [f"      a{index}: {text}\n" for index, (text, _) in enumerate(scalars)]
    spicy = VM.format(annotations="".join(rows))
    run = krm(resource_list(INSTANCETYPE + spicy, MODES["inline"]))
    assert run.code == 0, run.stderr
    output = items_text(run.stdout)
    for row in rows:
        # Escapes are spelled as yaml.v3 spells them (as kpt passes them); any other text stays.
        assert "\\" in row or row in output, row
    plain_values = load12(spicy)[0]
    plain = VM.format(annotations="".join(f"      a{i}: {_plain(v)}\n" for i, v in
                                          enumerate(plain_values["metadata"]["annotations"].values())))
    expected = krm(resource_list(INSTANCETYPE + plain, MODES["inline"]))
    assert normal(load12(output)) == normal(load12(items_text(expected.stdout)))


def _plain(value: object) -> str:
    """The simplest writing of a value (the oracle, ruamel, reads both writings)."""
    if isinstance(value, float) and math.isinf(value):
        return ".inf" if value > 0 else "-.inf"
    if isinstance(value, str):
        return value if plain_ok(value) else go_double_quoted(value)
    return json.dumps(value)

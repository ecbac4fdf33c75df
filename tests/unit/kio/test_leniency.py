"""The reader accepts what go-yaml (kubectl, kustomize) accepts where YAML 1.2 and go-yaml differ:
flow nodes' continuation lines under-indented (krmfn.kio.leniency), read with go-yaml's values.

go-yaml cannot run here; its scanner is a port of libyaml's, which PyYAML's C loader runs, and
the two agree on everything these streams hold (quoted and plain scalars, flow collections, block
collections, indentation; the generated keys are unique, as go-yaml wants, and the plain scalars
read alike in YAML 1.1 and 1.2). The differential property test reads each generated stream with
both and compares the values; every difference it found is fixed at its mechanism
(krmfn.kio.leniency for what rapidyaml refused, krmfn.kio.folding for what it misread).
"""
from __future__ import annotations

import os

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from krmfn.kio import leniency, resourcelist
from krmfn.kio import tree as yt

LIBYAML = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SETTINGS = settings(max_examples=int(os.environ.get("KRMFN_EXAMPLES", "300")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

# A NetworkAttachmentDefinition as a public OpenShift Virtualization course writes it: the quoted
# JSON closes with `  }'` at the key's own column (kubectl, kustomize and PyYAML read it).
NAD = """apiVersion: k8s.cni.cncf.io/v1
kind: NetworkAttachmentDefinition
metadata:
  name: vlan-1924
  namespace: vmexamples
  annotations:
    k8s.v1.cni.cncf.io/resourceName: bridge.network.kubevirt.io/br1
spec:
  config: '{
    "cniVersion": "0.3.1",
    "name": "vlan-1924",
    "type": "cnv-bridge",
    "bridge": "br1",
    "vlan": 1924,
    "macspoofchk": true,
    "ipam": {}
  }'
"""
NAD_CONFIG = ('{ "cniVersion": "0.3.1", "name": "vlan-1924", "type": "cnv-bridge", "bridge": "br1", '
              '"vlan": 1924, "macspoofchk": true, "ipam": {} }')


def values(text: str | bytes) -> list:
    """krmfn's reading of every document, the exact walk and the fast path agreeing."""
    tree = yt.parse(text.encode() if isinstance(text, str) else text)
    exact = [yt.Walker(tree).value(document) for document in yt.documents(tree)]
    assert [yt.to_python(tree, document) for document in yt.documents(tree)] == exact
    return exact


def test_the_network_attachment_definition_of_the_issue_reads_as_kubectl_reads_it():
    assert values(NAD)[0]["spec"]["config"] == NAD_CONFIG
    assert values(NAD) == list(yaml.load_all(NAD, Loader=LIBYAML))


# (text, go-yaml's value): each flow node that go-yaml's scanner reads whatever the indentation
# of its continuation lines, where YAML 1.2 wants them deeper than the enclosing block collection.
UNDER_INDENTED = [
    ("single-quoted-at-the-keys-column", "a:\n  k: 'x\n  y'\n  z: 1\n", {"a": {"k": "x y", "z": 1}}),
    ("single-quoted-at-column-0", "a:\n  k: 'x\ny'\n  z: 1\n", {"a": {"k": "x y", "z": 1}}),
    ("top-level-key", "k: 'x\ny'\nz: 1\n", {"k": "x y", "z": 1}),
    ("double-quoted", 'a:\n  k: "x\n  y"\n', {"a": {"k": "x y"}}),
    ("double-quoted-escaped-break", 'a:\n  k: "x\\\n  y"\n', {"a": {"k": "xy"}}),
    ("double-quoted-empty-line", 'a:\n  k: "x\n\n y"\n', {"a": {"k": "x\ny"}}),
    ("a-tab-after-no-indentation", "a:\n  k: 'x\n\ty'\n", {"a": {"k": "x y"}}),
    ("a-line-of-tabs", 'a:\n  k: "x\n\t\n  y"\n', {"a": {"k": "x\ny"}}),
    ("sequence-entry", "- 'x\ny'\n- 2\n", ["x y", 2]),
    ("compact-mapping-in-a-sequence", "- k: 'x\n y'\n  z: 2\n", [{"k": "x y", "z": 2}]),
    ("indentless-sequence", "a:\n- 'x\ny'\n", {"a": ["x y"]}),
    ("value-on-the-next-line", "a:\n  k:\n    'x\n  y'\n", {"a": {"k": "x y"}}),
    ("flow-sequence-at-column-0", "a:\n  k: [1,\n2]\n  z: 1\n", {"a": {"k": [1, 2], "z": 1}}),
    ("flow-sequence-closed-at-the-keys-column", "a:\n  k: [1,\n    2\n  ]\n  z: 1\n", {"a": {"k": [1, 2], "z": 1}}),
    ("flow-mapping-closed-at-column-0", "a:\n  k: {x: 1,\n    y: 2\n}\n", {"a": {"k": {"x": 1, "y": 2}}}),
    ("plain-scalar-in-a-flow-mapping", "a:\n  k: {x: one\ntwo}\n", {"a": {"k": {"x": "one two"}}}),
    ("quoted-scalar-in-a-flow-sequence", "a:\n  k: ['x\ny', 2]\n", {"a": {"k": ["x y", 2]}}),
    ("flow-sequence-in-a-sequence", "a:\n  - [1,\n2]\n", {"a": [[1, 2]]}),
    ("a-comment-after-the-scalar", "a:\n  k: 'x\ny' # c\n  z: 1\n", {"a": {"k": "x y", "z": 1}}),
    ("crlf", "a:\r\n  k: 'x\r\n  y'\r\n  z: 1\r\n", {"a": {"k": "x y", "z": 1}}),
    ("anchored", "a:\n  k: &v 'x\ny'\n  z: *v\n", {"a": {"k": "x y", "z": "x y"}}),
    ("second-document", "a: 1\n---\nb:\n  k: [1,\n]\n", None),
]


@pytest.mark.parametrize("text, value", [row[1:] for row in UNDER_INDENTED], ids=[row[0] for row in UNDER_INDENTED])
def test_under_indented_continuation_lines_read_as_go_yaml_reads_them(text, value):
    want = list(yaml.load_all(text, Loader=LIBYAML))
    assert values(text) == want
    if value is not None:
        assert want == [value]


@pytest.mark.parametrize("text, error", [
    # go-yaml refuses a document marker at column 0 inside a quoted scalar (yaml_parser_scan_flow_scalar)
    ("k: 'x\n--- y'\n", "invalid YAML at line 2, column 1: bad indentation"),
    # and a plain scalar's continuation line not deeper than its block collection (parser.indent + 1)
    ("a:\n  k: x\n  y\n", "invalid YAML at line 4, column 1: could not find ':' colon after key"),
    # and a multi-line implicit key
    ("'a\nb': 1\n", "invalid YAML at line 2, column 5: multiline scalars cannot be used as implicit keys"),
    # libyaml refuses what else is wrong in the text: rapidyaml's error of the text as written stays
    ("a:\n  k: 'x\ny'\n b: [\n", "invalid YAML at line 3, column 1: bad indentation"),
])
def test_what_go_yaml_refuses_stays_refused_with_rapidyamls_error(text, error):
    with pytest.raises(yaml.YAMLError):
        list(yaml.load_all(text, Loader=LIBYAML))
    with pytest.raises(yt.YamlError) as raised:
        values(text)
    assert raised.value.message == error


def test_only_a_refused_text_is_relaxed_and_the_relaxed_text_maps_to_the_written_one():
    well = yt.parse(b"a:\n  k: 'x\n   y'\n")
    assert yt.relaxation(well) is None  # rapidyaml reads it as written: nothing else runs
    assert leniency.relaxed(b"a:\n  k: 'x\n   y'\n") is None  # nothing to indent
    assert leniency.relaxed(b"a: [\n") is None  # libyaml refuses it
    written = NAD.encode()
    relaxed = leniency.relaxed(written)
    assert relaxed is not None
    assert relaxed.text == written.replace(b"\n  }'", b"\n   }'")  # the one line under the key's column + 1
    assert yt.relaxation(tree := yt.parse(written)) == relaxed and tree.size() > 0
    for offset, byte in enumerate(relaxed.text):
        original = relaxed.original(offset)
        assert written[original] == byte or byte == ord(" ")
    assert relaxed.original(len(relaxed.text)) == len(written)


@st.composite
def quoted_lines(draw, single: bool) -> list[str]:
    """A quoted scalar's lines, the first with its opening quote, the last with its closing one."""
    pieces = ["a", "b", " ", "#", ":", "-", ",", "[", "]", "{", "}", "\t", "x y"]
    pieces += ["''", '"', "\\"] if single else ['\\"', "'", "\\\\", "\\t", "\\x41"]
    lines = ["".join(draw(st.lists(st.sampled_from(pieces), max_size=5))) for _ in range(draw(st.integers(2, 4)))]
    if not single and draw(st.booleans()):
        lines[draw(st.integers(0, len(lines) - 2))] += "\\"  # an escaped line break
    quote = "'" if single else '"'
    return [quote + lines[0], *lines[1:-1], lines[-1] + quote]


WORD = st.text(alphabet="abcdx#", min_size=1, max_size=4).filter(lambda word: not word.startswith("#"))
# (plain, and a string in YAML 1.1 and 1.2)
NUMBER = st.integers(0, 999).map(str)


@st.composite
def flow_tokens(draw, depth: int = 0) -> list[str]:
    """A flow collection as tokens; a line may break between any two, and a quoted token holds
    its own line breaks."""
    mapping = draw(st.booleans())
    count = draw(st.integers(0, 3))
    tokens = ["{" if mapping else "["]
    for index in range(count):
        if index:
            tokens.append(",")
        if mapping:  # unique keys: go-yaml refuses a repeated one
            key = f"{draw(WORD)}{index}"
            tokens.append(draw(st.sampled_from([key, f'"{key}"', f"'{key}'"])) + ":")
        kind = draw(st.sampled_from(["word", "number", "words", "quoted", "flow"] if depth < 2 else ["word", "quoted"]))
        if kind == "word":
            tokens.append(draw(WORD))
        elif kind == "number":
            tokens.append(draw(NUMBER))
        elif kind == "words":
            tokens.append(" ".join(draw(st.lists(WORD, min_size=2, max_size=3))))
        elif kind == "quoted":
            tokens.append("\n".join(draw(quoted_lines(draw(st.booleans())))))
        else:
            tokens.extend(draw(flow_tokens(depth + 1)))
    if count and draw(st.booleans()):
        tokens.append(",")
    tokens.append("}" if mapping else "]")
    return tokens


@st.composite
def flow_node(draw) -> list[str]:
    """One flow node over lines: a quoted or plain scalar, or a flow collection (perhaps with
    comments between its entries)."""
    kind = draw(st.sampled_from(["single", "double", "plain", "flow", "flow"]))
    if kind in ("single", "double"):
        lines = draw(quoted_lines(kind == "single"))
    elif kind == "plain":
        lines = [" ".join(draw(st.lists(WORD, min_size=1, max_size=3))) for _ in range(draw(st.integers(2, 3)))]
    else:
        lines = [""]
        for token in draw(flow_tokens()):
            first, *rest = token.split("\n")
            if lines[-1] and draw(st.integers(0, 2)) == 0:
                if draw(st.integers(0, 4)) == 0:
                    lines[-1] += " # a comment"
                lines.append(first)
            else:
                glue = "" if not lines[-1] or lines[-1].endswith(("[", "{")) or first in (",", "]", "}") else " "
                lines[-1] += glue + first
            lines.extend(rest)
    if draw(st.integers(0, 5)) == 0:
        lines[0] = f"&n{len(lines)} " + lines[0]
    return lines


@st.composite
def stream(draw) -> str:
    """Block collections holding flow nodes over several lines, each continuation line at a
    drawn indentation (any, deeper or not than YAML 1.2 wants), sometimes with a tab after it."""
    out: list[str] = []

    def place(lead: str, lines: list[str]) -> None:
        out.append(lead + lines[0])
        for line in lines[1:]:
            tab = "\t" if draw(st.integers(0, 5)) == 0 else ""
            out.append(" " * draw(st.integers(0, 8)) + tab + line)

    def mapping(column: int, level: int) -> None:
        pad = " " * column
        for index in range(draw(st.integers(1, 3))):
            key = f"k{level}{index}"
            choice = draw(st.sampled_from(["flow", "flow", "next-line", "map", "seq", "word", "block"] if level < 3
                                          else ["flow", "word", "block"]))
            if choice == "flow":
                place(f"{pad}{key}: ", draw(flow_node()))
                if draw(st.integers(0, 4)) == 0:
                    out[-1] += " # a comment"
            elif choice == "block":  # a block scalar's lines are its content: never indented anew
                out.append(f"{pad}{key}: {draw(st.sampled_from(['|', '>', '|-', '>+']))}")
                for line in draw(st.lists(st.sampled_from(["'{", '"a', "}'", "# not a comment", "", "[1,", "]"]),
                                          min_size=1, max_size=3)):
                    out.append(f"{pad}  {line}" if line else "")
            elif choice == "next-line":
                out.append(f"{pad}{key}:")
                place(" " * (column + draw(st.integers(1, 3))), draw(flow_node()))
            elif choice == "map":
                out.append(f"{pad}{key}:")
                mapping(column + draw(st.integers(1, 3)), level + 1)
            elif choice == "seq":
                out.append(f"{pad}{key}:")
                sequence(column + draw(st.integers(0, 2)), level + 1)  # 0: an indentless sequence
            else:
                out.append(f"{pad}{key}: {draw(WORD)}")

    def sequence(column: int, level: int) -> None:
        pad = " " * column
        for _ in range(draw(st.integers(1, 2))):
            choice = draw(st.sampled_from(["flow", "compact", "word"]))
            if choice == "flow":
                place(f"{pad}- ", draw(flow_node()))
            elif choice == "compact":
                place(f"{pad}- k: ", draw(flow_node()))
                out.append(f"{pad}  after: {draw(WORD)}")
            else:
                out.append(f"{pad}- {draw(WORD)}")

    documents = []
    for _ in range(draw(st.integers(1, 2))):
        out = []
        mapping(0, 0)
        documents.append("\n".join(out) + "\n")
    text = "---\n".join(documents)
    return text.replace("\n", "\r\n") if draw(st.integers(0, 5)) == 0 else text


def libyaml(text: str) -> list | None:
    try:
        return list(yaml.load_all(text, Loader=LIBYAML))
    except yaml.YAMLError:
        return None


@SETTINGS
@given(stream())
def test_every_stream_go_yaml_reads_krmfn_reads_with_the_same_values(text):
    want = libyaml(text)
    event("libyaml reads it" if want is not None else "libyaml refuses it")
    if want is None:
        return
    event("relaxed" if yt.relaxation(yt.parse(text.encode())) is not None else "read as written")
    assert values(text) == want


def as_resource_list(text: str) -> bytes:
    """The stream's first document as the one item of a ResourceList (each line two deeper)."""
    document = text.replace("\r\n", "\n").split("---\n")[0]
    lines = document.splitlines(keepends=True)
    item = "- " + lines[0] + "".join("  " + line for line in lines[1:])
    return ("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n" + item
            + "- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: after}\n").encode()


@SETTINGS
@given(stream())
def test_every_item_go_yaml_reads_is_read_with_its_bytes_as_written(text):
    data = as_resource_list(text)
    want = libyaml(data.decode())
    if want is None:
        return
    listed = resourcelist.read(data)
    assert [item.value for item in listed.items] == want[0]["items"]
    first, after = listed.items
    if first.span is not None:  # an item kpt passed unchanged goes back as these very bytes
        assert data[first.span[0] : first.span[1]] == data[data.index(b"- ") : data.index(b"- apiVersion: v1")]
        assert after.span is not None and data[after.span[0] : after.span[1]].startswith(b"- apiVersion: v1\n")

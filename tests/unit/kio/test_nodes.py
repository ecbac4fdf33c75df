"""krmfn.kio.nodes: a kustomization's node tree read by rapidyaml is PyYAML's, text and line for
text and line, and PyYAML loads only when a line is asked for."""
from __future__ import annotations

import glob
import os
import subprocess
import sys

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from krmfn.kio import lines, nodes
from tests.conftest import REPO, SHARED, requires_shared

REALWORLD = os.path.join(SHARED, "realworld")


def shape(node) -> tuple:  # type: ignore[no-untyped-def]
    """A node tree as comparable data: kind, line, text (scalars: and whether it is a block scalar)."""
    if node.id == nodes.MAPPING:
        return ("mapping", node.start_mark.line, [(shape(key), shape(value)) for key, value in node.value])
    if node.id == nodes.SEQUENCE:
        return ("sequence", node.start_mark.line, [shape(child) for child in node.value])
    return ("scalar", node.start_mark.line, node.value, node.style in nodes.BLOCK_STYLES)


def as_pyyaml(data: bytes) -> bool:
    """Whether the text was compared: not when PyYAML cannot read it (rapidyaml, as go-yaml, may),
    where a line is 0."""
    read = nodes.compose(data)
    composed = lines.compose(data)
    if not composed and read:
        return False
    assert [shape(node) for node in read] == [shape(nodes.from_pyyaml(node)) for node in composed]
    return True


KUSTOMIZATION = """apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namespace: lab   # a comment
namePrefix: "dev-"
resources:
  - vm.yaml
  - 'quoted.yaml'
  - ../base
  - https://github.com/org/repo//deploy?ref=v1
components: []
patches:
- path: patch.yaml
  target: {kind: VirtualMachine, name: web}
- patch: |-
    - op: replace
      path: /spec/runStrategy
      value: Always
  target:
    kind: VirtualMachine
- patch: >
    folded
    text
patchesStrategicMerge:
- |
  apiVersion: kubevirt.io/v1
  kind: VirtualMachine
configMapGenerator:
- name: cfg
  literals:
  - A=1
empty:
sortOptions:
  order: legacy
"""


@pytest.mark.parametrize("text", [
    KUSTOMIZATION, "resources:\n- a.yaml\n", "- a\n- b\n", "a: b\n---\nc: d\n", "", "# only a comment\n",
    "a: \"esc\\taped \\u00e9\"\nb: 'it''s'\nc: plain\n  continued\n", "a:\n  b:\n    c: [1, {d: e}]\n",
    "key: value\n...\n", "? complex\n: value\n",
    # rapidyaml reads these otherwise: PyYAML composes them
    "resources:\t\n- vm.yaml\n- missing.yaml\n", "patches:\n- path: p.yaml\n  target:\t{kind: ConfigMap}\n",
    "resources:\r- vm.yaml\r", "a: b\r\nc:\r\n- d\r\n",
])
def test_the_tree_is_pyyamls(text: str) -> None:
    assert as_pyyaml(text.encode())


def test_every_kustomization_of_the_examples() -> None:
    files = sorted(glob.glob(os.path.join(REPO, "kustomize-examples", "**", "kustomization.yaml"), recursive=True))
    assert files
    for path in files:
        with open(path, "rb") as handle:
            assert as_pyyaml(handle.read()), path


@requires_shared(REALWORLD)
def test_every_kustomization_of_the_real_world_repositories() -> None:
    files = sorted(glob.glob(os.path.join(REALWORLD, "**", "kustomization.y*ml"), recursive=True))
    compared = 0
    for path in files:
        with open(path, "rb") as handle:
            compared += as_pyyaml(handle.read())
    assert compared >= len(files) - 2, (compared, len(files))


_KEYS = st.sampled_from(["resources", "patches", "path", "target", "kind", "name", "a b", "k-1", "x.y"])
_SCALARS = st.one_of(
    st.sampled_from(["vm.yaml", "../base", "1", "true", "~", "", "a:b", "x # not a comment?", "http://h/p?q=1"]),
    # No control characters: PyYAML (YAML 1.1) refuses most of them, and reads U+0085 as a line
    # break where rapidyaml and go-yaml (1.2) read text.
    st.text(st.characters(min_codepoint=32, max_codepoint=0x2FF, blacklist_categories=("Cc", "Cs"),
                          blacklist_characters="\\\"'#:{}[],&*!|>%@`"),
            min_size=1, max_size=12).map(str.strip).filter(bool),
)


def _scalar_text(draw, value: str) -> str:  # type: ignore[no-untyped-def]
    style = draw(st.sampled_from(["plain", "single", "double"]))
    if style == "single":
        return "'" + value.replace("'", "''") + "'"
    if style == "double":
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return value if value and value.strip() == value and not value.startswith(("-", "?")) else f"'{value}'"


@st.composite
def documents(draw, depth: int = 0) -> str:  # type: ignore[no-untyped-def]
    """Block mappings and sequences of scalars, nested, with comments and blank lines."""
    lines_out = []
    indent = "  " * depth
    for key in draw(st.lists(_KEYS, min_size=1, max_size=4, unique=True)):
        kind = draw(st.sampled_from(["scalar", "list", "map", "empty", "block"] if depth < 2 else ["scalar", "list"]))
        comment = draw(st.sampled_from(["", "  # note"]))
        if kind == "scalar":
            lines_out.append(f"{indent}{key}: {_scalar_text(draw, draw(_SCALARS))}{comment}")
        elif kind == "empty":
            lines_out.append(f"{indent}{key}:{comment}")
        elif kind == "block":
            lines_out.append(f"{indent}{key}: {draw(st.sampled_from(['|', '|-', '>', '>-']))}")
            lines_out.extend(f"{indent}  {draw(_SCALARS)}" for _ in range(draw(st.integers(1, 3))))
        elif kind == "list":
            lines_out.append(f"{indent}{key}:{comment}")
            lines_out.extend(f"{indent}- {_scalar_text(draw, draw(_SCALARS))}" for _ in range(draw(st.integers(0, 3))))
        else:
            lines_out.append(f"{indent}{key}:")
            lines_out.append(draw(documents(depth + 1)))
        if draw(st.booleans()):
            lines_out.append("")
    return "\n".join(lines_out)


@settings(max_examples=400, deadline=None)
@given(documents())
def test_generated_documents_read_as_pyyaml_reads_them(text: str) -> None:
    assume(as_pyyaml((text + "\n").encode()))


def test_a_kustomization_read_loads_pyyaml_only_for_a_line() -> None:
    code = ("import sys\nfrom krmfn.kio import kustomize\n"
            f"found = kustomize.read_kustomization({os.path.join(REPO, 'kustomize-examples', 'quickstart')!r})\n"
            "assert [ref.value for ref in found.resources][-1] == 'resources/vm.yaml'\n"
            "assert 'yaml' not in sys.modules\n"
            "print(found.resources[-1].line, found.configuration[0].line, 'yaml' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    assert done.stdout.split() == ["6", "8", "True"]


def test_a_tab_after_a_colon_or_lone_carriage_returns_keep_the_kustomization(tmp_path) -> None:
    from krmfn.kio import kustomize  # noqa: PLC0415

    for index, text in enumerate([b"resources:\t\n- vm.yaml\n", b"resources:\r- vm.yaml\r"]):
        folder = tmp_path / str(index)
        folder.mkdir()
        (folder / "kustomization.yaml").write_bytes(text)
        found = kustomize.read_kustomization(str(folder))
        assert found is not None and [(ref.value, ref.line) for ref in found.resources] == [("vm.yaml", 2)]
    folder = tmp_path / "target"
    folder.mkdir()
    (folder / "kustomization.yaml").write_bytes(b"patches:\n- path: p.yaml\n  target:\t{kind: ConfigMap}\n")
    found = kustomize.read_kustomization(str(folder))
    assert found is not None and found.patches[0].target == {"kind": "ConfigMap"}


def test_outside_the_main_thread_pyyaml_composes_it() -> None:
    """kustomize's builds read kustomizations in a pool while the main thread writes findings to
    stderr: rapidyaml's reader, which silences fd 2 while it parses, is not used there."""
    import threading  # noqa: PLC0415

    found: list[tuple[nodes.Node, ...]] = []
    worker = threading.Thread(target=lambda: found.append(nodes.compose(b"resources:\n- vm.yaml\n")))
    worker.start()
    worker.join()
    in_main = nodes.compose(b"resources:\n- vm.yaml\n")
    assert [shape(node) for node in found[0]] == [shape(node) for node in in_main]
    assert found[0][0]._source is None and in_main[0]._source is not None  # PyYAML's lines, and rapidyaml's

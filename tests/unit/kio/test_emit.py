"""krmfn.kio.emit: block sequences written in a source's indentation style."""
from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings

from krmfn.kio import tree as yt
from krmfn.kio.emit import COMPACT, WIDE, UnsafeRendering, compact_sequences, dump, render_node, sequence_style
from tests.conftest import load12
from tests.unit.kio.test_roundtrip_properties import documents, normal


@pytest.mark.parametrize("text, style", [
    ("spec:\n  disks:\n  - name: a\n", COMPACT),
    ("spec:\n  disks:\n    - name: a\n", WIDE),
    ("spec:\n  disks: []\n  cpu: {cores: 1}\n", None),
    ("items:\n- a: 1\n  list:\n    - x\n", COMPACT),  # the first sequence under a key decides
    ("spec:\n  disks: # the disks\n  # first the root disk\n\n  - name: a\n", COMPACT),  # comments between
    ("spec:\n  tags: !!seq\n    - a\n", WIDE),
    # a list inside a block scalar (a cloud-config) is not the document's
    ("spec:\n  userData: |\n    packages:\n      - vim\n  disks:\n  - name: a\n", COMPACT),
    ("spec:\n  userData: |\n    packages:\n    - vim\n", None),
])
def test_sequence_style_of_a_source(text, style):
    assert sequence_style(text) == style


WIDE_TEXT = """spec:
  template:
    spec:
      domain:
        devices:
          disks:
            - name: root
              bootOrder: 1
            - name: data
          interfaces:
            - name: default
              masquerade: {}
      networks:
        - name: default
          pod: {}
      volumes:
        - name: cloudinit
          cloudInitNoCloud:
            userData: |
              #cloud-config
              packages:
                - vim
              runcmd:
              - [ls, -l]
        - name: nested
          list:
            - - a
              - b
            - tags: !!seq
                - x
  tags:
    - one"""
COMPACT_TEXT = """spec:
  template:
    spec:
      domain:
        devices:
          disks:
          - name: root
            bootOrder: 1
          - name: data
          interfaces:
          - name: default
            masquerade: {}
      networks:
      - name: default
        pod: {}
      volumes:
      - name: cloudinit
        cloudInitNoCloud:
          userData: |
            #cloud-config
            packages:
              - vim
            runcmd:
            - [ls, -l]
      - name: nested
        list:
        - - a
          - b
        - tags: !!seq
          - x
  tags:
  - one"""


def test_compact_sequences_moves_each_sequence_under_a_key_and_its_content():
    # block scalars' content moves with its key, as it is: its own lists are text
    assert compact_sequences(WIDE_TEXT) == COMPACT_TEXT
    assert load12(COMPACT_TEXT) == load12(WIDE_TEXT)
    assert compact_sequences(COMPACT_TEXT) == COMPACT_TEXT


def test_a_block_scalar_of_a_mapping_on_a_dash_line_ends_at_its_keys_column():
    # `- &a note: |`: the scalar is the key's, so `more:` (at the key's column) is not its content
    text = "list:\n  - &a note: |\n      text\n    more:\n      - x\n"
    assert compact_sequences(text) == "list:\n- &a note: |\n    text\n  more:\n  - x\n"


def test_compact_sequences_keeps_the_text_that_rapidyaml_would_not_read_back():
    # rapidyaml does not read a key opening with `-` after a compact sequence at its column:
    # the text stays wide (what is written always reads back)
    text = "name:\n  - {}\n-k:\n  - 1"
    assert compact_sequences(text) == text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents)
def test_compact_sequences_keeps_the_values_of_what_dump_and_rapidyaml_write(doc):
    texts = [dump(doc)]
    with contextlib.suppress(UnsafeRendering):  # the writer dumps such a value instead
        texts.append(render_node(yt.parse((texts[0] + "\n").encode()), 0))
    for text in texts:
        compact = compact_sequences(text)
        assert normal(load12(compact + "\n")) == normal(doc)
        assert sequence_style(compact) in (COMPACT, None) or compact == text

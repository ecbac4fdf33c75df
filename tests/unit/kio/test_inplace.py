"""krmfn.kio.inplace: changed items written back into their files, the rest of each file kept."""
from __future__ import annotations

from ruamel.yaml import YAML

from krmfn.kio.files import load_items, read_sources
from krmfn.kio.inplace import file_texts
from krmfn.model.outcome import Outcome
from tests.conftest import load12

CONFIG_MAP = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  key: |\n    line\n    line"
VM = """apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: vm
spec:
  runStrategy: Halted
  template:
    spec:
      domain:
        devices:
          disks:
          - name: root
"""


def test_a_file_ending_inside_a_block_scalar_keeps_its_value_and_its_bytes(tmp_path):
    path = tmp_path / "bundle.yaml"
    path.write_text(VM + "---\n" + CONFIG_MAP)  # no final newline: `key` is "line\nline"
    items = load_items(read_sources([str(path)]))
    assert [item.value for item in items] == [load12(VM), load12(CONFIG_MAP)]
    changed = {**items[0].value, "spec": {**items[0].value["spec"], "runStrategy": "Always"}}
    outcome = Outcome([changed, items[1].value], [0, 1], {0})
    text = file_texts(outcome, items)[str(path)]
    assert text.endswith("---\n" + CONFIG_MAP)  # the unchanged last document as it was
    new = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "new"}}
    appended = Outcome([changed, items[1].value, new], [0, 1, None], {0})
    text = file_texts(appended, items, {2: str(path)})[str(path)]
    # a document follows it now: its line break keeps the value (strip chomping)
    assert "  key: |-\n    line\n    line\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: new\n" in text
    assert [doc["data"]["key"] for doc in YAML(typ="safe", pure=True).load_all(text)
            if doc["metadata"]["name"] == "cm"] == ["line\nline"]

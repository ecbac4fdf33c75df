"""krmfn.kio.surgery: removed and added mapping entries edited in the text, the rest kept."""
from __future__ import annotations

import copy

import yaml

from krmfn.kio.surgery import edit

DOC = """\
apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: web   # the web tier
spec:
  runStrategy: Always
  template:
    spec:
      domain:
        cpu:
          sockets: 2
          cores: 1
        # memory as imported
        memory:
          guest: 8Gi
        devices:
          disks:
          - name: disk-0
            disk:
              bus: virtio
          interfaces:
          - name: net-0
            bridge: {}
            macAddress: "00:50:56:8a:3c:11"
"""


def test_removals_and_additions_keep_every_other_byte():
    old = yaml.safe_load(DOC)
    new = copy.deepcopy(old)
    domain = new["spec"]["template"]["spec"]["domain"]
    del domain["cpu"], domain["memory"], domain["devices"]["disks"][0]["disk"]
    new["spec"]["instancetype"] = {"kind": "VirtualMachineClusterInstancetype", "name": "u1.large"}
    assert edit(DOC, old, new) == """\
apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: web   # the web tier
spec:
  runStrategy: Always
  template:
    spec:
      domain:
        devices:
          disks:
          - name: disk-0
          interfaces:
          - name: net-0
            bridge: {}
            macAddress: "00:50:56:8a:3c:11"
  instancetype:
    kind: VirtualMachineClusterInstancetype
    name: u1.large
"""


def test_what_it_does_not_edit_is_none():
    old = yaml.safe_load(DOC)
    changed = copy.deepcopy(old)
    changed["spec"]["runStrategy"] = "Halted"  # a changed scalar
    assert edit(DOC, old, changed) is None
    first_key = copy.deepcopy(old)
    del first_key["spec"]["template"]["spec"]["domain"]["devices"]["disks"][0]["name"]  # on its `- ` line
    assert edit(DOC, old, first_key) is None
    flow = "a: {b: 1, c: 2}\n"
    assert edit(flow, {"a": {"b": 1, "c": 2}}, {"a": {"b": 1}}) is None


def test_added_lists_are_indented_as_the_document_indents_its_own():
    old = yaml.safe_load(DOC)
    new = copy.deepcopy(old)
    new["spec"]["template"]["spec"]["networks"] = [{"name": "net-0", "multus": {"networkName": "vlan"}}]
    added = "      networks:\n      - name: net-0\n        multus:\n          networkName: vlan\n"
    assert edit(DOC, old, new) == DOC + added  # compact, as `disks:` then `- name: disk-0`
    wide = DOC.replace("\n          - name: disk-0\n            disk:\n              bus: virtio",
                       "\n            - name: disk-0\n              disk:\n                bus: virtio")
    wide = wide.replace("\n          - name: net-0\n            bridge: {}\n            macAddress",
                        "\n            - name: net-0\n              bridge: {}\n              macAddress")
    assert edit(wide, old, new) == wide + added.replace("\n      - name", "\n        - name").replace(
        "\n        multus:\n          networkName", "\n          multus:\n            networkName")

"""krmfn.report.fit: the fit table as text, Markdown and JSON, exactly."""
from __future__ import annotations

import json
from typing import Any

from krmfn.modes.fit.table import definitions, find_preference, fit_table
from krmfn.report.fit import render


def obj(kind: str, name: str, spec: dict[str, Any], api_version: str = "instancetype.kubevirt.io/v1beta1") -> dict:
    return {"apiVersion": api_version, "kind": kind, "metadata": {"name": name}, "spec": spec}


ITEMS = [
    obj("VirtualMachineClusterInstancetype", "small", {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}}),
    obj("VirtualMachineClusterInstancetype", "big", {"cpu": {"guest": 2}, "memory": {"guest": "4Gi"}}),
    obj("VirtualMachineClusterInstancetype", "mid", {"cpu": {"guest": 2}, "memory": {"guest": "1Gi"}}),
    obj("VirtualMachineClusterInstancetype", "custom", {}, "instancetype.kubevirt.io/v1beta2"),
    obj("VirtualMachineClusterPreference", "win", {"requirements": {"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}}}),
    obj("VirtualMachineClusterPreference", "any", {}),
]
TABLE = fit_table(definitions(ITEMS, None), "sizes.yaml", "amd64")
CPU = "insufficient CPU resources of 1 vCPU provided by instance type, preference requires 2 vCPU"
MEMORY = "insufficient Memory resources of 1Gi provided by instance type, preference requires 2Gi"
BY_VM = "the VM gives its vCPUs and memory: the preference requires at least 2 vCPUs and 2Gi"


def test_the_whole_table_as_text() -> None:
    assert render(TABLE, "text") == f"""\
sizes.yaml: 4 instance types x 2 preferences
(each pair: a VM that names both and sets no vCPUs, memory or architecture of its own; cluster architecture amd64)

PREFERENCE  REQUIRES      FIT        SMALLEST THAT FITS
any         none          4/4        small
win         2 vCPUs, 2Gi  1/4 +1 VM  big

Why not, in KubeVirt's words (preferences with the same answers together):

win
  small: {CPU}
  mid: {MEMORY}
  custom: {BY_VM}
"""


def test_one_preference_as_text_fits_first_smallest_first() -> None:
    win = find_preference(TABLE, "win")
    assert not isinstance(win, str)
    assert render(TABLE, "text", win) == f"""\
win (VirtualMachineClusterPreference, bundle) requires 2 vCPUs, 2Gi: 1 of 4 instance types fit, smallest first \
(cluster architecture amd64)

FITS  INSTANCETYPE  VCPUS  MEMORY  WHY NOT
yes   big           2      4Gi
VM    custom        VM     VM      {BY_VM}
no    small         1      1Gi     {CPU}
no    mid           2      1Gi     {MEMORY}
"""


def test_markdown() -> None:
    win = find_preference(TABLE, "win")
    assert not isinstance(win, str)
    assert render(TABLE, "markdown", win).splitlines()[2:5] == [
        "| fits | instancetype | vcpus | memory | why not |", "|---|---|---|---|---|", "| yes | `big` | 2 | 4Gi |  |"]
    whole = render(TABLE, "markdown")
    assert "| `win` | 2 vCPUs, 2Gi | 1/4 +1 VM | `big` |" in whole
    assert f"**`win`**\n\n- `small`: {CPU}\n- `mid`: {MEMORY}\n" in whole


def test_json_has_every_pair_with_validates_check_and_kubevirts_message() -> None:
    doc = json.loads(render(TABLE, "json"))
    assert (doc["source"], doc["architecture"]) == ("sizes.yaml", "amd64")
    assert [it["name"] for it in doc["instancetypes"]] == ["small", "mid", "big", "custom"]
    assert doc["instancetypes"][3] == {"name": "custom", "kind": "VirtualMachineClusterInstancetype",
                                       "namespace": None, "origin": "bundle", "vcpus": None, "memory": None}
    assert doc["preferences"][1] == {"name": "win", "kind": "VirtualMachineClusterPreference", "namespace": None,
                                     "origin": "bundle", "requires": {"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}},
                                     "fits": 1, "smallest": "big"}
    assert len(doc["pairs"]) == 8
    assert doc["pairs"][4] == {"preference": "win", "instancetype": "small", "fits": False, "status": "no",
                               "check": "preference-requirements", "field": "spec.instancetype",
                               "message": f"failure checking preference requirements: {CPU}", "reason": CPU}
    assert doc["pairs"][0] == {"preference": "any", "instancetype": "small", "fits": True, "status": "fits"}
    win = find_preference(TABLE, "win")
    assert not isinstance(win, str)
    one = json.loads(render(TABLE, "json", win))
    assert [(p["instancetype"], p["status"]) for p in one["pairs"]] == [
        ("big", "fits"), ("custom", "vm"), ("small", "no"), ("mid", "no")]
    assert [p["name"] for p in one["preferences"]] == ["win"]

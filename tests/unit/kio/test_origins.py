"""Where a built object and each of its fields come from: its resource file, a patch, a generator."""
from __future__ import annotations

import os

from krmfn.kio import kustomize as kz
from krmfn.kio import origins
from krmfn.kio.files import Source, read_items

VM = """apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: {}
spec:
  runStrategy: Always
  instancetype:
    name: u1.medium
  template:
    spec:
      domain:
        devices: {{}}
"""
REPO = {
    "base/kustomization.yaml": "resources: [vms.yaml]\n",
    "base/vms.yaml": VM.format("db") + "---\n" + VM.format("web"),
    "comp/kustomization.yaml": "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n"
                               "patches:\n- path: label.yaml\n  target: {kind: VirtualMachine}\n",
    "comp/label.yaml": "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: any\n  labels:\n"
                       "    team: a\n",
    "other/kustomization.yaml": "resources: [cm.yaml]\npatches:\n- path: everything.yaml\n  target: {kind: "
                                "VirtualMachine}\n",
    "other/everything.yaml": "- op: add\n  path: /spec/running\n  value: true\n",
    "other/cm.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n",
    "overlay/kustomization.yaml": (
        "namePrefix: p-\nresources: [../base, ../other]\ncomponents: [../comp]\n"
        "configMapGenerator:\n- name: settings\n  literals: [a=b]\n"
        "patches:\n- path: size.yaml\n"
        "- target: {kind: VirtualMachine, name: db}\n  patch: |-\n    - op: replace\n"
        "      path: /spec/instancetype/name\n      value: u1.large\n"
        "    - op: add\n      path: /spec/template/spec/domain/cpu\n      value:\n        cores: 2\n"),
    "overlay/size.yaml": "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: web\nspec:\n"
                         "  runStrategy: Halted\n",
}
OUTPUT = (VM.format("p-db") + "---\n" + VM.format("p-web") + "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n"
          "  name: p-settings-abc\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: remote\n")


def built(tmp_path):
    for path, text in REPO.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    items, _ = read_items([Source("overlay", OUTPUT.encode(), in_kustomization=True)])
    found = [kz.Origin(path=str(tmp_path / "base/vms.yaml"))] * 2 + [
        kz.Origin(configured_in=str(tmp_path / "overlay/kustomization.yaml"), generator="ConfigMapGenerator"),
        kz.Origin(path="base/svc.yaml", repo="https://github.com/org/repo")]
    origins.attach(items, found, str(tmp_path / "overlay"), lambda path: os.path.relpath(path, tmp_path))
    return items


def test_each_item_is_named_by_its_resource_file_and_document(tmp_path):
    items = built(tmp_path)
    assert [(item.file, item.doc_index) for item in items] == [
        ("base/vms.yaml", 0), ("base/vms.yaml", 1), ("overlay/kustomization.yaml", 0), ("overlay", 3)]
    assert items[3].located is None  # a remote resource: the directory built, and its place in the output


def test_a_field_is_where_the_last_patch_that_writes_it_is(tmp_path):
    db, web, settings, _ = built(tmp_path)
    assert web.located.where("spec.runStrategy") == ("overlay/size.yaml", 0, 6)  # a strategic merge patch file
    assert db.located.where("spec.runStrategy") == ("base/vms.yaml", 0, 6)  # the resource file
    assert db.located.where("spec.instancetype.name") == ("overlay/kustomization.yaml", 0, 13)  # inline JSON patch
    assert db.located.where("spec.template.spec.domain.cpu.cores") == ("overlay/kustomization.yaml", 0, 17)
    assert web.located.where("metadata.labels.team") == ("comp/label.yaml", 0, 6)  # a Component's patch
    assert web.located.where("metadata.name") == ("base/vms.yaml", 1, 17)  # a patch's name only names its object
    assert db.located.where("spec.template.spec.domain.devices.disks[0]") == ("base/vms.yaml", 0, 12)  # deepest
    assert web.located.where(None) == ("base/vms.yaml", 1, 14)
    # other/everything.yaml targets every VM, but only the objects that pass through `other`
    assert db.located.where("spec.running") == ("base/vms.yaml", 0, 5)
    assert settings.located.where("data.a") == ("overlay/kustomization.yaml", 0, 5)  # the generator's entry


def test_results_get_the_file_document_and_line_of_their_field(tmp_path):
    items = built(tmp_path)
    results = [{"field": {"path": "spec.runStrategy"}, "file": {"path": "overlay", "index": 1}},
               {"field": {"path": "metadata.name"}, "file": {"path": "overlay", "index": 3}}, {"message": "x"}]
    origins.add_lines(results, items, [1, 3, None])
    assert results == [{"field": {"path": "spec.runStrategy"}, "file": {"path": "overlay/size.yaml", "index": 0,
                                                                        "line": 6},
                        "objectFile": {"path": "base/vms.yaml", "index": 1}},  # a patch wrote it: where the object is
                       {"field": {"path": "metadata.name"}, "file": {"path": "overlay", "index": 3}}, {"message": "x"}]


def test_an_object_is_found_in_a_file_of_several_by_kind_and_name(tmp_path):
    (tmp_path / "k").mkdir()
    (tmp_path / "k/kustomization.yaml").write_text("resources: [all.yaml]\n")
    (tmp_path / "k/all.yaml").write_text(VM.format("db") + "---\n" + VM.format("db-extra") + "---\n"
                                         + VM.replace("VirtualMachine\n", "VirtualMachinePool\n").format("db"))
    items, _ = read_items([Source("k", (VM.format("x-db-extra") + "---\n" + VM.format("x-db")).encode(),
                                  in_kustomization=True)])
    origins.attach(items, [kz.Origin(path=str(tmp_path / "k/all.yaml"))] * 2, str(tmp_path / "k"), str)
    assert [item.doc_index for item in items] == [1, 0]

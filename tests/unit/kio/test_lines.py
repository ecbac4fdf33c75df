from krmfn.kio.lines import line_of, split_path


def test_split_path():
    assert split_path("spec.devices.disks.0.name") == ["spec", "devices", "disks", 0, "name"]
    assert split_path("spec.disks[2].bus") == ["spec", "disks", 2, "bus"]
    assert split_path("") == []


def test_line_of_follows_the_path(tmp_path):
    f = tmp_path / "vm.yaml"
    f.write_text("a: 1\n---\n# c\nkind: VM\nspec:\n  disks:\n  - name: a\n  - name: b\n    bus: sata\n")
    assert line_of(str(f), 1, "spec.disks.1.bus") == 9
    assert line_of(str(f), 1, "spec.disks[0]") == 7
    assert line_of(str(f), 1, "spec.missing.deeper") == 5   # deepest existing node
    assert line_of(str(f), 1, None) == 4
    assert line_of(str(f), 5, "spec") is None
    assert line_of(str(tmp_path / "nope.yaml"), 0, "x") is None

from krmfn.kio.lines import document_start, duplicate_key_position, line_in, line_of, split_path


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


def test_line_in_what_was_read_is_line_of_the_same_file(tmp_path):
    """stdin has no file to open again: its lines come from the bytes read."""
    data = b"a: 1\n---\n# c\nkind: VM\nspec:\n  disks:\n  - name: a\n  - name: b\n    bus: sata\n"
    (tmp_path / "vm.yaml").write_bytes(data)
    for doc, path in ((1, "spec.disks.1.bus"), (1, "spec.missing"), (0, "a"), (1, None), (3, "spec")):
        assert line_in(data, doc, path) == line_of(str(tmp_path / "vm.yaml"), doc, path)
    assert line_in(data, 1, "spec.disks.1.bus") == 9


def test_document_start_and_duplicate_key_position():
    data = b"a: 1\n---\nkind: X\nspec:\n  list:\n  - {x: 1, x: 2}\n  b: 1\n  b: 2\n"
    assert document_start(data, 0) == (1, 1) and document_start(data, 1) == (3, 1)
    assert document_start(data, 2) is None
    # the exact reader's order: the nested mapping inside `list` is read before `b` repeats
    assert duplicate_key_position(data, 1) == (6, 12)
    assert duplicate_key_position(data, 0) is None
    merged = b"base: &b {x: 1}\nitem:\n  <<: *b\n  <<: *b\n  y: 1\n  y: 2\n"
    assert duplicate_key_position(merged, 0) == (6, 3)  # merge keys are not duplicates
    assert duplicate_key_position(b"a: [\n", 0) is None  # what PyYAML cannot read has no position

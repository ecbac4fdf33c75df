from krmfn.kio.lines import document_start, duplicate_key_position, line_in, line_of, span_line, split_path


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


def test_span_line_composes_the_document_alone_and_counts_the_lines_before_it(tmp_path):
    """A document whose bytes are known gives the same line as the whole file's composition."""
    data = b"a: 1\n---\n# c\nkind: VM\nspec:\n  disks:\n  - name: a\n  - name: b\n    bus: sata\n---\nkind: X\nb: 2\n"
    (tmp_path / "vm.yaml").write_bytes(data)
    second, third = data.index(b"# c"), data.index(b"kind: X")
    spans = {1: (second, third - len(b"---\n")), 2: (third, len(data))}
    for doc, path in ((1, "spec.disks.1.bus"), (1, "spec.missing"), (1, None), (2, "b"), (1, "spec.disks[0]")):
        assert span_line(data, spans[doc], path) == line_of(str(tmp_path / "vm.yaml"), doc, path)
    assert span_line(data, spans[1], "spec.disks.1.bus") == 9
    assert span_line(data, spans[2], "b") == 12
    assert span_line(data, spans[1], "spec.disks.1.bus") == 9  # asked again, after a later document


def test_span_line_gives_way_where_line_breaks_are_not_counted_as_bytes():
    """A lone CR is a line break to YAML: the whole text's composition is used instead (None)."""
    data = b"a: 1\r---\nkind: VM\nspec: {}\n"
    start = data.index(b"kind")
    assert span_line(data, (start, len(data)), "spec") is None
    assert span_line(b"a: [1,\n---\n", (0, 11), "a") is None  # not one document

"""`krmfn adopt --generate --write` on a copy of kustomize-examples/adopt-imported: the files it
writes are `.expected/write/`, byte for byte, and a second run changes nothing.
Regenerate with KRMFN_UPDATE_CASES=1 and review the diff."""
from __future__ import annotations

import os
import shutil

from tests.e2e.test_examples import EXAMPLES, KRMFN, expect_text, read, run

EXAMPLE = "adopt-imported"
FILES = ("resources/vsphere.yaml", "resources/ovirt.yaml")


def test_write_in_place(tmp_path):
    copy = tmp_path / EXAMPLE
    shutil.copytree(os.path.join(EXAMPLES, EXAMPLE), copy, ignore=shutil.ignore_patterns(".expected"))
    first = run([KRMFN, "adopt", "--generate", "--write", "resources"], str(copy))
    assert first.returncode == 0, first.stderr
    expect_text(EXAMPLE, "write.out", first.stdout)
    for name in FILES:
        expect_text(EXAMPLE, os.path.join("write", name), read(copy / name))
    second = run([KRMFN, "adopt", "--generate", "--write", "resources"], str(copy))
    assert second.returncode == 0
    assert [read(copy / name) for name in FILES] == [
        read(os.path.join(EXAMPLES, EXAMPLE, ".expected", "write", name)) for name in FILES]

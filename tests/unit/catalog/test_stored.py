"""The stored catalog build (krmfn.catalog.stored): current, equal to what the build makes for
every kind, stale files found, and a lookup that reads it loads no definition."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from krmfn import catalog
from krmfn.catalog import __main__ as writer
from krmfn.catalog import stored
from krmfn.catalog.build import build_instancetypes, build_preferences
from krmfn.model.kinds import INSTANCETYPE_KINDS, PREFERENCE_KINDS


def test_the_stored_files_are_current() -> None:
    assert writer.main(["--check"]) == 0


@pytest.mark.parametrize("version", catalog.CATALOG_VERSIONS)
def test_every_kind_read_back_equals_the_build(version: str) -> None:
    definition = catalog.definition(version)
    for kind in INSTANCETYPE_KINDS:
        assert catalog.instancetypes(version, kind) == build_instancetypes(definition, kind)
    for kind in PREFERENCE_KINDS:
        assert catalog.preferences(version, kind) == build_preferences(definition, kind)


def test_a_stale_or_missing_file_fails_the_check_and_is_written(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(stored, "DATA", str(tmp_path))
    monkeypatch.setattr(stored, "path_of", lambda version: str(tmp_path / f"{version}.json"))
    assert writer.main(["--check"]) == 1
    assert "stale: " in capsys.readouterr().err
    assert writer.main([]) == 0 and writer.main(["--check"]) == 0
    text = (tmp_path / "v1.7.0.json").read_text(encoding="utf-8")
    (tmp_path / "v1.7.0.json").write_text(text.replace('"u1.medium"', '"u1.mediun"'), encoding="utf-8")
    assert writer.main(["--check"]) == 1
    assert sorted(json.loads(text)) == sorted(stored.STORED_KINDS)


def test_a_lookup_reads_the_stored_build_without_the_definitions() -> None:
    code = ("import sys, krmfn.catalog as c; found = c.lookup('virtualmachineclusterinstancetype', 'u1.medium'); "
            "print(found['spec']['memory']['guest'], sorted(m for m in sys.modules if m.startswith('krmfn.catalog.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "4Gi ['krmfn.catalog.stored']"

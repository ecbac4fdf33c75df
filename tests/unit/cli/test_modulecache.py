"""krmfn.cli.modulecache: the command reads krmfn's modules from one file while their sources are
unchanged, and writes that file only when a run imported modules it did not hold."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import krmfn.kio.lines
from krmfn.cli import modulecache
from tests.conftest import REPO
from tests.unit.modes.validate.test_cli_report import BAD

# Imports two modules under a cache at sys.argv[1] and prints how each was loaded.
PROBE = """
import json, sys
from krmfn.cli import modulecache
finder = modulecache.install(sys.argv[1])
import krmfn.kio.lines, krmfn.kubevirt
from krmfn.kio.lines import split_path
print(json.dumps({
    "lines": type(krmfn.kio.lines.__spec__.loader).__name__, "lines_file": krmfn.kio.lines.__file__,
    "package": type(krmfn.kubevirt.__spec__.loader).__name__, "package_path": list(krmfn.kubevirt.__path__),
    "works": split_path("a.b[2]"), "missed": finder.missed}))
"""


def _probe(cache: str) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE, cache], capture_output=True, text=True, check=True,
                          cwd=REPO)
    return json.loads(done.stdout)


def _save(cache: str, names: list[str]) -> None:
    code = ("import importlib, sys\nfrom krmfn.cli import modulecache\n"
            "modulecache.save(sys.argv[1], [importlib.import_module(name) for name in sys.argv[2:]])\n")
    subprocess.run([sys.executable, "-c", code, cache, *names], check=True, cwd=REPO)


def test_modules_the_cache_holds_load_from_it(tmp_path):
    cache = str(tmp_path / "modules.bin")
    _save(cache, ["krmfn.kio", "krmfn.kio.lines", "krmfn.model", "krmfn.model.lazy_re", "krmfn.kubevirt"])
    seen = _probe(cache)
    assert (seen["lines"], seen["package"]) == ("_Loader", "_Loader")
    assert seen["lines_file"] == os.path.join(REPO, "krmfn", "kio", "lines.py")
    assert seen["package_path"] == [os.path.join(REPO, "krmfn", "kubevirt")]
    assert seen["works"] == ["a", "b", 2]
    assert seen["missed"] is False  # nothing else of krmfn was imported


def test_a_changed_source_and_another_python_are_not_read(tmp_path):
    cache = str(tmp_path / "modules.bin")
    source = os.path.join(REPO, "krmfn", "kio", "lines.py")
    stat = os.stat(source)
    code = modulecache._entry(krmfn.kio.lines)
    assert code is not None
    modulecache._write(cache, {"krmfn.kio.lines": (source, stat.st_mtime_ns + 1, stat.st_size, False, code[4])})
    seen = _probe(cache)
    assert seen["lines"] == "SourceFileLoader" and seen["missed"] is True and seen["works"] == ["a", "b", 2]

    other = tmp_path / "other.bin"
    written = (tmp_path / "modules.bin").read_bytes()
    other.write_bytes(b"krmfn-modules 1 cpython-27\n" + written[len(modulecache.HEADER):])
    assert modulecache._read(str(other)) is None


def test_the_command_writes_the_cache_once_and_only_when_python_writes_bytecode(tmp_path):
    """The first run writes it, the next reads it and writes nothing, and the output is the same;
    under PYTHONDONTWRITEBYTECODE nothing is written."""
    (tmp_path / "bad.yaml").write_text(BAD)
    cache = tmp_path / "modules.bin"
    code = ("import sys\nfrom krmfn.cli import modulecache\n"
            f"modulecache.FILE = {str(cache)!r}\n"
            "sys.argv = ['krmfn', 'validate', 'bad.yaml']\n"
            "from krmfn.cli.main import entry\nentry()\n")
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}

    def run(environment: dict[str, str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                              check=False, env=environment)

    quiet = run({**env, "PYTHONDONTWRITEBYTECODE": "1"})
    assert not cache.exists()
    first = run(env)
    written = cache.stat()
    second = run(env)
    assert cache.stat().st_mtime_ns == written.st_mtime_ns  # nothing missed: not written again
    assert quiet.returncode == first.returncode == second.returncode == 1
    assert quiet.stdout == first.stdout == second.stdout and "bad.yaml" in first.stdout
    finder = modulecache._read(str(cache))
    assert finder is not None and "krmfn.modes.validate.mode" in finder.index and "krmfn.cli.main" in finder.index


def test_a_damaged_cache_is_not_used(tmp_path):
    """A cache cut short, or with its code overwritten, is read as far as it is sound: the modules
    whose code cannot be read are imported as Python always does."""
    cache = str(tmp_path / "modules.bin")
    _save(cache, ["krmfn.kio", "krmfn.kio.lines", "krmfn.model", "krmfn.model.lazy_re", "krmfn.kubevirt"])
    written = (tmp_path / "modules.bin").read_bytes()
    cut = tmp_path / "cut.bin"
    cut.write_bytes(written[:len(written) - 200])
    seen = _probe(str(cut))
    assert seen["works"] == ["a", "b", 2] and seen["missed"] is True
    scrambled = tmp_path / "scrambled.bin"
    index_end = len(modulecache.HEADER) + 8 + int.from_bytes(written[len(modulecache.HEADER):][:8], "little")
    scrambled.write_bytes(written[:index_end] + bytes(len(written) - index_end))
    seen = _probe(str(scrambled))
    assert (seen["lines"], seen["package"]) == ("SourceFileLoader", "SourceFileLoader")
    assert seen["works"] == ["a", "b", 2] and seen["missed"] is True


def test_a_run_with_an_unreadable_index_still_succeeds_and_replaces_it(tmp_path):
    """An index whose entries are not what krmfn writes: the run's output and exit code are its
    own, and the cache is written again, whole."""
    (tmp_path / "bad.yaml").write_text(BAD)
    cache = tmp_path / "modules.bin"
    import marshal  # noqa: PLC0415
    index = marshal.dumps({"krmfn.kio.lines": ("x", 1, 2, False)})
    cache.write_bytes(modulecache.HEADER + len(index).to_bytes(8, "little") + index)
    code = ("import sys\nfrom krmfn.cli import modulecache\n"
            f"modulecache.FILE = {str(cache)!r}\n"
            "sys.argv = ['krmfn', 'validate', 'bad.yaml']\n"
            "from krmfn.cli.main import entry\nentry()\n")
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=False,
                          env=env)
    assert done.returncode == 1 and "Traceback" not in done.stderr and "bad.yaml" in done.stdout
    finder = modulecache._read(str(cache))
    assert finder is not None and "krmfn.modes.validate.mode" in finder.index


def test_the_optimization_level_has_its_own_cache() -> None:
    code = "from krmfn.cli import modulecache; print(modulecache.FILE); print(modulecache.HEADER)"
    plain, optimized = (subprocess.run([sys.executable, *flags, "-c", code], capture_output=True, text=True,
                                       check=True, cwd=REPO).stdout for flags in ([], ["-OO"]))
    assert plain != optimized and ".opt-2.bin" in optimized and ".opt-" not in plain

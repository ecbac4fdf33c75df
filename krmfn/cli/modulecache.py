"""krmfn's own compiled modules in one file, for the ``krmfn`` command's start-up.

A one-VM run imports about 220 of krmfn's modules. Python finds and reads each one's ``.pyc`` on
its own: about 30 microseconds a module, 7 ms a run, a tenth of a one-VM run (bench/README.md,
"Start-up"). This cache holds the same compiled code in one file beside the ``.pyc`` files,
``krmfn/__pycache__/krmfn-modules.<python>.bin``, whose index the command reads when it starts;
each module's code is read from it when the module is imported.

Trust and staleness are the ``.pyc`` files' own:

* The cache lives in krmfn's own ``__pycache__`` and is written from krmfn's own ``.pyc`` files (or
  its sources), by the ``krmfn`` command when a run imported modules it did not hold, and not when
  Python writes no bytecode (``PYTHONDONTWRITEBYTECODE``, ``-B``);
  ``python -m krmfn.cli.modulecache`` writes it whole (the container image does, at build time).
* A module's entry is used only while its source has the modification time and size it had when
  the entry was written; otherwise, and for a module the cache does not hold or whose entry cannot
  be read, Python's own import runs. A cache of another Python build or optimization level is
  never read, and a file cut short gives short reads, never a crash.
* The file is replaced whole (written beside it, then renamed), never rewritten in place: a run
  that opened the old one keeps reading it. A cache that cannot be written is no cache, never a
  failed run.

Only the command uses it (``krmfn.cli.main.entry``): ``import krmfn`` in a program of one's own
does not.
"""
from __future__ import annotations

import marshal
import os
import sys
from types import CodeType

# importlib.machinery's ModuleSpec, from the import system's own frozen module: importing
# importlib.machinery would load importlib and warnings, which the command does not otherwise use.
from _frozen_importlib import ModuleSpec

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # krmfn/
# One file for each Python build and optimization level (`-O`, `-OO`), as `.pyc` files are named.
_LEVEL = f".opt-{sys.flags.optimize}" if sys.flags.optimize else ""
FILE = os.path.join(PACKAGE, "__pycache__", f"krmfn-modules.{sys.implementation.cache_tag}{_LEVEL}.bin")
# The code objects are the interpreter's own: a cache of another build or level is not read.
HEADER = f"krmfn-modules {sys.hexversion} {sys.implementation.cache_tag}{_LEVEL}\n".encode()
_PREFIX = "krmfn."

# name -> (source path, source mtime_ns, source size, is package, offset, length); the offsets
# count from the end of the index.
Index = dict


class _Loader:
    """Executes one module's code from the cache (``importlib.abc.Loader``'s two methods)."""

    __slots__ = ("code",)

    def __init__(self, code: CodeType) -> None:
        self.code = code

    def create_module(self, spec: Any) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        exec(self.code, module.__dict__)


class CacheFinder:
    """The meta path finder that answers for the modules the cache holds, while their sources are
    unchanged. ``missed`` says whether a krmfn module was imported without it."""

    def __init__(self, index: Index, descriptor: int | None = None, base: int = 0) -> None:
        self.index = index
        self.descriptor = descriptor  # the cache file, open for the run; its code starts at ``base``
        self.base = base
        self.missed = False

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if not name.startswith(_PREFIX):
            return None
        code = self._code(name)
        if code is None:
            self.missed = True
            return None
        source, package = self.index[name][0], self.index[name][3]
        loader: Any = _Loader(code)
        spec = ModuleSpec(name, loader, origin=source, is_package=package)
        spec.has_location = True
        if package:
            spec.submodule_search_locations = [os.path.dirname(source)]
        return spec

    def _code(self, name: str) -> CodeType | None:
        """The module's code, while its source is unchanged; None for anything else, a damaged
        entry included (Python's own import then runs)."""
        try:
            source, mtime, size, _, offset, length = self.index[name]
            stat = os.stat(source)
            if stat.st_mtime_ns != mtime or stat.st_size != size:
                return None
            code = marshal.loads(self.read(offset, length))
        except (KeyError, OSError, ValueError, TypeError, EOFError):
            return None
        return code if isinstance(code, CodeType) else None

    def read(self, offset: int, length: int) -> bytes:
        """An entry's code bytes (read, not mapped: a file cut short meanwhile gives short bytes)."""
        if self.descriptor is None:
            raise ValueError("no cache")
        data = os.pread(self.descriptor, length, self.base + offset)
        if len(data) != length:
            raise ValueError("the cache file is shorter than its index says")
        return data


def install(path: str | None = None) -> CacheFinder:
    """Put the cache's finder (``FILE``'s, or ``path``'s) first on ``sys.meta_path``; with no usable
    cache it holds nothing, and notes what is imported without it."""
    finder = _read(path or FILE) or CacheFinder({})
    sys.meta_path.insert(0, finder)
    return finder


def _read(path: str) -> CacheFinder | None:
    try:
        descriptor = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        head = os.pread(descriptor, len(HEADER) + 8, 0)
        size = int.from_bytes(head[len(HEADER):], "little")
        if head[:len(HEADER)] == HEADER and len(head) == len(HEADER) + 8:
            index = marshal.loads(os.pread(descriptor, size, len(HEADER) + 8))
            if isinstance(index, dict):
                return CacheFinder(index, descriptor, len(HEADER) + 8 + size)
    except (OSError, EOFError, ValueError, TypeError):
        pass
    os.close(descriptor)
    return None


def save_if_missed(finder: CacheFinder | None, path: str | None = None) -> None:
    """After a run that imported krmfn modules the cache did not hold: the cache again, with every
    krmfn module now loaded and every entry it held. Nothing when Python writes no bytecode."""
    if finder is None or not finder.missed or sys.dont_write_bytecode:
        return
    path = path or FILE
    folder = os.path.dirname(path)
    if not os.access(folder if os.path.isdir(folder) else os.path.dirname(folder), os.W_OK):
        return  # an install this user cannot write to: not a run's worth of reading .pyc files each time
    modules = [module for name, module in list(sys.modules.items()) if name == "krmfn" or name.startswith(_PREFIX)]
    try:
        save(path, modules, finder)
    except Exception:  # noqa: BLE001 - a cache that cannot be written is no cache, never a failed run
        return


def save(path: str, modules: list[ModuleType], finder: CacheFinder | None = None) -> None:
    """Write the cache for ``modules`` (and ``finder``'s entries that are still current)."""
    entries: dict[str, tuple[str, int, int, bool, bytes]] = {}
    for name, entry in (finder.index if finder is not None else {}).items():
        try:
            source, mtime, size, package, offset, length = entry
            entries[name] = (source, mtime, size, package, finder.read(offset, length))  # type: ignore[union-attr]
        except (TypeError, ValueError, OSError):
            continue  # an entry that cannot be read: the module's own, if this run imported it
    for module in modules:
        entry = _entry(module)
        if entry is not None:
            entries[module.__name__] = entry
    for name in [name for name, (source, mtime, size, _, _) in entries.items() if not _current(source, mtime, size)]:
        del entries[name]
    _write(path, entries)


def _current(source: str, mtime: int, size: int) -> bool:
    try:
        stat = os.stat(source)
    except OSError:
        return False
    return stat.st_mtime_ns == mtime and stat.st_size == size


def _entry(module: ModuleType) -> tuple[str, int, int, bool, bytes] | None:
    """A module's source, its stat and its code (from its ``.pyc`` when that is current, else
    compiled from the source as Python would)."""
    source = getattr(module, "__file__", None)
    if not source or not source.endswith(".py"):
        return None
    try:
        stat = os.stat(source)
        code = _pyc_code(source, stat)
        if code is None:
            with open(source, "rb") as handle:
                code = marshal.dumps(compile(handle.read(), source, "exec", dont_inherit=True))
    except (OSError, SyntaxError, ValueError):
        return None
    return source, stat.st_mtime_ns, stat.st_size, hasattr(module, "__path__"), code


def _pyc_code(source: str, stat: os.stat_result) -> bytes | None:
    from importlib.util import MAGIC_NUMBER, cache_from_source  # noqa: PLC0415 - writing only

    try:
        with open(cache_from_source(source), "rb") as handle:
            pyc = handle.read()
    except OSError:
        return None
    flags = int.from_bytes(pyc[4:8], "little")
    if pyc[:4] != MAGIC_NUMBER or flags != 0:  # a hash-based .pyc: compile instead
        return None
    if int.from_bytes(pyc[8:12], "little") != int(stat.st_mtime) & 0xFFFFFFFF \
            or int.from_bytes(pyc[12:16], "little") != stat.st_size & 0xFFFFFFFF:
        return None
    return pyc[16:]


def _write(path: str, entries: dict[str, tuple[str, int, int, bool, bytes]]) -> None:
    """Header, the index's length and the index, then the code; written beside and renamed over the
    old cache, so that a run reading it meanwhile sees the one or the other whole."""
    index: Index = {}
    chunks: list[bytes] = []
    offset = 0
    for name, (source, mtime, size, package, code) in sorted(entries.items()):
        chunks.append(code)
        index[name] = (source, mtime, size, package, offset, len(code))
        offset += len(code)
    encoded = marshal.dumps(index)
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temporary, "wb") as handle:
            handle.write(HEADER + len(encoded).to_bytes(8, "little") + encoded)
            handle.writelines(chunks)
        os.replace(temporary, path)
    except OSError:
        import contextlib  # noqa: PLC0415 - a failed write only (a run does without it)

        with contextlib.suppress(OSError):
            os.unlink(temporary)


def _all_modules() -> list[ModuleType]:
    """Every module of the package, imported (for ``python -m krmfn.cli.modulecache``)."""
    import importlib  # noqa: PLC0415
    import pkgutil  # noqa: PLC0415

    import krmfn  # noqa: PLC0415

    modules = [krmfn]
    for info in pkgutil.walk_packages(krmfn.__path__, _PREFIX):
        if info.name.endswith("__main__"):
            continue
        modules.append(importlib.import_module(info.name))
    return modules


if __name__ == "__main__":
    save(FILE, _all_modules())
    print(FILE)

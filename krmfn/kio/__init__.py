"""The I/O layer: the only code that parses or writes YAML, reads files and stdin, and runs
kustomize or git. It hands the modes plain values and writes what they return, byte for byte where
a mode changed nothing (docs/fidelity.md). It never imports a mode or a report."""
from __future__ import annotations

import sys
from types import ModuleType


def _import_ryml() -> None:
    """Import rapidyaml with a stand-in for ``deprecation``: its wrapper imports that module (and
    through it ``packaging``: four modules, a few ms of a one-VM run's start-up) only to decorate its
    old function names, which krmfn never calls. The real module stays importable for anyone else;
    should the wrapper want more of it, the I/O modules' own ``import ryml`` loads it as usual."""
    if "ryml" in sys.modules or "deprecation" in sys.modules:
        return
    stand_in = ModuleType("deprecation")
    stand_in.deprecated = lambda **_: (lambda function: function)  # type: ignore[attr-defined]
    sys.modules["deprecation"] = stand_in
    try:
        import ryml  # noqa: F401, PLC0415
    except ImportError:
        pass  # the I/O modules' own `import ryml` tries again, with the real module
    finally:
        if sys.modules.get("deprecation") is stand_in:
            del sys.modules["deprecation"]


_import_ryml()

"""Start-up conventions (CONTRIBUTING.md, "Conventions"): no module of the package imports
``dataclasses`` or compiles a pattern at module level (``re.compile``; a ``LazyPattern`` compiles
on first use). Both cost a one-VM run time at start-up (bench/README.md, "Start-up"); that a
one-VM run does not load ``typing`` is test_import_budget.py's."""
from __future__ import annotations

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[3] / "krmfn"


def _sources() -> list[pathlib.Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _module_level(tree: ast.Module) -> list[ast.stmt]:
    """The statements run at import, outside ``if TYPE_CHECKING:`` blocks."""
    out: list[ast.stmt] = []
    pending = list(tree.body)
    while pending:
        node = pending.pop(0)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            pending[:0] = node.orelse
            continue
        out.append(node)
        if isinstance(node, (ast.If, ast.Try, ast.With)):
            pending[:0] = [*node.body, *getattr(node, "orelse", []), *getattr(node, "finalbody", []),
                           *(stmt for handler in getattr(node, "handlers", []) for stmt in handler.body)]
    return out


def _run_at_import(node: ast.AST) -> list[ast.AST]:
    """The nodes of a module-level statement that run when the module is imported: not the bodies
    of functions and lambdas (a class body runs)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return [*node.decorator_list] if not isinstance(node, ast.Lambda) else []
    return [node, *(found for child in ast.iter_child_nodes(node) for found in _run_at_import(child))]


def _violations(path: pathlib.Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(alias.name == "dataclasses" for alias in node.names) \
                or isinstance(node, ast.ImportFrom) and node.module == "dataclasses":
            found.append(f"line {node.lineno}: imports dataclasses")
    for node in _module_level(tree):
        for call in (sub for sub in _run_at_import(node) if isinstance(sub, ast.Call)):
            func = call.func
            if isinstance(func, ast.Attribute) and func.attr == "compile" and isinstance(func.value, ast.Name) \
                    and func.value.id == "re":
                found.append(f"line {call.lineno}: re.compile at module level")
    return found


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_a_module_costs_start_up_only_what_it_uses(path: pathlib.Path) -> None:
    assert _violations(path) == []

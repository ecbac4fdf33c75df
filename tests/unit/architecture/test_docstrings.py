"""Prose in the code cannot drift silently: every package says what it holds, and every
``krmfn.…`` name and every ``docs/…`` page (and anchor) the docstrings and comments cite exists.

Package docstrings do not list their modules (a list goes stale); they name what the package
mirrors. A dotted name resolves to a module, or to a name a module defines at its top level.
"""
from __future__ import annotations

import ast
import io
import pathlib
import re
import tokenize

import pytest

from tests.unit.architecture.test_import_graph import PACKAGE, module_names
from tests.unit.cli.test_docs import github_anchors

REPO = PACKAGE.parent
DOTTED = re.compile(r"\bkrmfn(?:\.[A-Za-z_]\w*)+")
DOCS_REF = re.compile(r"\b(docs/[\w./-]+\.md)(#[\w-]+)?")


def prose(path: pathlib.Path) -> str:
    """The docstrings (every string statement) and comments of a module."""
    source = path.read_text(encoding="utf-8")
    parts = [node.value.value for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Expr)
             and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)]
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    parts += [tok.string for tok in tokens if tok.type == tokenize.COMMENT]
    return "\n".join(parts)


def top_level_names(path: pathlib.Path) -> set[str]:
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for target in targets for t in ast.walk(target) if isinstance(t, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return names


def resolves(name: str, modules: dict[str, pathlib.Path]) -> bool:
    name = name.rstrip(".")
    if name in modules:
        return True
    parent, _, attr = name.rpartition(".")
    while parent and parent not in modules:
        parent, _, attr = parent.rpartition(".")
    if not parent:
        return False
    return attr.split(".")[0] in top_level_names(modules[parent])


MODULES = module_names()


def test_every_package_has_a_docstring() -> None:
    missing = sorted(name for name, path in MODULES.items()
                     if path.name == "__init__.py" and not ast.get_docstring(ast.parse(path.read_text())))
    assert missing == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_cited_names_and_pages_exist(name: str) -> None:
    text = prose(MODULES[name])
    files = ("krmfn.dev", ".yaml", ".yml")  # the annotation group and config files, not modules
    stale = [ref for ref in DOTTED.findall(text) if not (ref.startswith(files[0]) or ref.endswith(files[1:]))
             and not resolves(ref, MODULES)]
    for page, anchor in DOCS_REF.findall(text):
        target = REPO / page
        if not target.is_file() or (anchor and anchor[1:] not in github_anchors(target.read_text(encoding="utf-8"))):
            stale.append(page + anchor)
    assert stale == []

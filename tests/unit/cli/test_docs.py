"""The generated pages of docs/ are what the code says (``python -m krmfn.cli.docs --check``), every
relative link between the docs resolves, and each check's help URL is its page."""
from __future__ import annotations

import os
import re

from krmfn.cli import docs
from krmfn.cli.rules import NORMALIZE_RULES
from tests.conftest import REPO

LINK = re.compile(r"\]\(([^)\s]+)\)")


def markdown_files() -> list[str]:
    found = [os.path.join(REPO, name) for name in ("README.md", "CONTRIBUTING.md") if os.path.exists(
        os.path.join(REPO, name))]
    for folder in ("docs", "bench"):
        for root, _, names in os.walk(os.path.join(REPO, folder)):
            found += [os.path.join(root, name) for name in names if name.endswith(".md")]
    return sorted(found)


def github_anchors(text: str) -> set[str]:
    anchors = set(re.findall(r'<a id="([^"]+)"', text))
    for heading in re.findall(r"^#+ (.+)$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        anchors.add(slug)
    return anchors


def test_generated_pages_are_current() -> None:
    assert docs.stale(REPO) == [], "regenerate with: python -m krmfn.cli.docs"


def test_the_stale_check_sees_a_changed_page(tmp_path) -> None:
    for path, text in docs.pages(REPO).items():
        os.makedirs(tmp_path / os.path.dirname(path), exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    assert docs.stale(str(tmp_path)) == []
    (tmp_path / "docs" / "checks" / "conflict.md").write_text("edited by hand\n", encoding="utf-8")
    (tmp_path / "docs" / "checks" / "gone.md").write_text("a check that no longer exists\n", encoding="utf-8")
    assert docs.stale(str(tmp_path)) == [os.path.join("docs", "checks", "conflict.md"),
                                         os.path.join("docs", "checks", "gone.md")]


def test_every_help_uri_is_a_generated_page() -> None:
    generated = docs.pages(REPO)
    for rule in NORMALIZE_RULES:
        assert rule.help_uri == f"https://github.com/krmfn/krmfn/blob/main/docs/checks/{rule.id}.md"
        assert os.path.join("docs", "checks", f"{rule.id}.md") in generated


def test_every_relative_link_resolves() -> None:
    broken = []
    for path in markdown_files():
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue
            file_part, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            if not os.path.exists(resolved):
                broken.append(f"{os.path.relpath(path, REPO)}: {target}")
            elif anchor and os.path.isfile(resolved):
                with open(resolved, encoding="utf-8") as handle:
                    if anchor not in github_anchors(handle.read()):
                        broken.append(f"{os.path.relpath(path, REPO)}: {target}")
    assert broken == []

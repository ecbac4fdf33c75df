"""What the reports and `krmfn checks` say about a check, and its help URL (its page in docs/checks/).

krmfn.cli.rules builds the rules of validate's checks from their modules (the I/O layer does not import
validate) and the `input` check's from krmfn.kio.files, where its findings are made.
"""
from __future__ import annotations

from krmfn.model.record import record


HELP_BASE = "https://github.com/krmfn/krmfn/blob/main/docs/checks"
INFORMATION_URI = "https://github.com/krmfn/krmfn"


@record(frozen=True)
class Rule:
    id: str
    severity: str
    summary: str
    mirrors: str
    fix: str
    description: str  # the docstring's prose, before the examples
    passing: str = ""  # YAML, dedented
    failing: str = ""

    @property
    def help_uri(self) -> str:
        return help_uri(self.id)


def help_uri(check: str) -> str:
    return f"{HELP_BASE}/{check}.md"

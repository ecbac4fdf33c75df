"""What the reports and `krmfn checks` say about a check, and its help URL (the README anchor).

krmfn.docs builds the rules of validate's checks from their modules (the I/O layer does not import
validate); the CLI's own `input` check is described here.
"""
from __future__ import annotations

from dataclasses import dataclass

HELP_BASE = "https://github.com/krmfn/krmfn/blob/main/README.md"
INFORMATION_URI = "https://github.com/krmfn/krmfn"


@dataclass(frozen=True)
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
    return f"{HELP_BASE}#check-{check}"


# The CLI's `input` check (issue 15, shared contract 1) is produced by the file reader
# (krmfn.kio.files); this entry describes it until that module carries the text itself.
INPUT = Rule(
    id="input",
    severity="error",
    summary="a file that cannot be read or is not Kubernetes YAML (CLI only; the rest of the run goes on)",
    mirrors="none: what kubectl apply -f would refuse before anything reaches KubeVirt",
    fix="Fix the YAML at the line and column given, or leave the file out with --exclude if it is not a "
        "Kubernetes manifest (a Helm template, an Ansible playbook).",
    description="input: a file under the given paths cannot be read, or is not Kubernetes YAML (invalid YAML, "
                "duplicate keys, a template, a document that is not a mapping). It becomes one finding with "
                "the file, line and column; every other file is still checked.",
)

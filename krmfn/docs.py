"""The README's generated tables (options, checks, generate's findings, the catalog), from their
one source each; tests keep the README in step. Regenerate with ``python -m krmfn.docs``."""
from __future__ import annotations

from krmfn import catalog
from krmfn.generate import FINDINGS as GENERATE_FINDINGS
from krmfn.model.options import OPTIONS
from krmfn.validate.checks import CHECKS


def _default(value: object) -> str:
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    return '`""`' if value == "" else f"`{value}`"


def options_table() -> str:
    lines = [
        "| option (ConfigMap key / spec field) | CLI flag | modes | default | example | what it does |",
        "|---|---|---|---|---|---|",
    ]
    for option in OPTIONS:
        lines.append(f"| `{option.name}` | `{option.flag}` | {', '.join(option.modes)} | {_default(option.default)} "
                     f"| `{option.example}` | {option.help} |")
    return "\n".join(lines) + "\n"


def checks_table() -> str:
    lines = ["| ID | severity | what it catches | KubeVirt behaviour it mirrors |", "|---|---|---|---|"]
    for check in CHECKS:
        lines.append(f"| `{check.ID}` | {check.SEVERITY} | {check.SUMMARY} | {check.MIRRORS} |")
    return "\n".join(lines) + "\n"


def generate_findings_table() -> str:
    lines = ["| ID | severity | when |", "|---|---|---|"]
    for finding_id, severity, summary in GENERATE_FINDINGS:
        lines.append(f"| `{finding_id}` | {severity} | {summary} |")
    return "\n".join(lines) + "\n"


def catalog_table() -> str:
    lines = ["| name | class | vCPUs | memory | notable features |", "|---|---|---:|---|---|"]
    for row in catalog.table(catalog.DEFAULT_VERSION):
        lines.append(f"| `{row['name']}` | {row['class']} | {row['vcpus']} | {row['memory']} | "
                     f"{', '.join(row['features'])} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover
    print(options_table())
    print(checks_table())
    print(generate_findings_table(), end="")

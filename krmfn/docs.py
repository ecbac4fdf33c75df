"""The README's generated tables (options, checks, generate's findings, the catalog), from their
one source each; tests keep the README in step. Regenerate with ``python -m krmfn.docs``."""
from __future__ import annotations

import inspect
import re
from types import ModuleType

from krmfn import catalog
from krmfn.generate import FINDINGS as GENERATE_FINDINGS
from krmfn.kio import files as input_check
from krmfn.kio.rules import Rule
from krmfn.model.options import OPTIONS
from krmfn.normalize import NORMALIZE_CHECK
from krmfn.validate.checks import CHECKS

_EXAMPLE = re.compile(r"^(Passing|Failing) example[^\n]*::\n\n((?:    .*\n|\n)+)", re.M)


def _default(value: object) -> str:
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    return '`""`' if value == "" else f"`{value}`"


def rule_of(check: ModuleType) -> Rule:
    """A check module's documentation: its constants, and its docstring's prose and examples."""
    doc = inspect.cleandoc(check.__doc__ or "") + "\n"
    examples = {kind: "\n".join(line[4:] for line in body.splitlines()).strip("\n") + "\n"
                for kind, body in _EXAMPLE.findall(doc)}
    prose = _EXAMPLE.split(doc, maxsplit=1)[0].strip()
    return Rule(check.ID, check.SEVERITY, check.SUMMARY, check.MIRRORS, check.FIX, prose,
                examples.get("Passing", ""), examples.get("Failing", ""))


# Every check the CLI can report: validate's, then the file reader's `input`.
INPUT = Rule(input_check.INPUT_CHECK, input_check.INPUT_SEVERITY, input_check.INPUT_SUMMARY, input_check.INPUT_MIRRORS,
             input_check.INPUT_FIX[0].upper() + input_check.INPUT_FIX[1:] + ".",
             "input: a file under the given paths cannot be read, or is not Kubernetes YAML. It becomes one "
             "finding with the file, line and column; every other file is still checked (CLI only: the KRM "
             "function refuses a broken ResourceList as a whole).",
             input_check.INPUT_PASSING, input_check.INPUT_FAILING)
RULES: tuple[Rule, ...] = (*(rule_of(check) for check in CHECKS), INPUT)
# `normalize --check` reports its own check besides the admission checks of validate; the checks
# table and `krmfn checks` list validate's, `krmfn checks normalize` explains it.
_STORED_VM = ("apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata: {name: vm}\nspec:\n  runStrategy: Halted\n"
              "  template:\n    metadata:\n      annotations: {kubevirt.io/pci-topology-version: v3}\n    spec:\n"
              "      architecture: amd64\n      domain:\n        devices: {}\n        machine: {type: q35}\n"
              "        resources: {}\n")
NORMALIZE = Rule(NORMALIZE_CHECK, "error",
                 "a VirtualMachine field that KubeVirt's mutating webhook stores differently from the source",
                 "the VM mutating webhook (vm-mutator.go, pkg/instancetype/webhooks/vm/mutator.go, "
                 "SetVirtualMachineDefaults) and its Go encoding of the spec",
                 "Run krmfn normalize (or kpt fn eval --exec krmfn -- mode=normalize) and commit the result.",
                 "normalize: the source of a VM differs from what KubeVirt stores after its mutating webhook, so a "
                 "GitOps tool shows drift (see \"normalize\").",
                 _STORED_VM,
                 "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata: {name: vm}\nspec:\n"
                 "  runStrategy: Halted\n  template:\n    spec:\n      domain:\n        devices: {}\n")
NORMALIZE_RULES: tuple[Rule, ...] = (*RULES, NORMALIZE)
RULE_BY_ID: dict[str, Rule] = {rule.id: rule for rule in NORMALIZE_RULES}


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
    """One row per check, with the anchor its help URL points to (`#check-<id>`)."""
    lines = ["| ID | severity | what it catches | KubeVirt behaviour it mirrors | how to fix |",
             "|---|---|---|---|---|"]
    for rule in RULES:
        lines.append(f'| <a id="check-{rule.id}"></a>`{rule.id}` | {rule.severity} | {rule.summary} | {rule.mirrors} '
                     f"| {rule.fix} |")
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

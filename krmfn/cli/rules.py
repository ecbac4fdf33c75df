"""The rules the CLI and the reports describe: one per check, read from the check modules.

validate's checks (each module's constants, and its docstring's prose and examples), the file
reader's ``input`` check (``krmfn.kio.files``) and ``normalize --check``'s own. ``krmfn checks``,
the SARIF and JUnit reports and the generated docs (``krmfn.cli.docs``) read them from here.
"""
from __future__ import annotations

import inspect
import re
from types import ModuleType

from krmfn.kio import files as input_check
from krmfn.model import check_ids
from krmfn.report.rules import Rule
from krmfn.modes.normalize.mode import NORMALIZE_CHECK
from krmfn.modes.validate.checks import CHECKS

_EXAMPLE = re.compile(r"^(Passing|Failing) example[^\n]*::\n\n((?:    .*\n|\n)+)", re.M)


def rule_of(check: ModuleType) -> Rule:
    """A check module's documentation: its constants, and its docstring's prose and examples."""
    doc = inspect.cleandoc(check.__doc__ or "") + "\n"
    examples = {kind: "\n".join(line[4:] for line in body.splitlines()).strip("\n") + "\n"
                for kind, body in _EXAMPLE.findall(doc)}
    prose = _EXAMPLE.split(doc, maxsplit=1)[0].strip()
    return Rule(check.ID, check.SEVERITY, check.SUMMARY, check.MIRRORS, check.FIX, prose,
                examples.get("Passing", ""), examples.get("Failing", ""))


# Every check the CLI can report: validate's, then the file reader's `input`.
INPUT = Rule(check_ids.INPUT, input_check.INPUT_SEVERITY, input_check.INPUT_SUMMARY, input_check.INPUT_MIRRORS,
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

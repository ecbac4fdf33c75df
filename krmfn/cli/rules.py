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
from krmfn.model.lazy_re import LazyPattern
from krmfn.report.rules import Rule
from krmfn.modes.generate.findings import FINDINGS as GENERATE_FINDINGS
from krmfn.modes.normalize.mode import NORMALIZE_CHECK
from krmfn.modes.validate.checks import CHECKS

_EXAMPLE = LazyPattern(r"^(Passing|Failing) example[^\n]*::\n\n((?:    .*\n|\n)+)", re.M)


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
# What is not a check of the objects, in every mode: a bug in krmfn, and a run that cannot start.
INTERNAL_ERROR = Rule(
    check_ids.INTERNAL_ERROR, "error",
    "krmfn itself failed on an object (a bug in krmfn, not a problem of the object): it passes through unchanged",
    "none: a bug in krmfn; KubeVirt gives this object an answer krmfn could not compute",
    "Report it (https://github.com/krmfn/krmfn/issues) with the message, which names the exception, and the "
    "object; meanwhile the other objects are still checked, and this one can be checked by hand.",
    "internal-error: an engine or a mode raised an exception on an object. The run goes on: the object is set "
    "aside and passes through unchanged, with this one error naming it and the exception, and every other object "
    "is checked as usual; a crash that cannot be pinned on one object passes every object through with one such "
    "error for the run. No traceback is printed and no object is lost.")
CONFIG = Rule(
    check_ids.CONFIG, "error",
    "CLI: an option, `--config` or `.krmfn.yaml` is wrong (an unknown option, a value the option does not take): "
    "nothing is checked, exit 2",
    "none: krmfn's own options; a value is checked in KubeVirt's vocabulary (its architectures, eviction "
    "strategies, feature gates of the release targeted, Kubernetes quantities and names)",
    "Fix the option the message names, at the file and line it gives (`krmfn MODE --help`, the options reference).",
    "config: the CLI's options cannot be used, so the run checks nothing and exits 2. The message names the "
    "flag, or the config file, line and field, and suggests the closest known option or value (see "
    '"Option values" in the configuration docs).',
    "# .krmfn.yaml\narchitecture: arm64\nvalidate:\n  featureGates: [Sidecar]\n",
    "# .krmfn.yaml\narchitecture: x86_64\nvalidate:\n  featureGates: [Sidecr]\n")
FUNCTION_CONFIG = Rule(
    check_ids.FUNCTION_CONFIG, "error",
    "KRM function: the functionConfig names an unknown mode, kind or option, or a value the option does not take: "
    "the items pass through unchanged",
    "none: krmfn's own functionConfig; values are checked in KubeVirt's vocabulary as on the command line",
    "Fix the field the message names (`data.<option>`, `spec.<option>`, `data.mode`, `kind`).",
    "function-config: krmfn as a KRM function cannot run with its functionConfig, so every item passes through "
    "unchanged with this one error (the function exits 1).",
    "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: krmfn}\ndata: {mode: validate, evictionStrategy: LiveMigrate}\n",
    "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: krmfn}\ndata: {mode: validate, evictionStrategy: live}\n")
NOTHING_CHECKED = Rule(
    check_ids.NOTHING_CHECKED, "error",
    "CLI: nothing to check (no PATH and an empty stdin, no objects in the PATHs, only ResourceLists, generate "
    "with no size): exit 2",
    "none: a run that checks nothing must not look like success",
    "Give the PATHs to check (or - for stdin); pipe a ResourceList to krmfn with no MODE; give generate a size.",
    "nothing-checked: the run found nothing to work on, so it stops with exit 2 instead of reporting success.")
RUN_RULES: tuple[Rule, ...] = (INTERNAL_ERROR, CONFIG, FUNCTION_CONFIG, NOTHING_CHECKED)
# Every rule a report can name: validate's and the run's (normalize --check adds its own).
REPORT_RULES: tuple[Rule, ...] = (*RULES, *RUN_RULES)
NORMALIZE_RULES: tuple[Rule, ...] = (*REPORT_RULES, NORMALIZE)
RULE_BY_ID: dict[str, Rule] = {rule.id: rule for rule in NORMALIZE_RULES}
# The other modes' findings, listed by `krmfn checks` (ID, severity, summary): generate's
# (krmfn.modes.generate.findings), adopt's verdicts, inline's note on krmfn's own v1beta2, process's and convert's.
MODE_FINDINGS: tuple[tuple[str, str, str], ...] = (
    (check_ids.ADOPT, "info", "adopt: a VM without matchers that an instance type and preference reproduce (a warning "
                          "when none does, with why)"),
    (check_ids.V1BETA2_NOT_SERVED, "info", "inline: an instancetype.kubevirt.io/v1beta2 object, served by krmfn only"),
    (check_ids.TEMPLATE_PROCESS, "error", "process (and inline's `processTemplates`): virtctl's error processing a "
                                          "VirtualMachineTemplate (left as it is), or a parameter value no template "
                                          "takes; virtctl's warnings as warnings, the template's message as info"),
    (check_ids.TEMPLATE_CONVERT, "error", "convert: virtctl's error converting an OpenShift Template (left as it "
                                          "is)"),
)
OTHER_FINDINGS: tuple[tuple[str, str, str], ...] = (*MODE_FINDINGS, *GENERATE_FINDINGS)
# The mode page that documents each of them (`krmfn checks ID` points there).
MODES_DOCS = "https://github.com/krmfn/krmfn/blob/main/docs/modes"
OTHER_FINDING_PAGES: dict[str, str] = {
    check_ids.ADOPT: "adopt", check_ids.V1BETA2_NOT_SERVED: "inline", check_ids.TEMPLATE_PROCESS: "process",
    check_ids.TEMPLATE_CONVERT: "convert", **{check: "generate" for check, _, _ in GENERATE_FINDINGS}}

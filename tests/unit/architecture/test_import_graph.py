"""The package's imports run one way: CLI/KRM → reports → I/O → modes → engine → model
(CONTRIBUTING.md, "Architecture"), with no cycle, and imports inside functions only where the README says why.

The graph is read from the source (ast), so a test import order cannot hide an edge: every
``import`` statement counts, at module level or inside a function. ``from pkg import name`` is an
edge to ``pkg.name`` when that is a module, else to ``pkg``.
"""
from __future__ import annotations

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[3] / "krmfn"

# Each layer by module prefix; a module may import its own layer and the layers below it.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("cli", ("krmfn.cli", "krmfn.__main__")),
    ("report", ("krmfn.report",)),
    ("io", ("krmfn.kio",)),
    ("modes", ("krmfn.modes",)),
    ("engine", ("krmfn.admission", "krmfn.kubevirt", "krmfn.catalog", "krmfn.cdi", "krmfn.hco", "krmfn.virt_template")),
    ("model", ("krmfn.model",)),
)
# Function-level imports allowed, (module, imported prefix), each with the start-up time it saves
# for a mode that is not running. Every function mode's imports cost under 10 ms together; the
# CLI-only fit's table and report (about 2 ms) load only when it runs.
LAZY_IMPORTS: set[tuple[str, str]] = {
    # engine: a bundle loads only the admission chains of the kinds it holds (VMs alone: 15 ms less): the
    # table's loaders (KubeVirt's, CDI's, HCO's) and KubeVirt's own chains that need the whole bundle
    ("krmfn.admission.admit", "krmfn.kubevirt.virt_api"), ("krmfn.admission.admit", "krmfn.cdi"),
    ("krmfn.admission.admit", "krmfn.kubevirt.storage.admitters"), ("krmfn.admission.admit", "krmfn.hco"),
    ("krmfn.admission.admit", "krmfn.virt_template"),
    ("krmfn.virt_template.admit", "krmfn.virt_template"),  # the webhook and its engine with the first template
    ("krmfn.modes.validate.templates", "krmfn.virt_template"),  # the engine that processes the templates' VMs
    ("krmfn.kubevirt.virt_api.admit", "krmfn.kubevirt.virt_api"),
    ("krmfn.kubevirt.virt_api.admit", "krmfn.kubevirt.virt_operator"),
    ("krmfn.catalog", "krmfn.catalog"),  # the catalog data and its model, when first consulted: 5 ms
    ("krmfn.hco.cluster_config", "krmfn.hco"),  # HCO's reconcile, with the first HyperConverged: 5 ms
    ("krmfn.cli.fit", "krmfn.modes.fit"), ("krmfn.cli.fit", "krmfn.report.fit"),
    # KubeVirt's vocabularies for option values (the gate registry, quantities, namespace names, the
    # catalogs), with the first option that has one: `krmfn MODE --help` does not load them (10 ms)
    ("krmfn.kio.config", "krmfn.kubevirt.option_values")}
# A run imports the mode it runs, not the others (krmfn.modes.dispatch.RUNNERS), and the CLI what
# runs the subcommand it runs: `krmfn --help` loads the parser only (0.09 s -> 0.05 s from start to
# exit), `krmfn validate` no longer adopt, generate, normalize, diff, explain or fit. The SARIF and
# JUnit writers and the rules they describe load for those formats only; kustomize's builds and
# origins (PyYAML, subprocess, threads) when a kustomization is met.
LAZY_IMPORTS |= {
    ("krmfn.modes.dispatch", "krmfn.modes.inline.mode"), ("krmfn.modes.dispatch", "krmfn.modes.validate.mode"),
    ("krmfn.modes.dispatch", "krmfn.modes.generate"), ("krmfn.modes.dispatch", "krmfn.modes.normalize.mode"),
    ("krmfn.modes.dispatch", "krmfn.modes.adopt.mode"), ("krmfn.modes.dispatch", "krmfn.modes.process.mode"),
    ("krmfn.modes.dispatch", "krmfn.modes.convert.mode"),
    # inline's processTemplates: the process mode and virt-template's engine (with its VM schema) load only
    # when it is on
    ("krmfn.modes.inline.mode", "krmfn.modes.process.mode"),
    ("krmfn.cli.commands", "krmfn.kubevirt.virtctl.template.process"),  # --params-file, as virtctl reads it
    ("krmfn.cli.main", "krmfn.cli.commands"), ("krmfn.cli.main", "krmfn.cli.krm"),
    ("krmfn.cli.main", "krmfn.kio.resourcelist"), ("krmfn.cli.main", "krmfn.cli.parser"),  # argparse: 2 ms
    # the module cache for the command only (not `import krmfn`); every module, to write it whole
    ("krmfn.cli.main", "krmfn.cli.modulecache"), ("krmfn.cli.modulecache", "krmfn"),
    ("krmfn.cli.parser", "krmfn.cli.adopt"), ("krmfn.cli.parser", "krmfn.cli.diff"),
    ("krmfn.cli.parser", "krmfn.cli.explain"), ("krmfn.cli.parser", "krmfn.cli.fit"),
    ("krmfn.cli.parser", "krmfn.cli.reading"), ("krmfn.cli.parser", "krmfn.report.findings"),
    ("krmfn.cli.commands", "krmfn.cli.rules"), ("krmfn.cli.commands", "krmfn.kio.origins"),
    ("krmfn.cli.commands", "krmfn.modes.normalize.mode"), ("krmfn.cli.commands", "krmfn.modes.validate.options"),
    ("krmfn.report.findings", "krmfn.report.junit"), ("krmfn.report.findings", "krmfn.report.sarif"),
    ("krmfn.kio.files", "krmfn.kio.kustomize"), ("krmfn.kio.files", "krmfn.kio.origins"),
    # PyYAML (21 ms) for a kustomization's node lines, when a message needs one
    ("krmfn.kio.nodes", "krmfn.kio.lines"),
    ("krmfn.catalog.stored", "krmfn.catalog.build"),  # the catalog build only to write the stored one: 30 ms
    ("krmfn.kio.files", "krmfn.kio.shapes"), ("krmfn.cli.commands", "krmfn.modes.generate"),  # 2 ms of the CLI's
    # inline and normalize: the VMI chain with the first VMI, explain for `provenance` (3 ms)
    ("krmfn.modes.inline.mode", "krmfn.kubevirt.virt_api.vmi_create"),
    ("krmfn.modes.inline.mode", "krmfn.modes.explain"),
    ("krmfn.modes.normalize.mode", "krmfn.kubevirt.virt_api.vmi_create"),
    # the writers (rendering, patching) for the runs that write items: `krmfn validate` on files writes none
    ("krmfn.cli.krm", "krmfn.kio.output"), ("krmfn.cli.commands", "krmfn.kio.output"),
    ("krmfn.cli.commands", "krmfn.kio.emit"), ("krmfn.kio.resourcelist", "krmfn.kio.locate"),  # a failed read
    # the network checks whose modules a spec accepted by the quick pass never needs
    ("krmfn.kubevirt.network.admitter.validator", "krmfn.kubevirt.network.admitter.admit"),
    ("krmfn.kubevirt.network.admitter.validator", "krmfn.kubevirt.network.admitter.binding"),
    ("krmfn.kubevirt.network.admitter.validator", "krmfn.kubevirt.network.admitter.dra"),
    ("krmfn.kubevirt.network.admitter.validator", "krmfn.kubevirt.network.admitter.netsource"),
}
# engine: what a plain VM (instance type, preference, disks, interfaces, cloud-init) never uses loads
# with the first object that does: KubeVirt/HCO CRs, DRA, Grace GPUs, Hyper-V, inference, revisions (7 ms).
LAZY_IMPORTS |= {
    ("krmfn.modes.cluster", "krmfn.hco.cluster_config"),
    ("krmfn.modes.cluster", "krmfn.kubevirt.virt_config.kubevirt_cr"),
    ("krmfn.modes.cluster", "krmfn.kubevirt.virt_operator.kubevirt_create"),  # which KubeVirt CR is stored
    ("krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.spec", "krmfn.kubevirt.dra.admitter"),
    ("krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.spec",
     "krmfn.kubevirt.virt_api.admitters.grace_io_virtualization"),
    ("krmfn.kubevirt.virt_api.admitters.vms_admitter", "krmfn.kubevirt.virt_api.admitters.grace_io_virtualization"),
    ("krmfn.kubevirt.defaults.defaults", "krmfn.kubevirt.defaults.hyperv"),
    ("krmfn.kubevirt.instancetype.infer.handler", "krmfn.kubevirt.instancetype.infer.volume"),
    ("krmfn.kubevirt.instancetype.find.matcher", "krmfn.kubevirt.instancetype.find.revision"),
    ("krmfn.kubevirt.instancetype.find.instancetype", "krmfn.kubevirt.instancetype.compatibility"),
    ("krmfn.kubevirt.instancetype.find.preference", "krmfn.kubevirt.instancetype.compatibility"),
}


def module_names() -> dict[str, pathlib.Path]:
    names = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def imports_of(name: str, path: pathlib.Path, modules: dict[str, pathlib.Path]) -> list[tuple[str, bool]]:
    """(imported krmfn module, inside a function) for every import statement of a module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    in_function = {id(node) for fn in ast.walk(tree) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
                   for node in ast.walk(fn) if isinstance(node, (ast.Import, ast.ImportFrom))}
    found = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
        for target in targets:
            if target in modules and target != name:
                found.append((target, id(node) in in_function))
    return found


def graph() -> dict[str, set[str]]:
    modules = module_names()
    return {name: {target for target, _ in imports_of(name, path, modules)} for name, path in modules.items()}


def layer_of(name: str) -> int:
    for rank, (_, prefixes) in enumerate(LAYERS):
        if any(name == prefix or name.startswith(prefix + ".") for prefix in prefixes):
            return rank
    return len(LAYERS) if name == "krmfn" else -1  # the root holds only the version: below everything


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_every_module_has_a_layer() -> None:
    assert [name for name in module_names() if layer_of(name) < 0] == []


def test_the_package_root_imports_nothing() -> None:
    assert graph()["krmfn"] == set()


def test_no_import_cycle() -> None:
    assert cycles(graph()) == []


def test_imports_run_one_way() -> None:
    upward = sorted(f"{name} -> {target}" for name, targets in graph().items() for target in targets
                    if layer_of(target) < layer_of(name))
    assert upward == []


def test_io_does_not_reach_into_a_mode_or_a_report() -> None:
    """The I/O layer reads and writes YAML for every mode: it knows the option table and the check
    IDs (model), never a mode's code nor the reports that render a mode's results."""
    assert sorted(f"{name} -> {target}" for name, targets in graph().items() if name.startswith("krmfn.kio.")
                  for target in targets if target.startswith(("krmfn.modes", "krmfn.report"))) == []


# The engine packages KubeVirt's behaviour must not reach: its neighbours (CDI and HCO build on
# KubeVirt, not the other way) and the table of kinds above all three (krmfn.admission).
KUBEVIRT_NEIGHBOURS = ("krmfn.cdi", "krmfn.hco", "krmfn.virt_template", "krmfn.admission")


def test_kubevirt_imports_neither_cdi_nor_hco_nor_the_kind_table() -> None:
    """Every import statement under krmfn/kubevirt, at module level or inside a function."""
    modules = module_names()
    found = sorted(f"{name} -> {target}" for name, path in modules.items() if name.startswith("krmfn.kubevirt.")
                   for target, _ in imports_of(name, path, modules)
                   if any(target == prefix or target.startswith(prefix + ".") for prefix in KUBEVIRT_NEIGHBOURS)
                   and not _vendored(name, target))
    assert found == []


def _vendored(name: str, target: str) -> bool:
    """virtctl's template commands vendor virt-template's engine (pkg/virtctl/template imports
    kubevirt.io/virt-template-engine in KubeVirt itself)."""
    return name.startswith("krmfn.kubevirt.virtctl.template.") and target.startswith("krmfn.virt_template.")


def test_only_the_modes_import_the_kind_table() -> None:
    """krmfn.admission imports KubeVirt, CDI and HCO; no engine package imports it back."""
    assert sorted(f"{name} -> {target}" for name, targets in graph().items()
                  if layer_of(name) == layer_of("krmfn.admission") and not name.startswith("krmfn.admission")
                  for target in targets if target.startswith("krmfn.admission")) == []


def test_function_level_imports_are_the_documented_ones() -> None:
    modules = module_names()
    inside = {(name, target) for name, path in modules.items()
              for target, in_function in imports_of(name, path, modules) if in_function}
    undocumented = sorted(f"{name} -> {target}" for name, target in inside
                          if not any(name == module and (target == prefix or target.startswith(prefix + "."))
                                     for module, prefix in LAZY_IMPORTS))
    assert undocumented == []


@pytest.mark.parametrize("edges, expected", [
    ({"a": {"b"}, "b": {"a"}}, [["a", "b"]]),
    ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
])
def test_cycle_finder(edges: dict[str, set[str]], expected: list[list[str]]) -> None:
    assert cycles(edges) == expected


def test_checks_never_import_each_other() -> None:
    checks = {name for name in module_names() if name.startswith("krmfn.modes.validate.checks.")
              and not name.rpartition(".")[2].startswith("_")}
    assert sorted(f"{name} -> {target}" for name in checks for target in graph()[name] if target in checks) == []

"""The modes: one registry that every other list of modes is read from.

Each entry names a mode, says in one line what it does (the CLI's help and the docs' index), and
whether it runs as a KRM function (a ``mode:`` of the ConfigMap functionConfig, and the
``krmfn.dev/v1alpha1`` kind of its typed functionConfig) or only on the command line (``diff``,
``explain`` and ``fit`` read two trees or write a report, not a ResourceList). The option table
(``krmfn.model.options``), the functionConfig reader (``krmfn.kio.config``), the CLI
(``krmfn.cli.parser``) and the runners (``krmfn.modes.dispatch``) read it; a test checks that each
function mode has a runner and a page in ``docs/modes/``.
"""
from __future__ import annotations

from krmfn.model.record import FrozenRecord


class Mode(FrozenRecord):
    __slots__ = ("name", "summary", "config_kind")
    name: str  # the CLI subcommand and the ConfigMap's data.mode
    summary: str  # one line: the CLI's help and the docs' index
    config_kind: str  # the krmfn.dev/v1alpha1 kind of its functionConfig; "" for a CLI-only mode

    def __init__(self, name: str, summary: str, config_kind: str = "") -> None:
        self._set(name=name, summary=summary, config_kind=config_kind)

    @property
    def is_function(self) -> bool:
        return bool(self.config_kind)


REGISTRY: tuple[Mode, ...] = (
    Mode("inline", "expand every VirtualMachine's instancetype and preference (offline `virtctl expand`)", "Inline"),
    Mode("validate", "report what KubeVirt would reject or warn about; changes nothing", "Validate"),
    Mode("generate", "emit custom sizes of the common instance types", "Generate"),
    Mode("normalize", "write every VirtualMachine as KubeVirt stores it after its mutating webhook (no GitOps drift)",
         "Normalize"),
    Mode("adopt", "find the instance type and preference that reproduce each VM written without them; "
                  "--write rewrites", "Adopt"),
    Mode("process", "render every VirtualMachineTemplate into its VirtualMachine (offline `virtctl template process "
                    "--local`)", "Process"),
    Mode("convert", "turn every OpenShift Template wrapping a VirtualMachine into a VirtualMachineTemplate "
                    "(`virtctl template convert`)", "Convert"),
    Mode("diff", "show how VMs expand and validate differently between two trees, a git revision and the working "
                 "tree, or one tree under two settings"),
    Mode("explain", "show where every field of each inlined VM comes from: the VM, its instance type, its "
                    "preference, or a default"),
    Mode("fit", "show which instance types meet which preference's requirements, and KubeVirt's reason where "
                "one does not"),
)
BY_NAME: dict[str, Mode] = {mode.name: mode for mode in REGISTRY}
# The modes a functionConfig can ask for, in registry order.
FUNCTION_MODES: tuple[str, ...] = tuple(mode.name for mode in REGISTRY if mode.is_function)
KIND_TO_MODE: dict[str, str] = {mode.config_kind: mode.name for mode in REGISTRY if mode.is_function}
MODE_TO_KIND: dict[str, str] = {name: kind for kind, name in KIND_TO_MODE.items()}

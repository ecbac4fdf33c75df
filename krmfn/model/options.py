"""The options of every mode, declared once: name, type, default, help, example, modes.

The one table drives the ConfigMap keys, the typed functionConfig fields, the CLI flags, the
README table (``krmfn.cli.rules``) and the defaults: each mode's entry point completes what it was given
with ``complete`` and reads the result into its typed options object (``InlineOptions``,
``ValidateOptions``, ``GenerateOptions``; the engine's ``ExpandOptions``), which never fall back on
defaults of their own.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping

from krmfn.model.kubevirt_version import VERSIONS as KUBEVIRT_VERSIONS
from krmfn.model.modes import FUNCTION_MODES
from krmfn.model.record import FrozenRecord

TYPE_CHECKING = False  # typing stays unloaded for `krmfn --help` (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

# The modes options can belong to: those a functionConfig can ask for (diff and explain take inline's).
MODES = FUNCTION_MODES
# Kinds whose value is a list: a CLI flag repeats and takes commas, and adds to a config file's list.
LIST_KINDS = ("list", "checks", "severities", "sizes", "lines")
# A template's parameter values, ``{TEMPLATE: {NAME: VALUE}}`` (TEMPLATE: a name, ``NAMESPACE/NAME``, or
# ``*`` for every template that declares NAME); a ConfigMap string and a CLI flag take
# ``[TEMPLATE:]NAME=VALUE``, one a line or a flag each, and add to a config file's values.
PARAMETERS_KIND = "parameters"
EVERY_TEMPLATE = "*"


class Option(FrozenRecord):
    __slots__ = ("name", "kind", "default", "help", "example", "modes", "choices", "values")
    name: str  # camelCase, as in functionConfig
    kind: str  # "str" | "bool" | "enum" | "int" | PARAMETERS_KIND, or one of LIST_KINDS ("lines": one per line)
    default: Any
    help: str
    example: str
    modes: tuple[str, ...]
    choices: tuple[str, ...]
    # The vocabulary a value must belong to, beyond its kind (``krmfn.kubevirt.option_values``
    # checks it where options are read: CLI flags, functionConfig, .krmfn.yaml).
    values: str

    def __init__(self, name: str, kind: str, default: Any, help: str, example: str,  # noqa: A002 - the field's name
                 modes: tuple[str, ...], choices: tuple[str, ...] = (), values: str = "") -> None:
        self._set(name=name, kind=kind, default=default, help=help, example=example, modes=modes, choices=choices,
                  values=values)

    @property
    def is_list(self) -> bool:
        return self.kind in LIST_KINDS

    @property
    def flag(self) -> str:
        if self.kind == PARAMETERS_KIND:
            return "--param"  # virtctl template process's flag (-p)
        return "--" + "".join("-" + c.lower() if c.isupper() else c for c in self.name)


OPTIONS: tuple[Option, ...] = (
    Option("namespace", "str", "default",
           "Namespace assumed for VMs and namespaced objects that have no metadata.namespace.",
           "lab", ("inline", "validate", "normalize", "adopt"), values="namespace"),
    Option("disable", "checks", [],
           "Check IDs to switch off (see Checks).",
           "deprecated,duplicate-object", ("validate",)),
    Option("severity", "severities", [],
           "Change a check's severity: `ID=error|warning|info`, comma-separated.",
           "conflict=warning,deprecated=error", ("validate",)),
    Option("strict", "bool", False,
           "Warnings count as errors (exit 1).",
           "true", ("validate",)),
    Option("kustomizeValidator", "bool", False,
           "Output no items: only for kustomize's `validators:` field, which rejects any other "
           "output. Never under kpt, which would delete the package.",
           "true", ("validate",)),
    Option("defaults", "enum", "cluster",
           "`cluster`: add the defaults KubeVirt's expand adds (default disks and pod network, "
           "machine type, architecture, eviction strategy...); `none`: only what the instance "
           "type and preference say.",
           "none", ("inline",), ("cluster", "none")),
    Option("clusterConfig", "str", "auto",
           "`auto`: the cluster options (`featureGates`, `emulatedMachines`, `architecture`, `machineType`, "
           "`cpuRequest`, `networkInterface`, `evictionStrategy`...) come from the bundle's KubeVirt CR "
           "(`spec.configuration`) or OpenShift HyperConverged CR (as HCO translates it) when it has one, an "
           "option given explicitly still winning; `none`: ignore them; a file path (CLI only, relative to "
           "the config file that gives it): the KubeVirt or HyperConverged CR in that file instead of the "
           "bundle's (see Configuration, \"The cluster's configuration: the KubeVirt or HyperConverged CR\").",
           "cluster/hyperconverged.yaml", ("inline", "validate", "normalize", "adopt")),
    Option("architecture", "str", "amd64",
           "The cluster's default architecture (KubeVirt CR status.defaultArchitecture).",
           "arm64", ("inline", "validate", "normalize", "adopt"), values="architecture"),
    Option("machineType", "str", "",
           "Cluster-wide machine type override; empty means the per-architecture default "
           "(amd64: q35, arm64: virt, s390x: s390-ccw-virtio).",
           "pc-q35-rhel9.4.0", ("inline", "validate", "normalize", "adopt")),
    Option("networkInterface", "enum", "bridge",
           "The cluster's default pod network binding (KubeVirt network.defaultNetworkInterface).",
           "masquerade", ("inline", "validate", "normalize", "adopt"), ("bridge", "masquerade", "slirp")),
    Option("permitBridgeInterfaceOnPodNetwork", "bool", True,
           "KubeVirt network.permitBridgeInterfaceOnPodNetwork.",
           "false", ("inline", "validate", "normalize", "adopt")),
    Option("cpuRequest", "str", "100m",
           "KubeVirt cluster cpuRequest; set only when it differs from 100m.",
           "200m", ("inline", "validate", "normalize", "adopt"), values="quantity"),
    Option("evictionStrategy", "str", "None",
           "The cluster evictionStrategy KubeVirt's defaults copy into VMs that have none.",
           "LiveMigrate", ("inline", "validate", "normalize", "adopt"), values="evictionStrategy"),
    Option("featureGates", "list", [],
           "The cluster's enabled feature gates (KubeVirt CR `developerConfiguration.featureGates`); GA gates "
           "are always on and Beta gates on unless disabled.",
           "HostDevices,Sidecar", ("inline", "validate", "normalize", "adopt"), values="featureGates"),
    Option("disabledFeatureGates", "list", [],
           "Feature gates the cluster switches off (KubeVirt CR `developerConfiguration.disabledFeatureGates`).",
           "DecentralizedLiveMigration", ("inline", "validate", "normalize", "adopt"), values="featureGates"),
    Option("emulatedMachines", "list", [],
           "The machine types the cluster allows, as glob patterns: `ARCH=PATTERN` entries replace that "
           "architecture's list (KubeVirt CR `architectureConfiguration.<arch>.emulatedMachines`), bare "
           "patterns apply to every architecture (the CR's top-level `emulatedMachines`). Default: KubeVirt's "
           "(amd64: `q35*,pc-q35*`, arm64: `virt*`, s390x: `s390-ccw-virtio*`).",
           "amd64=q35*,amd64=pc-i440fx*", ("inline", "validate", "normalize", "adopt"), values="emulatedMachines"),
    Option("permittedHostDevices", "list", [],
           "The PCI host devices the cluster permits, as `VENDOR:DEVICE=resourceName` (KubeVirt CR "
           "`permittedHostDevices.pciHostDevices`); admission reads them for NVIDIA Grace GPUs "
           "(GraceIOVirtualization).",
           "10DE:2342=nvidia.com/GH100_H100", ("inline", "validate", "normalize", "adopt")),
    Option("vmRolloutStrategy", "enum", "LiveUpdate",
           "The cluster's `vmRolloutStrategy`: with `LiveUpdate` (KubeVirt's default) admission checks the "
           "memory hotplug and CPU socket limits, with `Stage` the guest memory against the memory limit.",
           "Stage", ("inline", "validate", "normalize", "adopt"), ("LiveUpdate", "Stage")),
    Option("inferFromVolume", "bool", False,
           "Resolve `inferFromVolume` matchers from the bundle's PVCs, DataVolumes, DataSources, "
           "VolumeSnapshots and dataVolumeTemplates first, as KubeVirt's VM mutating webhook does "
           "at admission (both failure policies). Off: such a VM fails as `virtctl expand` does.",
           "true", ("inline",)),
    Option("kubevirtVersion", "enum", "v1.9",
           "The KubeVirt release the cluster runs: its admission, expand and CRD schemas (see "
           "\"Targeting a KubeVirt version\") and the common-instancetypes catalog it deploys "
           "(v1.7: v1.5.1, v1.8: v1.6.0, v1.9 and main: v1.7.0). `v1.7`, `v1.8` and `v1.9` are the "
           "releases v1.7.4, v1.8.4 and v1.9.0; `main` is KubeVirt's main branch at d923fdb8.",
           "v1.8", ("inline", "validate", "generate", "normalize", "adopt", "process", "convert"),
           tuple(KUBEVIRT_VERSIONS)),
    Option("catalog", "str", "",
           "The embedded common-instancetypes catalog (`v1.5.1`, `v1.6.0`, `v1.7.0`) that cluster "
           "instance types and preferences missing from the bundle resolve against (and that "
           "generate copies from); empty: the one `kubevirtVersion` deploys; `none` turns it off. "
           "An object in the bundle always wins.",
           "none", ("inline", "validate", "generate", "normalize", "adopt"), values="catalog"),
    Option("sizes", "sizes", [],
           "Typed form only: the sizes to generate, each `{from, name, vcpus, memory, custom, patches, set}`.",
           "[{from: u1.medium, name: u1.mysize, vcpus: 4, memory: 4Gi}]", ("generate",)),
    Option("from", "str", "",
           "One size (ConfigMap and CLI form): the instance type or preference (`[kind/]name`, from "
           "the bundle or the catalog) or class (`cx1`) to copy.",
           "u1.medium", ("generate",)),
    Option("name", "str", "", "One size: the new object's name.", "u1.mysize", ("generate",)),
    Option("vcpus", "str", "", "One size: `spec.cpu.guest` (left out: the source's).", "4", ("generate",)),
    Option("memory", "str", "", "One size: `spec.memory.guest` (left out: the source's).", "4Gi", ("generate",)),
    Option("custom", "bool", False,
           "One size: the custom size, without `spec.cpu.guest` and `spec.memory.guest` (the VM gives "
           "them; `instancetype.kubevirt.io/v1beta2`); off: vCPUs and memory not given are kept from the "
           "source.",
           "true", ("generate",)),
    Option("patch", "str", "",
           "One size: RFC 6902 JSON Patch operations (a JSON list) applied to the copy's `spec`; the CLI "
           "also takes `@FILE`.",
           '[{"op": "replace", "path": "/cpu/model", "value": "host-passthrough"}]', ("generate",)),
    Option("set", "lines", [],
           "One size: `path=value` changes of the copy's `spec` (`cpu.model=host-passthrough`; the value "
           "a YAML 1.2 scalar); repeatable, one per line in a ConfigMap.",
           "cpu.model=host-passthrough", ("generate",)),
    Option("cluster", "bool", False,
           "Generate VirtualMachineClusterInstancetype instead of the namespaced kind.",
           "true", ("generate",)),
    Option("namespace", "str", "",
           "metadata.namespace of generated namespaced instance types (default: none, so the "
           "kustomization's or the package's namespace applies).",
           "lab", ("generate",), values="namespace"),
    Option("labels", "enum", "remove",
           "`remove`: drop the `instancetype.kubevirt.io/*` labels and annotations of the source "
           "(as the virtctl customize proposal says); `recompute`: keep them and set cpu, memory "
           "and size from the new size.",
           "recompute", ("generate",), ("remove", "recompute")),
    Option("admission", "enum", "off",
           "Also report what KubeVirt's admission would reject (the instance type rules and the general VM "
           "checks that `virtctl expand` does not run), as `warning` or `error` results with KubeVirt's "
           "messages; `off`: only what expand says.",
           "error", ("inline",), ("off", "warning", "error")),
    Option("provenance", "bool", False,
           "Annotate each inlined VM with `krmfn.dev/provenance`: JSON mapping each source (the "
           "instance type and its field, the preference and its field and rule, a default and its "
           "setting) to the paths of the fields it set, as `krmfn explain` shows them.",
           "true", ("inline",)),
    Option("dropReferenced", "bool", False,
           "Remove instance types and preferences (and their ControllerRevisions) that no VM left "
           "in the output references after inlining. Their files are deleted by kpt.",
           "true", ("inline",)),
    Option("check", "bool", False,
           "Change nothing: report each field of a VM that KubeVirt would store differently from the source "
           "(one error per field, check `normalize`), for CI and pre-commit.",
           "true", ("normalize",)),
    Option("generateSizes", "bool", False,
           "Adopt: when no instance type of the bundle or the catalog has a VM's vCPUs and memory, make "
           "custom sizes of the catalog's classes for it (as `krmfn generate` does) and adopt one of those "
           "(CLI also `--generate`).",
           "true", ("adopt",)),
    Option("write", "bool", False,
           "Adopt: rewrite each adoptable VM onto its instance type and preference (and add the custom "
           "sizes `generateSizes` made); off: only the report, nothing changes.",
           "true", ("adopt",)),
    Option("parameters", PARAMETERS_KIND, {},
           "Values of the templates' parameters, `{TEMPLATE: {NAME: VALUE}}`: TEMPLATE is a template's name, "
           "`NAMESPACE/NAME`, or `*` for every template that declares NAME (none declaring it is an error); a "
           "ConfigMap and the CLI (`-p`, repeatable) take `[TEMPLATE:]NAME=VALUE`, one a line. The CLI also "
           "takes `--params-file FILE` (a YAML or JSON map of strings, as virtctl reads it), for every template.",
           "{vm-template: {NAME: web, CPU: \"2\"}}", ("inline", "process")),
    Option("seed", "int", 0,
           "The seed of the values `generate: expression` parameters get (each template draws from its own "
           "generator, seeded with the seed and its namespace and name): the same seed, the same values. virtctl "
           "draws them at random, so its values differ.",
           "42", ("inline", "process")),
    Option("keepTemplates", "bool", False,
           "Process: write each VirtualMachine after its template instead of in its place.",
           "true", ("process",)),
    Option("processTemplates", "bool", False,
           "Inline: process every VirtualMachineTemplate first (as the process mode does, with `parameters` and "
           "`seed`) and inline the VirtualMachines they yield, in place of the templates.",
           "true", ("inline",)),
    Option("kustomizeBuildOptions", "str", "",
           "CLI only: options for each kustomization build, as Argo CD's `kustomize.buildOptions` (split as "
           "a shell would): `kubectl kustomize OPTIONS DIR`. Plugins, exec functions and Helm stay disabled "
           "unless these enable them (`--enable-alpha-plugins`, `--enable-exec`, `--enable-helm`; see Security).",
           "--load-restrictor LoadRestrictionsNone --enable-helm", ("inline", "validate", "generate", "normalize",
                                                                    "adopt", "process", "convert")),
    Option("legacyApiVersions", "enum", "reject",
           "`reject`: as KubeVirt does since v1.6 (`instancetype.kubevirt.io/v1alpha1` and `v1alpha2` "
           "not served, legacy ControllerRevision payloads undecodable); `convert`: read them as "
           "KubeVirt up to v1.5 did (converted to v1beta1, with a warning each), for clusters still on "
           "v1.5 or older.",
           "convert", ("inline", "validate", "normalize", "adopt"), ("convert", "reject")),
)


def options_for(mode: str) -> list[Option]:
    return [option for option in OPTIONS if mode in option.modes]


def defaults_for(mode: str) -> dict[str, Any]:
    """Every option of a mode with its default (a fresh copy: list defaults are not shared)."""
    return {option.name: (type(option.default)(option.default) if isinstance(option.default, (list, dict))
                          else option.default)
            for option in options_for(mode)}


def complete(mode: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The options of a run: what was given, every other option of the mode at its default."""
    return {**defaults_for(mode), **given}


def did_you_mean(value: str, known: Collection[str]) -> str:
    """`` (did you mean "x"?)`` for the known value most like ``value`` (the same but for case, else
    the one it abbreviates, else difflib's closest), or "" when none is close."""
    by_lower = {name.lower(): name for name in known}
    prefixed = [name for name in known if value and name.lower().startswith(value.lower())]
    close = (by_lower.get(value.lower()) or (prefixed[0] if len(prefixed) == 1 else None)
             or next(iter(_close_matches(value, list(known))), None))
    return f' (did you mean "{close}"?)' if close and close != value else ""


def _close_matches(value: str, known: list[str]) -> list[str]:
    import difflib  # noqa: PLC0415 - only for a mistyped value: `krmfn --help` does not load it
    return difflib.get_close_matches(value, known, n=1)

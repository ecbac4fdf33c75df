"""functionConfig: which mode to run and with which options.

Accepted forms (README, "FunctionConfig"):

* none: mode `inline` with defaults;
* a ConfigMap (what `kpt fn eval -- k=v` and Kptfile `configMap:` send): `data.mode` is
  `inline`, `validate` or `generate`, every other key is an option, and every value is a string
  (`"true"`, `"3"`, comma lists);
* a typed object `apiVersion: krmfn.dev/v1alpha1`, kind `Inline`, `Validate` or `Generate`, with
  the options under `spec` (typed values).

Options are declared once (OPTIONS) and drive the ConfigMap, the typed kinds, the CLI flags and
the README table alike.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any, Callable

API_GROUP = "krmfn.dev"
API_VERSION = "krmfn.dev/v1alpha1"
MODES = ("inline", "validate", "generate")
KIND_TO_MODE = {"Inline": "inline", "Validate": "validate", "Generate": "generate"}
MODE_TO_KIND = {mode: kind for kind, mode in KIND_TO_MODE.items()}


class ConfigError(Exception):
    """A functionConfig problem; `path` is the field at fault (e.g. `data.mode`)."""

    def __init__(self, message: str, path: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


@dataclass(frozen=True)
class Option:
    name: str  # camelCase, as in functionConfig
    kind: str  # "str" | "bool" | "list" | "enum" | "int"
    default: Any
    help: str
    example: str
    modes: tuple[str, ...]
    choices: tuple[str, ...] = ()

    @property
    def flag(self) -> str:
        return "--" + "".join("-" + c.lower() if c.isupper() else c for c in self.name)


def _bool(text: str, path: str) -> bool:
    lowered = text.strip().lower()
    if lowered in ("true", "1", "yes", "on"):
        return True
    if lowered in ("false", "0", "no", "off", ""):
        return False
    raise ConfigError(f'{path}: expected true or false, got "{text}"', path)


OPTIONS: tuple[Option, ...] = (
    Option("namespace", "str", "default",
           "Namespace assumed for VMs and namespaced objects that have no metadata.namespace.",
           "lab", ("inline", "validate")),
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
    Option("architecture", "str", "amd64",
           "The cluster's default architecture (KubeVirt CR status.defaultArchitecture).",
           "arm64", ("inline", "validate")),
    Option("machineType", "str", "",
           "Cluster-wide machine type override; empty means the per-architecture default "
           "(amd64: q35, arm64: virt, s390x: s390-ccw-virtio).",
           "pc-q35-rhel9.4.0", ("inline", "validate")),
    Option("networkInterface", "enum", "bridge",
           "The cluster's default pod network binding (KubeVirt network.defaultNetworkInterface).",
           "masquerade", ("inline", "validate"), ("bridge", "masquerade", "slirp")),
    Option("permitBridgeInterfaceOnPodNetwork", "bool", True,
           "KubeVirt network.permitBridgeInterfaceOnPodNetwork.",
           "false", ("inline", "validate")),
    Option("cpuRequest", "str", "100m",
           "KubeVirt cluster cpuRequest; set only when it differs from 100m.",
           "200m", ("inline", "validate")),
    Option("evictionStrategy", "str", "None",
           "The cluster evictionStrategy KubeVirt's defaults copy into VMs that have none.",
           "LiveMigrate", ("inline", "validate")),
    Option("inferFromVolume", "bool", False,
           "Resolve `inferFromVolume` matchers from the bundle's PVCs, DataVolumes, DataSources, "
           "VolumeSnapshots and dataVolumeTemplates first, as KubeVirt's VM mutating webhook does "
           "at admission (both failure policies). Off: such a VM fails as `virtctl expand` does.",
           "true", ("inline",)),
    Option("catalog", "str", "v1.7.0",
           "The embedded common-instancetypes catalog that cluster instance types and preferences "
           "missing from the bundle resolve against (and that generate copies from); `none` "
           "turns it off. An object in the bundle always wins.",
           "none", ("inline", "validate", "generate")),
    Option("sizes", "sizes", [],
           "Typed form only: the sizes to generate, each `{from, name, vcpus, memory}`.",
           "[{from: u1.medium, name: u1.mysize, vcpus: 4, memory: 4Gi}]", ("generate",)),
    Option("from", "str", "",
           "One size (ConfigMap and CLI form): the instance type (`[kind/]name`, from the bundle "
           "or the catalog) or class (`cx1`) to copy.",
           "u1.medium", ("generate",)),
    Option("name", "str", "", "One size: the new object's name.", "u1.mysize", ("generate",)),
    Option("vcpus", "str", "", "One size: `spec.cpu.guest`.", "4", ("generate",)),
    Option("memory", "str", "", "One size: `spec.memory.guest`.", "4Gi", ("generate",)),
    Option("cluster", "bool", False,
           "Generate VirtualMachineClusterInstancetype instead of the namespaced kind.",
           "true", ("generate",)),
    Option("namespace", "str", "",
           "metadata.namespace of generated namespaced instance types (default: none, so the "
           "kustomization's or the package's namespace applies).",
           "lab", ("generate",)),
    Option("labels", "enum", "remove",
           "`remove`: drop the `instancetype.kubevirt.io/*` labels and annotations of the source "
           "(as the virtctl customize proposal says); `recompute`: keep them and set cpu, memory "
           "and size from the new size.",
           "recompute", ("generate",), ("remove", "recompute")),
    Option("dropReferenced", "bool", False,
           "Remove instance types and preferences (and their ControllerRevisions) that no VM left "
           "in the output references after inlining. Their files are deleted by kpt.",
           "true", ("inline",)),
    Option("legacyApiVersions", "enum", "convert",
           "`convert`: read `instancetype.kubevirt.io/v1alpha1` and `v1alpha2` instance types, "
           "preferences and ControllerRevision payloads as KubeVirt up to v1.5 did (converted to "
           "v1beta1; validate warns); `reject`: as KubeVirt does since v1.6 (not served, legacy "
           "revisions undecodable).",
           "reject", ("inline", "validate"), ("convert", "reject")),
)



def options_for(mode: str) -> list[Option]:
    return [option for option in OPTIONS if mode in option.modes]


@dataclass
class FunctionConfig:
    mode: str = "inline"
    options: dict[str, Any] = field(default_factory=dict)
    source_kind: str = "none"  # none | ConfigMap | typed

    def get(self, name: str) -> Any:
        default = next(option.default for option in options_for(self.mode) if option.name == name)
        return self.options.get(name, default)


def defaults_for(mode: str) -> dict[str, Any]:
    return {option.name: option.default for option in options_for(mode)}


def parse_value(option: Option, raw: Any, path: str) -> Any:
    """A typed option value from a ConfigMap string or a typed spec value."""
    convert: dict[str, Callable[[Any, str], Any]] = {
        "str": _as_str, "bool": _as_bool, "list": _as_list, "enum": _as_enum(option), "int": _as_int,
        "checks": _as_checks, "severities": _as_severities, "sizes": _as_sizes,
    }
    return convert[option.kind](raw, path)


def _as_str(raw: Any, path: str) -> str:
    if isinstance(raw, (dict, list)) or raw is None:
        raise ConfigError(f"{path}: expected a string", path)
    return str(raw) if not isinstance(raw, bool) else str(raw).lower()


def _as_bool(raw: Any, path: str) -> bool:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str):
        return _bool(raw, path)
    raise ConfigError(f"{path}: expected true or false", path)


def _as_int(raw: Any, path: str) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.strip().lstrip("-").isdigit():
        return int(raw.strip())
    raise ConfigError(f"{path}: expected an integer", path)


def _as_list(raw: Any, path: str) -> list[str]:
    if isinstance(raw, str):
        return [part.strip() for part in raw.split(",") if part.strip()]
    if isinstance(raw, list) and all(isinstance(part, str) for part in raw):
        return list(raw)
    raise ConfigError(f"{path}: expected a list of strings or a comma-separated string", path)


def _as_sizes(raw: Any, path: str) -> list[Any]:
    if not isinstance(raw, list):
        raise ConfigError(f"{path}: expected a list of {{from, name, vcpus, memory}}", path)
    return raw


def _check_ids() -> tuple[str, ...]:
    from krmfn.validate.checks import CHECK_IDS

    return CHECK_IDS


def _as_checks(raw: Any, path: str) -> list[str]:
    ids = _as_list(raw, path)
    for check in ids:
        if check not in _check_ids():
            raise ConfigError(f'{path}: unknown check "{check}" (checks: {", ".join(_check_ids())})', path)
    return ids


def _as_severities(raw: Any, path: str) -> list[str]:
    if isinstance(raw, dict):
        raw = [f"{k}={v}" for k, v in raw.items()]
    pairs = _as_list(raw, path)
    for pair in pairs:
        check, _, severity = pair.partition("=")
        _as_checks(check, path)
        if severity not in ("error", "warning", "info"):
            raise ConfigError(f'{path}: "{pair}": the severity must be error, warning or info', path)
    return pairs


def _as_enum(option: Option) -> Callable[[Any, str], str]:
    def convert(raw: Any, path: str) -> str:
        value = _as_str(raw, path)
        if value not in option.choices:
            raise ConfigError(f'{path}: "{value}" is not one of {", ".join(option.choices)}', path)
        return value

    return convert


def _options(mode: str, raw: dict[str, Any], prefix: str) -> dict[str, Any]:
    allowed = {option.name: option for option in options_for(mode)}
    out: dict[str, Any] = {}
    for key, value in raw.items():
        path = f"{prefix}.{key}"
        if key not in allowed:
            raise ConfigError(f'{path}: unknown option "{key}" for mode {mode}{_suggest(key, allowed)}', path)
        out[key] = parse_value(allowed[key], value, path)
    return out


def _suggest(key: str, allowed: dict[str, Option]) -> str:
    by_lower = {name.lower(): name for name in allowed}
    close = by_lower.get(key.lower()) or next(iter(difflib.get_close_matches(key, list(allowed), n=1)), None)
    if close:
        return f' (did you mean "{close}"?)'
    return f' (known: {", ".join(sorted(allowed)) or "none"})'


def _mode(raw: Any, path: str) -> str:
    if raw is None or raw == "":
        return "inline"
    if not isinstance(raw, str) or raw not in MODES:
        raise ConfigError(f'{path}: unknown mode "{raw}" (expected one of: {", ".join(MODES)})', path)
    return raw


def parse_function_config(fc: Any) -> FunctionConfig:
    """Mode and options from a ResourceList's functionConfig (None when absent)."""
    if fc is None:
        return FunctionConfig()
    if not isinstance(fc, dict):
        raise ConfigError("functionConfig must be a mapping", "functionConfig")
    api_version, kind = fc.get("apiVersion"), fc.get("kind")
    if kind == "ConfigMap" and api_version in ("v1", None):
        return _from_config_map(fc)
    if isinstance(api_version, str) and api_version.split("/")[0] == API_GROUP:
        return _from_typed(fc, api_version, kind)
    raise ConfigError(
        f'unsupported functionConfig {api_version or "<no apiVersion>"}/{kind or "<no kind>"}: use a '
        f"ConfigMap with data.mode, or {API_VERSION} kind Inline, Validate or Generate",
        "kind",
    )


def _from_config_map(fc: dict) -> FunctionConfig:
    data = fc.get("data")
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError("data: expected a mapping of strings", "data")
    data = dict(data)
    mode = _mode(data.pop("mode", None), "data.mode")
    return FunctionConfig(mode, _options(mode, data, "data"), "ConfigMap")


def _from_typed(fc: dict, api_version: str, kind: Any) -> FunctionConfig:
    if api_version != API_VERSION:
        raise ConfigError(f'apiVersion: unsupported version "{api_version}" (expected {API_VERSION})', "apiVersion")
    if kind not in KIND_TO_MODE:
        raise ConfigError(
            f'kind: unknown kind "{kind}" for {API_VERSION} (expected one of: {", ".join(KIND_TO_MODE)})', "kind"
        )
    mode = KIND_TO_MODE[kind]
    spec = fc.get("spec")
    if spec is None:
        spec = {}
    if not isinstance(spec, dict):
        raise ConfigError("spec: expected a mapping", "spec")
    return FunctionConfig(mode, _options(mode, spec, "spec"), "typed")

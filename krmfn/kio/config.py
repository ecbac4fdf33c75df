"""functionConfig: which mode to run and with which options.

Accepted forms (README, "FunctionConfig"):

* none: mode `inline` with defaults;
* a ConfigMap (what `kpt fn eval -- k=v` and Kptfile `configMap:` send): `data.mode` is
  `inline`, `validate` or `generate`, every other key is an option, and every value is a string
  (`"true"`, `"3"`, comma lists);
* a typed object `apiVersion: krmfn.dev/v1alpha1`, kind `Inline`, `Validate` or `Generate`, with
  the options under `spec` (typed values).

Options are declared once, in ``krmfn.model.options``; this module only reads them from a
functionConfig.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Collection, Mapping

from krmfn.kio import tree as yt
from krmfn.kio.lines import line_of
from krmfn.model.clusterfile import CLUSTER_CONFIG_OPTION, is_path
from krmfn.model.modes import KIND_TO_MODE
from krmfn.model.options import EVERY_TEMPLATE, MODES, OPTIONS, PARAMETERS_KIND, Option, did_you_mean, options_for
from krmfn.model.check_ids import CHECK_IDS, INPUT
from krmfn.model.record import field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

API_GROUP = "krmfn.dev"
API_VERSION = "krmfn.dev/v1alpha1"
CONFIG_FILES = (".krmfn.yaml", ".krmfn.yml")  # found by the CLI (README, "Config file")


# validate's checks and the CLI's `input` check (which the KRM function never reports)
KNOWN_CHECKS = (*CHECK_IDS, INPUT)


class ConfigError(Exception):
    """A functionConfig or config file problem; `path` is the field at fault (e.g. `data.mode`),
    `file` and `line` (1-based) where it is, when it came from a file."""

    def __init__(self, message: str, path: str | None = None, file: str | None = None,
                 line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.file = file
        self.line = line

    def located(self) -> str:
        """`file:line: message`, with the parts that are known."""
        where = f"{self.file}:{self.line}" if self.file and self.line else self.file
        return f"{where}: {self.message}" if where else self.message


def _bool(text: str, path: str) -> bool:
    lowered = text.strip().lower()
    if lowered in ("true", "1", "yes", "on"):
        return True
    if lowered in ("false", "0", "no", "off", ""):
        return False
    raise ConfigError(f'{path}: expected true or false, got "{text}"', path)



@record
class FunctionConfig:
    mode: str = "inline"
    options: dict[str, Any] = field(default_factory=dict)
    source_kind: str = "none"  # none | ConfigMap | typed


def parse_value(option: Option, raw: Any, path: str) -> Any:
    """A typed option value from a ConfigMap string or a typed spec value, in the option's
    vocabulary (``Option.values``: an architecture, a quantity, a namespace name...)."""
    convert: dict[str, Callable[[Any, str], Any]] = {
        "str": _as_str, "bool": _as_bool, "list": _as_list, "enum": _as_enum(option), "int": _as_int,
        "checks": _as_checks, "severities": _as_severities, "sizes": _as_sizes,
        "lines": _as_lines, PARAMETERS_KIND: _as_parameters,
    }
    value = convert[option.kind](raw, path)
    if option.values:
        # KubeVirt's vocabularies (the gate registry, quantities, the catalogs) load with the first
        # option that has one: `krmfn MODE --help` and a run without such options do not pay for them
        from krmfn.kubevirt import option_values  # noqa: PLC0415
        problem = option_values.problem(option.values, value)
        if problem:
            raise ConfigError(f"{path}: {problem}", path)
    return value


GATE_OPTIONS = ("featureGates", "disabledFeatureGates")


def check_gates(options: Mapping[str, Any], path: Callable[[str], str]) -> None:
    """The feature gates given (``featureGates``, ``disabledFeatureGates``) are gates of the release
    ``kubevirtVersion`` targets; ``path`` names where an option was given (``data.featureGates``,
    ``--feature-gates``). A ConfigError for the first that is not."""
    for name in GATE_OPTIONS:
        gates = options.get(name)
        if not gates:
            continue
        from krmfn.kubevirt import option_values  # noqa: PLC0415 - only when gates are given
        problem = option_values.gate_problem(gates, options.get("kubevirtVersion"))
        if problem:
            raise ConfigError(f"{path(name)}: {problem}", path(name))


def parse_flag(option: Option, raw: Any) -> Any:
    """A CLI flag's value; a list flag gives one string per use, each comma-separated."""
    if option.kind == PARAMETERS_KIND and isinstance(raw, list):  # -p [TEMPLATE:]NAME=VALUE, one per use
        return _assignments(raw, option.flag)
    if option.is_list and isinstance(raw, list):
        return [value for one in raw for value in parse_value(option, one, option.flag)]
    return parse_value(option, raw, option.flag)


def flag_path(name: str) -> str:
    """How a CLI error names the option ``name``: its flag (``--feature-gates``)."""
    return next((option.flag for option in OPTIONS if option.name == name), name)


def combined(option: Option, earlier: Any, later: Any) -> Any:
    """An option given twice (a config file, then a flag): lists add up, in order and without
    repeats (for `severity`, the later pair for a check wins); any other value is replaced."""
    if option.kind == PARAMETERS_KIND and isinstance(earlier, dict) and isinstance(later, dict):
        return {**earlier, **{template: {**earlier.get(template, {}), **values} for template, values in later.items()}}
    if not option.is_list or not isinstance(earlier, list) or not isinstance(later, list):
        return later
    if option.kind != "severities":
        return [*earlier, *(value for value in later if value not in earlier)]
    merged = list(earlier)
    for value in later:  # a check's later severity replaces every earlier one, wherever it was
        check = _severity_check(value)
        merged = [kept for kept in merged if _severity_check(kept) != check]
        merged.append(value)
    return merged


def _severity_check(value: Any) -> Any:
    return value.partition("=")[0].strip() if isinstance(value, str) else value


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


def _as_lines(raw: Any, path: str) -> list[str]:
    """A list of strings, or one string holding one value per line (a value may contain commas)."""
    if isinstance(raw, str):
        return [line.strip() for line in raw.splitlines() if line.strip()]
    if isinstance(raw, list) and all(isinstance(part, str) for part in raw):
        return list(raw)
    raise ConfigError(f"{path}: expected a list of strings or a string with one value per line", path)


def parameter_assignment(text: str, path: str) -> tuple[str, str, str]:
    """``[TEMPLATE:]NAME=VALUE`` (``-p``, a ConfigMap line) as (template or ``*``, name, value): the
    value is everything after the first ``=`` (commas and colons included)."""
    target, equals, value = text.partition("=")
    template, colon, name = target.partition(":")
    if not colon:
        template, name = EVERY_TEMPLATE, target
    if not equals or not name.strip() or not template.strip():
        raise ConfigError(f'{path}: "{text}": expected NAME=VALUE, or TEMPLATE:NAME=VALUE for one template '
                          "(TEMPLATE: its name or NAMESPACE/NAME)", path)
    return template.strip(), name.strip(), value


def _scalar(raw: Any) -> str | None:
    """A parameter value of the typed form: a string, or a YAML scalar written as its text."""
    if isinstance(raw, bool):
        return str(raw).lower()
    if isinstance(raw, (str, int, float)):
        return str(raw)
    return None


def _assignments(lines: list[str], path: str) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for line in lines:
        template, name, value = parameter_assignment(line, path)
        out.setdefault(template, {})[name] = value
    return out


def _as_parameters(raw: Any, path: str) -> dict[str, dict[str, str]]:
    """``{TEMPLATE: {NAME: VALUE}}`` from a typed mapping, or from a ConfigMap string of
    ``[TEMPLATE:]NAME=VALUE`` lines."""
    if isinstance(raw, str):
        return _assignments([line.strip() for line in raw.splitlines() if line.strip()], path)
    out: dict[str, dict[str, str]] = {}
    if not isinstance(raw, dict):
        raise ConfigError(f"{path}: expected a mapping of templates to their parameters' values "
                          "({TEMPLATE: {NAME: VALUE}}), or lines of [TEMPLATE:]NAME=VALUE", path)
    for template, values in raw.items():
        where = f"{path}.{template}"
        if not isinstance(values, dict):
            raise ConfigError(f"{where}: expected a mapping of parameter names to values", where)
        for name, value in values.items():
            text = _scalar(value)
            if text is None:
                raise ConfigError(f"{where}.{name}: expected a string", f"{where}.{name}")
            out.setdefault(str(template), {})[str(name)] = text
    return out


def _as_sizes(raw: Any, path: str) -> list[Any]:
    if not isinstance(raw, list):
        raise ConfigError(f"{path}: expected a list of {{from, name, vcpus, memory, patches, set}}", path)
    return raw


def _as_checks(raw: Any, path: str) -> list[str]:
    ids = _as_list(raw, path)
    for check in ids:
        if check not in KNOWN_CHECKS:
            raise ConfigError(f'{path}: unknown check "{check}" (checks: {", ".join(KNOWN_CHECKS)})', path)
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
            raise ConfigError(f'{path}: "{value}" is not one of {", ".join(option.choices)}'
                              f"{did_you_mean(value, option.choices)}", path)
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


def _suggest(key: str, allowed: Collection[str]) -> str:
    return did_you_mean(key, allowed) or f' (known: {", ".join(sorted(allowed)) or "none"})'


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
        f"ConfigMap with data.mode, or {API_VERSION} kind Inline, Validate, Generate or Normalize",
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
    options = _options(mode, data, "data")
    check_gates(options, lambda name: f"data.{name}")
    return FunctionConfig(mode, options, "ConfigMap")


def _from_typed(fc: dict, api_version: str, kind: Any) -> FunctionConfig:
    if api_version != API_VERSION:
        raise ConfigError(f'apiVersion: unsupported version "{api_version}" (expected {API_VERSION})', "apiVersion")
    if not isinstance(kind, str) or kind not in KIND_TO_MODE:
        raise ConfigError(
            f'kind: unknown kind "{kind}" for {API_VERSION} (expected one of: {", ".join(KIND_TO_MODE)})', "kind"
        )
    mode = KIND_TO_MODE[kind]
    spec = fc.get("spec")
    if spec is None:
        spec = {}
    if not isinstance(spec, dict):
        raise ConfigError("spec: expected a mapping", "spec")
    options = _options(mode, spec, "spec")
    check_gates(options, lambda name: f"spec.{name}")
    return FunctionConfig(mode, options, "typed")


# --- config files (CLI) -------------------------------------------------------------------------


def find_config_file(start: str) -> str | None:
    """`.krmfn.yaml` (or `.krmfn.yml`) in ``start`` or its nearest parent up to the repository
    root (the first directory holding `.git`); outside a repository, in ``start`` only. The path
    is relative to ``start``."""
    for folder in _up_to_repository_root(os.path.abspath(start)):
        found = [os.path.join(folder, name) for name in CONFIG_FILES if os.path.isfile(os.path.join(folder, name))]
        if len(found) > 1:
            raise ConfigError(f"two config files, {os.path.relpath(found[0], start)} and "
                              f"{os.path.relpath(found[1], start)}: keep one")
        if found:
            return os.path.relpath(found[0], start)
    return None


def repository_root(start: str) -> str:
    """The first directory at or above ``start`` holding `.git`; ``start`` outside a repository."""
    return _up_to_repository_root(os.path.abspath(start))[-1]


def _up_to_repository_root(start: str) -> list[str]:
    chain = [start]
    while not os.path.exists(os.path.join(chain[-1], ".git")):
        parent = os.path.dirname(chain[-1])
        if parent == chain[-1]:
            return [start]
        chain.append(parent)
    return chain


def options_from_file(path: str, mode: str, discovered: bool) -> dict[str, Any]:
    """A mode's options from a config file: a mapping of options with optional per-mode sections
    (``parse_settings``), or, given with --config only, one functionConfig for that mode. A
    ``clusterConfig`` path in it is relative to the file's directory."""
    options = _options_from_file(path, mode, discovered)
    cluster_config = options.get(CLUSTER_CONFIG_OPTION)
    if is_path(cluster_config) and not os.path.isabs(cluster_config):
        options[CLUSTER_CONFIG_OPTION] = os.path.normpath(os.path.join(os.path.dirname(path), cluster_config))
    return options


def _options_from_file(path: str, mode: str, discovered: bool) -> dict[str, Any]:
    index, raw = read_document(path)
    try:
        if isinstance(raw, dict) and ("kind" in raw or "apiVersion" in raw):
            if discovered:
                raise ConfigError("a functionConfig (apiVersion and kind) goes to --config; this file holds a "
                                  "mapping of options, with optional inline:, validate: and generate: sections",
                                  "kind")
            config = parse_function_config(raw)
            if config.mode != mode:
                raise ConfigError(f"it configures mode {config.mode}, not {mode}", "kind")
            return config.options
        return parse_settings(raw)[mode]
    except ConfigError as err:
        err.file, err.line = path, line_of(path, index, err.path)
        raise


def read_document(path: str) -> tuple[int, Any]:
    """The one non-empty document of a config file and its index (an empty file: (0, None))."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as err:
        raise ConfigError(f"cannot read: {err.strerror}", file=path) from None
    try:
        tree = yt.parse(data)
        walker = yt.Walker(tree)
        documents = [(index, walker.value(doc)) for index, doc in enumerate(yt.documents(tree))]
    except yt.YamlError as err:
        raise ConfigError(err.message, file=path, line=err.line) from None
    documents = [(index, value) for index, value in documents if value is not None]
    if len(documents) > 1:
        raise ConfigError(f"expected one YAML document, got {len(documents)}", file=path)
    return documents[0] if documents else (0, None)


def _section_path(mode: str, section: Mapping[str, Any]) -> Callable[[str], str]:
    """How a config file's option is named: in the mode's section (``validate.featureGates``) or at the top."""
    def path(name: str) -> str:
        return f"{mode}.{name}" if name in section else name
    return path


def parse_settings(raw: Any) -> dict[str, dict[str, Any]]:
    """Each mode's options from a config file's mapping: a top-level option goes to every mode
    that has it, and a mode's own section (`validate: {...}`) adds to it (lists) or replaces it."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ConfigError("expected a mapping of options, with optional inline:, validate: and generate: sections")
    known = {option.name for option in OPTIONS}
    for key in raw:
        if key not in known and key not in MODES:
            raise ConfigError(f'{key}: unknown option "{key}"{_suggest(str(key), [*known, *MODES])}', str(key))
    out: dict[str, dict[str, Any]] = {}
    for mode in MODES:
        allowed = {option.name: option for option in options_for(mode)}
        options = {key: parse_value(allowed[key], value, key) for key, value in raw.items() if key in allowed}
        section = raw.get(mode)
        if section is not None and not isinstance(section, dict):
            raise ConfigError(f"{mode}: expected a mapping of options", mode)
        for key, value in _options(mode, section or {}, mode).items():
            options[key] = combined(allowed[key], options.get(key), value)
        check_gates(options, _section_path(mode, section or {}))
        out[mode] = options
    return out

"""functionConfig forms, option parsing, and the errors for unknown modes, kinds and options."""
from __future__ import annotations

import pytest

from krmfn.kio import config as cfg
from krmfn.kio.config import ConfigError, find_config_file, parse_function_config, parse_settings
from krmfn.model.options import OPTIONS, options_for


def config_map(data):
    return {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "function-input"}, "data": data}


def test_no_function_config_means_inline():
    config = parse_function_config(None)
    assert (config.mode, config.options) == ("inline", {})


def test_config_map_mode_and_string_options():
    config = parse_function_config(config_map({"mode": "inline", "namespace": "lab", "dropReferenced": "true"}))
    assert config.mode == "inline"
    assert config.options == {"namespace": "lab", "dropReferenced": True}


def test_config_map_without_mode_is_inline():
    assert parse_function_config(config_map({"namespace": "x"})).mode == "inline"


def test_typed_kinds():
    for kind, mode in (("Inline", "inline"), ("Validate", "validate"), ("Generate", "generate")):
        config = parse_function_config({"apiVersion": "krmfn.dev/v1alpha1", "kind": kind, "metadata": {"name": "x"}})
        assert config.mode == mode and config.source_kind == "typed"


def test_typed_spec_values_keep_their_types():
    config = parse_function_config({"apiVersion": "krmfn.dev/v1alpha1", "kind": "Inline",
                                    "spec": {"dropReferenced": True, "defaults": "none"}})
    assert config.options == {"dropReferenced": True, "defaults": "none"}


@pytest.mark.parametrize("fc, path, words", [
    (config_map({"mode": "expand"}), "data.mode", 'unknown mode "expand"'),
    (config_map({"mode": "inline", "namespce": "x"}), "data.namespce", 'unknown option "namespce"'),
    (config_map({"mode": "inline", "dropReferenced": "maybe"}), "data.dropReferenced", "expected true or false"),
    (config_map({"mode": "inline", "defaults": "some"}), "data.defaults", '"some" is not one of cluster, none'),
    (config_map({"mode": "generate", "dropReferenced": "true"}), "data.dropReferenced", "for mode generate"),
    ({"apiVersion": "krmfn.dev/v1alpha1", "kind": "Expand"}, "kind", 'unknown kind "Expand"'),
    ({"apiVersion": "krmfn.dev/v9", "kind": "Inline"}, "apiVersion", 'unsupported version "krmfn.dev/v9"'),
    ({"apiVersion": "example.com/v1", "kind": "Thing"}, "kind", "unsupported functionConfig example.com/v1/Thing"),
    ({"apiVersion": "krmfn.dev/v1alpha1", "kind": "Inline", "spec": [1]}, "spec", "expected a mapping"),
    (config_map([1, 2]), "data", "expected a mapping"),
    # option values in KubeVirt's vocabulary (krmfn.kubevirt.option_values), with a "did you mean"
    (config_map({"mode": "inline", "architecture": "foo"}), "data.architecture",
     '"foo" is not one of KubeVirt\'s architectures: amd64, arm64, s390x'),
    ({"apiVersion": "krmfn.dev/v1alpha1", "kind": "Validate", "spec": {"evictionStrategy": "Livemigrate"}},
     "spec.evictionStrategy", '(did you mean "LiveMigrate"?)'),
    (config_map({"mode": "inline", "cpuRequest": "abc"}), "data.cpuRequest", '"abc" is not a quantity'),
    (config_map({"mode": "validate", "namespace": "Bad_NS"}), "data.namespace", '(did you mean "bad-ns"?)'),
    (config_map({"mode": "generate", "catalog": "v9"}), "data.catalog", 'unknown catalog version "v9"'),
    (config_map({"mode": "inline", "kubevirtVersion": "1.8"}), "data.kubevirtVersion",
     '"1.8" is not one of v1.7, v1.8, v1.9, main (did you mean "v1.8"?)'),
    (config_map({"mode": "inline", "featureGates": "Sidecar,NoSuchGate"}), "data.featureGates",
     '"NoSuchGate" is not a feature gate of KubeVirt v1.9 (v1.9.0)'),
    # the gates of the release the same functionConfig targets
    ({"apiVersion": "krmfn.dev/v1alpha1", "kind": "Inline",
      "spec": {"kubevirtVersion": "v1.9", "disabledFeatureGates": ["MigrationDowntimeTuning"]}},
     "spec.disabledFeatureGates", '"MigrationDowntimeTuning" is not a feature gate of KubeVirt v1.9 (v1.9.0)'),
])
def test_errors_name_the_field(fc, path, words):
    with pytest.raises(ConfigError) as err:
        parse_function_config(fc)
    assert err.value.path == path
    assert words in err.value.message


def test_every_option_documents_default_and_example():
    for option in OPTIONS:
        assert option.help and option.example and option.modes
        assert option.kind != "enum" or option.default in option.choices


def test_options_per_mode():
    assert {o.name for o in options_for("inline")} >= {"namespace", "defaults", "dropReferenced"}
    assert "dropReferenced" not in {o.name for o in options_for("validate")}


def test_config_file_options_go_to_every_mode_that_has_them():
    settings = parse_settings({"namespace": "lab", "featureGates": "Sidecar", "disable": ["deprecated"],
                               "validate": {"featureGates": ["HostDevices", "Sidecar"], "strict": True},
                               "generate": {"namespace": ""}})
    assert settings["validate"] == {"namespace": "lab", "featureGates": ["Sidecar", "HostDevices"],
                                    "disable": ["deprecated"], "strict": True}
    assert settings["inline"] == {"namespace": "lab", "featureGates": ["Sidecar"]}
    assert settings["generate"] == {"namespace": ""}


@pytest.mark.parametrize("raw, path, words", [
    ({"inline": {"disable": ["x"]}}, "inline.disable", 'unknown option "disable" for mode inline'),
    ({"valdate": {}}, "valdate", 'unknown option "valdate" (did you mean "validate"?)'),
    ({"severity": "conflict=fatal"}, "severity", "the severity must be error, warning or info"),
    ({"architecture": "x86_64"}, "architecture", '"x86_64" is not one of KubeVirt\'s architectures'),
    ({"validate": {"featureGates": ["Sidecr"]}}, "validate.featureGates", '(did you mean "Sidecar"?)'),
    ({"featureGates": ["MigrationDowntimeTuning"], "inline": {"kubevirtVersion": "main"}}, "featureGates",
     "is not a feature gate of KubeVirt v1.9 (v1.9.0)"),  # validate's release is still v1.9
    ([1], None, "expected a mapping of options"),
])
def test_config_file_errors_name_the_field(raw, path, words):
    with pytest.raises(ConfigError) as err:
        parse_settings(raw)
    assert err.value.path == path and words in err.value.message


def test_find_config_file(tmp_path):
    (tmp_path / ".git").write_text("gitdir: elsewhere\n")  # a worktree's .git is a file
    (tmp_path / "a" / "b").mkdir(parents=True)
    assert find_config_file(str(tmp_path / "a" / "b")) is None
    (tmp_path / ".krmfn.yml").write_text("{}\n")
    assert find_config_file(str(tmp_path / "a" / "b")) == "../../.krmfn.yml"
    (tmp_path / "a" / ".krmfn.yaml").write_text("{}\n")
    assert find_config_file(str(tmp_path / "a" / "b")) == "../.krmfn.yaml"
    (tmp_path / "a" / ".krmfn.yml").write_text("{}\n")
    with pytest.raises(ConfigError, match="two config files, ../.krmfn.yaml and ../.krmfn.yml: keep one"):
        find_config_file(str(tmp_path / "a" / "b"))


def test_a_later_severity_for_a_check_wins_over_every_earlier_one():
    severity = next(option for option in OPTIONS if option.name == "severity")
    assert cfg.combined(severity, ["conflict=warning", "deprecated=error"], ["conflict=error", "conflict=warning"]) == [
        "deprecated=error", "conflict=warning"]
    disable = next(option for option in OPTIONS if option.name == "disable")
    assert cfg.combined(disable, ["catalog", "conflict"], ["conflict", "deprecated"]) == [
        "catalog", "conflict", "deprecated"]


def test_generate_set_is_one_value_per_line_and_patch_a_string() -> None:
    """`set` values may hold commas (a comma list would split them): a ConfigMap string is one per line."""
    fc = parse_function_config({"apiVersion": "v1", "kind": "ConfigMap", "data": {
        "mode": "generate", "set": "annotations.a=x,y\n\n  cpu.model=host-passthrough \n",
        "patch": '[{"op": "remove", "path": "/a"}, {"op": "remove", "path": "/b"}]'}})
    assert fc.options == {"set": ["annotations.a=x,y", "cpu.model=host-passthrough"],
                          "patch": '[{"op": "remove", "path": "/a"}, {"op": "remove", "path": "/b"}]'}
    typed = parse_function_config({"apiVersion": "krmfn.dev/v1alpha1", "kind": "Generate",
                                   "spec": {"set": ["a=1", "b=2,3"]}})
    assert typed.options == {"set": ["a=1", "b=2,3"]}
    with pytest.raises(ConfigError, match=r"data.set: expected a list of strings or a string with one value per line"):
        parse_function_config({"apiVersion": "v1", "kind": "ConfigMap", "data": {"mode": "generate", "set": {"a": 1}}})


@pytest.mark.parametrize("kind", [{"name": "fn"}, ["Inline"], 3, None])
def test_a_typed_function_config_whose_kind_is_not_a_string_is_a_config_error(kind):
    # found by the fuzz run (crash 9b1de3ef): a mapping as kind raised TypeError
    with pytest.raises(ConfigError, match=r"^kind: unknown kind "):
        parse_function_config({"apiVersion": "krmfn.dev/v1alpha1", "kind": kind})


def test_process_parameters_typed_and_as_configmap_lines() -> None:
    typed = parse_function_config({"apiVersion": "krmfn.dev/v1alpha1", "kind": "Process", "metadata": {"name": "p"},
                                   "spec": {"parameters": {"vm-template": {"NAME": "web", "CPU": 2, "EFI": True},
                                                           "lab/db": {"URL": "a=b,c"}}, "seed": 42}})
    assert (typed.mode, typed.options) == ("process", {
        "parameters": {"vm-template": {"NAME": "web", "CPU": "2", "EFI": "true"}, "lab/db": {"URL": "a=b,c"}},
        "seed": 42})
    lines = parse_function_config(config_map({"mode": "process", "seed": "7", "keepTemplates": "true",
                                              "parameters": "NAME=web\nlab/db:URL=a=b,c\n"}))
    assert lines.options == {"parameters": {"*": {"NAME": "web"}, "lab/db": {"URL": "a=b,c"}}, "seed": 7,
                             "keepTemplates": True}
    inline = parse_function_config(config_map({"mode": "inline", "processTemplates": "true", "parameters": "N=1"}))
    assert inline.options == {"processTemplates": True, "parameters": {"*": {"N": "1"}}}
    convert = parse_function_config({"apiVersion": "krmfn.dev/v1alpha1", "kind": "Convert", "metadata": {"name": "c"},
                                     "spec": {"kubevirtVersion": "v1.8"}})
    assert (convert.mode, convert.options) == ("convert", {"kubevirtVersion": "v1.8"})


@pytest.mark.parametrize("data, path, words", [
    ({"parameters": "NAME"}, "data.parameters", 'data.parameters: "NAME": expected NAME=VALUE'),
    ({"parameters": "=x"}, "data.parameters", 'data.parameters: "=x": expected NAME=VALUE'),
    ({"parameters": ":N=x"}, "data.parameters", 'data.parameters: ":N=x": expected NAME=VALUE'),
    ({"seed": "one"}, "data.seed", "data.seed: expected an integer"),
    ({"keepTemplates": "maybe"}, "data.keepTemplates", 'data.keepTemplates: expected true or false, got "maybe"'),
    ({"processTemplates": "true"}, "data.processTemplates", 'unknown option "processTemplates" for mode process'),
])
def test_process_option_errors_name_the_field(data, path, words) -> None:
    with pytest.raises(ConfigError) as err:
        parse_function_config(config_map({"mode": "process", **data}))
    assert err.value.path == path and words in err.value.message


@pytest.mark.parametrize("spec, path", [({"parameters": ["NAME=x"]}, "spec.parameters"),
                                        ({"parameters": {"t": "NAME=x"}}, "spec.parameters.t"),
                                        ({"parameters": {"t": {"N": [1]}}}, "spec.parameters.t.N")])
def test_typed_parameters_must_map_templates_to_names_to_strings(spec, path) -> None:
    with pytest.raises(ConfigError) as err:
        parse_function_config({"apiVersion": "krmfn.dev/v1alpha1", "kind": "Process", "spec": spec})
    assert err.value.path == path


def test_parameters_from_a_file_and_flags_add_up_the_later_winning() -> None:
    option = next(option for option in OPTIONS if option.name == "parameters")
    flags = cfg.parse_flag(option, ["NAME=web", "t:CPU=2", "t:CPU=4"])
    assert flags == {"*": {"NAME": "web"}, "t": {"CPU": "4"}}
    assert cfg.combined(option, {"*": {"NAME": "db", "DISK": "1Gi"}, "u": {"X": "1"}}, flags) == {
        "*": {"NAME": "web", "DISK": "1Gi"}, "u": {"X": "1"}, "t": {"CPU": "4"}}
    assert option.flag == "--param"

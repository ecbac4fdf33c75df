"""validateStartStrategy, validateSpecAffinity, validateSpecTopologySpreadConstraints (with the
Kubernetes validation KubeVirt copies), validateRebootPolicy and validateServiceAccountName."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.scheduling import (
    validate_reboot_policy,
    validate_service_account_name,
    validate_spec_affinity,
    validate_spec_topology_spread_constraints,
    validate_start_strategy,
)

FIELD = "spec.template.spec"
QUALIFIED_NAME_REGEX = ("must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
                        "alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for "
                        "validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')")
SUBDOMAIN_REGEX = ("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', "
                   "and must start and end with an alphanumeric character (e.g. 'example.com', regex used for "
                   "validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')")
LABEL_VALUE_REGEX = ("a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', "
                     "and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or "
                     "'12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')")
LABEL_REGEX = ("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must "
               "start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for "
               "validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')")


def _pairs(causes: list) -> list[tuple[str, str]]:
    return [(cause.field, cause.message) for cause in causes]


def _error(path: str, body: str) -> tuple[str, str]:
    """A field error as KubeVirt turns it into a cause: the message repeats the path."""
    return path, f"{path}: {body}"


# ---------------------------------------------------------------------------------------------
# startStrategy
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("spec, expected", [
    ({}, []),
    ({"startStrategy": None}, []),
    ({"startStrategy": "Paused"}, []),
    ({"startStrategy": "Paused", "readinessProbe": {"exec": {}}}, []),
    ({"startStrategy": "Running"},
     [(f"{FIELD}.startStrategy", f"{FIELD}.startStrategy is set with an unrecognized option: Running")]),
    ({"startStrategy": ""},
     [(f"{FIELD}.startStrategy", f"{FIELD}.startStrategy is set with an unrecognized option: ")]),
    ({"startStrategy": "Paused", "livenessProbe": {"exec": {}}},
     [(f"{FIELD}.startStrategy", f"either {FIELD}.startStrategy or {FIELD}.livenessProbe should be provided."
                                 "Pausing VMI with LivenessProbe is not supported")]),
    ({"startStrategy": "Running", "livenessProbe": {}},
     [(f"{FIELD}.startStrategy", f"{FIELD}.startStrategy is set with an unrecognized option: Running")]),
])
def test_start_strategy(spec: dict, expected: list) -> None:
    assert _pairs(validate_start_strategy(FIELD, spec, ClusterConfig())) == expected


# ---------------------------------------------------------------------------------------------
# affinity
# ---------------------------------------------------------------------------------------------
NA = f"{FIELD}.nodeAffinity"
REQ = f"{NA}.requiredDuringSchedulingIgnoredDuringExecution"
TERM0 = f"{REQ}.nodeSelectorTerms[0]"
PREF = f"{NA}.preferredDuringSchedulingIgnoredDuringExecution"
POD = f"{FIELD}.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]"
ANTI = f"{FIELD}.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0]"


def _node_terms(*requirements: dict, fields: bool = False) -> dict:
    key = "matchFields" if fields else "matchExpressions"
    return {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {
        "nodeSelectorTerms": [{key: list(requirements)}]}}}


@pytest.mark.parametrize("affinity, expected", [
    (None, []),
    ({}, []),
    ({"nodeAffinity": {}}, []),
    ({"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": None,
                       "preferredDuringSchedulingIgnoredDuringExecution": []}}, []),
    ({"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {}}},
     [_error(f"{REQ}.nodeSelectorTerms", "Required value: must have at least one node selector term")]),
    ({"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [{}]}}}, []),
    (_node_terms({"key": "kubernetes.io/hostname", "operator": "In", "values": ["n1"]},
                 {"key": "k", "operator": "Exists"}, {"key": "k", "operator": "Gt", "values": ["1"]}), []),
    (_node_terms({"key": "k", "operator": "In"}),
     [_error(f"{TERM0}.matchExpressions[0].values",
             "Required value: must be specified when `operator` is 'In' or 'NotIn'")]),
    (_node_terms({"key": "k", "operator": "DoesNotExist", "values": ["v"]}),
     [_error(f"{TERM0}.matchExpressions[0].values",
             "Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'")]),
    (_node_terms({"key": "k", "operator": "Lt", "values": ["1", "2"]}),
     [_error(f"{TERM0}.matchExpressions[0].values",
             "Required value: must be specified single value when `operator` is 'Lt' or 'Gt'")]),
    # The operator is a named string type: json.Marshal renders it (HTML-safe), not %q.
    (_node_terms({"key": "k", "operator": "<in>", "values": ["v"]}),
     [_error(f"{TERM0}.matchExpressions[0].operator",
             'Invalid value: "\\u003cin\\u003e": not a valid selector operator')]),
    (_node_terms({"key": "bad key", "operator": "Exists"}),
     [_error(f"{TERM0}.matchExpressions[0].key", f'Invalid value: "bad key": name part {QUALIFIED_NAME_REGEX}')]),
    (_node_terms({"key": "", "operator": "Exists"}),
     [_error(f"{TERM0}.matchExpressions[0].key", 'Invalid value: "": name part must be non-empty'),
      _error(f"{TERM0}.matchExpressions[0].key", f'Invalid value: "": name part {QUALIFIED_NAME_REGEX}')]),
    (_node_terms({"key": "/k", "operator": "Exists"}),
     [_error(f"{TERM0}.matchExpressions[0].key", 'Invalid value: "/k": prefix part must be non-empty')]),
    (_node_terms({"key": "a/b/c", "operator": "Exists"}),
     [_error(f"{TERM0}.matchExpressions[0].key",
             f'Invalid value: "a/b/c": a qualified name {QUALIFIED_NAME_REGEX} with an optional DNS subdomain '
             "prefix and '/' (e.g. 'example.com/MyName')")]),
    (_node_terms({"key": "metadata.name", "operator": "In", "values": ["node1"]}, fields=True), []),
    (_node_terms({"key": "key", "operator": "In", "values": ["value1"]}, fields=True),
     [_error(f"{TERM0}.matchFields[0].key", 'Invalid value: "key": not a valid field selector key')]),
    (_node_terms({"key": "metadata.name", "operator": "In", "values": [""]}, fields=True),
     [_error(f"{TERM0}.matchFields[0].values[0]", f'Invalid value: "": {SUBDOMAIN_REGEX}')]),
    (_node_terms({"key": "metadata.name", "operator": "Exists", "values": ["a", "b"]}, fields=True),
     [_error(f"{TERM0}.matchFields[0].operator", 'Invalid value: "Exists": not a valid selector operator')]),
    (_node_terms({"key": "metadata.name", "operator": "NotIn", "values": ["a", "B"]}, fields=True),
     [_error(f"{TERM0}.matchFields[0].values",
             "Required value: must be only one value when `operator` is 'In' or 'NotIn' for node field selector"),
      _error(f"{TERM0}.matchFields[0].values[1]", f'Invalid value: "B": {SUBDOMAIN_REGEX}')]),
    ({"nodeAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [
        {"weight": 20, "preference": {"matchExpressions": [{"key": "k", "operator": "Exists"}]}},
        {"weight": 0, "preference": {}},
        {"weight": 101, "preference": {"matchExpressions": [{"key": "k", "operator": "Foo"}]}}]}},
     [_error(f"{PREF}[1].weight", "Invalid value: 0: must be in the range 1-100"),
      _error(f"{PREF}[2].weight", "Invalid value: 101: must be in the range 1-100"),
      _error(f"{PREF}[2].preference.matchExpressions[0].operator",
             'Invalid value: "Foo": not a valid selector operator')]),
])
def test_node_affinity(affinity: dict | None, expected: list) -> None:
    spec = {} if affinity is None else {"affinity": affinity}
    assert _pairs(validate_spec_affinity(FIELD, spec, ClusterConfig())) == expected


@pytest.mark.parametrize("affinity, expected", [
    ({"podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
        {"topologyKey": "kubernetes.io/hostname", "labelSelector": {"matchLabels": {"app": "x"}},
         "namespaces": ["default"]}]}}, []),
    ({"podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
        {"labelSelector": {"matchExpressions": [{"key": "k", "operator": "In"}]}}]}},
     [_error(f"{POD}.labelSelector.matchExpressions[0].values",
             "Required value: must be specified when `operator` is 'In' or 'NotIn'"),
      _error(f"{POD}.topologyKey", "Required value: can not be empty"),
      _error(f"{POD}.topologyKey", 'Invalid value: "": name part must be non-empty'),
      _error(f"{POD}.topologyKey", f'Invalid value: "": name part {QUALIFIED_NAME_REGEX}')]),
    ({"podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
        {"topologyKey": "zone", "namespaces": ["Bad", "a.b"],
         "labelSelector": {"matchLabels": {"app": "-x"}, "matchExpressions": [
             {"key": "k", "operator": "Exists", "values": ["v"]}, {"key": "k", "operator": "NotIn", "values": ["_"]},
             {"key": "k", "operator": "Any"}]},
         "namespaceSelector": {"matchLabels": {"a b": "ok"}}}]}},
     [_error(f"{POD}.labelSelector.matchLabels", f'Invalid value: "-x": {LABEL_VALUE_REGEX}'),
      _error(f"{POD}.labelSelector.matchExpressions[0].values",
             "Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'"),
      _error(f"{POD}.labelSelector.matchExpressions[1].values[0]", f'Invalid value: "_": {LABEL_VALUE_REGEX}'),
      _error(f"{POD}.labelSelector.matchExpressions[2].operator",
             'Invalid value: "Any": not a valid selector operator'),
      _error(f"{POD}.namespaceSelector.matchLabels", f'Invalid value: "a b": name part {QUALIFIED_NAME_REGEX}'),
      _error(f"{POD}.namespace", f'Invalid value: "Bad": {LABEL_REGEX}'),
      _error(f"{POD}.namespace", 'Invalid value: "a.b": must not contain dots')]),
    ({"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [
        {"weight": -1, "podAffinityTerm": {"topologyKey": "zone"}}]}},
     [_error(f"{ANTI}.weight", "Invalid value: -1: must be in the range 1-100")]),
    ({"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [{"weight": 100}]}},
     [_error(f"{ANTI}.podAffinityTerm.topologyKey", "Required value: can not be empty"),
      _error(f"{ANTI}.podAffinityTerm.topologyKey", 'Invalid value: "": name part must be non-empty'),
      _error(f"{ANTI}.podAffinityTerm.topologyKey", f'Invalid value: "": name part {QUALIFIED_NAME_REGEX}')]),
])
def test_pod_affinity(affinity: dict, expected: list) -> None:
    assert _pairs(validate_spec_affinity(FIELD, {"affinity": affinity}, ClusterConfig())) == expected


def test_affinity_causes_are_all_field_value_invalid() -> None:
    causes = validate_spec_affinity(FIELD, {"affinity": _node_terms({"key": "k", "operator": "In"})}, ClusterConfig())
    assert [cause.type for cause in causes] == ["FieldValueInvalid"]


# ---------------------------------------------------------------------------------------------
# topologySpreadConstraints
# ---------------------------------------------------------------------------------------------
TSC = f"{FIELD}.topologySpreadConstraints"
GOOD = {"maxSkew": 1, "topologyKey": "zone", "whenUnsatisfiable": "DoNotSchedule"}
UNSUPPORTED_TAIL = 'supported values: "DoNotSchedule", "ScheduleAnyway"'


@pytest.mark.parametrize("constraints, expected", [
    (None, []),
    ([], []),
    ([GOOD, {**GOOD, "whenUnsatisfiable": "ScheduleAnyway"}], []),
    ([{**GOOD, "maxSkew": 0}], [_error(f"{TSC}[0].maxSkew", "Invalid value: 0: must be greater than zero")]),
    ([{**GOOD, "maxSkew": -1}], [_error(f"{TSC}[0].maxSkew", "Invalid value: -1: must be greater than zero")]),
    ([{**GOOD, "topologyKey": ""}], [_error(f"{TSC}[0].topologyKey", "Required value: can not be empty")]),
    ([{**GOOD, "topologyKey": "hostname=host1"}],
     [_error(f"{TSC}[0].topologyKey", f'Invalid value: "hostname=host1": name part {QUALIFIED_NAME_REGEX}')]),
    ([{**GOOD, "whenUnsatisfiable": "Never"}],
     [_error(f"{TSC}[0].whenUnsatisfiable", f'Unsupported value: "Never": {UNSUPPORTED_TAIL}')]),
    ([{**GOOD, "whenUnsatisfiable": ""}],
     [_error(f"{TSC}[0].whenUnsatisfiable", f'Unsupported value: "": {UNSUPPORTED_TAIL}')]),
    ([{**GOOD, "labelSelector": {"matchExpressions": [{"key": "k", "operator": "In"}]}}],
     [_error(f"{TSC}.labelSelector.matchExpressions[0].values",
             "Required value: must be specified when `operator` is 'In' or 'NotIn'")]),
    ([GOOD, {**GOOD, "maxSkew": 2}, GOOD],
     [_error(f"{TSC}[0].{{topologyKey, whenUnsatisfiable}}", 'Duplicate value: "{zone, DoNotSchedule}"'),
      _error(f"{TSC}[1].{{topologyKey, whenUnsatisfiable}}", 'Duplicate value: "{zone, DoNotSchedule}"')]),
    ([{"maxSkew": 0, "whenUnsatisfiable": "x", "labelSelector": {"matchLabels": {"k": "v v"}}},
      {"whenUnsatisfiable": "x"}],
     [_error(f"{TSC}[0].maxSkew", "Invalid value: 0: must be greater than zero"),
      _error(f"{TSC}[0].topologyKey", "Required value: can not be empty"),
      _error(f"{TSC}[0].whenUnsatisfiable", f'Unsupported value: "x": {UNSUPPORTED_TAIL}'),
      _error(f"{TSC}.labelSelector.matchLabels", f'Invalid value: "v v": {LABEL_VALUE_REGEX}'),
      _error(f"{TSC}[0].{{topologyKey, whenUnsatisfiable}}", 'Duplicate value: "{, x}"'),
      _error(f"{TSC}[1].maxSkew", "Invalid value: 0: must be greater than zero"),
      _error(f"{TSC}[1].topologyKey", "Required value: can not be empty"),
      _error(f"{TSC}[1].whenUnsatisfiable", f'Unsupported value: "x": {UNSUPPORTED_TAIL}')]),
])
def test_topology_spread_constraints(constraints: list | None, expected: list) -> None:
    spec = {} if constraints is None else {"topologySpreadConstraints": constraints}
    assert _pairs(validate_spec_topology_spread_constraints(FIELD, spec, ClusterConfig())) == expected


# ---------------------------------------------------------------------------------------------
# rebootPolicy, serviceAccountName
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("domain, disabled, expected", [
    ({}, ("RebootPolicy",), []),
    ({"rebootPolicy": "Terminate"}, (), []),
    ({"rebootPolicy": "Terminate"}, ("RebootPolicy",),
     [(f"{FIELD}.domain.rebootPolicy", "RebootPolicy is specified but the RebootPolicy feature gate is not enabled")]),
])
def test_reboot_policy(domain: dict, disabled: tuple, expected: list) -> None:
    config = ClusterConfig(disabled_feature_gates=disabled)
    assert _pairs(validate_reboot_policy(FIELD, {"domain": domain}, config)) == expected


SA = f"{FIELD}.serviceAccountName"


@pytest.mark.parametrize("spec, expected", [
    ({}, []),
    ({"serviceAccountName": "default"}, []),
    ({"serviceAccountName": "sa", "volumes": [{"name": "v", "serviceAccount": {"serviceAccountName": "sa"}}]}, []),
    ({"serviceAccountName": "Bad_Name"}, [(SA, f"{SA} is not a valid service account name: {SUBDOMAIN_REGEX}")]),
    ({"serviceAccountName": "x" * 254},
     [(SA, f"{SA} is not a valid service account name: must be no more than 253 characters")]),
    ({"serviceAccountName": "-" * 254},
     [(SA, f"{SA} is not a valid service account name: must be no more than 253 characters; {SUBDOMAIN_REGEX}")]),
    ({"serviceAccountName": "sa", "volumes": [
        {"name": "c", "configMap": {"name": "c"}},
        {"name": "v", "serviceAccount": {"serviceAccountName": "other\""}},
        {"name": "w", "serviceAccount": {}}]},
     [(SA, 'spec.serviceAccountName "sa" and serviceAccount volume "other\\"" '
           "must reference the same service account")]),
    ({"serviceAccountName": "B", "volumes": [{"name": "v", "serviceAccount": {}}]},
     [(SA, f"{SA} is not a valid service account name: {SUBDOMAIN_REGEX}"),
      (SA, 'spec.serviceAccountName "B" and serviceAccount volume "" must reference the same service account')]),
])
def test_service_account_name(spec: dict, expected: list) -> None:
    assert _pairs(validate_service_account_name(FIELD, spec, ClusterConfig())) == expected


def test_scheduling_through_the_chain() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "template": {"spec": {
              "domain": {"devices": {}}, "startStrategy": "Now",
              "topologySpreadConstraints": [{**GOOD, "maxSkew": 0}]}}}}
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and not verdict.allowed
    assert _pairs(verdict.causes) == [
        (f"{FIELD}.startStrategy", f"{FIELD}.startStrategy is set with an unrecognized option: Now"),
        _error(f"{TSC}[0].maxSkew", "Invalid value: 0: must be greater than zero")]

"""Scheduling and identity checks of vmi-create-admitter.go (d923fdb8): ``validateStartStrategy``,
``validateSpecAffinity`` and ``validateSpecTopologySpreadConstraints`` with the Kubernetes
validation KubeVirt copies into validate-k8s-utils.go (``validateAffinity`` and everything below
it, ``validateTopologySpreadConstraints``), ``validateRebootPolicy`` and
``validateServiceAccountName``.

Each affinity or spread error becomes one cause whose message is the ``field.Error`` text
(``<field>: <body>``) and whose type is always FieldValueInvalid. Oddities kept:

* the affinity is validated under the spec path itself, so the paths read
  ``spec.template.spec.nodeAffinity...`` (no ``affinity``);
* a pod affinity term's bad namespace is reported at ``...namespace`` (singular);
* a spread constraint's label selector is reported at
  ``spec.template.spec.topologySpreadConstraints.labelSelector`` (no index);
* the spread duplicate's path ends in ``.{topologyKey, whenUnsatisfiable}``.
"""
from __future__ import annotations


from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.model.reasons import needs_feature_gate
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_int, as_dict, as_str, dicts
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._resources import domain_field
from krmfn.kubevirt.apimachinery.validation import (
    NOT_A_VALID_SELECTOR_OPERATOR,
    OPERATOR_DOES_NOT_EXIST,
    OPERATOR_EXISTS,
    OPERATOR_IN,
    OPERATOR_NOT_IN,
    VALUES_FORBIDDEN_FOR_EXISTS,
    VALUES_REQUIRED_FOR_IN,
    FieldError,
    bad_int,
    bad_named,
    bad_string,
    duplicate,
    forbidden,
    go_quote,
    invalid,
    is_dns1123_subdomain,
    name_is_dns_label,
    name_is_dns_subdomain,
    not_supported,
    required,
    string_list,
    validate_label_name,
    validate_label_selector,
)

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

START_STRATEGY_PAUSED = "Paused"
UNRECOGNIZED_OPTION_FMT = "{path} is set with an unrecognized option: {value}"
PAUSED_WITH_LIVENESS_PROBE_FMT = ("either {start_strategy} or {liveness_probe} should be provided."
                                  "Pausing VMI with LivenessProbe is not supported")

REBOOT_POLICY_GATE = "RebootPolicy"
REBOOT_POLICY_GATE_DISABLED = f"RebootPolicy is specified but the {REBOOT_POLICY_GATE} feature gate is not enabled"

INVALID_SERVICE_ACCOUNT_NAME_FMT = "{path} is not a valid service account name: {errors}"
SERVICE_ACCOUNT_MISMATCH_FMT = ("spec.serviceAccountName {spec_name} and serviceAccount volume {volume_name} "
                                "must reference the same service account")

# validate-k8s-utils.go
WEIGHT_OUT_OF_RANGE = "must be in the range 1-100"
NO_NODE_SELECTOR_TERM = "must have at least one node selector term"
CAN_NOT_BE_EMPTY = "can not be empty"
NOT_A_VALID_FIELD_SELECTOR_KEY = "not a valid field selector key"
NODE_SINGLE_VALUE_FOR_GT_LT = "must be specified single value when `operator` is 'Lt' or 'Gt'"
FIELD_SELECTOR_SINGLE_VALUE = "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"
IS_NOT_POSITIVE = "must be greater than zero"
OBJECT_NAME_FIELD = "metadata.name"  # metav1.ObjectNameField, the one node field selector key
SUPPORTED_SCHEDULE_ACTIONS = ["DoNotSchedule", "ScheduleAnyway"]  # sets.NewString(...).List(): sorted
SPREAD_CONSTRAINT_KEY_PAIR = "{topologyKey, whenUnsatisfiable}"


def validate_start_strategy(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    start_strategy = spec.get("startStrategy")
    if start_strategy is None:
        return []
    path = f"{field}.startStrategy"
    if as_str(start_strategy) != START_STRATEGY_PAUSED:
        return [Cause(path, UNRECOGNIZED_OPTION_FMT.format(path=path, value=as_str(start_strategy)),
                      CAUSE_FIELD_VALUE_INVALID)]
    if spec.get("livenessProbe") is not None:
        message = PAUSED_WITH_LIVENESS_PROBE_FMT.format(start_strategy=path, liveness_probe=f"{field}.livenessProbe")
        return [Cause(path, message, CAUSE_FIELD_VALUE_INVALID)]
    return []


def _causes_of(errors: list[FieldError]) -> list[Cause]:
    return [Cause(error.field, error.error(), CAUSE_FIELD_VALUE_INVALID) for error in errors]


def validate_spec_affinity(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    affinity = spec.get("affinity")
    if affinity is None:
        return []
    return _causes_of(_validate_affinity(as_dict(affinity), field))


def validate_spec_topology_spread_constraints(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    constraints = spec.get("topologySpreadConstraints")
    if constraints is None:
        return []
    return _causes_of(_validate_topology_spread_constraints(dicts(constraints), f"{field}.topologySpreadConstraints"))


# ---------------------------------------------------------------------------------------------
# validate-k8s-utils.go: affinity
# ---------------------------------------------------------------------------------------------
def _validate_affinity(affinity: dict, path: str) -> list[FieldError]:
    errors: list[FieldError] = []
    if affinity.get("nodeAffinity") is not None:
        errors += _validate_node_affinity(as_dict(affinity["nodeAffinity"]), f"{path}.nodeAffinity")
    if affinity.get("podAffinity") is not None:
        errors += _validate_pod_affinity(as_dict(affinity["podAffinity"]), f"{path}.podAffinity")
    if affinity.get("podAntiAffinity") is not None:
        errors += _validate_pod_affinity(as_dict(affinity["podAntiAffinity"]), f"{path}.podAntiAffinity")
    return errors


def _validate_node_affinity(node_affinity: dict, path: str) -> list[FieldError]:
    errors: list[FieldError] = []
    required_terms = node_affinity.get("requiredDuringSchedulingIgnoredDuringExecution")
    if required_terms is not None:
        errors += _validate_node_selector(as_dict(required_terms),
                                          f"{path}.requiredDuringSchedulingIgnoredDuringExecution")
    preferred = dicts(node_affinity.get("preferredDuringSchedulingIgnoredDuringExecution"))
    if preferred:
        errors += _validate_preferred_scheduling_terms(preferred,
                                                       f"{path}.preferredDuringSchedulingIgnoredDuringExecution")
    return errors


def _validate_weight(weight: Any, path: str) -> list[FieldError]:
    value = as_int(weight)
    if value <= 0 or value > 100:
        return [invalid(path, bad_int(value), WEIGHT_OUT_OF_RANGE)]
    return []


def _validate_preferred_scheduling_terms(terms: list[dict], path: str) -> list[FieldError]:
    errors: list[FieldError] = []
    for index, term in enumerate(terms):
        errors += _validate_weight(term.get("weight"), f"{path}[{index}].weight")
        errors += _validate_node_selector_term(as_dict(term.get("preference")), f"{path}[{index}].preference")
    return errors


def _validate_pod_affinity(pod_affinity: dict, path: str) -> list[FieldError]:
    """``validatePodAffinity`` and ``validatePodAntiAffinity`` (the same checks)."""
    errors: list[FieldError] = []
    required_terms = pod_affinity.get("requiredDuringSchedulingIgnoredDuringExecution")
    if required_terms is not None:
        for index, term in enumerate(dicts(required_terms)):
            errors += _validate_pod_affinity_term(
                term, f"{path}.requiredDuringSchedulingIgnoredDuringExecution[{index}]")
    preferred = pod_affinity.get("preferredDuringSchedulingIgnoredDuringExecution")
    if preferred is not None:
        preferred_path = f"{path}.preferredDuringSchedulingIgnoredDuringExecution"
        for index, weighted in enumerate(dicts(preferred)):
            errors += _validate_weight(weighted.get("weight"), f"{preferred_path}[{index}].weight")
            errors += _validate_pod_affinity_term(as_dict(weighted.get("podAffinityTerm")),
                                                  f"{preferred_path}[{index}].podAffinityTerm")
    return errors


def _validate_pod_affinity_term(term: dict, path: str) -> list[FieldError]:
    errors = validate_label_selector(term.get("labelSelector"), f"{path}.labelSelector")
    errors += validate_label_selector(term.get("namespaceSelector"), f"{path}.namespaceSelector")
    for name in string_list(term.get("namespaces")):
        errors += [invalid(f"{path}.namespace", bad_string(name), message) for message in name_is_dns_label(name)]
    topology_key = as_str(term.get("topologyKey"))
    if not topology_key:
        errors.append(required(f"{path}.topologyKey", CAN_NOT_BE_EMPTY))
    return errors + validate_label_name(topology_key, f"{path}.topologyKey")


def _validate_node_selector(node_selector: dict, path: str) -> list[FieldError]:
    terms_path = f"{path}.nodeSelectorTerms"
    terms = dicts(node_selector.get("nodeSelectorTerms"))
    if not terms:
        return [required(terms_path, NO_NODE_SELECTOR_TERM)]
    errors: list[FieldError] = []
    for index, term in enumerate(terms):
        errors += _validate_node_selector_term(term, f"{terms_path}[{index}]")
    return errors


def _validate_node_selector_term(term: dict, path: str) -> list[FieldError]:
    errors: list[FieldError] = []
    for index, requirement in enumerate(dicts(term.get("matchExpressions"))):
        errors += _validate_node_selector_requirement(requirement, f"{path}.matchExpressions[{index}]")
    for index, requirement in enumerate(dicts(term.get("matchFields"))):
        errors += _validate_node_field_selector_requirement(requirement, f"{path}.matchFields[{index}]")
    return errors


def _validate_node_selector_requirement(requirement: dict, path: str) -> list[FieldError]:
    errors: list[FieldError] = []
    operator = as_str(requirement.get("operator"))
    values = string_list(requirement.get("values"))
    if operator in (OPERATOR_IN, OPERATOR_NOT_IN):
        if not values:
            errors.append(required(f"{path}.values", VALUES_REQUIRED_FOR_IN))
    elif operator in (OPERATOR_EXISTS, OPERATOR_DOES_NOT_EXIST):
        if values:
            errors.append(forbidden(f"{path}.values", VALUES_FORBIDDEN_FOR_EXISTS))
    elif operator in ("Gt", "Lt"):
        if len(values) != 1:
            errors.append(required(f"{path}.values", NODE_SINGLE_VALUE_FOR_GT_LT))
    else:
        errors.append(invalid(f"{path}.operator", bad_named(operator), NOT_A_VALID_SELECTOR_OPERATOR))
    return errors + validate_label_name(as_str(requirement.get("key")), f"{path}.key")


def _validate_node_field_selector_requirement(requirement: dict, path: str) -> list[FieldError]:
    errors: list[FieldError] = []
    operator = as_str(requirement.get("operator"))
    values = string_list(requirement.get("values"))
    if operator in (OPERATOR_IN, OPERATOR_NOT_IN):
        if len(values) != 1:
            errors.append(required(f"{path}.values", FIELD_SELECTOR_SINGLE_VALUE))
    else:
        errors.append(invalid(f"{path}.operator", bad_named(operator), NOT_A_VALID_SELECTOR_OPERATOR))
    key = as_str(requirement.get("key"))
    if key != OBJECT_NAME_FIELD:
        errors.append(invalid(f"{path}.key", bad_string(key), NOT_A_VALID_FIELD_SELECTOR_KEY))
        return errors
    for index, value in enumerate(values):
        errors += [invalid(f"{path}.values[{index}]", bad_string(value), message)
                   for message in name_is_dns_subdomain(value)]
    return errors


# ---------------------------------------------------------------------------------------------
# validate-k8s-utils.go: topology spread constraints
# ---------------------------------------------------------------------------------------------
def _validate_topology_spread_constraints(constraints: list[dict], path: str) -> list[FieldError]:
    errors: list[FieldError] = []
    for index, constraint in enumerate(constraints):
        constraint_path = f"{path}[{index}]"
        max_skew = as_int(constraint.get("maxSkew"))
        if max_skew <= 0:
            errors.append(invalid(f"{constraint_path}.maxSkew", bad_int(max_skew), IS_NOT_POSITIVE))
        errors += _validate_topology_key(as_str(constraint.get("topologyKey")), f"{constraint_path}.topologyKey")
        action = as_str(constraint.get("whenUnsatisfiable"))
        if action not in SUPPORTED_SCHEDULE_ACTIONS:
            errors.append(not_supported(f"{constraint_path}.whenUnsatisfiable", bad_named(action),
                                        SUPPORTED_SCHEDULE_ACTIONS))
        # KubeVirt's addition, at the list's path rather than the constraint's.
        errors += validate_label_selector(constraint.get("labelSelector"), f"{path}.labelSelector")
        errors += _validate_spread_constraint_not_repeat(f"{constraint_path}.{SPREAD_CONSTRAINT_KEY_PAIR}",
                                                         constraint, constraints[index + 1:])
    return errors


def _validate_topology_key(topology_key: str, path: str) -> list[FieldError]:
    if not topology_key:
        return [required(path, CAN_NOT_BE_EMPTY)]
    return validate_label_name(topology_key, path)


def _validate_spread_constraint_not_repeat(path: str, constraint: dict, rest: list[dict]) -> list[FieldError]:
    key = as_str(constraint.get("topologyKey"))
    action = as_str(constraint.get("whenUnsatisfiable"))
    for other in rest:
        if as_str(other.get("topologyKey")) == key and as_str(other.get("whenUnsatisfiable")) == action:
            return [duplicate(path, bad_string(f"{{{key}, {action}}}"))]
    return []


# ---------------------------------------------------------------------------------------------
# reboot policy, service account
# ---------------------------------------------------------------------------------------------
def validate_reboot_policy(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    if domain_field(spec, "rebootPolicy") is None or config.feature_gate_enabled(REBOOT_POLICY_GATE):
        return []
    return [Cause(f"{field}.domain.rebootPolicy", REBOOT_POLICY_GATE_DISABLED, CAUSE_FIELD_VALUE_INVALID,
                  needs_feature_gate(REBOOT_POLICY_GATE))]


def validate_service_account_name(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    name = spec.get("serviceAccountName")
    if not name or not isinstance(name, str):
        return []
    path = f"{field}.serviceAccountName"
    causes = []
    errors = is_dns1123_subdomain(name)
    if errors:
        causes.append(Cause(path, INVALID_SERVICE_ACCOUNT_NAME_FMT.format(path=path, errors="; ".join(errors)),
                            CAUSE_FIELD_VALUE_INVALID))
    for volume in dicts(spec.get("volumes")):
        service_account = volume.get("serviceAccount")
        if service_account is None:
            continue
        volume_name = as_str(as_dict(service_account).get("serviceAccountName"))
        if volume_name != name:
            message = SERVICE_ACCOUNT_MISMATCH_FMT.format(spec_name=go_quote(name), volume_name=go_quote(volume_name))
            causes.append(Cause(path, message, CAUSE_FIELD_VALUE_INVALID))
            break
    return causes

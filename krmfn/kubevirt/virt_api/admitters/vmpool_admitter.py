"""The VirtualMachinePool validating webhook on a CREATE.

Mirrors ``VMPoolAdmitter.Admit`` and ``ValidateVMPoolSpec`` in
``pkg/virt-api/webhooks/validating-webhook/admitters/vmpool-admitter.go`` (d923fdb8):

1. a pool without ``spec.virtualMachineTemplate``: "missing virtual machine template." at
   ``spec.template`` (sic: KubeVirt names a field the pool does not have);
2. ``ValidateVirtualMachineSpec`` on the template's spec *as written*: unlike the VM webhook, the
   pool's applies no instance type, preference or defaults first
   (``krmfn.kubevirt.virt_api.admitters.vms_admitter.validate_virtual_machine_spec``);
3. ``metav1.LabelSelectorAsSelector(spec.selector)`` must match the template's labels: a pool with
   no selector selects nothing, so it is always rejected ("selector does not match labels."); an
   empty selector selects everything; an operator other than In, NotIn, Exists and DoesNotExist
   is apimachinery's error;
4. ``maxUnavailable``: a percentage string between 1% and 100%, or an integer above 0;
5. at most one of ``updateStrategy``'s and of ``scaleInStrategy``'s strategies. KubeVirt lists the
   ones set in Go map order (random); krmfn lists them in a fixed order (unmanaged, opportunistic,
   proactive);
6. ``featuregate.ValidateFeatureGates`` on the template's VMI spec (discontinued gates in use).

Not reproduced: the OpenAPI schema check of the pool itself (``ValidateSchema``; krmfn has no pool
schema), the label key and value errors of a malformed selector (``labels.NewRequirement``), and
the deprecation warnings (``warnDeprecatedAPIs``). The VMs the pool creates go through the VM
webhook, which krmfn runs on the pool's VM (``krmfn.model.embedded``).
"""
from __future__ import annotations


from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.virt_config.featuregate import discontinued_in_use
from krmfn.kubevirt.apimachinery.validation import (
    OPERATOR_DOES_NOT_EXIST,
    OPERATOR_EXISTS,
    OPERATOR_IN,
    OPERATOR_NOT_IN,
)
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_NOT_SUPPORTED,
    CAUSE_FIELD_VALUE_REQUIRED,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    Cause,
    go_quote,
    reject_webhook,
)
from krmfn.kubevirt.virt_api.admitters.vms_admitter import MISSING_TEMPLATE, validate_virtual_machine_spec
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, dicts
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.spec import in_area
from krmfn.model.lazy_re import LazyPattern
from krmfn.model.reasons import area

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

TEMPLATE_FIELD = "spec.virtualMachineTemplate.spec"
SELECTOR_MISMATCH = "selector does not match labels."
OPERATORS = (OPERATOR_IN, OPERATOR_NOT_IN, OPERATOR_EXISTS, OPERATOR_DOES_NOT_EXIST)
STRATEGIES = ("unmanaged", "opportunistic", "proactive")
AREA_POOL = frozenset({area("pool")})
_GO_INT = LazyPattern(r"[+-]?[0-9]+\Z")


def admit_pool(pool: dict, config: ClusterConfig) -> Admission | None:
    """The rejection of a pool's CREATE, or None when the pool's webhook admits it."""
    spec = as_dict(pool.get("spec"))
    template = spec.get("virtualMachineTemplate")
    if not isinstance(template, dict):
        return reject_webhook(STAGE_VALIDATING_WEBHOOK,
                              [Cause("spec.template", MISSING_TEMPLATE, CAUSE_FIELD_VALUE_REQUIRED, AREA_POOL)])
    vm_spec = as_dict(template.get("spec"))
    vm_template = as_dict(vm_spec.get("template"))
    template_spec, template_metadata = as_dict(vm_template.get("spec")), as_dict(vm_template.get("metadata"))
    causes = validate_virtual_machine_spec(vm_spec, template_spec, template_metadata, config, TEMPLATE_FIELD)
    causes += in_area("pool", _selector_causes(spec.get("selector"), template.get("metadata")))
    causes += in_area("pool", _max_unavailable_causes(spec))
    for name in ("updateStrategy", "scaleInStrategy"):
        causes += in_area("pool", _one_strategy(spec.get(name), f"spec.{name}"))
    causes += [Cause("", message, CAUSE_FIELD_VALUE_NOT_SUPPORTED, frozenset({area("feature-gates")}))
               for message in discontinued_in_use(config.feature_gates, template_spec)]
    return reject_webhook(STAGE_VALIDATING_WEBHOOK, causes) if causes else None


def _selector_causes(selector: Any, template_metadata: Any) -> list[Cause]:
    """``LabelSelectorAsSelector`` then ``Matches(template labels)``."""
    if selector is None:  # labels.Nothing()
        return [Cause("spec.selector", SELECTOR_MISMATCH, CAUSE_FIELD_VALUE_INVALID)]
    selector = as_dict(selector)
    expressions = dicts(selector.get("matchExpressions"))
    for expression in expressions:
        operator = expression.get("operator")
        if operator not in OPERATORS:
            return [Cause("spec.selector", f"{_go_quote(operator)} is not a valid label selector operator",
                          CAUSE_FIELD_VALUE_INVALID)]
    labels = as_dict(as_dict(template_metadata).get("labels"))
    if not _matches(selector, expressions, labels):
        return [Cause("spec.selector", SELECTOR_MISMATCH, CAUSE_FIELD_VALUE_INVALID)]
    return []


def _matches(selector: dict, expressions: list[dict], labels: dict) -> bool:
    match_labels = as_dict(selector.get("matchLabels"))
    if any(labels.get(key) != value for key, value in match_labels.items()):
        return False
    for expression in expressions:
        key, values = expression.get("key"), expression.get("values") or []
        present = key in labels
        operator = expression["operator"]
        if operator == OPERATOR_IN and not (present and labels[key] in values):
            return False
        if operator == OPERATOR_NOT_IN and present and labels[key] in values:
            return False
        if operator == OPERATOR_EXISTS and not present:
            return False
        if operator == OPERATOR_DOES_NOT_EXIST and present:
            return False
    return True


def _max_unavailable_causes(spec: dict) -> list[Cause]:
    value = spec.get("maxUnavailable")
    field = "spec.maxUnavailable"
    if value is None:
        return []
    if isinstance(value, str):
        if not value.endswith("%"):
            return [Cause(field, "maxUnavailable percentage must end with %", CAUSE_FIELD_VALUE_INVALID)]
        percentage = value[:-1]
        if not _GO_INT.match(percentage):
            return [Cause(field, f"maxUnavailable percentage value {_go_quote(percentage)} is invalid: "
                                 f"strconv.Atoi: parsing {_go_quote(percentage)}: invalid syntax",
                          CAUSE_FIELD_VALUE_INVALID)]
        if not 0 < int(percentage) <= 100:
            return [Cause(field, f"maxUnavailable percentage value {int(percentage)} must be between 1 and 100",
                          CAUSE_FIELD_VALUE_INVALID)]
        return []
    if isinstance(value, int) and not isinstance(value, bool) and value <= 0:
        return [Cause(field, "maxUnavailable must be greater than 0", CAUSE_FIELD_VALUE_INVALID)]
    return []


def _one_strategy(strategy: Any, field: str) -> list[Cause]:
    if not isinstance(strategy, dict):
        return []
    configured = [name for name in STRATEGIES if strategy.get(name) is not None]
    if len(configured) <= 1:
        return []
    return [Cause(field, f"only one strategy can be configured at a time: but found {', '.join(configured)} strategies",
                  CAUSE_FIELD_VALUE_INVALID)]


def _go_quote(value: Any) -> str:
    """Go's %q of a string (the operator and percentage are strings in the Go types)."""
    return go_quote(value if isinstance(value, str) else str(value))

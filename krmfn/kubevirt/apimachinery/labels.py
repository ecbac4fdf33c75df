"""Label selectors: ``metav1.LabelSelectorAsSelector`` and ``labels.NewRequirement`` /
``Requirement.Matches`` (``k8s.io/apimachinery/pkg/apis/meta/v1/helpers.go``,
``k8s.io/apimachinery/pkg/labels/selector.go``, as KubeVirt d923fdb8 vendors them), on plain dicts.

A selector's error is the message of its first malformed requirement: ``matchLabels`` in sorted
key order, then ``matchExpressions`` in order (several errors of one requirement aggregate as
``utilerrors.NewAggregate`` prints them). The VMI replica set webhook and the VMI mutator's presets
read them.
"""
from __future__ import annotations


from krmfn.kubevirt.apimachinery.validation import is_qualified_name, is_valid_label_value
from krmfn.kubevirt.apimachinery.gojson import go_json
from krmfn.kubevirt.util.webhooks import go_quote
from krmfn.model.record import record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

_SELECTION_OPERATORS = {"In": "in", "NotIn": "notin", "Exists": "exists", "DoesNotExist": "!"}
_EQUALS = "="


def as_dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def dicts(value: Any) -> list[dict]:
    """A list field's entries as Go decodes them into structs (a stray non-object: ``{}``)."""
    return [entry if isinstance(entry, dict) else {} for entry in value] if isinstance(value, list) else []


@record(frozen=True)
class Requirement:
    """``labels.Requirement``: ``operator`` is a ``selection.Operator`` (``=``, ``in``, ``notin``,
    ``exists``, ``!``)."""

    key: str
    operator: str
    values: tuple[str, ...]

    def matches(self, labels: dict) -> bool:
        """``Requirement.Matches``."""
        present = self.key in labels
        if self.operator in (_EQUALS, "in"):
            return present and labels[self.key] in self.values
        if self.operator == "notin":
            return not present or labels[self.key] not in self.values
        if self.operator == "exists":
            return present
        return not present


@record(frozen=True)
class Selector:
    """``labels.Selector``: the requirements ANDed; ``nothing`` selects no label set
    (``labels.Nothing()``); no requirement selects every one (``labels.Everything()``)."""

    requirements: tuple[Requirement, ...] = ()
    nothing: bool = False

    def matches(self, labels: dict) -> bool:
        return not self.nothing and all(requirement.matches(labels) for requirement in self.requirements)


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def new_requirement_error(key: str, operator: str, values: list[str]) -> str | None:
    """``labels.NewRequirement``'s aggregated field errors (key, values, each value), or None."""
    errors = []
    key_errors = is_qualified_name(key)
    if key_errors:
        errors.append(f"key: Invalid value: {go_quote(key)}: {'; '.join(key_errors)}")
    if operator in ("in", "notin") and not values:
        errors.append("values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty")
    elif operator == _EQUALS and len(values) != 1:
        errors.append(f"values: Invalid value: {go_json(values)}: exact-match compatibility requires one single value")
    elif operator in ("exists", "!") and values:
        errors.append(f"values: Invalid value: {go_json(values)}: "
                      "values set must be empty for exists and does not exist")
    for index, value in enumerate(values):
        value_errors = is_valid_label_value(value)
        if value_errors:
            errors.append(f"values[{index}][{key}]: Invalid value: {go_quote(value)}: {'; '.join(value_errors)}")
    if not errors:
        return None
    return errors[0] if len(errors) == 1 else "[" + ", ".join(errors) + "]"  # utilerrors.NewAggregate


def label_selector_as_selector(selector: Any) -> Selector | str:
    """``metav1.LabelSelectorAsSelector``: the selector, or its error message (the first malformed
    requirement: ``matchLabels`` in sorted key order, then ``matchExpressions`` in order)."""
    if selector is None:
        return Selector(nothing=True)
    holder = as_dict(selector)
    match_labels = as_dict(holder.get("matchLabels"))
    expressions = holder.get("matchExpressions")
    requirements: list[Requirement] = []
    for key in sorted(match_labels, key=str):
        values = [_str(match_labels[key])]
        error = new_requirement_error(str(key), _EQUALS, values)
        if error is not None:
            return error
        requirements.append(Requirement(str(key), _EQUALS, tuple(values)))
    for expression in dicts(expressions):
        operator = _str(expression.get("operator"))
        if operator not in _SELECTION_OPERATORS:
            return f"{go_quote(operator)} is not a valid label selector operator"
        raw_values = expression.get("values")
        values = [_str(value) for value in raw_values] if isinstance(raw_values, list) else []
        key = _str(expression.get("key"))
        error = new_requirement_error(key, _SELECTION_OPERATORS[operator], values)
        if error is not None:
            return error
        requirements.append(Requirement(key, _SELECTION_OPERATORS[operator], tuple(values)))
    return Selector(tuple(requirements))

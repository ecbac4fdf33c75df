"""The apimachinery validation helpers that KubeVirt's checks and the API server's ObjectMeta
validation call (k8s.io/apimachinery v0.34.2, the version KubeVirt d923fdb8 vendors), with their
exact message texts:

* ``pkg/util/validation/validation.go``: ``IsDNS1123Label`` (with its "must not contain dots"
  branch), ``IsDNS1123Subdomain``, ``IsQualifiedName``, ``IsValidLabelValue``, ``MaxLenError``,
  ``RegexError``, ``EmptyError``; lengths are Go's byte lengths;
* ``pkg/util/validation/field/errors.go``: ``field.Error`` and its ``Error()`` text
  (``<field>: <type>[: <value>][: <detail>]``);
* ``pkg/apis/meta/v1/validation/validation.go``: ``ValidateLabelSelector``,
  ``ValidateLabelSelectorRequirement``, ``ValidateLabelName``, ``ValidateLabels``;
* ``pkg/api/validation/generic.go``: ``NameIsDNSSubdomain``, ``NameIsDNSLabel`` (never with a prefix
  here).

A field error's bad value is kept already rendered as Go renders it: ``%q`` for a ``string``
(``bad_string``), ``json.Marshal`` for a named string type such as an operator (``bad_named``),
``%v`` for an integer (``bad_int``).
"""
from __future__ import annotations

from functools import lru_cache

from krmfn.kubevirt.apimachinery.gojson import go_json
from krmfn.kubevirt.util.webhooks import go_quote
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_list, as_str, dicts
from krmfn.model.record import record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
DNS1123_LABEL_ERR_MSG = ("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', "
                         "and must start and end with an alphanumeric character")
DNS1123_LABEL_MAX_LENGTH = 63
DNS1123_SUBDOMAIN_FMT = DNS1123_LABEL_FMT + r"(\." + DNS1123_LABEL_FMT + ")*"
DNS1123_SUBDOMAIN_ERR_MSG = ("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, "
                             "'-' or '.', and must start and end with an alphanumeric character")
DNS1123_SUBDOMAIN_MAX_LENGTH = 253
NOT_CONTAIN_DOTS = "must not contain dots"
QUALIFIED_NAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
QUALIFIED_NAME_ERR_MSG = ("must consist of alphanumeric characters, '-', '_' or '.', "
                          "and must start and end with an alphanumeric character")
QUALIFIED_NAME_MAX_LENGTH = 63
LABEL_VALUE_FMT = "(" + QUALIFIED_NAME_FMT + ")?"
LABEL_VALUE_ERR_MSG = ("a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', "
                       "and must start and end with an alphanumeric character")
LABEL_VALUE_MAX_LENGTH = 63

# The four formats are character classes with alphanumeric ends, matched whole here with string
# methods (compiling them as patterns was a tenth of a one-VM run's pattern compiling); the tests
# hold each against its format as a regular expression.
_LOWER_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789"
_ALNUM = _LOWER_ALNUM + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_QUALIFIED_NAME_CHARS = _ALNUM + "-_."


def matches_dns1123_label(value: str) -> bool:
    """``value`` matches ``DNS1123_LABEL_FMT`` whole."""
    return value != "" and value[0] in _LOWER_ALNUM and value[-1] in _LOWER_ALNUM \
        and not value.strip(_LOWER_ALNUM + "-")


def matches_dns1123_subdomain(value: str) -> bool:
    """``value`` matches ``DNS1123_SUBDOMAIN_FMT`` whole: labels joined by dots."""
    return all(matches_dns1123_label(label) for label in value.split("."))


def matches_qualified_name(value: str) -> bool:
    """``value`` matches ``QUALIFIED_NAME_FMT`` whole."""
    return value != "" and value[0] in _ALNUM and value[-1] in _ALNUM and not value.strip(_QUALIFIED_NAME_CHARS)


def matches_label_value(value: str) -> bool:
    """``value`` matches ``LABEL_VALUE_FMT`` whole: empty, or a qualified name's shape."""
    return value == "" or matches_qualified_name(value)

# field.ErrorType and its String().
ERROR_REQUIRED = "Required value"
ERROR_FORBIDDEN = "Forbidden"
ERROR_INVALID = "Invalid value"
ERROR_NOT_SUPPORTED = "Unsupported value"
ERROR_DUPLICATE = "Duplicate value"

OPERATOR_IN, OPERATOR_NOT_IN = "In", "NotIn"
OPERATOR_EXISTS, OPERATOR_DOES_NOT_EXIST = "Exists", "DoesNotExist"
VALUES_REQUIRED_FOR_IN = "must be specified when `operator` is 'In' or 'NotIn'"
VALUES_FORBIDDEN_FOR_EXISTS = "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"
NOT_A_VALID_SELECTOR_OPERATOR = "not a valid selector operator"


def go_len(text: str) -> int:
    """Go's ``len`` of a string: its UTF-8 byte count."""
    return len(text.encode("utf-8", "surrogatepass"))


def go_string_list(values: list[str] | tuple[str, ...]) -> str:
    """Go's ``%v`` (or ``%s``) of a ``[]string``: ``[a b]``."""
    return "[" + " ".join(values) + "]"


def max_len_error(length: int) -> str:
    return f"must be no more than {length} characters"


def empty_error() -> str:
    return "must be non-empty"


def regex_error(message: str, fmt: str, *examples: str) -> str:
    """``RegexError``: note the ``', '`` before each `` or `` of the examples."""
    if not examples:
        return f"{message} (regex used for validation is '{fmt}')"
    text = message + " (e.g. "
    for index, example in enumerate(examples):
        if index > 0:
            text += " or "
        text += f"'{example}', "
    return text + f"regex used for validation is '{fmt}')"


# The string validators are pure and a bundle repeats its names: each caches its (immutable) answer
# and its public wrapper hands out a fresh list.
def is_dns1123_label(value: str) -> list[str]:
    """``IsDNS1123Label``."""
    return list(_dns1123_label_errors(value))


@lru_cache(maxsize=1 << 12)
def _dns1123_label_errors(value: str) -> tuple[str, ...]:
    errors = []
    if go_len(value) > DNS1123_LABEL_MAX_LENGTH:
        errors.append(max_len_error(DNS1123_LABEL_MAX_LENGTH))
    if not matches_dns1123_label(value):
        if matches_dns1123_subdomain(value):
            errors.append(NOT_CONTAIN_DOTS)
        else:
            errors.append(regex_error(DNS1123_LABEL_ERR_MSG, DNS1123_LABEL_FMT, "my-name", "123-abc"))
    return tuple(errors)


def is_dns1123_subdomain(value: str) -> list[str]:
    """``IsDNS1123Subdomain``."""
    return list(_dns1123_subdomain_errors(value))


@lru_cache(maxsize=1 << 12)
def _dns1123_subdomain_errors(value: str) -> tuple[str, ...]:
    errors = []
    if go_len(value) > DNS1123_SUBDOMAIN_MAX_LENGTH:
        errors.append(max_len_error(DNS1123_SUBDOMAIN_MAX_LENGTH))
    if not matches_dns1123_subdomain(value):
        errors.append(regex_error(DNS1123_SUBDOMAIN_ERR_MSG, DNS1123_SUBDOMAIN_FMT, "example.com"))
    return tuple(errors)


def _qualified_name_regex_error() -> str:
    return regex_error(QUALIFIED_NAME_ERR_MSG, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc")


def is_qualified_name(value: str) -> list[str]:
    """``IsQualifiedName``: ``[prefix/]name``."""
    return list(_qualified_name_errors(value))


@lru_cache(maxsize=1 << 12)
def _qualified_name_errors(value: str) -> tuple[str, ...]:
    errors: list[str] = []
    parts = value.split("/")
    if len(parts) == 1:
        name = parts[0]
    elif len(parts) == 2:
        prefix, name = parts
        if not prefix:
            errors.append("prefix part " + empty_error())
        else:
            errors += ["prefix part " + message for message in is_dns1123_subdomain(prefix)]
    else:
        return ("a qualified name " + _qualified_name_regex_error()
                + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",)
    if not name:
        errors.append("name part " + empty_error())
    elif go_len(name) > QUALIFIED_NAME_MAX_LENGTH:
        errors.append("name part " + max_len_error(QUALIFIED_NAME_MAX_LENGTH))
    if not matches_qualified_name(name):
        errors.append("name part " + _qualified_name_regex_error())
    return tuple(errors)


def is_valid_label_value(value: str) -> list[str]:
    """``IsValidLabelValue``."""
    return list(_label_value_errors(value))


@lru_cache(maxsize=1 << 12)
def _label_value_errors(value: str) -> tuple[str, ...]:
    errors = []
    if go_len(value) > LABEL_VALUE_MAX_LENGTH:
        errors.append(max_len_error(LABEL_VALUE_MAX_LENGTH))
    if not matches_label_value(value):
        errors.append(regex_error(LABEL_VALUE_ERR_MSG, LABEL_VALUE_FMT, "MyValue", "my_value", "12345"))
    return tuple(errors)


# ``NameIsDNSSubdomain`` / ``NameIsDNSLabel`` without a generateName prefix (``ValidateNodeName``,
# ``ValidateNamespaceName``).
name_is_dns_subdomain = is_dns1123_subdomain
name_is_dns_label = is_dns1123_label


# ---------------------------------------------------------------------------------------------
# field.Error
# ---------------------------------------------------------------------------------------------
@record(frozen=True)
class FieldError:
    """A ``*field.Error``: ``value`` is the bad value as Go prints it, or None (Required, Forbidden)."""

    field: str
    type: str
    value: str | None = None
    detail: str = ""

    def body(self) -> str:
        """``ErrorBody``."""
        text = self.type if self.value is None else f"{self.type}: {self.value}"
        return f"{text}: {self.detail}" if self.detail else text

    def error(self) -> str:
        """``Error()``: ``<field>: <body>``."""
        return f"{self.field}: {self.body()}"


def bad_string(value: str) -> str:
    """A ``string`` bad value (``%q``)."""
    return go_quote(value)


def bad_named(value: str) -> str:
    """A bad value of a named string type (an operator, an action): ``json.Marshal``."""
    return go_json(value)


def bad_int(value: int) -> str:
    return str(value)


def required(field: str, detail: str) -> FieldError:
    return FieldError(field, ERROR_REQUIRED, None, detail)


def forbidden(field: str, detail: str) -> FieldError:
    return FieldError(field, ERROR_FORBIDDEN, None, detail)


def invalid(field: str, value: str, detail: str) -> FieldError:
    return FieldError(field, ERROR_INVALID, value, detail)


def duplicate(field: str, value: str) -> FieldError:
    return FieldError(field, ERROR_DUPLICATE, value)


def not_supported(field: str, value: str, valid_values: list[str]) -> FieldError:
    detail = "supported values: " + ", ".join(go_quote(v) for v in valid_values) if valid_values else ""
    return FieldError(field, ERROR_NOT_SUPPORTED, value, detail)


# ---------------------------------------------------------------------------------------------
# meta/v1 validation
# ---------------------------------------------------------------------------------------------


def string_list(value: Any) -> list[str]:
    return [as_str(entry) for entry in as_list(value)]


def validate_label_name(label_name: str, path: str) -> list[FieldError]:
    return [invalid(path, bad_string(label_name), message) for message in is_qualified_name(label_name)]


def validate_labels(labels: Any, path: str) -> list[FieldError]:
    """``ValidateLabels``. Go walks the map in random order; here the keys are sorted, so a selector
    with several bad labels may list them in another order than a given KubeVirt run."""
    errors: list[FieldError] = []
    label_map = as_dict(labels)
    for key in sorted(label_map, key=str):
        errors += validate_label_name(str(key), path)
        value = as_str(label_map[key])
        errors += [invalid(path, bad_string(value), message) for message in is_valid_label_value(value)]
    return errors


def validate_label_selector_requirement(requirement: dict, path: str) -> list[FieldError]:
    """``ValidateLabelSelectorRequirement`` with the default options (unknown operators and invalid
    label values are both rejected)."""
    errors: list[FieldError] = []
    operator = as_str(requirement.get("operator"))
    values = string_list(requirement.get("values"))
    if operator in (OPERATOR_IN, OPERATOR_NOT_IN):
        if not values:
            errors.append(required(f"{path}.values", VALUES_REQUIRED_FOR_IN))
    elif operator in (OPERATOR_EXISTS, OPERATOR_DOES_NOT_EXIST):
        if values:
            errors.append(forbidden(f"{path}.values", VALUES_FORBIDDEN_FOR_EXISTS))
    else:
        errors.append(invalid(f"{path}.operator", bad_named(operator), NOT_A_VALID_SELECTOR_OPERATOR))
    errors += validate_label_name(as_str(requirement.get("key")), f"{path}.key")
    for index, value in enumerate(values):
        errors += [invalid(f"{path}.values[{index}]", bad_string(value), message)
                   for message in is_valid_label_value(value)]
    return errors


def validate_label_selector(selector: Any, path: str) -> list[FieldError]:
    """``ValidateLabelSelector`` (nothing for a nil selector)."""
    if selector is None:
        return []
    holder = as_dict(selector)
    errors = validate_labels(holder.get("matchLabels"), f"{path}.matchLabels")
    for index, requirement in enumerate(dicts(holder.get("matchExpressions"))):
        errors += validate_label_selector_requirement(requirement, f"{path}.matchExpressions[{index}]")
    return errors

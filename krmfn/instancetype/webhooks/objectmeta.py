"""ObjectMeta validation of the API server for custom resources (stage ``kube-apiserver/crd-schema``).

Mirrors ``ValidateObjectMetaAccessor`` of ``k8s.io/apimachinery/pkg/api/validation`` with
``NameIsDNSSubdomain`` (what the apiextensions-apiserver uses for every custom resource) and the
message helpers of ``k8s.io/apimachinery/pkg/util/validation``. Each problem is a
``(field, message)`` pair, the message being the field error body, for example
``metadata.name`` / ``Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of ...``
(golden ``admission/it-bad-name``, ``vm-bad-name``).
"""
from __future__ import annotations

import re
from functools import lru_cache

from krmfn.instancetype.webhooks.response import go_quote

DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
DNS1123_SUBDOMAIN_FMT = DNS1123_LABEL_FMT + r"(\." + DNS1123_LABEL_FMT + ")*"
DNS1123_LABEL_MSG = ("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', "
                     "and must start and end with an alphanumeric character")
DNS1123_SUBDOMAIN_MSG = ("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, "
                         "'-' or '.', and must start and end with an alphanumeric character")
QUALIFIED_NAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
QUALIFIED_NAME_MSG = ("must consist of alphanumeric characters, '-', '_' or '.', "
                      "and must start and end with an alphanumeric character")
LABEL_VALUE_FMT = "(" + QUALIFIED_NAME_FMT + ")?"
LABEL_VALUE_MSG = ("a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', "
                   "and must start and end with an alphanumeric character")
DNS1123_LABEL_MAX = 63
DNS1123_SUBDOMAIN_MAX = 253
QUALIFIED_NAME_MAX = 63
LABEL_VALUE_MAX = 63
TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024
NAME_REQUIRED = "Required value: name or generateName is required"

_LABEL_RE = re.compile(DNS1123_LABEL_FMT)
_SUBDOMAIN_RE = re.compile(DNS1123_SUBDOMAIN_FMT)
_QUALIFIED_NAME_RE = re.compile(QUALIFIED_NAME_FMT)
_LABEL_VALUE_RE = re.compile(LABEL_VALUE_FMT)

Problem = tuple[str, str]


def regex_error(message: str, fmt: str, *examples: str) -> str:
    """``validation.RegexError``: note Go's ``', '`` before each `` or `` (a double space)."""
    if not examples:
        return f"{message} (regex used for validation is '{fmt}')"
    text = message + " (e.g. "
    for index, example in enumerate(examples):
        if index > 0:
            text += " or "
        text += f"'{example}', "
    return text + f"regex used for validation is '{fmt}')"


def max_len_error(length: int) -> str:
    return f"must be no more than {length} characters"


def dns1123_subdomain_errors(value: str) -> list[str]:
    errors = []
    if len(value) > DNS1123_SUBDOMAIN_MAX:
        errors.append(max_len_error(DNS1123_SUBDOMAIN_MAX))
    if not _SUBDOMAIN_RE.fullmatch(value):
        errors.append(regex_error(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, "example.com"))
    return errors


@lru_cache(maxsize=4096)
def dns1123_label_errors(value: str) -> tuple[str, ...]:
    errors = []
    if len(value) > DNS1123_LABEL_MAX:
        errors.append(max_len_error(DNS1123_LABEL_MAX))
    if not _LABEL_RE.fullmatch(value):
        errors.append(regex_error(DNS1123_LABEL_MSG, DNS1123_LABEL_FMT, "my-name", "123-abc"))
    return tuple(errors)


def name_is_dns_subdomain(name: str, prefix: bool) -> list[str]:
    """``NameIsDNSSubdomain``: a generateName prefix may end in ``-`` (masked before checking)."""
    if prefix and name.endswith("-"):
        name = name[:-1] + "a"
    return dns1123_subdomain_errors(name)


def _qualified_name_regex_error() -> str:
    return regex_error(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc")


@lru_cache(maxsize=4096)
def qualified_name_errors(value: str) -> tuple[str, ...]:
    """``IsQualifiedName``: ``[prefix/]name``."""
    errors: list[str] = []
    parts = value.split("/")
    if len(parts) == 1:
        name = parts[0]
    elif len(parts) == 2:
        prefix, name = parts
        if not prefix:
            errors.append("prefix part must be non-empty")
        else:
            errors += ["prefix part " + message for message in dns1123_subdomain_errors(prefix)]
    else:
        return ("a qualified name " + _qualified_name_regex_error()
                + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",)
    if not name:
        errors.append("name part must be non-empty")
    elif len(name) > QUALIFIED_NAME_MAX:
        errors.append("name part " + max_len_error(QUALIFIED_NAME_MAX))
    if not _QUALIFIED_NAME_RE.fullmatch(name):
        errors.append("name part " + _qualified_name_regex_error())
    return tuple(errors)


@lru_cache(maxsize=4096)
def label_value_errors(value: str) -> tuple[str, ...]:
    errors = []
    if len(value) > LABEL_VALUE_MAX:
        errors.append(max_len_error(LABEL_VALUE_MAX))
    if not _LABEL_VALUE_RE.fullmatch(value):
        errors.append(regex_error(LABEL_VALUE_MSG, LABEL_VALUE_FMT, "MyValue", "my_value", "12345"))
    return tuple(errors)


def _invalid(field: str, value: str, message: str) -> Problem:
    return field, f"Invalid value: {go_quote(value)}: {message}"


def validate_object_meta(metadata: object, namespaced: bool, namespace: str) -> list[Problem]:
    """The ObjectMeta problems of a CREATE, in the API server's order.

    ``namespace`` is the effective namespace of a namespaced object (its own or the request's);
    a namespace written on a cluster-scoped object is dropped by the client, never reported.
    Metadata fields of the wrong type are left to the schema check.
    """
    meta = metadata if isinstance(metadata, dict) else {}
    problems: list[Problem] = []
    generate_name = meta.get("generateName")
    if isinstance(generate_name, str) and generate_name:
        problems += [_invalid("metadata.generateName", generate_name, m)
                     for m in name_is_dns_subdomain(generate_name, True)]
    name = meta.get("name")
    if isinstance(name, str) and name:
        problems += [_invalid("metadata.name", name, m) for m in name_is_dns_subdomain(name, False)]
    elif not (isinstance(generate_name, str) and generate_name):
        problems.append(("metadata.name", NAME_REQUIRED))
    if namespaced:
        problems += [_invalid("metadata.namespace", namespace, m) for m in dns1123_label_errors(namespace)]
    problems += _label_problems(meta.get("labels"))
    problems += _annotation_problems(meta.get("annotations"))
    return problems


def _label_problems(labels: object) -> list[Problem]:
    if not isinstance(labels, dict):
        return []
    problems: list[Problem] = []
    for key in sorted(labels, key=str):
        value = labels[key]
        problems += [_invalid("metadata.labels", str(key), m) for m in qualified_name_errors(str(key))]
        if isinstance(value, str):
            problems += [_invalid("metadata.labels", value, m) for m in label_value_errors(value)]
    return problems


def _annotation_problems(annotations: object) -> list[Problem]:
    if not isinstance(annotations, dict):
        return []
    problems: list[Problem] = []
    total = 0
    for key in sorted(annotations, key=str):
        value = annotations[key]
        total += len(str(key)) + (len(value) if isinstance(value, str) else 0)
        problems += [_invalid("metadata.annotations", str(key), m) for m in qualified_name_errors(str(key).lower())]
    if total > TOTAL_ANNOTATION_SIZE_LIMIT:
        problems.append(("metadata.annotations", f"Too long: must have at most {TOTAL_ANNOTATION_SIZE_LIMIT} bytes"))
    return problems

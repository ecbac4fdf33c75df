"""ObjectMeta validation of the API server for custom resources (stage ``kube-apiserver/crd-schema``).

Mirrors ``ValidateObjectMetaAccessor`` of ``k8s.io/apimachinery/pkg/api/validation`` with
``NameIsDNSSubdomain`` (what the apiextensions-apiserver uses for every custom resource), with the
validators of ``k8s.io/apimachinery/pkg/util/validation``
(``krmfn.kubevirt.apimachinery.validation``). Each problem is a ``(field, message)`` pair,
the message being the field error body, for example
``metadata.name`` / ``Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of ...``
(golden ``admission/it-bad-name``, ``vm-bad-name``).
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.validation import (
    is_dns1123_label,
    is_dns1123_subdomain,
    is_qualified_name,
    is_valid_label_value,
)
from krmfn.kubevirt.util.webhooks import go_quote

TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024
NAME_REQUIRED = "Required value: name or generateName is required"

Problem = tuple[str, str]


def name_is_dns_subdomain(name: str, prefix: bool) -> list[str]:
    """``NameIsDNSSubdomain``: a generateName prefix may end in ``-`` (masked before checking)."""
    if prefix and name.endswith("-"):
        name = name[:-1] + "a"
    return is_dns1123_subdomain(name)


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
        problems += [_invalid("metadata.namespace", namespace, m) for m in is_dns1123_label(namespace)]
    problems += _label_problems(meta.get("labels"))
    problems += _annotation_problems(meta.get("annotations"))
    return problems


def _label_problems(labels: object) -> list[Problem]:
    if not isinstance(labels, dict):
        return []
    problems: list[Problem] = []
    for key in sorted(labels, key=str):
        value = labels[key]
        problems += [_invalid("metadata.labels", str(key), m) for m in is_qualified_name(str(key))]
        if isinstance(value, str):
            problems += [_invalid("metadata.labels", value, m) for m in is_valid_label_value(value)]
    return problems


def _annotation_problems(annotations: object) -> list[Problem]:
    if not isinstance(annotations, dict):
        return []
    problems: list[Problem] = []
    total = 0
    for key in sorted(annotations, key=str):
        value = annotations[key]
        total += len(str(key)) + (len(value) if isinstance(value, str) else 0)
        problems += [_invalid("metadata.annotations", str(key), m) for m in is_qualified_name(str(key).lower())]
    if total > TOTAL_ANNOTATION_SIZE_LIMIT:
        problems.append(("metadata.annotations", f"Too long: must have at most {TOTAL_ANNOTATION_SIZE_LIMIT} bytes"))
    return problems

"""``virtctl template convert`` on plain data: an OpenShift ``template.openshift.io/v1`` Template
wrapping one object becomes a VirtualMachineTemplate.

Mirrors ``pkg/virtctl/template/convert/convert.go`` of KubeVirt v1.9.0 (``convertTemplate``,
``convertParameters``): the Template's ``metadata.name``, ``namespace``, ``labels`` and
``annotations`` (nothing else of its metadata; its top-level ``labels``, the object labels, are
dropped), its ``message``, its parameters field by field (``name``, ``displayName``,
``description``, ``value``, ``generate``, ``from``, ``required``), and its one object as
``spec.virtualMachine``, unchanged (virtctl checks neither its kind nor the Template's). The error
``template must contain exactly one object, found N``. v1.9.0 writes ``template.kubevirt.io/v1beta1``,
v1.8.4 ``template.kubevirt.io/v1alpha1``.

The result is what Go's ``json.Marshal`` writes: ``metadata`` and ``status`` omitted when empty
(``omitzero``), ``parameters`` and ``message`` when empty (``omitempty``).
"""
from __future__ import annotations


from krmfn.model.kubevirt_version import KubevirtVersion
from krmfn.virt_template.types import Parameter

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

TEMPLATE_GROUP = "template.kubevirt.io"
KIND = "VirtualMachineTemplate"


class ConvertError(Exception):
    """virtctl's error (its text)."""


def api_version_for(version: KubevirtVersion) -> str:
    """The VirtualMachineTemplate version virtctl writes: v1beta1 since v1.9.0, v1alpha1 at v1.8.4."""
    return f"{TEMPLATE_GROUP}/{'v1beta1' if version.since(9) else 'v1alpha1'}"


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _str_map(value: Any) -> dict | None:
    return value if isinstance(value, dict) and value else None


def convert(openshift_template: dict, api_version: str = f"{TEMPLATE_GROUP}/v1beta1") -> dict:
    """``convertTemplate``: the VirtualMachineTemplate of ``openshift_template``. Raises
    ``ConvertError``."""
    source_meta = openshift_template.get("metadata")
    source_meta = source_meta if isinstance(source_meta, dict) else {}
    metadata: dict[str, Any] = {}
    for key in ("name", "namespace"):
        if _str(source_meta.get(key)):
            metadata[key] = source_meta[key]
    for key in ("labels", "annotations"):
        if _str_map(source_meta.get(key)) is not None:
            metadata[key] = source_meta[key]
    spec: dict[str, Any] = {}
    objects = openshift_template.get("objects")
    objects = objects if isinstance(objects, list) else []
    if len(objects) != 1:
        raise ConvertError(f"template must contain exactly one object, found {len(objects)}")
    spec["virtualMachine"] = objects[0]
    parameters = openshift_template.get("parameters")
    if isinstance(parameters, list) and parameters:
        spec["parameters"] = [Parameter.from_plain(entry).to_plain() for entry in parameters]
    if _str(openshift_template.get("message")):
        spec["message"] = openshift_template["message"]
    template: dict[str, Any] = {"apiVersion": api_version, "kind": KIND}
    if metadata:
        template["metadata"] = metadata
    template["spec"] = spec
    return template

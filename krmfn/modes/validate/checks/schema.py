"""schema: the object breaks the CRD or OpenAPI schema: a required field, a type, an enum, a bound,
a name.

The API server checks the CRD's structural schema (stage `kube-apiserver/crd-schema`), and the VM
webhooks check the VM's OpenAPI schema first (`mutating-webhook/openapi-schema`).

Passing example::

    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterInstancetype
    metadata: {name: small}
    spec: {cpu: {guest: 2}, memory: {guest: 2Gi}}

Failing example::

    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterInstancetype
    metadata: {name: small}
    spec: {cpu: {guest: 2}, memory: {guest: 2Gi, overcommitPercent: 150}}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.SCHEMA
SEVERITY = "error"
SUMMARY = "CRD/OpenAPI schema errors: required fields, types, enum values, bounds, object names"
MIRRORS = "kube-apiserver CRD validation and the VM webhooks' OpenAPI gate"
FIX = ("Give the field the type, value or bound the message asks for, add the required field, or rename the "
       "object to a valid Kubernetes name.")


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)

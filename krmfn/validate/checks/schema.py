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

from typing import Iterable

from krmfn.findings import Finding
from krmfn.instancetype.webhooks import STAGE_CRD_SCHEMA, STAGE_MUTATING_SCHEMA, STAGE_VALIDATING_SCHEMA
from krmfn.validate.checks._admission import rejections
from krmfn.validate.context import Context

ID = "schema"
SEVERITY = "error"
SUMMARY = "CRD/OpenAPI schema errors: required fields, types, enum values, bounds, object names"
MIRRORS = "kube-apiserver CRD validation and the VM webhooks' OpenAPI gate"
STAGES = frozenset({STAGE_CRD_SCHEMA, STAGE_MUTATING_SCHEMA, STAGE_VALIDATING_SCHEMA})


def run(ctx: Context) -> Iterable[Finding]:
    return rejections(ctx, ID, lambda _, stage: stage in STAGES)

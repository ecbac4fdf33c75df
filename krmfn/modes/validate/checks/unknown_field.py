"""unknown-field: a field the API server does not know, such as the typo `preferedDiskBus`.

kubectl's default strict field validation rejects the object with `strict decoding error:
unknown field "..."` (stage `kube-apiserver/field-validation`); KubeVirt's own decoders would
silently drop it instead, so the setting would quietly do nothing. Names are case-sensitive
(`claimname` is not `claimName`), and a value of the wrong type names its keys: a map where the
schema has a list or a string (`tolerations: {key: ..}` gives `unknown field "spec.tolerations.key"`).

Passing example::

    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterPreference
    metadata: {name: linux}
    spec: {devices: {preferredDiskBus: virtio}}

Failing example::

    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterPreference
    metadata: {name: linux}
    spec: {devices: {preferedDiskBus: virtio}}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.UNKNOWN_FIELD
SEVERITY = "error"
SUMMARY = "fields the API server does not know (typos such as preferedDiskBus)"
MIRRORS = "kube-apiserver strict field validation (kubectl's default)"
FIX = ("Correct the field name (the message names it; `kubectl explain` lists the valid ones) or remove the field; "
       "where it names the keys of a value of the wrong type, give the value its type (a list, a string).")


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)

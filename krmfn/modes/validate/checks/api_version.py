"""api-version: an instance type or preference in an apiVersion nobody serves.

KubeVirt serves only `instancetype.kubevirt.io/v1beta1`; the API server rejects anything else
before any webhook runs (stage `kube-apiserver/api-discovery`). krmfn also serves its own
`v1beta2` (optional guest, README "v1beta2"). With `legacyApiVersions: reject` (the default) the
v1alpha1 and v1alpha2 versions fail here as in KubeVirt since v1.6; with `legacyApiVersions: convert`
they are read as KubeVirt up to v1.5 did (the deprecated check warns about those). The result proposes
v1beta1.

Passing example::

    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterInstancetype
    metadata: {name: small}
    spec: {cpu: {guest: 1}, memory: {guest: 1Gi}}

Failing example::

    apiVersion: instancetype.kubevirt.io/v1
    kind: VirtualMachineClusterInstancetype
    metadata: {name: small}
    spec: {cpu: {guest: 1}, memory: {guest: 1Gi}}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.API_VERSION
SEVERITY = "error"
SUMMARY = ("apiVersion of an instance type or preference that is not served: anything but v1beta1, krmfn's "
           "v1beta2 and (with `legacyApiVersions: convert`) v1alpha1/v1alpha2")
MIRRORS = "API server discovery: KubeVirt serves only instancetype.kubevirt.io/v1beta1 (since v1.6)"
FIX = "Use apiVersion instancetype.kubevirt.io/v1beta1, which the result proposes."
PROPOSED = "instancetype.kubevirt.io/v1beta1"


def run(ctx: Context) -> Iterable[Finding]:
    for finding in claimed_findings(ctx, ID, SEVERITY):
        finding.path = "apiVersion"
        assert finding.item is not None  # claimed_findings copies the claim's item: an int, never None
        finding.current = ctx.values[finding.item].get("apiVersion")
        if str(finding.current).startswith("instancetype.kubevirt.io/"):
            finding.proposed = PROPOSED
        yield finding

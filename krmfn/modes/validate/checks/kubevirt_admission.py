"""kubevirt-admission: virt-operator's webhook rejects the KubeVirt custom resource.

On a CREATE, virt-operator's webhook checks the KubeVirt CR against KubeVirt's own API schema and
refuses a second one: a cluster runs one KubeVirt, so when a bundle is applied in order, the first
KubeVirt CR admitted is stored and every later one (in any namespace) gets `Kubevirt is already
created`. A CR refused earlier (an unknown field, a bad name) was never stored and refuses nothing;
a later definition of the stored CR (the same namespace and name) is an update of it, not a second
CR (`duplicate-object` reports it). Its configuration (feature gates and
the rest) is checked only on UPDATE, which krmfn does not reproduce; its schema is the CRD's,
reported by `unknown-field` and `schema`.

OpenShift's HyperConverged CR (`hco.kubevirt.io`) is checked here too, against HCO's webhooks
(HCO v1.18.1): its mutating webhook's decoding (`failed to parse the HyperConverged`), then its
validating webhook: certificate durations, data import cron templates, the TLS profile, and the
KubeVirt CR HCO makes of it, with the `kubevirt.kubevirt.io/jsonpatch` annotation applied
(`invalid jsonPatch in the kubevirt.kubevirt.io/jsonpatch annotation: ...`). Its deprecated
feature gates are warnings (`deprecated`); its CRD schema is reported by `unknown-field` (a
`spec.featureGates.sriovLiveMigration` HCO's CRD no longer has) and `schema`.

Passing example (with the option clusterConfig=none)::

    apiVersion: kubevirt.io/v1
    kind: KubeVirt
    metadata: {name: kubevirt, namespace: kubevirt}
    spec:
      configuration:
        developerConfiguration:
          featureGates: [HostDevices]

Failing example (with the option clusterConfig=none)::

    apiVersion: kubevirt.io/v1
    kind: KubeVirt
    metadata: {name: kubevirt, namespace: kubevirt}
    spec: {}
    ---
    apiVersion: kubevirt.io/v1
    kind: KubeVirt
    metadata: {name: kubevirt, namespace: openshift-cnv}
    spec: {}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model import check_ids
from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context

ID = check_ids.KUBEVIRT_ADMISSION
# The examples' CRs alone: without it, cluster-config notes the passing example's configuration.
EXAMPLE_OPTIONS = {"clusterConfig": "none"}
SEVERITY = "error"
SUMMARY = ("virt-operator's webhook on the KubeVirt custom resource (one KubeVirt per cluster), HCO's webhooks on "
           "the HyperConverged")
MIRRORS = ("kubeVirtCreateAdmitter.Admit (pkg/virt-operator/webhooks/kubevirt-create-admitter.go); HCO's "
           "HyperConverged mutator and ValidateCreate (pkg/webhooks/mutator, pkg/webhooks/validator)")
FIX = ("Keep one KubeVirt CR in the bundle: the one the cluster runs. For a HyperConverged, fix what HCO's "
       "message names (a JSON patch annotation must apply to the KubeVirt CR HCO makes).")


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)

"""kubevirt-admission: virt-operator's webhook rejects the KubeVirt custom resource.

On a CREATE, virt-operator's webhook checks the KubeVirt CR against KubeVirt's own API schema and
refuses a second one: a cluster runs one KubeVirt, so a bundle with two KubeVirt CRs (in any
namespaces) gets `Kubevirt is already created` for each. Its configuration (feature gates and
the rest) is checked only on UPDATE, which krmfn does not reproduce; its schema is the CRD's,
reported by `unknown-field` and `schema`.

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
SUMMARY = "virt-operator's webhook on the KubeVirt custom resource (one KubeVirt per cluster)"
MIRRORS = "kubeVirtCreateAdmitter.Admit (pkg/virt-operator/webhooks/kubevirt-create-admitter.go)"
FIX = "Keep one KubeVirt CR in the bundle: the one the cluster runs."


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)

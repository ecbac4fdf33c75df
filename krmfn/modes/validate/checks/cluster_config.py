"""cluster-config: the cluster configuration of the KubeVirt or HyperConverged CR that the run used
(information), or two such CRs that disagree on a value, so that neither is used (an error).

With `clusterConfig: auto` (the default), the cluster options a run does not give explicitly
(`featureGates`, `emulatedMachines`, `architecture`, `machineType`, `cpuRequest`, ...) come from the
`spec.configuration` of the bundle's `kind: KubeVirt`, or from the KubeVirt CR OpenShift's HCO makes
of the bundle's `kind: HyperConverged` (``krmfn.modes.cluster``); an info result on the CR names it
and the options it supplied, those it sets that were given explicitly (which win), or that it sets
none krmfn reads. Of the bundle's KubeVirt CRs, only the one the cluster stores is read:
the first one KubeVirt's admission lets through when the bundle is applied in order. Every other
one gets an info result saying why it supplies nothing (admission refuses it, as a schema error or
`Kubevirt is already created`, or it is a later definition of the stored CR, which `kubectl apply`
applies as an update). A HyperConverged HCO cannot translate (an invalid
`kubevirt.kubevirt.io/jsonpatch` annotation) is a warning, and its configuration is not used. A
HyperConverged that disagrees with the stored KubeVirt CR, or with another HyperConverged, is an
error on that HyperConverged, and neither is used. With `clusterConfig: PATH` (CLI) the CRs of that
file are read instead (every one: the file is what the cluster holds), and the results name the
file. `clusterConfig: none` ignores the CRs (and this check reports nothing). A bundle with one
KubeVirt CR whose `featureGates: [HostDisk]` the run uses gets the info result on the CR; the
failing example below is a KubeVirt CR and a HyperConverged that disagree.

Passing example (no KubeVirt CR: the options alone describe the cluster)::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      runStrategy: Halted
      template: {spec: {domain: {devices: {}, memory: {guest: 1Gi}}}}

Failing example::

    apiVersion: kubevirt.io/v1
    kind: KubeVirt
    metadata: {name: kubevirt, namespace: kubevirt}
    spec:
      configuration:
        developerConfiguration: {featureGates: [HostDisk]}
    ---
    apiVersion: hco.kubevirt.io/v1beta1
    kind: HyperConverged
    metadata: {name: kubevirt-hyperconverged, namespace: openshift-cnv}
    spec: {}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model import check_ids
from krmfn.model.findings import Finding
from krmfn.modes.cluster import cluster_findings
from krmfn.modes.validate.context import Context

ID = check_ids.CLUSTER_CONFIG
SEVERITY = "info"
SUMMARY = ("the cluster options came from the cluster's KubeVirt or HyperConverged CR, or two such CRs "
           "disagree")
MIRRORS = ("virt-config's ClusterConfig.GetConfig: the spec.configuration of the KubeVirt CR the cluster stores "
           "(GetConfigFromKubeVirtCR) over KubeVirt's defaults; "
           "for a HyperConverged, the KubeVirt CR HCO's NewKubeVirt (controllers/handlers/kubevirt.go) makes of it")
FIX = ("Nothing to fix for the info results. When two CRs disagree, keep one (a cluster has one KubeVirt: "
       "a KubeVirt CR or the HyperConverged that manages it), or set `clusterConfig: none` and give the cluster "
       "options explicitly. A HyperConverged HCO cannot translate: fix the error its result quotes.")


def run(ctx: Context) -> Iterable[Finding]:
    if ctx.cluster is not None:
        yield from cluster_findings(ctx.values, ctx.cluster)

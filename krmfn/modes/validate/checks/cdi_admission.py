"""cdi-admission: CDI's webhooks reject a DataVolume or a DataImportCron.

CDI (containerized-data-importer, `cdi.kubevirt.io`) is the storage every KubeVirt cluster runs; its
webhooks are those of the release KubeVirt pairs with ([CDI](../cdi.md)). A DataVolume needs a
target (`pvc` or `storage`, not both) with a size of at least 1MiB (a clone through `storage` may
leave it out), valid access modes, and exactly one of `source`, `sourceRef` (a DataSource) or
external population (`dataSource`/`dataSourceRef`); its source must be usable (an `http`, `https` or
`gs` URL, a `docker://` or `oci-archive://` registry URL, a complete ImageIO or VDDK source, a PVC
or snapshot with name and namespace). A `sourceRef` DataSource is looked up in the bundle: a missing
one is rejected by the mutating webhook. A PersistentVolumeClaim of the DataVolume's name that the
DataVolume may not adopt rejects it. A DataImportCron needs a registry or PVC source in its
template, a valid cron schedule, a `managedDataSource` name and sensible retention settings. A
missing required field (a DataImportCron without `schedule`) is the CRD schema's, reported by
`schema`; a DataSource has no webhook.

Passing example::

    apiVersion: cdi.kubevirt.io/v1beta1
    kind: DataVolume
    metadata: {name: fedora, namespace: lab}
    spec:
      source:
        registry: {url: "docker://quay.io/containerdisks/fedora:latest"}
      storage:
        resources: {requests: {storage: 30Gi}}

Failing example::

    apiVersion: cdi.kubevirt.io/v1beta1
    kind: DataVolume
    metadata: {name: fedora, namespace: lab}
    spec:
      storage:
        resources: {requests: {storage: 30Gi}}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model import check_ids
from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context

ID = check_ids.CDI_ADMISSION
SEVERITY = "error"
SUMMARY = ("CDI's DataVolume and DataImportCron webhooks (target storage and size, access modes, the source or "
           "sourceRef and its URL, the DataSource and claim looked up in the bundle, cron schedule, retention)")
MIRRORS = ("dataVolumeMutatingWebhook.Admit (datavolume-mutate.go), dataVolumeValidatingWebhook.Admit "
           "(datavolume-validate.go) and dataImportCronValidatingWebhook.Admit (dataimportcron-validate.go) in "
           "CDI's pkg/apiserver/webhooks")
FIX = ("Change the object as CDI's message says; for a sourceRef, add the DataSource to the bundle or fix its name; "
       "for an existing claim of the same name, rename the DataVolume or let it adopt the claim "
       "(annotation cdi.kubevirt.io/allowClaimAdoption: \"true\").")


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)

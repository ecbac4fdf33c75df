"""``krmfn validate FILE`` on CDI's kinds: clean DataVolumes, DataSources and DataImportCrons pass,
common mistakes are reported with CDI's messages under the check that owns each stage
(``cdi-admission`` for CDI's webhooks; ``api-version``, ``unknown-field``, ``schema`` for the API
server; ``kubevirt-crash`` where CDI's webhook panics)."""
from __future__ import annotations

import pytest
import yaml

from krmfn.modes.validate.mode import run_validate
from tests.conftest import krmfn_process

# KubeVirt's examples/vm-alpine-datavolume.yaml (d923fdb8), and its dataVolumeTemplate as a DataVolume.
KUBEVIRT_EXAMPLE = """\
apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  labels:
    kubevirt.io/vm: vm-alpine-datavolume
  name: vm-alpine-datavolume
spec:
  dataVolumeTemplates:
  - metadata:
      name: alpine-dv
    spec:
      pvc:
        accessModes:
        - ReadWriteOnce
        resources:
          requests:
            storage: 2Gi
        storageClassName: local
      source:
        registry:
          url: docker://registry:5000/kubevirt/alpine-container-disk-demo:devel
  runStrategy: Halted
  template:
    metadata:
      labels:
        kubevirt.io/vm: vm-alpine-datavolume
    spec:
      domain:
        devices:
          disks:
          - disk:
              bus: virtio
            name: datavolumedisk1
        memory:
          guest: 128Mi
        resources: {}
      terminationGracePeriodSeconds: 0
      volumes:
      - dataVolume:
          name: alpine-dv
        name: datavolumedisk1
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataVolume
metadata:
  name: alpine-dv
spec:
  pvc:
    accessModes:
    - ReadWriteOnce
    resources:
      requests:
        storage: 2Gi
    storageClassName: local
  source:
    registry:
      url: docker://registry:5000/kubevirt/alpine-container-disk-demo:devel
"""

GOLDEN_IMAGES = """\
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataImportCron
metadata:
  name: fedora-image-cron
  namespace: golden-images
spec:
  schedule: "0 */12 * * *"
  garbageCollect: Outdated
  importsToKeep: 3
  managedDataSource: fedora
  template:
    spec:
      source:
        registry:
          url: docker://quay.io/containerdisks/fedora:latest
          pullMethod: node
      storage:
        resources:
          requests:
            storage: 30Gi
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataSource
metadata:
  name: fedora
  namespace: golden-images
spec:
  source:
    pvc:
      name: fedora-image
      namespace: golden-images
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataVolume
metadata:
  name: fedora-root
  namespace: lab
spec:
  sourceRef:
    kind: DataSource
    name: fedora
    namespace: golden-images
  storage: {}
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataVolume
metadata:
  name: scratch
  namespace: lab
spec:
  source:
    blank: {}
  storage:
    accessModes: [ReadWriteMany]
    volumeMode: Block
    resources:
      requests:
        storage: 10Gi
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataVolume
metadata:
  name: copy
  namespace: lab
spec:
  source:
    pvc: {name: fedora-image, namespace: golden-images}
  storage: {}
"""

MISTAKES = """\
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataVolume
metadata: {name: nosource, namespace: lab}
spec:
  storage: {resources: {requests: {storage: 10Gi}}}
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataVolume
metadata: {name: both, namespace: lab}
spec:
  source: {blank: {}}
  pvc: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 10Gi}}}
  storage: {resources: {requests: {storage: 10Gi}}}
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataVolume
metadata: {name: badkind, namespace: lab}
spec:
  sourceRef: {kind: PersistentVolumeClaim, name: fedora}
  storage: {}
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataVolume
metadata: {name: missingds, namespace: lab}
spec:
  sourceRef: {kind: DataSource, name: rhel9}
  storage: {}
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataVolume
metadata: {name: ftp, namespace: lab}
spec:
  source: {http: {url: "ftp://example.com/disk.img"}}
  storage: {resources: {requests: {storage: 10Gi}}}
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataVolume
metadata: {name: nomode, namespace: lab}
spec:
  source: {registry: {url: "docker://quay.io/containerdisks/fedora:latest"}}
  pvc: {resources: {requests: {storage: 10Gi}}}
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataVolume
metadata: {name: tiny, namespace: lab}
spec:
  source: {blank: {}}
  storage: {resources: {requests: {storage: 512Ki}}}
---
apiVersion: cdi.kubevirt.io/v1alpha1
kind: DataVolume
metadata: {name: old, namespace: lab}
spec:
  source: {blank: {}}
  storage: {resources: {requests: {storage: 1Gi}}}
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataImportCron
metadata: {name: nocron, namespace: lab}
spec:
  template:
    spec:
      source: {registry: {url: "docker://quay.io/containerdisks/fedora:latest"}}
      storage: {resources: {requests: {storage: 10Gi}}}
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataImportCron
metadata: {name: badcron, namespace: lab}
spec:
  schedule: "0 25 * * *"
  managedDataSource: fedora
  template:
    spec:
      source: {registry: {url: "docker://quay.io/containerdisks/fedora:latest"}}
      storage: {resources: {requests: {storage: 10Gi}}}
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataImportCron
metadata: {name: labelled, namespace: lab}
spec:
  schedule: "@daily"
  managedDataSource: fedora
  template:
    metadata: {labels: {os: fedora}}
    spec:
      source: {registry: {url: "docker://quay.io/containerdisks/fedora:latest"}}
      storage: {resources: {requests: {storage: 10Gi}}}
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataImportCron
metadata: {name: http, namespace: lab}
spec:
  schedule: "@daily"
  managedDataSource: fedora
  template:
    spec:
      source: {http: {url: "https://example.com/fedora.qcow2"}}
      storage: {resources: {requests: {storage: 10Gi}}}
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataImportCron
metadata: {name: zone, namespace: lab}
spec:
  schedule: "TZ=Europe/Paris"
  managedDataSource: fedora
  template:
    spec:
      source: {registry: {url: "docker://quay.io/containerdisks/fedora:latest"}}
      storage: {resources: {requests: {storage: 10Gi}}}
---
apiVersion: cdi.kubevirt.io/v1beta1
kind: DataSource
metadata: {name: nosource, namespace: lab}
spec: {}
"""

EXPECTED = [
    "error [cdi-admission] DataVolume lab/nosource spec.source: Data volume should have either Source or SourceRef, "
    "or be externally populated",
    "error [cdi-admission] DataVolume lab/both spec.PVC.Storage: Duplicate storage definition, both target storage "
    "and target pvc defined",
    "error [cdi-admission] DataVolume lab/badkind spec.sourceRef.Kind: Unsupported sourceRef kind "
    "PersistentVolumeClaim, currently only DataSource is supported",
    'error [cdi-admission] DataVolume lab/missingds: datasources.cdi.kubevirt.io "rhel9" not found',
    "error [cdi-admission] DataVolume lab/ftp spec.source.HTTP.url: spec.source Invalid source URL scheme: "
    "ftp://example.com/disk.img",
    "error [cdi-admission] DataVolume lab/nomode spec.PVC.accessModes: Required value: at least 1 access mode is "
    "required",
    "error [cdi-admission] DataVolume lab/tiny spec.Storage.resources.requests.size: Storage size should be at "
    "least 1MiB",
    'error [api-version] DataVolume lab/old apiVersion: no matches for kind "DataVolume" in version '
    '"cdi.kubevirt.io/v1alpha1"',
    "error [schema] DataImportCron lab/nocron spec.managedDataSource: Required value",
    "error [schema] DataImportCron lab/nocron spec.schedule: Required value",
    "error [cdi-admission] DataImportCron lab/badcron spec.Schedule: Illegal cron schedule",
    "error [unknown-field] DataImportCron lab/labelled spec.template.metadata.labels: DataImportCron in version "
    '"v1beta1" cannot be handled as a DataImportCron: strict decoding error: unknown field '
    '"spec.template.metadata.labels"',
    "error [cdi-admission] DataImportCron lab/http spec.Template: Missing source",
    "warning [kubevirt-crash] DataImportCron lab/zone spec.Schedule: a TZ= or CRON_TZ= schedule without a space "
    "cannot be parsed (CDI's webhook panics: slice bounds out of range)",
    "error [schema] DataSource lab/nosource spec.source: Required value",
]


@pytest.mark.parametrize("text", [pytest.param(KUBEVIRT_EXAMPLE, id="kubevirt-example"),
                                  pytest.param(GOLDEN_IMAGES, id="golden-images")])
def test_clean_cdi_objects_pass(tmp_path, text: str) -> None:
    (tmp_path / "ok.yaml").write_text(text)
    run = krmfn_process(["validate", str(tmp_path)])
    assert (run.code, run.stderr) == (0, "")
    assert " 0 errors, 0 warnings" in run.stdout


def test_each_mistake_is_reported_with_cdis_message(tmp_path) -> None:
    (tmp_path / "bad.yaml").write_text(MISTAKES)
    run = krmfn_process(["validate", str(tmp_path)])
    assert run.code == 1
    reported = [line.split(": ", 1)[1] for line in run.stdout.splitlines() if line.startswith(str(tmp_path))]
    for expected in EXPECTED:
        assert expected in reported, (expected, reported)


def test_the_check_can_be_disabled_and_a_data_source_in_the_bundle_satisfies_a_source_ref() -> None:
    docs = list(yaml.safe_load_all(MISTAKES))
    findings = run_validate(docs, {"disable": ["cdi-admission"]}).findings
    assert not [f for f in findings if f.check == "cdi-admission"]
    rhel = {"apiVersion": "cdi.kubevirt.io/v1beta1", "kind": "DataSource", "metadata": {"name": "rhel9",
                                                                                         "namespace": "lab"},
            "spec": {"source": {"snapshot": {"name": "rhel9", "namespace": "lab"}}}}
    missing = [doc for doc in docs if doc["metadata"]["name"] == "missingds"]
    assert [f.message for f in run_validate(missing, {}).findings] == [
        'datasources.cdi.kubevirt.io "rhel9" not found']
    assert run_validate([*missing, rhel], {}).findings == []

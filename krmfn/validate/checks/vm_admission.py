"""vm-admission: KubeVirt's general VM checks reject the VM (stage
`validating-webhook/remaining-vm-checks`).

After the instance type part, the VM validating webhook validates the whole VM. Ported so far:
discontinued feature gates still in use (with the `featureGates` option), discontinued interface
bindings (`slirp`, `passt`, `macvtap`), the template metadata (reserved `kubevirt.io/` labels; the
sidecar and ignition annotations, also from the instance type or preference, need their feature
gates), the IO threads policy (a known policy; `supplementalPool` with a positive thread count,
also from the instance type), the dataVolumeTemplates (well formed, and each used by a
volume) and `validateRunStrategy` (`runStrategy` or the deprecated `running`, exactly one, and a
known strategy). The rest of KubeVirt's checks are being ported; until then they admit the VM, as
before.

Passing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      runStrategy: Halted
      template: {spec: {domain: {devices: {}}}}

Failing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      template: {spec: {domain: {devices: {}}}}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.validate.checks._claims import claimed_findings
from krmfn.validate.context import Context

ID = "vm-admission"
SEVERITY = "error"
SUMMARY = ("KubeVirt's general VM checks after the instance type part (so far: runStrategy, dataVolumeTemplates, "
           "ioThreadsPolicy, template labels and gated annotations, discontinued interface bindings and feature "
           "gates)")
MIRRORS = ("VMsAdmitter.Admit after the instance type part (vms-admitter.go): ValidateFeatureGates, "
           "validateDiscontinuedBindings, ValidateVirtualMachineInstanceMetadata, validateIOThreadsPolicy, "
           "ValidateDataVolumeTemplate, validateRunStrategy")


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)

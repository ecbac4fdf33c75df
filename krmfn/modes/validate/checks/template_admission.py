"""template-admission: virt-template's webhook rejects a VirtualMachineTemplate.

virt-template (`template.kubevirt.io`) is what KubeVirt deploys with its `Template` feature gate
(Beta from v1.9: on unless disabled; Alpha in v1.8: off unless enabled; absent before), for
templates of VirtualMachines ([templates](../templates.md#admission)). Its validating webhook
checks a template on creation: every `${PARAMETER}` the VirtualMachine or the message references
must be declared in `spec.parameters`, and the template must process (each required parameter
has a value or a generator, generated values can be made). Its warnings (a declared parameter that
nothing references, processing validation skipped for a required parameter without a value) are
this check's warnings. An unserved apiVersion (the gate off)
is reported by `api-version`, unknown fields by `unknown-field`, the CRD schema and its rules
(such as the reserved `template.kubevirt.io/` labels of a VirtualMachineTemplateRequest) by
`schema`.

Passing example::

    apiVersion: template.kubevirt.io/v1beta1
    kind: VirtualMachineTemplate
    metadata: {name: fedora, namespace: lab}
    spec:
      parameters:
      - {name: NAME, value: fedora}
      virtualMachine:
        apiVersion: kubevirt.io/v1
        kind: VirtualMachine
        metadata: {name: "${NAME}"}
        spec:
          runStrategy: Halted
          template: {spec: {domain: {devices: {}, memory: {guest: 1Gi}}}}

Failing example::

    apiVersion: template.kubevirt.io/v1beta1
    kind: VirtualMachineTemplate
    metadata: {name: fedora, namespace: lab}
    spec:
      parameters:
      - {name: NAME, value: fedora}
      virtualMachine:
        apiVersion: kubevirt.io/v1
        kind: VirtualMachine
        metadata: {name: "${NAME}-${SUFFIX}"}
        spec:
          runStrategy: Halted
          instancetype: {name: u1.medium}
          template: {spec: {domain: {devices: {}}}}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.kubevirt.util.webhooks import TEMPLATE_WEBHOOK_WARNINGS
from krmfn.model import check_ids
from krmfn.model.findings import WARNING, Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context

ID = check_ids.TEMPLATE_ADMISSION
SEVERITY = "error"
SUMMARY = ("virt-template's VirtualMachineTemplate webhook (parameter references declared, the template "
           "processes)")
MIRRORS = ("ValidateTemplate (internal/webhook/v1beta1/virtualmachinetemplate_webhook.go of virt-template, the "
           "release KubeVirt deploys with its Template gate)")
FIX = ("Declare every parameter the template references in spec.parameters, give each required parameter a value "
       "or a generator, as virt-template's message says.")


def run(ctx: Context) -> Iterable[Finding]:
    yield from claimed_findings(ctx, ID, SEVERITY)
    for index, verdict in enumerate(ctx.admissions):
        for warning in verdict.warnings if verdict is not None else []:
            if warning.reason in TEMPLATE_WEBHOOK_WARNINGS:
                yield Finding(WARNING, str(warning), item=index, path=warning.path, check=ID)

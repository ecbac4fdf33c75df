"""The VirtualMachine each VirtualMachineTemplate of the bundle yields, validated as a VM
(docs/templates.md#validation).

No KubeVirt counterpart: a cluster admits a template on its own (virt-template's webhook processes
it once, to see that it processes, and discards the VM), and checks the VM only when someone
processes the template and creates what it yields. validate does that now, so that a template
whose VM names `u1.meduim` does not pass: each template processes as virt-template's webhook
processes it (its default values, generated values from the webhook's fixed seed, one processing
for both: ``processing_once``; the engine of the
virt-template release the target deploys), in its namespace, and the VM goes through the whole
VirtualMachine chain with the rest of the bundle (its instance types and preferences, the
catalog). Its findings are the template's: at `spec.virtualMachine.<field>`, each message marked
as about the VM the template yields. A template that is not admitted (not served, refused by the
API server or the webhook, which then reports why) or that does not process yields nothing.
"""
from __future__ import annotations

from collections.abc import Mapping

from krmfn.kubevirt.util.webhooks import Admission
from krmfn.model.findings import FIRST_ITEM, Finding
from krmfn.model.kinds import VIRTUAL_MACHINE_TEMPLATE, is_virt_template_kind, kind_of
from krmfn.model.kubevirt_version import kubevirt_version
from krmfn.model.record import record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

VM_FIELD = "spec.virtualMachine"
YIELDED_NOTE = " (in the VirtualMachine that {template} yields with its default values)"


@record(frozen=True)
class Yielded:
    """A template's VM: the template's input index, its name as findings show it, and the VM."""

    template: int
    name: str
    vm: dict


def _templates(values: list[Any]) -> list[int]:
    return [index for index, value in enumerate(values)
            if is_virt_template_kind(value) and kind_of(value) == VIRTUAL_MACHINE_TEMPLATE]


class processing_once:  # lowercase: used as the function it was, `with processing_once(values):`
    """The engine's ``processing_once`` when ``values`` hold a template (the engine loads only then).
    A class, not ``contextlib`` (krmfn.model.gcpause)."""

    __slots__ = ("values", "engine")

    def __init__(self, values: list[Any]) -> None:
        self.values = values
        self.engine: Any = None

    def __enter__(self) -> None:
        if _templates(self.values):
            from krmfn.virt_template.engine.processor import processing_once as once  # noqa: PLC0415
            self.engine = once()
            self.engine.__enter__()

    def __exit__(self, *exc_info: Any) -> None:
        if self.engine is not None:
            self.engine.__exit__(*exc_info)


def yielded_vms(values: list[Any], options: Mapping[str, Any]) -> list[Yielded]:
    """The VM of each VirtualMachineTemplate among ``values`` that processes (module doc)."""
    templates = _templates(values)
    if not templates:
        return []
    from krmfn.virt_template.engine.processor import Processed, process_seeded  # noqa: PLC0415 - with a template
    from krmfn.virt_template.release import webhook_build  # noqa: PLC0415
    from krmfn.virt_template.webhook.virtualmachinetemplate_webhook import FIXED_SEED  # noqa: PLC0415
    build = webhook_build(kubevirt_version(options.get("kubevirtVersion")))
    if build is None:  # the release deploys no virt-template: the templates are not served
        return []
    default_namespace = str(options.get("namespace") or "default")
    out = []
    for index in templates:
        template = values[index]
        processed = process_seeded(template, FIXED_SEED, build)  # shared with the webhook: not changed
        if not isinstance(processed, Processed) or not isinstance(processed.vm.get("metadata"), dict):
            continue
        metadata = template.get("metadata") if isinstance(template.get("metadata"), dict) else {}
        namespace = str(metadata.get("namespace") or default_namespace)
        vm = {**processed.vm, "metadata": {"namespace": namespace, **processed.vm["metadata"]}}
        out.append(Yielded(index, f"VirtualMachineTemplate {namespace}/{metadata.get('name') or ''}", vm))
    return out


def on_templates(findings: list[Finding], count: int, yielded: list[Yielded],
                 admissions: list[Admission | None]) -> list[Finding]:
    """The findings with those about a yielded VM (items from ``count`` on) put on its template, or
    left out when the template is not admitted."""
    out = []
    for finding in findings:
        if finding.item is None or finding.item < count:
            out.append(finding)
            continue
        source = yielded[finding.item - count]
        verdict = admissions[source.template] if source.template < len(admissions) else None
        if verdict is None or not verdict.allowed:
            continue
        finding.item = source.template
        finding.path = f"{VM_FIELD}.{finding.path}" if finding.path else VM_FIELD
        finding.message += YIELDED_NOTE.format(template=source.name)
        if FIRST_ITEM in finding.tags and int(finding.tags[FIRST_ITEM]) >= count:
            del finding.tags[FIRST_ITEM]
        out.append(finding)
    return out

"""The `process` mode on plain data: every VirtualMachineTemplate replaced by the VirtualMachine
``virtctl template process --local`` prints for it.

No KubeVirt counterpart as a whole: each template goes through virtctl's offline processing
(``krmfn.kubevirt.virtctl.template.process.process_local``, the engine its release vendors:
``krmfn.virt_template.release.virtctl_build``); this module adds what is process's own:

* Every input item comes out, in order; every item but a processed template unchanged.
* A template's values: ``parameters`` entries for ``*`` (every template that declares the name),
  for its name and for ``NAMESPACE/NAME``, the later winning. A name of ``*`` no template declares,
  and a template key no template of the bundle matches, are errors about the run (unless the bundle
  has no template at all: a package rendered before holds the VMs only).
* Generated values (``generate: expression``) come from ``random.Random`` seeded with ``seed`` and
  the template's namespace and name: reproducible, independent of the other templates, and not
  virtctl's (which draws them from ``crypto/rand``).
* The VM replaces its template (``keepTemplates``: follows it), annotated
  ``krmfn.dev/processed-from: NAMESPACE/NAME`` (``NAME`` without a namespace), in the template's
  namespace when it has none (the engine removes a hard-coded one; a VM created from the template
  lives in the template's namespace), with the template's orchestrator annotations (its file and
  index, so kpt writes the VM where the template was).
* virtctl's error (a required parameter without a value, an unknown parameter, an undefined
  reference, a generator failure) is an error on the template, which is left as it is; virtctl's
  warnings are warnings, the template's processed message an info.
* At a release whose virtctl has no ``template`` command (v1.7), every template is left as it is,
  with an error.
"""
from __future__ import annotations

import random
from collections.abc import Mapping

from krmfn.kubevirt.virtctl.template.process import ProcessError, process_local
from krmfn.model import check_ids
from krmfn.model.findings import ERROR, INFO, WARNING, Finding
from krmfn.model.kinds import VIRTUAL_MACHINE_TEMPLATE, is_virt_template_kind, kind_of
from krmfn.model.krm import LOCAL_CONFIG_ANNOTATION, ORCHESTRATOR_PREFIXES, PROCESSED_FROM_ANNOTATION, metadata_of
from krmfn.model.kubevirt_version import KubevirtVersion, kubevirt_version
from krmfn.model.options import EVERY_TEMPLATE, complete
from krmfn.model.outcome import Outcome
from krmfn.model.record import record
from krmfn.model.suppression import suppress
from krmfn.virt_template.release import virtctl_build
from krmfn.virt_template.types import parameters_of, spec_of

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

CHECK = check_ids.TEMPLATE_PROCESS
# What a processed VM takes of its template's annotations: the orchestrators' (its file, index and
# kustomize's id), not local-config, which would keep the VM out of what is applied.
KUSTOMIZE_ID_PREFIX = "config.k8s.io/"
NO_VIRTCTL_TEMPLATE = ("not processed: KubeVirt {version}'s virtctl has no `template` command and its cluster no "
                       "VirtualMachineTemplates (virt-template comes with KubeVirt v1.8); set kubevirtVersion to "
                       "v1.8 or later")
NOT_DECLARED = "parameter {name} not found in any VirtualMachineTemplate of the bundle"
NO_TEMPLATE = 'no VirtualMachineTemplate "{key}" in the bundle'


@record(frozen=True)
class ProcessOptions:
    """The process mode's options (``krmfn.model.options`` names)."""

    parameters: Mapping[str, Mapping[str, str]]
    seed: int
    keep_templates: bool
    version: KubevirtVersion

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> ProcessOptions:
        options = complete("process", options)
        return cls(options["parameters"], options["seed"], options["keepTemplates"],
                   kubevirt_version(options["kubevirtVersion"]))


def is_virtual_machine_template(value: Any) -> bool:
    return is_virt_template_kind(value) and kind_of(value) == VIRTUAL_MACHINE_TEMPLATE


def template_key(value: Any) -> str:
    """``NAMESPACE/NAME``, or ``NAME`` for a template without a namespace (the annotation's value)."""
    metadata = metadata_of(value)
    name, namespace = metadata.get("name"), metadata.get("namespace")
    name = name if isinstance(name, str) else ""
    return f"{namespace}/{name}" if isinstance(namespace, str) and namespace else name


def _declared(template: Any) -> set[str]:
    return {parameter.name for parameter in parameters_of(spec_of(template)) or []}


def values_for(template: Any, parameters: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """The values given to one template: ``*``'s it declares, then its name's, then ``NAMESPACE/NAME``'s."""
    declared = _declared(template)
    key = template_key(template)
    name = key.rpartition("/")[2]
    values = {param: value for param, value in parameters.get(EVERY_TEMPLATE, {}).items() if param in declared}
    for entry in dict.fromkeys((name, key)):
        values.update(parameters.get(entry, {}))
    return values


def run_process(values: list[Any], options: Mapping[str, Any]) -> Outcome:
    """The mode: functionConfig options in, the Outcome out."""
    outcome = process_items(values, ProcessOptions.from_options(options))
    suppress(outcome.findings, values)
    return outcome


def process_items(values: list[Any], options: ProcessOptions) -> Outcome:
    """Every template of ``values`` processed (module doc)."""
    build = virtctl_build(options.version)
    outcome = Outcome([], [])
    templates = [index for index, value in enumerate(values) if is_virtual_machine_template(value)]
    outcome.findings.extend(_unused(values, templates, options.parameters))
    for index, value in enumerate(values):
        if index not in templates:
            _keep(outcome, index, value)
            continue
        if build is None:
            _keep(outcome, index, value)
            outcome.findings.append(Finding(ERROR, NO_VIRTCTL_TEMPLATE.format(version=options.version.name),
                                            item=index, check=CHECK))
            continue
        key = template_key(value)
        rng = random.Random(f"{options.seed}:{key}")
        try:
            processed = process_local(value, values_for(value, options.parameters), rng, build)
        except ProcessError as error:
            _keep(outcome, index, value)
            outcome.findings.extend(Finding(WARNING, warning, item=index, check=CHECK) for warning in error.warnings)
            outcome.findings.append(Finding(ERROR, str(error), item=index, check=CHECK))
            continue
        outcome.findings.extend(Finding(WARNING, warning, item=index, check=CHECK) for warning in processed.warnings)
        if processed.message:
            outcome.findings.append(Finding(INFO, processed.message, item=index, check=CHECK))
        vm = processed_vm(processed.vm, value, keep=options.keep_templates)
        if options.keep_templates:
            _keep(outcome, index, value)
            outcome.items.append(vm)
            outcome.sources.append(None)
        else:
            outcome.changed.add(len(outcome.items))
            outcome.items.append(vm)
            outcome.sources.append(index)
    return outcome


def _keep(outcome: Outcome, index: int, value: Any) -> None:
    outcome.items.append(value)
    outcome.sources.append(index)


def _unused(values: list[Any], templates: list[int], parameters: Mapping[str, Mapping[str, str]]) -> list[Finding]:
    """Errors about the run: a name of ``*`` no template declares, a template key no template matches;
    none when the bundle has no template (a second ``kpt fn render`` finds only the VMs)."""
    findings: list[Finding] = []
    if not templates:
        return findings
    declared = set().union(*(_declared(values[index]) for index in templates))
    for name in parameters.get(EVERY_TEMPLATE, {}):
        if name not in declared:
            findings.append(Finding(ERROR, NOT_DECLARED.format(name=name), path="parameters", check=CHECK))
    keys = {key for index in templates for key in (template_key(values[index]),
                                                    template_key(values[index]).rpartition("/")[2])}
    for key in parameters:
        if key != EVERY_TEMPLATE and key not in keys:
            findings.append(Finding(ERROR, NO_TEMPLATE.format(key=key), path=f"parameters.{key}", check=CHECK))
    return findings


def processed_vm(vm: dict, template: Any, keep: bool = False) -> dict:
    """The VM virtctl prints, in the template's namespace when it has none, annotated with its
    template, with the template's orchestrator annotations unless it is written beside it (``keep``)."""
    metadata = dict(vm.get("metadata") or {})
    template_metadata = metadata_of(template)
    namespace = template_metadata.get("namespace")
    if not metadata.get("namespace") and isinstance(namespace, str) and namespace:
        metadata = _with_namespace(metadata, namespace)
    annotations = dict(metadata.get("annotations") or {})
    annotations[PROCESSED_FROM_ANNOTATION] = template_key(template)
    if not keep:
        template_annotations = template_metadata.get("annotations")
        for name, text in (template_annotations if isinstance(template_annotations, dict) else {}).items():
            if name.startswith((*ORCHESTRATOR_PREFIXES, KUSTOMIZE_ID_PREFIX)) and name != LOCAL_CONFIG_ANNOTATION:
                annotations[name] = text
    metadata["annotations"] = annotations
    return {**vm, "metadata": metadata}


def _with_namespace(metadata: dict, namespace: str) -> dict:
    """``namespace`` after ``name`` (where Go's ObjectMeta has it)."""
    out: dict[str, Any] = {}
    for key, value in metadata.items():
        out[key] = value
        if key == "name":
            out["namespace"] = namespace
    out.setdefault("namespace", namespace)
    return out

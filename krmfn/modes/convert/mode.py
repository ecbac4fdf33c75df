"""The `convert` mode on plain data: every OpenShift ``template.openshift.io/v1`` Template that
wraps a VirtualMachine replaced by the VirtualMachineTemplate ``virtctl template convert`` writes.

No KubeVirt counterpart as a whole: each Template goes through virtctl's conversion
(``krmfn.kubevirt.virtctl.template.convert.convert``), with the template API version the
targeted release's virtctl writes (``api_version_for``: v1beta1 since v1.9, v1alpha1 at v1.8).

* Every input item comes out, in order; only the converted Templates change.
* A Template none of whose objects is a ``kubevirt.io`` VirtualMachine is left as it is (virtctl
  checks no kind, but a bundle holds Templates of other objects too).
* virtctl's error (``template must contain exactly one object, found N``: a VM with a Service,
  say) is an error on the Template, which is left as it is.
* At a release whose virtctl has no ``template`` command (v1.7), every such Template is left as it
  is, with an error.
"""
from __future__ import annotations

from collections.abc import Mapping

from krmfn.kubevirt.virtctl.template.convert import ConvertError, api_version_for, convert
from krmfn.model import check_ids
from krmfn.model.findings import ERROR, Finding
from krmfn.model.kinds import is_kind, is_virtual_machine
from krmfn.model.kubevirt_version import kubevirt_version
from krmfn.model.options import complete
from krmfn.model.outcome import Outcome
from krmfn.model.suppression import suppress

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

CHECK = check_ids.TEMPLATE_CONVERT
OPENSHIFT_TEMPLATE_GROUP = "template.openshift.io"
NO_VIRTCTL_TEMPLATE = ("not converted: KubeVirt {version}'s virtctl has no `template` command and its cluster no "
                       "VirtualMachineTemplates (virt-template comes with KubeVirt v1.8); set kubevirtVersion to "
                       "v1.8 or later")


def wraps_virtual_machine(value: Any) -> bool:
    """An OpenShift Template with a VirtualMachine among its objects."""
    if not is_kind(value, "Template", OPENSHIFT_TEMPLATE_GROUP):
        return False
    objects = value.get("objects")
    return isinstance(objects, list) and any(is_virtual_machine(obj) for obj in objects)


def run_convert(values: list[Any], options: Mapping[str, Any]) -> Outcome:
    """The mode: functionConfig options in, the Outcome out."""
    version = kubevirt_version(complete("convert", options)["kubevirtVersion"])
    outcome = Outcome(list(values), list(range(len(values))))
    for index, value in enumerate(values):
        if not wraps_virtual_machine(value):
            continue
        if not version.since(8):
            outcome.findings.append(Finding(ERROR, NO_VIRTCTL_TEMPLATE.format(version=version.name), item=index,
                                            check=CHECK))
            continue
        try:
            outcome.items[index] = convert(value, api_version_for(version))
        except ConvertError as error:
            outcome.findings.append(Finding(ERROR, str(error), item=index, path="objects", check=CHECK))
            continue
        outcome.changed.add(index)
    suppress(outcome.findings, values)
    return outcome

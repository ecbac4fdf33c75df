"""Comparing a VM with the inline of its adopted form: both as KubeVirt will run them.

The original VM (no matchers) gets the defaults KubeVirt's expand adds (the same steps as
``krmfn.kubevirt.instancetype.expand.expand.expand_vm`` with nothing to apply: default disks and pod
network, then ``SetDefaultVirtualMachineInstanceSpec``); the adopted VM is inlined by
``expand_vm`` itself. Both then get what the VMI mutating webhook adds later and that makes the
same guest out of two spellings (``setDefaultResourceRequests`` of
``pkg/virt-api/webhooks/mutating-webhook/mutators/vmi-mutator.go``: ``requests.memory`` := the
guest memory when unset; ``GetCPUTopology`` of ``pkg/virt-launcher/virtwrap/converter/vcpu``: an
unset socket, core or thread count is 1), and quantities in their canonical form. krmfn's own
annotations (``krmfn.dev/inlined-from``, ``krmfn.dev/provenance``) are not compared, and the runtime
form leaves out ``vm.kubevirt.io/os`` (``UI_ANNOTATIONS``).
"""
from __future__ import annotations

from typing import Any

from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.defaults.defaults import (
    set_default_network_interface,
    set_default_vmi_spec,
    set_default_volume_disk,
)
from krmfn.kubevirt.apimachinery.gozero import clone
from krmfn.model.krm import INLINED_FROM_ANNOTATION, PROVENANCE_ANNOTATION

KRMFN_ANNOTATIONS = (INLINED_FROM_ANNOTATION, PROVENANCE_ANNOTATION)
# Set by every catalog preference (`spec.annotations`), read by UIs (the console's OS icon), not by
# KubeVirt: a VM without it gets the same guest with or without it.
UI_ANNOTATIONS = ("vm.kubevirt.io/os",)
TOPOLOGY = ("sockets", "cores", "threads")
Diff = tuple[str, Any, Any]  # (dotted path, the original's value, the adopted VM's); None: absent
MISSING: Any = None


def defaulted(vm: dict, config: ClusterConfig) -> dict | str:
    """``vm`` (without matchers) with the defaults expand adds, or the defaults' error."""
    out = clone(vm)
    spec = out.setdefault("spec", {})
    template = spec.setdefault("template", {})
    template_spec = template.setdefault("spec", {})
    set_default_volume_disk(template_spec)
    error = set_default_network_interface(config, template_spec) or set_default_vmi_spec(config, template_spec)
    return error if error is not None else out


def comparable(vm: dict, without: list[str] | tuple[str, ...] = ()) -> dict:
    """A defaulted or inlined VM without what is krmfn's own (module doc), and without the
    template annotations ``without``; a copy."""
    out = clone(vm)
    metadata = out.get("metadata")
    if isinstance(metadata, dict) and isinstance(metadata.get("annotations"), dict):
        metadata["annotations"] = {k: v for k, v in metadata["annotations"].items() if k not in KRMFN_ANNOTATIONS}
        if not metadata["annotations"]:
            del metadata["annotations"]
    template_metadata = _dict(_dict(out.get("spec")).get("template")).get("metadata")
    if isinstance(template_metadata, dict) and isinstance(template_metadata.get("annotations"), dict) and without:
        template_metadata["annotations"] = {k: v for k, v in template_metadata["annotations"].items()
                                            if k not in without}
    if isinstance(template_metadata, dict) and template_metadata.get("annotations") == {}:
        del template_metadata["annotations"]  # no annotations: the same object
    if template_metadata == {}:
        del out["spec"]["template"]["metadata"]
    return out


def runtime_form(vm: dict) -> dict:
    """``comparable``, with what makes the same guest out of two spellings made one (module doc),
    and without the template annotations only UIs read (``UI_ANNOTATIONS``)."""
    out = comparable(vm, UI_ANNOTATIONS)
    domain = _dict(_dict(_dict(_dict(out.get("spec")).get("template")).get("spec")).get("domain"))
    if domain:
        _canonical_memory(domain)
        _full_topology(domain)
    return out


def _canonical_memory(domain: dict) -> None:
    memory = domain.get("memory")
    memory = memory if isinstance(memory, dict) else {}
    for key in ("guest", "maxGuest"):
        if key in memory:
            memory[key] = _canonical(memory[key])
    resources = domain.get("resources")
    resources = resources if isinstance(resources, dict) else {}
    for section in ("requests", "limits"):
        if isinstance(resources.get(section), dict):
            resources[section] = {k: _canonical(v) for k, v in resources[section].items()}
    if memory.get("guest") is not None:
        domain["resources"] = resources
        requests = resources["requests"] = resources["requests"] if isinstance(resources.get("requests"), dict) else {}
        requests.setdefault("memory", memory["guest"])


def _full_topology(domain: dict) -> None:
    cpu = domain.get("cpu")
    if isinstance(cpu, dict) and any(cpu.get(k) for k in TOPOLOGY):
        for key in TOPOLOGY:
            if not cpu.get(key):
                cpu[key] = 1


def _canonical(value: Any) -> Any:
    parsed = quantity.parse(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else None
    return parsed.canonical() if isinstance(parsed, quantity.Quantity) else value


def differences(expected: Any, got: Any, path: str = "") -> list[Diff]:
    """Every leaf where ``got`` differs from ``expected``, in ``expected``'s order, then ``got``'s
    extra keys; a list of another length is one difference."""
    if isinstance(expected, dict) and isinstance(got, dict):
        found: list[Diff] = []
        for key in [*expected, *(k for k in got if k not in expected)]:
            found += differences(expected.get(key, MISSING), got.get(key, MISSING), f"{path}.{key}" if path else key)
        return found
    if isinstance(expected, list) and isinstance(got, list) and len(expected) == len(got):
        pairs = enumerate(zip(expected, got, strict=True))
        return [d for i, (a, b) in pairs for d in differences(a, b, f"{path}[{i}]")]
    return [] if expected == got and type(expected) is type(got) else [(path, expected, got)]


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}

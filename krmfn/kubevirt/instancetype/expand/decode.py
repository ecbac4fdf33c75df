"""VM fields of the wrong JSON type, which stop `virtctl expand` before expansion starts.

`virtctl expand --file` decodes the file into KubeVirt's Go `VirtualMachine` type first, and the
API server and the VM webhooks check the same types at admission, so a VM with, say,
`spec.template: [..]` or `spec.instancetype.name: 5` is never expanded by KubeVirt. krmfn's expand
works on plain data and would write over such values; `type_error` finds them first, so inline
leaves the VM unchanged and reports the field, with the message KubeVirt's admission gives for it
(kube-openapi's, as in `validate`'s `schema` check): `spec.template in body must be of type
object: "array"`.

Go decodes a JSON number into a Quantity (`memory.guest: 1.5`), which the OpenAPI type
int-or-string does not allow: that one is not reported here (expand canonicalises it).

Cost: a screen of the fields the engine reads runs for every VM; the full schema walk only for
the rare VM the screen flags.
"""
from __future__ import annotations

import krmfn.kubevirt.apiserver.schema as schemas
from krmfn.kubevirt.apiserver.vm_schema import VIRTUAL_MACHINE

MATCHER_STRINGS = ("name", "kind", "revisionName", "inferFromVolume", "inferFromVolumeFailurePolicy")
DOMAIN_OBJECTS = ("cpu", "memory", "resources", "firmware", "features", "machine", "clock", "devices",
                  "launchSecurity", "ioThreads", "chassis")
DEVICE_LISTS = ("disks", "interfaces", "inputs", "gpus", "hostDevices", "filesystems", "watchdogs")
CPU_INTEGERS = ("cores", "sockets", "threads", "maxSockets")
DATA_VOLUME_TEMPLATES = ("dataVolumeTemplates",)


def type_error(vm: dict) -> schemas.SchemaError | None:
    """The first field of the VM whose JSON type its Go type cannot take, if any."""
    if not _suspicious(vm):
        return None
    for error in schemas.check(vm, VIRTUAL_MACHINE).errors:
        if error.code == schemas.INVALID_TYPE and not _go_decodes(error):
            return error
    return None


def _go_decodes(error: schemas.SchemaError) -> bool:
    """A JSON number where a Quantity goes: Go takes it (int-or-string in the schema does not)."""
    return error.value == "number" and "of type integer,string" in error.message


def _dicts(parent: dict, keys: tuple[str, ...]) -> bool:
    """Every one of `keys` in `parent` is absent, null or a mapping."""
    for key in keys:
        value = parent.get(key)
        if value is not None and type(value) is not dict:
            return False
    return True


def _lists_of_dicts(parent: dict, keys: tuple[str, ...]) -> bool:
    for key in keys:
        value = parent.get(key)
        if value is None:
            continue
        if type(value) is not list:
            return False
        for item in value:
            if item is not None and type(item) is not dict:
                return False
    return True


def _suspicious(vm: dict) -> bool:
    """Does a field the engine reads or writes have a surprising type? Cheap (a few µs a VM);
    a VM it flags gets the full walk (which also sees the fields the screen does not look at)."""
    if not _dicts(vm, ("metadata", "spec", "status")):
        return True
    metadata = vm.get("metadata")
    if metadata is not None and not _dicts(metadata, ("annotations", "labels")):
        return True
    spec = vm.get("spec")
    if spec is None:
        return False
    if not _dicts(spec, ("instancetype", "preference", "template")) or not _lists_of_dicts(spec, DATA_VOLUME_TEMPLATES):
        return True
    for key in ("instancetype", "preference"):
        matcher = spec.get(key)
        if matcher:
            for name in MATCHER_STRINGS:
                value = matcher.get(name)
                if value is not None and type(value) is not str:
                    return True
    template = spec.get("template")
    if template is None:
        return False
    if not _dicts(template, ("metadata", "spec")):
        return True
    tspec = template.get("spec")
    if tspec is None:
        return False
    if not _dicts(tspec, ("domain", "nodeSelector")) or not _lists_of_dicts(tspec, ("volumes", "networks")):
        return True
    domain = tspec.get("domain")
    if not domain:
        return False
    if not _dicts(domain, DOMAIN_OBJECTS):
        return True
    devices = domain.get("devices")
    if devices and not _lists_of_dicts(devices, DEVICE_LISTS):
        return True
    cpu = domain.get("cpu")
    if cpu:
        for name in CPU_INTEGERS:
            value = cpu.get(name)
            if value is not None and type(value) is not int:
                return True
    memory = domain.get("memory")
    guest = memory.get("guest") if memory else None
    return not (guest is None or type(guest) in (str, int, float))

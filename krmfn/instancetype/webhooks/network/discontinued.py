"""Interface bindings KubeVirt no longer supports.

Mirrors ``validateDiscontinuedBindings`` in ``pkg/network/admitter/discontinued.go`` (d923fdb8), which
``Validator.ValidateCreation`` runs on every VM CREATE: a ``slirp``, ``passt`` or ``macvtap`` binding
on any interface is rejected, one cause per binding, in interface order.

Oddity kept: the VM webhook builds this validator on the path ``spec`` while handing it the
template's spec, so the causes point at ``spec.domain.devices.interfaces[N].slirp`` rather than at
``spec.template.spec.domain...``.
"""
from __future__ import annotations

from krmfn.instancetype.webhooks.response import CAUSE_FIELD_VALUE_INVALID, Cause

DISCONTINUED_BINDINGS = (
    ("slirp", "Slirp interface support has been discontinued since v1.3"),
    ("passt", "Passt network binding has been discontinued since v1.3"),
    ("macvtap", "Macvtap network binding has been discontinued since v1.3"),
)
_DISCONTINUED_KEYS = frozenset(binding for binding, _ in DISCONTINUED_BINDINGS)


def validate_discontinued_bindings(field: str, template_spec: dict) -> list[Cause]:
    """One cause per discontinued binding (a null binding is absent, as Go's nil pointer)."""
    domain = template_spec.get("domain")
    devices = domain.get("devices") if isinstance(domain, dict) else None
    interfaces = devices.get("interfaces") if isinstance(devices, dict) else None
    causes = []
    for index, interface in enumerate(interfaces if isinstance(interfaces, list) else []):
        if not isinstance(interface, dict) or _DISCONTINUED_KEYS.isdisjoint(interface):
            continue
        for binding, message in DISCONTINUED_BINDINGS:
            if interface.get(binding) is not None:
                causes.append(Cause(f"{field}.domain.devices.interfaces[{index}].{binding}", message,
                                    CAUSE_FIELD_VALUE_INVALID))
    return causes

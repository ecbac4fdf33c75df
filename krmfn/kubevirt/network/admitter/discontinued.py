"""Interface bindings KubeVirt no longer supports.

Mirrors ``validateDiscontinuedBindings`` in ``pkg/network/admitter/discontinued.go`` (d923fdb8), which
``Validator.ValidateCreation`` runs on every VM CREATE: a ``slirp``, ``passt`` or ``macvtap`` binding
on any interface is rejected, one cause per binding, in interface order.

Oddity kept: the VM webhook builds this validator on the path ``spec`` while handing it the
template's spec, so the causes point at ``spec.domain.devices.interfaces[N].slirp`` rather than at
``spec.template.spec.domain...``.

Before v1.8 (``validateCreationSlirpBinding``, v1.7.4) only ``slirp`` is rejected here; ``passt``
and ``macvtap`` go to their binding checks (``KubevirtVersion.rejects_discontinued_passt``,
``rejects_discontinued_macvtap``).
"""
from __future__ import annotations

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion

DISCONTINUED_BINDINGS = (
    ("slirp", "Slirp interface support has been discontinued since v1.3"),
    ("passt", "Passt network binding has been discontinued since v1.3"),
    ("macvtap", "Macvtap network binding has been discontinued since v1.3"),
)
_DISCONTINUED_KEYS = frozenset(binding for binding, _ in DISCONTINUED_BINDINGS)


def validate_discontinued_bindings(field: str, template_spec: dict,
                                   version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> list[Cause]:
    """One cause per discontinued binding (a null binding is absent, as Go's nil pointer)."""
    rejected = discontinued_bindings(version)
    domain = template_spec.get("domain")
    devices = domain.get("devices") if isinstance(domain, dict) else None
    interfaces = devices.get("interfaces") if isinstance(devices, dict) else None
    causes = []
    for index, interface in enumerate(interfaces if isinstance(interfaces, list) else []):
        if not isinstance(interface, dict) or _DISCONTINUED_KEYS.isdisjoint(interface):
            continue
        for binding, message in rejected:
            if interface.get(binding) is not None:
                causes.append(Cause(f"{field}.domain.devices.interfaces[{index}].{binding}", message,
                                    CAUSE_FIELD_VALUE_INVALID))
    return causes


def discontinued_bindings(version: KubevirtVersion) -> tuple[tuple[str, str], ...]:
    """The bindings (with their messages) ``version`` rejects as discontinued."""
    kept = {"passt": version.rejects_discontinued_passt, "macvtap": version.rejects_discontinued_macvtap}
    return tuple(entry for entry in DISCONTINUED_BINDINGS if kept.get(entry[0], True))

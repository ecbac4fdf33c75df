"""Clock preferences (docs/kubevirt/preference-apply.md#clock).

Mirrors `applyClockPreferences` in KubeVirt's pkg/instancetype/preference/apply/clock.go.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import child, ptr_set
from krmfn.kubevirt.instancetype.preference.apply._tree import deep_copy, domain_of, section

# The members of KubeVirt's ClockOffset, which is inlined into Clock.
CLOCK_OFFSET_FIELDS = ("utc", "timezone")


def apply_clock_preferences(pf_spec: dict, template_spec: dict) -> None:
    """Apply `PF.clock`; creates `T.domain.clock: {}` whenever PF.clock is present.

    The offset and the timer are each all-or-nothing: no partial merge.
    """
    pf_clock = section(pf_spec, "clock")
    if pf_clock is None:
        return
    clock = child(domain_of(template_spec), "clock")
    offset = pf_clock.get("preferredClockOffset")
    if ptr_set(offset) and not _has_clock_offset(clock):
        _replace_clock_offset(clock, offset)
    timer = pf_clock.get("preferredTimer")
    if ptr_set(timer) and not ptr_set(clock.get("timer")):
        clock["timer"] = deep_copy(timer)


def _has_clock_offset(clock: dict) -> bool:
    return any(ptr_set(clock.get(field)) for field in CLOCK_OFFSET_FIELDS)


def _replace_clock_offset(clock: dict, offset: object) -> None:
    """Go assigns the whole inline ClockOffset struct: every member comes from the preference."""
    if not isinstance(offset, dict):
        return
    for field in CLOCK_OFFSET_FIELDS:
        if ptr_set(offset.get(field)):
            clock[field] = deep_copy(offset[field])

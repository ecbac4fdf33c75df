"""Why a rejection or failure happened, as set where it is produced: the validate checks decide
which of them reports a finding from these (``krmfn.modes.validate.classify``), never from its text.

A ``Cause``, an expand ``Failure`` and a preference requirement failure carry a set of these; an
empty set is KubeVirt's ordinary answer for its stage (a conflict, a schema error, ...).
"""
from __future__ import annotations

# KubeVirt itself crashes (panics) on the input instead of answering
# (docs/kubevirt/README.md#questions-the-source-leaves-open): krmfn's message says so.
KUBEVIRT_CRASH = "kubevirt-crash"
# One of krmfn's own instancetype.kubevirt.io/v1beta2 rules (optional guest, cpu.topology).
V1BETA2_RULE = "v1beta2-rule"
# The spread divisibility check of the VM validating webhook (docs/kubevirt/cpu-topology.md#divisibility-check), or a
# spread option it cannot read.
SPREAD_TOPOLOGY = "spread-topology"

NO_REASONS: frozenset[str] = frozenset()

# The KubeVirt area of a general VM check's cause (``area:cpu``, ``area:network``, ...), set by the
# check list that runs it (``krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.spec``, ``vms_admitter``).
AREA_PREFIX = "area:"
# A cause that a cluster setting decides (``setting:featureGates=HostDevices``): the option of
# krmfn's option table and the value that admits the VM, set where the cause is made.
SETTING_PREFIX = "setting:"


def area(name: str) -> str:
    return AREA_PREFIX + name


def needs_setting(option: str, value: str) -> str:
    return f"{SETTING_PREFIX}{option}={value}"


def needs_feature_gate(gate: str) -> frozenset[str]:
    """The reasons of a cause that only a disabled feature gate produces."""
    return frozenset({needs_setting("featureGates", gate)})


def reason_values(reasons: frozenset[str], prefix: str) -> list[str]:
    """The values of the reasons that start with ``prefix``, sorted."""
    return sorted(reason[len(prefix):] for reason in reasons if reason.startswith(prefix))

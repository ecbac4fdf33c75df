"""Why a rejection or failure happened, as set where it is produced: the validate checks decide
which of them reports a finding from these (``krmfn.validate.classify``), never from its text.

A ``Cause``, an expand ``Failure`` and a preference requirement failure carry a set of these; an
empty set is KubeVirt's ordinary answer for its stage (a conflict, a schema error, ...).
"""
from __future__ import annotations

# KubeVirt itself crashes (panics) on the input instead of answering (semantics §12 Q1): krmfn's
# message says so.
KUBEVIRT_CRASH = "kubevirt-crash"
# One of krmfn's own instancetype.kubevirt.io/v1beta2 rules (optional guest, cpu.topology).
V1BETA2_RULE = "v1beta2-rule"
# The spread divisibility check of the VM validating webhook (§5.5), or a spread option it
# cannot read.
SPREAD_TOPOLOGY = "spread-topology"

NO_REASONS: frozenset[str] = frozenset()

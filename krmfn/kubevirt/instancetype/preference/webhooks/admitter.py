"""The preference validating webhook (docs/kubevirt/admission.md#preference-admission).

Mirrors ``pkg/instancetype/preference/webhooks/admitter.go`` (``PreferenceAdmitter`` and
``ClusterPreferenceAdmitter``):

* ``validatePreferredCPUTopology``: a present topology must be one of the ten spellings
  (case-sensitive);
* ``validateSpreadOptions``: only for spread topologies; the effective ``across`` must be supported
  (this returns early), and ``CoresThreads`` needs an effective ratio of 2 (reported on
  ``spec.cpu.spreadOptions.ratio`` even when ``preferSpreadSocketToCoreRatio`` supplied it);
* an allowed preference with a deprecated topology spelling gets a warning. Deprecated firmware
  fields get none (docs/kubevirt/README.md#surprises-at-a-glance #17).
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import ptr_set
from krmfn.kubevirt.instancetype.preference import topology
import krmfn.kubevirt.apiserver.schema as schemas
from krmfn.model import kinds
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    REASON_DEPRECATED_TOPOLOGY,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    AdmissionWarning,
    Cause,
    allow,
    reject_message,
    reject_webhook,
)

UNKNOWN_TOPOLOGY_FMT = "unknown preferredCPUTopology %s"
SPREAD_ACROSS_UNSUPPORTED_FMT = "across %s is not supported"
SPREAD_CORES_THREADS_RATIO_ERR = (
    "only a ratio of 2 (1 core 2 threads) is allowed when spreading vCPUs over cores and threads"
)
DEPRECATED_TOPOLOGY_FMT = (
    "PreferredCPUTopology %s is deprecated for removal in a future release, please use %s instead"
)
SPEC_PATH = "spec"


def _present_topology(spec: dict) -> object | None:
    """``spec.CPU.PreferredCPUTopology`` when the pointer is set (even ``""``), else None."""
    cpu = spec.get("cpu")
    if not isinstance(cpu, dict) or not ptr_set(cpu.get("preferredCPUTopology")):
        return None
    return cpu["preferredCPUTopology"]


def _go_string(value: object) -> str:
    return value if isinstance(value, str) else str(value)


def validate_preferred_cpu_topology(path: str, spec: dict) -> list[Cause]:
    value = _present_topology(spec)
    if value is None or topology.is_preferred_topology_supported(value):
        return []
    return [Cause(f"{path}.cpu.preferredCPUTopology", UNKNOWN_TOPOLOGY_FMT % _go_string(value),
                  CAUSE_FIELD_VALUE_INVALID)]


def validate_spread_options(path: str, spec: dict) -> list[Cause]:
    if not topology.is_spread(_present_topology(spec)):
        return []
    options = topology.spread_options(spec)
    if isinstance(options, str):  # a ratio Go could not decode; the decoding step reports it
        return []
    if options.across not in topology.SPREAD_ACROSS_VALUES:
        return [Cause(f"{path}.cpu.spreadOptions.across", SPREAD_ACROSS_UNSUPPORTED_FMT % _go_string(options.across),
                      CAUSE_FIELD_VALUE_INVALID)]
    if options.across == topology.SPREAD_ACROSS_CORES_THREADS and options.ratio != topology.DEFAULT_SPREAD_RATIO:
        return [Cause(f"{path}.cpu.spreadOptions.ratio", SPREAD_CORES_THREADS_RATIO_ERR, CAUSE_FIELD_VALUE_INVALID)]
    return []


def validate_preference_spec(spec: dict, path: str = SPEC_PATH) -> list[Cause]:
    """``ValidatePreferenceSpec``: every rule's causes, in order."""
    return validate_preferred_cpu_topology(path, spec) + validate_spread_options(path, spec)


def deprecated_topology_warnings(spec: dict) -> list[AdmissionWarning]:
    """``checkForDeprecatedPreferredCPUTopology``."""
    value = _present_topology(spec)
    if not isinstance(value, str) or value not in topology.DEPRECATED_TOPOLOGIES:
        return []
    replacement = topology.DEPRECATED_TOPOLOGIES[value]
    return [AdmissionWarning(DEPRECATED_TOPOLOGY_FMT % (value, replacement), REASON_DEPRECATED_TOPOLOGY,
                             "spec.cpu.preferredCPUTopology", value, replacement)]


def admit_preference(obj: dict) -> Admission:
    """The webhook's answer for a CREATE of a (cluster) preference that passed the API server."""
    decode_failure = schemas.go_decode_failure(obj, schemas.PREFERENCE, kinds.VIRTUAL_MACHINE_PREFERENCE)
    if decode_failure is not None:
        return reject_message(STAGE_VALIDATING_WEBHOOK, decode_failure[0], located=decode_failure[1])
    spec = obj.get("spec")
    spec = spec if isinstance(spec, dict) else {}
    causes = validate_preference_spec(spec)
    if causes:
        return reject_webhook(STAGE_VALIDATING_WEBHOOK, causes)
    return allow(deprecated_topology_warnings(spec))

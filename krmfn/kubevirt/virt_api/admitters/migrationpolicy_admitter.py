"""The MigrationPolicy validating webhook on a CREATE.

Mirrors ``pkg/virt-api/webhooks/validating-webhook/admitters/migrationpolicy-admitter.go``
(d923fdb8): ``MigrationPolicyAdmitter.Admit`` (``admit_migration_policy_create``),
``validateStallDetectorFactor`` (``validate_stall_detector_factor``),
``parseScalarFloatFromQuantity`` (``parse_scalar_float_from_quantity``) and
``validateScalarFloatPrecision`` (``validate_scalar_float_precision``).

``Admit`` first decodes the policy into its Go type: the first quantity ``ParseQuantity`` refuses or
integer out of its Go type's range, in key order, is answered with the bare decoding error. Then every cause is
collected, in this order, all ``FieldValueInvalid``:

1. ``spec.completionTimeoutPerGiB`` below 0: "must not be negative";
2. ``spec.maxDowntimeMs`` set (a CREATE has no old object, so it always counts as modified)
   without the ``MigrationStallDetection`` or ``MigrationDowntimeTuning`` gate;
3. ``spec.experimental.downtimeTuning`` set without ``MigrationDowntimeTuning``;
4. both ``experimental.stallDetector`` and ``experimental.downtimeTuning`` set (at
   ``spec.experimental``);
5. ``experimental.stallDetector`` set without ``MigrationStallDetection``, then its factors:
   ``ewmaAlpha`` in (0, 1], ``precopyPossibleFactor`` >= 1, ``patienceWindowDecayFactor`` in
   [0, 1], ``completionTimeoutFactor`` >= 1, each a non-negative finite number with at most 3
   decimals (``virtconfig.StallDetectorFactorPrecision``);
6. ``spec.bandwidthPerMigration`` below 0: "must not be negative".

Steps 2 and 5 exist from v1.9.0 on (``KubevirtVersion.has_migration_policy_tuning``; the older
releases' CRD has no such fields, so strict field validation rejects them first). v1.9.0
(``KubevirtVersion.has_migration_downtime_tuning`` and ``stall_detector_factors_are_quantities``
false) has no step 3 or 4, gates ``maxDowntimeMs`` behind ``MigrationStallDetection`` alone, and
reads each factor, a string there, with ``virtconfig.ParseFactor`` (``parse_factor``): Go's
``strconv.ParseFloat`` of the trimmed text, then the precision, with no sign check (a negative
factor gets the bound's message). The UPDATE comparisons with the old object are out of scope.
"""
from __future__ import annotations

import math
import sys

from krmfn.kubevirt.apimachinery import gostrconv, quantity as quantities
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.model import kinds
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    Cause,
    go_quote,
    reject_message,
    reject_webhook,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

MIGRATION_STALL_DETECTION = "MigrationStallDetection"
MIGRATION_DOWNTIME_TUNING = "MigrationDowntimeTuning"
STALL_DETECTOR_FACTOR_PRECISION = 3  # virtconfig.StallDetectorFactorPrecision
MAX_FLOAT64 = sys.float_info.max

MUST_NOT_BE_NEGATIVE = "must not be negative"
MAX_DOWNTIME_GATED_V1_9 = (f"maxDowntimeMs cannot be modified without enabling the {MIGRATION_STALL_DETECTION} "
                           "feature gate")
MAX_DOWNTIME_GATED = (f"maxDowntimeMs cannot be modified without enabling the {MIGRATION_STALL_DETECTION} or "
                      f"{MIGRATION_DOWNTIME_TUNING} feature gate")
DOWNTIME_TUNING_GATED = (f"experimental.downtimeTuning cannot be modified without enabling the "
                         f"{MIGRATION_DOWNTIME_TUNING} feature gate")
MUTUALLY_EXCLUSIVE = ("experimental.stallDetector and experimental.downtimeTuning are mutually exclusive; the stall "
                      "detection path manages its own downtime schedule")
STALL_DETECTOR_GATED = (f"experimental.stallDetector cannot be modified without enabling the "
                        f"{MIGRATION_STALL_DETECTION} feature gate")

# (field, min, max, exclusive min), in Admit's order.
STALL_DETECTOR_FACTORS: tuple[tuple[str, float, float, bool], ...] = (
    ("ewmaAlpha", 0.0, 1.0, True),
    ("precopyPossibleFactor", 1.0, MAX_FLOAT64, False),
    ("patienceWindowDecayFactor", 0.0, 1.0, False),
    ("completionTimeoutFactor", 1.0, MAX_FLOAT64, False),
)


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def admit_migration_policy_create(policy: dict, config: ClusterConfig, schema: schemas.Obj) -> Admission | None:
    """``Admit`` on a CREATE: the rejection, or None when the webhook admits the policy.
    ``schema`` is the release's MigrationPolicy schema (for the Go decoding of integers)."""
    decode_error = decode_policy_error(policy, schema)
    if decode_error is not None:
        return reject_message(STAGE_VALIDATING_WEBHOOK, decode_error)
    causes = migration_policy_causes(_dict(policy.get("spec")), config)
    return reject_webhook(STAGE_VALIDATING_WEBHOOK, causes) if causes else None


def decode_policy_error(policy: dict, schema: schemas.Obj) -> str | None:
    """``json.Unmarshal(raw, policy)`` into a ``*MigrationPolicy``: the first integer out of range
    or quantity ``Quantity.UnmarshalJSON`` refuses (its ``ParseQuantity`` error, unwrapped), in key
    order (``krmfn.kubevirt.apiserver.schema.go_decode_error``)."""
    return schemas.go_decode_error(policy, schema, kinds.MIGRATION_POLICY)


def migration_policy_causes(spec: dict, config: ClusterConfig) -> list[Cause]:
    """The causes ``Admit`` collects for a CREATE, in its order."""
    causes: list[Cause] = []
    timeout = spec.get("completionTimeoutPerGiB")
    if isinstance(timeout, (int, float)) and not isinstance(timeout, bool) and timeout < 0:
        causes.append(Cause("spec.completionTimeoutPerGiB", MUST_NOT_BE_NEGATIVE, CAUSE_FIELD_VALUE_INVALID))
    if config.kubevirt_version.has_migration_policy_tuning:
        causes += _tuning_causes(spec, config)
    bandwidth = spec.get("bandwidthPerMigration")
    if bandwidth is not None:
        parsed = quantities.parse(bandwidth)
        if isinstance(parsed, quantities.Quantity) and parsed.sign() < 0:
            causes.append(Cause("spec.bandwidthPerMigration", MUST_NOT_BE_NEGATIVE, CAUSE_FIELD_VALUE_INVALID))
    return causes


def _tuning_causes(spec: dict, config: ClusterConfig) -> list[Cause]:
    """Steps 2-5: ``maxDowntimeMs`` and ``experimental`` (a CREATE: every value set is new)."""
    version = config.kubevirt_version
    has_tuning = version.has_migration_downtime_tuning
    stall_detection = config.feature_gate_enabled(MIGRATION_STALL_DETECTION)
    downtime_tuning = has_tuning and config.feature_gate_enabled(MIGRATION_DOWNTIME_TUNING)
    causes: list[Cause] = []
    if spec.get("maxDowntimeMs") is not None and not stall_detection and not downtime_tuning:
        message = MAX_DOWNTIME_GATED if has_tuning else MAX_DOWNTIME_GATED_V1_9
        causes.append(Cause("spec.maxDowntimeMs", message, CAUSE_FIELD_VALUE_INVALID))
    experimental = spec.get("experimental")
    if not isinstance(experimental, dict):
        return causes
    tuning = experimental.get("downtimeTuning") if has_tuning else None
    detector = experimental.get("stallDetector")
    if tuning is not None and not downtime_tuning:
        causes.append(Cause("spec.experimental.downtimeTuning", DOWNTIME_TUNING_GATED, CAUSE_FIELD_VALUE_INVALID))
    if detector is not None and tuning is not None:
        causes.append(Cause("spec.experimental", MUTUALLY_EXCLUSIVE, CAUSE_FIELD_VALUE_INVALID))
    if detector is not None:
        if not stall_detection:
            causes.append(Cause("spec.experimental.stallDetector", STALL_DETECTOR_GATED, CAUSE_FIELD_VALUE_INVALID))
        factors = _dict(detector)
        validate = (validate_stall_detector_factor if version.stall_detector_factors_are_quantities
                    else validate_stall_detector_factor_string)
        for name, low, high, exclusive in STALL_DETECTOR_FACTORS:
            causes += validate(f"spec.experimental.stallDetector.{name}", factors.get(name), low, high, exclusive)
    return causes


def validate_stall_detector_factor(field: str, value: Any, low: float, high: float,
                                   exclusive_min: bool) -> list[Cause]:
    """``validateStallDetectorFactor``: at most one cause for the quantity at ``field``."""
    if value is None:
        return []
    parsed = quantities.parse(value)
    if isinstance(parsed, quantities.QuantityError):
        return []  # the decoding already refused it
    factor = parse_scalar_float_from_quantity(parsed, STALL_DETECTOR_FACTOR_PRECISION)
    if isinstance(factor, str):
        return [Cause(field, factor, CAUSE_FIELD_VALUE_INVALID)]
    return _bound_causes(field, factor, low, high, exclusive_min)


def _bound_causes(field: str, factor: float, low: float, high: float, exclusive_min: bool) -> list[Cause]:
    """The bounds of ``validateStallDetectorFactor``: at most one cause."""
    if exclusive_min and factor <= low:
        return [Cause(field, f"must be greater than {go_g(low)}", CAUSE_FIELD_VALUE_INVALID)]
    if not exclusive_min and factor < low:
        return [Cause(field, f"must be greater than or equal to {go_g(low)}", CAUSE_FIELD_VALUE_INVALID)]
    if factor > high:
        return [Cause(field, f"must be less than or equal to {go_g(high)}", CAUSE_FIELD_VALUE_INVALID)]
    return []


def validate_stall_detector_factor_string(field: str, value: Any, low: float, high: float,
                                          exclusive_min: bool) -> list[Cause]:
    """v1.9.0's ``validateStallDetectorFactor``: the factor is a string read by ``parse_factor``;
    an exclusive minimum is always 0 there ("must be greater than 0")."""
    if not isinstance(value, str):
        return []  # the CRD schema already refused it
    factor = parse_factor(value, STALL_DETECTOR_FACTOR_PRECISION)
    if isinstance(factor, str):
        return [Cause(field, factor, CAUSE_FIELD_VALUE_INVALID)]
    return _bound_causes(field, factor, low, high, exclusive_min)


def parse_factor(text: str, precision: int) -> float | str:
    """``virtconfig.ParseFactor`` (v1.9.0's ``pkg/virt-config/virt-config.go``): the factor, or the
    error message."""
    text = gostrconv.trim_space(text)
    quoted = go_quote(text)
    if text == "":
        return f"invalid factor {quoted}"
    try:
        value = gostrconv.parse_float(text)
    except gostrconv.NumError as error:
        return f"invalid factor {quoted}: {error}"
    if math.isnan(value) or math.isinf(value):
        return f"invalid factor {quoted}"
    error_text = validate_scalar_float_precision(value, precision)
    if error_text is not None:
        return f"invalid factor {quoted}: {error_text}"
    return value


def parse_scalar_float_from_quantity(quantity: quantities.Quantity, precision: int) -> float | str:
    """``parseScalarFloatFromQuantity``: the quantity as a float, or the error message."""
    text = go_quote(quantity.canonical())
    if quantity.sign() < 0:
        return f"invalid scalar {text}: must not be negative"
    value = approximate_float64(quantity)
    if math.isnan(value) or math.isinf(value):
        return f"invalid scalar {text}"
    error = validate_scalar_float_precision(value, precision)
    if error is not None:
        return f"invalid scalar {text}: {error}"
    return value


def validate_scalar_float_precision(value: float, precision: int) -> str | None:
    """``validateScalarFloatPrecision``: the error when ``value`` has more than ``precision``
    decimals (``strconv.FormatFloat(value, 'f', precision, 64)`` rounds like Python's format)."""
    rounded = float(f"{value:.{precision}f}")
    if abs(value - rounded) > 1e-9:
        return f"must have at most {precision} decimal places"
    return None


def approximate_float64(quantity: quantities.Quantity) -> float:
    """``Quantity.AsApproximateFloat64``: ``float64(unscaled) * math.Pow10(exponent)``."""
    try:
        base = float(quantity.unscaled)
    except OverflowError:
        return math.inf if quantity.unscaled > 0 else -math.inf
    if quantity.exponent == 0:
        return base
    return base * go_pow10(quantity.exponent)


_POW10_TAB = [float(10**i) for i in range(32)]
_POW10_POS_TAB32 = [float(f"1e{32 * i}") for i in range(10)]
_POW10_NEG_TAB32 = [float(f"1e-{32 * i}") for i in range(11)]


def go_pow10(n: int) -> float:
    """Go's ``math.Pow10``: products and quotients of its two tables, as Go computes them."""
    if 0 <= n <= 308:
        return _POW10_POS_TAB32[n // 32] * _POW10_TAB[n % 32]
    if -323 <= n <= 0:
        return _POW10_NEG_TAB32[-n // 32] / _POW10_TAB[-n % 32]
    return math.inf if n > 0 else 0.0


def go_g(value: float) -> str:
    """Go's ``%g`` of the bounds used here (0, 1, ``math.MaxFloat64``)."""
    value = float(value)
    if value.is_integer() and abs(value) < 1e21:
        return str(int(value))
    mantissa, _, exponent = repr(value).partition("e")
    return f"{mantissa}e{int(exponent):+03d}" if exponent else mantissa

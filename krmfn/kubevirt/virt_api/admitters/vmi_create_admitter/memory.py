"""The memory checks of ``ValidateVirtualMachineInstanceSpec`` (vmi-create-admitter.go, d923fdb8).

Mirrors ``validateMemoryRequestsNegativeOrNull``, ``validateMemoryLimitsNegativeOrNull``,
``validateHugepagesMemoryRequests``, ``validateGuestMemoryLimit`` and
``validateReservedOverheadMemlock``. Quantities print as Go's ``Quantity.String()`` (an absent
request or limit prints ``0``).

Oddities kept from KubeVirt:

* the hugepages messages name ``resources.requests.memory`` and print its value even when the
  memory they judged is ``memory.guest`` or the memory limit (``'0'`` when there is no request);
* an unparseable ``hugepages.pageSize`` reports ``resource.ErrFormatWrong`` whatever the parse
  error was;
* ``validateGuestMemoryLimit`` only runs when the rollout strategy is not ``LiveUpdate``.

Deviation (docs/kubevirt/README.md#questions-the-source-leaves-open): a ``hugepages.pageSize`` whose value is 0
(``0``, ``0Mi``) makes KubeVirt divide by zero and panic, failing the whole request (unless a negative VM memory is
reported as below the page size first); krmfn answers with its own cause
(``HUGEPAGES_PAGE_SIZE_ZERO_FMT``, reason ``KUBEVIRT_CRASH``) among the other checks' causes. A nil
``memory.guest`` read by the hugepages check (a Go nil dereference) cannot happen after
``SetDefaultVirtualMachineInstanceSpec``, which sets it whenever the page size parses; it reads as 0.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.apimachinery.quantity import Quantity
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._resources import (
    guest_memory,
    memory_limit,
    memory_request,
    memory_spec,
)
from krmfn.model.reasons import KUBEVIRT_CRASH, needs_feature_gate, needs_setting

VALUE_MUST_BE_POSITIVE_FMT = "%s '%s': must be greater than or equal to 0."
REQUEST_BELOW_1M_FMT = "%s '%s': must be greater than or equal to 1M."
GREATER_THAN_FMT = "%s '%s' is greater than %s '%s'"
PAGE_SIZE_UNPARSEABLE_FMT = "%s '%s': %s"
BELOW_PAGE_SIZE_FMT = "%s '%s' must be equal to or larger than page size %s '%s'"
NOT_PAGE_SIZE_MULTIPLE_FMT = "%s '%s' is not a multiple of the page size %s '%s'"
GUEST_ABOVE_LIMIT_FMT = "%s '%s' must be equal to or less than the memory limit %s '%s'"
RESERVED_OVERHEAD_GATE_DISABLED = "Reserved overhead memlock feature gate is not enabled in kubevirt-config"
# krmfn's own message where KubeVirt panics with "integer divide by zero".
HUGEPAGES_PAGE_SIZE_ZERO_FMT = "%s '%s' is zero (KubeVirt's webhook panics: integer divide by zero)"

MIN_MEMORY_REQUEST = quantity.must_parse("1M")
RESERVED_OVERHEAD_MEMLOCK_GATE = "ReservedOverheadMemlock"
LIVE_UPDATE = "LiveUpdate"


# The paths of the memory resources under the spec path.
MEMORY_REQUEST_PATH = ".domain.resources.requests.memory"
MEMORY_LIMIT_PATH = ".domain.resources.limits.memory"


def _paths(field: str) -> tuple[str, str]:
    """The paths of ``resources.requests.memory`` and ``resources.limits.memory``."""
    return f"{field}{MEMORY_REQUEST_PATH}", f"{field}{MEMORY_LIMIT_PATH}"


def validate_memory_requests_negative_or_null(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """A negative memory request, or a positive one below 1M."""
    request = memory_request(spec)
    request_value = request.value()
    if request_value < 0:
        request_path = f"{field}{MEMORY_REQUEST_PATH}"
        return [Cause(request_path, VALUE_MUST_BE_POSITIVE_FMT % (request_path, request), CAUSE_FIELD_VALUE_INVALID)]
    if request_value > 0 and request < MIN_MEMORY_REQUEST:
        request_path = f"{field}{MEMORY_REQUEST_PATH}"
        return [Cause(request_path, REQUEST_BELOW_1M_FMT % (request_path, request), CAUSE_FIELD_VALUE_INVALID)]
    return []


def validate_memory_limits_negative_or_null(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """A negative memory limit; a memory request above a positive limit."""
    limit = memory_limit(spec)
    limit_value = limit.value()
    if limit_value < 0:
        limit_path = f"{field}{MEMORY_LIMIT_PATH}"
        return [Cause(limit_path, VALUE_MUST_BE_POSITIVE_FMT % (limit_path, limit), CAUSE_FIELD_VALUE_INVALID)]
    if limit_value == 0:
        return []
    request = memory_request(spec)
    if request.value() > limit_value:
        request_path, limit_path = _paths(field)
        return [Cause(request_path, GREATER_THAN_FMT % (request_path, request, limit_path, limit),
                      CAUSE_FIELD_VALUE_INVALID)]
    return []


def validate_hugepages_memory_requests(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """With ``memory.hugepages``: a page size that does not parse; a VM memory (the request, else
    the guest memory, else the limit) below the page size or not a multiple of it."""
    memory = memory_spec(spec)
    hugepages = None if memory is None else memory.get("hugepages")
    if hugepages is None:
        return []
    page_size_path = f"{field}.{config.kubevirt_version.hugepages_page_size_path}"  # "size" before v1.8
    request_path = f"{field}{MEMORY_REQUEST_PATH}"
    page_size_text = as_dict(hugepages).get("pageSize")
    page_size_text = page_size_text if isinstance(page_size_text, str) else ""
    page_size = quantity.parse_string(page_size_text)
    if isinstance(page_size, quantity.QuantityError):
        message = PAGE_SIZE_UNPARSEABLE_FMT % (page_size_path, page_size_text, quantity.ERR_FORMAT_WRONG)
        return [Cause(page_size_path, message, CAUSE_FIELD_VALUE_INVALID)]
    page_bytes = page_size.value()
    request = memory_request(spec)
    vm_memory = _vm_memory(spec, request)
    if vm_memory != 0 and vm_memory < page_bytes:
        message = BELOW_PAGE_SIZE_FMT % (request_path, request, page_size_path, page_size_text)
        return [Cause(request_path, message, CAUSE_FIELD_VALUE_INVALID)]
    if page_bytes == 0:
        return [Cause(page_size_path, HUGEPAGES_PAGE_SIZE_ZERO_FMT % (page_size_path, page_size_text),
                      CAUSE_FIELD_VALUE_INVALID, frozenset({KUBEVIRT_CRASH}))]
    if vm_memory % page_bytes != 0:  # only its being zero matters: Python's and Go's % agree on that
        message = NOT_PAGE_SIZE_MULTIPLE_FMT % (request_path, request, page_size_path, page_size_text)
        return [Cause(request_path, message, CAUSE_FIELD_VALUE_INVALID)]
    return []


def _vm_memory(spec: dict, request: Quantity) -> int:
    """The memory the hugepages check judges: the request, else the guest memory, else the limit."""
    vm_memory = request.value()
    if vm_memory == 0:
        guest = guest_memory(spec)
        vm_memory = guest.value() if guest is not None else 0
    if vm_memory == 0:
        vm_memory = memory_limit(spec).value()
    return vm_memory


def validate_guest_memory_limit(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """Outside the ``LiveUpdate`` rollout strategy: a guest memory above a non-zero memory limit."""
    if config.vm_rollout_strategy_live_update():
        return []
    guest = guest_memory(spec)
    if guest is None:
        return []
    limit = memory_limit(spec)
    limit_value = limit.value()
    if limit_value < guest.value() and limit_value != 0:
        limit_path, guest_path = f"{field}{MEMORY_LIMIT_PATH}", f"{field}.domain.memory.guest"
        message = GUEST_ABOVE_LIMIT_FMT % (guest_path, guest, limit_path, limit)
        return [Cause(guest_path, message, CAUSE_FIELD_VALUE_INVALID,
                      frozenset({needs_setting("vmRolloutStrategy", LIVE_UPDATE)}))]
    return []


def validate_reserved_overhead_memlock(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``memory.reservedOverhead`` without the ReservedOverheadMemlock gate."""
    memory = memory_spec(spec)
    if memory is None or memory.get("reservedOverhead") is None:
        return []
    if config.feature_gate_enabled(RESERVED_OVERHEAD_MEMLOCK_GATE):
        return []
    return [Cause(f"{field}.domain.memory.reservedOverhead", RESERVED_OVERHEAD_GATE_DISABLED,
                  CAUSE_FIELD_VALUE_INVALID, needs_feature_gate(RESERVED_OVERHEAD_MEMLOCK_GATE))]

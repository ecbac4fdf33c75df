"""Findings: what the engine reports, as plain values (no I/O, no YAML).

The engine never raises for bad input: it returns Findings. The KRM layer (krmfn.kio) turns them
into ResourceList results, adding resourceRef from the item and file path/index from annotations.
"""
from __future__ import annotations


from krmfn.model.record import field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

ERROR = "error"
WARNING = "warning"
INFO = "info"
SEVERITIES = (ERROR, WARNING, INFO)
UNSET: Any = object()  # no value given (None is a value)
# Tag holding the item index of an earlier object a finding refers to (duplicate-object's first
# definition); the I/O layer turns it into that object's file and line in the message.
FIRST_ITEM = "firstItem"
# How inline and normalize word a cause of KubeVirt's admission rejecting an object (the noun:
# VM, VMI, VirtualMachinePool), followed by KubeVirt's message; krmfn.model.embedded reads it to
# report a pool's template once.
ADMISSION_REJECTS = "KubeVirt's admission rejects this {noun}: "


@record
class Finding:
    """One problem or note about one item.

    item: index of the item in the input list the finding is about (None: about the run).
    path: dotted field path inside that item (e.g. "spec.template.spec.domain.cpu.sockets").
    check: stable ID of the check or rule that produced it (appears in result tags).
    subject: the object the finding is about when it is embedded in the item (an object of a
    `kind: List`, krmfn.model.embedded); None: the item itself.
    """

    severity: str
    message: str
    item: int | None = None
    path: str | None = None
    check: str | None = None
    current: Any = UNSET
    proposed: Any = UNSET
    tags: dict[str, str] = field(default_factory=dict)
    subject: Any = None

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def has_current(self) -> bool:
        return self.current is not UNSET

    def has_proposed(self) -> bool:
        return self.proposed is not UNSET

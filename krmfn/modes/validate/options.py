"""The validate mode's typed options, from a complete options dict (``krmfn.model.options``)."""
from __future__ import annotations

from collections.abc import Mapping

from krmfn.kubevirt.instancetype.expand.vms import ExpandOptions
from krmfn.model.options import complete
from krmfn.model.record import record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


@record
class ValidateOptions:
    """``expand``: the cluster, with inference on (a cluster infers at admission, and validate
    judges the stored VM) and only verdicts asked for; the rest are the report's settings."""

    expand: ExpandOptions
    disabled: frozenset[str]
    severities: dict[str, str]  # check ID -> severity
    strict: bool
    kustomize_validator: bool

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> ValidateOptions:
        """From functionConfig options (``krmfn.model.options`` names; the rest at their defaults).
        ``severity`` pairs are ``ID=severity`` (checked by the I/O layer's option parsing)."""
        options = complete("validate", options)
        expand = ExpandOptions.from_options(options, infer=True, check_only=True)
        return cls(
            expand=expand,
            disabled=frozenset(options["disable"]),
            severities=dict(pair.split("=", 1) for pair in options["severity"]),
            strict=options["strict"],
            kustomize_validator=options["kustomizeValidator"],
        )

"""generate's typed options, read from a complete options dict, and the findings about them.

The defaults live in the option table (``krmfn.model.options``) only: ``GenerateOptions``'s own
field defaults are the table's, read through the same conversion as a run's options.
"""
from __future__ import annotations

from collections.abc import Mapping

from krmfn import catalog
from krmfn.model.record import record
from krmfn.modes.generate.findings import OPTION_CATALOG, OPTION_LABELS, OPTION_NAMESPACE, error
from krmfn.model.findings import Finding
from krmfn.model.kinds import (
    VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE,
    VIRTUAL_MACHINE_CLUSTER_PREFERENCE,
    VIRTUAL_MACHINE_INSTANCETYPE,
    VIRTUAL_MACHINE_PREFERENCE,
)
from krmfn.model.kubevirt_version import KubevirtVersion, catalog_for, kubevirt_version
from krmfn.model.lazy_re import LazyPattern
from krmfn.model.options import complete

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

MODE = "generate"
LABELS_REMOVE = "remove"
LABELS_RECOMPUTE = "recompute"
LABEL_MODES = (LABELS_REMOVE, LABELS_RECOMPUTE)

MAX_DNS_LABEL_LENGTH = 63
_DNS_LABEL = LazyPattern(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?\Z")


def namespace_option(value: str) -> str | None:
    """The namespace option as metadata.namespace: "" is none."""
    return value or None


def catalog_option(value: str, version: str | None = None) -> str | None:
    """The catalog option as a catalog version: ``none`` is None (the catalog off), empty the
    catalog ``version`` (the kubevirtVersion option) deploys."""
    return catalog_for(value, kubevirt_version(version))


_TABLE_DEFAULTS: dict[str, Any] = complete(MODE, {})


@record(frozen=True)
class GenerateOptions:
    """``cluster``: emit the cluster kind; ``namespace``: metadata.namespace of the namespaced kind;
    ``labels``: ``remove`` or ``recompute``; ``catalog_version``: None turns the catalog off;
    ``kubevirt_version``: the release whose admission the copies must pass."""

    cluster: bool = bool(_TABLE_DEFAULTS["cluster"])
    namespace: str | None = namespace_option(_TABLE_DEFAULTS["namespace"])
    labels: str = _TABLE_DEFAULTS["labels"]
    catalog_version: str | None = catalog_option(_TABLE_DEFAULTS["catalog"], _TABLE_DEFAULTS["kubevirtVersion"])
    kubevirt_version: KubevirtVersion = kubevirt_version(_TABLE_DEFAULTS["kubevirtVersion"])

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> GenerateOptions:
        """From a complete options dict (``krmfn.model.options.complete("generate", ...)``)."""
        return cls(
            cluster=bool(options["cluster"]),
            namespace=namespace_option(options["namespace"]),
            labels=options["labels"],
            catalog_version=catalog_option(options["catalog"], options["kubevirtVersion"]),
            kubevirt_version=kubevirt_version(options["kubevirtVersion"]),
        )


def target_kind(options: GenerateOptions, preference: bool = False) -> str:
    """The kind of the objects generate emits: of an instance type copy, or of a preference copy."""
    if preference:
        return VIRTUAL_MACHINE_CLUSTER_PREFERENCE if options.cluster else VIRTUAL_MACHINE_PREFERENCE
    return VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE if options.cluster else VIRTUAL_MACHINE_INSTANCETYPE


def check_options(options: GenerateOptions) -> list[Finding]:
    """Errors for option values generate cannot run with; ``path`` is the bare option name."""
    findings = []
    if options.labels not in LABEL_MODES:
        findings.append(error(f'labels must be one of {", ".join(LABEL_MODES)}, got "{options.labels}"',
                              "labels", OPTION_LABELS))
    if options.namespace:
        if options.cluster:
            findings.append(error(f'namespace "{options.namespace}" cannot be set for the cluster-scoped '
                                  f"{VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE} and {VIRTUAL_MACHINE_CLUSTER_PREFERENCE}",
                                  "namespace", OPTION_NAMESPACE))
        elif not _is_dns_label(options.namespace):
            findings.append(error(f'namespace "{options.namespace}" is not a valid namespace name (RFC 1123 label)',
                                  "namespace", OPTION_NAMESPACE))
    if options.catalog_version is not None and options.catalog_version not in catalog.CATALOG_VERSIONS:
        findings.append(error(str(catalog.UnknownCatalogVersion(options.catalog_version)), "catalog",
                              OPTION_CATALOG))
    return findings


def _is_dns_label(value: str) -> bool:
    return isinstance(value, str) and len(value) <= MAX_DNS_LABEL_LENGTH and bool(_DNS_LABEL.match(value))

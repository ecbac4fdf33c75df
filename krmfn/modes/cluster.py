"""The cluster options of a run: the options given, the bundle's KubeVirt CR, the option table's defaults.

No KubeVirt counterpart: the one home of the merge every mode that takes the cluster options
(inline, validate, normalize, adopt) does before it builds its ``ClusterConfig``. A mode receives
only the options given explicitly (ConfigMap keys, typed fields, CLI flags, ``.krmfn.yaml``), so a
key present in them is explicit; with ``clusterConfig: auto`` (the default) each cluster option that
was not given takes the value the KubeVirt CR supplies
(``krmfn.kubevirt.virt_config.kubevirt_cr``), and every other option its default
(``krmfn.model.options.complete``). ``cluster_findings`` says which CR was used, or why none was
(check ``cluster-config``).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from krmfn.kubevirt.bundle import DEFAULT_NAMESPACE
from krmfn.kubevirt.virt_config.kubevirt_cr import KubevirtCrConfig, read_kubevirt_crs
from krmfn.model import check_ids
from krmfn.model.findings import ERROR, INFO, Finding
from krmfn.model.options import complete

AUTO = "auto"
CLUSTER_CONFIG_OPTION = "clusterConfig"


@dataclass
class ClusterOptions:
    """A mode's complete options with the CR's values merged in, and what was read from the CRs
    (empty under ``clusterConfig: none``); ``from_cr``: the options whose value the CR gave."""

    options: dict[str, Any]
    crs: KubevirtCrConfig = field(default_factory=KubevirtCrConfig)
    from_cr: list[str] = field(default_factory=list)


def cluster_options(mode: str, values: Sequence[Any], given: Mapping[str, Any]) -> ClusterOptions:
    """``given`` completed for ``mode``, each option not given taking the KubeVirt CR's value (module doc)."""
    options = complete(mode, given)
    if options.get(CLUSTER_CONFIG_OPTION) != AUTO:
        return ClusterOptions(options)
    crs = read_kubevirt_crs(values)
    from_cr = [name for name in crs.options if name in options and name not in given]
    options.update({name: crs.options[name] for name in from_cr})
    return ClusterOptions(options, crs, from_cr)


def cluster_findings(values: Sequence[Any], cluster: ClusterOptions) -> list[Finding]:
    """An info finding on each KubeVirt CR whose configuration the run used, or an error on each CR
    that disagrees with the first on a value (none is used then)."""
    namespace = cluster.options.get("namespace") or DEFAULT_NAMESPACE
    crs = cluster.crs
    if crs.disagreements:
        return [Finding(ERROR, f"KubeVirt {_name(values[d.item], namespace)} and {_name(values[d.other], namespace)} "
                               f"disagree on {d.option} ({_shown(d.value)} and {_shown(d.other_value)}): "
                               "the configuration of neither is used, the options' defaults apply",
                        item=d.item, check=check_ids.CLUSTER_CONFIG) for d in crs.disagreements]
    used = ", ".join(cluster.from_cr) or "none, as the options given explicitly win"
    return [Finding(INFO, f"the cluster configuration of KubeVirt {_name(values[index], namespace)} is used "
                          f"(options from it: {used})", item=index, check=check_ids.CLUSTER_CONFIG)
            for index in crs.items]


def _name(item: Any, namespace: str) -> str:
    metadata = item.get("metadata") if isinstance(item, dict) else None
    metadata = metadata if isinstance(metadata, dict) else {}
    return f"{metadata.get('namespace') or namespace}/{metadata.get('name') or ''}"


def _shown(value: Any) -> str:
    if value is None:
        return "unset"
    if isinstance(value, list):
        return "[" + ", ".join(str(part) for part in value) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)

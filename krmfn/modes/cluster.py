"""The cluster options of a run: the options given, the cluster's KubeVirt or HyperConverged CR, the
option table's defaults.

No KubeVirt counterpart: the one home of the merge every mode that takes the cluster options
(inline, validate, normalize, adopt) does before it builds its ``ClusterConfig``. A mode receives
only the options given explicitly (ConfigMap keys, typed fields, CLI flags, ``.krmfn.yaml``), so a
key present in them is explicit; each cluster option that was not given takes the value the
cluster's CRs supply, and every other option its default (``krmfn.model.options.complete``).

Where the CRs are depends on ``clusterConfig``: ``auto`` (the default), the bundle's;
``none``, nowhere; a file the CLI read (``krmfn.model.clusterfile.ClusterConfigFile``), that
file's objects, and not the bundle's. Among them, a ``kubevirt.io`` KubeVirt supplies what
virt-config reads from it (``krmfn.kubevirt.virt_config.kubevirt_cr``), an ``hco.kubevirt.io``
HyperConverged what the KubeVirt CR HCO makes of it supplies (``krmfn.hco.cluster_config``).

A cluster runs one KubeVirt CR: the one it stores. Of the bundle's KubeVirt CRs, that is the first
one KubeVirt's admission lets through, applied in bundle order
(``krmfn.kubevirt.virt_operator.kubevirt_create.apply_kubevirts``): a CR admission refuses (its
schema, or ``Kubevirt is already created`` after the stored one) is never stored and supplies
nothing, nor does a later definition of the stored CR (``kubectl apply`` updates the stored object
with it; krmfn reads the first definition, as the duplicate-object check says). A file's CRs are
what a cluster holds, not applied: each one is read. The CRs read (the stored KubeVirt CR, every
HyperConverged) that supply different values are not used at all; a disagreement with the stored
KubeVirt CR is reported on the HyperConverged. ``cluster_findings`` says which CR was used, which
were not and why (check ``cluster-config``). The code that reads the CRs loads with the first
KubeVirt or HyperConverged (a bundle without one: 1.5 ms less).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from krmfn.kubevirt.bundle import DEFAULT_NAMESPACE
from krmfn.model import check_ids
from krmfn.model.clusterfile import AUTO, CLUSTER_CONFIG_OPTION, NONE, ClusterConfigFile, is_path
from krmfn.model.findings import ERROR, INFO, WARNING, Finding
from krmfn.model.kinds import HYPERCONVERGED, KUBEVIRT, kind_of
from krmfn.model.kubevirt_version import KubevirtVersion, kubevirt_version
from krmfn.model.options import complete
from krmfn.model.record import FrozenRecord, field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")

if TYPE_CHECKING:
    from typing import Any
    from krmfn.kubevirt.virt_config.kubevirt_cr import KubevirtCrConfig


@record
class ClusterOptions:
    """A mode's complete options with the CRs' values merged in, and what was read from the CRs
    (None under ``clusterConfig: none`` and without a KubeVirt or HyperConverged); ``from_cr``: the
    options whose value a CR gave; ``overridden``: those a CR sets that were given explicitly,
    which win; ``unreadable``: the HyperConverged CRs (index, HCO's error) whose
    KubeVirt CR HCO cannot build; ``file``: the file the CRs came from (``clusterConfig: PATH``; the
    indexes are into its objects then); ``unread_path``: a path the I/O layer did not read (the
    engine never opens one); ``kubevirts``: which of the bundle's KubeVirt CRs the cluster stores
    (None with a file, and without a KubeVirt CR)."""

    options: dict[str, Any]
    crs: KubevirtCrConfig | None = None
    from_cr: list[str] = field(default_factory=list)
    overridden: list[str] = field(default_factory=list)
    unreadable: list[tuple[int, str]] = field(default_factory=list)
    file: ClusterConfigFile | None = None
    unread_path: str | None = None
    kubevirts: StoredKubevirt | None = None


class StoredKubevirt(FrozenRecord):
    """Which of the bundle's KubeVirt CRs (item indexes) the cluster stores when the bundle is
    applied (``stored``, None: none), and those that supply nothing: the ones admission refuses
    (``refused``) and the later definitions of the stored one (``rewrites``)."""

    __slots__ = ("stored", "refused", "rewrites")
    stored: int | None
    refused: tuple[int, ...]
    rewrites: tuple[int, ...]

    def __init__(self, stored: int | None = None, refused: tuple[int, ...] = (),
                 rewrites: tuple[int, ...] = ()) -> None:
        self._set(stored=stored, refused=refused, rewrites=rewrites)


def stored_kubevirt(objects: Sequence[Any], namespace: str, version: KubevirtVersion) -> StoredKubevirt:
    """The bundle's KubeVirt CRs applied in order, as admission answers them (module doc)."""
    from krmfn.kubevirt.virt_operator.kubevirt_create import apply_kubevirts  # noqa: PLC0415 - module doc
    applied = apply_kubevirts(objects, namespace, version)
    others = [index for index in applied.verdicts if index != applied.stored]
    return StoredKubevirt(applied.stored,
                          tuple(index for index in others if index not in applied.updates),
                          tuple(index for index in others if index in applied.updates))


def read_cluster_crs(objects: Sequence[Any], kubevirts: StoredKubevirt | None = None,
                     ) -> tuple[KubevirtCrConfig | None, list[tuple[int, str]]]:
    """The options the KubeVirt and HyperConverged CRs among ``objects`` supply (None when no object
    is of either kind), and the HyperConverged CRs whose KubeVirt CR HCO cannot build. With
    ``kubevirts`` (a bundle), only the stored KubeVirt CR is read, and compared first."""
    if not any(kind_of(item) in (KUBEVIRT, HYPERCONVERGED) for item in objects):
        return None, []
    from krmfn.hco.cluster_config import hyperconverged_options, is_hyperconverged  # noqa: PLC0415 - module doc
    from krmfn.kubevirt.virt_config.kubevirt_cr import (  # noqa: PLC0415 - module doc
        is_kubevirt_cr,
        merge_cr_options,
        options_of,
    )
    found: list[tuple[int, dict[str, Any]]] = []
    unreadable: list[tuple[int, str]] = []
    for index, item in enumerate(objects):
        if is_kubevirt_cr(item):
            if kubevirts is None or index == kubevirts.stored:
                found.append((index, options_of(item)))
        elif is_hyperconverged(item):
            supplied = hyperconverged_options(item)
            if supplied.error is not None:
                unreadable.append((index, supplied.error))
            else:
                found.append((index, supplied.options))
    if kubevirts is None:
        return merge_cr_options(found), unreadable
    # The stored KubeVirt CR first: a HyperConverged that disagrees with it carries the finding.
    merged = merge_cr_options(sorted(found, key=lambda entry: entry[0] != kubevirts.stored))
    merged.items.sort()
    return merged, unreadable


def cluster_options(mode: str, values: Sequence[Any], given: Mapping[str, Any]) -> ClusterOptions:
    """``given`` completed for ``mode``, each option not given taking the CRs' value (module doc)."""
    options = complete(mode, given)
    setting = options.get(CLUSTER_CONFIG_OPTION)
    if setting == NONE or (setting != AUTO and not isinstance(setting, ClusterConfigFile)):
        return ClusterOptions(options, unread_path=setting if is_path(setting) else None)
    file = setting if isinstance(setting, ClusterConfigFile) else None
    kubevirts = None
    if file is None and any(kind_of(item) == KUBEVIRT for item in values):
        kubevirts = stored_kubevirt(values, options.get("namespace") or DEFAULT_NAMESPACE,
                                    kubevirt_version(options.get("kubevirtVersion")))
    crs, unreadable = read_cluster_crs(file.objects if file is not None else values, kubevirts)
    if crs is None:
        return ClusterOptions(options, file=file)
    from_cr = [name for name in crs.options if name in options and name not in given]
    overridden = [name for name in crs.options if name in options and name in given]
    options.update({name: crs.options[name] for name in from_cr})
    return ClusterOptions(options, crs, from_cr, overridden, unreadable, file, kubevirts=kubevirts)


def cluster_findings(values: Sequence[Any], cluster: ClusterOptions) -> list[Finding]:
    """An info finding on each CR whose configuration the run used and on each KubeVirt CR of the
    bundle the cluster does not store, an error on each CR that disagrees with the first read on a
    value (none is used then), a warning on each HyperConverged HCO could not translate; with
    ``clusterConfig: PATH``, about the run and naming the file."""
    if cluster.unread_path is not None:
        return [Finding(ERROR, f'clusterConfig: "{cluster.unread_path}" is a file, which only the krmfn CLI '
                               "reads: the cluster options' defaults apply", check=check_ids.CLUSTER_CONFIG)]
    namespace = cluster.options.get("namespace") or DEFAULT_NAMESPACE
    file = cluster.file
    objects = file.objects if file is not None else values
    where = f" in {file.path}" if file is not None else ""

    def item(index: int) -> int | None:
        return None if file is not None else index

    found = [Finding(WARNING if file is None else ERROR,
                     f"the cluster configuration of {_name(objects[index], namespace)}{where} is not used: HCO "
                     f"cannot build its KubeVirt CR: {error}", item=item(index), check=check_ids.CLUSTER_CONFIG)
             for index, error in cluster.unreadable]
    crs = cluster.crs
    if crs is None:
        return found
    unused = _unused_kubevirts(objects, namespace, cluster.kubevirts)
    if crs.disagreements:
        return found + unused + [
            Finding(ERROR, f"{_name(objects[d.item], namespace)} and {_name(objects[d.other], namespace)}{where} "
                           f"disagree on {d.option} ({_shown(d.value)} and {_shown(d.other_value)}): "
                           "the configuration of neither is used, the options' defaults apply",
                    item=item(d.item), check=check_ids.CLUSTER_CONFIG) for d in crs.disagreements]
    used = options_used(cluster)
    stored = cluster.kubevirts.stored if unused and cluster.kubevirts is not None else None
    return found + sorted(unused + [
        Finding(INFO, f"the cluster configuration of {_name(objects[index], namespace)}{where} is used "
                      f"(options from it: {used})" + (STORED_NOTE if index == stored else ""),
                item=item(index), check=check_ids.CLUSTER_CONFIG) for index in crs.items],
        key=lambda finding: finding.item or 0)


def options_used(cluster: ClusterOptions) -> str:
    """What the ``used`` info says the CRs supplied: the options taken from them, and those they set
    that the options given explicitly override."""
    overridden = ", ".join(cluster.overridden)
    if cluster.from_cr:
        used = ", ".join(cluster.from_cr)
        return f"{used}; {overridden} given explicitly, which wins" if overridden else used
    if overridden:
        return f"none, as the options given explicitly win: {overridden}"
    return "none; it sets no value that a krmfn cluster option reads"


STORED_NOTE = "; it is the KubeVirt CR the cluster stores, the first one KubeVirt's admission lets through"


def _unused_kubevirts(objects: Sequence[Any], namespace: str, kubevirts: StoredKubevirt | None) -> list[Finding]:
    """An info finding on each KubeVirt CR of the bundle that the cluster does not store (module doc)."""
    if kubevirts is None:
        return []
    stored = (f"; the cluster's KubeVirt CR is {_name(objects[kubevirts.stored], namespace)}"
              if kubevirts.stored is not None else "; no KubeVirt CR of the bundle is stored")
    found = [Finding(INFO, f"the cluster configuration of {_name(objects[index], namespace)} is not used: KubeVirt's "
                           f"admission refuses this CR, so the cluster never stores it{stored}",
                     item=index, check=check_ids.CLUSTER_CONFIG) for index in kubevirts.refused]
    found += [Finding(INFO, f"the cluster configuration of this later definition of {_name(objects[index], namespace)} "
                            "is not used: kubectl apply updates the stored object with it (duplicate-object), and "
                            "krmfn reads the first definition", item=index, check=check_ids.CLUSTER_CONFIG)
              for index in kubevirts.rewrites]
    return found


def _name(item: Any, namespace: str) -> str:
    metadata = item.get("metadata") if isinstance(item, dict) else None
    metadata = metadata if isinstance(metadata, dict) else {}
    return f"{kind_of(item)} {metadata.get('namespace') or namespace}/{metadata.get('name') or ''}"


def _shown(value: Any) -> str:
    if value is None:
        return "unset"
    if isinstance(value, list):
        return "[" + ", ".join(str(part) for part in value) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)

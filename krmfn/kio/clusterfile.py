"""``clusterConfig: PATH``: the file of the cluster's KubeVirt or HyperConverged CR, read for the modes.

The CLI (``krmfn MODE --cluster-config PATH``, or ``clusterConfig: PATH`` in ``.krmfn.yaml`` or a
``--config`` file, relative to that file's directory) reads the file here and hands the modes its
objects (``krmfn.model.clusterfile.ClusterConfigFile``): one or more YAML documents, a ``kind: List``
(what ``kubectl get -o yaml`` writes) read as its items. A file that cannot be read, is not YAML,
or holds no ``kubevirt.io`` KubeVirt and no ``hco.kubevirt.io`` HyperConverged is a ``ConfigError``
naming it. As a KRM function (kpt, kustomize) krmfn reads no files: it runs in a container that
has none of them, and its output must depend on its input alone, so a path in a functionConfig is
an error on that key (``function_config_error``).
"""
from __future__ import annotations

from collections.abc import Mapping

from krmfn.kio import tree as yt
from krmfn.kio.config import ConfigError, FunctionConfig
from krmfn.model.clusterfile import CLUSTER_CONFIG_OPTION, ClusterConfigFile, is_path
from krmfn.model.kinds import HCO_GROUP, HYPERCONVERGED, KUBEVIRT, KUBEVIRT_GROUP, is_kind

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

WHAT = "the cluster configuration (clusterConfig)"
IN_A_FUNCTION = ("is a file path, and a KRM function reads no files (under kpt and kustomize it runs in a "
                 "container): put the cluster's KubeVirt or HyperConverged CR among the resources (annotated "
                 'config.kubernetes.io/local-config: "true" to keep it out of the output), where clusterConfig: '
                 "auto reads it, or run the krmfn CLI with --cluster-config PATH")


def read_cluster_config(path: str) -> ClusterConfigFile:
    """The objects of the file at ``path``; raises ``ConfigError`` naming the file."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as err:
        raise ConfigError(f"{path}: cannot read {WHAT}: {err.strerror}") from None
    try:
        tree = yt.parse(data)
        walker = yt.Walker(tree)
        documents = [walker.value(doc) for doc in yt.documents(tree)]
    except yt.YamlError as err:
        where = f"{path}:{err.line}" if err.line else path
        raise ConfigError(f"{where}: {WHAT} is not YAML: {err.message}") from None
    objects: list[Any] = []
    for document in documents:
        items = document.get("items") if isinstance(document, dict) else None
        if isinstance(document, dict) and str(document.get("kind") or "").endswith("List") and isinstance(items, list):
            objects.extend(items)
        elif document is not None:
            objects.append(document)
    if not any(is_kind(value, KUBEVIRT, KUBEVIRT_GROUP) or is_kind(value, HYPERCONVERGED, HCO_GROUP)
               for value in objects):
        raise ConfigError(f"{path}: {WHAT} holds no {KUBEVIRT} ({KUBEVIRT_GROUP}) and no {HYPERCONVERGED} "
                          f"({HCO_GROUP}) object")
    return ClusterConfigFile(path, tuple(objects))


def resolve(options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` with a ``clusterConfig`` path replaced by the file's objects (read once)."""
    resolved = dict(options)
    value = resolved.get(CLUSTER_CONFIG_OPTION)
    if is_path(value):
        resolved[CLUSTER_CONFIG_OPTION] = read_cluster_config(value)
    return resolved


def function_config_error(config: FunctionConfig) -> ConfigError | None:
    """The error of a functionConfig that gives ``clusterConfig`` a path, on that key."""
    value = config.options.get(CLUSTER_CONFIG_OPTION)
    if not is_path(value):
        return None
    key = f"{'spec' if config.source_kind == 'typed' else 'data'}.{CLUSTER_CONFIG_OPTION}"
    return ConfigError(f'{key}: "{value}" {IN_A_FUNCTION}', key)

"""``clusterConfig: PATH`` once the I/O layer has read the file: the objects the cluster options come from.

The option's value is ``auto``, ``none`` or a path. The CLI reads the path (``krmfn.kio.clusterfile``)
and hands the mode this value instead of the text; the modes never open files
(``krmfn.modes.cluster`` reads the KubeVirt and HyperConverged CRs among ``objects``).
"""
from __future__ import annotations


from krmfn.model.record import FrozenRecord

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any, TypeGuard

AUTO = "auto"
NONE = "none"
CLUSTER_CONFIG_OPTION = "clusterConfig"


class ClusterConfigFile(FrozenRecord):
    """A cluster configuration file as read: its ``path`` as the user gave it (relative to a config
    file's directory when it came from one) and its objects, those of ``kind: List`` flattened."""

    __slots__ = ("path", "objects")
    path: str
    objects: tuple[Any, ...]

    def __init__(self, path: str, objects: tuple[Any, ...]) -> None:
        self._set(path=path, objects=objects)


def is_path(value: Any) -> TypeGuard[str]:
    """A ``clusterConfig`` value that names a file (neither ``auto`` nor ``none``)."""
    return isinstance(value, str) and value not in (AUTO, NONE)

"""The cluster options a HyperConverged supplies: those of the KubeVirt CR HCO makes of it.

No single HCO file: HCO's reconcile of a HyperConverged as it is stored (the CRD's defaults, then
the mutating webhook's CREATE patches: ``krmfn.hco.deploy.crds.defaulting``,
``krmfn.hco.webhooks.mutator``), a v1 object converted to v1beta1
(``krmfn.hco.api.v1beta1.conversion``), the KubeVirt CR ``NewKubeVirt`` builds
(``krmfn.hco.handlers.kubevirt``), read as virt-config reads any KubeVirt CR
(``krmfn.kubevirt.virt_config.kubevirt_cr.options_of``). So a HyperConverged always supplies
``featureGates`` (HCO's mandatory gates, those its ``spec.featureGates`` turn on, and what its
``kubevirt.kubevirt.io/jsonpatch`` annotation adds), ``networkInterface: masquerade`` and
``vmRolloutStrategy: LiveUpdate``, plus ``permittedHostDevices`` and ``evictionStrategy`` when
it sets them. ``hyperconverged_options`` answers the error instead when HCO could not build the
KubeVirt CR (an invalid JSON patch annotation, ...) or the version is not served. HCO's code
(about 5 ms to import) loads with the first HyperConverged.
"""
from __future__ import annotations


from krmfn.kubevirt.apiserver.create import NO_MATCHES_FMT
from krmfn.kubevirt.virt_config.kubevirt_cr import options_of
from krmfn.model.kinds import HCO_GROUP, HYPERCONVERGED, kind_of, split_api_version
from krmfn.model.record import record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


@record(frozen=True)
class HyperConvergedOptions:
    """The options a HyperConverged supplies (empty with an ``error``), and the KubeVirt CR they come from."""

    options: dict[str, Any]
    kubevirt: dict | None = None
    error: str | None = None


def is_hyperconverged(value: Any) -> bool:
    """An ``hco.kubevirt.io`` HyperConverged not being deleted."""
    if kind_of(value) != HYPERCONVERGED or split_api_version(value.get("apiVersion"))[0] != HCO_GROUP:
        return False
    metadata = value.get("metadata")
    return not (isinstance(metadata, dict) and metadata.get("deletionTimestamp"))


def hyperconverged_options(hyperconverged: dict) -> HyperConvergedOptions:
    """The options of the KubeVirt CR HCO derives from ``hyperconverged`` (module doc)."""
    from krmfn.hco.api.v1beta1.conversion import convert_from_v1  # noqa: PLC0415
    from krmfn.hco.deploy.crds.defaulting import defaulted  # noqa: PLC0415
    from krmfn.hco.deploy.crds.hco00_crd import SERVED_VERSIONS  # noqa: PLC0415
    from krmfn.hco.handlers.kubevirt import new_kubevirt  # noqa: PLC0415
    from krmfn.hco.webhooks.mutator import decode_error, mutate_create  # noqa: PLC0415
    version = split_api_version(hyperconverged.get("apiVersion"))[1]
    if version not in SERVED_VERSIONS:
        api_version = hyperconverged.get("apiVersion")
        return HyperConvergedOptions({}, error=NO_MATCHES_FMT.format(kind=HYPERCONVERGED, api_version=api_version))
    without_status = {key: value for key, value in hyperconverged.items() if key != "status"}
    stored = defaulted(without_status, version)
    error = decode_error(stored, version)
    if error is not None:
        return HyperConvergedOptions({}, error=error)
    stored = mutate_create(stored, version)
    if "status" in hyperconverged:  # HCO's nodeinfo (the workload architectures) is mirrored there
        stored["status"] = hyperconverged["status"]
    built = new_kubevirt(convert_from_v1(stored) if version == "v1" else stored)
    if built.kubevirt is None:
        return HyperConvergedOptions({}, error=built.error)
    return HyperConvergedOptions(options_of(built.kubevirt), built.kubevirt)

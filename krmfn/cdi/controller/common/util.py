"""The annotations and claim helpers of CDI's ``pkg/controller/common/util.go`` (v1.64.0) that the
DataVolume webhooks call: ``ClaimMayExistBeforeDataVolume``, ``ClaimIsPopulatedForDataVolume``,
``AllowClaimAdoption``, and the annotation names (``AnnPopulatedFor``, ``AnnCreatedForDataVolume``,
``AnnAllowClaimAdoption``, ``AnnCloneToken``).

``AllowClaimAdoption`` compares the claim's ``AnnCreatedForDataVolume`` with the DataVolume's UID;
on a CREATE the API server gives the DataVolume a fresh random UID before the validating webhook
runs, so no claim of a bundle can carry it: that test never holds here. Without the DataVolume's
``AnnAllowClaimAdoption`` the ``DataVolumeClaimAdoption`` feature gate decides
(``krmfn.cdi.feature_gates.feature_gates``).
"""
from __future__ import annotations

from krmfn.cdi.feature_gates.feature_gates import DEFAULT_FEATURE_GATES, claim_adoption_enabled

ANN_API_GROUP = "cdi.kubevirt.io"
ANN_POPULATED_FOR = ANN_API_GROUP + "/storage.populatedFor"
ANN_CREATED_FOR_DATA_VOLUME = ANN_API_GROUP + "/createdForDataVolume"
ANN_ALLOW_CLAIM_ADOPTION = ANN_API_GROUP + "/allowClaimAdoption"
ANN_CLONE_TOKEN = ANN_API_GROUP + "/storage.clone.token"

_TRUE = frozenset({"1", "t", "T", "TRUE", "true", "True"})


def annotations_of(obj: dict) -> dict:
    metadata = obj.get("metadata")
    annotations = metadata.get("annotations") if isinstance(metadata, dict) else None
    return annotations if isinstance(annotations, dict) else {}


def name_of(obj: dict) -> str:
    metadata = obj.get("metadata")
    name = metadata.get("name") if isinstance(metadata, dict) else None
    return name if isinstance(name, str) else ""


def parse_bool(text: object) -> bool:
    """``strconv.ParseBool`` with its error ignored (false)."""
    return isinstance(text, str) and text in _TRUE


def claim_is_populated_for_data_volume(claim: dict, data_volume: dict) -> bool:
    """``ClaimIsPopulatedForDataVolume``: the claim's ``AnnPopulatedFor`` names the DataVolume."""
    return annotations_of(claim).get(ANN_POPULATED_FOR) == name_of(data_volume)


def allow_claim_adoption(claim: dict, data_volume: dict, gates: frozenset[str] = DEFAULT_FEATURE_GATES) -> bool:
    """``AllowClaimAdoption`` on a CREATE (the DataVolume's UID is new: see the module docstring)."""
    del claim
    annotations = annotations_of(data_volume)
    if ANN_ALLOW_CLAIM_ADOPTION in annotations:
        return parse_bool(annotations[ANN_ALLOW_CLAIM_ADOPTION])
    return claim_adoption_enabled(gates)


def claim_may_exist_before_data_volume(claim: dict, data_volume: dict,
                                       gates: frozenset[str] = DEFAULT_FEATURE_GATES) -> bool:
    """``ClaimMayExistBeforeDataVolume``; ``gates`` are CDI's feature gates."""
    return (claim_is_populated_for_data_volume(claim, data_volume)
            or allow_claim_adoption(claim, data_volume, gates))

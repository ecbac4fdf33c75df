"""The webhook's Go encoding of a VM spec: quantities canonical (docs/kubevirt/expand.md#rest-endpoints-and-virtctl,
docs/kubevirt/quantities.md#canonical-form)."""
from krmfn.kubevirt.virt_api.mutators.go_roundtrip import canonical_quantities


def test_canonical_forms_and_what_is_left_alone():
    spec = {"template": {"spec": {"domain": {"memory": {"guest": "1.5Gi", "maxGuest": "1Gi"},
                                              "resources": {"requests": {"memory": "1000M", "cpu": "not-a-quantity"},
                                                            "limits": None}}}},
            "dataVolumeTemplates": [{"spec": {"pvc": {"resources": {"limits": {"storage": 1e9}}}}}, "odd"]}
    canonical_quantities(spec)
    assert spec == {"template": {"spec": {"domain": {"memory": {"guest": "1536Mi", "maxGuest": "1Gi"},
                                                     "resources": {"requests": {"memory": "1G",
                                                                                "cpu": "not-a-quantity"},
                                                                   "limits": None}}}},
                    "dataVolumeTemplates": [{"spec": {"pvc": {"resources": {"limits": {"storage": "1G"}}}}}, "odd"]}

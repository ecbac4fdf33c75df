"""The golden cases that `legacyApiVersions: convert` answers differently on purpose.

The corpus is KubeVirt at d923fdb8, which no longer serves instancetype.kubevirt.io/v1alpha1 and
v1alpha2 (since v1.6) nor decodes their ControllerRevision payloads (since v1.7). krmfn's default
`reject` reproduces the corpus; `convert` reads them as KubeVirt up to v1.5 did (README "Legacy API
versions"), which test_golden_legacy.py checks.
"""
from __future__ import annotations

LEGACY_CASES: dict[str, str] = {
    "admission/it-v1alpha1": "a v1alpha1 instance type is served (with KubeVirt's deprecation warning), so the VM "
                             "finds it and expands",
    "admission/it-v1alpha2": "a v1alpha2 instance type is served (with KubeVirt's deprecation warning), so the VM "
                             "finds it and expands",
    "admission/pf-v1alpha2": "a v1alpha2 preference is served (with KubeVirt's deprecation warning), so the VM "
                             "finds it and expands",
    "resolution/rev-legacy-v1alpha1-specrevision": "the v1alpha1 SpecRevision wrapper is decoded and converted as "
                                                   "KubeVirt did until v1.7",
    "resolution/rev-legacy-v1alpha2-payload": "the v1alpha2 payload is decoded and converted as KubeVirt did until "
                                              "v1.7",
}

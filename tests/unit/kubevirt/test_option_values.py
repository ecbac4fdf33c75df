"""The option values KubeVirt takes (krmfn.kubevirt.option_values): its architectures, eviction
strategies, quantities, namespace names, feature gates of each release, and the embedded catalogs."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.option_values import ARCHITECTURES, VOCABULARIES, gate_problem, problem
from krmfn.model.options import OPTIONS

QUANTITY_RE = "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
DNS_LABEL = ("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start "
             "and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is "
             "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')")


def test_every_vocabulary_an_option_names_is_checked_here():
    assert {option.values for option in OPTIONS if option.values} == set(VOCABULARIES)


def test_the_architectures_are_those_the_vmi_admitter_admits():
    """ValidateVirtualMachineInstancePerArch: amd64, s390x, arm64; anything else (ppc64le too) is
    "unsupported architecture"."""
    assert ARCHITECTURES == ("amd64", "arm64", "s390x")


@pytest.mark.parametrize("values,value,expected", [
    ("architecture", "arm64", None),
    ("architecture", "foo", '"foo" is not one of KubeVirt\'s architectures: amd64, arm64, s390x'),
    ("architecture", "AMD64", '"AMD64" is not one of KubeVirt\'s architectures: amd64, arm64, s390x '
                              '(did you mean "amd64"?)'),
    ("architecture", "ppc64le", '"ppc64le" is not one of KubeVirt\'s architectures: amd64, arm64, s390x'),
    ("evictionStrategy", "", None),  # the cluster has none
    ("evictionStrategy", "LiveMigrateIfPossible", None),
    ("evictionStrategy", "bogus",
     '"bogus" is not one of KubeVirt\'s eviction strategies: LiveMigrate, LiveMigrateIfPossible, None, External'),
    ("evictionStrategy", "livemigrate", '"livemigrate" is not one of KubeVirt\'s eviction strategies: LiveMigrate, '
                                        'LiveMigrateIfPossible, None, External (did you mean "LiveMigrate"?)'),
    ("quantity", "", None),
    ("quantity", "250m", None),
    ("quantity", "abc", f'"abc" is not a quantity: quantities must match the regular expression {QUANTITY_RE}'),
    ("namespace", "", None),
    ("namespace", "lab-1", None),
    ("namespace", "Bad_NS", f'"Bad_NS" is not a valid namespace name: {DNS_LABEL} (did you mean "bad-ns"?)'),
    ("namespace", "a.b", '"a.b" is not a valid namespace name: must not contain dots (did you mean "a-b"?)'),
    ("emulatedMachines", ["q35*", "arm64=virt*"], None),
    ("emulatedMachines", ["amd46=q35*"], '"amd46=q35*": "amd46" is not one of KubeVirt\'s architectures: amd64, '
                                         'arm64, s390x (did you mean "amd64"?)'),
    ("catalog", "", None),
    ("catalog", "none", None),
    ("catalog", "v1.6.0", None),
    ("catalog", "v9", 'unknown catalog version "v9"; embedded: v1.5.1, v1.6.0, v1.7.0; none turns it off'),
    ("catalog", "1.7.0", 'unknown catalog version "1.7.0"; embedded: v1.5.1, v1.6.0, v1.7.0; none turns it off '
                         '(did you mean "v1.7.0"?)'),
])
def test_values(values, value, expected):
    assert problem(values, value) == expected


@pytest.mark.parametrize("gates,version,expected", [
    (["Sidecar", "HostDevices"], None, None),
    (["Sidecar", "NoSuchGate"], None, '"NoSuchGate" is not a feature gate of KubeVirt v1.9 (v1.9.0)'),
    (["HostDevice"], "v1.8",
     '"HostDevice" is not a feature gate of KubeVirt v1.8 (v1.8.4) (did you mean "HostDevices"?)'),
    # the registry of the release targeted: MigrationDowntimeTuning is registered after v1.9.0
    (["MigrationDowntimeTuning"], "main", None),
    (["MigrationDowntimeTuning"], "v1.9", '"MigrationDowntimeTuning" is not a feature gate of KubeVirt v1.9 (v1.9.0)'),
    (["PasstBinding"], "v1.7", '"PasstBinding" is not a feature gate of KubeVirt v1.7 (v1.7.4)'),
    (["ExperimentalVirtiofsSupport"], "v1.7", None),  # deprecated, still registered: KubeVirt accepts it
])
def test_feature_gates_of_the_release(gates, version, expected):
    assert gate_problem(gates, version) == expected

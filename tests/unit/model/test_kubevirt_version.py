"""The KubeVirt releases krmfn targets: names, catalogs and the predicates that tell them apart."""
from __future__ import annotations

import pytest

from krmfn.model.kubevirt_version import DEFAULT, MAIN, V1_7, V1_8, V1_9, VERSIONS, catalog_for, kubevirt_version
from krmfn.model.options import OPTIONS


def test_the_option_offers_every_release_and_defaults_to_the_newest() -> None:
    option = next(o for o in OPTIONS if o.name == "kubevirtVersion")
    assert option.choices == tuple(VERSIONS) == ("v1.7", "v1.8", "v1.9", "main")
    assert option.default == DEFAULT.name == "v1.9"
    assert set(option.modes) == {"inline", "validate", "generate", "normalize", "adopt", "process", "convert"}


def test_names_parse_and_unknown_names_are_refused() -> None:
    assert kubevirt_version("v1.8") is V1_8
    assert kubevirt_version("main") is MAIN
    assert kubevirt_version(None) is DEFAULT
    assert kubevirt_version(V1_7) is V1_7
    with pytest.raises(ValueError, match='unknown KubeVirt version "v1.6"'):
        kubevirt_version("v1.6")


def test_each_release_deploys_its_catalog_and_an_explicit_catalog_wins() -> None:
    assert [version.catalog for version in (V1_7, V1_8, V1_9, MAIN)] == ["v1.5.1", "v1.6.0", "v1.7.0", "v1.7.0"]
    assert catalog_for("", V1_8) == "v1.6.0"
    assert catalog_for("v1.7.0", V1_7) == "v1.7.0"
    assert catalog_for("none", V1_9) is None


@pytest.mark.parametrize("predicate, releases", [
    ("beta_gates_on_by_default", {"v1.9", "main"}),
    ("has_preference_video_type", {"v1.9", "main"}),
    ("has_preference_launch_security", {"v1.9", "main"}),
    ("warns_instancetype_launch_security", {"v1.9", "main"}),
    ("preferred_panic_device_model_adds_device", {"v1.9", "main"}),
    ("infers_from_volume_snapshots", {"v1.9", "main"}),
    ("requires_exactly_one_binding", {"v1.9", "main"}),
    ("persistent_reservation_has_config", {"v1.9", "main"}),
    ("counts_unset_ramfb_as_enabled", {"main"}),
    ("tdx_secure_boot_without_smm", {"v1.9", "main"}),
    ("validates_service_account_name", {"v1.9", "main"}),
    ("validates_grace_io", {"v1.9", "main"}),
    ("secure_execution_needs_gate", {"v1.7", "v1.8"}),
    ("multi_architecture_gate", {"v1.7"}),
    ("rejects_discontinued_passt", {"v1.8", "v1.9", "main"}),
    ("rejects_discontinued_macvtap", {"v1.8", "v1.9", "main"}),
    ("slirp_counts_as_binding_method", {"v1.7"}),
    ("has_passt_binding", {"v1.8", "v1.9", "main"}),
    ("virtiofs_config_volumes_need_gate", {"v1.7"}),
    ("has_hyperv_tlbflush_options", {"v1.8", "v1.9", "main"}),
    ("scheme_has_backup_api", {"v1.8", "v1.9", "main"}),
    ("scheme_has_export_v1", {"v1.9", "main"}),
    ("scheme_has_plugin_api", {"v1.9", "main"}),
    ("rejects_port_65536", {"v1.9", "main"}),
    ("port_causes_name_the_port_field", {"v1.9", "main"}),
    ("validates_dra_devices", {"v1.8", "v1.9", "main"}),
    ("claim_request_names_are_strings", {"v1.9", "main"}),
    ("validates_resource_claims", {"v1.9", "main"}),
    ("dra_device_causes_in_index_order", {"v1.9", "main"}),
    ("runs_storage_spec_validator", {"main"}),
    ("has_migration_policy_tuning", {"v1.9", "main"}),
    ("has_migration_downtime_tuning", {"main"}),
    ("stall_detector_factors_are_quantities", {"main"}),
])
def test_each_switch_holds_in_the_releases_that_have_it(predicate: str, releases: set[str]) -> None:
    assert {name for name, version in VERSIONS.items() if getattr(version, predicate)} == releases


def test_release_facts() -> None:
    assert [version.scheme_line for version in (V1_7, V1_8, V1_9, MAIN)] == [42, 43, 44, 44]
    assert [version.release for version in (V1_7, V1_8, V1_9, MAIN)] == ["v1.7.4", "v1.8.4", "v1.9.0", "d923fdb8"]
    assert V1_7.hugepages_page_size_path == "domain.hugepages.size"
    assert V1_8.hugepages_page_size_path == V1_9.hugepages_page_size_path == "domain.memory.hugepages.pageSize"

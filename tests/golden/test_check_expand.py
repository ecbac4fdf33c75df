"""validate's shortcut equals the full expand on every golden VM.

validate asks only whether each VM expands (``check_expand``: find, the v1beta2 guest rule and
the instance type appliers on scratch copies); inline builds the VM (``expand_vm``). For every VM
of every golden input, under the settings validate and inline use, both must give the same
failure (message, field, check) and resolve the same objects, and the shortcut must leave the VM
untouched.
"""
from __future__ import annotations

import copy
import glob
import os

import pytest

from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.instancetype.expand.vms import ExpandOptions, expand_one
from krmfn.kubevirt.virt_api.admit import rejected_keys
from krmfn.kio.files import load_items, read_sources
from krmfn.model.kinds import is_virtual_machine
from krmfn.model.options import complete
from krmfn.modes.validate.context import build_context
from tests.conftest import shared_path

SETTINGS = {
    "validate": dict(infer=True),
    "inline": dict(),
    "no-defaults": dict(apply_defaults=False),
    "bridge-not-permitted": dict(infer=True, config=ClusterConfig(network_interface="bridge")),
}


def expand_options(config: ClusterConfig | None = None, **settings: bool) -> ExpandOptions:
    """The engine's options under a setting: the option table's cluster, without the catalog."""
    options = ExpandOptions.from_options(complete("inline", {"catalog": "none"}), **settings)
    if config is not None:
        options.config = config
    return options


def golden_inputs() -> list[str]:
    return sorted(glob.glob(os.path.join(shared_path("golden"), "*", "*", "input.yaml")))


def _outcome(result) -> tuple:
    failure = result.failure
    resolved = tuple((r.kind, r.name, r.revision, r.spec) if r else None
                     for r in (result.instancetype, result.preference))
    return (failure.message, failure.path, failure.check) if failure else None, None if failure else resolved


@pytest.mark.parametrize("setting", sorted(SETTINGS))
def test_check_expand_gives_the_verdict_of_expand_on_every_golden_vm(setting: str) -> None:
    compared = failures = 0
    for path in golden_inputs():
        values = [item.value for item in load_items(read_sources([path]))]
        options = expand_options(**SETTINGS[setting])  # type: ignore[arg-type]
        options.rejected = rejected_keys(values, options.namespace, options.legacy)
        bundle = Bundle((v for v in values if isinstance(v, dict)), options.namespace, options.rejected,
                        options.catalog_version, options.legacy)
        for value in values:
            if not is_virtual_machine(value):
                continue
            before = copy.deepcopy(value)
            try:
                full = _outcome(expand_one(value, bundle, options))
            except Exception as err:  # noqa: BLE001 - inline reports these per VM; both must raise
                full = type(err)
            options.check_only = True
            try:
                check = _outcome(expand_one(value, bundle, options))
            except Exception as err:  # noqa: BLE001
                check = type(err)
            options.check_only = False
            assert check == full, f"{path}: {value.get('metadata')}"
            assert value == before, f"{path}: the shortcut changed the VM"
            compared += 1
            failures += full[0] is not None if isinstance(full, tuple) else 1
    # the corpus must exercise both outcomes, or the comparison proves little
    assert compared > 500 and 100 < failures < compared - 100, (compared, failures)


VALIDATE_OPTIONS = {
    "default": {},
    "reject-legacy": {"legacyApiVersions": "reject"},
    "bridge-not-permitted": {"permitBridgeInterfaceOnPodNetwork": False},
    "no-catalog": {"catalog": "none"},
}


@pytest.mark.parametrize("name", sorted(VALIDATE_OPTIONS))
def test_validate_reusing_admission_changes_no_finding(name: str) -> None:
    """Admission's conflict-free (instance type, preference) pairs spare validate's expand pass
    the appliers; with and without that, every VM gets the same verdict."""
    reused = 0
    for path in golden_inputs():
        values = [item.value for item in load_items(read_sources([path]))]
        fresh = build_context(values, VALIDATE_OPTIONS[name], reuse_admission=False)
        fast = build_context(values, VALIDATE_OPTIONS[name])
        assert fast.expand_failures == fresh.expand_failures, path
        assert fast.expand_notes == fresh.expand_notes, path
        reused += sum(1 for verdict in fast.admissions if verdict is not None and verdict.conflict_free is not None)
    assert reused > 300  # the shortcut is taken, not just harmless

"""krmfn.model.options: the one home of every option's default."""
from __future__ import annotations

from krmfn import catalog
from krmfn.model.kubevirt_version import catalog_for, kubevirt_version
import pytest

from krmfn.model.options import MODES, OPTIONS, complete, defaults_for, did_you_mean, options_for


def test_complete_fills_every_option_of_the_mode_and_keeps_what_was_given() -> None:
    for mode in MODES:
        completed = complete(mode, {})
        assert set(completed) == {option.name for option in options_for(mode)}
    assert complete("inline", {"namespace": "lab"})["namespace"] == "lab"
    assert complete("inline", {})["namespace"] == "default"


def test_list_defaults_are_not_shared_between_runs() -> None:
    first = defaults_for("validate")
    first["disable"].append("schema")
    assert defaults_for("validate")["disable"] == []


def test_option_names_are_unique_per_mode() -> None:
    for mode in MODES:
        names = [option.name for option in options_for(mode)]
        assert len(names) == len(set(names))
    assert {mode for option in OPTIONS for mode in option.modes} == set(MODES)


def test_the_catalog_default_is_the_one_the_default_release_deploys() -> None:
    options = complete("inline", {})
    assert options["catalog"] == ""  # empty: the kubevirtVersion's catalog
    assert catalog_for(options["catalog"], kubevirt_version(options["kubevirtVersion"])) == catalog.DEFAULT_VERSION


@pytest.mark.parametrize("value,expected", [
    ("Masquerade", ' (did you mean "masquerade"?)'),  # the same but for case
    ("masq", ' (did you mean "masquerade"?)'),  # the one it abbreviates
    ("brige", ' (did you mean "bridge"?)'),  # difflib's closest
    ("foo", ""),
    ("", ""),
])
def test_did_you_mean(value: str, expected: str) -> None:
    assert did_you_mean(value, ("bridge", "masquerade", "slirp")) == expected

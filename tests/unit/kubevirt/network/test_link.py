"""pkg/network/link/mac.go over Go's net.ParseMAC."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.network.link import is_reserved, parse_mac_octet_count, validate_mac_address


@pytest.mark.parametrize(("mac", "octets"), [
    ("de:ad:00:00:be:af", 6), ("DE-AD-00-00-BE-AF", 6), ("dead.0000.beaf", 6),
    ("02:00:5e:10:00:00:00:01", 8), ("0200.5e10.0000.0001", 8),
    ("00:00:00:00:fe:80:00:00:00:00:00:00:02:00:5e:10:00:00:00:01", 20),
    ("de:ad:00:00:be", None), ("de:ad:00:00:be:ag", None), ("de:ad-00:00:be:af", None), ("dead:0000:beaf", None),
    ("de:ad:00:00:be:af:00", None), ("deadbeef00000", None), ("de.ad.00.00.be.af", None), ("dé:ad:00:00:be:af", None),
])
def test_parse_mac(mac: str, octets: int | None) -> None:
    assert parse_mac_octet_count(mac) == octets


def test_validate_mac_address() -> None:
    assert validate_mac_address("") is None
    assert validate_mac_address("de:ad:00:00:be:af") is None
    assert validate_mac_address("de:ad:00:00:be") == "malformed MAC address (de:ad:00:00:be)"
    assert validate_mac_address("0200.5e10.0000.0001") == "too long MAC address (0200.5e10.0000.0001)"


def test_reserved_mac_is_exactly_the_bridge_mac() -> None:
    assert is_reserved("02:00:00:00:00:00")
    assert not is_reserved("02-00-00-00-00-00")

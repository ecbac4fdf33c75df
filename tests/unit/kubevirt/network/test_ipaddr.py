"""NTP servers: DHCPOptions decoding (ParseIPSloppy) then net.ParseIP(...).To4()."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.network.ipaddr import is_ipv4_ntp_server, parse_ip_sloppy


@pytest.mark.parametrize(("address", "valid"), [
    ("192.168.0.1", True), ("010.001.0.1", True), ("::ffff:10.0.0.1", True), ("::ffff:a00:1", True),
    ("0:0:0:0:0:ffff:1.2.3.4", True),
    ("256.0.0.1", False), ("1.2.3", False), ("1.2.3.4.5", False), ("1.2.3.", False), ("fd00::1", False),
    ("::", False), ("", False), ("ntp.example.com", False), ("1.2.3.4 ", False), ("::ffff:1.2.3.4:5", False),
])
def test_is_ipv4_ntp_server(address: str, valid: bool) -> None:
    assert is_ipv4_ntp_server(address) is valid


def test_ipv6_forms() -> None:
    assert parse_ip_sloppy("fd00::1") == bytes.fromhex("fd000000000000000000000000000001")
    assert parse_ip_sloppy("1::2:3") == bytes.fromhex("00010000000000000000000000020003")
    assert parse_ip_sloppy("1:2:3:4:5:6:7:8") == bytes.fromhex("00010002000300040005000600070008")
    assert parse_ip_sloppy("1:2:3:4:5:6:7:8:9") is None
    assert parse_ip_sloppy("1::2::3") is None
    assert parse_ip_sloppy("1:2:3:4:5:6:7::8") is None
    assert parse_ip_sloppy("1:2") is None
    assert parse_ip_sloppy("12345::") is None

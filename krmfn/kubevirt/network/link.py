"""MAC address checks (``pkg/network/link/mac.go``, d923fdb8) over Go's ``net.ParseMAC``.

``ParseMAC`` works on the string's bytes: six, eight or twenty octets as two hex digits each
separated by ``:`` or ``-`` (the separator of the first group throughout), or as groups of four
hex digits separated by ``.``. ``ValidateMacAddress`` accepts "" and rejects anything longer than
six octets.
"""
from __future__ import annotations

STATIC_MASQUERADE_BRIDGE_MAC = "02:00:00:00:00:00"
MALFORMED_MAC_FMT = "malformed MAC address (%s)"
TOO_LONG_MAC_FMT = "too long MAC address (%s)"

_MIN_MAC_TEXT_LENGTH = 14
_OCTET_COUNTS = (6, 8, 20)
_MAC48_OCTETS = 6
_HEX_DIGITS = frozenset(b"0123456789abcdefABCDEF")


def is_reserved(mac: str) -> bool:
    """``IsReserved``: the MAC of the in-pod masquerade bridge."""
    return mac == STATIC_MASQUERADE_BRIDGE_MAC


def validate_mac_address(mac: str) -> str | None:
    """``ValidateMacAddress``: the error text, or None when the address is empty or valid."""
    if mac == "":
        return None
    octets = parse_mac_octet_count(mac)
    if octets is None:
        return MALFORMED_MAC_FMT % mac
    if octets > _MAC48_OCTETS:
        return TOO_LONG_MAC_FMT % mac
    return None


def parse_mac_octet_count(mac: str) -> int | None:
    """How many octets Go's ``net.ParseMAC`` reads from ``mac``, or None when it fails."""
    data = mac.encode("utf-8", "surrogatepass")
    if len(data) < _MIN_MAC_TEXT_LENGTH:
        return None
    if data[2] in b":-":
        return _parse_separated_octets(data)
    if data[4] == ord("."):
        return _parse_dotted_groups(data)
    return None


def _parse_separated_octets(data: bytes) -> int | None:
    """``01:23:45:67:89:ab`` (or ``-``): two hex digits per octet, one separator between."""
    if (len(data) + 1) % 3 != 0:
        return None
    count = (len(data) + 1) // 3
    separator = data[2]
    if count not in _OCTET_COUNTS:
        return None
    for offset in range(0, len(data), 3):
        if not _two_hex_then(data[offset:], separator):
            return None
    return count


def _parse_dotted_groups(data: bytes) -> int | None:
    """``0123.4567.89ab``: four hex digits per group of two octets, ``.`` between groups."""
    if (len(data) + 1) % 5 != 0:
        return None
    count = 2 * (len(data) + 1) // 5
    if count not in _OCTET_COUNTS:
        return None
    separator = data[4]
    for offset in range(0, len(data), 5):
        if not _two_hex_then(data[offset:offset + 2], None) or not _two_hex_then(data[offset + 2:], separator):
            return None
    return count


def _two_hex_then(data: bytes, separator: int | None) -> bool:
    """Go's ``xtoi2``: two hex digits, followed (if anything follows) by ``separator``."""
    if len(data) > 2 and data[2] != separator:
        return False
    return len(data) >= 2 and data[0] in _HEX_DIGITS and data[1] in _HEX_DIGITS

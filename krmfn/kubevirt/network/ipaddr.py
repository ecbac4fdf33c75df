"""Is an NTP server an IPv4 address, as KubeVirt decides it (d923fdb8)?

Decoding ``DHCPOptions`` (``UnmarshalJSON`` in ``staging/.../core/v1/schema.go``) replaces each NTP
server that k8s' ``netutils.ParseIPSloppy`` reads (Go 1.16's ``net.ParseIP``: IPv4 octets may have
leading zeros, read as decimal) by its canonical form; the admitter then asks ``net.ParseIP(ip).To4()``.
So a server passes exactly when the sloppy parser reads it as IPv4 or as an IPv4-mapped IPv6 address
(``::ffff:a.b.c.d``, ``::ffff:102:304``); what the sloppy parser refuses, the strict one does too.
"""
from __future__ import annotations

_IPV4_LENGTH = 4
_IPV6_LENGTH = 16
_BIG = 0xFFFFFF
_V4_IN_V6_PREFIX = bytes(10) + b"\xff\xff"


def is_ipv4_ntp_server(address: str) -> bool:
    """The NTP server reads as an IPv4 address after KubeVirt's decoding."""
    ip = parse_ip_sloppy(address)
    return ip is not None and (len(ip) == _IPV4_LENGTH or ip.startswith(_V4_IN_V6_PREFIX))


def parse_ip_sloppy(address: str) -> bytes | None:
    """``ParseIPSloppy``: 4 bytes for dotted IPv4, 16 for IPv6, None when neither."""
    data = address.encode("utf-8", "surrogatepass")
    for byte in data:
        if byte == ord("."):
            return _parse_ipv4(data)
        if byte == ord(":"):
            return _parse_ipv6(data)
    return None


def _decimal_prefix(data: bytes) -> tuple[int, int] | None:
    """Go's ``dtoi``: the value and length of the leading decimal digits (None: none, or too big)."""
    value, length = 0, 0
    while length < len(data) and 0x30 <= data[length] <= 0x39:
        value = value * 10 + data[length] - 0x30
        if value >= _BIG:
            return None
        length += 1
    return (value, length) if length else None


def _hex_prefix(data: bytes) -> tuple[int, int] | None:
    """Go's ``xtoi``: the value and length of the leading hex digits (None: none, or too big)."""
    value, length = 0, 0
    while length < len(data):
        digit = _hex_digit(data[length])
        if digit is None:
            break
        value = value * 16 + digit
        if value >= _BIG:
            return None
        length += 1
    return (value, length) if length else None


def _hex_digit(byte: int) -> int | None:
    char = chr(byte)
    return int(char, 16) if char in "0123456789abcdefABCDEF" else None


def _parse_ipv4(data: bytes) -> bytes | None:
    octets = bytearray()
    rest = data
    for index in range(_IPV4_LENGTH):
        if not rest:
            return None
        if index > 0:
            if rest[0] != ord("."):
                return None
            rest = rest[1:]
        number = _decimal_prefix(rest)
        if number is None or number[0] > 0xFF:
            return None
        octets.append(number[0])
        rest = rest[number[1]:]
    return bytes(octets) if not rest else None


def _parse_ipv6(data: bytes) -> bytes | None:
    ip = bytearray(_IPV6_LENGTH)
    ellipsis = -1
    rest = data
    if rest[:2] == b"::":
        ellipsis = 0
        rest = rest[2:]
        if not rest:
            return bytes(ip)
    filled = 0
    while filled < _IPV6_LENGTH:
        number = _hex_prefix(rest)
        if number is None or number[0] > 0xFFFF:
            return None
        value, length = number
        if length < len(rest) and rest[length] == ord("."):
            if ellipsis < 0 and filled != _IPV6_LENGTH - _IPV4_LENGTH:
                return None
            if filled + _IPV4_LENGTH > _IPV6_LENGTH:
                return None
            ipv4 = _parse_ipv4(rest)
            if ipv4 is None:
                return None
            ip[filled:filled + _IPV4_LENGTH] = ipv4
            rest = b""
            filled += _IPV4_LENGTH
            break
        ip[filled], ip[filled + 1] = value >> 8, value & 0xFF
        filled += 2
        rest = rest[length:]
        if not rest:
            break
        if rest[0] != ord(":") or len(rest) == 1:
            return None
        rest = rest[1:]
        if rest[0] == ord(":"):
            if ellipsis >= 0:
                return None
            ellipsis = filled
            rest = rest[1:]
            if not rest:
                break
    if rest:
        return None
    if filled < _IPV6_LENGTH:
        if ellipsis < 0:
            return None
        gap = _IPV6_LENGTH - filled
        ip[ellipsis + gap:] = ip[ellipsis:filled]
        ip[ellipsis:ellipsis + gap] = bytes(gap)
    elif ellipsis >= 0:
        return None
    return bytes(ip)

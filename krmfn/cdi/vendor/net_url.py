"""Go's ``net/url`` as CDI's webhooks call it: ``url.Parse``, ``url.ParseRequestURI`` and
``(*URL).String`` (Go's ``src/net/url/url.go``: ``parse``, ``getScheme``, ``parseAuthority``,
``parseHost``, ``setPath``, ``setFragment``, ``unescape``, ``escape``, ``shouldEscape``,
``validUserinfo``, ``validOptionalPort``, ``EscapedPath``, ``EscapedFragment``; Go 1.23, the
release CDI v1.64.0 builds with).

Go works on the bytes of a string, and so does this port: a URL's parts are UTF-8 bytes, decoded
back to text only by ``URL.string``. ``parse`` and ``parse_request_uri`` return a ``URL`` or the
error text (the inner error of Go's ``*url.Error``, without its ``parse "<url>": `` frame).
"""
from __future__ import annotations

from typing import NamedTuple

from krmfn.kubevirt.util.webhooks import go_quote

# Go's encoding modes.
_PATH = "path"
_PATH_SEGMENT = "path-segment"
_HOST = "host"
_ZONE = "zone"
_USER_PASSWORD = "user-password"
_QUERY_COMPONENT = "query-component"
_FRAGMENT = "fragment"

_UPPER_HEX = b"0123456789ABCDEF"
_HEX_DIGITS = frozenset(b"0123456789abcdefABCDEF")
_ALNUM = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
_HOST_ALLOWED = frozenset(b"!$&'()*+,;=:[]<>\"")
_RESERVED = frozenset(b"$&+,/:;=?@")
_USERINFO_ALLOWED = _ALNUM | frozenset(b"-._:~!$&'()*+,;=%@")
_ENCODED_ALLOWED = frozenset(b"!$&'()*+,;=:@[]%")


class Userinfo(NamedTuple):
    username: bytes
    password: bytes = b""
    password_set: bool = False

    def string(self) -> bytes:
        text = escape(self.username, _USER_PASSWORD)
        if self.password_set:
            text += b":" + escape(self.password, _USER_PASSWORD)
        return text


class URL:
    """A parsed URL (Go's ``url.URL``), its parts as bytes."""

    def __init__(self) -> None:
        self.scheme = b""
        self.opaque = b""
        self.user: Userinfo | None = None
        self.host = b""
        self.path = b""
        self.raw_path = b""
        self.force_query = False
        self.raw_query = b""
        self.fragment = b""
        self.raw_fragment = b""

    def escaped_path(self) -> bytes:
        """``EscapedPath``: ``raw_path`` when it is a valid escaping of ``path``."""
        if self.raw_path and _valid_encoded(self.raw_path, _PATH):
            unescaped = unescape(self.raw_path, _PATH)
            if isinstance(unescaped, bytes) and unescaped == self.path:
                return self.raw_path
        if self.path == b"*":
            return b"*"
        return escape(self.path, _PATH)

    def escaped_fragment(self) -> bytes:
        if self.raw_fragment and _valid_encoded(self.raw_fragment, _FRAGMENT):
            unescaped = unescape(self.raw_fragment, _FRAGMENT)
            if isinstance(unescaped, bytes) and unescaped == self.fragment:
                return self.raw_fragment
        return escape(self.fragment, _FRAGMENT)

    def string(self) -> str:
        """``(*URL).String``: the URL reassembled, as ``%s`` prints it."""
        buf = bytearray()
        if self.scheme:
            buf += self.scheme + b":"
        if self.opaque:
            buf += self.opaque
        else:
            if self.scheme or self.host or self.user is not None:
                if self.host or self.path or self.user is not None:
                    buf += b"//"
                if self.user is not None:
                    buf += self.user.string() + b"@"
                if self.host:
                    buf += escape(self.host, _HOST)
            path = self.escaped_path()
            if path and path[:1] != b"/" and self.host:
                buf += b"/"
            if not buf and b":" in path.split(b"/", 1)[0]:
                buf += b"./"
            buf += path
        if self.force_query or self.raw_query:
            buf += b"?" + self.raw_query
        if self.fragment:
            buf += b"#" + self.escaped_fragment()
        return buf.decode("utf-8", "replace")


def _should_escape(char: int, mode: str) -> bool:
    if char in _ALNUM:
        return False
    if mode in (_HOST, _ZONE) and char in _HOST_ALLOWED:
        return False
    if char in b"-_.~":
        return False
    if char in _RESERVED:
        if mode == _PATH:
            return char == ord("?")
        if mode == _PATH_SEGMENT:
            return char in b"/;,?"
        if mode == _USER_PASSWORD:
            return char in b"@/?:"
        if mode == _QUERY_COMPONENT:
            return True
        if mode == _FRAGMENT:
            return False
    return not (mode == _FRAGMENT and char in b"!()*")


def unescape(text: bytes, mode: str) -> bytes | str:
    """The unescaped bytes, or Go's error text (``invalid URL escape "%zz"``, ``invalid character
    " " in host name``)."""
    count, index, has_plus = 0, 0, False
    while index < len(text):
        char = text[index]
        if char == ord("%"):
            count += 1
            if index + 2 >= len(text) or text[index + 1] not in _HEX_DIGITS or text[index + 2] not in _HEX_DIGITS:
                return "invalid URL escape " + go_quote(text[index:index + 3].decode("utf-8", "replace"))
            escaped = text[index:index + 3]
            if mode == _HOST and int(escaped[1:2], 16) < 8 and escaped != b"%25":
                return "invalid URL escape " + go_quote(escaped.decode())
            if mode == _ZONE:
                value = int(escaped[1:], 16)
                if escaped != b"%25" and value != ord(" ") and _should_escape(value, _HOST):
                    return "invalid URL escape " + go_quote(escaped.decode())
            index += 3
        elif char == ord("+"):
            has_plus = mode == _QUERY_COMPONENT
            index += 1
        else:
            if mode in (_HOST, _ZONE) and char < 0x80 and _should_escape(char, mode):
                return "invalid character " + go_quote(chr(char)) + " in host name"
            index += 1
    if count == 0 and not has_plus:
        return text
    out = bytearray()
    index = 0
    while index < len(text):
        char = text[index]
        if char == ord("%"):
            out.append(int(text[index + 1:index + 3], 16))
            index += 3
            continue
        out.append(ord(" ") if char == ord("+") and mode == _QUERY_COMPONENT else char)
        index += 1
    return bytes(out)


def escape(text: bytes, mode: str) -> bytes:
    out = bytearray()
    for char in text:
        if char == ord(" ") and mode == _QUERY_COMPONENT:
            out.append(ord("+"))
        elif _should_escape(char, mode):
            out += b"%" + _UPPER_HEX[char >> 4:(char >> 4) + 1] + _UPPER_HEX[char & 15:(char & 15) + 1]
        else:
            out.append(char)
    return bytes(out)


def _valid_encoded(text: bytes, mode: str) -> bool:
    return all(char in _ENCODED_ALLOWED or not _should_escape(char, mode) for char in text)


def _valid_optional_port(port: bytes) -> bool:
    if not port:
        return True
    return port[:1] == b":" and all(0x30 <= char <= 0x39 for char in port[1:])


def _get_scheme(raw: bytes) -> tuple[bytes, bytes] | str:
    for index, char in enumerate(raw):
        if 0x61 <= char <= 0x7A or 0x41 <= char <= 0x5A:
            continue
        if 0x30 <= char <= 0x39 or char in b"+-.":
            if index == 0:
                return b"", raw
        elif char == ord(":"):
            if index == 0:
                return "missing protocol scheme"
            return raw[:index], raw[index + 1:]
        else:
            return b"", raw
    return b"", raw


def _parse_host(host: bytes) -> bytes | str:
    if host.startswith(b"["):
        end = host.rfind(b"]")
        if end < 0:
            return "missing ']' in host"
        colon_port = host[end + 1:]
        if not _valid_optional_port(colon_port):
            return f"invalid port {go_quote(colon_port.decode('utf-8', 'replace'))} after host"
        zone = host[:end].find(b"%25")
        if zone >= 0:
            parts = (unescape(host[:zone], _HOST), unescape(host[zone:end], _ZONE), unescape(host[end:], _HOST))
            for part in parts:
                if isinstance(part, str):
                    return part
            return b"".join(part for part in parts if isinstance(part, bytes))
    else:
        colon = host.rfind(b":")
        if colon != -1 and not _valid_optional_port(host[colon:]):
            return f"invalid port {go_quote(host[colon:].decode('utf-8', 'replace'))} after host"
    return unescape(host, _HOST)


def _parse_authority(authority: bytes) -> tuple[Userinfo | None, bytes] | str:
    at = authority.rfind(b"@")
    host = _parse_host(authority if at < 0 else authority[at + 1:])
    if isinstance(host, str):
        return host
    if at < 0:
        return None, host
    userinfo = authority[:at]
    if not all(char in _USERINFO_ALLOWED for char in userinfo):  # a non-ASCII rune is never allowed
        return "net/url: invalid userinfo"
    if b":" not in userinfo:
        username = unescape(userinfo, _USER_PASSWORD)
        return username if isinstance(username, str) else (Userinfo(username), host)
    raw_user, _, raw_password = userinfo.partition(b":")
    username = unescape(raw_user, _USER_PASSWORD)
    if isinstance(username, str):
        return username
    password = unescape(raw_password, _USER_PASSWORD)
    if isinstance(password, str):
        return password
    return Userinfo(username, password, True), host


def _parse(raw: bytes, via_request: bool) -> URL | str:
    if any(char < 0x20 or char == 0x7F for char in raw):
        return "net/url: invalid control character in URL"
    if not raw and via_request:
        return "empty url"
    url = URL()
    if raw == b"*":
        url.path = b"*"
        return url
    scheme = _get_scheme(raw)
    if isinstance(scheme, str):
        return scheme
    url.scheme, rest = scheme[0].lower(), scheme[1]
    if rest.endswith(b"?") and rest.count(b"?") == 1:
        url.force_query, rest = True, rest[:-1]
    else:
        rest, _, url.raw_query = rest.partition(b"?")
    if not rest.startswith(b"/"):
        if url.scheme:
            url.opaque = rest
            return url
        if via_request:
            return "invalid URI for request"
        if b":" in rest.split(b"/", 1)[0]:
            return "first path segment in URL cannot contain colon"
    if (url.scheme or not via_request and not rest.startswith(b"///")) and rest.startswith(b"//"):
        authority, rest = rest[2:], b""
        slash = authority.find(b"/")
        if slash >= 0:
            authority, rest = authority[:slash], authority[slash:]
        parsed = _parse_authority(authority)
        if isinstance(parsed, str):
            return parsed
        url.user, url.host = parsed
    path = unescape(rest, _PATH)
    if isinstance(path, str):
        return path
    url.path = path
    url.raw_path = b"" if escape(path, _PATH) == rest else rest
    return url


def parse(raw: str) -> URL | str:
    """``url.Parse``: the URL, or the error text. A ``#fragment`` is cut off first."""
    data = raw.encode("utf-8", "surrogatepass")
    head, hash_mark, fragment = data.partition(b"#")
    url = _parse(head, False)
    if isinstance(url, str) or not hash_mark or not fragment:
        return url
    unescaped = unescape(fragment, _FRAGMENT)
    if isinstance(unescaped, str):
        return unescaped
    url.fragment = unescaped
    url.raw_fragment = b"" if escape(unescaped, _FRAGMENT) == fragment else fragment
    return url


def parse_request_uri(raw: str) -> URL | str:
    """``url.ParseRequestURI``: an absolute URI or an absolute path, or the error text."""
    return _parse(raw.encode("utf-8", "surrogatepass"), True)

"""``krmfn.cdi.vendor.net_url``: Go's ``url.Parse``, ``url.ParseRequestURI`` and ``(*URL).String``."""
from __future__ import annotations

import pytest

from krmfn.cdi.vendor.net_url import URL, parse, parse_request_uri


@pytest.mark.parametrize(("raw", "scheme", "host", "path"), [
    ("http://www.example.com", b"http", b"www.example.com", b""),
    ("HTTPS://Example.com/a%20b", b"https", b"Example.com", b"/a b"),
    ("gs://bucket/object", b"gs", b"bucket", b"/object"),
    ("/absolute/path", b"", b"", b"/absolute/path"),
    ("http://[fe80::1%25en0]:8080/x", b"http", b"[fe80::1%en0]:8080", b"/x"),
    ("http://user:pass@host/", b"http", b"host", b"/"),
])
def test_parse_request_uri_accepts(raw: str, scheme: bytes, host: bytes, path: bytes) -> None:
    url = parse_request_uri(raw)
    assert isinstance(url, URL)
    assert (url.scheme, url.host, url.path) == (scheme, host, path)


@pytest.mark.parametrize(("raw", "error"), [
    ("", "empty url"),
    ("invalidurl", "invalid URI for request"),
    ("www.example.com/disk.img", "invalid URI for request"),
    (":no-scheme", "missing protocol scheme"),
    ("http://a b", 'invalid character " " in host name'),
    ("http://[::1", "missing ']' in host"),
    ("http://host:port", 'invalid port ":port" after host'),
    ("http://host/%zz", 'invalid URL escape "%zz"'),
    ("http://host/\x7f", "net/url: invalid control character in URL"),
    ("http://us er@host", "net/url: invalid userinfo"),
])
def test_parse_request_uri_refuses(raw: str, error: str) -> None:
    assert parse_request_uri(raw) == error


def test_an_opaque_url_parses_with_its_scheme() -> None:
    url = parse_request_uri("mailto:someone@example.com")
    assert isinstance(url, URL) and url.scheme == b"mailto" and url.opaque == b"someone@example.com"


@pytest.mark.parametrize(("raw", "printed"), [
    ("docker://registry:5000/test", "docker://registry:5000/test"),
    ("DOCKER://Registry/x y", "docker://Registry/x%20y"),
    ("joker://registry:5000/test#frag ment", "joker://registry:5000/test#frag%20ment"),
    ("docker/::registry:5000/test", "docker/::registry:5000/test"),
    ("invalidurl", "invalidurl"),
    ("a:b/c", "a:b/c"),
    ("oci-archive:/tmp/image.tar", "oci-archive:///tmp/image.tar"),
    ("http://u@ser@host/?q", "http://u%40ser@host/?q"),
    ("", ""),
])
def test_parse_and_string(raw: str, printed: str) -> None:
    url = parse(raw)
    assert isinstance(url, URL) and url.string() == printed


def test_parse_refuses_a_colon_in_a_relative_first_segment() -> None:
    assert parse("./a:b") != "first path segment in URL cannot contain colon"
    assert parse("1a:b") == "first path segment in URL cannot contain colon"

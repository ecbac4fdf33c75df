"""The apimachinery helpers: message texts, byte lengths, field error rendering."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from krmfn.kubevirt.util.webhooks import go_quote
from krmfn.kubevirt.apimachinery.validation import (
    DNS1123_LABEL_FMT,
    DNS1123_SUBDOMAIN_FMT,
    LABEL_VALUE_FMT,
    QUALIFIED_NAME_FMT,
    bad_int,
    bad_named,
    bad_string,
    duplicate,
    forbidden,
    go_string_list,
    invalid,
    is_dns1123_label,
    is_dns1123_subdomain,
    is_qualified_name,
    is_valid_label_value,
    matches_dns1123_label,
    matches_dns1123_subdomain,
    matches_label_value,
    matches_qualified_name,
    not_supported,
    required,
    validate_label_selector,
)

QUALIFIED_NAME_REGEX = ("must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
                        "alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for "
                        "validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')")
SUBDOMAIN_REGEX = ("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', "
                   "and must start and end with an alphanumeric character (e.g. 'example.com', regex used for "
                   "validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')")


@pytest.mark.parametrize("value, expected", [
    ("abc", []), ("a-1", []), ("1", []),
    ("a.b", ["must not contain dots"]),
    ("a" * 64, ["must be no more than 63 characters"]),
    ("a" * 40 + "." + "a" * 40, ["must be no more than 63 characters", "must not contain dots"]),
])
def test_dns1123_label(value: str, expected: list[str]) -> None:
    assert is_dns1123_label(value) == expected


def test_dns1123_subdomain_counts_bytes() -> None:
    assert is_dns1123_subdomain("é" * 127) == ["must be no more than 253 characters", SUBDOMAIN_REGEX]
    assert is_dns1123_subdomain("é" * 126) == [SUBDOMAIN_REGEX]


@pytest.mark.parametrize("value, expected", [
    ("app", []), ("example.com/App_1", []), ("a" * 63, []),
    ("example.com/", ["name part must be non-empty", f"name part {QUALIFIED_NAME_REGEX}"]),
    ("Bad.Prefix/x", [f"prefix part {SUBDOMAIN_REGEX}"]),
    ("a" * 64, ["name part must be no more than 63 characters"]),
    ("-a", [f"name part {QUALIFIED_NAME_REGEX}"]),
])
def test_qualified_name(value: str, expected: list[str]) -> None:
    assert is_qualified_name(value) == expected


def test_the_cached_validators_hand_out_fresh_lists() -> None:
    for validator, value in ((is_dns1123_label, "a.b"), (is_dns1123_subdomain, "A"), (is_qualified_name, "-a"),
                             (is_valid_label_value, "-a")):
        first = validator(value)
        first.append("changed by the caller")
        assert validator(value) == first[:-1]


def test_label_value() -> None:
    assert is_valid_label_value("") == []
    assert is_valid_label_value("a" * 64) == ["must be no more than 63 characters"]


def test_field_error_texts() -> None:
    assert required("p.q", "can not be empty").error() == "p.q: Required value: can not be empty"
    assert forbidden("p", "no").error() == "p: Forbidden: no"
    assert invalid("p", bad_int(-3), "must be positive").error() == "p: Invalid value: -3: must be positive"
    assert invalid("p", bad_string('a"\n'), "bad").error() == 'p: Invalid value: "a\\"\\n": bad'
    assert invalid("p", bad_named("<&>"), "bad").error() == 'p: Invalid value: "\\u003c\\u0026\\u003e": bad'
    assert duplicate("p", bad_string("{a, b}")).error() == 'p: Duplicate value: "{a, b}"'
    assert (not_supported("p", bad_named("x"), ["A", "B"]).error()
            == 'p: Unsupported value: "x": supported values: "A", "B"')
    assert not_supported("p", bad_named("x"), []).error() == 'p: Unsupported value: "x"'


def test_go_string_list() -> None:
    assert go_string_list([]) == "[]"
    assert go_string_list(["q35*", "pc-q35*"]) == "[q35* pc-q35*]"
    assert go_string_list(["a", ""]) == "[a ]"


def test_label_selector() -> None:
    assert validate_label_selector(None, "p") == []
    assert validate_label_selector({}, "p") == []
    selector = {"matchLabels": {"b": "ok", "a/": "x y"},
                "matchExpressions": [{"key": "k", "operator": "NotIn", "values": ["v", "-"]}]}
    errors = validate_label_selector(selector, "p")
    assert [error.error() for error in errors] == [
        'p.matchLabels: Invalid value: "a/": name part must be non-empty',
        f'p.matchLabels: Invalid value: "a/": name part {QUALIFIED_NAME_REGEX}',
        'p.matchLabels: Invalid value: "x y": a valid label must be an empty string or consist of alphanumeric '
        "characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or "
        "'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
        'p.matchExpressions[0].values[1]: Invalid value: "-": a valid label must be an empty string or consist of '
        "alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. "
        "'MyValue',  or 'my_value',  or '12345', regex used for validation is "
        "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    ]


@pytest.mark.parametrize("text, quoted", [
    ("abc", '"abc"'), ('a"b\\c', '"a\\"b\\\\c"'), ("\a\b\f\n\r\t\v", '"\\a\\b\\f\\n\\r\\t\\v"'),
    ("\x00\x1b\x7f", '"\\x00\\x1b\\x7f"'), ("é☺", '"é☺"'), ("\u00a0\u200b", '"\\u00a0\\u200b"'),
    ("\U000e0001", '"\\U000e0001"'),
])
def test_go_quote(text: str, quoted: str) -> None:
    assert go_quote(text) == quoted


# The formats' matchers are string methods; each must answer as its format does as a whole-text
# regular expression (Go's `^FMT$`), on the characters that decide it and a few that must not pass.
_SHAPE_CHARACTERS = "az09AZ-_./ \n\té\u0130\u212a"


@pytest.mark.parametrize("fmt, matches", [
    (DNS1123_LABEL_FMT, matches_dns1123_label), (DNS1123_SUBDOMAIN_FMT, matches_dns1123_subdomain),
    (QUALIFIED_NAME_FMT, matches_qualified_name), (LABEL_VALUE_FMT, matches_label_value),
], ids=["label", "subdomain", "qualified-name", "label-value"])
@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=_SHAPE_CHARACTERS, max_size=8) | st.from_regex(r"[a-zA-Z0-9._-]{0,6}", fullmatch=True))
def test_a_format_matcher_answers_as_the_format_as_a_regex(fmt, matches, value):
    assert matches(value) is (re.fullmatch(fmt, value) is not None)


@pytest.mark.parametrize("matches, value, expected", [
    (matches_dns1123_label, "a", True), (matches_dns1123_label, "a-0", True), (matches_dns1123_label, "", False),
    (matches_dns1123_label, "-a", False), (matches_dns1123_label, "a-", False), (matches_dns1123_label, "a.b", False),
    (matches_dns1123_label, "A", False), (matches_dns1123_subdomain, "a.b-c.d", True),
    (matches_dns1123_subdomain, "a..b", False), (matches_dns1123_subdomain, ".a", False),
    (matches_dns1123_subdomain, "a\n", False), (matches_qualified_name, "My_name.1", True),
    (matches_qualified_name, "_a", False), (matches_qualified_name, "a_", False),
    (matches_qualified_name, "", False), (matches_label_value, "", True), (matches_label_value, "a b", False),
])
def test_a_format_matcher_on_its_edges(matches, value, expected):
    assert matches(value) is expected

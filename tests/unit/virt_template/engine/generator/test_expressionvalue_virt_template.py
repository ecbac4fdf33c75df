"""virt-template-engine's own Go test cases of ``template/generator/expressionvalue_test.go``
(virt-template v0.2.2), ported: inputs and exact answers. Generated values come from a seeded
``random.Random`` instead of ``crypto/rand``: their classes and lengths are what the cases check."""
from __future__ import annotations

import random
import re

import pytest

from krmfn.virt_template.engine.generator.expressionvalue import (
    GeneratorError,
    extract_ranges_and_length,
    generate_value,
    get_alphabet_from_ranges,
    remove_duplicates,
    replace_with_generated_value,
    sub_alphabet,
)

SYMBOLS_RE = r"[!\"#$%&'\(\)*\+,\-./:;<=>\?@\[\\\]^_`\{\|\}~]"


@pytest.mark.parametrize(("expression", "length", "pattern"), [
    ("[a-z]{8}", 8, "^[a-z]{8}$"),  # should generate lowercase letters
    ("[A-Z]{5}", 5, "^[A-Z]{5}$"),  # should generate uppercase letters
    ("[0-9]{10}", 10, "^[0-9]{10}$"),  # should generate digits
    ("[a-zA-Z0-9]{16}", 16, "^[a-zA-Z0-9]{16}$"),  # should generate alphanumeric characters
    ("test[0-9]{1}x", 6, "^test[0-9]x$"),  # should generate with prefix and suffix
    ("0x[A-F0-9]{4}", 6, "^0x[A-F0-9]{4}$"),  # should generate hexadecimal values
    ("[a-z]{2}-[0-9]{3}", 6, "^[a-z]{2}-[0-9]{3}$"),  # should handle multiple pattern replacements
    (r"[\w]{10}", 10, r"^[a-zA-Z0-9_]{10}$"),  # should generate with \w pattern (word characters)
    (r"[\d]{8}", 8, r"^[0-9]{8}$"),  # should generate with \d pattern (digits)
    (r"[\a]{12}", 12, "^[a-zA-Z0-9]{12}$"),  # should generate with \a pattern (alphanumeric)
    (r"[\A]{5}", 5, "^" + SYMBOLS_RE + "{5}$"),  # should generate with \A pattern (symbols)
    (r"[a-zA-Z\d]{10}", 10, "^[a-zA-Z0-9]{10}$"),  # should handle mixed patterns
    ("[abc123]{6}", 6, "^[abc123]{6}$"),  # should handle specific character sets
    ("[a-z]{1}", 1, "^[a-z]$"),  # should handle minimum length of 1
    ("[a-z]{255}", 255, "^[a-z]+$"),  # should handle maximum length of 255
    ("[a-z]{3}suffix", 9, "^[a-z]{3}suffix$"),  # should handle expression at start of string
    ("prefix[a-z]{3}", 9, "^prefix[a-z]{3}$"),  # should handle expression at end of string
    ("pre[a-z]{3}post", 10, "^pre[a-z]{3}post$"),  # should handle expression in middle of string
])
def test_generate_value(expression: str, length: int, pattern: str) -> None:
    value = generate_value(expression, random.Random(7))
    assert len(value) == length
    assert re.match(pattern, value)


def test_should_handle_single_character_alphabet() -> None:
    assert generate_value("[a]{10}", random.Random(1)) == "aaaaaaaaaa"


def test_should_generate_different_values_on_multiple_calls() -> None:
    rng = random.Random(3)
    assert len({generate_value("[a-z]{20}", rng) for _ in range(100)}) == 100


def test_should_handle_input_that_does_not_contain_a_valid_expression() -> None:
    assert generate_value("[invalid", random.Random(1)) == "[invalid"


@pytest.mark.parametrize(("expression", "message"), [
    ("[a-z]{abc}", 'malformed length syntax: strconv.Atoi: parsing "abc": invalid syntax'),
    ("[a-z]{0}", "range must be within [1-255] characters: 0"),
    ("[a-z]{256}", "range must be within [1-255] characters: 256"),
])
def test_generate_value_errors(expression: str, message: str) -> None:
    with pytest.raises(GeneratorError) as error:
        generate_value(expression, random.Random(1))
    assert str(error.value) == message


@pytest.mark.parametrize(("expr", "ranges", "length"), [
    ("[a-z]{8}", "a-z", 8),  # should extract simple range and length
    ("[a-zA-Z0-9]{16}", "a-zA-Z0-9", 16),  # should extract complex range and length
])
def test_extract_ranges_and_length(expr: str, ranges: str, length: int) -> None:
    assert extract_ranges_and_length(expr) == (ranges, length)


@pytest.mark.parametrize(("expr", "message"), [
    ("[]{8}", "malformed ranges syntax: "),  # should return error for malformed ranges
    ("[a-z]{abc}", 'malformed length syntax: strconv.Atoi: parsing "abc": invalid syntax'),
    ("[a-z]{0}", "range must be within [1-255] characters: 0"),
    ("[a-z]{300}", "range must be within [1-255] characters: 300"),
])
def test_extract_ranges_and_length_errors(expr: str, message: str) -> None:
    with pytest.raises(GeneratorError) as error:
        extract_ranges_and_length(expr)
    assert str(error.value) == message


@pytest.mark.parametrize(("ranges", "alphabet"), [
    ("a-z", "abcdefghijklmnopqrstuvwxyz"),
    ("A-Z", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    ("0-9", "0123456789"),
    ("a-zA-Z", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"),
    (r"\w", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"),
    (r"\d", "0123456789"),
    (r"\a", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"),
    (r"\A", "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"),
    ("abc123", "123abc"),  # should handle literal characters
    ("aabbcc", "abc"),  # should remove duplicates
])
def test_get_alphabet_from_ranges(ranges: str, alphabet: str) -> None:
    assert get_alphabet_from_ranges(ranges) == alphabet


def test_get_alphabet_from_empty_ranges() -> None:
    with pytest.raises(GeneratorError) as error:
        get_alphabet_from_ranges("")
    assert str(error.value) == "malformed ranges syntax: "


@pytest.mark.parametrize(("start", "end", "alphabet"), [
    ("a", "z", "abcdefghijklmnopqrstuvwxyz"),
    ("A", "Z", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    ("0", "9", "0123456789"),
    ("a", "e", "abcde"),
    ("A", "E", "ABCDE"),
    ("0", "7", "01234567"),
    ("a", "7", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01234567"),
    ("a", "Z", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    ("j", "9", "jklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
    ("l", "W", "lmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVW"),
    ("G", "2", "GHIJKLMNOPQRSTUVWXYZ012"),
])
def test_sub_alphabet(start: str, end: str, alphabet: str) -> None:
    assert sub_alphabet(start, end) == alphabet


@pytest.mark.parametrize(("start", "end", "message"), [
    ("!", "z", "invalid start character in range: !"),
    ("a", "!", "invalid end character in range: !"),
    ("z", "a", "invalid range specified: z-a"),
    ("Z", "A", "invalid range specified: Z-A"),
    ("9", "0", "invalid range specified: 9-0"),
    ("Z", "a", "invalid range specified: Z-a"),
])
def test_sub_alphabet_errors(start: str, end: str, message: str) -> None:
    with pytest.raises(GeneratorError) as error:
        sub_alphabet(start, end)
    assert str(error.value) == message


@pytest.mark.parametrize(("text", "expected"), [("aabbcc", "abc"), ("abc", "abc"), ("", ""), ("cbacba", "abc")])
def test_remove_duplicates(text: str, expected: str) -> None:
    assert remove_duplicates(text) == expected


def test_replace_with_generated_value() -> None:
    result = replace_with_generated_value("test[a-z]{5}end", "[a-z]{5}", "abcde", 5, random.Random(1))
    assert len(result) == 12
    assert re.match("^test[a-z]{5}end$", result)
    assert len(replace_with_generated_value("[0-9]{10}", "[0-9]{10}", "0123456789", 10, random.Random(1))) == 10
    # should replace only first occurrence
    assert replace_with_generated_value("[a-z]{1}[a-z]{1}", "[a-z]{1}", "a", 1, random.Random(1)) == "a[a-z]{1}"
    # should not replace when expression does not match
    assert replace_with_generated_value("noexpression", "[a-z]{10}", "abcdef", 10, random.Random(1)) == "noexpression"


def test_replace_with_generated_value_empty_alphabet() -> None:
    with pytest.raises(GeneratorError) as error:
        replace_with_generated_value("test", "test", "", 5, random.Random(1))
    assert str(error.value) == "alphabet cannot be empty: test"

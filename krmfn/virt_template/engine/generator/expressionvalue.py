"""The ``expression`` generator of template parameters: ``generate: expression`` turns ``from``
(``"[a-zA-Z0-9]{8}"``, ``"test[0-9]{1}x"``) into random characters of the ranges and length given.

Mirrors ``virt-template-engine/template/generator/expressionvalue.go`` (virt-template v0.2.2; the
same at v0.1.8): ``ExpressionValue.GenerateValue``, ``extractRangesAndLength``,
``getAlphabetFromRanges``, ``subAlphabet``, ``removeDuplicates``, ``replaceWithGeneratedValue``,
with their error messages.

virt-template draws the characters from ``crypto/rand``; here they come from an injectable
``random.Random`` (krmfn's ``seed`` makes them reproducible). The values therefore differ from
any virt-template run, but follow the same character classes and lengths.
"""
from __future__ import annotations

import random
import re
from functools import lru_cache

from krmfn.model.lazy_re import LazyPattern

LETTER_CHARACTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGIT_CHARACTERS = "0123456789"
ALPHANUMERIC_CHARACTERS = LETTER_CHARACTERS + DIGIT_CHARACTERS
SYMBOL_CHARACTERS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

MIN_LENGTH = 1
MAX_LENGTH = 255
_MAX_INT64 = (1 << 63) - 1

# Go's RE2 classes are ASCII: re.ASCII keeps Python's \w to [0-9A-Za-z_]; Go's "." is any
# character but a newline, as Python's without DOTALL.
EXPR_PATTERN = LazyPattern(r"\[([a-zA-Z0-9\-\\]+)\](\{(\w+)\})", re.ASCII)
RANGE_PATTERN = LazyPattern(r"(\\w)|(\\d)|(\\a)|(\\A)|(.-.)|([a-zA-Z0-9]+)", re.ASCII)


class GeneratorError(Exception):
    """An error of the generator (its text is Go's ``err.Error()``)."""


def generate_value(expression: str, rng: random.Random) -> str:
    """``ExpressionValue.GenerateValue``: every ``[ranges]{length}`` of ``expression``, leftmost
    first, replaced with ``length`` characters drawn from ``rng``; text around them is kept.
    Raises ``GeneratorError``."""
    text = expression
    while (match := EXPR_PATTERN.search(text)) is not None:
        expr = match.group(0)
        alphabet, length = _parsed(expr)
        text = replace_with_generated_value(text, expr, alphabet, length, rng)
    return text


@lru_cache(maxsize=256)
def _parsed(expr: str) -> tuple[str, int]:
    """The alphabet and length of one ``[ranges]{length}`` (a template's expressions repeat across
    the templates of a bundle; an error is raised each time, never cached)."""
    ranges, length = extract_ranges_and_length(expr)
    return get_alphabet_from_ranges(ranges), length


def _atoi(text: str) -> int:
    """``strconv.Atoi`` of base-10 digits (the expression's length is ``\\w+``: no sign, and Atoi
    refuses the underscores and letters ``\\w`` lets in)."""
    if not text or not all("0" <= char <= "9" for char in text):
        raise GeneratorError(f'malformed length syntax: strconv.Atoi: parsing "{text}": invalid syntax')
    value = int(text)
    if value > _MAX_INT64:
        raise GeneratorError(f'malformed length syntax: strconv.Atoi: parsing "{text}": value out of range')
    return value


def extract_ranges_and_length(expr: str) -> tuple[str, int]:
    """``extractRangesAndLength``: the ranges between the brackets and the length between the
    braces of one expression, validated (the length within 1..255)."""
    length_start = expr.rindex("{")
    ranges = expr[1:length_start - 1]
    if not RANGE_PATTERN.search(ranges):
        raise GeneratorError(f"malformed ranges syntax: {ranges}")
    length = _atoi(expr[length_start + 1:-1])
    if length < MIN_LENGTH or length > MAX_LENGTH:
        raise GeneratorError(f"range must be within [{MIN_LENGTH}-{MAX_LENGTH}] characters: {length}")
    return ranges, length


def get_alphabet_from_ranges(ranges: str) -> str:
    """``getAlphabetFromRanges``: the characters of every range (``\\w``, ``\\d``, ``\\a``,
    ``\\A``, ``x-y``, literal letters and digits), sorted and without duplicates."""
    matches = [match.group(0) for match in RANGE_PATTERN.finditer(ranges)]
    if not matches:
        raise GeneratorError(f"malformed ranges syntax: {ranges}")
    parts = []
    for range_str in matches:
        if range_str == r"\w":
            parts.append(LETTER_CHARACTERS + DIGIT_CHARACTERS + "_")
        elif range_str == r"\d":
            parts.append(DIGIT_CHARACTERS)
        elif range_str == r"\a":
            parts.append(LETTER_CHARACTERS + DIGIT_CHARACTERS)
        elif range_str == r"\A":
            parts.append(SYMBOL_CHARACTERS)
        elif len(range_str) == 3 and range_str[1] == "-":
            parts.append(sub_alphabet(range_str[0], range_str[2]))
        else:
            parts.append(range_str)
    return remove_duplicates("".join(parts))


def sub_alphabet(start: str, end: str) -> str:
    """``subAlphabet``: the alphanumeric characters from ``start`` to ``end`` in the order
    a-z, A-Z, 0-9 (so ``a-7`` spans every letter and 0-7)."""
    left = ALPHANUMERIC_CHARACTERS.find(start)
    right = ALPHANUMERIC_CHARACTERS.find(end)
    if left == -1:
        raise GeneratorError(f"invalid start character in range: {start}")
    if right == -1:
        raise GeneratorError(f"invalid end character in range: {end}")
    if left > right:
        raise GeneratorError(f"invalid range specified: {start}-{end}")
    return ALPHANUMERIC_CHARACTERS[left:right + 1]


def remove_duplicates(text: str) -> str:
    """``removeDuplicates``: the characters sorted (by code point), each once."""
    return "".join(sorted(set(text)))


def replace_with_generated_value(text: str, expr: str, alphabet: str, length: int, rng: random.Random) -> str:
    """``replaceWithGeneratedValue``: the first occurrence of ``expr`` in ``text`` replaced with
    ``length`` characters of ``alphabet``."""
    if len(alphabet) < 1:
        raise GeneratorError(f"alphabet cannot be empty: {expr}")
    return text.replace(expr, drawn(alphabet, length, rng), 1)


def drawn(alphabet: str, length: int, rng: random.Random) -> str:
    """``length`` characters of ``alphabet`` (not empty), as ``rng.choice`` draws them one by one:
    ``random.Random``'s ``choice`` takes ``getrandbits`` of the alphabet's bit length until one is
    below its size (``_randbelow``), done here without its two Python calls a character."""
    if type(rng) is not random.Random:  # a subclass may draw otherwise
        choice = rng.choice
        return "".join([choice(alphabet) for _ in range(length)])
    size, getrandbits = len(alphabet), rng.getrandbits
    bits = size.bit_length()
    chars = []
    for _ in range(length):
        index = getrandbits(bits)
        while index >= size:
            index = getrandbits(bits)
        chars.append(alphabet[index])
    return "".join(chars)

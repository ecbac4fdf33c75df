"""krmfn's cases of the expression generator beyond virt-template's own."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from krmfn.virt_template.engine.generator.expressionvalue import GeneratorError, drawn, generate_value


def test_a_seed_reproduces_the_values() -> None:
    assert generate_value("vm-[a-z0-9]{12}", random.Random(42)) == generate_value("vm-[a-z0-9]{12}", random.Random(42))


@pytest.mark.parametrize(("expression", "message"), [
    # Atoi refuses what \w lets through: underscores, letters, and values beyond int64.
    ("[a-z]{1_0}", 'malformed length syntax: strconv.Atoi: parsing "1_0": invalid syntax'),
    ("[a-z]{99999999999999999999}",
     'malformed length syntax: strconv.Atoi: parsing "99999999999999999999": value out of range'),
    (r"[\-z]{3}", "invalid start character in range: \\"),  # ".-." matches the escaped dash
])
def test_go_errors(expression: str, message: str) -> None:
    with pytest.raises(GeneratorError) as error:
        generate_value(expression, random.Random(1))
    assert str(error.value) == message


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abcXYZ019_!", min_size=1, max_size=70), st.integers(1, 255), st.integers(0, 2**32))
def test_the_draws_are_random_choices(alphabet: str, length: int, seed: int) -> None:
    """``drawn`` takes what ``Random.choice`` takes, character by character (and the rng is left
    where choice leaves it)."""
    ours, theirs = random.Random(seed), random.Random(seed)
    assert drawn(alphabet, length, ours) == "".join(theirs.choice(alphabet) for _ in range(length))
    assert ours.getstate() == theirs.getstate()

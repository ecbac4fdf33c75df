"""krmfn's cases of the expression generator beyond virt-template's own."""
from __future__ import annotations

import random

import pytest

from krmfn.virt_template.engine.generator.expressionvalue import GeneratorError, generate_value


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

"""Whole-number options: a word where a number goes says "not a whole number"."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from holdem.cli.main import cli


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["serve", "--port", "abc"],
            "Invalid value for '--port': 'abc' is not a whole number",
        ),
        (["serve", "--port", "70000"], "70000 is not in the range 1<=x<=65535"),
        (["simulate", "--workers", "two"], "'two' is not a whole number"),
    ],
)
def test_a_word_for_a_number_is_a_usage_error_naming_the_option(args, message):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert message in text
    assert "integer range" not in text

"""``holdem evaluate`` and ``holdem equity`` from the command line."""

import subprocess
import sys

import pytest
from click.testing import CliRunner

from holdem.cli.main import cli


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_evaluate_prints_category_best_five_and_description():
    r = run("evaluate", "AsKsQsJsTs9h2c")
    assert r.exit_code == 0, r.output
    assert "category:    straight flush" in r.output
    assert "best five:   As Ks Qs Js Ts" in r.output
    assert "description: a Royal Flush" in r.output


def test_evaluate_takes_cards_in_several_arguments_and_jokers():
    r = run("evaluate", "Th", "Tc", "Td", "Ts", "Jk")
    assert r.exit_code == 0, r.output
    assert "five of a kind, Tens" in r.output


def test_equity_exact_prints_rates_and_raw_counts():
    r = run("equity", "AsAh", "KsKh", "--exact")
    assert r.exit_code == 0, r.output
    assert "exact enumeration of 1,712,304 boards" in r.output
    lines = {line.split()[0]: line for line in r.output.splitlines()[2:]}
    assert "1,410,336" in lines["AsAh"] and "9,308" in lines["AsAh"]
    assert "292,660" in lines["KsKh"]
    assert "82.637%" in lines["AsAh"]  # (1,410,336 + 9,308 / 2) / 1,712,304


def test_equity_with_board_dead_and_monte_carlo():
    r = run("equity", "AsAh", "KsKh", "--board", "Js5s2c", "--dead", "2d")
    assert r.exit_code == 0, r.output
    assert "946 boards, board Js5s2c, dead 2d" in r.output
    r = run("equity", "AsAh", "KsKh", "--samples", "20000", "--seed", "4")
    assert r.exit_code == 0, r.output
    assert "Monte Carlo, 20,000 deals, seed 4" in r.output
    assert (
        r.output
        == run("equity", "AsAh", "KsKh", "--samples", "20000", "--seed", "4").output
    )


def test_equity_with_weighted_ranges():
    r = run("equity", "QQ+,AKs:0.5", "AhKd", "--board", "Qh7c2s")
    assert r.exit_code == 0, r.output
    assert "QQ+,AKs:0.5" in r.output and "units of 1/2 board" in r.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["equity", "AsAh", "AsKh"], "card As appears twice"),
        (["equity", "AsAh"], "2 to 10 hands, got 1"),
        (["equity", "AsAh", "QQ+,AKx"], "'AKx'"),
        (["equity", "AsAh", "KsKh", "--board", "Xx"], "cannot read card 'Xx'"),
        (["equity", "AsAh", "KsKh", "--exact", "--samples", "5"], "not both"),
        (["equity", *["2c2d", "3c3d", "4c4d", "5c5d", "6c6d", "7c7d"],
          *["8c8d", "9c9d", "TcTd", "JcJd", "QcQd"]], "2 to 10 hands, got 11"),
        (["evaluate", "AsKs"], "5, 6 or 7 cards"),
        (["evaluate", "AsAsKdQd2c"], "appears twice"),
        (["evaluate", "AsKsQsJsTs9h2c8d"], "got 8"),
    ],
)  # fmt: skip
def test_bad_input_is_a_usage_error(args, message):
    r = run(*args)
    assert r.exit_code == 2
    assert message in r.output
    assert "Traceback" not in r.output


def test_bad_input_from_the_real_entry_point_exits_2_without_traceback():
    code = "from holdem.cli.main import main; main()"
    p = subprocess.run(
        [sys.executable, "-c", code, "equity", "AsAh", "AsKh"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert p.returncode == 2
    assert "card As appears twice" in p.stderr
    assert "Traceback" not in p.stderr

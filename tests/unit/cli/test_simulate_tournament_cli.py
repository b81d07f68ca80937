"""``holdem simulate --tournament``: places, prizes, the pool, refusals."""

from __future__ import annotations

import re

from click.testing import CliRunner

from holdem.cli.main import cli

PLACE = re.compile(r"^ +(\d+(?:-\d+)?)  (p\d+) +(\S+) +([\d,]+)$")


def run(*args: str):
    return CliRunner().invoke(cli, ["simulate", *args], terminal_width=100)


def places(output: str) -> list[tuple[str, ...]]:
    return [m.groups() for line in output.splitlines() if (m := PLACE.match(line))]


def test_R_TOURN_5_sit_and_go_pays_its_places_the_whole_pool():
    result = run("--tournament", "sng", "--entries", "9", "--seed", "2")
    assert result.exit_code == 0, result.output
    rows = places(result.output)
    # 9 entries pay 50/30/20 of 9 x 100
    assert [r[0] for r in rows] == ["1", "2", "3"]
    assert [int(r[3].replace(",", "")) for r in rows] == [450, 270, 180]
    assert "prizes paid: 900 of a 900 pool" in result.output
    assert "chips conserved after every hand: 13,500" in result.output


def test_R_TOURN_1_same_seed_same_places():
    args = ("--tournament", "mtt", "--entries", "40", "--bots", "random,tag")
    one, two = run(*args, "--seed", "5"), run(*args, "--seed", "5")
    assert one.exit_code == two.exit_code == 0, one.output
    assert places(one.output) == places(two.output)
    assert len(places(one.output)) >= 7  # 31-45 entries pay 7
    other = run(*args, "--seed", "6")
    assert places(other.output) != places(one.output)


def test_cash_game_options_are_refused_with_a_tournament():
    result = run("--tournament", "sng", "--hands", "10")
    assert result.exit_code == 2
    assert "--hands set a cash-game simulation" in result.output


def test_entries_need_a_tournament_and_a_sit_and_go_is_one_table():
    assert "--entries goes with --tournament" in run("--entries", "9").output
    result = run("--tournament", "sng", "--entries", "11")
    assert result.exit_code == 2
    assert "one table of 2 to 10 entries" in result.output
    assert run("--tournament", "mtt", "--entries", "1").exit_code == 2


def test_an_unknown_bot_is_refused():
    result = run("--tournament", "sng", "--bots", "nobody")
    assert result.exit_code == 2
    assert "unknown bot" in result.output

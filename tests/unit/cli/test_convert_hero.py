"""``holdem convert --to pokerstars|phh``: whose view is written (R-HISTORY-1).

A PHH history's ``_hero`` (the online room's ``Dealt to`` player) is the
default viewer: his own cards and the hands mucked at the showdown he saw;
``--hero NAME`` overrides it and ``--hero ''`` writes an observer's view.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from holdem.cli.main import cli
from holdem.history import load_all

# Cat raises, Ann folds, Bob calls; on the river Cat bets, Bob calls, Cat
# shows three nines and Bob mucks his ace-king (R-SHOW-2: a muck stays one).
MUCK = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 7c2d", "d dh p2 AhKh", "d dh p3 9s9d",
  "p3 cbr 6", "p1 f", "p2 cc",
  "d db 2c7h9h", "p2 cc", "p3 cc",
  "d db 3c", "p2 cc", "p3 cc",
  "d db 4s", "p2 cc", "p3 cbr 10", "p2 cc",
  "p3 sm 9s9d", "p2 sm",
]
players = ["Ann", "Bob", "Cat"]
hand = 5
_hero = "Bob"
"""


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def _stars(tmp_path: Path, *options: str) -> list[str]:
    path = tmp_path / "muck.phh"
    path.write_text(MUCK)
    code, out, err = run("convert", str(path), "--to", "pokerstars", *options)
    assert code == 0, err
    return out.splitlines()


def test_R_HISTORY_1_the_history_hero_is_the_default_viewer(tmp_path: Path) -> None:
    lines = _stars(tmp_path)
    assert "Dealt to Bob [Ah Kh]" in lines
    assert "Bob: mucks hand" in lines
    # a player dealt in sees the mucked hand at the showdown
    assert "Seat 2: Bob (big blind) mucked [Ah Kh]" in lines
    assert not any("7c" in line for line in lines)  # Ann's folded cards


def test_R_HISTORY_1_hero_option_overrides_the_history_hero(tmp_path: Path) -> None:
    lines = _stars(tmp_path, "--hero", "Ann")
    assert "Dealt to Ann [7c 2d]" in lines
    assert not any(line.startswith("Dealt to Bob") for line in lines)
    assert "Seat 2: Bob (big blind) mucked [Ah Kh]" in lines


def test_R_HISTORY_1_empty_hero_writes_the_observer_view(tmp_path: Path) -> None:
    lines = _stars(tmp_path, "--hero", "")
    assert not any(line.startswith("Dealt to") for line in lines)
    assert "Seat 2: Bob (big blind) mucked" in lines  # no cards for an observer
    assert "Cat: shows [9s 9d] (three of a kind, Nines)" in lines


def test_R_HISTORY_1_phh_carries_the_hero_and_the_option_sets_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "muck.phh"
    path.write_text(MUCK)
    cases = (((), "Bob"), (("--hero", "p3"), "Cat"), (("--hero", ""), None))
    for options, hero in cases:
        out = tmp_path / f"out{hero}"
        code, _, err = run(
            "convert", str(path), "--to", "phh", "-o", str(out), *options
        )
        assert code == 0, err
        (written,) = load_all(out / "muck.phh")
        assert dict(written.metadata).get("_hero") == hero


def test_the_help_says_what_the_default_view_is() -> None:
    code, out, _ = run("convert", "--help")
    assert code == 0
    assert "Default: each hand's own hero" in " ".join(out.split())


# Case 106's hand, as a PHH without a players field: S1 (p1) small blind
# 9h 9c, S2 (p2) big blind As Qd, S3 (p3) button Td Ts; S2 shows, S3 mucks.
NAMELESS = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = [
  "d dh p1 9h9c", "d dh p2 AsQd", "d dh p3 TdTs",
  "p3 cbr 6", "p1 cc", "p2 cc",
  "d db Qh7c3s", "p1 cc", "p2 cc", "p3 cbr 10", "p1 f", "p2 cc",
  "d db 5d", "p2 cc", "p3 cc",
  "d db Jc", "p2 cbr 20", "p3 cc",
  "p2 sm AsQd", "p3 sm",
]
finishing_stacks = [194, 242, 164]
"""


def test_R_HISTORY_1_case_106_hero_by_position_without_player_names(
    tmp_path: Path,
) -> None:
    # The case's aside: "--hero p1" was refused ("no player 'p1'") for a PHH
    # without names, though the message and README accept p1, p2...
    path = tmp_path / "c106.phh"
    path.write_text(NAMELESS)
    code, out, err = run("convert", str(path), "--to", "pokerstars", "--hero", "p1")
    assert code == 0, err
    lines = out.splitlines()
    assert "Dealt to Player1 [9h 9c]" in lines  # S1's own cards
    assert "Player3: mucks hand" in lines
    assert "Seat 3: Player3 (button) mucked [Td Ts]" in lines
    assert "Player2 collected 78 from pot" in lines
    # S2's history: S1's folded nines nowhere (R-HISTORY-1)
    code, out, err = run("convert", str(path), "--to", "pokerstars", "--hero", "p2")
    assert code == 0, err
    assert "9h" not in out and "9c" not in out
    assert "Dealt to Player2 [As Qd]" in out.splitlines()
    # PHH out keeps the position, read back as that player's history
    code, out, err = run("convert", str(path), "--to", "phh", "--hero", "p1")
    assert code == 0, err
    assert '_hero = "p1"' in out.splitlines()
    again = tmp_path / "again.phh"
    again.write_text(out)
    code, out, err = run("convert", str(again), "--to", "pokerstars")
    assert code == 0, err
    assert "Dealt to Player1 [9h 9c]" in out.splitlines()
    # a position past the hand's three players is still refused
    code, _, err = run("convert", str(path), "--to", "pokerstars", "--hero", "p4")
    assert code == 2
    assert "no player 'p4' in its hands" in err

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

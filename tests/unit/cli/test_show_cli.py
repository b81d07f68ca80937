"""``holdem show``: one hand street by street, pots and winners; errors exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from holdem.cli.main import cli

# Ann (20 chips) is all-in pre-flop: the main pot is 3 x 20 = 60 (R-POT-1);
# Bob and Cat put 30 more each pre-flop and 20 each on the flop, a side pot
# of 100. Aces win the main pot, kings the side pot (R-SHOW-4).
SIDE_POT = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [20, 100, 100]
actions = [
  "d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QsQd",
  "p3 cbr 10", "p1 cbr 20", "p2 cbr 50", "p3 cc",
  "d db 2c7h9d", "p2 cbr 20", "p3 cc",
  "d db 3c", "p2 cc", "p3 cc",
  "d db 4h", "p2 cc", "p3 cc",
  "p1 sm AsAd", "p2 sm KsKd", "p3 sm QsQd",
]
players = ["Ann", "Bob", "Cat"]
finishing_stacks = [60, 130, 30]
hand = 12
"""

FOLD = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 7c2d", "d dh p2 AhKh", "p2 cbr 6", "p1 f"]
"""


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def side_pot(tmp_path: Path) -> Path:
    path = tmp_path / "side.phh"
    path.write_text(SIDE_POT)
    return path


def test_show_prints_streets_pots_and_winners(side_pot: Path) -> None:
    code, out, _ = run("show", str(side_pot))
    assert code == 0
    lines = [line.strip() for line in out.splitlines()]
    assert "Hand 12" in lines[0] and "No-limit hold'em, blinds 1/2" in lines[0]
    order = [
        "Pre-flop",
        "Cat raises to 10",
        "Ann raises to 20 (all-in)",
        "Bob raises to 50",
        "Cat calls 40",
        "pots: main pot 60, side pot 1 60",
        "Flop  [2c 7h 9d]",
        "Bob bets 20",
        "Cat calls 20",
        "pots: main pot 60, side pot 1 100",
        "Turn  [2c 7h 9d 3c]",
        "River  [2c 7h 9d 3c 4h]",
        "Winners",
        "main pot of 60: Ann 60 with a pair of Aces",
        "side pot 1 of 100: Bob 100 with a pair of Kings",
    ]
    positions = [lines.index(line) for line in order]
    assert positions == sorted(positions)
    # the players' table: stacks, cards and net results (+40, +30, -70)
    for name, cards, result in (
        ("Ann", "As Ad", "+40"),
        ("Bob", "Ks Kd", "+30"),
        ("Cat (button)", "Qs Qd", "-70"),
    ):
        row = next(line for line in lines if f" {name} " in line)
        assert cards in row and row.endswith(result)


def test_show_picks_a_hand_of_a_phhs_file(tmp_path: Path) -> None:
    path = tmp_path / "two.phhs"
    path.write_text(f"[1]\n{FOLD}\n[2]\n{SIDE_POT}")
    code, out, _ = run("show", str(path), "--hand", "12")  # the hand field
    assert code == 0 and "Hand 12" in out
    code, out, _ = run("show", str(path), "--hand", "1")  # the first hand
    assert code == 0
    assert "p2 raises to 6" in out
    assert "uncalled 4 returned to p2" in out  # 6 against a blind of 2 (R-BET-7)
    assert "pot of 4: p2 4" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.phh"], "missing.phh"),
        (["{path}", "--hand", "3"], "has 2 hand(s) and none named 3"),
    ],
)
def test_show_errors_exit_2_without_traceback(
    tmp_path: Path, args: list[str], message: str
) -> None:
    path = tmp_path / "two.phhs"
    path.write_text(f"[1]\n{FOLD}\n[2]\n{FOLD}")
    args = [a.replace("{path}", str(path)) for a in args]
    if args[0] == "missing.phh":
        args[0] = str(tmp_path / "missing.phh")
    code, out, err = run("show", *args)
    assert code == 2
    assert message in err and "Traceback" not in err + out


def test_show_a_malformed_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.phh"
    path.write_text(FOLD.replace('"p1 f"', '"p1 zz"'))
    code, _, err = run("show", str(path))
    assert code == 2 and "unknown action" in err


def test_show_a_folder_says_it_reads_phh_files(tmp_path: Path) -> None:
    code, out, err = run("show", str(tmp_path))
    assert code == 2
    assert str(tmp_path) in err and "is a folder" in err
    assert ".phh" in err and "Errno" not in err and "Traceback" not in err + out


def test_show_a_missing_file_names_it_without_errno(tmp_path: Path) -> None:
    path = tmp_path / "gone.phh"
    code, out, err = run("show", str(path))
    assert code == 2
    assert f"no such file: {path}" in err
    assert "Errno" not in err and "Traceback" not in err + out


def test_show_a_pokerstars_hand_without_players_says_why(tmp_path: Path) -> None:
    path = tmp_path / "stars.txt"
    path.write_text(
        "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)\n"
        "Table 'T' 6-max Seat #1 is the button\n"
    )
    code, out, err = run("show", str(path))
    # the hand is shown as the file records it, why it does not replay on top
    assert code == 0, err
    assert out.startswith("Not replayed: ") and "0 player(s)" in out
    assert f"{path} hand 1 as recorded by PokerStars" in out
    assert "Traceback" not in err + out


def test_show_a_text_file_in_no_known_format_says_what_show_reads(
    tmp_path: Path,
) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("Some notes about a poker night, not a hand history.\n")
    code, out, err = run("show", str(path))
    assert code == 2
    assert str(path) in err and "not a hand history we read" in err
    assert "online room" in err
    assert "Traceback" not in err + out


def test_show_an_empty_txt_file_is_not_a_hand_history(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("")
    code, out, err = run("show", str(path))
    assert code == 2
    assert f"{path} is not a hand history we read" in err
    assert "field variant" not in err and "Traceback" not in err + out


def test_R_TABLE_2_heads_up_shows_the_button_small_blind_first(tmp_path: Path) -> None:
    path = tmp_path / "fold.phh"
    path.write_text(FOLD)
    code, out, _ = run("show", str(path))
    assert code == 0
    lines = [line.strip() for line in out.splitlines()]
    # heads-up the button (p2, last) posts the small blind, p1 the big blind
    small = lines.index("p2 posts small blind 1")
    big = lines.index("p1 posts big blind 2")
    assert small < big < lines.index("p2 raises to 6")


STARS_SPLIT = (
    Path(__file__).resolve().parents[3]
    / ".."
    / "shared"
    / "data"
    / "hh"
    / "Stars"
    / "cash"
    / "NLHE-6max-EUR-0.05-0.10-200911.txt"
)


def test_R_POT_4_a_split_pot_shows_both_winners_and_results_after_rake() -> None:
    if not STARS_SPLIT.is_file():
        pytest.skip(f"{STARS_SPLIT} not found (../shared/data/hh)")
    code, out, err = run("show", str(STARS_SPLIT), "--hand", "35602268793")
    assert code == 0, err
    lines = [line.strip() for line in out.splitlines()]
    assert "blinds €0.05/€0.10" in lines[0]
    # as PokerStars printed it: Player5 and Player6 split the €2.30 pot, each
    # put in €1.10 and collected €1.10 and €1.09 after the €0.11 rake
    assert "Winners (before the rake of €0.11)" in lines
    assert (
        "pot of €2.30: Player5 €1.15 with two pair, Aces and Eights;"
        " Player6 €1.15 with two pair, Aces and Eights"
    ) in lines
    rows = {line.split("│")[1].strip(): line for line in lines if "│" in line}
    assert rows["Player5"].endswith("€0")
    assert rows["Player6"].endswith("-€0.01")
    assert "(seat 6)" in rows["Player5"]  # the table seat the room printed


def test_R_HISTORY_1_show_marks_the_history_hero(tmp_path: Path) -> None:
    path = tmp_path / "hero.phh"
    path.write_text(SIDE_POT + '_hero = "Bob"\n')
    code, out, _ = run("show", str(path))
    assert code == 0
    row = next(line for line in out.splitlines() if " Bob " in line)
    assert "Bob (hero)" in row and "Ks Kd" in row
    assert "(hero)" not in out.replace(row, "")


# A hand as `holdem play` records it: the user is "You", the hero; a bot
# "Hero" on the button. You fold the small blind to the big blind's raise,
# so Hero (the button) neither wins nor loses.
YOU = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 7c2d", "d dh p2 AhKh", "d dh p3 9s9d",
  "p3 f", "p1 cc", "p2 cbr 6", "p1 f",
]
players = ["You", "Bot", "Hero"]
hand = 0
_hero = "You"
"""


def test_show_speaks_to_you_marks_once_and_counts_hand_zero(tmp_path: Path) -> None:
    path = tmp_path / "you.phhs"
    path.write_text(f"[1]\n{YOU}\n[2]\n{FOLD}")
    code, out, err = run("show", str(path), "--hand", "0")  # PHH counts from 0
    assert code == 0, err
    lines = [line.strip() for line in out.splitlines()]
    assert "Hand 0" in lines[0]
    for said in ("You post small blind 1", "You call 1", "You fold"):
        assert said in lines
    assert "Bot posts big blind 2" in lines and "Bot raises to 6" in lines
    rows = {row.split("│")[1].split()[0]: row for row in lines if "│" in row}
    assert "You (hero)" not in rows["You"]  # "You" is already the viewer
    assert "Hero (button)" in rows["Hero"] and "(hero)" not in rows["Hero"]
    results = {name: row.split("│")[-1].strip() for name, row in rows.items()}
    assert results == {"You": "-2", "Bot": "+2", "Hero": "0"}  # no "+0"
    # a hand number past the file is refused; 0 is no position
    code, _, err = run("show", str(path), "--hand", "7")
    assert code == 2 and "none named 7: --hand takes a hand field or 1..2" in err
    (path.parent / "one.phh").write_text(FOLD)
    code, _, err = run("show", str(path.parent / "one.phh"), "--hand", "0")
    assert code == 2 and "none named 0" in err

"""Size bounds on online-room text (16 MiB a file, 16 KiB a line, as PHH).

A line longer than ``MAX_LINE_CHARS`` makes its hand unreadable (the error
names the file, the hand and the line) and the rest of the file goes on; a
file larger than ``MAX_TEXT_CHARS`` bytes is refused unread. The hands here
are written for these tests; their expected results are read off their
printed text.
"""

from __future__ import annotations

import time
from pathlib import Path

from click.testing import CliRunner

from holdem.cli.main import cli
from holdem.history.limits import MAX_LINE_CHARS, MAX_TEXT_CHARS
from holdem.history.online import Outcome, Reason, replay_online_text
from holdem.history.online.files import replay_online_paths
from holdem.history.online.pokerstars_game import game_of
from holdem.history.online.to_phh import online_text_histories

# Player2 bets 0.10 into an empty pot, nobody calls: 0.05 + 0.10 blinds
# return to Player2 with the uncalled 0.10 (no rake printed).
HAND = """\
PokerStars Hand #2001: Hold'em No Limit ($0.05/$0.10 USD) - 2009/11/25 6:22:38 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Player1 ($10 in chips)
Seat 2: Player2 ($10 in chips)
Seat 3: Player3 ($10 in chips)
Player2: posts small blind $0.05
Player3: posts big blind $0.10
*** HOLE CARDS ***
Player1: folds
Player2: raises $0.10 to $0.20
Player3: folds
Uncalled bet ($0.10) returned to Player2
Player2 collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 2: Player2 (small blind) collected ($0.20)
"""

LONG = "x" * (MAX_LINE_CHARS + 1)


def test_the_hand_used_here_agrees() -> None:
    assert [r.outcome for r in replay_online_text(HAND, "a.txt")] == [Outcome.AGREES]


def test_a_too_long_line_names_file_hand_and_line_and_the_file_goes_on() -> None:
    lines = HAND.splitlines(keepends=True)
    lines[1] = lines[1].rstrip("\n") + LONG + "\n"  # line 2: the table line
    results = replay_online_text("".join(lines) + "\n" + HAND, "two.txt")
    assert [r.outcome for r in results] == [Outcome.UNREADABLE, Outcome.AGREES]
    first = results[0]
    assert first.reason is Reason.MALFORMED
    assert "two.txt" in first.message
    assert "PokerStars Hand #2001" in first.message
    assert "line 2:" in first.message
    table = "Table 'Test' 6-max Seat #1 is the button"
    assert f"{len(table) + MAX_LINE_CHARS + 1} characters" in first.message
    assert f"at most {MAX_LINE_CHARS}" in first.message


def test_convert_skips_a_hand_with_a_too_long_line() -> None:
    text = HAND.replace("Player1: folds", "Player1: folds" + LONG) + "\n" + HAND
    first, second = online_text_histories(text, "two.txt")
    assert first.history is None and "line 9:" in first.message
    assert f"{len('Player1: folds') + MAX_LINE_CHARS + 1} characters" in first.message
    assert second.history is not None


def test_a_long_header_is_refused_quickly() -> None:
    # the reported file: a header followed by a long run of "x" (it took
    # time quadratic in the line's length: 80,000 characters, 15 s)
    text = "PokerStars Hand #1: " + "x" * 200_000 + "\n"
    start = time.process_time()
    (result,) = replay_online_text(text, "long.txt")
    assert time.process_time() - start < 1.0
    assert result.outcome is Outcome.UNREADABLE
    assert "200020 characters" in result.message


def test_the_game_name_search_is_linear() -> None:
    # within the line bound it is still read: 16 Ki characters of a run of
    # word characters took over a second before; now well under 0.1 s
    start = time.process_time()
    for _ in range(10):
        game_of("x" * MAX_LINE_CHARS)
    assert time.process_time() - start < 0.5
    # the names are the ones printed in the headers
    assert game_of("Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD)")[0] == (
        "Triple Draw 2"
    )
    assert game_of("5 Card Draw Pot Limit ($1/$2)")[0] == "5 Card Draw Pot Limit"
    assert game_of("Omaha Pot Limit ($1/$2)")[0] == "Omaha Pot Limit"


def _too_big(tmp_path: Path) -> Path:
    path = tmp_path / "big.txt"
    with path.open("wb") as file:
        file.write(HAND.encode())
        file.write(b"x" * (MAX_TEXT_CHARS + 1 - len(HAND)))
    return path


def test_a_too_big_file_is_refused_unread(tmp_path: Path) -> None:
    path = _too_big(tmp_path)
    (result,) = replay_online_paths([path]).results
    assert result.outcome is Outcome.UNREADABLE
    assert str(path) in result.message
    assert f"more than {MAX_TEXT_CHARS} bytes" in result.message


def test_replay_and_convert_say_why_a_too_big_file_is_refused(tmp_path: Path) -> None:
    path = _too_big(tmp_path)
    runner = CliRunner()
    replayed = runner.invoke(cli, ["replay", str(path)])
    assert replayed.exit_code == 1
    assert f"more than {MAX_TEXT_CHARS} bytes" in replayed.output
    converted = runner.invoke(
        cli, ["convert", str(path), "--to", "phh", "-o", str(tmp_path / "o")]
    )
    assert converted.exit_code != 0
    assert f"more than {MAX_TEXT_CHARS} bytes" in converted.output
    shown = runner.invoke(cli, ["show", str(path)])
    assert shown.exit_code != 0
    assert f"more than {MAX_TEXT_CHARS} bytes" in shown.output


def test_the_table_size_search_is_linear() -> None:
    # "Table 'T' 6-max Seat #1": a table line of 16 Ki digits took 2.7 s
    lines = HAND.splitlines(keepends=True)
    lines[1] = (
        "Table 'Test' " + "9" * (MAX_LINE_CHARS - 100) + " Seat #1 is the button\n"
    )
    start = time.process_time()
    replay_online_text("".join(lines), "t.txt")
    assert time.process_time() - start < 0.5

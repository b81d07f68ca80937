"""Replaying files: finding them, naming hands, one-line reports and counts."""

from __future__ import annotations

from pathlib import Path

from holdem.history import (
    HandReplay,
    HandReport,
    Outcome,
    ReplaySummary,
    find_history_files,
    replay_file,
)

GOOD = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 7h6h", "p3 f", "p1 f"]
finishing_stacks = [199, 201, 200]
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_find_files_recursively_in_natural_order(tmp_path: Path) -> None:
    for name in ("b/10.phh", "b/2.phh", "a/1.phhs", "a/notes.txt", "c/x/3.phh"):
        write(tmp_path / name, GOOD)
    found = find_history_files([tmp_path])
    assert [p.relative_to(tmp_path).as_posix() for p in found] == [
        "a/1.phhs",
        "b/2.phh",
        "b/10.phh",
        "c/x/3.phh",
    ]
    named = write(tmp_path / "hand.txt", GOOD)
    assert find_history_files([named]) == [named]


def test_hand_named_by_its_hand_field(tmp_path: Path) -> None:
    path = write(tmp_path / "h.phh", GOOD + "hand = 42\n")
    (report,) = replay_file(path)
    assert (report.source, report.hand) == (str(path), "42")
    assert report.outcome is Outcome.REPRODUCED
    (report,) = replay_file(write(tmp_path / "g.phh", GOOD))
    assert report.hand == "1"


def test_phhs_hands_are_replayed_one_by_one(tmp_path: Path) -> None:
    bad_stack = GOOD.replace("[200, 200, 200]", "[200, -5, 200]")
    illegal = GOOD.replace('"p3 f"', '"p1 f"')
    differ = GOOD.replace("[199, 201, 200]", "[199, 200, 201]")
    text = "\n".join(
        f"[{i}]\n{t}" for i, t in enumerate([GOOD, bad_stack, illegal, differ], 1)
    )
    reports = list(replay_file(write(tmp_path / "many.phhs", text + "[5]\nx = 1\n")))
    assert [r.hand for r in reports] == ["1", "2", "3", "4", "5"]
    assert [r.outcome for r in reports] == [
        Outcome.REPRODUCED,
        Outcome.UNREADABLE,
        Outcome.ILLEGAL,
        Outcome.DIFFER,
        Outcome.UNREADABLE,
    ]
    source = str(tmp_path / "many.phhs")
    assert reports[1].line() == (
        f"{source} hand 2: unreadable: line 15: field starting_stacks[1]: must be"
        " positive, got -5"
    )
    illegal_line = reports[2].line()
    assert illegal_line.startswith(
        f'{source} hand 3: illegal: actions[3] "p1 f": p1 cannot act:'
    )
    assert "it is p3's turn" in illegal_line
    assert reports[2].line().endswith("[R-BET-2]")
    assert reports[3].line() == (
        f"{source} hand 4: differ: finishing_stacks differ after the last action:"
        " p2 expected 200 got 201, p3 expected 201 got 200"
    )


def test_malformed_toml_is_one_unreadable_hand(tmp_path: Path) -> None:
    path = write(tmp_path / "broken.phh", 'variant = "NT"\nantes = [0, 0,,]\n')
    (report,) = replay_file(path)
    assert report.outcome is Outcome.UNREADABLE
    assert report.hand == "?"
    assert report.line().startswith(f"{path} hand ?: unreadable: malformed TOML:")
    assert "(at line 2, column" in report.line()
    assert "\n" not in report.line()


def test_summary_counts_and_line(tmp_path: Path) -> None:
    summary = ReplaySummary()
    for report in replay_file(write(tmp_path / "h.phh", GOOD)):
        summary.add(report)
    assert summary.ok
    summary.add(HandReport("x.phh", "1", HandReplay(Outcome.DIFFER, "made up")))
    assert not summary.ok
    assert summary.line() == "2 hands: 1 reproduced, 1 differ, 0 illegal, 0 unreadable"


def test_find_files_lists_each_file_once(tmp_path: Path) -> None:
    one = write(tmp_path / "a" / "1.phh", GOOD)
    two = write(tmp_path / "a" / "2.phhs", GOOD)
    found = find_history_files([one, tmp_path, tmp_path / "a" / ".." / "a", one])
    assert found == [one, two]


def test_find_files_in_an_empty_folder_is_empty(tmp_path: Path) -> None:
    assert find_history_files([tmp_path]) == []


def test_phhs_top_level_value_makes_the_file_unreadable(tmp_path: Path) -> None:
    path = write(tmp_path / "x.phhs", f"a = 1\n[1]\n{GOOD}")
    (report,) = replay_file(path)
    assert (report.hand, report.outcome) == ("?", Outcome.UNREADABLE)
    assert report.replay.message == (
        "top-level key 'a' is not a table: a .phhs file holds only tables"
        " [1], [2], ... (one per hand)"
    )


def test_summary_line_of_one_hand_is_singular() -> None:
    summary = ReplaySummary()
    summary.add(HandReport("x.phh", "1", HandReplay(Outcome.REPRODUCED)))
    assert summary.line() == "1 hand: 1 reproduced, 0 differ, 0 illegal, 0 unreadable"


def test_broken_link_and_folder_named_like_a_hand_are_reported(
    tmp_path: Path,
) -> None:
    write(tmp_path / "1.phh", GOOD)
    (tmp_path / "2.phh").symlink_to(tmp_path / "gone.phh")
    write(tmp_path / "3.phh" / "4.phh", GOOD)  # a folder named 3.phh
    found = find_history_files([tmp_path])
    names = [p.relative_to(tmp_path).as_posix() for p in found]
    assert names == ["1.phh", "2.phh", "3.phh", "3.phh/4.phh"]
    reports = [r for path in found for r in replay_file(path)]
    assert [r.outcome for r in reports] == [
        Outcome.REPRODUCED,
        Outcome.UNREADABLE,
        Outcome.UNREADABLE,
        Outcome.REPRODUCED,
    ]
    assert reports[1].line() == (
        f"{tmp_path / '2.phh'} hand ?: unreadable: a broken symbolic link"
        f" (to {tmp_path / 'gone.phh'}): no file"
    )
    assert reports[2].line() == (
        f"{tmp_path / '3.phh'} hand ?: unreadable: a folder named like a hand"
        " file: expected a .phh or .phhs file"
    )


def test_deep_key_file_is_one_unreadable_line(tmp_path: Path) -> None:
    path = write(tmp_path / "deep.phh", GOOD + "a" + ".a" * 30_000 + " = 1\n")
    (report,) = replay_file(path)
    assert report.outcome is Outcome.UNREADABLE
    assert report.replay.message == (
        "line 8: the line has 60005 characters; holdem reads lines of at most 16384"
    )


def test_a_pipe_named_like_a_hand_is_reported_not_opened(tmp_path: Path) -> None:
    import os

    os.mkfifo(tmp_path / "pipe.phh")  # opening it would wait for a writer
    (report,) = replay_file(tmp_path / "pipe.phh")
    assert report.line() == (
        f"{tmp_path / 'pipe.phh'} hand ?: unreadable: not a regular file"
    )

# ruff: noqa: E501  (hand histories are quoted verbatim, long header lines included)
"""The text summary of a run over online histories (files and report modules)."""

from __future__ import annotations

from pathlib import Path

from holdem.history.online import (
    Outcome,
    find_online_files,
    replay_online_paths,
    summary_lines,
)

HAND = """\
PokerStars Game #35824118297:  Hold'em No Limit ($0.05/$0.10 USD) - 2009/11/25 6:21:05 ET
Table 'May IV' 6-max Seat #3 is the button
Seat 1: Player1 ($9.60 in chips)
Seat 3: Player2 ($6.60 in chips)
Seat 4: Player3 ($10 in chips)
Seat 6: Hero ($10 in chips)
Player3: posts small blind $0.05
Hero: posts big blind $0.10
*** HOLE CARDS ***
Player1: folds
Player2: folds
Player3: raises $0.20 to $0.30
Hero: folds
Uncalled bet ($0.20) returned to Player3
Player3 collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
"""


def test_folder_run_counts_per_site_and_skips_sidecars(tmp_path: Path) -> None:
    (tmp_path / "good.txt").write_text(HAND, encoding="utf-8")
    broken = HAND.replace("Player2: folds", "Player2: fo!ds")
    (tmp_path / "bad.txt").write_bytes(broken.encode("utf-16"))  # with its BOM
    (tmp_path / "good.txt.hp").write_text("hints, not truth", encoding="utf-8")
    (tmp_path / "notes.md").write_text("# notes", encoding="utf-8")
    assert [p.name for p in find_online_files([tmp_path])] == ["bad.txt", "good.txt"]
    summary = replay_online_paths([tmp_path])
    assert [r.outcome for r in summary.results] == [Outcome.UNREADABLE, Outcome.AGREES]
    (site,) = summary.sites
    assert (site.site, site.found, site.parsed, site.replayed, site.agreeing) == (
        "PokerStars",
        2,
        1,
        1,
        1,
    )
    lines = summary_lines(summary)
    assert lines[0].startswith("unreadable (malformed file): ")
    assert "bad.txt" in lines[0] and "line 11" in lines[0]
    assert lines[-1] == "2 hands: 1 agree, 0 differ, 1 unreadable, 0 not hold'em"


def test_a_file_in_no_known_format_is_counted(tmp_path: Path) -> None:
    (tmp_path / "x.txt").write_text("nothing to see\n", encoding="utf-8")
    summary = replay_online_paths([tmp_path])
    assert [(r.site, r.outcome) for r in summary.results] == [
        ("unknown", Outcome.UNREADABLE)
    ]

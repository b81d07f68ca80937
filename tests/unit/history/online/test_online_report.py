# ruff: noqa: E501  (hand histories are quoted verbatim, long header lines included)
"""The text summary of a run over online histories (files and report modules)."""

from __future__ import annotations

from pathlib import Path

from holdem.history.online import (
    Outcome,
    Reason,
    find_online_files,
    replay_online_file,
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


# The Big Game's first two hands of day 1 (LoadHand records), quoted as
# shown; the first one's win is altered below
BIG_GAME_HANDS = """\
URL: http://thebiggame.pokerstars.net/data/s1/w1/d1/d1h1.js
LoadHand({Hand:{Title:"d1h1",NumberOfSeats:6,PotSize:0,BigBlind:400,SmallBlind: 200,Ante:600,CurrentBet:0,Dealer:4,CardsOut:[],Players: [{Name:"Player1",Seat:1,Stack:100000,Cards:["da","dj"],CurrentBet:0},{Name:"Player2",Seat:2,Stack:200000,Cards:["sk","c2"],CurrentBet:0},{Name:"Player3",Seat:3,Stack:100000,Cards:["s7","s4"],CurrentBet:0},{Name:"Player4",Seat:4,Stack:100000,Cards:["sj","ct"],CurrentBet:0},{Name:"Player5",Seat:5,Stack:100000,Cards:["hj","h8"],CurrentBet:0},{Name:"Player6",Seat:6,Stack:100000,Cards:["c8","d4"],CurrentBet:0}]},Plays:[{Seat:1,Action:"Calls"},{Seat:2,Action:"Folds"},{Seat:3,Action:"Folds"},{Seat:4,Action:"Calls"},{Seat:5,Action:"Calls"},{Seat:6,Action:"Checks"},{Seat:0,Action:"Deal",value:["sq","d2","s3"]},{Seat:5,Action:"Checks"},{Seat:6,Action:"Checks"},{Seat:1,Action:"Checks"},{Seat:4,Action:"Bets",value:800},{Seat:5,Action:"Folds"},{Seat:6,Action:"Folds"},{Seat:1,Action:"Folds"},{Seat:4,Action:"Wins",value:3000},{Seat:0,Action:"Deal",value:["ha"]},{Seat:0,Action:"Deal",value:["d6"]}]})
URL: http://thebiggame.pokerstars.net/data/s1/w1/d1/d1h2.js
LoadHand({Hand:{Title:"d1h2",NumberOfSeats:6,PotSize:0,BigBlind:400,SmallBlind: 200,Ante:600,CurrentBet:0,Dealer:5,CardsOut:[],Players: [{Name:"Player1",Seat:1,Stack:99600,Cards:["ca","dk"],CurrentBet:0},{Name:"Player2",Seat:2,Stack:200000,Cards:["sk","ck"],CurrentBet:0},{Name:"Player3",Seat:3,Stack:100000,Cards:["c7","s4"],CurrentBet:0},{Name:"Player4",Seat:4,Stack:101200,Cards:["c9","c3"],CurrentBet:0},{Name:"Player5",Seat:5,Stack:99600,Cards:["da","d9"],CurrentBet:0},{Name:"Player6",Seat:6,Stack:99600,Cards:["s9","d5"],CurrentBet:0}]},Plays:[{Seat:2,Action:"Raises To",value:1200},{Seat:3,Action:"Folds"},{Seat:4,Action:"Folds"},{Seat:5,Action:"Calls"},{Seat:6,Action:"Folds"},{Seat:1,Action:"Raises To",value:3700},{Seat:2,Action:"Raises To",value:13100},{Seat:5,Action:"Folds"},{Seat:1,Action:"Calls"},{Seat:0,Action:"Deal",value:["d6","c5","d7"]},{Seat:1,Action:"Checks"},{Seat:2,Action:"Bets",value:18000},{Seat:1,Action:"Folds"},{Seat:2,Action:"Wins",value:46200}]})
"""


def test_a_folder_run_keeps_no_parsed_hand(tmp_path: Path) -> None:
    (tmp_path / "stars.txt").write_text(HAND, encoding="utf-8")
    summary = replay_online_paths([tmp_path])
    assert [r.outcome for r in summary.results] == [Outcome.AGREES]
    assert [r.hand for r in summary.results] == [None]
    # the file's own replay keeps it (convert and tests read it)
    (alone,) = replay_online_file(tmp_path / "stars.txt")
    assert alone.hand is not None and alone.hand.hand_id == "35824118297"
    assert (alone.site, alone.hand_id, alone.line) == (
        summary.results[0].site,
        summary.results[0].hand_id,
        summary.results[0].line,
    )


def test_R_POT_4_a_folder_run_checks_the_next_hands_stacks_first(
    tmp_path: Path,
) -> None:
    # d1h1 printed as won 3400, not 3000 (4 x 400 + the dealer's 600 ante +
    # his own 800 bet, not called): d1h2's stack of Player4, 101200, is
    # 100000 - 600 ante - 400 call - 800 bet + 3000, the engine's, so the
    # site's printed result is wrong: found before the hands are let go
    wrong = BIG_GAME_HANDS.replace(
        'Action:"Wins",value:3000', 'Action:"Wins",value:3400'
    )
    (tmp_path / "show.txt").write_text(wrong, encoding="utf-8")
    summary = replay_online_paths([tmp_path])
    first, second = summary.results
    assert (first.outcome, first.reason) == (Outcome.DIFFERS, Reason.SITE_RESULT)
    assert "the next hand's stacks agree" in first.message
    assert second.outcome is Outcome.AGREES
    assert (first.hand, second.hand) == (None, None)
    assert ("Player4", 101200) in first.final_stacks
    lines = summary_lines(summary)
    assert lines[0].startswith("differs (site's printed result): ")

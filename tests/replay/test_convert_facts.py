"""``holdem convert`` keeps the facts the site printed (read in place).

Each test converts a real hand from ../shared/data/hh and checks the PHH and
the PokerStars-style text against what the file prints: table seats and the
table size, who posted which blind, the stakes, every run of the board, and
the rake the collected amounts show.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from holdem.cli.main import cli
from holdem.history.model import HandHistory
from holdem.history.money import Money
from holdem.history.online.to_phh import online_file_histories
from holdem.history.stars_seats import StarsHand
from holdem.history.stars_writer import stars_text

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / ".." / "shared" / "data" / "hh"

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"online hand histories not found at {DATA}"
)


def _history(path: str, hand_id: str) -> HandHistory:
    for conversion in online_file_histories(DATA / path):
        if conversion.hand_id == hand_id:
            assert conversion.history is not None, conversion.message
            return conversion.history
    raise AssertionError(f"no hand {hand_id} in {path}")


def _seats(history: HandHistory) -> dict[str, int]:
    seats = dict(history.metadata)["seats"]
    assert isinstance(seats, tuple)
    return dict(zip(history.players or (), seats, strict=True))


def _text(history: HandHistory, money: Money | None = None) -> list[str]:
    hand = StarsHand.from_history(history)
    return stars_text(hand, None, money=money or Money("USD")).splitlines()


# ------------------------------------------------------------------- seats

BOVADA_ZONE = "Bovada/cash/NLHE-6max-USD - $0.10-$0.25 - 202104.ZonePoker.txt"
IGNITION_MTT = (
    "Bovada/tour/NLHE-9max-USD-MTT - GSPO9 High Roller Tune-Up - $50.000 Gtd"
    " - $300-$25 - 202110.txt"
)
FULL_TILT = "FTP/cash/NLHE-6max-USD-0.01-0.02-201305.new.gameline.format.txt"


def test_R_TABLE_4_bovada_keeps_the_printed_seat_numbers() -> None:
    # "Seat 1: UTG+1 ... Seat 3: Dealer, Seat 4: Small Blind, Seat 5: Big
    # Blind [ME], Seat 6: UTG" and "Dealer : Set dealer [3]"
    history = _history(BOVADA_ZONE, "4101241030")
    assert _seats(history) == {
        "UTG+1": 1,
        "UTG+2": 2,
        "Dealer": 3,
        "Small Blind": 4,
        "Big Blind": 5,
        "UTG": 6,
    }
    fields = dict(history.metadata)
    assert fields["_button"] == 3
    lines = _text(history)
    # Bovada prints no table size: none is invented from the seats taken
    assert lines[1] == "Table '1708' Seat #3 is the button"
    assert lines[2:8] == [
        "Seat 1: UTG+1 ($28.45 in chips)",
        "Seat 2: UTG+2 ($58.27 in chips)",
        "Seat 3: Dealer ($30.21 in chips)",
        "Seat 4: Small Blind ($24.38 in chips)",
        "Seat 5: Big Blind ($25 in chips)",
        "Seat 6: UTG ($28.40 in chips)",
    ]


def test_R_TABLE_4_ignition_player_ids_become_seats_in_line_order() -> None:
    # nine seat lines "Seat 103: UTG+1" ... "Seat 120: UTG" print player ids;
    # "Set dealer [6]" names the sixth line, "Seat 61: Dealer"
    history = _history(IGNITION_MTT, "4405041788")
    seats = _seats(history)
    assert seats == {
        "UTG+1": 1,
        "UTG+2": 2,
        "UTG+3": 3,
        "UTG+4": 4,
        "UTG+5": 5,
        "Dealer": 6,
        "Small Blind": 7,
        "Big Blind": 8,
        "UTG": 9,
    }
    assert dict(history.metadata)["_button"] == 6
    lines = _text(history, Money(None))
    # no size printed; plain chips in a cash game are play money (PokerStars)
    assert lines[1] == "Table '18' (Play Money) Seat #6 is the button"
    numbers = [int(line.split(":")[0][5:]) for line in lines if line[:5] == "Seat "]
    assert max(numbers) <= 9


def test_R_TABLE_4_full_tilt_six_max_table_is_written_six_max() -> None:
    # "Table Vera (6 max)", "Seat 2: Player0 ($2)", "Seat 3: Hero ($2)"
    history = _history(FULL_TILT, "32616909390")
    assert dict(history.metadata)["seat_count"] == 6
    assert _seats(history) == {"Player0": 2, "Hero": 3}
    lines = _text(history)
    assert "6-max Seat #3 is the button" in lines[1]


def test_R_TABLE_4_888_table_size_comes_from_its_table_line() -> None:
    # "Table Leeds 10 Max (Real Money)", "Seat 6: Hero", "Seat 8: Player0"
    history = _history(
        "PacificPoker/cash/NLHE-10max-USD-0.50-1.00-201607.jackpot.table.txt",
        "548154959",
    )
    assert dict(history.metadata)["seat_count"] == 10
    assert _seats(history) == {"Hero": 6, "Player0": 8}
    assert "10-max Seat #6 is the button" in _text(history)[1]


STARS_NO_SMALL_BLIND = (
    "Stars/tour/NLHE-6max-MTT-USD-125-201505.old.converted.walk.no.sb.txt"
)


def test_R_TABLE_4_no_table_size_smaller_than_a_printed_seat() -> None:
    # "Table '#24 9' 6-max" seats a player at "Seat 9: Dealer": the seats
    # are kept and the count, which cannot hold them, is not written, nor
    # one made up from the highest seat
    history = _history(STARS_NO_SMALL_BLIND, "3210674180")
    fields = dict(history.metadata)
    assert "seat_count" not in fields
    assert _seats(history)["Dealer"] == 9
    assert _text(history, Money("USD"))[1] == "Table '#24 9' Seat #9 is the button"


# ------------------------------------------------------------ blind roles

PACIFIC_FL = "PacificPoker/cash/888-FLH-USD-0.02-0.04.txt"
STARS_STRADDLE = "Stars/cash/NLHE-9-max-USD-2.00-4.00-201901.PokerMaster.w.Straddle.txt"


def test_R_BLIND_1_blinds_around_a_seat_posting_nothing_keep_their_names() -> None:
    # "Player3 posts small blind [$0.01]", "Player6 folds" (Seat 9, between
    # them), "Player7 posts big blind [$0.02]"; "Seat 2 is the button"
    lines = _text(_history(PACIFIC_FL, "311162064"))
    assert lines[0].startswith("PokerStars Hand #311162064:  Hold'em Limit")
    assert "($0.02/$0.04 USD)" in lines[0]  # the small and big bet of $0.01/$0.02
    assert "Player3: posts small blind $0.01" in lines
    assert "Player7: posts big blind $0.02" in lines
    assert not [line for line in lines if "straddle" in line]
    summary = lines[lines.index("*** SUMMARY ***") :]
    assert next(line for line in summary if line.startswith("Seat 3:")).startswith(
        "Seat 3: Player3 (small blind) showed [Qs 6s] and won"
    )
    # "Player7 mucks [ 8d, 5c ]": a muck at the showdown (R-SHOW-2)
    assert lines[-1].startswith("Seat 10: Player7 (big blind) mucked")


def test_R_STRADDLE_1_the_header_gives_the_blinds_not_the_straddle() -> None:
    # "Hold'em No Limit ($2/$4 USD)"; small blind $2, big blind $4, and
    # Player3 "posts big blind $8" left of the big blind: a straddle
    history = _history(STARS_STRADDLE, "154651502936610012")
    lines = _text(history)
    assert "Hold'em No Limit ($2/$4 USD)" in lines[0]
    posts = [line for line in lines if ": posts" in line and "ante" not in line]
    assert posts == [
        "Player1: posts small blind $2",
        "Player2: posts big blind $4",
        "Player3: posts straddle $8",
    ]


def test_R_TABLE_4_a_dead_small_blind_keeps_the_printed_stakes() -> None:
    # "Hold'em No Limit (300/600)", only "Big Blind: posts big blind 600"
    history = _history(STARS_NO_SMALL_BLIND, "3210674180")
    assert dict(history.metadata)["_stakes"] == (300, 600)
    assert "Hold'em No Limit (300/600)" in _text(history, Money(None))[0]


# ------------------------------------------------------------ run it twice

STARS_TWICE = "Stars/cash/NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt"


def test_R_HISTORY_1_a_board_run_twice_is_refused_with_both_boards() -> None:
    # "*** FIRST RIVER *** [Js 9h Jh Qs] [2d]", "*** SECOND RIVER *** ...
    # [5h]", Hero collects €111.59 and €111.58: PHH deals one board
    (conversion,) = online_file_histories(DATA / STARS_TWICE)
    assert conversion.hand_id == "90721705235"
    assert conversion.history is None
    assert "run 2 times (Js 9h Jh Qs 2d; Js 9h Jh Qs 5h)" in conversion.message


@pytest.mark.parametrize("target", ["phh", "pokerstars"])
def test_R_HISTORY_1_convert_skips_a_hand_run_twice_and_exits_1(
    target: str, tmp_path: Path
) -> None:
    result = CliRunner().invoke(
        cli, ["convert", str(DATA / STARS_TWICE), "--to", target, "-o", str(tmp_path)]
    )
    assert result.exit_code == 1
    assert "hand 90721705235: the board was run 2 times" in result.output
    assert not list(tmp_path.iterdir())  # its only hand: nothing written


# -------------------------------------------------------------------- rake


def test_R_POT_4_the_rake_the_collected_amounts_show_is_written() -> None:
    # 888 prints no rake: Player3 and Player7 put in $0.12 each and
    # "Player3 collected [ $0.23 ]": the house took $0.01
    history = _history(PACIFIC_FL, "311162064")
    fields = dict(history.metadata)
    assert fields["_rake"] == 1
    assert _seats(history)["Player3"] == 3
    players = history.players or ()
    paid = dict(zip(players, fields["_rake_paid"], strict=True))
    assert paid == {
        "Player3": 1,
        "Player6": 0,
        "Player7": 0,
        "Player1": 0,
        "Player2": 0,
    }
    lines = _text(history)
    assert "Player3 collected $0.23 from pot" in lines
    assert "Total pot $0.24 | Rake $0.01" in lines


def test_R_POT_4_pokerkit_plays_the_raked_hand_to_the_stacks_kept(
    tmp_path: Path,
) -> None:
    # $0.28 and $2.55; each puts in $0.12 and Player3 collects $0.23:
    # Player3 keeps $0.39 and Player7 $2.43 (PokerKit is the oracle)
    pokerkit = pytest.importorskip("pokerkit")
    result = CliRunner().invoke(
        cli, ["convert", str(DATA / PACIFIC_FL), "--to", "phh", "-o", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    with (tmp_path / "888-FLH-USD-0.02-0.04.phhs").open("rb") as file:
        (theirs,) = [
            h
            for h in pokerkit.HandHistory.load_all(file)
            if h.user_defined_fields["_hand_id"] == "311162064"
        ]
    final = list(theirs)[-1]
    paid = theirs.user_defined_fields["_rake_paid"]
    kept = dict(
        zip(
            theirs.players,
            (s - p for s, p in zip(final.stacks, paid, strict=True)),
            strict=True,
        )
    )
    assert (kept["Player3"], kept["Player7"]) == (39, 243)


def test_R_POT_4_a_tournament_hand_gets_no_rake() -> None:
    # 888 BLAST: antes of 3.530 and 2.470 all-in, "Player2 collected
    # [ 4.940 $ ]"; the 1.060 Player1 gets back is not printed, and a
    # tournament takes no rake
    history = _history(
        "PacificPoker/tour/NLHE-MTT-USD-13.95-1.05-201901.BLAST.txt", "1008664844"
    )
    assert "_rake" not in dict(history.metadata)

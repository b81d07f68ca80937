"""PartyPoker files read in place from ../shared/data/hh/PartyPoker.

The values asserted are the ones the site printed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.online import Outcome, Reason, replay_online_file
from holdem.history.online.outcome import OnlineReplay

PARTY = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"
PARTY = PARTY / "PartyPoker"

pytestmark = pytest.mark.skipif(
    not PARTY.is_dir(), reason=f"PartyPoker histories not found at {PARTY}"
)


def _only(name: str) -> OnlineReplay:
    path = PARTY / name
    if not path.is_file():
        pytest.skip(f"{path} not found")
    (result,) = replay_online_file(path)
    return result


def test_R_ALLIN_BLIND_short_big_blind_the_others_call_the_full_blind() -> None:
    # "$0.80 USD NL" names the buy-in only; Player2 (stack $0.01) "posts big
    # blind [$0.01 USD]", Player4 "calls [$0.02 USD]", Hero (small blind)
    # "calls [$0.01 USD]"; Hero wins $0.06 (side pot 1) and $0.03 (main pot)
    result = _only("cash/NLHE-USD-0.01-0.02-20100731.bigBlindIsForcedAllIn.txt")
    assert result.outcome is Outcome.AGREES, result.message
    hand = result.hand
    assert hand is not None
    assert (hand.small_blind, hand.big_blind) == (1, 2)
    assert sorted(c.chips for c in hand.collected) == [3, 6]


def test_player_joining_and_posting_without_a_seat_line_is_malformed() -> None:
    # "Player3 has joined the table." then "Player3 posts big blind [$10
    # USD]": no seat line, so no stack
    result = _only("cash/NLHE-6max-USD-5-10-201408.joins.and.posts.bb.txt")
    assert result.outcome is Outcome.UNREADABLE
    assert result.reason is Reason.MALFORMED
    assert "without a seat line" in result.message


def test_R_BLIND_1_heads_up_blinds_left_out_are_posted_by_the_button_first() -> None:
    # "Blinds-Antes(400/800 -25)", only the antes printed; the button raises
    # [2,000] and Player1 "is all-In [1,680]": 800 + 1,680 is his 2,480
    # behind the ante; "Player1 wins 5,010 chips"
    result = _only("tour/NLHE-USD-STT.201203.heads.up.txt")
    assert result.outcome is Outcome.AGREES, result.message
    assert result.hand is not None
    assert sum(c.chips for c in result.hand.collected) == 5010 * 100


def test_R_BLIND_2_blinds_left_out_follow_the_level_printed_in_the_hand() -> None:
    # the header says Blinds(50/100), the hand "Blinds(100/200)"; the
    # button raises [500], all fold: "Player2 wins 800 chips"
    result = _only("tour/NLHE-USD-MTT-215-201110.level.change.txt")
    assert result.outcome is Outcome.AGREES, result.message


def test_R_BLIND_1_a_player_moved_in_is_not_dealt_and_posts_no_blind() -> None:
    # Player7 (seat 4, left of the button) has no line in the hand: Player5
    # "calls [30]" as the small blind, Player3 checks as the big blind
    result = _only("tour/NLHE-25-USD-Freeroll-MTT-201205.player.moved.txt")
    assert result.outcome is Outcome.AGREES, result.message


def test_R_TABLE_6_big_blind_plus_dead_is_live_for_a_later_raise() -> None:
    # "Player5 posts big blind + dead [0,35 €]" at 0.10/0.25, then "Player5
    # raises [€0.75 EUR]" (chips added: to 1.00) and "Player3 calls [€0.75
    # EUR]" from his big blind of 0.25; "Player5 wins €4.12 EUR"
    result = _only("cash/NLHE-EUR-6max-0.10-0.25-201112.post.both.txt")
    assert result.outcome is Outcome.AGREES, result.message
    assert result.hand is not None
    (raised,) = [a for a in result.hand.actions if a.player == "Player5"][:1]
    assert raised.chips == 100


def test_R_BLIND_1_fixed_limit_blinds_left_out_are_half_and_whole_small_bet() -> None:
    # "FL ... Stakes(200/400)", no blinds printed: Hero (seat 9) posts 100,
    # Player0 (seat 10) 200; Player1 "raises [400]" first in, to 400
    path = PARTY / "tour" / "LHE-Freeroll-MTT-201207.txt"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    results = replay_online_file(path)
    (result,) = [r for r in results if r.hand_id == "11932611928"]
    assert result.outcome is Outcome.AGREES, result.message
    assert result.hand is not None
    blinds = [(p.player, p.chips) for p in result.hand.posts]
    assert blinds == [("Hero", 100 * 100), ("Player0", 200 * 100)]


def test_R_BET_1_check_facing_the_big_blind_without_a_post_is_the_sites() -> None:
    # "Player2 checks." pre-flop after "Player1 calls [$0.10 USD]." with no
    # post printed for Player2; "Player4 wins $0.58 USD" counts his 0.15
    result = _only("cash/NLHE-6max-USD-0.05-0.10-201209.silent.post.both.txt")
    assert result.outcome is Outcome.DIFFERS
    assert result.reason is Reason.SITE_RESULT
    assert "prints no post for Player2" in result.message
    assert "R-BET-1" in result.message


MAC = "cash/NLHE-6max-USD-0.25-0.50-201212.Mac.Format.txt"


def test_R_BLIND_1_mac_format_line_run_on_into_the_next_is_cut_apart() -> None:
    # "Player3 is sitting outPlayer4 posts big blind [$0,25 USD]." on one
    # line: the big blind was lost ("big_blind must be positive, got 0").
    result = _only(MAC)
    assert result.outcome is Outcome.AGREES, result.message
    hand = result.hand
    assert hand is not None
    assert (hand.small_blind, hand.big_blind) == (10, 25)
    assert [(p.player, p.chips) for p in hand.posts] == [
        ("Player2", 10),
        ("Player4", 25),
    ]
    assert [(c.player, c.chips) for c in hand.collected] == [("Player4", 327)]


def test_R_POT_3_mac_format_two_wins_lines_run_together_pay_both(
    tmp_path: Path,
) -> None:
    # No file here has two winners in the Mac format. Built from MAC: Player0
    # shows Qd 7d (the same two pairs as Player4's Qc 7s: a tie) and the
    # $3.27 is paid in two "wins" lines run together, $1.64 and $1.63.
    path = PARTY / MAC
    if not path.is_file():
        pytest.skip(f"{path} not found")
    text = path.read_text(encoding="utf-8")
    for old, new in (
        (
            "Player0 doesn't show [ Jc, Tc ]two pairs, Jacks and Nines.",
            "Player0 shows [ Qd, 7d ]two pairs, Queens and Nines.",
        ),
        (
            "Player4 wins $3,27 USD from the main pot with two pairs, Queens and"
            " Nines.",
            "Player4 wins $1,64 USD from the main pot with two pairs, Queens and"
            " Nines.Player0 wins $1,63 USD from the main pot with two pairs,"
            " Queens and Nines.",
        ),
    ):
        assert old in text
        text = text.replace(old, new)
    built = tmp_path / "mac-two-winners.txt"
    built.write_text(text, encoding="utf-8")
    (result,) = replay_online_file(built)
    assert result.outcome is Outcome.AGREES, result.message
    assert result.hand is not None
    assert [(c.player, c.chips) for c in result.hand.collected] == [
        ("Player4", 164),
        ("Player0", 163),
    ]


def test_R_BET_1_a_name_the_seat_list_shortens_keeps_its_plays(
    tmp_path: Path,
) -> None:
    # Names here are pseudonymised, so no file shows it. Built from a real
    # hand: the seat list keeps "Seat 2: Hero ( $4.25 USD )" and every later
    # line names him "Hero Name" (dealt, raises, bets, wins). His raise to
    # $0.16 vanished and Player2's call of $0.14 did not fit.
    path = PARTY / "cash/NLHE-USD-6max-0.02-0.04-201205.new.table.format.txt"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    seats, _, plays = path.read_text(encoding="utf-8").partition(
        "Seat 3: Player5 ( $4.65 USD )\n"
    )
    built = tmp_path / "shortened-name.txt"
    plays = plays.replace("Hero ", "Hero Name ")
    built.write_text(
        seats + "Seat 3: Player5 ( $4.65 USD )\n" + plays, encoding="utf-8"
    )
    (result,) = replay_online_file(built)
    assert result.outcome is Outcome.AGREES, result.message
    hand = result.hand
    assert hand is not None and hand.hero == "Hero"
    hero = [(a.kind.value, a.chips) for a in hand.actions if a.player == "Hero"]
    assert hero == [("raise", 16), ("bet", 40)]
    assert [(c.player, c.chips) for c in hand.collected] == [("Hero", 90)]

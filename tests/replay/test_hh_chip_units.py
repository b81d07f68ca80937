"""Amounts finer than whole chips, locale digits and lines that only inform.

Real files read in place from ../shared/data/hh; the values asserted are the
ones the sites printed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.online import Outcome, Reason, replay_online_file
from holdem.history.online.model import OnlineHand, PostKind
from holdem.history.online.outcome import OnlineReplay

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"online hand histories not found at {DATA}"
)


def _results(name: str) -> list[OnlineReplay]:
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"{path} not found")
    return replay_online_file(path)


def _hand(result: OnlineReplay) -> OnlineHand:
    assert result.hand is not None, result.message
    return result.hand


def test_R_POT_1_tournament_chips_with_cents_read_in_hundredths() -> None:
    # BetOnline: "Player0 (4941.25 in chips)", antes 10.00, "collected (1200.00)"
    (result,) = _results("BetOnline/tour/NLHE-10max-USD-MTT-201603.post.ante.txt")
    assert result.outcome is Outcome.AGREES, result.message
    hand = _hand(result)
    assert hand.chip_unit == 100
    assert hand.seats[0].stack == 494125
    assert [(c.player, c.chips) for c in hand.collected] == [("Player1", 120000)]


def test_R_POT_1_winamax_half_chip_side_pot_printed_rounded_is_the_sites() -> None:
    # "Player2 (7410.50)" all-in against Player6's 7780: the side pot is
    # 369.5, which the site prints as "collected 370 from side pot 1"
    (result,) = _results("Winamax/tour/NLHE-Ticket-MTT-201010.side.pot.txt")
    assert _hand(result).chip_unit == 10
    assert result.outcome is Outcome.DIFFERS
    assert result.reason is Reason.SITE_RESULT
    assert "its actions put in only 15520.5: it rounds" in result.message


def test_R_ANTE_1_winamax_bounty_seats_and_antes() -> None:
    # "Seat 1: Player0 (18694, 9€ bounty)", "Player3 posts ante 140"
    results = _results("Winamax/tour/NLHE-MTT-EUR-22.5-22.5-5-202208.bounty.ticket.txt")
    assert [r.outcome for r in results] == [Outcome.AGREES] * len(results)
    hand = _hand(results[0])
    assert (hand.seats[0].player, hand.seats[0].stack) == ("Player0", 18694)
    antes = [p.chips for p in hand.posts if p.kind is PostKind.ANTE]
    assert antes == [140] * 6


def test_bovada_prize_cash_lines_only_inform() -> None:
    # "UTG : Prize Cash [$11.16]" is money won in the tournament, not chips
    name = "Bovada/tour/NLHE-9max-USD-MTT - No Limit Holdem (Rebuy) - $2-$0.25 - 201301"
    (result,) = _results(name + ".allin.ante.txt")
    assert result.outcome is not Outcome.UNREADABLE, result.message
    assert _hand(result).chip_unit == 1


def test_888_ro_points_group_thousands() -> None:
    # "Seat 1: Player1 ( 432.999 $ )", "posts ante [750 $]", blinds
    # "3.000 $/6.000 $", "Player4 collected [ 167.394 $ ]"
    (result,) = _results("PacificPoker/tour/NLHE-10max-FREE-201901.txt")
    assert result.outcome is Outcome.AGREES, result.message
    hand = _hand(result)
    assert hand.chip_unit == 1
    assert (hand.small_blind, hand.big_blind) == (3000, 6000)
    assert hand.seats[0].stack == 432999
    assert [(c.player, c.chips) for c in hand.collected] == [("Player4", 167394)]


def test_R_ANTE_1_antes_only_all_in_hands_are_dealt() -> None:
    # PKR "Blinds are now 0 / 0": both players all-in on their antes of 10;
    # "Hero wins 20"
    results = _results("PKR/tour/NLHE-USD-STT-201501.antes.only.txt")
    assert [r.outcome for r in results] == [Outcome.AGREES] * len(results)
    first = _hand(results[0])
    assert [(c.player, c.chips) for c in first.collected] == [("Hero", 20)]


def test_a_format_we_do_not_read_is_not_supported_not_malformed(
    tmp_path: Path,
) -> None:
    # a well-formed record in no format we read: "not supported"; "malformed"
    # means a broken file
    path = tmp_path / "other.txt"
    path.write_text("Hand #1 at table 'Alpha'\nSeat 1: Ann 100\n", encoding="utf-8")
    (result,) = replay_online_file(path)
    assert result.outcome is Outcome.UNREADABLE
    assert result.reason is Reason.NOT_SUPPORTED
    assert "not a hand history in a format we read" in result.message

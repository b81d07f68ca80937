"""PartyPoker text: parsing and replay on hands written here.

Every expected amount is read off the printed text (cents).
"""

from __future__ import annotations

from online_real_files import agrees, only_hand, real_hand, stars_hand

from holdem.history.online import (
    ActionKind,
    Outcome,
    PostKind,
    detect,
    replay_online_text,
)
from holdem.history.online.partypoker import PARSER
from holdem.rules import Structure

# Player2 raises 0.50 (chips added), the blinds call 0.40 and 0.25 more; the
# flop: 0.71 bet and called; the turn bet of 2.08 is not called and Player1's
# "wins $4.86" counts it: 1.50 + 1.42 + 2.08 = 5.00, less 0.14 rake
HAND = """\
#Game No : 13291512580
***** Hand History for Game 13291512580 *****
$0.10/$0.25 USD NL Texas Hold'em - Sunday, September 22, 08:21:48 EDT 2013
Table Podgorica (Real Money)
Seat 3 is the button
Total number of players : 4/6
Seat 1: Player0 ( $25.35 USD )
Seat 2: Hero ( $25.40 USD )
Seat 3: Player2 ( $24 USD )
Seat 4: Player1 ( $26.50 USD )
Seat 5: Player3 ( $10 USD )
Player1 posts small blind [$0.10 USD].
Player3 posts big blind [$0.25 USD].
** Dealing down cards **
Dealt to Hero [  6d 7d ]
Player0 folds
Hero folds
Player2 raises [$0.50 USD]
Player1 calls [$0.40 USD]
Player3 calls [$0.25 USD]
** Dealing Flop ** [ 6h, 2c, 3c ]
Player1 checks
Player3 checks
Player2 bets [$0.71 USD]
Player1 calls [$0.71 USD]
Player3 folds
** Dealing Turn ** [ 9d ]
Player1 bets [$2.08 USD]
Player2 folds
Player1 does not show cards.
Player1 wins $4.86 USD
Game #13291514710 starts.
"""


def test_detects_partypoker_not_888() -> None:
    assert detect(HAND) is PARSER


def test_parses_blinds_and_chips_added() -> None:
    (text,) = PARSER.split(HAND, "party.txt")
    hand = PARSER.parse(text)
    assert (hand.hand_id, hand.button, hand.site) == ("13291512580", 3, "PartyPoker")
    assert (hand.small_blind, hand.big_blind) == (10, 25)
    assert [(p.kind, p.chips) for p in hand.posts] == [
        (PostKind.SMALL_BLIND, 10),
        (PostKind.BIG_BLIND, 25),
    ]
    pre = [(a.player, a.kind, a.chips) for a in hand.actions if a.street == 0]
    assert ("Player2", ActionKind.RAISE, 50) in pre
    assert ("Player1", ActionKind.CALL, 40) in pre
    assert [(c.player, c.chips) for c in hand.collected] == [("Player1", 486)]


def test_hand_agrees() -> None:
    (result,) = replay_online_text(HAND, "party.txt")
    assert result.outcome is Outcome.AGREES, result.message


def test_R_FL_1_a_cash_stakes_line_without_nl_or_pl_is_fixed_limit() -> None:
    # "$15/$30 USD Texas Hold'em": PartyPoker marks no-limit "NL" and
    # pot-limit "PL"; here the bets are $15 before the turn and $30 after
    # (Player1 raises [$30] on the flop, bets [$30] on the turn and river),
    # the blinds $10 and $15 as posted
    hand, result = only_hand(
        "PartyPoker/cash/LHE-6max-USD-15-30-201104.live.second.sb.txt"
    )
    assert hand.structure is Structure.FIXED_LIMIT
    assert (hand.small_blind, hand.big_blind, hand.big_bet) == (1000, 1500, 3000)
    assert agrees(result), result.message


# The line after the stakes names the table (``Table Supersonic (Real
# Money)``, older hands add ``-- Seat 1 is the button``); ``Dealt to NAME
# [..]`` the history's owner (R-HISTORY-1).
EMAILED = "PartyPoker/cash/NLHE-USD-0.01-0.02-20100712.emailedHistory.txt"


def test_R_HISTORY_1_real_hand_names_its_table_and_hero() -> None:
    hand = real_hand(EMAILED, "9423586142")
    assert (hand.table, hand.hero) == (
        "Table 20BB Min Speed #1775757  (Real Money)",
        "Hero",
    )
    spaced = real_hand(
        "PartyPoker/cash/NLHE-6max-USD-0.02-0.04-201303.extra.spaces.txt",
        "12827330772",
    )
    assert (spaced.table, spaced.hero) == ("Table Supersonic (Real Money)", "Hero")


def test_R_HISTORY_1_real_hand_converts_with_the_hero_cards() -> None:
    lines = stars_hand(EMAILED, "9423586142")
    assert "Table 'Table 20BB Min Speed #1775757' Seat #1 is the button" in lines
    assert "Dealt to Hero [Tc 9d]" in lines


def test_R_HISTORY_1_observed_real_hand_has_no_hero() -> None:
    # no Dealt to line: the history is an observer's
    hand = real_hand(
        "PartyPoker/cash/NLHE-6max-USD-0.05-0.10-201209.silent.post.both.txt",
        "14067958",
    )
    assert (hand.table, hand.hero) == ("Table Gibuti1 (Real Money)", None)

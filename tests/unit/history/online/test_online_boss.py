"""Boss Media's XML records, on the real files read in place.

Every expected amount is read off the records (cents; tournament chips).
"""

from __future__ import annotations

from online_real_files import agrees, only_hand, real_hand, replay_real, stars_hand

from holdem.eval import evaluate
from holdem.history.online import Outcome, PostKind, detect, replay_online_text
from holdem.history.online.boss import PARSER
from holdem.rules.config import Structure

FILES = (
    "cash/LHE-10-20-USD-201105.post.both.txt",
    "cash/NLHE-GBP-0.05-0.10-Date-unknown.Sample.txt",
    "cash/NLHE-SEK-2.00-4.00-201307.add.call.txt",
    "cash/NLHE-SEK-5.00-10.00-201207.secondsb.txt",
    "tour/NLHE-CAD-MTT-201101.multi.pot.no.show.txt",
    "tour/NLHE-CAD-MTT-201708.CAD.buyin.txt",
    "tour/NLHE-EUR-MTT-201202.new.street.tags.txt",
    "tour/NLHE-SEK-25-STT-201205.sitting-out.dealt.in.txt",
)


def test_every_boss_hand_agrees() -> None:
    for name in FILES:
        (result,) = replay_real(f"Boss/{name}")
        assert agrees(result), result.message


def test_R_TABLE_6_all_blinds_post_and_limit_stakes() -> None:
    # KIND="HAND_AB" VALUE="15.00" at 10.00/20.00 fixed limit; SHOWDOWN
    # POT="87.00" RAKE="3.00"; Hero WIN="87.00"
    hand, _ = only_hand(f"Boss/{FILES[0]}")
    assert hand.structure is Structure.FIXED_LIMIT
    assert (hand.small_blind, hand.big_blind, hand.big_bet) == (500, 1000, 2000)
    assert ("Player3", PostKind.SMALL_AND_BIG_BLINDS, 1500) in [
        (p.player, p.kind, p.chips) for p in hand.posts
    ]
    assert (hand.total_pot, hand.rake) == (8700, 300)
    assert [(c.player, c.chips) for c in hand.collected] == [("Hero", 8700)]


def test_R_HAND_1_card_numbers_make_the_hand_the_site_names() -> None:
    # Player2 WIN="13.21" HAND="$(STR_G_WIN_TWOPAIR) ACES ... SEVENS"
    hand, result = only_hand(f"Boss/{FILES[1]}")
    assert agrees(result), result.message
    value = evaluate((*dict(hand.hole_cards)["Player2"], *hand.board))
    assert str(value).startswith("two pair, Aces and Sevens")


def test_R_BET_1_call_printed_as_chips_added() -> None:
    # the small blind of 2.00 "ACTION_CALL VALUE=7.00" a raise to 9.00
    hand, result = only_hand(f"Boss/{FILES[2]}")
    assert agrees(result), result.message
    assert hand.actions[3].player == "Player1" and hand.actions[3].chips == 700
    assert (hand.total_pot, hand.rake) == (7411, 189)
    assert [(c.player, c.chips) for c in hand.collected] == [("Player0", 7411)]


def test_R_TABLE_6_second_small_blind_is_dead() -> None:
    hand, result = only_hand(f"Boss/{FILES[3]}")
    assert agrees(result), result.message
    assert ("Player2", PostKind.DEAD_SMALL_BLIND, 500) in [
        (p.player, p.kind, p.chips) for p in hand.posts
    ]
    assert [(c.player, c.chips) for c in hand.collected] == [("Player2", 3000)]


def test_R_TABLE_2_button_found_before_the_small_blind_without_dealer() -> None:
    # no DEALER attribute: the small blind is seat 9, so seat 8 has the button
    hand, result = only_hand(f"Boss/{FILES[4]}")
    assert agrees(result), result.message
    assert hand.button == 8
    assert [(c.player, c.chips) for c in hand.collected] == [("Player38", 2123)]


HAND = """\
<HISTORY ID="1797085457" TABLE="Eva 5" GAME="GAME_THM" GAMEKIND="GAMEKIND_CASH" \
LIMIT="NL" STAKES="5.00/10.00">
<PLAYER NAME="Player1" SEAT="1" AMOUNT="1970.00" DEALER="N"></PLAYER>
<PLAYER NAME="Player3" SEAT="5" AMOUNT="4483.86" DEALER="Y"></PLAYER>
<ACTION TYPE="HAND_BLINDS" PLAYER="Player3" KIND="HAND_SB" VALUE="5.00"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="Player1" KIND="HAND_BB" VALUE="10.00"></ACTION>
<ACTION TYPE="{verb}" PLAYER="Player3"></ACTION>
<SHOWDOWN NAME="HAND_SHOWDOWN" POT="10.00" RAKE="0.00">
<RESULT PLAYER="Player1" WIN="10.00"></RESULT></SHOWDOWN></HISTORY>
"""


def test_corrupt_line_names_file_hand_and_line_and_the_file_goes_on() -> None:
    text = HAND.format(verb="ACTION_FLOD") + HAND.format(verb="ACTION_FOLD")
    assert detect(text) is PARSER
    first, second = replay_online_text(text, "boss.xml")
    assert first.outcome is Outcome.UNREADABLE
    assert "boss.xml" in first.message and "1797085457" in first.message
    assert "line 6" in first.message
    assert agrees(second), second.message


# HAND_DEAL shows the history owner's cards and the others' as LINK="b"
# (R-HISTORY-1); the table is the HISTORY's TABLE attribute.
SAMPLE = "Boss/cash/NLHE-GBP-0.05-0.10-Date-unknown.Sample.txt"


def test_R_HISTORY_1_real_hand_names_its_table_and_hero() -> None:
    # TABLE="Table TH 3185"; Hero is dealt LINK 42 and 25, the rest "b"
    hand = real_hand(SAMPLE, "2285641120")
    assert (hand.table, hand.hero) == ("Table TH 3185", "Hero")
    # TABLE="Eva 5": Player3 is dealt LINK 3 and 39 (4d, As)
    other = real_hand("Boss/cash/NLHE-SEK-5.00-10.00-201207.secondsb.txt", "1797085457")
    assert (other.table, other.hero) == ("Eva 5", "Player3")


def test_R_HISTORY_1_real_hand_converts_with_the_hero_cards() -> None:
    # LINK 42: rank 42 % 13 = 3 (a four), suit 42 // 13 = 3 (spades);
    # LINK 25: rank 12 (a king), suit 1 (clubs)
    assert "Dealt to Hero [4s Kc]" in stars_hand(SAMPLE, "2285641120")

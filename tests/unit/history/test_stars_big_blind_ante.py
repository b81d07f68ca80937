"""A big-blind ante in PokerStars text: the lines as PokerStars writes them.

PokerStars prints the ante before the blinds, the big blind's own ante too,
and "and is all-in" on the post that leaves a seat no chips, never on one
with chips behind. The amounts come from the rules: the big blind posts the
ante for the table (R-ANTE-1); a short big blind pays the blind first and
the ante from what is left (TDA), all-in when nothing is left (R-ALLIN-BLIND).
"""

from __future__ import annotations

import pytest

from holdem.cards import parse_cards
from holdem.engine import HandState
from holdem.history import StarsHand, stars_text
from holdem.history.online import Outcome, replay_online_text
from holdem.rules import DealHole, Fold, GameConfig

CONFIG = GameConfig(small_blind=50, big_blind=100, ante=100, big_blind_ante=True)


def _posts(big_blind_stack: int) -> list[str]:
    state = HandState(CONFIG, [1000, big_blind_stack, 1000], CONFIG.forced_bets(3))
    for seat, cards in enumerate(("AsAd", "KsKd", "QsQd")):
        state.apply(DealHole(seat, parse_cards(cards)))
    for action in (Fold(2), Fold(0)):
        if not state.is_complete:
            state.apply(action)
    text = stars_text(StarsHand.from_state(state), 1, tournament=7)
    (read_back,) = replay_online_text(text, "bba.txt")  # our reader takes it
    assert read_back.outcome is Outcome.AGREES, read_back.message
    return [line for line in text.splitlines() if ": posts " in line]


@pytest.mark.parametrize(
    ("stack", "expected"),
    [
        (
            1000,  # deep: the ante first, nobody all-in
            [
                "Player2: posts the ante 100",
                "Player1: posts small blind 50",
                "Player2: posts big blind 100",
            ],
        ),
        (
            150,  # blind 100 first, ante 50 from what is left: 100 behind it
            [
                "Player2: posts the ante 50",
                "Player1: posts small blind 50",
                "Player2: posts big blind 100 and is all-in",
            ],
        ),
        (
            100,  # the blind takes everything: no ante is posted at all
            [
                "Player1: posts small blind 50",
                "Player2: posts big blind 100 and is all-in",
            ],
        ),
    ],
    ids=["deep", "short", "blind-only"],
)
def test_R_ANTE_1_big_blind_ante_lines_come_first_and_all_in_only_at_zero(
    stack: int, expected: list[str]
) -> None:
    assert _posts(stack) == expected

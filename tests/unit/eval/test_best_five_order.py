"""R-HAND-1: the best five cards, in natural order: bigger groups first, then
higher ranks, suits from spades down within a rank; a straight from its top
card (the wheel's ace last); a joker stands where the card it plays would."""

import pytest

from holdem.cards import parse_cards
from holdem.eval import JokerRule, evaluate


@pytest.mark.parametrize(
    ("hand", "five"),
    [
        pytest.param("9c9d9h9sAhKd2c", "9s9h9d9cAh", id="quads-best-kicker"),
        pytest.param("QdQsQh5c5dAsKs", "QsQhQd5d5c", id="full-house"),
        pytest.param("KhKs4c4d9d9c2h", "KsKh9d9c4d", id="best-two-of-three-pairs"),
        pytest.param("JdJsAh9c4d3c2h", "JsJdAh9c4d", id="pair-three-kickers"),
        pytest.param("2hQd9c7s5hAh3d", "AhQd9c7s5h", id="high-card"),
        pytest.param("Ah2c3d4s5h9cKd", "5h4s3d2cAh", id="wheel-ace-last"),
        pytest.param("3h8hAhJh9c5h2h", "AhJh8h5h3h", id="best-five-of-six-hearts"),
        pytest.param("TsJs9sQsKs2d2c", "KsQsJsTs9s", id="straight-flush"),
    ],
)
def test_R_HAND_1_best_five_in_natural_order(hand, five):
    assert evaluate(hand).best_five == parse_cards(five)


@pytest.mark.parametrize(
    ("hand", "five"),
    [
        # The joker plays a 6 on top of 5-4-3-2.
        pytest.param("5h4d3cKd2sJkQc", "Jk5h4d3c2s", id="straight-joker-on-top"),
        # The joker plays the 5 of a wheel: it leads, the ace comes last.
        pytest.param("Ah4d9d3c2sJkTc", "Jk4d3c2sAh", id="wheel-joker-as-five"),
        # The joker pairs the king (as a king of a suit the hand lacks).
        pytest.param("9cKd2sJk5h", "JkKd9c5h2s", id="pair-joker-with-king"),
        # The joker plays an ace of hearts (a card held may be doubled), on top.
        pytest.param("Kh9hJk5h2h", "JkKh9h5h2h", id="flush-joker-as-ace"),
    ],
)
def test_R_DECK_2_joker_stands_where_its_card_would(hand, five):
    assert evaluate(hand, joker_rule=JokerRule.WILD).best_five == parse_cards(five)

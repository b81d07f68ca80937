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
        # A straight takes one card of each rank, the highest suit of a pair.
        pytest.param("9c8d7h6s5c9d8s", "9d8s7h6s5c", id="straight-pairs-on-top"),
        pytest.param("9c8d7h6s5c7s6h", "9c8d7s6s5c", id="straight-pairs-inside"),
        pytest.param("9c8d7h6s5c5sKd", "9c8d7h6s5s", id="straight-pair-at-bottom"),
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
        # The joker doubles the ace of hearts held: equal cards keep the
        # hand's order.
        pytest.param("JkAh9h5h2h", "JkAh9h5h2h", id="flush-joker-doubles-ace"),
        pytest.param("AhJk9h5h2h", "AhJk9h5h2h", id="flush-ace-then-joker"),
        # Adjacent low ranks of a flush keep rank order: 3 before 2.
        pytest.param("2h3hJk9hKh", "JkKh9h3h2h", id="flush-low-ranks-in-order"),
        # Trips made by the joker come before a higher kicker.
        pytest.param("Jk9c9dAh2s", "Jk9d9cAh2s", id="trips-before-ace-kicker"),
        # The joker plays the ace of spades, a card held: equal cards keep
        # the hand's order (here the As first, then the joker).
        pytest.param("AsAdJk9c5h", "AsJkAd9c5h", id="joker-doubles-a-held-card"),
        pytest.param("JkAsAc9c5c", "JkAsAc9c5c", id="joker-first-doubles-spade"),
        # Four jokers with a king: five kings, the real king first (the jokers
        # play kings of a suit below spades).
        pytest.param("JkJkJkJkKs", "KsJkJkJkJk", id="five-kings"),
        # Two jokers fill Q and J of an ace-high straight: the first joker
        # takes the higher card.
        pytest.param("JkJkAhKhTc", "AhKhJkJkTc", id="two-jokers-in-a-straight"),
    ],
)
def test_R_DECK_2_joker_stands_where_its_card_would(hand, five):
    assert evaluate(hand, joker_rule=JokerRule.WILD).best_five == parse_cards(five)

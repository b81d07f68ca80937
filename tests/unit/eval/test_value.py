"""HandValue, HandCategory and the rank code (R-HAND-2, R-HAND-4)."""

import pytest

from holdem.cards import Card, parse_cards
from holdem.eval import HandCategory, HandValue, evaluate, rank_digits, rank_of


def test_R_HAND_2_categories_are_ordered_high_card_to_five_of_a_kind():
    names = [c.name for c in sorted(HandCategory)]
    assert names == [
        "HIGH_CARD", "ONE_PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "STRAIGHT",
        "FLUSH", "FULL_HOUSE", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH", "FIVE_OF_A_KIND",
    ]  # fmt: skip


def test_rank_code_round_trip():
    r = rank_of(HandCategory.TWO_PAIR, 13, 4, 9)
    assert r >> 20 == HandCategory.TWO_PAIR
    assert rank_digits(r) == (13, 4, 9)
    assert rank_of(HandCategory.FIVE_OF_A_KIND, 14) < 2**24


def test_values_compare_and_hash_by_rank_alone():
    a = evaluate(parse_cards("AsAdKc7h2d"))
    b = evaluate(parse_cards("AhAcKd7s2c"))
    c = evaluate(parse_cards("AhAcKd7s3c"))
    assert a == b and hash(a) == hash(b) and a.best_five != b.best_five
    assert a < c and c > b and a <= b and sorted([c, a]) == [a, c]
    assert HandValue.from_rank(a.rank) == a
    assert HandValue.from_rank(a.rank).best_five == ()


def test_value_is_frozen():
    v = HandValue.from_rank(rank_of(HandCategory.HIGH_CARD, 14, 13, 9, 4, 2))
    with pytest.raises(AttributeError):
        v.rank = 0  # type: ignore[misc]


@pytest.mark.parametrize(
    ("category", "digits", "text"),
    [
        (HandCategory.HIGH_CARD, (14, 13, 9, 4, 2), "high card Ace"),
        (HandCategory.ONE_PAIR, (2, 14, 9, 4), "a pair of Twos"),
        (HandCategory.ONE_PAIR, (6, 14, 9, 4), "a pair of Sixes"),
        (HandCategory.TWO_PAIR, (13, 4, 9), "two pair, Kings and Fours"),
        (HandCategory.THREE_OF_A_KIND, (10, 14, 2), "three of a kind, Tens"),
        (HandCategory.STRAIGHT, (9,), "a straight, Five to Nine"),
        (HandCategory.STRAIGHT, (5,), "a straight, Ace to Five"),
        (HandCategory.STRAIGHT, (14,), "a straight, Ten to Ace"),
        (HandCategory.FLUSH, (12, 11, 9, 4, 2), "a flush, Queen high"),
        (HandCategory.FULL_HOUSE, (13, 4), "a full house, Kings full of Fours"),
        (HandCategory.FOUR_OF_A_KIND, (14, 13), "four of a kind, Aces"),
        (HandCategory.STRAIGHT_FLUSH, (13,), "a straight flush, Nine to King"),
        (HandCategory.STRAIGHT_FLUSH, (14,), "a Royal Flush"),
        (HandCategory.FIVE_OF_A_KIND, (3,), "five of a kind, Threes"),
    ],
)
def test_descriptions_use_hand_history_wording(category, digits, text):
    v = HandValue.from_rank(rank_of(category, *digits))
    assert v.describe() == str(v) == text
    assert v.category is category
    assert v.ranks == digits


def test_values_from_evaluate_behave_as_hand_values():
    import copy
    import pickle

    v = evaluate("KhKdKc4s4d2c3c")
    assert isinstance(v, HandValue)
    fresh = HandValue(v.rank, v.best_five)
    assert v == fresh and hash(v) == hash(fresh) and not v < fresh
    back = pickle.loads(pickle.dumps(v))
    assert back == v and back.best_five == v.best_five
    assert copy.copy(v) == v
    assert eval(repr(v), {"HandValue": HandValue, "Card": Card}) == v
    with pytest.raises(AttributeError):
        v.rank = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        v.best_five = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        v < 5  # noqa: B015
    assert v != v.rank

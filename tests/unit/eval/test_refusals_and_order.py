"""Refusals of evaluate_batch and the order of HandValue, pinned down where
the mutation job (docs/mutation.md) found them loose. Card codes follow
holdem.cards: ``2c`` is 0, ``2s`` is 3, ``As`` is 51, jokers are 52..55."""

import numpy as np
import pytest

from holdem.cards import parse_cards
from holdem.errors import InvalidInputError
from holdem.eval import HandValue, evaluate, evaluate_batch
from holdem.eval.single import rank_codes
from holdem.eval.tables import nonflush_value
from holdem.eval.value import HandCategory, rank_digits, rank_of


@pytest.mark.parametrize("engine", ["numba", "numpy"])
@pytest.mark.parametrize(
    ("rows", "message"),
    [
        # As (51) is a card: a row holding it twice names the repeat.
        ([[51, 51, 0, 1, 2]], "row 0: card As appears twice"),
        # The repeated card is named, not the first card of the row.
        ([[0, 1, 2, 3, 3]], "row 0: card 2s appears twice"),
        ([[0, 1, 2, 3, 53]], "row 0: code 53 is a joker"),
        ([[0, 1, 2, 3, 56]], "row 0: code 56 is not a card"),
    ],
)
def test_R_DECK_1_bad_batch_rows_are_named(engine, rows, message):
    with pytest.raises(InvalidInputError, match=message) as info:
        evaluate_batch(np.array(rows), engine=engine)
    if "joker" in message:
        assert "rank_codes" in str(info.value)  # what to use instead


@pytest.mark.parametrize("code", [52, 53, 54, 55])
def test_R_DECK_2_every_joker_code_is_called_a_joker(code):
    with pytest.raises(InvalidInputError, match=f"code {code} is a joker"):
        evaluate_batch(np.array([[0, 1, 2, 3, code]]), engine="numpy")


def test_R_HAND_4_hand_values_order_strictly():
    """R-HAND-4: a higher category beats a lower one; equal hands tie."""
    flush = evaluate("AhJh8h5h2h")
    straight = evaluate("9c8d7h6s5c")
    same_straight = evaluate("9h8s7d6c5d")
    assert flush > straight and not straight > flush
    assert not straight > same_straight and not same_straight > straight
    assert flush >= straight and not straight >= flush
    assert straight >= same_straight and same_straight >= straight
    assert straight < flush and straight <= same_straight


def test_from_rank_keeps_the_best_five_it_is_given():
    five = parse_cards("AhJh8h5h2h")
    value = evaluate(five)
    wrapped = HandValue.from_rank(value.rank, five)
    assert wrapped.best_five == five
    assert wrapped == value and wrapped.cards_text() == "AhJh8h5h2h"


def _counts(**by_rank: int) -> list[int]:
    """A nonflush_value multiset: ``counts[r]`` cards of rank r (2..14)."""
    ranks = {"A": 14, "K": 13, "Q": 12, "J": 11, "9": 9, "8": 8, "2": 2}
    counts = [0] * 15
    for name, n in by_rank.items():
        counts[ranks[name]] = n
    return counts


def test_R_DECK_2_five_or_more_of_a_rank_are_five_of_a_kind():
    """R-DECK-2: a wild joker may repeat a rank held, so a multiset may hold
    five or six kings: five of a kind, above any four of a kind."""
    five_kings = nonflush_value(_counts(K=5))
    six_kings = nonflush_value(_counts(K=6, Q=1))
    for value in (five_kings, six_kings):
        hand = HandValue.from_rank(value)
        assert hand.category is HandCategory.FIVE_OF_A_KIND
        assert rank_digits(value)[0] == 13
    assert five_kings == six_kings
    assert nonflush_value(_counts(A=5)) > five_kings
    assert five_kings > nonflush_value(_counts(A=4, K=1))
    assert five_kings > evaluate("AsKsQsJsTs").rank


def test_R_HAND_1_four_of_a_kind_plays_one_kicker():
    """R-HAND-1: the best five of four aces, a king and a queen are the aces
    and the king; the queen plays no part."""
    quads_king = nonflush_value(_counts(A=4, K=1))
    assert nonflush_value(_counts(A=4, K=1, Q=1)) == quads_king
    assert nonflush_value(_counts(A=4, K=1, **{"2": 1})) == quads_king
    assert quads_king > nonflush_value(_counts(A=4, Q=1))


@pytest.mark.parametrize(
    ("counts", "category", "digits"),
    [
        # three kings, then the two best other ranks
        ({"K": 3, "A": 1, "Q": 1, "J": 1, "9": 1}, "THREE_OF_A_KIND", (13, 14, 12)),
        ({"K": 3, "A": 1, "Q": 1, "J": 1}, "THREE_OF_A_KIND", (13, 14, 12)),
        # three pairs: the two best pairs and the best card left (a queen)
        ({"A": 2, "K": 2, "Q": 2, "J": 1}, "TWO_PAIR", (14, 13, 12)),
        ({"A": 2, "K": 2, "Q": 1, "J": 1, "9": 1}, "TWO_PAIR", (14, 13, 12)),
        # one pair: the pair and the three best other ranks
        (
            {"A": 2, "K": 1, "Q": 1, "J": 1, "9": 1, "8": 1},
            "ONE_PAIR",
            (14, 13, 12, 11),
        ),
        ({"A": 2, "K": 1, "Q": 1, "J": 1, "9": 1}, "ONE_PAIR", (14, 13, 12, 11)),
        # no pair and no straight: the five best ranks
        (
            {"A": 1, "K": 1, "Q": 1, "J": 1, "9": 1, "8": 1, "2": 1},
            "HIGH_CARD",
            (14, 13, 12, 11, 9),
        ),
        (
            {"A": 1, "K": 1, "Q": 1, "J": 1, "9": 1, "8": 1},
            "HIGH_CARD",
            (14, 13, 12, 11, 9),
        ),
    ],
)
def test_R_HAND_1_cards_past_the_best_five_play_no_part(counts, category, digits):
    """R-HAND-1: of six or seven cards only the best five count, so the
    kickers stop at five cards (nonflush_value takes any number of cards)."""
    value = nonflush_value(_counts(**counts))
    assert value == rank_of(HandCategory[category], *digits)
    assert rank_digits(value) == digits


@pytest.mark.parametrize("cards", [None, 123, 4.5])
def test_evaluate_refuses_what_is_not_cards_with_invalid_input(cards):
    with pytest.raises(InvalidInputError, match="cards must be a string or a sequence"):
        evaluate(cards)


@pytest.mark.parametrize("cards", ["AsKsQsJsTs", "AsKsQsJsTs9h"])
def test_evaluate_refuses_an_unknown_joker_rule_naming_the_valid_ones(cards):
    # (seven cards without a joker take a fast path that never reads the rule)
    with pytest.raises(InvalidInputError, match="'wild', 'bug'") as info:
        evaluate(parse_cards(cards), "nope")  # type: ignore[arg-type]
    assert "nope" in str(info.value)


# A refusal shows the value it refuses in at most 40 characters: a longer
# repr keeps its first 37 and "...", an int over 64 bits is named by its
# size (a huge int's repr is slow, and over 4,300 digits it raises), and a
# value whose repr raises is named by its type.
FIVE = "AsKsQsJsTs"


def _refusal(cards: object, joker_rule: object = "wild") -> str:
    with pytest.raises(InvalidInputError) as info:
        evaluate(cards, joker_rule)  # type: ignore[arg-type]
    return str(info.value)


@pytest.mark.parametrize(
    ("rule", "shown"),
    [
        ("nope", "'nope'"),
        ("x" * 38, "'" + "x" * 38 + "'"),  # a repr of exactly 40: whole
        ("x" * 39, "'" + "x" * 36 + "..."),  # a repr of 41: cut to 40
        ("y" * 60, "'" + "y" * 36 + "..."),
    ],
)
def test_evaluate_refusal_shows_the_value_in_at_most_40_characters(rule, shown):
    message = _refusal(parse_cards(FIVE), rule)
    assert message.endswith(f"(a JokerRule), got {shown}")
    assert len(shown) <= 40


@pytest.mark.parametrize(
    ("cards", "shown"),
    [
        (2**64 - 1, "18446744073709551615"),  # 64 bits: shown as it is
        (2**64, "an int of 65 bits"),
        (-(2**200), "an int of 201 bits"),
    ],
)
def test_evaluate_refusal_names_an_int_over_64_bits_by_its_size(cards, shown):
    assert _refusal(cards).endswith(f"got {shown} (int)")


class _BrokenRepr:
    def __repr__(self) -> str:
        raise RuntimeError("broken repr")


def test_evaluate_refusal_names_a_value_with_a_broken_repr_by_its_type():
    message = _refusal([_BrokenRepr()] * 5)
    assert message == "evaluate takes Card values, got a _BrokenRepr"


@pytest.mark.parametrize(("codes", "kind"), [(5, "int"), (None, "NoneType")])
def test_rank_codes_refuses_what_is_not_a_sequence_naming_its_type(codes, kind):
    """A bad hand is refused saying what was wrong (the full mutation run
    of 2026-11-30: check_codes's message could be dropped unseen)."""
    with pytest.raises(InvalidInputError) as info:
        rank_codes(codes)  # type: ignore[arg-type]
    assert str(info.value) == f"a hand is a sequence of card codes, got {kind}"


def test_R_DECK_2_ranker_takes_a_joker_rule_by_its_value():
    """R-DECK-2: the joker rule may be given as its value ("wild", "bug"),
    as the refusals name them; "wild" is the plain ranking itself."""
    from holdem.eval.single import bug_rank_codes, ranker

    assert ranker("wild") is rank_codes  # type: ignore[arg-type]
    assert ranker("bug") is bug_rank_codes  # type: ignore[arg-type]

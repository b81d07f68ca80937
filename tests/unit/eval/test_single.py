"""The per-call evaluator: rank_codes, rank5..7, evaluate (R-HAND-1..5, R-DECK-2)."""

import random
from itertools import combinations

import pytest
from eval_oracle import best_codes, value5
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.cards import Card, parse_cards
from holdem.errors import InvalidInputError
from holdem.eval import (
    HandCategory,
    JokerRule,
    bug_rank_codes,
    check_codes,
    evaluate,
    rank5,
    rank6,
    rank7,
    rank_codes,
    rank_digits,
)


def codes(text: str) -> list[int]:
    return [c.code for c in parse_cards(text)]


def as_pair(rank: int) -> tuple[int, tuple[int, ...]]:
    return (rank >> 20, rank_digits(rank))


hands = st.integers(5, 7).flatmap(
    lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)
)


@given(hands)
def test_R_HAND_2_value_matches_an_independent_evaluator(hand):
    assert as_pair(rank_codes(hand)) == best_codes(hand)


@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
def test_R_HAND_1_seven_cards_are_worth_the_best_of_their_21_fives(hand):
    assert rank_codes(hand) == max(rank_codes(list(f)) for f in combinations(hand, 5))


@given(st.lists(st.integers(0, 51), min_size=6, max_size=6, unique=True))
def test_R_HAND_1_six_cards_are_worth_the_best_of_their_6_fives(hand):
    assert rank_codes(hand) == max(rank_codes(list(f)) for f in combinations(hand, 5))


def test_rank_codes_agrees_with_an_independent_evaluator_on_many_random_hands():
    rng = random.Random(20260529)
    for _ in range(3000):
        hand = rng.sample(range(52), rng.choice((5, 6, 7)))
        assert as_pair(rank_codes(hand)) == best_codes(hand)


def test_R_HAND_2_seven_card_flushes_of_each_suit_match_the_oracle():
    """Five, six or seven cards of one suit (straight flushes among them),
    for each suit: every 7-card entry point takes its flush path."""
    rng = random.Random(20260530)
    for suit in range(4):
        for suited in (5, 6, 7):
            for _ in range(60):
                ranks = rng.sample(range(13), suited)
                if rng.random() < 0.3:  # a run of five (the wheel when top is 3)
                    top = rng.randrange(3, 13)
                    run = {12, 0, 1, 2, 3} if top == 3 else set(range(top - 4, top + 1))
                    rest = [r for r in ranks if r not in run]
                    ranks = [*run, *rest[: suited - 5]]
                hand = [4 * r + suit for r in ranks]
                others = [c for c in range(52) if c & 3 != suit]
                hand += rng.sample(others, 7 - len(hand))
                rng.shuffle(hand)
                want = best_codes(hand)
                assert as_pair(rank_codes(hand)) == want, hand
                assert as_pair(rank7(*hand)) == want, hand
                cards = [Card.from_code(c) for c in hand]
                text = "".join(str(c) for c in cards)
                assert as_pair(evaluate(parse_cards(text)).rank) == want, text
                assert as_pair(evaluate(tuple(cards)).rank) == want, text


@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
def test_positional_and_sequence_paths_agree(hand):
    assert rank7(*hand) == rank_codes(hand) == rank_codes(tuple(hand))
    assert rank6(*hand[:6]) == rank_codes(hand[:6])
    assert rank5(*hand[:5]) == rank_codes(hand[:5])


@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True), st.randoms())
def test_card_order_does_not_matter(hand, rnd):
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    assert rank_codes(shuffled) == rank_codes(hand)


def test_R_HAND_3_wheel_is_lowest_straight():
    wheel = rank_codes(codes("Ah2c3d4s5h"))
    six_high = rank_codes(codes("2c3d4s5h6c"))
    trips = rank_codes(codes("KhKcKdQs2h"))
    assert trips < wheel < six_high
    assert evaluate(parse_cards("Ah2c3d4s5h")).describe() == "a straight, Ace to Five"
    # the ace plays low: the five, not the ace, is the top card
    assert rank_digits(wheel) == (5,)


def test_R_HAND_3_steel_wheel_is_lowest_straight_flush():
    steel = evaluate(parse_cards("As2s3s4s5s"))
    assert steel.category is HandCategory.STRAIGHT_FLUSH
    assert steel.describe() == "a straight flush, Ace to Five"
    assert [str(c) for c in steel.best_five] == ["5s", "4s", "3s", "2s", "As"]
    assert steel < evaluate(parse_cards("2h3h4h5h6h"))
    assert steel > evaluate(parse_cards("AcAdAhAs2c"))  # above four of a kind


def test_R_HAND_3_no_wrap_around():
    v = evaluate(parse_cards("QhKdAc2s3h"))
    assert v.category is HandCategory.HIGH_CARD


def test_R_HAND_3_wheel_in_seven_cards_loses_to_six_high():
    assert rank_codes(codes("Ah2c3d4s5h6c9d")) == rank_codes(codes("2c3d4s5h6c"))


def test_R_HAND_5_suits_never_break_ties():
    rng = random.Random(5)
    for _ in range(500):
        hand = rng.sample(range(52), 7)
        perm = rng.sample(range(4), 4)  # rename the suits
        renamed = [(c >> 2) * 4 + perm[c & 3] for c in hand]
        assert rank_codes(renamed) == rank_codes(hand)
    assert rank_codes(codes("AsKsQsJs9s")) == rank_codes(codes("AhKhQhJh9h"))
    assert rank_codes(codes("AsAdKc7h2d")) == rank_codes(codes("AhAcKd7s2c"))


def test_R_HAND_4_a_sixth_or_seventh_card_never_breaks_a_tie():
    board = "AhAdKcKs9h"
    assert rank_codes(codes("2c3d" + board)) == rank_codes(codes("4c5d" + board))
    assert rank_codes(codes("Qc3d" + board)) > rank_codes(codes("4c5d" + board))


def test_R_HAND_4_kickers_decide_within_a_category():
    assert rank_codes(codes("JsJdAh9c4d")) > rank_codes(codes("JhJcKh9d4c"))
    assert rank_codes(codes("KhKc4s4d9d")) > rank_codes(codes("KsKd4h4c8c"))
    assert rank_codes(codes("QhJh9h4h2h")) > rank_codes(codes("QcJc9c3c2c"))


@pytest.mark.parametrize(
    ("text", "category", "best", "description"),
    [
        ("AsKsQsJsTs9h2c", "STRAIGHT_FLUSH", "AsKsQsJsTs", "a Royal Flush"),
        (
            "9s8s7s6s5s",
            "STRAIGHT_FLUSH",
            "9s8s7s6s5s",
            "a straight flush, Five to Nine",
        ),
        ("KhKcKdKs2c3c", "FOUR_OF_A_KIND", "KsKhKdKc3c", "four of a kind, Kings"),
        (
            "KhKcKd4s4d2c",
            "FULL_HOUSE",
            "KhKdKc4s4d",
            "a full house, Kings full of Fours",
        ),
        ("QhJh9h4h2hKc", "FLUSH", "QhJh9h4h2h", "a flush, Queen high"),
        ("5d6c7h8s9c2d", "STRAIGHT", "9c8s7h6c5d", "a straight, Five to Nine"),
        ("7h7c7dAs2d", "THREE_OF_A_KIND", "7h7d7cAs2d", "three of a kind, Sevens"),
        ("Kh4c9dKs4d2c3c", "TWO_PAIR", "KsKh4d4c9d", "two pair, Kings and Fours"),
        ("JsJdAh9c4d", "ONE_PAIR", "JsJdAh9c4d", "a pair of Jacks"),
        ("6s6hAh9c4d", "ONE_PAIR", "6s6hAh9c4d", "a pair of Sixes"),
        ("AhKd9c4s2d", "HIGH_CARD", "AhKd9c4s2d", "high card Ace"),
    ],
)
def test_R_HAND_2_categories_best_five_and_description(
    text, category, best, description
):
    v = evaluate(parse_cards(text))
    assert v.category.name == category
    assert v.cards_text() == best
    assert v.describe() == str(v) == description


@given(hands)
def test_best_five_are_from_the_hand_and_worth_its_value(hand):
    cards = [Card.from_code(c) for c in hand]
    v = evaluate(cards)
    assert len(v.best_five) == 5
    assert set(v.best_five) <= set(cards)
    assert rank_codes([c.code for c in v.best_five]) == v.rank == rank_codes(hand)


# --- jokers (R-DECK-2) ---------------------------------------------------------


@settings(max_examples=60)
@given(
    st.integers(4, 6).flatmap(
        lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)
    ),
    st.sampled_from([52, 53]),
)
def test_R_DECK_2_one_joker_is_the_best_card_it_could_be(real, joker):
    hand = [*real, joker]
    assert as_pair(rank_codes(hand)) == best_codes(hand)


@settings(max_examples=12)
@given(
    st.integers(3, 5).flatmap(
        lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)
    )
)
def test_R_DECK_2_two_jokers_are_the_best_cards_they_could_be(real):
    hand = [52, *real, 53]
    assert as_pair(rank_codes(hand)) == best_codes(hand)


def test_R_HAND_2_five_of_a_kind_is_the_top_category():
    five = evaluate(parse_cards("ThTcTdTsJk"))
    assert five.category is HandCategory.FIVE_OF_A_KIND
    assert five.describe() == "five of a kind, Tens"
    assert five > evaluate(parse_cards("AsKsQsJsTs"))
    two_jokers = evaluate(parse_cards("QhQdQcJkJk"))
    assert two_jokers.category is HandCategory.FIVE_OF_A_KIND
    assert two_jokers > five
    four = evaluate(parse_cards("QhQdJkJk5c"))  # two jokers and a pair: four Queens
    assert four.category is HandCategory.FOUR_OF_A_KIND


def test_R_DECK_2_joker_best_five_and_flush_with_a_repeated_rank():
    v = evaluate(parse_cards("9s8s7s6sJk2c3d"))
    assert v.describe() == "a straight flush, Six to Ten"
    assert [str(c) for c in v.best_five] == ["Jk", "9s", "8s", "7s", "6s"]
    # The joker may repeat a card held: A A K 9 5 of spades beats A K Q 9 5.
    doubled = evaluate(parse_cards("AsKs9s5sJk2d3c"))
    assert doubled.category is HandCategory.FLUSH
    assert doubled.ranks == (14, 14, 13, 9, 5)
    assert doubled > evaluate(parse_cards("AsKsQs9s5s"))


def test_jokers_through_every_entry_point_agree():
    hand = codes("JkAhAd7c2s")
    assert rank_codes(hand) == rank5(*hand) == evaluate(parse_cards("JkAhAd7c2s")).rank
    assert evaluate(parse_cards("JkAhAd7c2s")).category is HandCategory.THREE_OF_A_KIND


# --- bad input -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (list(range(8)), "5, 6 or 7 cards"),
        ([0, 1, 2, 3], "5, 6 or 7 cards"),
        ([0, 1, 2, 3, 56], "code must be an int 0..55, got 56"),
        ([0, 1, 2, 3, -1], "got -1"),
        ([0, 1, 2, 3, 200], "got 200"),
        ([0, 1, 2, 3, 3.0], "got 3.0"),
        ([0, 1, 2, 3, "As"], "got 'As'"),
        ([51, 51, 51, 51, 51], "card As appears twice"),
        ([52, 52, 1, 2, 3], "card Jk appears twice"),
    ],
)
def test_bad_hands_are_refused_with_the_reason(hand, message):
    with pytest.raises(InvalidInputError, match=message):
        rank_codes(hand)
    with pytest.raises(InvalidInputError, match=message):
        check_codes(hand)


def test_check_codes_finds_every_repeated_card():
    # rank_codes, for speed, misses a repeat that still makes a possible hand
    # (documented); check_codes and evaluate never do.
    hand = [51, 47, 43, 39, 35, 51, 51]
    with pytest.raises(InvalidInputError, match="card As appears twice"):
        check_codes(hand)
    with pytest.raises(InvalidInputError, match="card As appears twice"):
        evaluate([Card.from_code(c) for c in hand])


@pytest.mark.parametrize("bad", [56, 111, -1, -56, 200, 3.0, "As", None])
@pytest.mark.parametrize("size", [5, 6, 7])
def test_R_DECK_1_a_bad_code_in_any_position_is_refused(bad, size):
    """The fast paths read keys two cards at a time: a code that is not a card
    (R-DECK-1: 0..51, jokers 52..55 by R-DECK-2) is caught in either place of a
    pair and in the odd last place, by the sequence and the positional paths."""
    rank_codes(range(size))  # tables loaded: the fast path is what is tested
    positional = {5: rank5, 6: rank6, 7: rank7}[size]
    for at in range(size):
        hand = [4 * i + 1 for i in range(size)]
        hand[at] = bad
        with pytest.raises(InvalidInputError, match=r"code must be an int 0\.\.55"):
            rank_codes(tuple(hand))
        with pytest.raises(InvalidInputError, match=r"code must be an int 0\.\.55"):
            positional(*hand)


def test_rank_n_positional_refuse_bad_codes():
    with pytest.raises(InvalidInputError, match="got 99"):
        rank7(0, 1, 2, 3, 4, 5, 99)
    with pytest.raises(InvalidInputError, match="got -3"):
        rank5(0, 1, 2, 3, -3)


def test_evaluate_refuses_non_cards_and_duplicates():
    with pytest.raises(InvalidInputError, match="Card values"):
        evaluate([51, 50, 49, 48, 47])
    with pytest.raises(InvalidInputError, match="appears twice"):
        evaluate([Card.from_code(51)] * 2 + list(parse_cards("2c3c4c")))
    with pytest.raises(InvalidInputError, match="5, 6 or 7 cards"):
        evaluate(parse_cards("AsKs"))


@settings(max_examples=60)
@given(
    st.lists(st.integers(0, 51), min_size=3, max_size=4, unique=True),
    st.data(),
)
def test_R_DECK_2_joker_stand_ins_make_the_value(real, data):
    from holdem.eval.wild import stand_ins, wild_rank

    jokers = 5 - len(real)
    rank = wild_rank(real, jokers)
    stand = stand_ins(real, jokers, rank)
    cards = [((c >> 2) + 2, c & 3) for c in [*real, *stand]]
    assert value5(cards) == as_pair(rank)
    hand = [Card.from_code(c) for c in [*real, 52, 53][:5]]
    order = data.draw(st.permutations(hand))
    assert rank_codes([c.code for c in evaluate(order).best_five]) == rank


def test_evaluate_fast_path_on_parsed_cards_equals_rank_codes():
    """Seven cards from parse_cards take evaluate's fast path (no repeat check:
    parse_cards refused repeats); flushes and jokers included."""
    rng = random.Random(11)
    texts = ["AsKs9s5s2s7h8d", "9s8s7s6sJk2c3d", "AsKs9s5s2sJk3d", "ThTcTdTsJk2c3d"]
    for _ in range(3000):
        texts.append("".join(str(Card.from_code(c)) for c in rng.sample(range(52), 7)))
    for text in texts:
        cards = parse_cards(text)
        v = evaluate(cards)
        assert v.rank == rank_codes([c.code for c in cards]), text
        assert rank_codes([c.code for c in v.best_five]) == v.rank
    assert evaluate("AsKs9s5s2sJk3d").ranks == (14, 14, 13, 9, 5)  # wild joker


def test_evaluate_on_plain_tuples_and_lists_checks_repeats():
    rng = random.Random(12)
    for _ in range(2000):
        codes_ = rng.sample(range(52), 7)
        cards = [Card.from_code(c) for c in codes_]
        assert evaluate(cards).rank == evaluate(tuple(cards)).rank == rank_codes(codes_)
        cards[rng.randrange(7)] = cards[rng.randrange(7)]
        if len(set(cards)) < 7:
            with pytest.raises(InvalidInputError, match="appears twice"):
                evaluate(tuple(cards))


def test_joker_rule_may_be_passed_by_position():
    # R-DECK-2: under the bug rule this joker is an ace (no straight or flush
    # to complete), under the wild rule it pairs the king.
    hand = parse_cards("Jk2c7d9hKs4d3s")
    hand_codes = [c.code for c in hand]
    by_position = evaluate(hand, JokerRule.BUG)
    assert by_position.rank == evaluate(hand, joker_rule=JokerRule.BUG).rank
    assert by_position.rank == bug_rank_codes(hand_codes)
    assert evaluate(hand, JokerRule.WILD).rank == rank_codes(hand_codes)
    assert str(by_position) == "high card Ace"
    assert str(evaluate(hand)) == "a pair of Kings"

"""Up to four jokers, wild or "bug" (R-DECK-2), against a brute force over
stand-in cards (eval_oracle) that knows nothing of holdem.eval."""

from functools import cache
from itertools import combinations, islice, permutations

import pytest
from eval_oracle import best_with_jokers
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.cards import parse_cards
from holdem.errors import InvalidInputError
from holdem.eval import (
    HandCategory,
    JokerRule,
    bug_rank_codes,
    evaluate,
    rank_codes,
    rank_digits,
    ranker,
)

JOKERS = (52, 53, 54, 55)
RULES = {"wild": rank_codes, "bug": bug_rank_codes}


def as_pair(rank: int) -> tuple[int, tuple[int, ...]]:
    return (rank >> 20, rank_digits(rank))


def canonical(real: tuple[int, ...]) -> tuple[int, ...]:
    """The hand with its suits renamed to the smallest form (R-HAND-5)."""
    return min(
        tuple(sorted((c >> 2) * 4 + perm[c & 3] for c in real))
        for perm in permutations(range(4))
    )


@cache
def classes(count: int) -> list[tuple[int, ...]]:
    """One hand of ``count`` real cards per class of suit renamings."""
    return sorted({canonical(real) for real in combinations(range(52), count)})


@pytest.mark.parametrize("rule", ["wild", "bug"])
@pytest.mark.parametrize("jokers", [3, 4])
def test_R_DECK_2_every_five_card_hand_with_three_or_four_jokers(rule, jokers):
    """Exhaustive: every five-card hand of 3 or 4 jokers (one per suit class)."""
    for real in classes(5 - jokers):
        hand = [*real, *JOKERS[:jokers]]
        assert as_pair(RULES[rule](hand)) == best_with_jokers(hand, rule), hand


@pytest.mark.parametrize("rule", ["wild", "bug"])
@pytest.mark.parametrize("jokers", [1, 2])
def test_R_DECK_2_five_card_hands_with_one_or_two_jokers(rule, jokers):
    sample = (
        islice(combinations(range(52), 4), 0, None, 331)
        if jokers == 1
        else classes(3)[::3]
    )
    for real in sample:
        hand = [*real, *JOKERS[:jokers]]
        assert as_pair(RULES[rule](hand)) == best_with_jokers(hand, rule), hand


def best_of_fives(rank, hand):
    return max(rank(list(five)) for five in combinations(hand, 5))


@pytest.mark.parametrize("rule", ["wild", "bug"])
@pytest.mark.parametrize(("size", "jokers"), [(6, 4), (6, 3), (7, 4)])
def test_R_HAND_1_hands_with_jokers_are_worth_their_best_five(rule, size, jokers):
    """Exhaustive over suit classes: 6 or 7 cards with 3 or 4 jokers are worth
    the best of their fives (each five checked against the oracle above)."""
    rank = RULES[rule]
    for real in classes(size - jokers):
        hand = [*real, *JOKERS[:jokers]]
        assert rank(hand) == best_of_fives(rank, hand), hand


@pytest.mark.slow
@pytest.mark.parametrize("rule", ["wild", "bug"])
def test_R_HAND_1_seven_cards_with_three_jokers_are_worth_their_best_five(rule):
    rank = RULES[rule]
    for real in classes(4):
        hand = [*real, *JOKERS[:3]]
        assert rank(hand) == best_of_fives(rank, hand), hand


hands_with_jokers = st.integers(1, 4).flatmap(
    lambda j: st.integers(5, 7).flatmap(
        lambda n: st.lists(
            st.integers(0, 51), min_size=n - j, max_size=n - j, unique=True
        ).map(lambda real: [*real, *JOKERS[:j]])
    )
)


@settings(max_examples=40, deadline=None)
@given(hands_with_jokers, st.sampled_from(["wild", "bug"]))
def test_R_DECK_2_jokers_match_the_brute_force(hand, rule):
    assert as_pair(RULES[rule](hand)) == best_with_jokers(hand, rule)


@settings(max_examples=40, deadline=None)
@given(hands_with_jokers, st.sampled_from(["wild", "bug"]), st.randoms())
def test_R_DECK_2_best_five_with_jokers_is_worth_the_value(hand, rule, rnd):
    rnd.shuffle(hand)
    text = "".join(
        "Jk" if c >= 52 else "23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in hand
    )
    v = evaluate(text, joker_rule=JokerRule(rule))
    assert v.rank == RULES[rule](hand)
    five = v.best_five
    assert len(five) == 5 and set(five) <= set(parse_cards(text))
    assert RULES[rule]([c.code for c in five]) == v.rank


# --- cases -----------------------------------------------------------------------


def value(text: str, rule: str = "wild"):
    return evaluate(text, joker_rule=JokerRule(rule))


def test_R_DECK_2_two_queens_and_three_jokers_are_five_queens():
    """The Finnish seed's example of five of a kind."""
    v = value("QhQdJkJkJk")
    assert v.category is HandCategory.FIVE_OF_A_KIND and v.ranks == (12,)
    assert v.describe() == "five of a kind, Queens"
    assert value("QhJkJkJkJk").ranks == (12,)  # four jokers and any card
    # Under the bug the three jokers are aces: aces full of queens.
    bug = value("QhQdJkJkJk", "bug")
    assert (bug.category, bug.ranks) == (HandCategory.FULL_HOUSE, (14, 12))


@pytest.mark.parametrize(
    ("text", "category", "ranks"),
    [
        ("AhAdAcAsJk", "FIVE_OF_A_KIND", (14,)),  # five aces, the top hand
        ("KhKdKcKsJk", "FOUR_OF_A_KIND", (13, 14)),  # never five kings
        ("KhKdKc7sJk", "THREE_OF_A_KIND", (13, 14, 7)),  # never four kings
        ("KhKd7c2sJk", "ONE_PAIR", (13, 14, 7, 2)),
        ("AsKs9s5sJk", "FLUSH", (14, 13, 12, 9, 5)),  # highest card not held
        ("7h6d5c4sJk", "STRAIGHT", (8,)),  # the 8, not the 3
        ("9s8s7s6sJk", "STRAIGHT_FLUSH", (10,)),
        ("KsQsJsTsJk", "STRAIGHT_FLUSH", (14,)),  # a royal flush
        ("2h3d4c5sJk", "STRAIGHT", (6,)),
        ("AhAdJkJk9c", "FOUR_OF_A_KIND", (14, 9)),
        ("AhAdAcJkJk", "FIVE_OF_A_KIND", (14,)),
        ("KhQd8c2sJkJk5h", "ONE_PAIR", (14, 13, 12, 8)),  # two aces
        ("KhQd9c2sJkJk5h", "STRAIGHT", (13,)),  # the jack and the ten
    ],
)
def test_R_DECK_2_bug_counts_only_as_an_ace_or_to_complete_a_straight_or_flush(
    text, category, ranks
):
    v = value(text, "bug")
    assert (v.category.name, v.ranks) == (category, ranks)


def test_R_DECK_2_bug_and_wild_differ_where_the_rule_says():
    assert value("KhKdKcKsJk").category is HandCategory.FIVE_OF_A_KIND
    assert value("AsKs9s5sJk").ranks == (14, 14, 13, 9, 5)  # wild: two aces
    assert value("KhKdKc7sJk").category is HandCategory.FOUR_OF_A_KIND
    # Without a joker the rules agree.
    hand = [c.code for c in parse_cards("AsKs9s5s2d7c8h")]
    assert bug_rank_codes(hand) == rank_codes(hand)


def test_ranker_gives_the_rank_function_of_a_rule():
    assert ranker(JokerRule.WILD) is rank_codes
    assert ranker() is rank_codes
    assert ranker(JokerRule.BUG) is bug_rank_codes
    assert ranker("bug") is bug_rank_codes
    with pytest.raises(InvalidInputError, match="JokerRule"):
        ranker("half-wild")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="appears twice"):
        bug_rank_codes([52, 52, 1, 2, 3])


@pytest.mark.parametrize("rule", ["wild", "bug"])
def test_R_DECK_2_case_100_one_joker_fills_an_inside_straight_ten_high(rule):
    """Case 100: hole Jk Tc, board 5c 6h 7d 9c 4d. The joker can be the 8
    (6-7-8-9-T, ten high); a jack-high straight would need an 8 and a jack.
    Three clubs make no flush. The bug rule lets a joker complete a straight:
    the same hand."""
    v = value("5c6h7d9c4dJkTc", rule)
    assert v.category is HandCategory.STRAIGHT
    assert v.ranks == (10,)  # ten high
    assert set(v.best_five) == set(parse_cards("Tc9cJk7d6h"))
    assert v.describe() == "a straight, Six to Ten"

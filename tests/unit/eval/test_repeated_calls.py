"""rank5, rank6, rank7 and rank_codes give the same value on every call (R-HAND-2).

The positional entry points take a fast path once the tables are loaded and
fall back to the full ranking otherwise; a mutant that was right on the first
call of a process and wrong on the second survived a small hypothesis budget
(issue 22). Each hand is ranked twice in a row, and hands alternate, flushes
(the 5- and 6-card flush shortcut) among them, against the independent
oracle of tests/unit/eval.
"""

from __future__ import annotations

import random

from eval_oracle import best_codes

from holdem.eval import rank5, rank6, rank7, rank_codes, rank_digits

_POSITIONAL = {5: rank5, 6: rank6, 7: rank7}


def _pair(rank: int) -> tuple[int, tuple[int, ...]]:
    return (rank >> 20, rank_digits(rank))


def _hands() -> list[list[int]]:
    """Random hands of 5, 6 and 7 cards; every other one holds a flush."""
    rng = random.Random(20261202)
    hands = []
    for i in range(600):
        size = 5 + i % 3
        if i % 2:
            suit = rng.randrange(4)
            suited = rng.randint(5, size)
            hand = [4 * r + suit for r in rng.sample(range(13), suited)]
            others = [c for c in range(52) if c & 3 != suit]
            hand += rng.sample(others, size - suited)
            rng.shuffle(hand)
        else:
            hand = rng.sample(range(52), size)
        hands.append(hand)
    return hands


def test_R_HAND_2_the_same_hand_twice_gets_the_oracle_value_both_times() -> None:
    for hand in _hands():
        want = best_codes(hand)
        rank = _POSITIONAL[len(hand)]
        first, second = rank(*hand), rank(*hand)
        assert _pair(first) == want, hand
        assert second == first, hand
        assert rank_codes(hand) == rank_codes(hand) == first, hand


def test_R_HAND_2_hands_in_turn_each_get_the_oracle_value() -> None:
    hands = _hands()
    wants = [best_codes(h) for h in hands]
    for _ in range(2):
        for hand, want in zip(hands, wants, strict=True):
            assert _pair(_POSITIONAL[len(hand)](*hand)) == want, hand
            assert _pair(rank_codes(hand)) == want, hand

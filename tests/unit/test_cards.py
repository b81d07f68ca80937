"""Cards and the deck (R-DECK-1, R-DECK-2, R-DEAL-4)."""

import random

import pytest

from holdem import (
    Card,
    CardParseError,
    Deck,
    InvalidInputError,
    Rank,
    Suit,
    format_cards,
    parse_cards,
)


def test_R_DECK_1_codes_cover_52_distinct_cards() -> None:
    cards = [Card.from_code(c) for c in range(52)]
    assert len({str(c) for c in cards}) == 52
    assert str(Card.from_code(0)) == "2c"
    assert str(Card.from_code(51)) == "As"
    ace = Card.parse("As")
    assert (ace.rank, ace.suit) == (Rank.ACE, Suit.SPADES)
    assert Card.parse("Td").code == (10 - 2) * 4 + 1


def test_R_DECK_1_parse_and_format_round_trip() -> None:
    cards = parse_cards("AsKd Th,2c")
    assert [str(c) for c in cards] == ["As", "Kd", "Th", "2c"]
    assert format_cards(cards) == "AsKdTh2c"
    assert eval(repr(cards[0])) == cards[0]  # repr can be pasted back


@pytest.mark.parametrize("text", ["Xx", "A", "AsK", "1s", "Az", "AsAs", "JkJkJk"])
def test_R_DECK_1_malformed_cards_are_refused(text: str) -> None:
    with pytest.raises(CardParseError):
        parse_cards(text)


def test_R_DECK_2_jokers_are_codes_52_and_53() -> None:
    first, second = parse_cards("JkJk")
    assert (first.code, second.code) == (52, 53)
    assert first.is_joker and first.rank is None and str(first) == "Jk"


def test_R_DEAL_4_same_seed_deals_same_cards() -> None:
    a = Deck.shuffled(random.Random(7)).deal(52)
    b = Deck.shuffled(random.Random(7)).deal(52)
    c = Deck.shuffled(random.Random(8)).deal(52)
    assert a == b and a != c
    assert sorted(card.code for card in a) == list(range(52))


def test_R_DECK_2_deck_with_jokers_has_54_cards() -> None:
    deck = Deck.shuffled(random.Random(1), jokers=2)
    assert len(deck) == 54
    with pytest.raises(InvalidInputError):
        Deck.shuffled(random.Random(1), jokers=3)


def test_deck_top_draws_distinct_cards_and_runs_out() -> None:
    deck = Deck.top(random.Random(3), 20)
    cards = deck.deal(20)
    assert len(set(cards)) == 20
    with pytest.raises(InvalidInputError, match="0 left"):
        deck.deal(1)


def test_deck_refuses_duplicates() -> None:
    with pytest.raises(InvalidInputError, match="twice"):
        Deck(parse_cards("As") * 2)


def test_R_DEAL_4_deck_top_is_uniform_over_cards_and_positions() -> None:
    # 52,000 seeded draws: each card should head the deck about 1,000 times
    # (binomial sd about 31; the bound is five sd) and close it as often.
    rng = random.Random(2026)
    first = [0] * 52
    last = [0] * 52
    for _ in range(52_000):
        cards = Deck.top(rng, 20).deal(20)
        first[cards[0].code] += 1
        last[cards[19].code] += 1
    assert max(abs(count - 1000) for count in first + last) < 160


def test_R_DECK_2_second_joker_repr_reads_back() -> None:
    second = Card.from_code(53)
    assert eval(repr(second)) == second

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


@pytest.mark.parametrize("text", ["Xx", "A", "AsK", "1s", "Az", "AsAs", "JkJkJkJkJk"])
def test_R_DECK_1_malformed_cards_are_refused(text: str) -> None:
    with pytest.raises(CardParseError):
        parse_cards(text)


def test_R_DECK_2_up_to_four_jokers_are_codes_52_to_55() -> None:
    jokers = parse_cards("JkJkJkJk")
    assert [c.code for c in jokers] == [52, 53, 54, 55]
    first = jokers[0]
    assert first.is_joker and first.rank is None and str(first) == "Jk"
    assert all(c.is_joker and str(c) == "Jk" for c in jokers)
    with pytest.raises(CardParseError, match="more than 4 jokers"):
        parse_cards("Jk" * 5)


def test_R_DEAL_4_same_seed_deals_same_cards() -> None:
    a = Deck.shuffled(random.Random(7)).deal(52)
    b = Deck.shuffled(random.Random(7)).deal(52)
    c = Deck.shuffled(random.Random(8)).deal(52)
    assert a == b and a != c
    assert sorted(card.code for card in a) == list(range(52))


@pytest.mark.parametrize("jokers", [0, 1, 2, 3, 4])
def test_R_DECK_2_deck_with_n_jokers_has_52_plus_n_cards(jokers: int) -> None:
    cards = Deck.shuffled(random.Random(1), jokers=jokers).deal(52 + jokers)
    assert len(set(cards)) == 52 + jokers
    assert sorted(c.code for c in cards if c.is_joker) == list(range(52, 52 + jokers))
    top = Deck.top(random.Random(2), 52 + jokers, jokers=jokers).deal(52 + jokers)
    assert sorted(c.code for c in top) == list(range(52 + jokers))


@pytest.mark.parametrize("jokers", [-1, 5, 2.0, True])
def test_R_DECK_2_at_most_four_jokers(jokers) -> None:
    with pytest.raises(InvalidInputError, match="0 to 4 jokers"):
        Deck.shuffled(random.Random(1), jokers=jokers)
    with pytest.raises(InvalidInputError, match="0 to 4 jokers"):
        Deck.top(random.Random(1), 5, jokers=jokers)


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


def test_R_DECK_2_every_joker_repr_reads_back() -> None:
    for code in range(52, 56):
        joker = Card.from_code(code)
        assert eval(repr(joker)) == joker
    with pytest.raises(InvalidInputError, match=r"0\.\.55"):
        Card.from_code(56)


def test_cards_pickle_to_the_shared_instances() -> None:
    import copy
    import pickle

    for code in (0, 51, 52, 55):
        card = Card.from_code(code)
        assert pickle.loads(pickle.dumps(card)) is card
        assert copy.deepcopy(card) is card


def test_parse_cards_is_a_tuple_of_distinct_cards() -> None:
    cards = parse_cards("AsKd")
    assert isinstance(cards, tuple) and cards == (Card.parse("As"), Card.parse("Kd"))
    assert type(cards + cards) is tuple  # a sum may repeat cards: plain again
    assert type(cards[:1]) is tuple


@pytest.mark.parametrize("rng", [None, 7, "seed"])
def test_R_DEAL_4_a_deck_needs_an_rng(rng: object) -> None:
    for deal in (lambda: Deck.shuffled(rng), lambda: Deck.top(rng, 5)):  # type: ignore[arg-type]
        with pytest.raises(InvalidInputError, match=r"random\.Random\(seed\)") as info:
            deal()
        assert "random.SystemRandom()" in str(info.value)
        assert info.value.rule == "R-DEAL-4"


def test_R_DECK_1_suit_symbols_read_as_their_letters() -> None:
    # The web page prints suits as symbols; what it prints reads back.
    assert [str(c) for c in parse_cards("A♠ K♥ Q♦ J♣")] == ["As", "Kh", "Qd", "Jc"]
    assert Card.parse("T♤") == Card.parse("Ts")
    with pytest.raises(CardParseError, match="appears twice"):
        parse_cards("A♠ As")


@pytest.mark.parametrize("text", ["10s", "10s Kd", "Kd 10s 9c"])
def test_R_DECK_1_a_ten_written_10_is_told_to_use_T(text: str) -> None:
    with pytest.raises(CardParseError, match=r"a ten is T: 'Ts', not '10s'"):
        parse_cards(text)

"""The table's deal: only the cards a hand can use, uniformly drawn (R-DEAL-4).

The table shuffles with ``Deck.top``: a partial Fisher-Yates shuffle of the
first ``2 x seats + 8`` places (hole cards, three burns, five board cards).
What the rules ask is checked here, not one algorithm's exact order: the same
seed deals the same cards, every card can come anywhere, and the cards are
uniform (a chi-square test that an off-by-one pick range fails).
"""

from __future__ import annotations

import random

import pytest
from table_helpers import check_down, nl_table

import holdem.cards
from holdem.cards import Deck
from holdem.errors import InvalidInputError
from holdem.rules import DealBoard, DealHole, ReplaceExposed
from holdem.table import CallingStationBot

CHI_SQUARE_BOUND = 90.0
"""Chi-square bound for 52 cards (51 degrees of freedom): the 99.9% point is
about 88; a draw that can never pick one card adds about the count per cell."""


def chi_square(counts: list[int]) -> float:
    expected = sum(counts) / len(counts)
    return sum((count - expected) ** 2 / expected for count in counts)


def position_counts(seed: int, draws: int, positions: tuple[int, ...]):
    rng = random.Random(seed)
    counts = {p: [0] * 52 for p in positions}
    for _ in range(draws):
        cards = Deck.top(rng, 20).deal(20)
        for p in positions:
            counts[p][cards[p].code] += 1
    return counts


def test_R_DEAL_4_deck_top_cards_are_uniform_at_each_place():
    # 20,800 draws: 400 per card at each place checked
    counts = position_counts(2026, 20_800, (0, 1, 10, 19))
    for place, cells in counts.items():
        assert chi_square(cells) < CHI_SQUARE_BOUND, place


def test_R_DEAL_4_the_uniformity_bound_catches_an_off_by_one_pick(monkeypatch):
    # the same test with picks one short of the cards left (the last card
    # never picked): the bound must refuse it
    broken = tuple(
        (i, left - 1, (left - 2).bit_length())
        for i, left in zip(range(20), range(52, 32, -1), strict=True)
    )
    monkeypatch.setitem(holdem.cards._TOP_STEPS, (52, 20), broken)
    counts = position_counts(2026, 20_800, (0, 19))
    assert chi_square(counts[0]) > CHI_SQUARE_BOUND
    assert chi_square(counts[19]) > CHI_SQUARE_BOUND


def test_R_DEAL_4_deck_top_pairs_are_uniform():
    # the first two cards as an ordered pair of suits (16 cells, each with
    # probability 13 x 13 / 2652 or 13 x 12 / 2652 for a same suit pair)
    rng = random.Random(99)
    draws = 26_520
    counts = [0] * 16
    for _ in range(draws):
        first, second = Deck.top(rng, 2).deal(2)
        counts[first.code % 4 * 4 + second.code % 4] += 1
    stat = 0.0
    for cell, count in enumerate(counts):
        same = cell // 4 == cell % 4
        expected = draws * (13 * (12 if same else 13)) / 2652
        stat += (count - expected) ** 2 / expected
    assert stat < 37.7  # 15 degrees of freedom: the 99.9% point


@pytest.mark.parametrize("jokers", [0, 2, 4])
def test_R_DEAL_4_every_card_can_come_to_every_place(jokers):
    size = 52 + jokers
    rng = random.Random(5)
    seen: list[set[int]] = [set() for _ in range(20)]
    for _ in range(3000):
        for place, card in enumerate(Deck.top(rng, 20, jokers=jokers).deal(20)):
            seen[place].add(card.code)
    assert all(codes == set(range(size)) for codes in seen)


def test_R_DEAL_4_deck_extend_draws_cards_not_yet_in_the_deck():
    rng = random.Random(8)
    deck = Deck.top(rng, 50)
    top = deck.deal(3)
    deck.extend(rng, 2)
    rest = deck.deal(49)
    assert len(set(top + rest)) == 52 and len(deck) == 0
    with pytest.raises(InvalidInputError, match="0 are not in it"):
        deck.extend(rng, 1)


@pytest.mark.parametrize("rng", [random.SystemRandom(), random.Random(3)])
def test_R_DEAL_4_live_and_seeded_sources_deal_distinct_cards(rng):
    cards = Deck.top(rng, 52).deal(52)
    assert sorted(card.code for card in cards) == list(range(52))


def test_R_DEAL_4_the_same_seed_deals_the_same_hands_at_the_table():
    def deals(seed: int) -> list[tuple[object, ...]]:
        table = nl_table(6, seed=seed)
        bots = {s: CallingStationBot() for s in range(1, 7)}
        out = []
        for _ in range(5):
            record = table.play_hand(bots)
            out.append(
                tuple(e for e in record.events if isinstance(e, DealHole | DealBoard))
            )
        return out

    assert deals(31) == deals(31)
    assert deals(31) != deals(32)


def test_R_DEAL_4_a_table_deals_every_card_in_hands_and_board():
    table = nl_table(6, seed=4)
    bots = {s: CallingStationBot() for s in range(1, 7)}
    holes, board = set(), set()
    for _ in range(200):
        record = table.play_hand(bots)
        for event in record.events:
            if isinstance(event, DealHole) and event.cards is not None:
                holes.update(card.code for card in event.cards)
            elif isinstance(event, DealBoard):
                board.update(card.code for card in event.cards)
    assert holes == set(range(52)) and board == set(range(52))


def test_R_DEAL_4_a_live_table_deals_with_system_random():
    table = nl_table(6, seed=1)
    table.rng = random.SystemRandom()
    record = table.play_hand({s: CallingStationBot() for s in range(1, 7)})
    cards = [
        card
        for event in record.events
        if isinstance(event, DealHole | DealBoard)
        for card in (event.cards or ())
    ]
    assert len(cards) == 17 and len(set(cards)) == 17


def test_R_MISDEAL_2_exposed_cards_are_replaced_and_the_hand_goes_on():
    # three single cards exposed one after another: each is replaced and
    # burnt, and the deck still has the board (2 x 4 + 3 burns + 5 + 3)
    table = nl_table(4, seed=21)
    hand = table.start_hand(button=1)
    for index in (3, 6, 8):
        hand.report_exposed(index)
    check_down(hand)
    record = hand.record
    assert record is not None and record.misdeals == 0
    events = record.events
    assert sum(isinstance(e, ReplaceExposed) for e in events) == 3
    boards = [e for e in events if isinstance(e, DealBoard)]
    assert [len(e.cards) for e in boards] == [3, 1, 1]
    cards = [
        card
        for e in events
        if isinstance(e, DealHole | DealBoard | ReplaceExposed)
        for card in ((e.card,) if isinstance(e, ReplaceExposed) else (e.cards or ()))
    ]
    burns = [e.burn for e in boards if e.burn is not None]
    assert len(set(cards + burns)) == len(cards) + len(burns) == 8 + 3 + 5 + 2


def test_R_DEAL_4_a_table_without_a_random_source_says_what_it_got():
    table = nl_table(3, seed=1)
    table.rng = object()  # type: ignore[assignment]
    with pytest.raises(
        InvalidInputError, match=r"RNG with getrandbits\(\).*got object"
    ):
        table.start_hand(button=1)

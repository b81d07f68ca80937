"""The deal: order of hole cards, burns, board, seeded decks, and misdeals
(R-DEAL-1..4, R-MISDEAL-1..3), with the cases of ../shared/cases about them."""

import random

import pytest
from rules_helpers import Hand, by_seat, new_hand, nl, refuse, snapshot, stacked_deck

from holdem.cards import Card, Deck, parse_cards
from holdem.engine import HandState, Misdeal, Phase, next_dealer_steps, run_dealer
from holdem.errors import (
    IllegalActionError,
    InvalidInputError,
    NotYourTurnError,
    StateError,
)
from holdem.rules import (
    DEALER,
    Call,
    Check,
    DealBoard,
    DealHole,
    ExposeCard,
    ReplaceExposed,
)


# Cases number seats S1..Sn clockwise with S1 on the button; the engine numbers
# them from the button's left, so Sk is engine seat (k - 2) % n. Heads-up that
# puts S1 (button, small blind) at seat 1 and S2 (big blind) at seat 0.
def seat(k: int, n: int) -> int:
    return (k - 2) % n


CASE_058_TOP = "As Kd Qh Jc Td 9s 8h 7c 6d 5s 4h 3c 2d Ah"


def deck_with_top(top: str) -> Deck:
    """The rest of a 52-card deck follows ``top`` in a fixed order."""
    cards = parse_cards(top)
    rest = [Card.from_code(c) for c in range(52) if Card.from_code(c) not in cards]
    return Deck([*cards, *rest])


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# ----------------------------------------------------------------- R-DEAL-1


def test_R_DEAL_1_case_058_one_card_at_a_time_small_blind_first_button_last():
    """Case 058: three players; the deck from the top As Kd Qh Jc Td 9s ..."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    state = HandState(nl(1, 2), [100] * n)
    run_dealer(state, deck_with_top(CASE_058_TOP))
    assert state.hole_cards[s2] == cards("As Jc")
    assert state.hole_cards[s3] == cards("Kd Td")
    assert state.hole_cards[s1] == cards("Qh 9s")
    dealt = [e.seat for e in state.events if isinstance(e, DealHole)]
    assert dealt == [s2, s3, s1]
    # Each player sees only their own hole cards.
    assert state.view(s2).hole_cards == tuple(
        cards("As Jc") if x == s2 else None for x in range(n)
    )
    assert state.view(None).hole_cards == (None,) * n


def test_R_DEAL_1_heads_up_big_blind_gets_the_first_card():
    """R-DEAL-1 with R-TABLE-2: heads-up the button deals itself last, so the
    big blind (S2) gets the first and third cards."""
    n = 2
    state = HandState(nl(1, 2), [100] * n)
    run_dealer(state, deck_with_top("As Kd Qh Jc"))
    assert state.hole_cards[seat(2, n)] == cards("As Qh")
    assert state.hole_cards[seat(1, n)] == cards("Kd Jc")


def test_R_DEAL_1_hole_cards_dealt_out_of_order_refused():
    """R-DEAL-1: dealing starts with the seat left of the button."""
    state = HandState(nl(1, 2), [100] * 3)
    refuse(state, DealHole(1, cards("AsKd")), NotYourTurnError, "R-DEAL-1")
    state.apply(DealHole(0, cards("AsKd")))
    refuse(state, DealHole(2, cards("QsJd")), NotYourTurnError, "R-DEAL-1")


# ------------------------------------------------------------- R-DEAL-2, -3


def test_R_DEAL_2_case_059_burn_before_flop_turn_and_river():
    """Case 059: the deal of case 058 played to the river."""
    n = 3
    hand = Hand(HandState(nl(1, 2), [100] * n), deck_with_top(CASE_058_TOP))
    state = hand.state
    hand.deal()
    hand.act(Call(seat(1, n)), Call(seat(2, n)), Check(seat(3, n)))
    hand.deal()
    assert state.burns == list(cards("8h"))
    assert state.board == list(cards("7c 6d 5s"))
    hand.act(*(Check(seat(k, n)) for k in (2, 3, 1)))
    hand.deal()
    assert state.burns == list(cards("8h 4h"))
    assert state.board == list(cards("7c 6d 5s 3c"))
    hand.act(*(Check(seat(k, n)) for k in (2, 3, 1)))
    hand.deal()
    assert state.burns == list(cards("8h 4h 2d"))
    assert state.board == list(cards("7c 6d 5s 3c Ah"))
    boards = [e for e in state.events if isinstance(e, DealBoard)]
    assert [(e.burn, e.cards) for e in boards] == [
        (Card.parse("8h"), cards("7c 6d 5s")),
        (Card.parse("4h"), cards("3c")),
        (Card.parse("2d"), cards("Ah")),
    ]


def test_R_DEAL_2_case_059_burn_cards_are_not_shown():
    """Case 059: "The burn cards are not shown and are not usable by anyone":
    no seat's view (nor a spectator's) reveals a burn card."""
    n = 3
    hand = Hand(HandState(nl(1, 2), [100] * n), deck_with_top(CASE_058_TOP))
    hand.deal()
    hand.act(Call(seat(1, n)), Call(seat(2, n)), Check(seat(3, n)))
    hand.deal()
    burn = Card.parse("8h")
    assert hand.state.burns == [burn]
    for viewer in (*range(n), None):
        view = hand.state.view(viewer)
        assert not any(
            isinstance(e, DealBoard) and e.burn is not None for e in view.events
        ), f"the burn card {burn} is visible in seat {viewer}'s view"


def test_R_DEAL_3_flop_three_cards_turn_one_river_one():
    """R-DEAL-3: a flop must be three cards, the turn and the river one."""
    n = 3
    hand = new_hand(nl(1, 2), [100] * n)
    state = hand.state
    hand.act(Call(seat(1, n)), Call(seat(2, n)), Check(seat(3, n)))
    err = refuse(state, DealBoard(cards("7c6d")), InvalidInputError)
    assert "R-DEAL-3" in str(err)
    refuse(state, DealBoard(cards("7c6d5s4h")), InvalidInputError)
    state.apply(DealBoard(cards("7c6d5s")))
    assert len(state.board) == 3
    hand.act(*(Check(seat(k, n)) for k in (2, 3, 1)))
    refuse(state, DealBoard(cards("TcJc")), InvalidInputError)
    state.apply(DealBoard(cards("Tc")))
    assert len(state.board) == 4


def test_R_DEAL_3_no_board_card_while_betting_is_open():
    """R-DEAL-3 with R-BET-4: the flop comes only after the pre-flop round."""
    n = 3
    hand = new_hand(nl(1, 2), [100] * n)
    with pytest.raises(NotYourTurnError) as info:
        hand.state.apply(DealBoard(cards("7c6d5s")))
    assert info.value.rule == "R-BET-4"
    assert hand.state.board == []


# ----------------------------------------------------------------- R-DEAL-4


def _seeded_hand(seed: int) -> HandState:
    hand = Hand(HandState(nl(1, 2), [100] * 4), Deck.shuffled(random.Random(seed)))
    hand.deal()
    hand.check_down()
    return hand.state


def test_R_DEAL_4_same_seed_deals_the_same_cards():
    """R-DEAL-4: a seed may be injected; the same seed deals the same cards
    (and the same hand, given the same actions)."""
    first = Deck.shuffled(random.Random(2024)).deal(52)
    assert Deck.shuffled(random.Random(2024)).deal(52) == first
    assert _seeded_hand(2024).events == _seeded_hand(2024).events
    assert _seeded_hand(2024).hole_cards == _seeded_hand(2024).hole_cards


# ------------------------------------------------------------- R-MISDEAL-1


def _deal_with_exposures(state: HandState, deck: Deck, plan: list) -> None:
    """Apply the hole-card deals from ``deck`` with ``ExposeCard`` steps put
    in ``plan`` order: entries are seats to deal or ``ExposeCard`` values."""
    steps = {step.seat: step for step in next_dealer_steps(state, deck)}
    for item in plan:
        state.apply(steps[item] if isinstance(item, int) else item)


@pytest.mark.parametrize(
    ("index", "dealt_first"),
    [
        pytest.param(1, 1, id="a-first-card-to-S2"),
        pytest.param(2, 2, id="b-second-card-to-S3"),
    ],
)
def test_R_MISDEAL_1_case_066_first_or_second_card_exposed(index, dealt_first):
    """Case 066: blinds 1/2, four players with 200, blinds posted; the first
    (to S2) or the second card (to S3) is turned face up."""
    n = 4
    state = HandState(nl(1, 2), [200] * n)
    hand = Hand(state, stacked_deck(n))
    plan = [*range(dealt_first), ExposeCard(index)]
    _deal_with_exposures(state, hand.deck, plan)
    assert state.misdeals == 1
    assert Misdeal("R-MISDEAL-1") in state.events
    # All dealt cards go back; the blinds stay posted and nothing else moves.
    assert state.hole_cards == [None] * n
    assert state.burns == []
    assert state.to_act == DEALER
    assert state.phase is Phase.DEALING
    assert state.stacks == by_seat(
        {1: 200, 2: 199, 3: 198, 4: 200}, lambda k: seat(k, n)
    )
    assert state.committed == by_seat({1: 0, 2: 1, 3: 2, 4: 0}, lambda k: seat(k, n))
    # The new deal starts with S2, from the reshuffled deck (which may hold
    # the very cards that were dealt before).
    refuse(state, DealHole(seat(3, n), cards("2c2d")), NotYourTurnError, "R-DEAL-1")
    again = Hand(state, stacked_deck(n))
    again.deal()
    assert state.phase is Phase.BETTING
    assert state.to_act == seat(4, n)
    assert state.misdeals == 1


def test_R_MISDEAL_1_deck_must_be_gathered_and_reshuffled_old_deck_refused():
    """R-MISDEAL-1: after the misdeal the hand says the cards must be
    gathered and reshuffled; run_dealer refuses to go on with the deck the
    void deal came from, and deals from a new one."""
    n = 4
    state = HandState(nl(1, 2), [200] * n)
    deck = stacked_deck(n)
    _deal_with_exposures(state, deck, [0, 1, ExposeCard(2)])
    assert state.needs_new_deck
    before = snapshot(state)
    with pytest.raises(StateError, match="reshuffle") as info:
        run_dealer(state, deck)
    assert "[R-MISDEAL-1]" in str(info.value)
    assert snapshot(state) == before
    err = refuse(state, DealBoard(cards("KdQdJd")), StateError)
    assert "reshuffle" in str(err)
    run_dealer(state, stacked_deck(n))
    assert not state.needs_new_deck
    assert state.phase is Phase.BETTING


def test_R_MISDEAL_1_no_new_deck_needed_without_a_misdeal():
    """Only a misdeal asks for a new deck: a normal hand never does."""
    hand = new_hand(nl(1, 2), [200] * 3)
    assert not hand.state.needs_new_deck


# ------------------------------------------------------------- R-MISDEAL-2


def test_R_MISDEAL_2_single_exposed_card_replaced_after_the_deal():
    """R-MISDEAL-2: the 3rd card (S4's first) is exposed. The deal goes on;
    then the exposed card is replaced with the next card of the deck and
    becomes the first burn card."""
    n = 4
    s4 = seat(4, n)
    holes = {s4: "7h 2c"}
    state = HandState(nl(1, 2), [200] * n)
    deck = stacked_deck(n, holes, "Kd Qd Jd Td 9d", burns="Ac 5s 4s")
    hand = Hand(state, deck)
    _deal_with_exposures(state, deck, [0, 1, 2, ExposeCard(3), 3])
    assert state.misdeals == 0
    assert not any(isinstance(e, Misdeal) for e in state.events)
    # After every player has two cards, the dealer must replace it first.
    assert state.to_act == DEALER
    refuse(state, DealBoard(cards("KdQdJd")), StateError)
    hand.deal()
    assert ReplaceExposed(Card.parse("Ac")) in state.events
    assert state.hole_cards[s4] == cards("Ac 2c")
    assert state.burns == list(cards("7h"))
    assert state.phase is Phase.BETTING
    assert state.to_act == s4


def test_R_MISDEAL_2_exposed_card_is_the_burn_before_the_flop():
    """R-MISDEAL-2 (RRP: "the exposed card is used as the burncard"): the
    exposed card is the first burn, so the flop comes off the deck right
    after the replacement card, without a second burn before it."""
    n = 4
    s4 = seat(4, n)
    state = HandState(nl(1, 2), [200] * n)
    # Deal order: 8 hole cards, then Ac (the replacement, which would have
    # been the first burn), the flop Kd Qd Jd, burn 5s, turn Td, burn 4s,
    # river 9d.
    deck = stacked_deck(n, {s4: "7h 2c"}, "Kd Qd Jd Td 9d", burns="Ac 5s 4s")
    hand = Hand(state, deck)
    _deal_with_exposures(state, deck, [0, 1, 2, ExposeCard(3), 3])
    hand.deal()
    hand.act(*(Call(seat(k, n)) for k in (4, 1, 2)), Check(seat(3, n)))
    hand.deal()
    assert state.board == list(cards("Kd Qd Jd"))
    assert state.burns == list(cards("7h"))
    hand.act(*(Check(seat(k, n)) for k in (2, 3, 4, 1)))
    hand.deal()
    hand.act(*(Check(seat(k, n)) for k in (2, 3, 4, 1)))
    hand.deal()
    assert state.board == list(cards("Kd Qd Jd Td 9d"))
    assert state.burns == list(cards("7h 5s 4s"))


def test_R_MISDEAL_2_no_second_burn_before_the_flop():
    """R-MISDEAL-2: the exposed card was the burn before the flop; a flop
    dealt with another burn card is refused, citing the rule."""
    n = 4
    state = HandState(nl(1, 2), [200] * n)
    deck = stacked_deck(n, {seat(4, n): "7h 2c"}, "Kd Qd Jd Td 9d", burns="Ac")
    hand = Hand(state, deck)
    _deal_with_exposures(state, deck, [0, 1, 2, ExposeCard(3), 3])
    hand.deal()
    hand.act(*(Call(seat(k, n)) for k in (4, 1, 2)), Check(seat(3, n)))
    flop = cards("Kd Qd Jd")
    refuse(state, DealBoard(flop, Card.parse("5s")), IllegalActionError, "R-MISDEAL-2")
    state.apply(DealBoard(flop))
    assert state.burns == list(cards("7h"))


def test_R_MISDEAL_2_exposed_button_card_is_replaced():
    """R-MISDEAL-2: the 4th card (the button S1's first card) is exposed. It
    is a single card other than the first two, so the deal goes on and the
    card is replaced; the button's cards come with the last seat's deal, so
    the exposure can only be reported after it."""
    n = 4
    s1 = seat(1, n)
    state = HandState(nl(1, 2), [200] * n)
    deck = stacked_deck(n, {s1: "7h 2c"}, burns="Ac")
    hand = Hand(state, deck)
    _deal_with_exposures(state, deck, [0, 1, 2, 3])
    state.apply(ExposeCard(4))
    assert state.misdeals == 0
    assert state.to_act == DEALER
    hand.deal()
    assert state.hole_cards[s1] == cards("Ac 2c")
    assert state.burns == list(cards("7h"))


# ------------------------------------------------------------- R-MISDEAL-3


@pytest.mark.parametrize(
    "plan",
    [
        # 3rd and 7th cards, both S4's (seat 2); card 7 is reported once the
        # deal has gone round (the engine counts 2 cards per seat dealt).
        pytest.param([0, 1, 2, ExposeCard(3), 3, ExposeCard(7)], id="3rd-and-7th"),
        # 4th card (S1, the button, seat 3) and 6th card (S3, seat 1).
        pytest.param([0, 1, 2, ExposeCard(6), 3, ExposeCard(4)], id="4th-and-6th"),
    ],
)
def test_R_MISDEAL_3_case_068_two_exposed_hole_cards(plan):
    """Case 068: four players, blinds posted; two hole cards exposed during
    the deal: a misdeal, not the one-card replacement."""
    n = 4
    state = HandState(nl(1, 2), [200] * n)
    deck = stacked_deck(n)
    _deal_with_exposures(state, deck, plan)
    assert state.misdeals == 1
    assert Misdeal("R-MISDEAL-3") in state.events
    assert state.hole_cards == [None] * n
    assert state.to_act == DEALER
    assert state.stacks == by_seat(
        {1: 200, 2: 199, 3: 198, 4: 200}, lambda k: seat(k, n)
    )
    assert state.committed == by_seat({1: 0, 2: 1, 3: 2, 4: 0}, lambda k: seat(k, n))
    # No replacement after a misdeal; the deal restarts with S2.
    refuse(state, ReplaceExposed(Card.parse("Ac")), StateError, "R-MISDEAL-1")
    Hand(state, stacked_deck(n)).deal()
    assert state.to_act == seat(4, n)


def test_R_DECK_1_the_same_card_twice_within_one_board_deal_is_refused():
    """R-DECK-1: one deck holds each card once, so a flop (or its burn) that
    repeats a card is refused even though no card of it was seen before."""
    n = 3
    hand = new_hand(nl(1, 2), [100] * n)
    state = hand.state
    hand.act(Call(seat(1, n)), Call(seat(2, n)), Check(seat(3, n)))
    twice = (Card.parse("7c"), Card.parse("7c"), Card.parse("5s"))
    refuse(state, DealBoard(twice), IllegalActionError, "R-DECK-1")
    refuse(
        state,
        DealBoard(cards("7c6d5s"), Card.parse("6d")),
        IllegalActionError,
        "R-DECK-1",
    )
    state.apply(DealBoard(cards("7c6d5s"), Card.parse("Ah")))


def test_R_MISDEAL_1_exposure_reported_after_action_is_refused():
    """R-MISDEAL-1: an exposed card makes a misdeal only before any player
    acts; once the first player has acted it is refused and nothing moves."""
    n = 4
    hand = new_hand(nl(1, 2), [200] * n)
    state = hand.state
    hand.act(Call(seat(4, n)))
    refuse(state, ExposeCard(1), StateError, "R-MISDEAL-1")
    refuse(state, ExposeCard(5), StateError, "R-MISDEAL-1")
    assert state.misdeals == 0

"""Rules that the mutation job (docs/mutation.md) found loosely pinned.

Each test kills mutants of the engine that the other rule tests let live;
the expected values come from the rules (../shared/RULES.md) and the cases,
never from the engine's own output.
"""

import random

import pytest
from rules_helpers import Hand, facing_bet, new_hand, nl, refuse, stacked_deck

from holdem.cards import Card, Deck, parse_cards
from holdem.engine import (
    AwardPot,
    HandState,
    Misdeal,
    Phase,
    next_dealer_steps,
    run_dealer,
)
from holdem.errors import (
    HoldemError,
    IllegalActionError,
    InvalidInputError,
    NotYourTurnError,
    StateError,
)
from holdem.rules import (
    DEALER,
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    ExposeCard,
    Fold,
    Muck,
    Raise,
    ReplaceExposed,
    Show,
)


def test_R_SHOW_2_first_active_seat_left_of_the_button_shows_first_when_sb_folded():
    """R-SHOW-2: no river bet, so the first *active* player left of the
    button shows first. Seat 0 (the small blind, left of the button) folded
    preflop, so seat 1 shows first and may not muck; seat 2 may."""
    hand = new_hand(nl(1, 2), [200] * 3, {1: "AsAh", 2: "KsKh"}, "2c7d9hTdJc")
    hand.act(Call(2), Fold(0), Check(1))
    for _street in ("flop", "turn", "river"):
        hand.deal()
        hand.act(Check(1), Check(2))
    state = hand.state
    assert state.phase is Phase.SHOWDOWN and state.to_act == 1
    assert state.in_hand() == (1, 2)
    refuse(state, Muck(1), IllegalActionError, "R-SHOW-2")
    hand.act(Show(1))
    hand.act(Muck(2))  # seat 2 cannot win: it may muck
    assert state.is_complete
    assert state.mucked[2] and not state.shown[2]
    assert state.in_hand() == (1,)  # folded and mucked hands are out


def test_R_SHOW_3_cards_shown_by_an_unknown_hand_are_its_hole_cards():
    """R-SHOW-3 with a replayed record: seat 1's cards were not known when
    dealt; the cards it shows become its hole cards and win the showdown."""
    state = HandState(nl(1, 2), [100, 100])
    state.apply(DealHole(0, parse_cards("QsQh")))
    state.apply(DealHole(1, None))
    state.apply(Raise(1, 100))
    state.apply(Call(0))
    state.apply(Show(1, parse_cards("KdKc")))
    assert state.hole_cards[1] == parse_cards("KdKc")
    state.apply(DealBoard(parse_cards("2c7d9h")))
    state.apply(DealBoard(parse_cards("3s")))
    state.apply(DealBoard(parse_cards("4d")))
    assert state.is_complete
    # Kings beat queens on a board that helps neither: seat 1 wins all 200.
    assert state.stacks == [0, 200]


def test_R_SHOW_4_a_hand_shown_in_another_order_keeps_its_dealt_cards():
    """R-SHOW-4: a shown hand must be the cards dealt; showing them in
    another order does not change the hole cards on record."""
    hand = new_hand(nl(1, 2), [200] * 2, {0: "AsKd", 1: "QcJc"}, "2c7d9h3s4d")
    hand.act(Call(1), Check(0))
    for _street in ("flop", "turn", "river"):
        hand.deal()
        hand.act(Check(0), Check(1))
    state = hand.state
    assert state.to_act == 0
    hand.act(Show(0, parse_cards("KdAs")))
    assert state.hole_cards[0] == parse_cards("AsKd")


def _deal_exposing(state: HandState, deck, exposed: int) -> None:
    """Deal the hole cards from ``deck``, the ``exposed``-th card (1-based,
    in deal order) turned face up as it is dealt (R-MISDEAL-2)."""
    steps = {step.seat: step for step in next_dealer_steps(state, deck)}
    n = state.seats
    for k in range(n):
        state.apply(steps[k])
        if k == (exposed - 1) % n:
            state.apply(ExposeCard(exposed))


def test_R_MISDEAL_2_exposed_second_round_card_is_the_one_replaced():
    """R-MISDEAL-2 with four players: the 5th card dealt (seat 0's second
    card) is exposed; after the deal it is replaced with the next card of the
    deck and becomes the first burn card; seat 0's first card stays."""
    n = 4
    state = HandState(nl(1, 2), [200] * n)
    # Cards go round-robin from seat 0: seat 0 gets the 1st and 5th cards.
    deck = stacked_deck(n, {0: "9s 8h"}, "Kd Qd Jd Td 9d", burns="Ac 5s 4s")
    _deal_exposing(state, deck, 5)
    assert state.misdeals == 0 and state.to_act == DEALER
    steps = next_dealer_steps(state, deck)
    assert tuple(steps) == (ReplaceExposed(Card.parse("Ac")),)
    state.apply(steps[0])
    assert state.hole_cards[0] == parse_cards("9s Ac")
    assert state.burns == [Card.parse("8h")]
    assert state.phase is Phase.BETTING


def test_R_DECK_1_the_replacement_card_cannot_be_dealt_again():
    """R-DECK-1 with R-MISDEAL-2: the replacement card is in a hand now, so
    a flop holding it is refused."""
    n = 4
    state = HandState(nl(1, 2), [200] * n)
    deck = stacked_deck(n, {2: "7h 2c"}, "Kd Qd Jd Td 9d", burns="Ac 5s 4s")
    _deal_exposing(state, deck, 3)
    state.apply(ReplaceExposed(Card.parse("Ac")))
    for _seat in range(n):
        state.apply(state.legal_actions().check_or_call())
    assert state.to_act == DEALER
    # The exposed card was the burn: the flop comes without one.
    refuse(state, DealBoard(parse_cards("Ac Kd Qd")), IllegalActionError, "R-DECK-1")
    state.apply(DealBoard(parse_cards("Kd Qd Jd")))
    assert state.board == list(parse_cards("Kd Qd Jd"))


def test_R_SHOW_1_award_text_names_the_pot_and_each_share():
    """R-SHOW-1, R-POT-1: an award names the main pot (pot 0) or the side
    pot by number, its chips, and every winner's share."""
    main = str(AwardPot(0, 200, ((1, 100), (3, 100))))
    assert main.startswith("main pot")
    assert "200" in main
    assert "seat 1 wins 100" in main and "seat 3 wins 100" in main
    assert "side pot" not in main
    side = str(AwardPot(1, 50, ((2, 50),)))
    assert "side pot 1" in side and "main pot" not in side
    assert "seat 2 wins 50" in side
    assert str(AwardPot(2, 30, ((0, 30),))).startswith("side pot 2")


def test_R_DEAL_1_run_dealer_finishes_a_deal_begun_by_hand():
    """R-DEAL-1: the dealer may deal the first seats one by one (a replayed
    record) and let run_dealer deal the rest from the deck, in order."""
    n = 3
    state = HandState(nl(1, 2), [200] * n)
    state.apply(DealHole(0, parse_cards("AsAh")))
    # Seed 5's deck gives neither As nor Ah to seats 1 and 2 (checked below).
    run_dealer(state, Deck.shuffled(random.Random(5)))
    assert all(cards is not None and len(cards) == 2 for cards in state.hole_cards)
    assert state.hole_cards[0] == parse_cards("AsAh")
    dealt = [c for cards in state.hole_cards for c in cards]
    assert len(set(dealt)) == 2 * n
    assert state.phase is Phase.BETTING and state.to_act == 2


def test_R_MISDEAL_3_second_exposure_of_the_third_card_names_rule_3():
    """R-MISDEAL-3 (case 068 shape): the 6th card is exposed, then the 3rd is
    reported: two exposed hole cards, a misdeal under R-MISDEAL-3 (the 3rd
    card is not the first or second of the deal, so not R-MISDEAL-1)."""
    n = 4
    state = HandState(nl(1, 2), [200] * n)
    steps = {step.seat: step for step in next_dealer_steps(state, stacked_deck(n))}
    for k in range(3):
        state.apply(steps[k])
    state.apply(ExposeCard(6))
    state.apply(ExposeCard(3))
    assert state.misdeals == 1
    assert Misdeal("R-MISDEAL-3") in state.events
    assert Misdeal("R-MISDEAL-1") not in state.events


def test_R_DEAL_3_a_turn_of_three_cards_is_refused_naming_them():
    """R-DEAL-3: the turn is one card; three are refused, and the message
    names the count expected and the cards given."""
    hand = new_hand(nl(1, 2), [100, 100], {0: "AsAh", 1: "KsKh"}, "2c7d9h3s4d")
    hand.act(Call(1), Check(0))
    hand.deal()
    hand.act(Check(0), Check(1))
    state = hand.state
    with pytest.raises(InvalidInputError) as info:
        state.apply(DealBoard(parse_cards("5c6c7c")))
    message = str(info.value)
    assert "tuple of 1 card" in message and "got 3 (5c6c7c) as a tuple" in message
    assert "[R-DEAL-3]" in message and info.value.rule == "R-DEAL-3"


def test_R_SHOW_4_refusals_of_shown_cards_name_the_seat_and_cards():
    """R-SHOW-4: a seat must show the cards it holds; an unknown hand must
    name its cards, which cannot be cards already dealt (R-DECK-1)."""
    state = HandState(nl(1, 2), [100, 100])
    state.apply(DealHole(0, parse_cards("QsQh")))
    state.apply(DealHole(1, None))
    state.apply(Raise(1, 100))
    state.apply(Call(0))
    with pytest.raises(InvalidInputError, match="seat 1"):
        state.apply(Show(1))
    err = refuse(state, Show(1, parse_cards("QsKc")), IllegalActionError, "R-DECK-1")
    assert "seat 1" in str(err) and "Qs" in str(err)
    hand = new_hand(nl(1, 2), [200] * 2, {0: "AsKd", 1: "QcJc"}, "2c7d9h3s4d")
    hand.act(Call(1), Check(0))
    for _street in ("flop", "turn", "river"):
        hand.deal()
        hand.act(Check(0), Check(1))
    err = refuse(
        hand.state, Show(0, parse_cards("KcKh")), IllegalActionError, "R-SHOW-4"
    )
    assert "KcKh" in str(err) and "AsKd" in str(err)


def test_R_MISDEAL_1_a_second_misdeal_in_the_same_hand_is_counted():
    """R-MISDEAL-1 twice: after a misdeal the new deal starts clean (no card
    seen, nothing exposed); its own exposed first card is a second misdeal."""
    n = 3
    state = HandState(nl(1, 2), [200] * n)
    state.apply(DealHole(0, parse_cards("AsAh")))
    state.apply(ExposeCard(1))
    assert state.misdeals == 1 and state.hole_cards == [None] * n
    # The reshuffled deck may give the same cards again, dealt by hand.
    state.apply(DealHole(0, parse_cards("AsAh")))
    state.apply(DealHole(1, parse_cards("KsKh")))
    state.apply(ExposeCard(2))
    assert state.misdeals == 2
    assert state.events.count(Misdeal("R-MISDEAL-1")) == 2
    assert state.hole_cards == [None] * n and state.to_act == DEALER


def test_R_NL_3_short_all_in_does_not_reopen_for_a_short_stack():
    """R-NL-3: seat 2 raises to 100 of its 300; the small blind goes all-in
    for 120, a raise of 20, short of the 80 that would reopen; the big blind
    calls. Seat 2 may call but not raise, by R-NL-3 (it could cover the bet,
    so it is not R-BET-6, and the big blind could call a raise, so it is not
    R-BET-5)."""
    hand = new_hand(nl(10, 20), [120, 1000, 300])
    hand.act(Raise(2, 100), Raise(0, 120), Call(1))
    state = hand.state
    legal = state.legal_actions()
    assert legal.seat == 2 and legal.call_amount == 20
    assert legal.min_raise_to is None
    refuse(state, Raise(2, 300), IllegalActionError, "R-NL-3")


def test_R_BET_1_refusals_name_the_action_tried():
    """R-BET-1: a bet when there is a bet to raise, or a raise when there is
    none, is refused naming what was tried."""
    hand = new_hand(nl(1, 2), [200] * 3)
    err = refuse(hand.state, Bet(2, 10), IllegalActionError, "R-BET-1")
    assert "seat 2 cannot bet" in str(err) and "a bet to raise" in str(err)
    hand.act(Call(2), Call(0), Check(1))
    hand.deal()
    err = refuse(hand.state, Raise(0, 10), IllegalActionError, "R-BET-1")
    assert "seat 0 cannot raise" in str(err) and "no bet yet" in str(err)


@pytest.mark.parametrize("position", [0, 1, 3])
def test_R_DECK_2_run_dealer_deals_no_joker_in_a_game_without_jokers(position):
    """R-DECK-2: jokers are 0 by default, so a joker among the first hole
    cards a deck deals is refused (the deal's fast path included): the seat
    it would go to is dealt nothing; a game with one joker deals it like any
    card. Seat 0 gets the first and third cards, seat 1 the others (R-DEAL-1).
    """
    codes = parse_cards("2c2d2h2s")
    joker = Card.parse("Jk")
    cards = [*codes[:position], joker, *codes[position:]]
    plain = HandState(nl(1, 2), [100, 100])
    with pytest.raises(IllegalActionError) as info:
        run_dealer(plain, Deck(cards))
    assert info.value.rule == "R-DECK-2"
    assert plain.hole_cards[position % 2] is None
    assert all(joker not in (hole or ()) for hole in plain.hole_cards)
    wild = HandState(nl(1, 2, jokers=1), [100, 100])
    run_dealer(wild, Deck(cards))
    assert wild.hole_cards == [(cards[0], cards[2]), (cards[1], cards[3])]


def test_R_BET_4_no_player_acts_once_the_round_is_over():
    """R-BET-4: the big blind checked, so the preflop round is over; until
    the flop is dealt no player may act, and the refusal cites R-BET-4 and
    says what the dealer must do (R-DEAL-2: the flop, the turn, the river)."""
    hand = new_hand(nl(1, 2), [100, 100])
    state = hand.state
    sb, bb = state.to_act, 1 - state.to_act
    hand.act(Call(sb), Check(bb))
    for street in ("the flop", "the turn", "the river"):
        assert state.to_act == DEALER and not state.runout
        for action in (Check(sb), Check(bb), Bet(sb, 2)):
            err = refuse(state, action, IllegalActionError, "R-BET-4")
            assert f"the dealer must deal {street} [R-BET-4]" in str(err)
        hand.deal()
        for _player in range(2):
            hand.act(Check(state.to_act))


def test_R_BET_5_no_player_acts_once_all_are_all_in():
    """R-BET-5: one all-in and a call of all of it leave nobody who can
    bet, so no player may act while the board is dealt; the refusal cites
    R-BET-5."""
    hand = new_hand(nl(1, 2), [100, 100], {0: "AsAh", 1: "KsKh"}, "2c7d9hTd3c")
    state = hand.state
    sb, bb = state.to_act, 1 - state.to_act
    hand.act(Raise(sb, 100), Call(bb))
    assert state.to_act == DEALER and state.runout
    for action in (Check(sb), Check(bb), Fold(bb)):
        refuse(state, action, IllegalActionError, "R-BET-5")


def test_R_POT_2_no_player_acts_after_the_pot_is_awarded_at_showdown():
    """R-POT-2: both players checked down and showed, the pot went to the
    best hand (the aces), and the hand is over: a further action cites
    R-POT-2, not R-SHOW-1 (nobody folded)."""
    hand = new_hand(nl(1, 2), [100, 100], {0: "AsAh", 1: "KsKh"}, "2c7d9hTd3c")
    state = hand.state
    hand.act(Call(state.to_act), Check(1 - state.to_act))
    for _street in ("flop", "turn", "river"):
        hand.deal()
        for _player in range(2):
            hand.act(Check(state.to_act))
    while not state.is_complete:
        hand.act(Show(state.to_act))
    assert state.stacks == [102, 98]
    for action in (Check(0), Fold(1), Show(0), Muck(1)):
        refuse(state, action, HoldemError, "R-POT-2")


def _pair(text: str) -> tuple[Card, ...]:
    """Two cards as a plain tuple (parse_cards gives a tuple subclass)."""
    return (Card.parse(text[:2]), Card.parse(text[2:]))


def test_R_DEAL_1_hole_cards_go_to_the_seat_due_and_only_before_betting():
    """R-DEAL-1: hole cards are dealt one seat at a time from the button's
    left (seat 0) and only before the first betting round; a deal to another
    seat, or after every seat has its cards, is refused citing R-DEAL-1."""
    state = HandState(nl(1, 2), [100, 100, 100])
    # plain tuples of Cards, as a table's dealer builds them
    refuse(state, DealHole(1, _pair("AsKs")), NotYourTurnError, "R-DEAL-1")
    for seat, cards in enumerate(("AsKs", "QdJd", "9c8c")):
        state.apply(DealHole(seat, _pair(cards)))
    hand = Hand(state, Deck(parse_cards("2c3c4c5c6c7c")))
    hand.act(Call(2), Call(0), Check(1))  # the button, then the blinds
    assert state.to_act == DEALER
    refuse(state, DealHole(0, _pair("2h3h")), StateError, "R-DEAL-1")


def test_R_DECK_2_a_joker_is_refused_as_either_hole_card_without_jokers():
    """R-DECK-2: jokers are 0 by default, so a joker dealt as the first or
    the second hole card is refused."""
    for cards in ("JkAs", "AsJk"):
        state = HandState(nl(1, 2), [100, 100])
        refuse(state, DealHole(0, _pair(cards)), IllegalActionError, "R-DECK-2")


def test_R_BET_4_a_dealer_step_in_a_betting_round_says_who_is_to_act():
    """R-BET-4: while a betting round is open the dealer may not deal; the
    refusal names the seat to act and what it may do (heads-up 1/2 with
    100 each: the small blind may fold, call 1 or raise to 4..100), and after
    the river is checked down, the seat that must show or muck (R-SHOW-2)."""
    hand = new_hand(nl(1, 2), [100, 100], {0: "AsAh", 1: "KsKh"}, "2c7d9hTd3c")
    state = hand.state
    sb = state.to_act
    step = DealBoard(parse_cards("2c7d9h"), Card.parse("3s"))
    with pytest.raises(NotYourTurnError) as info:
        state.apply(step)
    legal = state.legal_actions()
    assert legal == facing_bet(sb, 1, (4, 100))
    assert f"the dealer cannot act now: seat {sb} to act: {legal} [R-BET-4]" in str(
        info.value
    )
    hand.act(Call(sb), Check(1 - sb))
    for _street in ("flop", "turn", "river"):
        hand.deal()
        for _player in range(2):
            hand.act(Check(state.to_act))
    assert state.phase is Phase.SHOWDOWN
    err = refuse(state, step, NotYourTurnError, "R-SHOW-2")
    assert f"seat {state.to_act} must show or muck [R-SHOW-2]" in str(err)


def test_R_MISDEAL_1_only_a_dealt_card_can_be_reported_exposed():
    """R-MISDEAL-1..2, R-DEAL-1: card k of the deal goes to seat (k - 1) % n,
    so with three seats card 2 is seat 1's first card; an exposed card that
    has not been dealt (or is past the 2 x 3 cards of the deal) is refused,
    naming what has been dealt."""
    state = HandState(nl(1, 2), [100, 100, 100])
    err = refuse(state, ExposeCard(1), InvalidInputError, "R-MISDEAL-1")
    assert "card 1 of the deal has not been dealt: no hole cards are out yet" in str(
        err
    )
    state.apply(DealHole(0, _pair("AsKs")))
    err = refuse(state, ExposeCard(2), InvalidInputError, "R-MISDEAL-1")
    assert "card 2 of the deal has not been dealt: seats 0..0 have their cards" in (
        str(err)
    )
    state.apply(DealHole(1, _pair("QdJd")))
    state.apply(DealHole(2, _pair("9c8c")))
    refuse(state, ExposeCard(7), InvalidInputError, "R-MISDEAL-1")
    assert state.is_legal(ExposeCard(6))  # seat 2's second card
    # a replayed record: seat 0's cards were dealt unseen, so the engine
    # cannot say which card was exposed (nor replace it, R-MISDEAL-2)
    state = HandState(nl(1, 2), [100, 100, 100])
    state.apply(DealHole(0, None))
    state.apply(DealHole(1, _pair("QdJd")))
    err = refuse(state, ExposeCard(4), StateError, "R-MISDEAL-2")
    assert "seat 0's hole cards are unknown to the engine [R-MISDEAL-2]" in str(err)


def test_R_MISDEAL_2_the_board_waits_for_the_deal_and_the_replacement():
    """R-DEAL-1: no board before the hole cards; R-MISDEAL-1: after a misdeal
    the old deal is void; R-MISDEAL-2: an exposed card (not the first two)
    is replaced before the board. Each refusal says what is due."""
    flop = DealBoard(parse_cards("2c7d9h"), Card.parse("3s"))
    state = HandState(nl(1, 2), [100, 100, 100])
    err = refuse(state, flop, StateError, "R-DEAL-1")
    assert "the board comes after the hole cards: the dealer must deal hole" in str(err)
    for seat, cards in enumerate(("AsKs", "QdJd", "9c8c")):
        state.apply(DealHole(seat, _pair(cards)))
    state.apply(ExposeCard(6))  # seat 2's second card: the deal goes on
    err = refuse(state, flop, StateError, "R-MISDEAL-2")
    assert "the dealer must replace the exposed hole card first [R-MISDEAL-2]" in str(
        err
    )
    state = HandState(nl(1, 2), [100, 100, 100])
    state.apply(DealHole(0, _pair("AsKs")))
    state.apply(ExposeCard(1))  # the first card: a misdeal
    err = refuse(state, flop, StateError, "R-MISDEAL-1")
    assert "is void after the misdeal" in str(err)


def test_bad_input_names_the_seats_and_what_is_not_an_action():
    """Bad input is refused with InvalidInputError saying what is legal:
    a seat the hand does not have names the seats there are (0..1 heads-up),
    and a value that is not an action is named with its type."""
    state = HandState(nl(1, 2), [100, 100])
    with pytest.raises(InvalidInputError) as info:
        state.check_action(Check(5))
    assert str(info.value) == (
        "Check: no seat 5 at this hand: engine seats are 0..1"
        " (0 first left of the button, 1 the button)"
    )
    with pytest.raises(InvalidInputError) as info:
        state.check_action("fold")  # type: ignore[arg-type]
    assert str(info.value) == "not an action: 'fold' (a str)"


def test_R_BET_1_legal_actions_read_as_the_actions_allowed():
    """R-BET-1: facing no bet a player may check or bet (and fold, which
    stands); facing a bet, fold, call or raise. Heads-up 1/2 with 100 each:
    the button calls, the big blind may check or raise to 4..100; on the
    flop the first player may check or bet 2..98 (R-NL-1: the big blind is
    the smallest bet, the stack the largest)."""
    hand = new_hand(nl(1, 2), [100, 100])
    state = hand.state
    button = state.to_act
    assert str(state.legal_actions()) == "fold, call 1, raise to 4..100"
    hand.act(Call(button))
    assert str(state.legal_actions()) == "fold, check, raise to 4..100"
    hand.act(Check(1 - button))
    hand.deal()
    assert str(state.legal_actions()) == "fold, check, bet 2..98"


def test_R_MISDEAL_1_the_old_deck_is_refused_after_a_misdeal():
    """R-MISDEAL-1: after a misdeal the cards are gathered and reshuffled;
    dealing on from the old deck is refused, citing the rule."""
    state = HandState(nl(1, 2), [100, 100])
    deck = Deck.shuffled(random.Random(7))
    state.apply(next_dealer_steps(state, deck)[0])  # seat 0 is dealt
    state.apply(ExposeCard(1))  # the first card of the deal: a misdeal
    with pytest.raises(StateError) as info:
        run_dealer(state, deck)
    assert info.value.rule == "R-MISDEAL-1"
    assert "[R-MISDEAL-1]" in str(info.value)
    run_dealer(state, Deck.shuffled(random.Random(8)))  # a new deck deals
    assert state.hole_cards[0] is not None and state.hole_cards[1] is not None


def test_R_DECK_1_a_card_dealt_twice_is_refused_in_either_place():
    """R-DECK-1: each card is dealt once; a hole card already dealt to
    another seat is refused as the first or the second card."""
    for cards in ("AsQd", "QdAs"):
        state = HandState(nl(1, 2), [100, 100])
        state.apply(DealHole(0, _pair("AsKs")))
        refuse(state, DealHole(1, _pair(cards)), IllegalActionError, "R-DECK-1")

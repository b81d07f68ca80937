"""Rules that the full mutation run of 2026-11-30 (docs/mutation.md) found
loosely pinned.

Each test kills survivors of that run (named in its docstring); the expected
values come from the rules (../shared/RULES.md), never from the engine's own
output.
"""

from __future__ import annotations

import pytest
from rules_helpers import facing_bet, new_hand, nl, refuse, snapshot, stacked_deck

from holdem.cards import Card, Deck, parse_cards
from holdem.engine import HandState, Phase, next_dealer_steps, run_dealer
from holdem.errors import (
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
    ForcedBets,
    GameConfig,
    Muck,
    Raise,
    ReplaceExposed,
    Show,
    Structure,
)


def test_R_SHOW_2_all_in_side_pot_players_show_before_the_main_pot_only():
    """R-SHOW-2 with every seat all-in and the hole cards unknown (a replayed
    record, so nothing is turned up by R-SHOW-3). Stacks 100/200/200: the
    main pot of 300 is open to all, the side pot of 200 to seats 1 and 2.
    No river bet and no active seat: the players of the side pot show first
    (seat 1, the first of them left of the button, may not muck; then seat
    2), and seat 0, all-in for the main pot only, last; it may muck, as the
    main pot has hands shown. (The full mutation run's ``True not in
    all_in`` shortcut of must_show is gone: the first to show is in every
    pot of bets.)"""
    state = HandState(nl(1, 2), [100, 200, 200])
    for seat in range(3):
        state.apply(DealHole(seat, None))
    state.apply(Raise(2, 200))
    state.apply(Call(0))
    state.apply(Call(1))
    assert state.all_in == [True, True, True]
    state.apply(DealBoard(parse_cards("2c7d9h")))
    state.apply(DealBoard(parse_cards("Ts")))
    state.apply(DealBoard(parse_cards("3d")))
    assert state.phase is Phase.SHOWDOWN and state.to_act == 1
    refuse(state, Muck(1), IllegalActionError, "R-SHOW-2")
    state.apply(Show(1, parse_cards("4c4d")))
    assert state.to_act == 2
    state.apply(Show(2, parse_cards("5c5d")))
    assert state.to_act == 0
    assert state.is_legal(Muck(0))
    state.apply(Muck(0))
    assert state.is_complete
    # fives beat fours: seat 2 wins both pots (500); seat 0 and 1 nothing
    assert state.stacks == [0, 0, 500]


def test_R_DECK_1_a_deal_of_the_same_hole_card_twice_is_refused():
    """R-DECK-1: 52 distinct cards, so a seat cannot be dealt one card
    twice; the refusal cites the rule and changes nothing. Kills check_deal's
    fast path ``cards[0].code != cards[1].code`` -> ``==``."""
    state = HandState(nl(1, 2), [100, 100])
    ace = Card.parse("As")
    err = refuse(state, DealHole(0, (ace, ace)), IllegalActionError, "R-DECK-1")
    assert "As" in str(err)


def test_R_DECK_1_a_refused_hole_card_deal_says_it_is_the_hole_cards():
    """R-DECK-1: a card already dealt cannot be dealt again; the refusal
    says which deal is wrong (the hole cards) and which card. Kills
    check_deal's ``check_new_cards(..., "hole cards")`` -> ``None``."""
    state = HandState(nl(1, 2), [100, 100])
    state.apply(DealHole(0, parse_cards("AsKd")))
    err = refuse(
        state, DealHole(1, parse_cards("KdQc")), IllegalActionError, "R-DECK-1"
    )
    message = str(err)
    assert message.startswith("hole cards"), message
    assert "Kd" in message


def test_R_MISDEAL_2_no_exposed_card_no_replacement():
    """R-MISDEAL-2: a replacement card is dealt only for an exposed hole
    card; with none exposed the step is refused, citing the rule in the
    message and in ``err.rule``. Kills check_deal's mutants of that
    refusal (message or rule dropped)."""
    hand = new_hand(nl(1, 2), [100, 100, 100])
    hand.act(Call(2), Call(0))
    state = hand.state
    hand.act(state.legal_actions().check_or_call())
    assert state.to_act == DEALER and not state.board
    refuse(state, ReplaceExposed(Card.parse("Ac")), StateError, "R-MISDEAL-2")


class _CountingDeck(Deck):
    """A deck that notes every card it deals (a table auditing its deck)."""

    __slots__ = ("dealt",)

    def __init__(self, cards: list[Card]) -> None:
        super().__init__(cards)
        self.dealt: list[Card] = []

    def deal(self, count: int = 1) -> tuple[Card, ...]:
        cards = super().deal(count)
        self.dealt.extend(cards)
        return cards


def test_R_DEAL_1_run_dealer_takes_every_card_through_the_decks_deal():
    """R-DEAL-1, R-DEAL-2: run_dealer takes the cards from the deck it is
    given, through its ``deal``: a deck of a kind of its own (here one
    that notes each card) sees every hole card, burn and board card go.
    Kills run_dealer's ``type(deck) is Deck`` -> ``is not Deck`` (which
    reads such a deck's cards behind its back)."""
    order = stacked_deck(
        3, {0: "AsAh", 1: "KsKh", 2: "QsQh"}, "2c7d9hTd3s", burns="4c5c6c"
    )
    deck = _CountingDeck(list(order._cards))
    state = HandState(nl(1, 2), [100, 100, 100])
    run_dealer(state, deck)
    # one card at a time from the button's left, twice round (R-DEAL-1)
    assert deck.dealt == list(parse_cards("AsKsQsAhKhQh"))
    state.apply(Call(2))
    state.apply(Call(0))
    state.apply(state.legal_actions().check_or_call())
    run_dealer(state, deck)
    # a burn, then the flop (R-DEAL-2)
    assert deck.dealt[6:] == list(parse_cards("4c2c7d9h"))
    assert tuple(state.board) == parse_cards("2c7d9h")


@pytest.mark.parametrize("seats", [2, 6])
def test_R_DEAL_1_counting_deck_deals_what_a_plain_deck_deals(seats: int) -> None:
    """The same order dealt by a plain Deck and by a deck of its own kind
    gives the same hole cards, seat by seat (R-DEAL-1)."""
    plain = stacked_deck(seats)
    counting = _CountingDeck(list(plain._cards))
    a = HandState(nl(1, 2), [100] * seats)
    b = HandState(nl(1, 2), [100] * seats)
    run_dealer(a, plain)
    run_dealer(b, counting)
    assert a.hole_cards == b.hole_cards
    first, second = counting.dealt[:seats], counting.dealt[seats:]
    assert b.hole_cards == [(first[s], second[s]) for s in range(seats)]


def _exposed_before_replacement() -> HandState:
    """Four players, 1/2; the third card of the deal (seat 2's first, 7h)
    is exposed and the deal goes on (R-MISDEAL-2): the dealer must now
    replace it."""
    state = HandState(nl(1, 2), [200] * 4)
    deck = stacked_deck(4, {2: "7h2c"}, "KdQdJdTd9d", burns="Ac5s4s")
    steps = {step.seat: step for step in next_dealer_steps(state, deck)}
    for item in (0, 1, 2, ExposeCard(3), 3):
        state.apply(steps[item] if isinstance(item, int) else item)
    assert state.to_act == DEALER and state._exposed
    return state


def test_R_MISDEAL_2_a_replacement_card_already_dealt_is_refused_by_name():
    """R-MISDEAL-2, R-DECK-1: the replacement is a new card from the deck;
    one already dealt (seat 0's first card) is refused, and
    the message says it is the replacement card. Kills check_deal's
    ``"replacement card"`` -> ``None``."""
    state = _exposed_before_replacement()
    held = state.hole_cards[0]
    assert held is not None
    err = refuse(state, ReplaceExposed(held[0]), IllegalActionError, "R-DECK-1")
    assert str(err).startswith("replacement card"), str(err)


def test_R_DECK_1_a_board_card_already_dealt_is_refused_by_name():
    """R-DECK-1: a flop card that is a hole card already dealt is refused;
    the message says it is the board cards. Kills check_deal's ``"board
    cards"`` -> ``None``."""
    hand = new_hand(nl(1, 2), [100, 100, 100], {0: "AsKd"})
    hand.act(Call(2), Call(0))
    state = hand.state
    hand.act(state.legal_actions().check_or_call())
    step = DealBoard(parse_cards("Kd7c8c"), Card.parse("2h"))
    err = refuse(state, step, IllegalActionError, "R-DECK-1")
    assert str(err).startswith("board cards"), str(err)


def test_R_MISDEAL_1_no_exposure_after_a_check_in_a_hand_without_blinds():
    """R-MISDEAL-1: an exposed card makes a misdeal only before any player
    acts. In a hand with antes and no blind (forced bets as a record gives
    them) the first player checks, at a bet of 0; an exposed card is then
    refused. Kills check_expose's ``a >= 0`` -> ``a > 0`` and ``a >= 1``."""
    forced = ForcedBets((0, 0, 0), (1, 1, 1), (0, 0, 0))
    hand = new_hand(nl(1, 2), [100, 100, 100], forced=forced)
    state = hand.state
    assert state.current_bet == 0 and state.phase is Phase.BETTING
    hand.act(Check(state.to_act))
    refuse(state, ExposeCard(1), StateError, "R-MISDEAL-1")


def test_R_SHOW_2_no_show_while_the_dealer_deals_the_flop():
    """R-SHOW-2: hands are shown at the showdown, after the river betting;
    while the dealer is to deal the flop (nobody all-in, so no run-out of
    R-SHOW-3) a Show is refused as out of turn, citing R-SHOW-2. Kills
    check_show_or_muck's ``runout and to_act == DEALER`` -> ``or`` and the
    mutants of that refusal's message and rule."""
    hand = new_hand(nl(1, 2), [100, 100, 100])
    hand.act(Call(2), Call(0))
    state = hand.state
    hand.act(state.legal_actions().check_or_call())
    assert state.to_act == DEALER and not state.runout
    refuse(state, Show(0), NotYourTurnError, "R-SHOW-2")
    refuse(state, Muck(1), NotYourTurnError, "R-SHOW-2")


def test_R_FL_2_raise_offered_when_a_short_big_blind_can_still_call_it():
    """R-FL-2, R-BET-5: $2/$4 fixed limit, stacks 1/5/100. The small blind
    is all-in for 1; the big blind has posted 2 and has 3 behind, so it
    could call a raise to 4 (2 more): the button, first to act, may fold,
    call 2 or raise to 4 (a bet unit over the blind). Kills has_caller's
    ``stacks[s] + committed[s] > current`` -> ``-`` (3 - 2 is not over 2,
    3 + 2 is)."""
    config = GameConfig(structure=Structure.FIXED_LIMIT, small_blind=1, big_blind=2)
    hand = new_hand(config, [1, 5, 100])
    state = hand.state
    assert state.to_act == 2 and state.stacks == [0, 3, 100]
    assert state.legal_actions() == facing_bet(2, 2, (4, 4))


# ---------------------------------------------------- forced bets with antes


def test_R_ANTE_1_antes_are_posted_before_the_blinds():
    """R-ANTE-1, R-ALLIN-BLIND: every seat antes first, then the blinds are
    posted, as in real records (PokerStars: ``posts the ante`` lines, then
    ``posts small blind``, ../shared/data/hh/Stars/tour/). The small blind
    holding only the ante's chips posts the ante and is all-in, with no
    blind left to post (``posts the ante 11 and is all-in``). Kills
    post_forced_bets's ``len(posters) == 1 and ...`` -> ``or``, which posts
    the small blind's blind before its ante."""
    forced = ForcedBets((1, 2, 0), (1, 1, 1), (0, 0, 0))
    state = HandState(nl(1, 2), [100, 100, 100], forced)
    kinds = [(type(e).__name__, e.seat) for e in state.events]
    assert kinds == [
        ("PostAnte", 0),
        ("PostAnte", 1),
        ("PostAnte", 2),
        ("PostBlind", 0),
        ("PostBlind", 1),
    ]
    short = HandState(nl(1, 2), [1, 100, 100], forced)
    assert short.stacks == [0, 97, 99]
    assert short.committed == [0, 2, 0]  # the small blind is all-in for the ante
    assert short.all_in == [True, False, False]
    assert short.total_pot == 5  # three antes and the big blind


def test_R_TABLE_6_a_seat_posting_an_ante_and_a_dead_blind_pays_both():
    """R-TABLE-6 (post all: the small blind dead, the big blind live) with
    antes (R-ANTE-1): seat 3 antes 1, posts 1 dead and 2 live. The pot
    holds 4 antes + 1 dead + 1 + 2 + 2 = 10 and no chip is lost (R-POT-4).
    Kills post's ``contributed[seat] += chips`` -> ``=``."""
    forced = ForcedBets((1, 2, 0, 2), (1, 1, 1, 1), (0, 0, 0, 1))
    state = HandState(nl(1, 2), [100] * 4, forced)
    assert state.stacks == [98, 97, 99, 96]
    assert state.total_pot == 10


def test_R_TABLE_6_two_dead_blinds_both_go_to_the_pot():
    """R-TABLE-6: two returning players each post a dead small blind (1)
    with a live big blind (2). The pot holds 1 + 2 + 2 x (1 + 2) = 9, and
    the dead chips are in the pots (R-POT-4). Kills post_forced_bets's
    ``dead_blinds += posted`` -> ``=``."""
    forced = ForcedBets((1, 2, 2, 2), (0, 0, 0, 0), (0, 0, 1, 1))
    hand = new_hand(nl(1, 2), [100] * 4, forced=forced)
    state = hand.state
    assert state.total_pot == 9
    hand.act(Fold(state.to_act))
    while not state.is_complete:
        if state.to_act == DEALER:
            hand.deal()
        elif state.phase is Phase.SHOWDOWN:
            hand.showdown()
        else:
            hand.act(state.legal_actions().check_or_call())
    assert sum(state.stacks) == 400


def test_R_ANTE_1_big_blind_ante_with_a_dead_blind_keeps_every_chip():
    """R-ANTE-1 (a big-blind ante: the big blind antes 2 for the table)
    with a dead small blind of 1 posted by seat 2 (R-TABLE-6). The pot
    holds 1 + 2 + 2 + 1 = 6. Kills post_forced_bets's ``state.dead +=
    posted`` -> ``=`` (the ante replacing the dead blind)."""
    forced = ForcedBets((1, 2, 0, 0), (0, 2, 0, 0), (0, 0, 1, 0))
    state = HandState(nl(1, 2), [100] * 4, forced)
    assert state.stacks == [99, 96, 99, 100]
    assert state.total_pot == 6


def test_R_FL_2_cap_with_antes_counts_the_big_blind_as_the_bet():
    """R-FL-2: $2/$4 fixed limit with antes, three players: the big blind
    is the bet, so three raises (to 4, 6, 8) cap the round and the fourth
    player to act may only call or fold. Kills post_forced_bets's
    ``_raise_count = 1 if top else 0`` mutants (0 or 2)."""
    config = GameConfig(structure=Structure.FIXED_LIMIT, small_blind=1, big_blind=2)
    forced = ForcedBets((1, 2, 0, 0), (1, 1, 1, 1), (0, 0, 0, 0))
    hand = new_hand(config, [100] * 4, forced=forced)
    state = hand.state
    hand.act(Raise(2, 4), Raise(3, 6))
    assert state.legal_actions() == facing_bet(0, 5, (8, 8))
    hand.act(Raise(0, 8))
    assert state.legal_actions() == facing_bet(1, 6)  # capped: no raise


def test_R_FL_2_cap_without_blinds_allows_a_bet_and_three_raises():
    """R-FL-2 with no blind at all (forced bets as a record may give them;
    R-BET-2: the seat left of the button acts first): the first bet is the
    bet, then three raises (to 4, 6, 8) before the cap. Kills post_blinds's
    ``_raise_count = 1 if top else 0`` -> 1 whatever the blind."""
    config = GameConfig(structure=Structure.FIXED_LIMIT, small_blind=1, big_blind=2)
    forced = ForcedBets((0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    hand = new_hand(config, [100] * 4, forced=forced)
    state = hand.state
    assert state.to_act == 0 and state.current_bet == 0
    hand.act(Bet(0, 2), Raise(1, 4), Raise(2, 6))
    assert state.legal_actions() == facing_bet(3, 6, (8, 8))
    hand.act(Raise(3, 8))
    assert state.legal_actions() == facing_bet(0, 6)  # capped: no raise


def test_R_SHOW_2_a_mucked_hand_gives_up_the_pot_even_when_it_was_better():
    """R-SHOW-2: at the showdown a player may muck instead of showing, and
    a mucked hand wins nothing, however good (cards speak only for hands
    shown, R-SHOW-4). Heads-up, no river bet: seat 0 (left of the button)
    shows seven high; seat 1 mucks pocket aces; seat 0 wins the pot of 4.
    Kills award's ``any_mucked = True in mucked`` -> ``None`` and ``True
    not in mucked``."""
    hand = new_hand(nl(1, 2), [100, 100], {0: "2c3d", 1: "AsAh"}, "7h8d9cJsKd")
    state = hand.state
    hand.act(Call(1), Check(0))
    for _street in ("flop", "turn", "river"):
        hand.deal()
        hand.act(Check(0), Check(1))
    assert state.phase is Phase.SHOWDOWN and state.to_act == 0
    hand.act(Show(0), Muck(1))
    assert state.is_complete
    assert state.stacks == [102, 98]


def test_R_SHOW_2_both_pots_go_to_the_one_hand_shown_when_the_rest_muck():
    """R-SHOW-2, R-POT-1: seat 0 is all-in for 50 pre-flop (main pot 150
    for all three); on the river seat 2 bets 20 and seat 1 calls (side pot
    40 for seats 1 and 2). Seat 2, the last to bet, shows first; seat 1
    (side pot) and then seat 0 (all-in for the main pot only) muck, so seat
    2 wins both pots: 190, every chip (R-POT-4).
    Kills award's ``continue`` -> ``break`` after a pot with one claimant
    (the side pot was never awarded)."""
    hand = new_hand(nl(1, 2), [50, 200, 200], {2: "2c3d"}, "7h8d9cJsKd")
    state = hand.state
    hand.act(Call(2), Raise(0, 50), Call(1), Call(2))
    for _street in ("flop", "turn"):
        hand.deal()
        hand.act(Check(1), Check(2))
    hand.deal()
    hand.act(Check(1), Bet(2, 20), Call(1))
    assert state.phase is Phase.SHOWDOWN and state.to_act == 2
    hand.act(Show(2))
    assert state.to_act == 1
    hand.act(Muck(1), Muck(0))
    assert state.is_complete
    assert state.stacks == [0, 130, 320]


def test_R_DEAL_1_no_betting_decision_before_the_hole_cards():
    """R-DEAL-1: every seat gets its two cards before anyone bets, so
    asking the legal actions before the deal is refused, citing the rule
    in the message and in ``err.rule``; after everyone folds to one player
    (R-SHOW-1) there is no decision either. Kills legal_actions's mutants
    of that refusal (rule, message, the state it describes)."""
    state = HandState(nl(1, 2), [100, 100, 100])
    with pytest.raises(StateError) as info:
        state.legal_actions()
    message = str(info.value)
    assert info.value.rule == "R-DEAL-1"
    assert message.startswith("no betting decision now"), message
    assert message.endswith("[R-DEAL-1]"), message
    assert "seat 0" in message  # what is expected: seat 0's hole cards
    hand = new_hand(nl(1, 2), [100, 100, 100])
    hand.act(Fold(2), Fold(0))
    assert hand.state.is_complete
    with pytest.raises(StateError) as info:
        hand.state.legal_actions()
    assert info.value.rule == "R-SHOW-1"
    assert str(info.value).endswith("[R-SHOW-1]")


def test_R_DECK_1_the_burn_card_cannot_come_again_on_the_board():
    """R-DECK-1, R-DEAL-2: the card burned before the flop was dealt; it
    cannot be the turn. Kills _do_deal_board's ``seen.add(burn.code)`` ->
    ``seen.add(None)``."""
    hand = new_hand(nl(1, 2), [100, 100, 100])
    hand.act(Call(2), Call(0))
    state = hand.state
    hand.act(state.legal_actions().check_or_call())
    # the hole cards are the lowest six (stacked_deck's filler)
    state.apply(DealBoard(parse_cards("AhKcQc"), Card.parse("Jd")))
    hand.act(Check(0), Check(1), Check(2))
    burned = DealBoard(parse_cards("Jd"), Card.parse("Ts"))
    err = refuse(state, burned, IllegalActionError, "R-DECK-1")
    assert "Jd" in str(err)


def test_R_DEAL_1_no_more_hole_cards_once_every_seat_has_two():
    """R-DEAL-1: each player gets two hole cards; once all have them, a
    further hole-card deal is refused as a StateError citing R-DEAL-1,
    and one to the seat number past the last as bad input; nothing
    changes. Kills
    apply's inline deal ``seat == self._dealt < self.seats`` -> ``<=``."""
    hand = new_hand(nl(1, 2), [100, 100, 100])
    hand.act(Call(2), Call(0))
    state = hand.state
    hand.act(state.legal_actions().check_or_call())
    assert state.to_act == DEALER
    cards = tuple(parse_cards("AhKh"))  # a plain tuple, as a record gives
    refuse(state, DealHole(3, cards), InvalidInputError)
    refuse(state, DealHole(2, cards), StateError, "R-DEAL-1")


def test_R_DECK_1_a_seats_second_hole_card_cannot_go_to_the_next_seat():
    """R-DECK-1: seat 0's second card (Kd) is dealt; dealing it to seat 1
    is refused. The cards come as plain tuples, as a record gives them, so
    the inline deal of apply checks them. Kills apply's inline deal
    ``seen.add(b)`` -> ``seen.add(None)``."""
    state = HandState(nl(1, 2), [100, 100])
    state.apply(DealHole(0, tuple(parse_cards("AsKd"))))
    again = DealHole(1, tuple(parse_cards("KdQc")))
    err = refuse(state, again, IllegalActionError, "R-DECK-1")
    assert "Kd" in str(err)


def test_R_SHOW_2_every_step_goes_into_the_hands_log():
    """R-SHOW-2 ("a hand mucked at showdown still goes into the hand
    history"): the log holds every step as applied: the hole-card deals
    and each show and muck. Kills apply's ``events.append(action)`` ->
    ``append(None)`` on the dealt-cards and the showdown paths."""
    state = HandState(nl(1, 2), [100, 100])
    deal0 = DealHole(0, parse_cards("2c3d"))
    deal1 = DealHole(1, parse_cards("AsAh"))
    state.apply(deal0)
    state.apply(deal1)
    assert state.events[-2:] == [deal0, deal1]
    state.apply(Call(1))
    state.apply(Check(0))
    for street in ("7h8d9c", "Js", "Kd"):
        state.apply(DealBoard(parse_cards(street)))
        state.apply(Check(0))
        state.apply(Check(1))
    assert state.phase is Phase.SHOWDOWN and state.to_act == 0
    state.apply(Show(0))
    assert state.events[-1] == Show(0)
    state.apply(Muck(1))
    assert Muck(1) in state.events
    assert None not in state.events


def test_R_SHOW_2_a_seat_in_turn_cannot_show_during_the_betting():
    """R-SHOW-2: hands are shown at the showdown; the seat to act in a
    betting round that shows is refused as out of turn, citing R-SHOW-2.
    Kills apply's showdown shortcut ``phase is _SHOWDOWN`` -> ``is not``."""
    hand = new_hand(nl(1, 2), [100, 100, 100])
    state = hand.state
    assert state.phase is Phase.BETTING and state.to_act == 2
    before = snapshot(state)
    assert not state.is_legal(Show(2))
    with pytest.raises(NotYourTurnError) as info:
        state.apply(Show(2))
    assert info.value.rule == "R-SHOW-2"
    message = str(info.value)
    assert message.endswith("[R-SHOW-2]"), message
    assert "fold, call 2, raise to 4..100" in message  # what is legal
    assert snapshot(state) == before


def test_R_SHOW_3_an_unknown_hand_shown_must_name_its_cards():
    """R-SHOW-3 with a replayed record: seat 1's cards were never known, so
    at the showdown its Show must name them; a Show without cards is bad
    input and changes nothing. Kills apply's showdown shortcut ``hole_cards
    [seat] is not None`` -> ``is None``."""
    state = HandState(nl(1, 2), [100, 100])
    state.apply(DealHole(0, parse_cards("QsQh")))
    state.apply(DealHole(1, None))
    state.apply(Call(1))
    state.apply(Check(0))
    for street in ("2c7d9h", "3s", "4d"):
        state.apply(DealBoard(parse_cards(street)))
        state.apply(Check(0))
        state.apply(Check(1))
    state.apply(Show(0))
    assert state.phase is Phase.SHOWDOWN and state.to_act == 1
    err = refuse(state, Show(1), InvalidInputError)
    assert "Show must name them" in str(err)
    state.apply(Show(1, parse_cards("KdKc")))
    assert state.is_complete and state.stacks == [98, 102]


def test_R_BET_7_a_seat_whose_uncalled_chips_come_back_is_no_longer_all_in():
    """R-BET-7: heads-up, stacks 50 (seat 0, the big blind) and 100 (seat
    1, the button). The button moves all-in for 100; the big blind calls
    all-in for 50. Only 50 of the bet is called, so 50 go back to seat 1,
    which then has chips again and is not all-in; seat 0 is. Kills
    _end_street's ``all_in[seat] = False`` -> ``None`` or ``True``."""
    hand = new_hand(nl(1, 2), [50, 100])
    state = hand.state
    hand.act(Raise(1, 100), Call(0))
    assert state.all_in == [True, False]
    assert state.stacks == [0, 50]
    assert state.total_pot == 100


def _flop_due() -> HandState:
    hand = new_hand(nl(1, 2), [100, 100, 100])
    hand.act(Call(2), Call(0))
    state = hand.state
    hand.act(state.legal_actions().check_or_call())
    # R-DEAL-2: the betting round is over; the dealer deals the flop
    assert state.phase is Phase.DEALING
    assert state.to_act == DEALER and state.config.jokers == 0
    return state


def test_R_DECK_2_no_joker_on_the_board_of_a_game_without_jokers():
    """R-DECK-2: jokers play only in a game configured with them; with
    none, a joker burned or dealt on the flop is refused, citing R-DECK-2.
    Kills _deal_street's ``code >= 52`` -> ``> 52`` and ``>= 53`` (for the
    burn and for the street's cards: code 52 is the first joker)."""
    state = _flop_due()
    joker = Card.from_code(52)
    flop = parse_cards("AhKcQc")
    refuse(state, DealBoard(flop, joker), IllegalActionError, "R-DECK-2")
    with_joker = (Card.parse("Ah"), Card.parse("Kc"), joker)
    refuse(
        state, DealBoard(with_joker, Card.parse("Jd")), IllegalActionError, "R-DECK-2"
    )


def test_R_FL_3_after_three_short_all_ins_a_full_bet_is_the_next_raise():
    """R-FL-2, R-FL-3: $2/$4 fixed limit, five players, the three blinds
    and the under-the-gun seat short. On the turn (bets of 4) seats 0, 1
    and 2 go all-in for 1, 2 and 3 chips: each adds 1, less than half a bet,
    so none counts as a bet or raise. Seat 3, yet to act, may call 3 or
    raise to 4, a full bet. Kills compute_legal's fixed-limit ``to =
    max(base + unit, current + 1)`` -> ``current + 2``."""
    config = GameConfig(structure=Structure.FIXED_LIMIT, small_blind=1, big_blind=2)
    hand = new_hand(config, [3, 4, 5, 100, 100])
    state = hand.state
    hand.act(Call(2), Call(3), Call(4), Call(0), Check(1))
    for _street in ("flop", "turn"):
        hand.deal()
        if state.board and len(state.board) == 3:
            hand.act(*(Check(s) for s in range(5)))
    assert len(state.board) == 4 and state.stacks == [1, 2, 3, 98, 98]
    hand.act(Bet(0, 1), Raise(1, 2), Raise(2, 3))
    assert state.all_in == [True, True, True, False, False]
    assert state.legal_actions() == facing_bet(3, 3, (4, 4))


def test_R_PL_1_the_antes_count_in_the_pot_limit():
    """R-PL-1, R-ANTE-1: pot limit 1/2 with an ante of 1 from each of three
    players. Under the gun faces 2: calling makes the pot 3 + 1 + 2 + 2 =
    8, so the largest raise is to 2 + 8 = 10 (the antes are dead money, but
    in the pot); the smallest is to 4. Kills compute_legal's ``current +
    hand.dead`` -> ``current - hand.dead``."""
    config = GameConfig(structure=Structure.POT_LIMIT, small_blind=1, big_blind=2)
    forced = ForcedBets((1, 2, 0), (1, 1, 1), (0, 0, 0))
    hand = new_hand(config, [100, 100, 100], forced=forced)
    assert hand.state.legal_actions() == facing_bet(2, 2, (4, 10))


def test_R_BET_5_no_option_for_the_big_blind_against_an_all_in_call_only():
    """R-BET-5: blinds 1/2; the button calls all-in for exactly 2, the small
    blind folds. The big blind is the only player not all-in and every bet
    is matched: there is no more betting, not even the big blind's option
    (R-BET-2), and the board is dealt at once. Kills _next_to_act's
    ``acted_at[seat] < 0 and able > 1`` -> ``able >= 1``."""
    hand = new_hand(nl(1, 2), [100, 100, 2])
    state = hand.state
    hand.act(Call(2), Fold(0))
    assert state.all_in == [False, False, True]
    assert state.to_act == DEALER and state.runout


def test_R_ALLIN_BLIND_blinds_still_face_the_full_straddle_posted_short():
    """R-ALLIN-BLIND, R-STRADDLE-1: blinds of 2 and 2 (a small blind up to
    the big blind, R-BLIND-2) and a straddle of 3 that seat 2 posts all-in
    for 1. The others still face the full straddle: after seat 3 folds,
    both blinds (2 in, able to bet) must call 1 more or act otherwise; the
    round is not over. Kills _next_to_act's ``able == 1 and committed[seat]
    < current`` -> ``or`` (which let both blinds skip, level with every
    other bet but short of the straddle)."""
    forced = ForcedBets((2, 2, 3, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    hand = new_hand(nl(1, 2), [100, 100, 1, 100], forced=forced)
    state = hand.state
    assert state.committed == [2, 2, 1, 0] and state.current_bet == 3
    assert state.to_act == 3
    hand.act(Fold(3))
    assert state.to_act == 0
    assert state.legal_actions().call_amount == 1
    hand.act(Call(0))
    assert state.to_act == 1
    assert state.legal_actions().call_amount == 1

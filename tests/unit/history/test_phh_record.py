"""Recording a dealt hand as PHH: events -> actions, and the round trip.

The property tests deal random hands with the shared strategies, write them
as PHH and read them back (``loads(dumps(h)) == h``), replay them, and check
no-limit hands against PokerKit, used here only as a test oracle.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given

from holdem.cards import Deck, parse_cards
from holdem.engine import HandState, run_dealer
from holdem.errors import InvalidInputError
from holdem.history import (
    Outcome,
    PhhBetRaise,
    PhhCheckCall,
    PhhDealBoard,
    PhhDealHole,
    PhhFold,
    PhhShowMuck,
    dumps,
    history_from_state,
    loads,
    replay_history,
)
from holdem.rules import (
    Call,
    DealBoard,
    DealHole,
    Fold,
    ForcedBets,
    GameConfig,
    Raise,
    Structure,
)
from pokerkit_model import pokerkit_merged_award
from strategies import HandSetup, choices, hand_setups, play


def heads_up_all_in() -> HandState:
    state = HandState(GameConfig(small_blind=1, big_blind=2), [100, 60])
    state.apply(DealHole(0, parse_cards("AsAd")))
    state.apply(DealHole(1, parse_cards("KsKd")))
    state.apply(Raise(1, 60))  # the button (small blind) moves all-in
    state.apply(Call(0))
    state.apply(DealBoard(parse_cards("2c7d9h")))
    state.apply(DealBoard(parse_cards("Th")))
    state.apply(DealBoard(parse_cards("3s")))
    return state


def test_events_become_phh_actions() -> None:
    state = heads_up_all_in()
    assert state.is_complete
    h = history_from_state(state, players=("Ann", "Bob"), hand=3)
    assert h.variant == "NT"
    assert h.blinds_or_straddles == (1, 2)  # PHH order heads-up: reversed
    assert h.antes == (0, 0)
    assert h.min_bet == 2
    assert h.starting_stacks == (100, 60)
    assert h.finishing_stacks == (160, 0)
    assert h.actions == (
        PhhDealHole(0, parse_cards("AsAd")),
        PhhDealHole(1, parse_cards("KsKd")),
        PhhBetRaise(1, 60),
        PhhCheckCall(0),
        PhhShowMuck(0, parse_cards("AsAd")),  # turned face up (R-SHOW-3)
        PhhShowMuck(1, parse_cards("KsKd")),
        PhhDealBoard(parse_cards("2c7d9h")),
        PhhDealBoard(parse_cards("Th")),
        PhhDealBoard(parse_cards("3s")),
    )
    text = dumps(h)
    assert '  "p2 cbr 60",' in text
    assert loads(text) == h
    result = replay_history(loads(text))
    assert result.outcome is Outcome.REPRODUCED, result.message


def test_fold_and_unknown_cards() -> None:
    state = HandState(GameConfig(small_blind=5, big_blind=10), [500, 500, 500])
    state.apply(DealHole(0, None))
    state.apply(DealHole(1, parse_cards("AsAd")))
    state.apply(DealHole(2, None))
    state.apply(Fold(2))
    state.apply(Fold(0))
    h = history_from_state(state)
    assert h.actions[0] == PhhDealHole(0, (None, None))
    assert h.actions[3:] == (PhhFold(2), PhhFold(0))
    assert h.finishing_stacks == (495, 505, 500)
    assert replay_history(h).outcome is Outcome.REPRODUCED


def test_what_phh_cannot_record() -> None:
    dead = HandState(
        GameConfig(), [100, 100, 100], ForcedBets((1, 2, 0), (0, 0, 0), (0, 0, 1))
    )
    # PHH has no dead-blind field: holdem writes the user-defined _dead_blinds
    # and reads it back (R-TABLE-6)
    h = history_from_state(dead)
    assert dict(h.metadata)["_dead_blinds"] == (0, 0, 1)
    assert loads(dumps(h)).forced_bets() == dead.forced
    capped = HandState(GameConfig(Structure.FIXED_LIMIT, raise_cap=3), [100, 100])
    with pytest.raises(InvalidInputError, match="R-FL-2"):
        history_from_state(capped)


def test_fixed_and_pot_limit_variants() -> None:
    fixed = HandState(GameConfig(Structure.FIXED_LIMIT, 1, 2), [100, 100])
    h = history_from_state(fixed)
    assert (h.variant, h.small_bet, h.big_bet, h.min_bet) == ("FT", 2, 4, None)
    pot = HandState(GameConfig(Structure.POT_LIMIT, 1, 2), [100, 100])
    assert history_from_state(pot).variant == "PT"


def recordable(setup: HandSetup) -> bool:
    config = setup.config
    return config.structure is not Structure.FIXED_LIMIT or config.raise_cap == 4


@given(hand_setups(max_seats=6), choices)
def test_dealt_hands_round_trip_and_replay(
    setup: HandSetup, decisions: list[int]
) -> None:
    assume(recordable(setup))
    state = play(setup, decisions)
    h = history_from_state(state, hand=1)
    assert loads(dumps(h)) == h
    result = replay_history(h)
    assert result.outcome is Outcome.REPRODUCED, result.message
    assert result.state is not None and result.state.stacks == state.stacks
    assert not result.whole_chip_split


def pokerkit_stacks(text: str) -> list[int]:
    pokerkit = pytest.importorskip("pokerkit")
    states = list(pokerkit.HandHistory.loads(text))
    return list(states[-1].stacks)


@given(hand_setups(max_seats=6, structures=(Structure.NO_LIMIT,)), choices)
def test_no_limit_hands_match_pokerkit(setup: HandSetup, decisions: list[int]) -> None:
    assume(recordable(setup))
    # PokerKit ignores the user-defined _dead_blinds (PHH has no dead-blind
    # field), so it would deal another hand: no oracle for dead blinds.
    assume(not any(setup.forced.dead_blinds))
    # A stack short of its forced bets is all-in before the deal; PokerKit then
    # lets no one act while R-ALLIN-BLIND still asks for the full blind.
    forced = setup.forced
    assume(min(setup.stacks) > max(forced.blinds_or_straddles) + max(forced.antes))
    # A big-blind ante that no one matches: see test_big_blind_ante_is_dead_money.
    assume(len(set(forced.antes)) == 1)
    # Heads-up with equal blinds PokerKit cannot tell the button from the big
    # blind and refuses the first action after the flop ("not a valid
    # player"); R-TABLE-2 says the button acts last. No oracle for those.
    blinds = forced.blinds_or_straddles
    assume(not (len(blinds) == 2 and blinds[0] == blinds[1]))
    state = play(setup, decisions)
    # Any other refusal by PokerKit (a ValueError) fails the test.
    theirs = pokerkit_stacks(dumps(history_from_state(state)))
    # Exactly equal, odd chips included: PokerKit gives a split pot's odd
    # chips to the lowest winning seat, which is the winner nearest the
    # button's left (the button is the last seat), as R-POT-3 does. Where two
    # pots have the same winners PokerKit merges them (its issue #46) while
    # R-POT-3 splits each on its own: compare with that merge done exactly
    # (with no two such pots, the merged award is the engine's own).
    assert theirs == pokerkit_merged_award(state)


def test_seeded_deal_records_and_replays() -> None:
    state = HandState(GameConfig(small_blind=1, big_blind=2), [50] * 4)
    run_dealer(state, Deck.shuffled(random.Random(7)))
    h = history_from_state(state)
    assert len(h.actions) == 4 and all(isinstance(a, PhhDealHole) for a in h.actions)
    # The hand stops before anyone acts: its stacks are recorded, but the pot
    # was never awarded, so the replay reports the record as incomplete.
    replay = replay_history(h)
    assert replay.outcome is Outcome.DIFFER
    assert replay.state is not None and tuple(replay.state.stacks) == h.finishing_stacks
    assert replay.message.endswith(
        "the record ends before the hand is complete: p3 must act (fold, call 2,"
        " raise to 4..50); 3 chips still in the pot [R-BET-4]"
    )


def test_big_blind_ante_is_dead_money_R_ANTE_1() -> None:
    text = """
variant = "NT"
antes = [0, 2]
blinds_or_straddles = [5, 10]
min_bet = 10
starting_stacks = [13, 13]
actions = ["d dh p1 5s4d", "d dh p2 9d7d", "p2 cc", "p1 cc", "d db 3hAs8h",
  "p1 cc", "p2 cc", "d db 8c", "p1 cc", "p2 cc", "d db Th", "p1 cc", "p2 cc",
  "p1 sm 5s4d", "p2 sm 9d7d"]
finishing_stacks = [1, 25]
"""
    # p2 (the button) wins with a pair of eights and takes the whole pot,
    # the big blind's ante included; PokerKit gives [1, 25] as well.
    assert pokerkit_stacks(text) == [1, 25]
    result = replay_history(loads(text))
    assert result.state is not None
    assert result.state.stacks == [1, 25]

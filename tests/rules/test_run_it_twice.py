"""R-RIT-1: run it twice (or three times), a house option for cash games.

Each test builds the deck by hand (hole cards in deal order, then burn and
board cards as the dealer takes them) so each run's cards are the case's.
"""

from __future__ import annotations

import pytest
from rules_helpers import nl

from holdem.cards import Card, Deck, parse_cards
from holdem.engine import AwardPot, BoardRun, HandState, Phase, run_dealer
from holdem.errors import IllegalActionError, NotYourTurnError, StateError
from holdem.rules import DEALER, Bet, Call, Raise, RunIt


def deck(holes: list[str], *streets: str) -> Deck:
    """Hole cards (one text per seat, seat 0 first), then each street dealt
    after a burn; the burns and the stub are the cards left, lowest first."""
    pairs = [parse_cards(text) for text in holes]
    boards = [parse_cards(text) for text in streets]
    used = {c for cards in pairs + boards for c in cards}
    spare = iter(c for c in map(Card.from_code, range(52)) if c not in used)
    order = [p[0] for p in pairs] + [p[1] for p in pairs]
    for cards in boards:
        order += [next(spare), *cards]
    return Deck(order + list(spare))


def all_in(config, stacks, holes, *streets, shove_on_flop=False):
    """Deal, get every chip in (pre-flop, or on the flop), stop at the run-out."""
    state = HandState(config, stacks)
    cards = deck(holes, *streets)
    run_dealer(state, cards)
    while state.to_act != DEALER or (shove_on_flop and not state.board):
        if state.to_act == DEALER:
            run_dealer(state, cards)
            continue
        legal = state.legal_actions()
        if legal.can_raise and (shove_on_flop is False or state.board):
            state.apply(legal.raise_to(legal.max_raise_to))
        else:
            state.apply(legal.check_or_call())
    assert state.runout and state.to_act == DEALER
    return state, cards


def awards(state: HandState) -> list[AwardPot]:
    return [e for e in state.events if type(e) is AwardPot]


def test_R_RIT_1_case_041_each_run_wins_half_of_the_pot():
    """Case 041: S1 (button, seat 1) Kc Kd, S2 (seat 0) Qh Jh, all-in on
    Qs 8h 3h for 400. Run 1 (2c 5d): kings win 200; run 2 (9h 4s): S2's
    heart flush wins 200. Final stacks 200 and 200."""
    state = HandState(nl(1, 2, max_runs=2), [200, 200])
    cards = deck(["QhJh", "KcKd"], "Qs8h3h", "2c", "5d", "9h", "4s")
    run_dealer(state, cards)
    state.apply(Raise(1, 6))
    state.apply(Call(0))
    run_dealer(state, cards)
    state.apply(Bet(0, 10))
    state.apply(Raise(1, 194))
    state.apply(Call(0))
    assert state.runout and state.to_act == DEALER
    state.apply(RunIt(2))
    run_dealer(state, cards)
    assert state.is_complete
    assert state.board == list(parse_cards("Qs8h3h2c5d"))
    assert state.run_boards == [parse_cards("Qs8h3h9h4s")]
    assert awards(state) == [
        AwardPot(0, 200, ((1, 200),), run=1),
        AwardPot(0, 200, ((0, 200),), run=2),
    ]
    assert [e for e in state.events if type(e) is BoardRun] == [
        BoardRun(1, parse_cards("Qs8h3h2c5d")),
        BoardRun(2, parse_cards("Qs8h3h9h4s")),
    ]
    assert state.stacks == [200, 200]


def test_R_RIT_1_pre_flop_all_in_runs_the_whole_board_again_with_its_burns():
    """All-in pre-flop, run twice: run 2 deals a flop, turn and river of its
    own after run 1's, each street after a burn (R-DEAL-2): 6 burns, 10
    board cards, none twice (R-DECK-1)."""
    state, cards = all_in(
        nl(1, 2, max_runs=2), [50, 50], ["AsAh", "KsKh"],
        "2c7d9h", "Jc", "3s", "Kd8c4h", "Tc", "Qd",
    )  # fmt: skip
    state.apply(RunIt(2))
    run_dealer(state, cards)
    assert state.board == list(parse_cards("2c7d9hJc3s"))
    assert state.run_boards == [parse_cards("Kd8c4hTcQd")]
    assert len(state.burns) == 6
    dealt = state.board + list(state.run_boards[0]) + state.burns
    assert len(set(dealt)) == 16
    # aces win run 1, the kings' set wins run 2: 50 each way
    assert awards(state) == [
        AwardPot(0, 50, ((0, 50),), run=1),
        AwardPot(0, 50, ((1, 50),), run=2),
    ]
    assert state.stacks == [50, 50]


def test_R_RIT_1_three_runs_odd_chips_of_the_split_go_to_the_first_run():
    """A pot of 400 run three times: 134 for run 1 (the odd chip of the
    split), 133 each for runs 2 and 3; aces hold on every run here."""
    state, cards = all_in(
        nl(1, 2, max_runs=3), [200, 200], ["AsAh", "7c2d"],
        "Ks9d4h", "Jc", "3s", "Kh8c5h", "Tc", "Qd", "Kd8d5s", "Td", "Qs",
    )  # fmt: skip
    state.apply(RunIt(3))
    run_dealer(state, cards)
    assert [(a.run, a.amount, a.shares) for a in awards(state)] == [
        (1, 134, ((0, 134),)),
        (2, 133, ((0, 133),)),
        (3, 133, ((0, 133),)),
    ]
    assert state.stacks == [400, 0]


def test_R_RIT_1_each_pot_split_on_its_own_and_awarded_on_each_run():
    """Three all-in for 20, 60 and 60 (blinds 1/2): main pot 60 and side pot
    80, run twice. Each pot is halved; run 1's main-pot half (30) and side
    half (40) go by R-POT-1 on run 1's board, run 2's halves on its own."""
    state, cards = all_in(
        nl(1, 2, max_runs=2), [20, 60, 60], ["AsAh", "KsKh", "QsQh"],
        "2c7d9h", "Jc", "3s", "Kd8c4h", "Tc", "5d",
    )  # fmt: skip
    state.apply(RunIt(2))
    run_dealer(state, cards)
    got = [(a.run, a.pot, a.amount, a.shares) for a in awards(state)]
    # run 1: aces win the main pot, kings beat queens for the side pot;
    # run 2: the kings' set takes both halves
    assert got == [
        (1, 0, 30, ((0, 30),)),
        (1, 1, 40, ((1, 40),)),
        (2, 0, 30, ((1, 30),)),
        (2, 1, 40, ((1, 40),)),
    ]
    assert state.stacks == [30, 110, 0]


def test_R_RIT_1_a_run_split_between_equal_hands_keeps_R_POT_3():
    """Run 2 is a tie (both make the ace-high straight): its half is split,
    the odd chip by R-POT-3 to the winner nearest the button's left."""
    state, cards = all_in(
        nl(1, 2, max_runs=2), [101, 101], ["AsAh", "KsKh"],
        "2c7d9h", "Jc", "3s", "TcJdQd", "Kd", "Ac",
    )  # fmt: skip
    state.apply(RunIt(2))
    run_dealer(state, cards)
    # pot 202: run 1 101 to the aces; run 2 101 split 51/50, seat 0 first
    assert [(a.run, a.amount, a.shares) for a in awards(state)] == [
        (1, 101, ((0, 101),)),
        (2, 101, ((0, 51), (1, 50))),
    ]
    assert state.stacks == [152, 50]


def test_R_RIT_1_once_by_default_the_house_refuses_more_runs():
    """Without the house option (max_runs 1) the board runs once: RunIt(2)
    is refused and changes nothing, RunIt(1) is allowed."""
    state, _ = all_in(nl(1, 2), [50, 50], ["AsAh", "KsKh"], "2c7d9h", "Jc", "3s")
    before = list(state.events)
    with pytest.raises(IllegalActionError, match=r"R-RIT-1"):
        state.apply(RunIt(2))
    assert state.events == before and state.runs == 1
    state.apply(RunIt(1))
    assert state.runs == 1


def test_R_RIT_1_refused_while_betting_can_follow_and_after_the_choice():
    """The runs are chosen once no betting can follow, once: not during a
    betting round, not twice, not with more runs than the house allows."""
    config = nl(1, 2, max_runs=2)
    state = HandState(config, [50, 50])
    cards = deck(["AsAh", "KsKh"], "2c7d9h", "Jc", "3s")
    run_dealer(state, cards)
    with pytest.raises(NotYourTurnError, match=r"R-RIT-1"):
        state.apply(RunIt(2))
    state, _ = all_in(config, [50, 50], ["AsAh", "KsKh"], "2c7d9h", "Jc", "3s")
    with pytest.raises(IllegalActionError, match=r"1 to 2 times"):
        state.apply(RunIt(3))
    state.apply(RunIt(2))
    with pytest.raises(StateError, match=r"R-RIT-1"):
        state.apply(RunIt(2))


def test_R_RIT_1_replaying_the_log_rebuilds_the_runs_and_awards():
    """The log is the truth: replaying a hand run twice gives the same events
    (the dealer's own BoardRun and AwardPot events are made again)."""
    state, cards = all_in(
        nl(1, 2, max_runs=2), [50, 50], ["AsAh", "KsKh"],
        "2c7d9h", "Jc", "3s", "Kd8c4h", "Tc", "Qd",
    )  # fmt: skip
    state.apply(RunIt(2))
    copy = state.copy()
    run_dealer(state, cards)
    again = HandState.replay(state.config, state.starting_stacks, state.events)
    assert again.events == state.events
    assert again.phase is Phase.COMPLETE
    assert copy.run_boards == [] and copy.runs == 2  # a copy stays apart

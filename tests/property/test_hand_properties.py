"""Properties of whole hands: random rules, stacks and legal play (STYLE.md section 7).

Each test draws a ``HandSetup`` (2 to 10 seats, no-limit, pot-limit or
fixed-limit, blinds, antes, big-blind antes, straddles, dead blinds, stacks
from 1 chip to 300 big blinds) and plays it with random legal decisions.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from holdem.cards import Card
from holdem.engine import (
    AwardPot,
    HandState,
    Phase,
    PostAnte,
    PostBlind,
    PostDead,
    ReturnUncalled,
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
    Action,
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
from strategies import HandSetup, choices, hand_setups, max_player_actions, play

BETTING_ACTIONS = (Fold, Check, Call, Bet, Raise)
POSTS = (PostAnte, PostBlind, PostDead)


# ------------------------------------------------------------ chips (R-POT-4)


class Ledger:
    """Counts chips from the actions themselves, not from the engine's totals."""

    def __init__(self, setup: HandSetup) -> None:
        self.total = sum(setup.stacks)
        self.put = [0] * setup.seats  # posts, calls, bets and raises
        self.returned = [0] * setup.seats  # uncalled bets (R-BET-7)
        self.awarded = [0] * setup.seats
        self.seen_events = 0
        self.owed_before = 0
        self.committed_before: list[int] = []

    def before(self, state: HandState) -> None:
        self.check(state)
        self.committed_before = list(state.committed)
        if state.phase is Phase.BETTING:
            self.owed_before = state.legal_actions().call_amount

    def after(self, state: HandState, action: Action) -> None:
        kind = type(action)
        if kind is Call:
            self.put[action.seat] += self.owed_before  # type: ignore[union-attr]
        elif kind is Bet or kind is Raise:
            seat, to = action.seat, action.to  # type: ignore[union-attr]
            self.put[seat] += to - self.committed_before[seat]
        self.check(state)

    def _read_new_events(self, state: HandState) -> None:
        for record in state.events[self.seen_events :]:
            if isinstance(record, POSTS):
                self.put[record.seat] += record.chips
            elif isinstance(record, ReturnUncalled):
                assert record.chips > 0
                self.returned[record.seat] += record.chips
            elif isinstance(record, AwardPot):
                assert record.amount > 0
                assert sum(chips for _, chips in record.shares) == record.amount
                for seat, chips in record.shares:
                    assert not state.folded[seat] and not state.mucked[seat]
                    self.awarded[seat] += chips
        self.seen_events = len(state.events)

    def check(self, state: HandState) -> None:
        self._read_new_events(state)
        stacks, contributed, committed = (
            state.stacks,
            state.contributed,
            state.committed,
        )
        assert min(stacks) >= 0, f"negative stack: {stacks}"
        assert min(contributed) >= 0 and min(committed) >= 0
        for seat in range(state.seats):
            put_in = self.put[seat] - self.returned[seat]
            assert stacks[seat] == (
                state.starting_stacks[seat] - put_in + self.awarded[seat]
            )
            # Live chips (not antes or dead blinds) are part of what it put in.
            assert committed[seat] <= contributed[seat] <= put_in
        # The middle holds what the seats put in minus what came back (R-BET-7).
        middle = sum(self.put) - sum(self.returned)
        if state.is_complete:
            # every chip of the middle was awarded: no pot is left (R-POT-4)
            assert state.total_pot == 0 and state.pots == ()
            assert sum(stacks) == self.total
            assert sum(self.awarded) == middle
            assert sum(state.payoffs) == 0
        else:
            assert state.total_pot == middle
            pots = state.pots
            assert sum(p.amount for p in pots) + sum(committed) == middle
            for pot in pots:
                assert pot.amount > 0 and pot.eligible
                assert not any(state.folded[s] for s in pot.eligible)
            assert sum(stacks) + state.total_pot == self.total
            assert not any(self.awarded)


@given(setup=hand_setups(), decisions=choices)
def test_R_POT_4_chips_conserved_after_every_event(
    setup: HandSetup, decisions: list[int]
) -> None:
    """Stacks + contributions stay at the starting total; no stack below 0."""
    ledger = Ledger(setup)
    state = play(setup, decisions, before=ledger.before, after=ledger.after)
    ledger.check(state)
    assert state.is_complete
    describe(state)


def describe(state: HandState) -> None:
    """Label the example for ``--hypothesis-show-statistics``."""
    awards = [e for e in state.events if isinstance(e, AwardPot)]
    event(f"structure: {state.config.structure}")
    event(
        "ended: showdown"
        if state.board and len(state.board) == 5 and len(state.in_hand()) > 1
        else "ended: folds"
    )
    event(f"pots awarded: {min(len(awards), 3)}")
    event(f"all-in run-out: {state.runout}")
    event(f"street reached: {state.street.name}")


# --------------------------------------------------------- bounded (R-BET-4)


@given(setup=hand_setups(), decisions=choices)
def test_R_BET_4_every_hand_ends_within_a_bound(
    setup: HandSetup, decisions: list[int]
) -> None:
    """A hand ends; each street has at most seats + raises * (seats - 1) actions."""
    state = play(setup, decisions)
    assert state.is_complete and state.to_act is None
    per_street: list[list[Action]] = [[]]
    showdown: list[Action] = []
    for record in state.events:
        if isinstance(record, DealBoard):
            per_street.append([])
        elif isinstance(record, (Show, Muck)):
            showdown.append(record)
        elif isinstance(record, BETTING_ACTIONS):
            per_street[-1].append(record)
    assert len(per_street) <= 4
    n = setup.seats
    for actions in per_street:
        raises = sum(isinstance(a, (Bet, Raise)) for a in actions)
        assert len(actions) <= n + raises * (n - 1), actions
    assert len(showdown) <= n
    total = sum(map(len, per_street)) + len(showdown)
    assert total <= max_player_actions(setup)


# ---------------------------------------------------- determinism and replay


@given(setup=hand_setups(), decisions=choices)
def test_R_DEAL_4_same_seed_and_actions_give_the_same_log(
    setup: HandSetup, decisions: list[int]
) -> None:
    """Playing twice gives equal logs; ``replay`` of the log rebuilds it."""
    first = play(setup, decisions)
    second = play(setup, decisions)
    assert first.events == second.events
    assert first.stacks == second.stacks
    replayed = HandState.replay(setup.config, setup.stacks, first.events, setup.forced)
    assert replayed.events == first.events
    assert replayed.stacks == first.stacks
    assert replayed.payoffs == first.payoffs
    assert replayed.is_complete


@given(setup=hand_setups(), decisions=choices, cut=st.integers(0, 400))
def test_copy_plays_on_like_the_original(
    setup: HandSetup, decisions: list[int], cut: int
) -> None:
    """A copy taken mid-hand, given the rest of the log, ends like the original."""
    final = play(setup, decisions)
    actions = [e for e in final.events if isinstance(e, _REPLAYABLE)]
    cut = min(cut, len(actions))
    state = HandState(setup.config, setup.stacks, setup.forced)
    for action in actions[:cut]:
        state.apply(action)
    clone = state.copy()
    before = snapshot(state)
    for action in actions[cut:]:
        clone.apply(action)
    assert snapshot(state) == before  # the original did not move
    assert clone.events == final.events
    assert clone.stacks == final.stacks


# -------------------------------------------------------- illegal actions


def snapshot(state: HandState) -> dict[str, Any]:
    """Every field of the state (the legal-actions cache aside), frozen."""
    fields: dict[str, Any] = {}
    slots = [n for cls in HandState.__mro__ for n in getattr(cls, "__slots__", ())]
    assert len(slots) > 30  # every field of the hand (they live on Hand)
    for name in slots:
        if name == "_legal":
            continue
        value = getattr(state, name)
        if isinstance(value, list):
            value = tuple(value)
        elif isinstance(value, set):
            value = frozenset(value)
        fields[name] = value
    fields["pots"] = state.pots
    fields["payoffs"] = state.payoffs
    if state.phase is Phase.BETTING:
        fields["legal"] = state.legal_actions()
    return fields


def _unseen_cards(state: HandState, count: int) -> tuple[Card, ...]:
    seen = {c.code for c in state.board} | {c.code for c in state.burns}
    for cards in state.hole_cards:
        if cards is not None:
            seen.update(c.code for c in cards)
    return tuple(Card.from_code(c) for c in range(52) if c not in seen)[:count]


def _seen_card(state: HandState) -> Card | None:
    for cards in state.hole_cards:
        if cards:
            return cards[0]
    return state.board[0] if state.board else None


def illegal_actions(state: HandState) -> list[tuple[Action, type[HoldemError]]]:
    """Actions that must be refused now, each with the error class expected."""
    n = state.seats
    out: list[tuple[Action, type[HoldemError]]] = []
    board = DealBoard(_unseen_cards(state, 3), None)
    if state.phase is Phase.COMPLETE:
        for seat in range(n):
            out += [(Fold(seat), StateError), (Check(seat), StateError)]
            out += [(Call(seat), StateError), (Raise(seat, 10**6), StateError)]
            out += [(Show(seat), StateError), (Muck(seat), StateError)]
        out += [(board, StateError), (DealHole(0, _unseen_cards(state, 2)), StateError)]
        out.append((ExposeCard(1), StateError))
        return out
    if state.phase is Phase.BETTING:
        legal = state.legal_actions()
        seat = legal.seat
        size = legal.min_raise_to or state.current_bet + 1
        for other in range(n):
            if other == seat:
                continue
            # R-BET-2: out of turn, whatever the action.
            out += [(Fold(other), NotYourTurnError), (Check(other), NotYourTurnError)]
            out += [(Call(other), NotYourTurnError)]
            out += [(Raise(other, size), NotYourTurnError)]
            out += [(Bet(other, size), NotYourTurnError)]
        for absent in (n, n + 3, -1):  # no such seat: malformed
            out += [(Fold(absent), InvalidInputError)]
            out += [(Call(absent), InvalidInputError)]
            out += [(Raise(absent, size), InvalidInputError)]
        if not legal.can_fold:
            out.append((Fold(seat), IllegalActionError))  # nothing to face
        if not legal.can_check:
            out.append((Check(seat), IllegalActionError))  # facing a bet
        else:
            out.append((Call(seat), IllegalActionError))  # nothing to call
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is None or high is None:
            big = state.current_bet + state.stacks[seat] + 1
            out += [(Raise(seat, big), IllegalActionError)]
            out += [(Bet(seat, big), IllegalActionError)]
        else:
            out.append((legal.raise_to(low - 1), IllegalActionError))  # R-NL-2
            out.append((legal.raise_to(high + 1), IllegalActionError))  # R-NL-1
            wrong = Raise(seat, low) if legal.is_bet else Bet(seat, low)
            out.append((wrong, IllegalActionError))  # bet vs raise (R-BET-1)
        out += [(Show(seat), NotYourTurnError), (Muck(seat), NotYourTurnError)]
        out.append((board, NotYourTurnError))
        if state.board:
            out.append((ExposeCard(1), StateError))  # R-MISDEAL-1: too late
        return out
    if state.phase is Phase.SHOWDOWN:
        seat = state.to_act
        assert seat is not None and seat >= 0
        for other in range(n):
            out += [(Fold(other), NotYourTurnError), (Check(other), NotYourTurnError)]
            out += [(Call(other), NotYourTurnError)]
            if other != seat:
                out += [
                    (Show(other), NotYourTurnError),
                    (Muck(other), NotYourTurnError),
                ]
        held = state.hole_cards[seat]
        if held is not None:
            wrong = _unseen_cards(state, 2)
            out.append((Show(seat, wrong), IllegalActionError))  # R-SHOW-4
        out += [(board, NotYourTurnError)]
        return out
    # The dealer's turn.
    assert state.to_act == DEALER
    for seat in range(n):
        out += [(Fold(seat), NotYourTurnError), (Check(seat), NotYourTurnError)]
        out += [(Call(seat), NotYourTurnError), (Muck(seat), NotYourTurnError)]
    card = _seen_card(state)
    if state.board or all(h is not None for h in state.hole_cards):
        out.append((DealHole(0, _unseen_cards(state, 2)), StateError))
        if card is not None:
            fresh = _unseen_cards(state, 3)
            size = 3 if not state.board else 1
            reused = DealBoard((card, *fresh[: size - 1]), fresh[-1])
            out.append((reused, IllegalActionError))  # R-DECK-1: seen already
        out.append((DealBoard(_unseen_cards(state, 5), None), InvalidInputError))
    return out


def check_refusals(state: HandState) -> None:
    """Every illegal action raises the expected error and changes nothing."""
    before = snapshot(state)
    for action, error in illegal_actions(state):
        assert not state.is_legal(action), action
        with pytest.raises(error):
            state.apply(action)
        assert snapshot(state) == before, f"{action} changed the state"


def check_legal_sizes_apply(state: HandState) -> None:
    """Each legal choice (fold, check/call, min, max, a middle size) applies."""
    if state.phase is not Phase.BETTING:
        return
    before = snapshot(state)
    legal = state.legal_actions()
    actions: list[Action] = [legal.check_or_call()]
    if legal.can_fold:
        actions.append(legal.fold())
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is not None and high is not None:
        assert state.current_bet < low <= high
        assert high <= state.committed[legal.seat] + state.stacks[legal.seat]
        actions += [legal.raise_to(x) for x in {low, (low + high) // 2, high}]
    for action in actions:
        assert state.is_legal(action), action
        state.copy().apply(action)
    assert snapshot(state) == before


@given(setup=hand_setups(), decisions=choices)
def test_illegal_actions_never_change_the_state(
    setup: HandSetup, decisions: list[int]
) -> None:
    """Out-of-turn, wrong-size, wrong-kind and wrong-phase actions are refused."""

    def before(state: HandState) -> None:
        check_refusals(state)
        check_legal_sizes_apply(state)

    state = play(setup, decisions, before=before)
    check_refusals(state)


_REPLAYABLE = (Fold, Check, Call, Bet, Raise, Show, Muck, DealHole, DealBoard)


# ------------------------------------------------ any value at all (robustness)

CARDS = st.builds(Card.from_code, st.integers(0, 53))
ODD_VALUES = st.one_of(
    st.integers(-3, 12),
    st.integers(min_value=2**64, max_value=2**80),
    st.sampled_from([10**5000, -(10**5000), 2**63]),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.fractions(),
    st.none(),
    st.text(max_size=6),
    st.sampled_from(["AsKs", "As", "", "2"]),
    st.binary(max_size=3),
    CARDS,
    st.lists(CARDS, max_size=5),
    st.tuples(CARDS, CARDS),
    st.lists(CARDS, max_size=5).map(tuple),
    st.tuples(st.integers(), st.text(max_size=2)),
    st.lists(st.integers(-1, 60), max_size=3),
    st.just(object()),
)
ACTION_FIELDS: dict[type, tuple[str, ...]] = {
    Fold: ("seat",),
    Check: ("seat",),
    Call: ("seat",),
    Muck: ("seat",),
    Bet: ("seat", "to"),
    Raise: ("seat", "to"),
    Show: ("seat", "cards"),
    DealHole: ("seat", "cards"),
    DealBoard: ("cards", "burn"),
    ExposeCard: ("index",),
    ReplaceExposed: ("card",),
}


def _field_values(state: HandState, name: str) -> st.SearchStrategy[Any]:
    """Odd values, plus values that may be right now (some of them legal)."""
    near: list[Any] = list(range(-1, state.seats + 1))
    if state.to_act is not None and state.to_act >= 0:
        seat = state.to_act
        near += [seat, float(seat), Decimal(seat), Fraction(seat), True, False]
    if name == "to":
        top = state.current_bet + max(state.stacks) + 1
        near += [0, state.current_bet, top, float(top), 10**5000]
        if state.phase is Phase.BETTING:
            legal = state.legal_actions()
            if legal.min_raise_to is not None:
                near += [legal.min_raise_to, legal.max_raise_to]
    if name in ("cards", "card", "burn"):
        fresh = _unseen_cards(state, 4)
        near += [fresh[:1], fresh[:2], fresh[:3], list(fresh[:3]), fresh[0]]
        near += [(fresh[0], "As"), (fresh[0], None), None]
    if name == "index":
        near += list(range(0, 2 * state.seats + 2))
    return st.one_of(st.sampled_from(near), ODD_VALUES)


def _try_any_value(state: HandState, data: st.DataObject) -> None:
    """Build an action from arbitrary values: construction either refuses it
    with a HoldemError or gives an action that is_legal answers about without
    raising; a refused action raises only HoldemError and changes nothing."""
    kind = data.draw(st.sampled_from(sorted(ACTION_FIELDS, key=lambda k: k.__name__)))
    values = [data.draw(_field_values(state, f)) for f in ACTION_FIELDS[kind]]
    try:
        action = kind(*values)
    except HoldemError:
        return
    before = snapshot(state)
    if state.is_legal(action):
        state.copy().apply(action)
    else:
        with pytest.raises(HoldemError):
            state.check_action(action)
        with pytest.raises(HoldemError):
            state.apply(action)
        str(action)
    assert snapshot(state) == before, f"{action!r} changed the state"


@settings(max_examples=60)
@given(setup=hand_setups(), decisions=choices, data=st.data())
def test_any_value_raises_only_holdem_errors_and_changes_nothing(
    setup: HandSetup, decisions: list[int], data: st.DataObject
) -> None:
    """Robustness (issue 7 item 12): seats, amounts and cards of every type
    (bool, float, Decimal, huge ints, text, lists, None, jokers) raise only
    HoldemError, from the constructor or from check_action/apply, and a
    refusal leaves the state exactly as it was; is_legal never raises."""

    def before(state: HandState) -> None:
        for _ in range(2):
            _try_any_value(state, data)
        junk = data.draw(ODD_VALUES)
        assert not state.is_legal(junk)
        with pytest.raises(HoldemError):
            state.apply(junk)

    state = play(setup, decisions, before=before)
    before(state)

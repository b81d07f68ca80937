"""``HandState.apply``'s inline fast paths against the general path.

``apply`` carries out the common steps (a fold, a hole-card deal with or
without known cards, a board street with or without its burn) after a short
inline check, and ``HandState`` posts antes and dead blinds from a plan made
once per ``ForcedBets``. The general path is ``check_action`` and then the
step's own ``_do_`` method, and ``post_forced_bets``. Random hands, with
steps that are legal and steps that are not (wrong seat, a fold that could
check, a card seen, a card twice), must end in the same state with the same
refusal either way (R-BET-1, R-BET-2, R-DEAL-1, R-DEAL-3, R-DECK-1,
R-ANTE-1, R-ALLIN-BLIND).
"""

from __future__ import annotations

import random

import pytest

from holdem.cards import Card
from holdem.engine import HandState, Phase, PostBlind, forced_bets
from holdem.engine.hand import Hand
from holdem.engine.legal import compute_legal
from holdem.errors import HoldemError, InvalidInputError
from holdem.rules import DEALER as DEALER_TO_ACT
from holdem.rules import (
    Action,
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
)

_CONFIGS = (
    GameConfig(small_blind=5, big_blind=10),
    GameConfig(small_blind=5, big_blind=10, fold_when_check=False),
)


def full_state(state: HandState) -> dict[str, object]:
    """Every slot of the hand, lists copied (and whether two share a list).

    ``_legal`` is a cache either path may fill: the legal actions it holds
    are compared instead.
    """
    values = {}
    for name in Hand.__slots__:
        value = getattr(state, name, None)
        values[name] = value.copy() if isinstance(value, list | set) else value
    del values["_legal"]
    betting = state.phase is Phase.BETTING
    values["legal"] = compute_legal(state) if betting else None  # not cached
    values["reach is antes"] = state._ante_reach is state._antes
    return values


def general_apply(state: HandState, action: Action) -> None:
    """``apply`` without its fast paths: the full check, then the step."""
    state.check_action(action)
    state._legal = None
    state.events.append(action)
    kind = type(action)
    if kind is DealHole:
        state._do_deal_hole(action)  # type: ignore[arg-type]
    elif kind is DealBoard:
        state._do_deal_board(action)  # type: ignore[arg-type]
    elif kind is Show or kind is Muck:
        state._do_show_or_muck(action)  # type: ignore[arg-type]
    elif kind is ExposeCard:
        state._do_expose(action)  # type: ignore[arg-type]
    elif kind is ReplaceExposed:
        state._do_replace(action)  # type: ignore[arg-type]
    else:
        state._do_betting(action)  # type: ignore[arg-type]


def outcome(state: HandState, step: object, action: Action) -> tuple[object, ...]:
    try:
        step(action)  # type: ignore[operator]
    except HoldemError as error:
        return (type(error), str(error))
    return ("applied",)


def card_for(rng: random.Random, state: HandState) -> Card:
    """Mostly an unseen card; now and then one already dealt (R-DECK-1)."""
    if state._seen and rng.random() < 0.1:
        return Card.from_code(rng.choice(sorted(state._seen)))
    return Card.from_code(rng.choice([c for c in range(52) if c not in state._seen]))


def dealer_step(rng: random.Random, state: HandState) -> Action:
    n = state.seats
    if state._exposed and state._dealt == n and rng.random() < 0.9:
        return ReplaceExposed(card_for(rng, state))  # R-MISDEAL-2
    if state._dealt < n:
        seat = state._dealt if rng.random() < 0.9 else rng.randrange(n)
        if rng.random() < 0.5:
            return DealHole(seat, None)
        first = card_for(rng, state)
        second = first if rng.random() < 0.05 else card_for(rng, state)
        return DealHole(seat, (first, second))
    count = 1 if state.board else 3
    if rng.random() < 0.05:
        count = 4 - count  # the wrong street's size (R-DEAL-3)
    cards = [card_for(rng, state) for _ in range(count)]
    if count > 1 and rng.random() < 0.05:
        cards[1] = cards[0]  # a card twice (R-DECK-1)
    burn = card_for(rng, state) if rng.random() < 0.5 else None
    return DealBoard(tuple(cards), burn)


def player_step(rng: random.Random, state: HandState) -> Action:
    seat = state.to_act
    assert seat is not None
    if state.phase is Phase.SHOWDOWN:
        roll = rng.random()
        if roll < 0.15:  # a betting step of the seat to show: refused
            return rng.choice((Fold, Check, Call))(seat)
        return Show(seat) if roll < 0.75 else Muck(seat)
    if rng.random() < 0.15:
        seat = rng.randrange(state.seats)  # often out of turn (R-BET-2)
    roll = rng.random()
    if roll < 0.45:
        return Fold(seat)
    if roll < 0.7:
        return Check(seat)
    if roll < 0.9:
        return Call(seat)
    to = state.current_bet + rng.choice((1, 10, 20))
    return Raise(seat, to) if state.current_bet else Bet(seat, to)


@pytest.mark.parametrize("seed", range(200))
def test_R_BET_1_R_DEAL_1_fast_steps_match_the_full_check(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    config = _CONFIGS[seed % 2]
    stacks = [rng.choice((3, 10, 40, 1000)) for _ in range(n)]
    fast, slow = HandState(config, stacks), HandState(config, stacks)
    steps = 0
    while not fast.is_complete and steps < 200:
        steps += 1
        if rng.random() < 0.04:
            # an exposed card: a misdeal, or a burn before the flop
            # (R-MISDEAL-1, R-MISDEAL-2)
            action: Action = ExposeCard(rng.randint(1, 2 * n))
        elif fast.to_act == DEALER_TO_ACT:
            action = dealer_step(rng, fast)
        else:
            action = player_step(rng, fast)
        got = outcome(fast, fast.apply, action)
        want = outcome(slow, lambda a: general_apply(slow, a), action)
        assert got == want, action
        assert full_state(fast) == full_state(slow), action


def _forced(rng: random.Random, n: int) -> ForcedBets:
    blinds = [0] * n
    blinds[0], blinds[1 % n] = (rng.choice((0, 1, 5)), 10) if n > 2 else (10, 5)
    antes = [0] * n
    kind = rng.randrange(3)
    if kind == 0:
        antes = [rng.choice((1, 2, 3)) for _ in range(n)]  # everyone antes
    elif kind == 1:
        antes[1 if n > 2 else 0] = rng.choice((5, 10))  # a big-blind ante
    dead = [rng.choice((0, 0, 0, 5)) for _ in range(n)]
    if not any(antes) and not any(dead):
        dead[rng.randrange(n)] = 5
    return ForcedBets(tuple(blinds), tuple(antes), tuple(dead))


@pytest.mark.parametrize("seed", range(150))
def test_R_ANTE_1_R_ALLIN_BLIND_planned_posts_match_post_forced_bets(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    forced = _forced(rng, n)
    # stacks near what the seats owe: some short, some exactly all-in
    owed = [
        b + a + d
        for b, a, d in zip(
            forced.blinds_or_straddles, forced.antes, forced.dead_blinds, strict=True
        )
    ]
    stacks = [max(1, o + rng.choice((-3, -1, 0, 1, 2, 500))) for o in owed]
    config = _CONFIGS[seed % 2]
    planned = HandState(config, stacks, forced)
    plan = forced_bets.ante_plan(forced)
    full = all(s > o for s, o in zip(stacks, owed, strict=True) if o)
    with monkeypatch.context() as patch:
        patch.setattr(forced_bets, "post_planned", lambda state, plan: False)
        stepwise = HandState(config, stacks, forced)
    assert full_state(planned) == full_state(stepwise)
    assert [type(e) for e in planned.events] == [type(e) for e in stepwise.events]
    # the plan is taken exactly when every posting seat pays in full
    fresh = HandState(config, stacks, forced)
    fresh.stacks = list(stacks)
    assert forced_bets.post_planned(fresh, plan) is full


@pytest.mark.parametrize("seed", range(60))
def test_R_BLIND_4_R_ALLIN_BLIND_blind_posts_match_post_forced_bets(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # blinds and straddles only: post_blinds against post_forced_bets' own
    # loop (taken when blind_posts gives nothing), short blinds included
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    blinds = [0] * n
    for seat in rng.sample(range(n), rng.randint(1, min(n, 4))):
        blinds[seat] = rng.choice((1, 2, 5, 10, 20))
    forced = ForcedBets(tuple(blinds), (0,) * n)
    stacks = [max(1, b + rng.choice((-3, -1, 0, 1, 500))) for b in blinds]
    config = _CONFIGS[seed % 2]
    quick = HandState(config, stacks, forced)
    with monkeypatch.context() as patch:
        patch.setattr(forced_bets, "blind_posts", lambda forced: None)
        patch.setattr(forced_bets, "post_planned", lambda state, plan: False)
        general = HandState(config, stacks, ForcedBets(tuple(blinds), (0,) * n))
    want = full_state(general)
    # the general path shares one list of zeros for antes and ante reach
    # (nothing changes either): not a difference of the hand
    want["reach is antes"] = False
    assert full_state(quick) == want
    assert [type(e) for e in general.events] == [PostBlind] * sum(map(bool, blinds))


def test_replay_refuses_a_log_entry_that_is_no_event() -> None:
    # HandState.replay skips the dealer's own events by type; anything else
    # goes to apply, which names what it got
    state = HandState(_CONFIGS[0], [100, 100])
    log = [*state.events, "seat 0 folds"]
    with pytest.raises(InvalidInputError, match="not an action: 'seat 0 folds'"):
        HandState.replay(_CONFIGS[0], [100, 100], log)  # type: ignore[list-item]


@pytest.mark.parametrize("seed", range(120))
def test_R_DEAL_1_R_DECK_1_each_seat_deal_matches_one_deal_at_a_time(
    seed: int,
) -> None:
    # a replayed record's deal, every seat at once (known cards or None),
    # against apply(DealHole) seat by seat: the same hand when every step
    # is legal; otherwise it changes nothing and leaves them to apply
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    config = _CONFIGS[seed % 2]
    stacks = [rng.choice((3, 10, 1000)) for _ in range(n)]
    codes = rng.sample(range(52), 2 * n)
    hands: list[tuple[Card, ...] | None] = [
        None
        if rng.random() < 0.4
        else (Card.from_code(codes[2 * s]), Card.from_code(codes[2 * s + 1]))
        for s in range(n)
    ]
    flaw = rng.randrange(5)
    known = [s for s in range(n) if hands[s] is not None]
    if flaw == 1 and len(known) >= 2:  # a card in two hands (R-DECK-1)
        first, second = known[0], known[1]
        hands[second] = (hands[first][0], hands[second][1])  # type: ignore[index]
    elif flaw == 2 and known:  # a card twice in one hand (R-DECK-1)
        pair = hands[known[0]]
        hands[known[0]] = (pair[0], pair[0])  # type: ignore[index]
    elif flaw == 3 and known:  # not two cards (R-DEAL-1)
        hands[known[0]] = hands[known[0]][:1]  # type: ignore[index]
    elif flaw == 4:
        hands = hands[:-1]  # a seat short
    batch, stepwise = HandState(config, stacks), HandState(config, stacks)
    before = full_state(batch)
    dealt = batch._deal_each_seat(hands)
    refusal = None
    for seat, cards in enumerate(hands):
        try:
            stepwise.apply(DealHole(seat, cards))
        except HoldemError as error:
            refusal = error
            break
    everyone = refusal is None and len(hands) == n
    assert dealt is everyone
    if everyone:
        assert full_state(batch) == full_state(stepwise)
        assert batch.events == stepwise.events
        deals = [e for e in batch.events if type(e) is DealHole]
        assert deals == [DealHole(s, c) for s, c in enumerate(hands)]
    else:
        assert full_state(batch) == before

"""Forced bets: posting antes, blinds and straddles, and who acts first.

Rules: R-ANTE-1 (antes and dead blinds are dead money), R-BLIND-1..4,
R-ALLIN-BLIND (a short seat posts what it has), R-STRADDLE-1, R-BET-2.
"""

from __future__ import annotations

from typing import NamedTuple

from holdem.engine.events import PostAnte, PostBlind, PostDead
from holdem.engine.hand import Event, Hand
from holdem.rules.config import ForcedBets, GameConfig

__all__ = [
    "AntePlan",
    "ante_plan",
    "blind_posts",
    "config_plan",
    "given_plan",
    "last_blind",
    "post",
    "post_blinds",
    "post_forced_bets",
    "post_planned",
]


def post(state: Hand, seat: int, chips: int) -> int:
    """Move up to ``chips`` from the seat's stack into the hand (all-in if short)."""
    chips = min(chips, state.stacks[seat])
    state.stacks[seat] -= chips
    state.contributed[seat] += chips
    if state.stacks[seat] == 0:
        state.all_in[seat] = True
    return chips


def post_forced_bets(state: Hand) -> None:
    """Post antes, dead blinds, blinds and straddles as the hand is made.

    Rules: R-ANTE-1, R-BLIND-1..4, R-ALLIN-BLIND, R-STRADDLE-1.
    """
    forced = state.forced
    n = state.seats
    posts = blind_posts(forced)
    if posts is not None:
        post_blinds(state, posts, max(forced.blinds_or_straddles))
        return
    # R-ANTE-1: antes (and dead blinds) are dead money, not bets: they are
    # kept out of ``contributed`` and form the bottom layers of the pot.
    antes = [0] * n
    top = max(forced.antes)
    blind_first = -1
    if top:
        posters = [s for s in range(n) if forced.antes[s]]
        if len(posters) == 1 and forced.blinds_or_straddles[posters[0]]:
            # a big-blind ante: a short big blind pays the blind first and
            # the ante from what is left (TDA big-blind-ante rule)
            blind_first = posters[0]
        for seat in posters:
            if seat != blind_first:
                antes[seat] = posted = post(state, seat, forced.antes[seat])
                state.events.append(PostAnte(seat, posted))
    state._antes = antes
    dead_blinds = 0
    if any(forced.dead_blinds):
        for seat, dead in enumerate(forced.dead_blinds):
            if dead:
                posted = post(state, seat, dead)
                dead_blinds += posted
                state.events.append(PostDead(seat, posted))
    state._dead_blinds = dead_blinds
    state.dead = sum(state.contributed)
    if state.dead:
        state.contributed = [0] * n
    for seat, blind in enumerate(forced.blinds_or_straddles):
        if blind:
            posted = post(state, seat, blind)
            state.committed[seat] = posted
            state.events.append(PostBlind(seat, posted))
    if blind_first >= 0:
        seat = blind_first
        posted = min(forced.antes[seat], state.stacks[seat])
        state.stacks[seat] -= posted
        if not state.stacks[seat]:
            state.all_in[seat] = True
        antes[seat] = posted
        state.dead += posted
        state.events.append(PostAnte(seat, posted))
    # A seat short of its ante wins only what it matched (R-POT-1); a seat
    # that owes no ante (big-blind ante) reaches the full ante layer.
    state._ante_reach = (
        [a if r else top for a, r in zip(antes, forced.antes, strict=True)]
        if top
        else antes
    )
    top = max(forced.blinds_or_straddles)
    # R-ALLIN-BLIND: the others face the full blind even if it was short.
    state.current_bet = top
    state._last_raise_size = max(state.config.min_bet, top)
    state._fl_base = top
    state._raise_count = 1 if top else 0
    state._uncapped = False


def blind_posts(forced: ForcedBets) -> tuple[tuple[int, int], ...] | None:
    """``(seat, chips)`` of each blind and straddle, lowest seat first.

    None when there are antes or dead blinds: ``post_forced_bets`` then
    posts everything in its order (R-ANTE-1, R-BLIND-1..4).
    """
    if any(forced.antes) or any(forced.dead_blinds):
        return None
    return tuple((s, b) for s, b in enumerate(forced.blinds_or_straddles) if b)


def post_blinds(state: Hand, posts: tuple[tuple[int, int], ...], top: int) -> None:
    """The common case of ``post_forced_bets``: blinds and straddles only.

    ``posts`` is ``blind_posts(state.forced)`` and ``top`` the largest blind.
    """
    n = state.seats
    state._antes = [0] * n
    state._ante_reach = [0] * n
    state._dead_blinds = 0
    state.dead = 0
    stacks, committed, contributed = state.stacks, state.committed, state.contributed
    events = state.events
    for seat, blind in posts:
        posted = blind if blind < stacks[seat] else stacks[seat]
        stacks[seat] -= posted
        contributed[seat] += posted
        committed[seat] = posted
        if not stacks[seat]:
            state.all_in[seat] = True  # R-ALLIN-BLIND
        post = _new_object(PostBlind)  # the fields are ints made right here
        _set_seat(post, seat)
        _set_chips(post, posted)
        events.append(post)
    # R-ALLIN-BLIND: the others face the full blind even if it was short.
    state.current_bet = top
    min_bet = state.config.min_bet
    state._last_raise_size = top if top > min_bet else min_bet
    state._fl_base = top
    state._raise_count = 1 if top else 0
    state._uncapped = False


class AntePlan(NamedTuple):
    """``post_forced_bets`` worked out once for forced bets with antes.

    What it does when every posting seat has more chips than it owes, so
    nobody is short or all-in (R-ALLIN-BLIND does not arise). Made by
    ``ante_plan``, carried out by ``post_planned``.
    """

    owed: tuple[tuple[int, int], ...]
    """``(seat, chips)``: each posting seat's ante, dead blind and blind."""
    events: tuple[Event, ...]
    """The posts, in ``post_forced_bets``' order."""
    blinds: tuple[int, ...]
    """Live blind or straddle per seat (R-BLIND-4)."""
    antes: tuple[int, ...]
    """Ante per seat (R-ANTE-1)."""
    ante_reach: tuple[int, ...] | None
    """The ante layer each seat reaches; ``None`` with no ante (the list is
    then the antes' own, as ``post_forced_bets`` leaves it)."""
    dead: int
    """Antes and dead blinds: dead money (R-ANTE-1)."""
    dead_blinds: int
    """Dead blinds alone (R-TABLE-6)."""
    top: int
    """The largest blind."""


def ante_plan(forced: ForcedBets) -> AntePlan:
    """What ``post_forced_bets`` does with ``forced`` when nobody is short.

    Rules: R-ANTE-1, R-BLIND-1..4, R-STRADDLE-1 (as ``post_forced_bets``).
    """
    blinds, antes, deads = forced.blinds_or_straddles, forced.antes, forced.dead_blinds
    n = len(blinds)
    top_ante = max(antes)
    posters = [s for s in range(n) if antes[s]]
    # a big-blind ante is posted after the blind (see post_forced_bets)
    blind_first = posters[0] if len(posters) == 1 and blinds[posters[0]] else -1
    events: list[Event] = [PostAnte(s, antes[s]) for s in posters if s != blind_first]
    events += [PostDead(s, deads[s]) for s in range(n) if deads[s]]
    events += [PostBlind(s, blinds[s]) for s in range(n) if blinds[s]]
    if blind_first >= 0:
        events.append(PostAnte(blind_first, antes[blind_first]))
    owed = tuple(
        (s, antes[s] + deads[s] + blinds[s])
        for s in range(n)
        if antes[s] or deads[s] or blinds[s]
    )
    return AntePlan(
        owed,
        tuple(events),
        blinds,
        antes,
        tuple([a if a else top_ante for a in antes]) if top_ante else None,
        sum(antes) + sum(deads),
        sum(deads),
        max(blinds),
    )


def post_planned(state: Hand, plan: AntePlan) -> bool:
    """Post the forced bets by ``plan`` if every posting seat can pay in full.

    Returns False, changing nothing, when a seat has no more chips than it
    owes: ``post_forced_bets`` then posts step by step (R-ALLIN-BLIND).
    """
    stacks = state.stacks
    for seat, chips in plan.owed:
        if stacks[seat] <= chips:
            return False
    for seat, chips in plan.owed:
        stacks[seat] -= chips
    state.events.extend(plan.events)
    state.committed = list(plan.blinds)
    state.contributed = list(plan.blinds)
    antes = state._antes = list(plan.antes)
    reach = plan.ante_reach
    state._ante_reach = antes if reach is None else list(reach)
    state._dead_blinds = plan.dead_blinds
    state.dead = plan.dead
    top = plan.top
    state.current_bet = top
    min_bet = state.config.min_bet
    state._last_raise_size = top if top > min_bet else min_bet
    state._fl_base = top
    state._raise_count = 1 if top else 0
    state._uncapped = False
    return True


def last_blind(blinds: tuple[int, ...], big_blind: int | None = None) -> int:
    """Seat of the last blind or straddle, or -1 when nobody posts one.

    With ``big_blind`` (a seat posting a blind, ``ForcedBets.big_blind``):
    that seat, or the last straddle of the strictly rising run of blinds
    right after it (R-STRADDLE-1); any other blind, such as a live big blind
    posted by a new or returning player (R-TABLE-5, R-TABLE-6), is not part
    of the run.

    Without it, the seat is read from the amounts. A single largest blind
    is the big blind or the last straddle, wherever it sits (R-STRADDLE-1,
    a button straddle too). When several seats post the largest amount, the
    blinds run from the first seat that posts: the small blind, the big
    blind (at least as large), then straddles, each larger than the one
    before; a live big blind posted further round by a new or returning
    player (R-TABLE-5, R-TABLE-6) is not part of that run. Heads-up, seat 0
    is the big blind (R-TABLE-2). Amounts alone cannot
    tell a live big blind posted right after the big blind when the small
    blind is dead (``(2, 2, 0, ...)``, R-TABLE-4) from a small blind as
    large as the big blind: they read it as the latter; give ``big_blind``.
    """
    n = len(blinds)
    if big_blind is not None:
        last = big_blind
        while last + 1 < n and blinds[last + 1] > blinds[last]:
            last += 1
        return last
    if n == 2:
        return 0 if blinds[0] >= blinds[1] else 1
    posting = [s for s in range(n) if blinds[s]]
    if not posting:
        return -1
    top = max(blinds)
    if blinds.count(top) == 1:
        # the largest blind is the last straddle, wherever it sits (a button
        # straddle too): its poster acts last pre-flop (R-STRADDLE-1)
        return blinds.index(top)
    last = posting[0]
    if last + 1 < n and blinds[last + 1] and blinds[last + 1] >= blinds[last]:
        last += 1
        while last + 1 < n and blinds[last + 1] > blinds[last]:
            last += 1
    return last


Posts = tuple[tuple[int, int], ...] | None
"""``blind_posts``' answer: ``(seat, chips)`` per blind, or ``None``."""


def config_plan(
    config: GameConfig, seats: int
) -> tuple[ForcedBets, int, Posts, int, AntePlan | None]:
    """``config``'s forced bets for ``seats`` seats and how to post them.

    Returns:
        ``(forced, first, posts, top, plan)``: the forced bets
        (``config.forced_bets(seats)``), the first seat to act pre-flop
        (R-BET-2, R-STRADDLE-1), ``blind_posts(forced)``, the largest blind
        and, with antes or dead blinds, their ``ante_plan`` (else ``None``).
        Kept for the next hand of the same config and size (all values).
    """
    memo = _FORCED.get(seats)
    if memo is None or memo[0] is not config:
        forced = config.forced_bets(seats)
        blinds = forced.blinds_or_straddles
        posts = blind_posts(forced)
        memo = _FORCED[seats] = (
            config,
            (
                forced,
                last_blind(blinds) + 1,
                posts,
                max(blinds),
                ante_plan(forced) if posts is None else None,
            ),
        )
    return memo[1]


def given_plan(forced: ForcedBets) -> tuple[int, Posts, int, AntePlan | None]:
    """``config_plan``'s ``(first, posts, top, plan)`` for forced bets given.

    ``forced.big_blind``, when set, names the big blind's seat (see
    ``last_blind``). A table passes the same value hand after hand: kept by
    the value's id.
    """
    given = _GIVEN.get(id(forced))
    if given is None or given[0] is not forced:
        blinds = forced.blinds_or_straddles
        if len(_GIVEN) >= _GIVEN_SIZE:
            _GIVEN.clear()
        posts = blind_posts(forced)
        given = _GIVEN[id(forced)] = (
            forced,
            (
                last_blind(blinds, forced.big_blind) + 1,
                posts,
                max(blinds),
                ante_plan(forced) if posts is None else None,
            ),
        )
    return given[1]


_FORCED: dict[
    int, tuple[GameConfig, tuple[ForcedBets, int, Posts, int, AntePlan | None]]
] = {}
"""Per number of seats, the last config and its ``config_plan``; one entry
per size, so it stays small."""
_GIVEN: dict[int, tuple[ForcedBets, tuple[int, Posts, int, AntePlan | None]]] = {}
"""``given_plan`` by the forced bets' id (each entry holds its value, so no
other object can take that id meanwhile)."""
_GIVEN_SIZE = 64
_new_object = object.__new__
# a PostBlind's slots, set straight (frozen dataclasses refuse setattr)
_set_seat = vars(PostBlind)["seat"].__set__
_set_chips = vars(PostBlind)["chips"].__set__

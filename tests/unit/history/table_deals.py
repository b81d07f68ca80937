"""Hands dealt by seeded tables with bots, for the export tests.

Every structure (no-limit, pot-limit, fixed-limit), antes and a big-blind
ante, straddles, a "post all" with a dead small blind (R-TABLE-6), short
stacks (all-ins, side pots), a misdeal (R-MISDEAL-1), rake and a
tournament level. Seeded, so the same hands every run.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

from holdem.rules import GameConfig, Structure
from holdem.table import (
    BaseBot,
    HandRecord,
    RandomBot,
    StraddlePolicy,
    Table,
    TableConfig,
    TableView,
)

__all__ = ["CallingPoster", "Poster", "table_records"]


class CallingPoster(BaseBot):
    """Always posts to play, never straddles, checks or calls every bet."""

    def post(self, view: TableView) -> bool:
        return True


class Poster(RandomBot):
    """A random bettor that always posts to play and always straddles."""

    def post(self, view: TableView) -> bool:
        return True

    def straddle(self, view: TableView) -> bool:
        return True


def _table(
    game: GameConfig,
    *,
    seats: int = 6,
    stacks: tuple[int, ...] = (200, 200, 200, 200, 200, 200),
    seed: int = 1,
    **options: object,
) -> Table:
    config = TableConfig(
        game, seat_count=seats, min_buy_in=1, max_buy_in=100_000, **options
    )  # type: ignore[arg-type]
    table = Table(config, rng=random.Random(seed))
    for seat, stack in enumerate(stacks, 1):
        table.join(seat, f"P{seat}", stack)
    return table


def _bots(table: Table, seed: int, bot: type[RandomBot] = RandomBot) -> dict:
    rng = random.Random(seed)
    return {s.seat: bot(random.Random(rng.random())) for s in table.players}


def _run(table: Table, hands: int, seed: int, bot: type[RandomBot] = RandomBot):
    bots: dict[int, BaseBot] = _bots(table, seed, bot)
    for _ in range(hands):
        if sum(1 for s in table.players if s.stack) < 2:
            return
        for s in table.players:  # cash games: rebuy the busted
            if not s.stack and not table.config.tournament:
                table.rebuy(s.seat, 200)
        yield table.play_hand(bots)


def table_records() -> Iterator[tuple[str, HandRecord]]:
    """``(label, record)`` of every hand of the scenarios, in a fixed order."""
    nl = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2)
    for r in _run(_table(nl, rake_percent=5, rake_cap=3), 25, 11):
        yield "nl-rake", r
    antes = GameConfig(Structure.NO_LIMIT, small_blind=5, big_blind=10, ante=1)
    short = (60, 150, 35, 300, 90, 500)
    for r in _run(_table(antes, stacks=short, seed=2), 25, 12):
        yield "nl-antes-short", r
    bba = GameConfig(
        Structure.NO_LIMIT, small_blind=5, big_blind=10, ante=10, big_blind_ante=True
    )
    for r in _run(_table(bba, seed=3), 15, 13):
        yield "nl-big-blind-ante", r
    pl = GameConfig(Structure.POT_LIMIT, small_blind=1, big_blind=2)
    for r in _run(_table(pl, seed=4), 15, 14):
        yield "pl", r
    fl = GameConfig(Structure.FIXED_LIMIT, small_blind=1, big_blind=2)
    for r in _run(_table(fl, seed=5, rake_percent=Fraction(5, 2)), 15, 15):
        yield "fl", r
    straddles = _table(nl, seed=6, straddle=StraddlePolicy.MULTIPLE, seats=8,
                       stacks=(200,) * 8)  # fmt: skip
    for r in _run(straddles, 15, 16, Poster):
        yield "nl-straddles", r
    yield from _dead_blinds()
    yield from _left_of_the_big_blind()
    yield from _misdeal()
    yield from _tournament()


def _dead_blinds() -> Iterator[tuple[str, HandRecord]]:
    """Seats 3 and 4 sit out (a dead small blind), then come back posting all."""
    nl = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2)
    table = _table(nl, seed=7)
    bots: dict[int, BaseBot] = {s.seat: CallingPoster() for s in table.players}
    yield "dead", table.play_hand(bots, button=1)
    table.sit_out(3)  # the next small blind: it is dead (R-TABLE-4)
    table.sit_out(4)  # the next big blind: missed, "ML"
    for _ in range(3):
        yield "dead", table.play_hand(bots)
    table.come_back(3)
    table.come_back(4)
    for _ in range(4):
        yield "dead", table.play_hand(bots)


def _left_of_the_big_blind() -> Iterator[tuple[str, HandRecord]]:
    """A dead small blind (R-TABLE-4) and a player directly left of the big
    blind posting to be dealt in: a new player (R-TABLE-5), then a returning
    one posting all (R-TABLE-6). The blinds read (2, 2, 0, ...)."""
    nl = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2)
    table = _table(nl, seed=10, stacks=(200, 200, 200, 200))
    bots: dict[int, BaseBot] = {s: CallingPoster() for s in range(1, 7)}
    table.play_hand(bots, button=1)  # SB 2, BB 3
    table.leave(3)
    table.join(5, "P5", 200)
    yield "left-of-bb-new", table.play_hand(bots)  # BB 4, 5 posts
    table = _table(nl, seed=11, stacks=(200,) * 5, seats=5)
    bots[4] = BaseBot()  # waits for the big blind while asked
    table.play_hand(bots, button=1)  # SB 2, BB 3
    table.sit_out(4)
    table.play_hand(bots)  # the big blind skips 4: "ML"
    table.come_back(4)
    while table.play_hand(bots).big_blind != 2:
        pass
    table.leave(2)  # next: BB 3, the small blind dead, 4 right after
    bots[4] = CallingPoster()
    yield "left-of-bb-post-all", table.play_hand(bots)


def _misdeal() -> Iterator[tuple[str, HandRecord]]:
    nl = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2)
    table = _table(nl, seed=8)
    bots = _bots(table, 18)
    hand = table.start_hand(button=2)
    while hand.state is None:  # pre-deal decisions (none here)
        decision = hand.decision
        assert decision is not None
        hand.apply(bots[decision.seat].decide(hand.view(decision.seat)))
    hand.report_exposed(1)  # the first card: a misdeal (R-MISDEAL-1)
    yield "misdeal", hand.play(bots)


def _tournament() -> Iterator[tuple[str, HandRecord]]:
    game = GameConfig(Structure.NO_LIMIT, small_blind=10, big_blind=20, ante=2)
    table = _table(game, seed=9, tournament=True, stacks=(300, 500, 800, 150, 1000))
    table.set_stakes(game, level=3)
    for r in _run(table, 20, 19):
        yield "tournament", r

"""A simulation job and one chunk of it: a fresh table, its own seeds.

A job of N hands is cut into chunks of ``chunk_hands`` hands (the last one
shorter). Each chunk is played at a fresh table whose shuffle and bots are
seeded from ``(seed, chunk index)`` alone, so a chunk gives the same result
in any process, on any machine, in any order: the sum of the chunks, taken
in chunk order, is the same whatever the number of workers (R-DEAL-4: the
table owns its seeded RNG).

A job plays on one of two engines (``SimulationJob.engine_used``): the
batch engine (``holdem.sim.batch_chunks``) when every bot has a vectorised
policy there, else the reference, a ``Table`` of bots over ``HandState``
(``run_chunk`` here), which any bot can play.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from holdem.errors import InvalidInputError
from holdem.rules import GameConfig, Structure
from holdem.rules.config import MAX_CHIPS, check_chips
from holdem.sim.bots import BATCH_POLICIES, bot_kinds_of, is_user_bot, make_bot
from holdem.table import Table, TableConfig

__all__ = ["ENGINES", "ChunkResult", "SimulationJob", "derive_seed", "run_chunk"]

ENGINES = ("auto", "batch", "table")
"""``SimulationJob.engine``: ``batch`` and ``table`` ask for one; ``auto``
takes the batch engine when every bot has a policy there."""


def derive_seed(seed: int, *parts: int) -> int:
    """A 64-bit seed from ``seed`` and ``parts``, the same on every machine.

    >>> derive_seed(7, 0) == derive_seed(7, 0) != derive_seed(7, 1)
    True
    """
    text = ":".join(str(p) for p in ("holdem-sim", seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


@dataclass(frozen=True, slots=True)
class SimulationJob:
    """What to simulate: bots only, hand after hand.

    Attributes:
        hands: hands to play in all, positive.
        bots: the bot kind of each seat (``holdem.sim.bots.BOT_KINDS``),
            table seats 1, 2, ... in order; 2 to 10 of them.
        seed: the seed every chunk's seeds derive from.
        structure: no-limit, pot-limit or fixed-limit.
        small_blind: chips.
        big_blind: chips.
        stack: chips each player buys in with, and buys in again with when
            broke (before the next hand, so every player is dealt every
            hand). A chunk's table may so hold ``most_chips`` in all, which
            must fit one stack (at most ``MAX_CHIPS``): one player may win
            them all.
        chunk_hands: hands per chunk (a fresh table each); part of the job:
            the same job with another chunk size deals other cards.
        engine: ``auto``, ``batch`` or ``table`` (``ENGINES``); part of the
            job: the two engines deal other cards (see ``engine_used``).

    Raises:
        InvalidInputError: on non-positive counts, chips that are not ints,
            an unknown bot, fewer than 2 or more than 10 bots, a stack
            whose ``most_chips`` exceed ``MAX_CHIPS``, an unknown engine, or
            ``batch`` for a bot the batch engine has no policy for.
    """

    hands: int
    bots: tuple[str, ...]
    seed: int
    structure: Structure = Structure.NO_LIMIT
    small_blind: int = 1
    big_blind: int = 2
    stack: int = 200
    chunk_hands: int = 1000
    engine: str = "auto"

    def __post_init__(self) -> None:
        check_chips("hands", self.hands, positive=True)
        check_chips("chunk_hands", self.chunk_hands, positive=True)
        check_chips("stack", self.stack, positive=True)
        if type(self.seed) is not int:
            raise InvalidInputError(f"seed must be an int, got {self.seed!r}")
        object.__setattr__(self, "bots", bot_kinds_of(tuple(self.bots)))
        if not 2 <= len(self.bots) <= 10:
            raise InvalidInputError(
                f"a simulation needs 2 to 10 players, got {len(self.bots)}"
            )
        self.table_config()  # checks the blinds and the stack
        if self.engine not in ENGINES:
            raise InvalidInputError(
                f"unknown engine {self.engine!r:.40}: {', '.join(ENGINES)}"
            )
        if self.engine == "batch" and self.batch_policies is None:
            raise InvalidInputError(
                f"the batch engine has no policy for {self._no_policy}: it"
                f" plays {', '.join(BATCH_POLICIES)}; the table engine plays"
                " any bot"
            )
        if self.most_chips > MAX_CHIPS:
            most = MAX_CHIPS // (self.most_chips // self.stack)
            raise InvalidInputError(
                f"a stack of {self.stack:,} is too large for {self.players}"
                f" players and {min(self.chunk_hands, self.hands):,} hands a"
                " table: with a rebuy"
                " for every broke player before each hand, one player may win"
                f" {self.most_chips:,} chips, more than a stack holds"
                f" ({MAX_CHIPS:,}); the stack can be at most {most:,}"
            )

    @property
    def most_chips(self) -> int:
        """Most chips a chunk's table can hold: buy-ins plus every rebuy.

        Before each hand after the first, every broke player buys in again;
        at most all players but one are broke.
        """
        hands = min(self.chunk_hands, self.hands)  # in the largest chunk
        return self.stack * (self.players + (self.players - 1) * (hands - 1))

    @property
    def batch_policies(self) -> tuple[str, ...] | None:
        """The batch engine's policy of each seat, or None if a bot has none."""
        if any(kind not in BATCH_POLICIES for kind in self.bots):
            return None
        return tuple(BATCH_POLICIES[kind] for kind in self.bots)

    @property
    def engine_used(self) -> str:
        """``batch`` or ``table``: the engine this job plays on.

        ``batch`` (``holdem.batch``, numba) when asked, or with ``auto`` when
        every bot has a policy there (``BATCH_POLICIES``); ``table`` (a
        ``Table`` of bots over ``HandState``, the reference) otherwise. Both
        play the same game: each chunk a fresh table, every seat buying in
        with ``stack`` and again when broke, the button moving a seat a hand.
        """
        if self.engine == "table" or self.batch_policies is None:
            return "table"
        return "batch"

    @property
    def engine_reason(self) -> str:
        """Why ``engine_used`` is what it is, in words for the output."""
        if self.engine != "auto":
            return f"asked for (--engine {self.engine})"
        if self.engine_used == "batch":
            return "every bot has a vectorised policy there"
        return f"the batch engine has no policy for {self._no_policy}"

    @property
    def _no_policy(self) -> str:
        """The first bot kind without a batch policy, named for a message."""
        kind = next((k for k in self.bots if k not in BATCH_POLICIES), "")
        return f"a user's bot ({kind})" if is_user_bot(kind) else kind

    @property
    def players(self) -> int:
        """Players at the table (one bot each)."""
        return len(self.bots)

    @property
    def bot_kinds(self) -> tuple[str, ...]:
        """Each bot kind once, in the order of its first seat."""
        return tuple(dict.fromkeys(self.bots))

    @property
    def chunks(self) -> int:
        """Number of chunks: ``ceil(hands / chunk_hands)``."""
        return -(-self.hands // self.chunk_hands)

    def chunk_size(self, chunk: int) -> int:
        """Hands in chunk ``chunk`` (0-based); the last one may be shorter."""
        return min(self.chunk_hands, self.hands - chunk * self.chunk_hands)

    def table_config(self) -> TableConfig:
        """The table every chunk plays at: one seat per bot, buy-in ``stack``.

        Raises:
            InvalidInputError: for bad blinds (R-BLIND-2) or stack.
        """
        game = GameConfig(
            structure=self.structure,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
        )
        return TableConfig(
            game,
            seat_count=self.players,
            min_buy_in=self.stack,
            max_buy_in=self.stack,
        )


@dataclass(frozen=True, slots=True)
class ChunkResult:
    """What one chunk played out to; every figure is a whole number.

    Attributes:
        chunk: the chunk's index, 0 for the first.
        hands: hands played.
        bought_in: chips put on the table (buy-ins and rebuys), all players.
        stacks: chips on the table at the end, all players.
        rake: chips the house took.
        won: net chips each seat won (table seat order), rebuys counted.
        won_squared: per seat, the sum over hands of (chips won in the
            hand) squared, for the variance.
        unbalanced_hands: hands whose payoffs and rake did not sum to 0
            (R-POT-4); 0 when every chip is accounted for.
        kind_won: net chips won by all the seats of each bot kind
            (``SimulationJob.bot_kinds`` order).
        kind_won_squared: per bot kind, the sum over hands of (chips its
            seats won in the hand) squared.
    """

    chunk: int
    hands: int
    bought_in: int
    stacks: int
    rake: int
    won: tuple[int, ...]
    won_squared: tuple[int, ...]
    unbalanced_hands: int
    kind_won: tuple[int, ...] = ()
    kind_won_squared: tuple[int, ...] = ()


def run_chunk(job: SimulationJob, chunk: int) -> ChunkResult:
    """Play chunk ``chunk`` of ``job`` at a fresh table, with its own seeds.

    Raises:
        InvalidInputError: for a chunk index outside the job.
    """
    if type(chunk) is not int or not 0 <= chunk < job.chunks:
        raise InvalidInputError(f"no chunk {chunk!r}: the job has {job.chunks}")
    table = Table(job.table_config(), rng=random.Random(derive_seed(job.seed, chunk)))
    seats = range(1, job.players + 1)
    bots = {
        seat: make_bot(kind, random.Random(derive_seed(job.seed, chunk, seat)))
        for seat, kind in zip(seats, job.bots, strict=True)
    }
    for seat in seats:
        table.join(seat, f"P{seat}", job.stack)
    bought_in = job.stack * job.players
    won = [0] * (job.players + 1)
    won_squared = [0] * (job.players + 1)
    kinds = job.bot_kinds
    kind_of = {
        seat: kinds.index(kind) for seat, kind in zip(seats, job.bots, strict=True)
    }
    kind_won = [0] * len(kinds)
    kind_won_squared = [0] * len(kinds)
    unbalanced = 0
    for _ in range(job.chunk_size(chunk)):
        for info in table.players:
            if not info.stack:
                table.rebuy(info.seat, job.stack)
                bought_in += job.stack
        record = table.play_hand(bots)
        payoffs = record.payoffs
        if sum(payoffs) + record.rake:
            unbalanced += 1
        in_hand = [0] * len(kinds)
        for seat, chips in zip(record.seats, payoffs, strict=True):
            won[seat] += chips
            won_squared[seat] += chips * chips
            in_hand[kind_of[seat]] += chips
        for k, chips in enumerate(in_hand):
            kind_won[k] += chips
            kind_won_squared[k] += chips * chips
    return ChunkResult(
        chunk=chunk,
        hands=job.chunk_size(chunk),
        bought_in=bought_in,
        stacks=table.chips,
        rake=table.rake_collected,
        won=tuple(won[1:]),
        won_squared=tuple(won_squared[1:]),
        unbalanced_hands=unbalanced,
        kind_won=tuple(kind_won),
        kind_won_squared=tuple(kind_won_squared),
    )

"""An ACPC dealer: our rules deal a match to ACPC players over TCP.

``AcpcDealer`` listens on 127.0.0.1 only, waits for its players (each first
sends ``VERSION:2.0.0``), deals a bounded number of hands under a
``GameConfig`` and sends every player a match state after every event
(see ``protocol``). Every hand starts from the configured stacks (ACPC's
stack reset); the button moves one seat each hand (R-TABLE-1), so the
player who connected ``i``-th sits at position ``(i - hand) mod n``. The
dealer owns the RNG (R-DEAL-4); each player sees only what
``HandState.view(position)`` shows (R-HISTORY-1).

A malformed or illegal answer gets a comment line ``# error: ...`` saying
what was wrong and what is legal, and changes nothing: the player may answer
again until its time runs out. A player that does not answer in time, or
disconnects, ends the match with ``AcpcMatchError``, as the protocol advises.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from holdem.cards import Deck, format_cards
from holdem.engine import HandState
from holdem.errors import HoldemError, InvalidInputError
from holdem.rl.acpc.protocol import (
    VERSION,
    acpc_action,
    board_rounds,
    engine_action,
    format_match_state,
    match_state_of,
    parse_response,
)
from holdem.rl.hands import advance, check_table, start_hand
from holdem.rules.actions import PlayerAction
from holdem.rules.config import GameConfig

__all__ = [
    "MAX_HANDS",
    "AcpcDealer",
    "AcpcMatchError",
    "MatchResult",
    "check_acpc_game",
]

MAX_HANDS = 1_000_000
"""The most hands one match may deal."""
_LINE_LIMIT = 4096  # bytes in one message; longer ones are refused


class AcpcMatchError(HoldemError):
    """The match could not go on: a player timed out, left, or never joined."""


@dataclass(slots=True)
class MatchResult:
    """What a match dealt.

    Attributes:
        hands: hands played.
        totals: net chips per player, in the order they connected.
        log: one ``STATE:`` line per hand, as a spectator may see it
            (hand number, betting, cards shown, payoffs by position).
    """

    hands: int = 0
    totals: list[int] = field(default_factory=list)
    log: list[str] = field(default_factory=list)


def check_acpc_game(config: GameConfig) -> GameConfig:
    """Return ``config`` if the ACPC protocol can describe its hands.

    Raises:
        InvalidInputError: for antes: ACPC's games have none and its raise
            sizes count only blinds and bets (R-ANTE-1 has no ACPC form).
    """
    if config.ante:
        raise InvalidInputError(
            "the ACPC protocol's games have no antes (its raise sizes count"
            f" blinds and bets only); got ante={config.ante}: use ante=0"
        )
    return config


class _Player:
    def __init__(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        self.reader = reader
        self.writer = writer

    async def send(self, line: str) -> None:
        self.writer.write(line.encode("ascii") + b"\r\n")
        await self.writer.drain()

    async def receive(self, timeout: float) -> str:
        try:
            raw = await asyncio.wait_for(self.reader.readline(), timeout)
        except TimeoutError:
            raise
        except (ValueError, asyncio.LimitOverrunError):
            return "\x00too long"
        if not raw:
            raise ConnectionError("the player closed the connection")
        return raw.decode("ascii", "replace").rstrip("\r\n")


class AcpcDealer:
    """Deal one ACPC match (see the module docstring).

    Args:
        config: the game; no antes (``check_acpc_game``).
        stacks: chips per position at the start of every hand; 2..10.
        hands: hands to deal, 1..``MAX_HANDS``.
        seed: seeds the dealer's RNG (the same seed and answers deal the same
            match, R-DEAL-4).
        port: TCP port on 127.0.0.1; 0 picks a free one (see ``port`` once
            ``start`` has run).
        action_timeout: seconds a player has for each answer.
        join_timeout: seconds to wait for all players to connect.
        decks: decks to deal the hands from, in order, instead of the RNG
            (a known deal replayed; hands beyond them use the RNG).

    Raises:
        InvalidInputError: for a game or table we cannot deal over ACPC, or
            a number of hands or a timeout out of range.
    """

    def __init__(
        self,
        config: GameConfig,
        stacks: Sequence[int],
        *,
        hands: int,
        seed: int | None = None,
        port: int = 0,
        action_timeout: float = 30.0,
        join_timeout: float = 60.0,
        decks: Sequence[Deck] = (),
    ) -> None:
        self.config = check_acpc_game(config)
        self.stacks = check_table(config, stacks)
        if type(hands) is not int or not 1 <= hands <= MAX_HANDS:
            raise InvalidInputError(f"hands must be 1..{MAX_HANDS}, got {hands!r:.40}")
        for name, value in (
            ("action_timeout", action_timeout),
            ("join_timeout", join_timeout),
        ):
            if not isinstance(value, (int, float)) or not 0 < value <= 3600:
                raise InvalidInputError(
                    f"{name} must be 0 < seconds <= 3600, got {value!r:.40}"
                )
        self.hands = hands
        self.port = port
        self.action_timeout = float(action_timeout)
        self.join_timeout = float(join_timeout)
        self._rng = random.Random(seed)
        self._decks = tuple(decks)
        self._server: asyncio.Server | None = None
        self._joined: asyncio.Queue[_Player] = asyncio.Queue()
        self.joined = 0
        """Players that have connected and sent the version line so far."""

    async def start(self) -> int:
        """Listen on 127.0.0.1; returns the port."""
        self._server = await asyncio.start_server(
            self._on_connect, "127.0.0.1", self.port, limit=_LINE_LIMIT
        )
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def _on_connect(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        player = _Player(reader, writer)
        try:
            line = await player.receive(self.join_timeout)
        except (TimeoutError, ConnectionError):
            writer.close()
            return
        if line != VERSION:
            await player.send(
                f"# error: the first line must be {VERSION}, got {line[:60]!r}"
            )
            writer.close()
            return
        self.joined += 1
        await self._joined.put(player)

    async def run(self) -> MatchResult:
        """Start (if needed), wait for the players and deal the match.

        Raises:
            AcpcMatchError: if players do not join in time, or one times out
                or disconnects during the match.
        """
        if self._server is None:
            await self.start()
        assert self._server is not None
        n = len(self.stacks)
        players: list[_Player] = []
        try:
            async with asyncio.timeout(self.join_timeout):
                while len(players) < n:
                    players.append(await self._joined.get())
        except TimeoutError:
            await self._close(players)
            raise AcpcMatchError(
                f"{len(players)} of {n} players joined within {self.join_timeout} s"
            ) from None
        self._server.close()
        result = MatchResult(totals=[0] * n)
        try:
            for hand in range(self.hands):
                seated = [players[(hand + p) % n] for p in range(n)]
                payoffs, line = await self._deal(hand, seated)
                for position, chips in enumerate(payoffs):
                    result.totals[(hand + position) % n] += chips
                result.log.append(line)
                result.hands += 1
        finally:
            await self._close(players)
        return result

    async def _deal(
        self, hand: int, seated: list[_Player]
    ) -> tuple[tuple[int, ...], str]:
        """Deal one hand; ``seated[p]`` is the player at position ``p``."""
        given = self._decks[hand] if hand < len(self._decks) else None
        state, deck = start_hand(self.config, self.stacks, self._rng, given)
        betting: list[list[str]] = [[]]
        while True:
            # a round starts with each street dealt (R-DEAL-3), an all-in
            # run-out's streets included
            while len(betting) < len(board_rounds(state.board)):
                betting.append([])
            for position, player in enumerate(seated):
                match = match_state_of(state, betting, position, hand)
                await player.send(format_match_state(match))
            if state.is_complete:
                break
            to_act = state.to_act
            assert to_act is not None  # advance stops at a betting seat
            sent = format_match_state(match_state_of(state, betting, to_act, hand))
            action = await self._answer(seated[to_act], state, sent, to_act)
            betting[-1].append(acpc_action(state, action))
            state.apply(action)
            advance(state, deck)
        spectator = state.view(None)
        cards = "|".join(format_cards(c) if c else "" for c in spectator.hole_cards)
        board = "".join("/" + format_cards(b) for b in board_rounds(state.board)[1:])
        line = (
            f"STATE:{hand}:{'/'.join(''.join(r) for r in betting)}:{cards}{board}"
            f":{'|'.join(map(str, state.payoffs))}"
        )
        return state.payoffs, line

    async def _answer(
        self, player: _Player, state: HandState, sent: str, position: int
    ) -> PlayerAction:
        """The first well-formed, legal answer to ``sent`` (errors as comments)."""
        while True:
            try:
                line = await player.receive(self.action_timeout)
            except TimeoutError:
                raise AcpcMatchError(
                    f"position {position} did not answer within"
                    f" {self.action_timeout} s: the match ends"
                ) from None
            except ConnectionError:
                raise AcpcMatchError(
                    f"position {position} left the match: the match ends"
                ) from None
            if line.startswith(("#", ";")):
                continue
            try:
                echoed, text = parse_response(line)
                if echoed != sent:
                    raise InvalidInputError(
                        f"the answer must echo the state last sent, {sent!r}"
                    )
                action = engine_action(state, text)
                state.check_action(action)
            except HoldemError as error:
                message = str(error).replace("\r", " ").replace("\n", " ")
                await player.send(f"# error: {message}")
                continue
            return action

    async def _close(self, players: list[_Player]) -> None:
        for player in players:
            player.writer.close()
        for player in players:
            with contextlib.suppress(ConnectionError, OSError):
                await player.writer.wait_closed()
        if self._server is not None:
            self._server.close()

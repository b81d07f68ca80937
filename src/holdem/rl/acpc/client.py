"""An ACPC client: our bots (or a user's) play any ACPC dealer.

``AcpcClient`` connects to a dealer, sends ``VERSION:2.0.0`` and answers
every match state in which it is to act. It rebuilds each hand by our rules
from the match state (``replay_match_state``), asks its player with the
seat's own view (R-HISTORY-1) and sends the action in ACPC form. The game
(structure, blinds, stacks) must be the one the dealer deals: the protocol
does not carry it.

A dealer's comment lines (``#``, ``;``) are kept in ``ClientResult.comments``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field

from holdem.engine import HandState, Phase
from holdem.errors import HoldemError, InvalidInputError
from holdem.rl.acpc.dealer import check_acpc_game
from holdem.rl.acpc.protocol import (
    VERSION,
    MatchState,
    acpc_action,
    parse_match_state,
    replay_match_state,
)
from holdem.rl.hands import check_table
from holdem.rl.opponents import Opponent, opponent_action
from holdem.rules.config import GameConfig

__all__ = ["AcpcClient", "ClientResult"]


@dataclass(slots=True)
class ClientResult:
    """What the client played.

    Attributes:
        hands: hands seen to their end.
        total: our net chips over the hands whose payoffs the final match
            state settles (every hand but one decided at a showdown whose
            hands the dealer did not show).
        payoffs: per hand seen to its end, our net chips, or ``None`` when
            the final state does not settle them.
        sent: the lines we sent, in order (the version line first).
        received: the match-state lines the dealer sent, in order.
        comments: the dealer's comment lines.
    """

    hands: int = 0
    total: int = 0
    payoffs: list[int | None] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    received: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)


class AcpcClient:
    """Play one match against an ACPC dealer.

    Args:
        config: the game the dealer deals (no antes).
        stacks: chips per position at the start of every hand.
        player: a table ``Bot`` or a callable from ``SeatView`` to an action.
        timeout: seconds to wait for each message from the dealer.

    Raises:
        InvalidInputError: for a game or table the protocol cannot describe.
    """

    def __init__(
        self,
        config: GameConfig,
        stacks: Sequence[int],
        player: Opponent,
        *,
        timeout: float = 60.0,
    ) -> None:
        self.config = check_acpc_game(config)
        self.stacks = check_table(config, stacks)
        self.player = player
        self.timeout = timeout

    def answer(self, line: str) -> str | None:
        """Our answer to one match-state line, or ``None`` when not to act.

        Raises:
            InvalidInputError: if the line is not a match state, or the hand
                it describes does not follow our rules for this game.
        """
        match = parse_match_state(line)
        return self._reply(line, match, self._replay(match))

    def _replay(self, match: MatchState) -> HandState:
        return replay_match_state(self.config, self.stacks, match)

    def _reply(self, line: str, match: MatchState, state: HandState) -> str | None:
        if state.phase is not Phase.BETTING or state.to_act != match.position:
            return None
        action = opponent_action(self.player, state, match.hand_number + 1)
        return f"{line}:{acpc_action(state, action)}"

    async def play(self, host: str, port: int) -> ClientResult:
        """Connect, play until the dealer closes the connection, and report.

        Raises:
            InvalidInputError: for a message we cannot read or a hand that
                breaks our rules (the connection is closed).
            TimeoutError: if the dealer is silent for ``timeout`` seconds.
        """
        reader, writer = await asyncio.open_connection(host, port)
        result = ClientResult()

        async def send(text: str) -> None:
            result.sent.append(text)
            writer.write(text.encode("ascii") + b"\r\n")
            await writer.drain()

        try:
            await send(VERSION)
            last_hand: tuple[int, bool] | None = None
            while True:
                raw = await asyncio.wait_for(reader.readline(), self.timeout)
                if not raw:
                    break
                line = raw.decode("ascii", "replace").rstrip("\r\n")
                if line.startswith(("#", ";")):
                    result.comments.append(line)
                    continue
                result.received.append(line)
                match = parse_match_state(line)
                state = self._replay(match)
                reply = self._reply(line, match, state)
                if reply is not None:
                    await send(reply)
                    continue
                key = (match.hand_number, state.is_complete)
                # complete, or stopped at a showdown the dealer did not show
                if state.is_complete or state.phase is Phase.SHOWDOWN:
                    if last_hand != key:
                        result.hands += 1
                        chips = (
                            state.payoffs[match.position] if state.is_complete else None
                        )
                        result.payoffs.append(chips)
                        result.total += chips or 0
                    last_hand = key
        except HoldemError as error:
            raise InvalidInputError(f"the dealer sent {error}") from error
        finally:
            writer.close()
        return result

"""The ACPC match-state protocol, version 2.0.0: its messages and our hands.

The Annual Computer Poker Competition's dealer and players speak lines of
text over TCP, each ended by a carriage return and a line feed. A player first sends
``VERSION:2.0.0``; the dealer then sends every player a match state after
every event::

    MATCHSTATE:<position>:<hand number>:<betting>:<cards>

``position`` is the receiving player's seat counted from the button's left
(0), which is our hand seat numbering (heads-up, position 0 is the big
blind: ACPC's "reverse blinds", our R-TABLE-2). ``betting`` lists the
actions, rounds split by ``/``: ``f`` fold, ``c`` check or call, ``r``
a fixed-limit bet or raise, ``r<chips>`` a no-limit or pot-limit bet or
raise *to* ``chips`` put in over the whole hand (blinds and earlier rounds
included). ``cards`` holds each position's hole cards split by ``|`` (empty
when unseen), then each round's board cards after a ``/``. A player in turn
answers with the state it received, ``:`` and its action. Lines starting
with ``#`` or ``;`` are comments; our dealer uses them for error messages.

>>> state = parse_match_state("MATCHSTATE:1:31:r300r900c/r1800:|JdTc/6dJc9c")
>>> state.position, state.hand_number, state.betting
(1, 31, (('r300', 'r900', 'c'), ('r1800',)))
>>> format_match_state(state)
'MATCHSTATE:1:31:r300r900c/r1800:|JdTc/6dJc9c'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from holdem.cards import Card, format_cards, parse_cards
from holdem.engine import HandState, Phase
from holdem.errors import HoldemError, InvalidInputError
from holdem.rules.actions import (
    DEALER,
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    PlayerAction,
    Raise,
    Show,
)
from holdem.rules.config import GameConfig, Structure

__all__ = [
    "BOARD_SIZES",
    "VERSION",
    "MatchState",
    "acpc_action",
    "board_rounds",
    "engine_action",
    "format_match_state",
    "match_state_of",
    "parse_match_state",
    "parse_response",
    "replay_match_state",
]

VERSION = "VERSION:2.0.0"
"""The first line a player sends."""
BOARD_SIZES = (0, 3, 1, 1)
"""Board cards dealt at the start of each round (R-DEAL-3)."""

_ACTION = re.compile(r"f|c|r\d*")
_BETTING = re.compile(r"(?:f|c|r\d*)*(?:/(?:f|c|r\d*)*){0,3}")
_CARDS = re.compile(r"(?:[2-9TJQKA][cdhs])*")


@dataclass(frozen=True, slots=True)
class MatchState:
    """One match-state message.

    Attributes:
        position: the receiving player's seat from the button's left (0).
        hand_number: the hand's number in the match, from 0.
        betting: per round dealt so far, its actions (``f``, ``c``, ``r``,
            ``r<chips>``).
        hole_cards: per position, the hole cards the receiver sees, or
            ``None`` when it does not see them.
        board: per round dealt so far, the board cards dealt at its start
            (``()`` pre-flop).
    """

    position: int
    hand_number: int
    betting: tuple[tuple[str, ...], ...]
    hole_cards: tuple[tuple[Card, ...] | None, ...]
    board: tuple[tuple[Card, ...], ...]


def _fail(text: str, why: str) -> InvalidInputError:
    shown = text if len(text) <= 120 else text[:117] + "..."
    return InvalidInputError(f"not an ACPC match state: {why} in {shown!r}")


def parse_match_state(text: str) -> MatchState:
    """Read a ``MATCHSTATE:...`` line (without its line end).

    Raises:
        InvalidInputError: naming what is wrong: the label, a number, an
            action, a card, or a round count that the betting and the cards
            disagree on.
    """
    if type(text) is not str:
        raise InvalidInputError(f"a match state is text, got {text!r:.60}")
    parts = text.split(":")
    if len(parts) != 5 or parts[0] != "MATCHSTATE":
        raise _fail(
            text,
            "expected MATCHSTATE:<position>:<hand>:<betting>:<cards> (5 fields)",
        )
    _, position, hand, betting, cards = parts
    if not position.isdigit() or not hand.isdigit():
        raise _fail(text, "position and hand number must be whole numbers")
    if not _BETTING.fullmatch(betting):
        raise _fail(text, f"bad betting {betting!r} (f, c, r, r<chips>, / per round)")
    rounds = tuple(tuple(_ACTION.findall(r)) for r in betting.split("/"))
    hole_part, *board_parts = cards.split("/")
    holes = hole_part.split("|")
    if len(holes) < 2:
        raise _fail(text, "the cards name fewer than 2 positions")
    if int(position) >= len(holes):
        raise _fail(text, f"position {position} is not one of {len(holes)}")
    if len(board_parts) != len(rounds) - 1:
        raise _fail(
            text,
            f"{len(rounds)} betting round(s) but board cards for"
            f" {len(board_parts) + 1}",
        )
    hole_cards: list[tuple[Card, ...] | None] = []
    for part in holes:
        if not _CARDS.fullmatch(part) or len(part) not in (0, 4):
            raise _fail(text, f"bad hole cards {part!r}")
        hole_cards.append(parse_cards(part) if part else None)
    board: list[tuple[Card, ...]] = [()]
    for index, part in enumerate(board_parts, start=1):
        if not _CARDS.fullmatch(part) or len(part) != 2 * BOARD_SIZES[index]:
            raise _fail(text, f"round {index + 1} needs {BOARD_SIZES[index]} cards")
        board.append(parse_cards(part))
    return MatchState(int(position), int(hand), rounds, tuple(hole_cards), tuple(board))


def format_match_state(state: MatchState) -> str:
    """The ``MATCHSTATE:...`` line of ``state`` (without its line end)."""
    betting = "/".join("".join(r) for r in state.betting)
    holes = "|".join(format_cards(c) if c else "" for c in state.hole_cards)
    board = "".join("/" + format_cards(cards) for cards in state.board[1:])
    return f"MATCHSTATE:{state.position}:{state.hand_number}:{betting}:{holes}{board}"


def parse_response(line: str) -> tuple[str, str]:
    """Split a player's answer into the state it echoes and its action.

    Raises:
        InvalidInputError: if the line is not ``<match state>:<action>``
            with an action ``f``, ``c``, ``r`` or ``r<chips>``.
    """
    state, sep, action = line.rpartition(":")
    if not sep or not state.startswith("MATCHSTATE:"):
        raise InvalidInputError(
            f"an answer is the match state received, ':' and an action (f, c,"
            f" r or r<chips>), got {line[:120]!r}"
        )
    if not _ACTION.fullmatch(action):
        raise InvalidInputError(
            f"unknown action {action[:40]!r}: the actions are f (fold), c (check"
            " or call), r (fixed-limit raise) and r<chips> (raise to chips put"
            " in this hand)"
        )
    return state, action


def _before_street(state: HandState, seat: int) -> int:
    """Chips ``seat`` put in on earlier streets (ACPC raises count them)."""
    return state.contributed[seat] - state.committed[seat]


def engine_action(state: HandState, text: str) -> PlayerAction:
    """The engine's action for ACPC action ``text`` by the seat to act.

    ``r<chips>`` raises to ``chips`` put in this hand; our ``Raise.to`` is the
    street total, so the chips of earlier streets are taken off.

    Raises:
        InvalidInputError: for a malformed action, a size where the game is
            fixed-limit, or none where it is not.
        StateError: if no seat is to act.
    """
    legal = state.legal_actions()
    fixed = state.config.structure is Structure.FIXED_LIMIT
    if text == "f":
        return legal.fold()
    if text == "c":
        return legal.check_or_call()
    if not _ACTION.fullmatch(text):
        raise InvalidInputError(f"unknown ACPC action {text[:40]!r}: f, c, r, r<chips>")
    if fixed:
        if text != "r":
            raise InvalidInputError(
                f"{text!r}: a fixed-limit raise is 'r' without a size (R-FL-1)"
            )
        if legal.min_raise_to is None:
            return Raise(legal.seat, 0) if not legal.is_bet else Bet(legal.seat, 0)
        return legal.raise_to(legal.min_raise_to)
    if text == "r":
        raise InvalidInputError(
            "'r' needs a size here: r<chips>, the chips put in this hand after"
            " the raise (R-NL-1, R-PL-1)"
        )
    return legal.raise_to(int(text[1:]) - _before_street(state, legal.seat))


def acpc_action(state: HandState, action: PlayerAction) -> str:
    """The ACPC text of ``action`` by the seat to act in ``state`` (before it)."""
    if type(action) is Fold:
        return "f"
    if type(action) is Check or type(action) is Call:
        return "c"
    if type(action) is Bet or type(action) is Raise:
        if state.config.structure is Structure.FIXED_LIMIT:
            return "r"
        return f"r{action.to + _before_street(state, action.seat)}"
    raise InvalidInputError(f"no ACPC form for {action!r:.60}")


def board_rounds(board: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """The board dealt so far split into ACPC's rounds: ``()``, flop, turn, river.

    >>> [len(r) for r in board_rounds(parse_cards("2c3c4c5c"))]
    [0, 3, 1]
    """
    rounds: list[tuple[Card, ...]] = [()]
    start = 0
    for size in BOARD_SIZES[1:]:
        if start + size > len(board):
            break
        rounds.append(tuple(board[start : start + size]))
        start += size
    return tuple(rounds)


def match_state_of(
    state: HandState,
    betting: Sequence[Sequence[str]],
    position: int,
    hand_number: int,
) -> MatchState:
    """The match state ``position`` receives, from ``state.view(position)``.

    Hole cards are what the view shows (the seat's own; others' once shown
    at showdown, R-HISTORY-1); the board is split into ACPC's rounds, one
    per round of ``betting``.
    """
    view = state.view(position)
    return MatchState(
        position,
        hand_number,
        tuple(tuple(r) for r in betting),
        tuple(view.hole_cards),
        board_rounds(view.board),
    )


def replay_match_state(
    config: GameConfig, stacks: Sequence[int], match: MatchState
) -> HandState:
    """Rebuild, by our rules, the hand a match state describes.

    Hole cards the state does not show are dealt as unknown; each round
    after the first starts with its board cards; every action goes through
    ``HandState.apply``. A hand that reached showdown with every hand still
    in shown is played to the award, so its payoffs are final.

    Raises:
        InvalidInputError: if the state does not fit the game (seats, board)
            or an action is not legal under our rules; the message names the
            action and the refusal.
    """
    if len(match.hole_cards) != len(stacks):
        raise InvalidInputError(
            f"the match state has {len(match.hole_cards)} positions, the game"
            f" {len(stacks)} seats"
        )
    state = HandState(config, list(stacks))
    try:
        for seat, cards in enumerate(match.hole_cards):
            state.apply(DealHole(seat, cards))
        for index, actions in enumerate(match.betting):
            if index:
                state.apply(DealBoard(match.board[index]))
            for text in actions:
                state.apply(engine_action(state, text))
        while state.phase is Phase.SHOWDOWN and state.to_act not in (None, DEALER):
            seat = state.to_act
            assert seat is not None
            if state.hole_cards[seat] is None:
                break  # a hand the dealer did not show: payoffs stay open
            state.apply(Show(seat))
    except HoldemError as error:
        raise InvalidInputError(
            f"match state {format_match_state(match)!r} does not follow our"
            f" rules: {error}"
        ) from error
    return state

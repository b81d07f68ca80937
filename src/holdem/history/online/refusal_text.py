"""The engine's refusals of a replayed hand, told in the record's terms.

The engine names seats (``seat 3``) and chips in its own units; a replay's
message names the players, writes chips as the site does (``chips_text``)
and points at the record's line. When the engine refuses a play because the
betting round is over, ``closed_before`` tells whether the printed plays
show it closed, so the record, not our rules, is at fault (R-BET-4).
"""

from __future__ import annotations

import re

from holdem.engine.hand import Hand
from holdem.history.online.model import ActionKind, OnlineAction, OnlineHand
from holdem.history.online.outcome import chips_text
from holdem.rules.actions import Action, Bet, Call, Check, Fold, Raise

__all__ = ["STREETS", "after", "closed_before", "describe", "line", "named"]

STREETS = ("pre-flop", "flop", "turn", "river")
"""Street names by ``OnlineAction.street`` (0 pre-flop ... 3 river)."""

_SEAT_OR_CHIPS = re.compile(r"\bseat (\d+)|(?<![\w+\-])\d+(?!\w)")
"""A seat in an engine message (``seat 3``), or a number: chips, in a
betting refusal (not a rule id's: ``R-FL-1``)."""
_BETTING_STEPS = (Fold, Check, Call, Bet, Raise)
_FOLD, _CHECK, _CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL


def line(number: int) -> str:
    """``"line N: "``, or nothing when the line is unknown (0)."""
    return f"line {number}: " if number else ""


def after(number: int) -> str:
    """``" at line N"``, or nothing when the line is unknown (0)."""
    return f" at line {number}" if number else ""


def describe(hand: OnlineHand, what: str | OnlineAction) -> str:
    """A printed action of ``hand`` as ``line N: player kind chips``.

    A string (a step of our own, such as ``"dealing the board"``) is
    returned as it is.
    """
    if isinstance(what, str):
        return what
    chips = f" {chips_text(hand, what.chips)}" if what.chips else ""
    return f"{line(what.line)}{what.player} {what.kind}{chips}"


def named(
    hand: OnlineHand,
    names: tuple[str, ...],
    error: Exception,
    step: Action | None = None,
) -> str:
    """The engine's message with players (``names``, by seat) for its seats.

    For a betting step (``step``) the engine's chip amounts are written
    as the site writes them too (``chips_text``).
    """
    chips = type(step) in _BETTING_STEPS and (
        hand.chip_unit > 1 or chips_text(hand, 1) != "1"
    )

    def name(found: re.Match[str]) -> str:
        if found[1] is None:
            return chips_text(hand, int(found[0])) if chips else found[0]
        seat = int(found[1])
        return names[seat] if seat < len(names) else found[0]

    return _SEAT_OR_CHIPS.sub(name, str(error))


def closed_before(
    hand: OnlineHand, state: Hand, names: tuple[str, ...], action: OnlineAction
) -> str:
    """How the printed plays close ``action``'s betting round before it.

    The round is closed when its last play is a check or a call and
    every player still in with chips has checked, called, bet or
    raised since its last bet or raise (or since it began): a play
    after that needs the next street dealt, which the record leaves
    out (R-BET-4). ``state``: the engine's hand, ``names`` its players by
    seat. ``""`` when the plays do not show it closed.
    """
    plays = []
    for printed in hand.actions:
        if printed is action:
            break
        if printed.street == action.street:
            plays.append(printed)
    if not plays or plays[-1].kind not in (_CHECK, _CALL):
        return ""
    start = 0
    for at, printed in enumerate(plays):
        if printed.kind is ActionKind.BET or printed.kind is ActionKind.RAISE:
            start = at
    acted = {printed.player for printed in plays[start:] if printed.kind is not _FOLD}
    able = {
        names[seat]
        for seat in range(state.seats)
        if not state.folded[seat] and not state.all_in[seat]
    }
    if not able <= acted:
        return ""
    street = STREETS[action.street]
    next_street = STREETS[min(action.street + 1, 3)]
    return (
        f"the record closes the {street} betting{after(plays[-1].line)}:"
        " every player still in has checked or called; it prints no"
        f" {next_street} before this play: a line is missing"
    )

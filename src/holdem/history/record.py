"""Build a PHH ``HandHistory`` from a hand the engine dealt, so it can be saved.

The hand's event log is turned into PHH actions: hole and board deals, the
betting (``Check``/``Call`` -> ``cc``, ``Bet``/``Raise`` -> ``cbr``), shows and
mucks (``sm``), and the all-in shows the engine made itself (``ShowAllIn`` ->
``sm``, as PHH records them). Forced bets, returns and awards are the engine's
own steps and are not written; ``finishing_stacks`` are the stacks now.
"""

from __future__ import annotations

from holdem.engine.events import Misdeal, ShowAllIn
from holdem.engine.state import HandState
from holdem.errors import InvalidInputError
from holdem.history.model import STRUCTURES, HandHistory
from holdem.history.notation import (
    PhhAction,
    PhhBetRaise,
    PhhCheckCall,
    PhhDealBoard,
    PhhDealHole,
    PhhFold,
    PhhShowMuck,
    runs_note,
)
from holdem.rules.actions import (
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    Muck,
    Raise,
    RunIt,
    Show,
)
from holdem.rules.config import Structure

__all__ = ["history_from_state"]

_VARIANTS = {structure: code for code, structure in STRUCTURES.items()}


def history_from_state(
    state: HandState,
    *,
    players: tuple[str, ...] | None = None,
    hand: int | str | None = None,
) -> HandHistory:
    """The PHH history of ``state`` (finished or not).

    Args:
        state: a hand dealt by the engine.
        players: optional player names, seat 0 first.
        hand: optional hand name or number.

    Returns:
        A history whose replay gives ``state.stacks`` as finishing stacks (a
        hand not yet complete replays as ``differ``: the record ends before
        the pot is awarded).
        Hole cards replaced after an exposed card (R-MISDEAL-2) are written as
        finally held; deals voided by a misdeal are left out.
        Dead blinds (R-TABLE-6), which PHH has no field for, are written as
        the user-defined ``_dead_blinds`` (one per player, ``p1`` first),
        which ``HandHistory.forced_bets`` reads back; so is a given big
        blind's seat (``ForcedBets.big_blind``), as ``_big_blind_seat``
        (``1`` for ``p1``; R-TABLE-4..6).

    Raises:
        InvalidInputError: for what PHH cannot record: jokers (R-DECK-2) or a
            fixed-limit cap other than a bet and three raises (R-FL-2).
    """
    config, forced = state.config, state.forced
    if config.jokers:
        raise InvalidInputError("PHH has no jokers (R-DECK-2)")
    fixed = config.structure is Structure.FIXED_LIMIT
    if fixed and config.raise_cap != 4:
        raise InvalidInputError(
            f"PHH fixed-limit hands are capped at a bet and three raises, not"
            f" {config.raise_cap} (R-FL-2)"
        )
    blinds, antes = forced.blinds_or_straddles, forced.antes
    if state.seats == 2:  # PHH reverses heads-up forced bets by rule
        blinds, antes = blinds[::-1], antes[::-1]
    return HandHistory(
        variant=_VARIANTS[config.structure],
        antes=tuple(antes),
        blinds_or_straddles=tuple(blinds),
        starting_stacks=state.starting_stacks,
        actions=_actions(state),
        min_bet=None if fixed else config.min_bet,
        small_bet=config.small_bet if fixed else None,
        big_bet=config.big_bet if fixed else None,
        finishing_stacks=tuple(state.stacks),
        players=players,
        hand=hand,
        metadata=(
            (("_dead_blinds", tuple(forced.dead_blinds)),)
            if any(forced.dead_blinds)
            else ()
        )
        + (
            (("_big_blind_seat", forced.big_blind + 1),)
            if forced.big_blind is not None
            else ()
        ),
    )


def _actions(state: HandState) -> tuple[PhhAction, ...]:
    out: list[PhhAction] = []
    for event in state.events:
        match event:
            case Misdeal():
                out = [a for a in out if not isinstance(a, PhhDealHole)]
            case DealHole(seat, cards):
                held = state.hole_cards[seat] if cards is not None else None
                out.append(PhhDealHole(seat, held if held else (None, None)))
            case DealBoard(cards):
                out.append(PhhDealBoard(tuple(cards)))
            case RunIt(times) if times > 1:
                out.append(runs_note(times))  # R-RIT-1: a no-op note
            case Fold(seat):
                out.append(PhhFold(seat))
            case Check(seat) | Call(seat):
                out.append(PhhCheckCall(seat))
            case Bet(seat, to) | Raise(seat, to):
                out.append(PhhBetRaise(seat, to))
            case Show(seat, cards):
                out.append(PhhShowMuck(seat, cards or state.hole_cards[seat]))
            case ShowAllIn(seat, cards):
                out.append(PhhShowMuck(seat, cards))
            case Muck(seat):
                out.append(PhhShowMuck(seat, None))
    return tuple(out)

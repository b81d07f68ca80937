"""JSON shapes of the protocol (docs/protocol.md): cards, decisions, actions.

Everything here is a pure function of table-layer values; what a client may
see is decided by the caller, which passes a seat's or a spectator's view.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from holdem.betting.pots import Pot
from holdem.cards import Card
from holdem.engine import (
    AwardPot,
    Event,
    LegalActions,
    Misdeal,
    PostAnte,
    PostBlind,
    PostDead,
    ReturnUncalled,
    ShowAllIn,
    in_posting_order,
)
from holdem.errors import HoldemError, IllegalActionError
from holdem.rules.actions import (
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    Muck,
    Raise,
    Show,
)
from holdem.server.errors import NotOwnerError
from holdem.server.refusal_text import refusal_key
from holdem.table import Decision

__all__ = [
    "STREETS",
    "actions_json",
    "cards_json",
    "decision_json",
    "error_json",
    "event_json",
    "legal_json",
    "pots_json",
]

STREETS = ("preflop", "flop", "turn", "river")


def cards_json(cards: Iterable[Card] | None) -> list[str] | None:
    """Cards as two-character strings (``"As"``), or ``None`` when hidden."""
    return None if cards is None else [str(c) for c in cards]


def legal_json(legal: LegalActions) -> dict[str, Any]:
    """A betting decision's legal actions (the table seat in ``seat``)."""
    return {
        "seat": legal.seat,
        "can_fold": legal.can_fold,
        "can_check": legal.can_check,
        "call_amount": legal.call_amount,
        "min_raise_to": legal.min_raise_to,
        "max_raise_to": legal.max_raise_to,
        "is_bet": legal.is_bet,
    }


def decision_json(decision: Decision) -> dict[str, Any]:
    """A decision without its clock (the caller adds ``deadline``)."""
    return {
        "seat": decision.seat,
        "kind": str(decision.kind),
        "legal": None if decision.legal is None else legal_json(decision.legal),
        "live": decision.live,
        "dead": decision.dead,
        "can_muck": decision.can_muck,
        "runs": decision.runs,  # R-RIT-1: the most runs offered
    }


def pots_json(pots: Sequence[Pot], seats: Sequence[int]) -> list[dict[str, Any]]:
    """Pots, main first, with the table seats that may win each."""
    return [
        {"amount": p.amount, "seats": sorted(seats[s] for s in p.eligible)}
        for p in pots
    ]


def _message_key(message: str) -> dict[str, Any]:
    """``key`` and ``params`` of a refusal's message, or nothing."""
    found = refusal_key(message)
    return {} if found is None else {"key": found.key, "params": found.params}


def error_json(error: Exception) -> dict[str, Any]:
    """The protocol's error object for a refusal.

    ``message`` is the English message with its rule id (kept for the logs
    and the history); when the message has a key (``refusal_text``), ``key``
    and ``params`` let the page show it in the player's language, without
    the rule id.
    """
    legal: Any = None
    if isinstance(error, IllegalActionError):
        if isinstance(error.legal, LegalActions):
            legal = legal_json(error.legal)
        elif isinstance(error.legal, Decision):
            legal = decision_json(error.legal)
        elif error.legal is not None:
            legal = str(error.legal)
    out = {
        "kind": type(error).__name__,
        "message": str(error),
        "rule": error.rule if isinstance(error, HoldemError) else "",
        "legal": legal,
        **_message_key(str(error)),
    }
    retry_after = getattr(error, "retry_after", None)
    if isinstance(retry_after, int):  # UnavailableError, RateLimitedError
        out["retry_after"] = retry_after
    if isinstance(error, NotOwnerError):  # where the table or tournament lives
        out["address"] = error.address
        if error.socket is not None:
            out["socket"] = error.socket
    return out


def event_json(event: Event, seats: Sequence[int]) -> dict[str, Any]:
    """One engine event in full (for the stored log), seats as table seats."""
    out: dict[str, Any] = {"type": type(event).__name__}
    for name in getattr(event, "__dataclass_fields__", {}):
        value = getattr(event, name)
        if name == "seat" and isinstance(value, int) and 0 <= value < len(seats):
            value = seats[value]
        elif isinstance(value, Card):
            value = str(value)
        elif isinstance(value, tuple) and value and isinstance(value[0], Card):
            value = [str(c) for c in value]
        elif name == "shares":
            value = [[seats[s], chips] for s, chips in value]
        out[name] = value
    return out


def actions_json(
    events: Iterable[Event],
    seats: Sequence[int],
    hole: Sequence[tuple[Card, ...] | None],
    *,
    with_street: bool = False,
) -> list[dict[str, Any]]:
    """A hand's actions as the viewer of ``events`` saw them (docs/protocol.md).

    Args:
        events: the engine's events (a seat's view: hidden cards already
            ``None``).
        seats: the table seat of each hand seat.
        hole: the hole cards the viewer may see, per hand seat (a ``show``
            that names no cards shows these).
        with_street: add the street to each action (the hand history).
    """
    out: list[dict[str, Any]] = []
    boards = 0
    for event in in_posting_order(events, len(seats)):
        item: dict[str, Any] | list[dict[str, Any]] | None = None
        match event:
            case PostBlind(seat, chips):
                item = {"seat": seats[seat], "action": "post", "amount": chips}
            case PostAnte(seat, chips):
                item = {"seat": seats[seat], "action": "ante", "amount": chips}
            case PostDead(seat, chips):
                item = {"seat": seats[seat], "action": "post-dead", "amount": chips}
            case Fold(seat):
                item = {"seat": seats[seat], "action": "fold"}
            case Check(seat):
                item = {"seat": seats[seat], "action": "check"}
            case Call(seat):
                item = {"seat": seats[seat], "action": "call"}
            case Bet(seat, to):
                item = {"seat": seats[seat], "action": "bet", "amount": to}
            case Raise(seat, to):
                item = {"seat": seats[seat], "action": "raise", "amount": to}
            case Show(seat, cards) | ShowAllIn(seat, cards):
                shown = cards if cards is not None else hole[seat]
                item = {
                    "seat": seats[seat],
                    "action": "show",
                    "cards": cards_json(shown),
                }
            case Muck(seat):
                item = {"seat": seats[seat], "action": "muck"}
            case ReturnUncalled(seat, chips):
                item = {"seat": seats[seat], "action": "return", "amount": chips}
            case DealBoard(cards):
                boards += 1
                item = {"action": "board", "cards": cards_json(cards)}
            case AwardPot(shares=shares):
                item = [
                    {"seat": seats[s], "action": "win", "amount": chips}
                    for s, chips in shares
                ]
            case Misdeal():
                boards = 0
                item = {"action": "misdeal"}
            case DealHole():
                item = None
        items = item if isinstance(item, list) else [] if item is None else [item]
        for one in items:
            if with_street:
                one["street"] = STREETS[min(boards, 3)]
            out.append(one)
    return out

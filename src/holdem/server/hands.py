"""A finished hand for the room: its settlement, summary and history (R-HISTORY-1).

The summary stored with a hand holds everything (every hole card); what a
client is sent is cut from it here: the public summary for everyone, and the
hand history for a player dealt in, with the cards of every hand that reached
the showdown (mucked ones too) and their own, never a hand folded before it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from holdem.engine import AwardPot
from holdem.errors import HoldemError
from holdem.history import StarsHand, dumps, history_from_state, loads, stars_text
from holdem.history.shuffle_check import shuffle_fields
from holdem.server.encode import actions_json, cards_json, event_json
from holdem.table import HandRecord

__all__ = [
    "hand_history",
    "hand_summary",
    "public_summary",
    "settle_args",
    "viewer_phh",
]

PUBLIC = ("id", "number", "board", "winners", "rake", "shown")
# hole cards in a ``d dh`` action: two cards (the quote after them is kept)
_DEALT = re.compile(r"d dh p(\d+) ((?:[2-9TJQKA?][cdhs?]){2})")


# The mutation job (docs/mutation.md) mutates only settle_args here.
# pragma: no mutate start
def hand_summary(
    hand_id: int, record: HandRecord, *, shuffle: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Everything about a finished hand, as stored (JSON); private parts too.

    ``shuffle`` is the revealed seed of a verifiable shuffle
    (``VerifiableShuffler.reveal()``, R-FAIR-1), stored as ``shuffle`` with
    the burns and written into the PHH's ``_shuffle_*`` and ``_burns``
    fields (``holdem.history.shuffle_check``), or ``None``.

    Keys: ``id``, ``number``, ``button``, ``board``, ``pot`` (chips awarded
    before the rake), ``rake``, ``winners`` (seat, player, chips won net of
    rake), ``shown`` (cards shown at the showdown), ``showdown`` (it reached
    one), ``showdown_seats``, ``players`` (seat, player, stacks), ``hole``
    (every seat's hole cards: private), ``actions`` (with the streets) and
    ``phh`` (the PHH text, every card in it: private).
    """
    state, seats = record.state, record.seats
    won: dict[int, int] = {}
    pot = 0
    for event in state.events:
        if type(event) is AwardPot:
            pot += event.amount
            for seat, chips in event.shares:
                won[seat] = won.get(seat, 0) + chips
    winners = [
        {
            "seat": seats[s],
            "player": record.players[s],
            "amount": chips - record.rake_paid[s],
        }
        for s, chips in sorted(won.items())
    ]
    live = [s for s in range(state.seats) if not state.folded[s]]
    showdown = len(live) > 1
    try:
        history = history_from_state(state, players=record.players, hand=record.number)
        if shuffle is not None:
            fields = shuffle_fields(shuffle, tuple(state.burns))
            history = dataclasses.replace(
                history, metadata=(*history.metadata, *fields)
            )
        phh: str | None = dumps(history)
    except HoldemError:  # what PHH cannot hold (dead blinds, jokers)
        phh = None
    return {
        "id": hand_id,
        "number": record.number,
        "button": record.button,
        "board": cards_json(state.board),
        "pot": pot,
        "rake": record.rake,
        "winners": winners,
        "shown": [
            {"seat": seats[s], "cards": cards_json(state.hole_cards[s])}
            for s in range(state.seats)
            if state.shown[s]
        ],
        "showdown": showdown,
        "showdown_seats": [seats[s] for s in live] if showdown else [],
        "players": [
            {
                "seat": seats[s],
                "player": record.players[s],
                "starting_stack": record.starting_stacks[s],
                "finishing_stack": record.finishing_stacks[s],
            }
            for s in range(state.seats)
        ],
        "hole": {
            str(seats[s]): cards_json(state.hole_cards[s]) for s in range(state.seats)
        },
        "actions": actions_json(
            state.events, seats, state.hole_cards, with_street=True
        ),
        "phh": phh,
        "seats": list(seats),
        "shuffle": None
        if shuffle is None
        else {**shuffle, "burns": cards_json(state.burns)},
    }


def public_summary(summary: Mapping[str, Any]) -> dict[str, Any]:
    """What every client may see of a finished hand (``hand-complete``)."""
    return {key: summary[key] for key in PUBLIC}


# pragma: no mutate end
def settle_args(
    record: HandRecord, players: Mapping[int, int], summary: Mapping[str, Any]
) -> dict[str, Any]:
    """Keyword arguments of ``Store.settle_hand`` for a finished hand."""
    seats = record.seats
    return {
        "stacks": dict(zip(seats, record.finishing_stacks, strict=True)),
        "players": dict(players),
        "pot": summary["pot"],
        "rake": record.rake,
        "summary": summary,
        "events": [event_json(e, seats) for e in record.events],
    }


# pragma: no mutate start
def hand_history(
    row: Mapping[str, Any], spec: Mapping[str, Any], viewer_seat: int
) -> dict[str, Any]:
    """The history of a stored hand as the player at ``viewer_seat`` may see it.

    Hole cards of the viewer and of every seat that reached the showdown
    (mucked or shown) are given; the others are ``None`` (R-HISTORY-1).
    """
    summary = row["summary"]
    visible = {viewer_seat, *summary["showdown_seats"]}
    hole = summary["hole"]
    players = [
        {**p, "cards": hole[str(p["seat"])] if p["seat"] in visible else None}
        for p in summary["players"]
    ]
    actions = []
    for action in summary["actions"]:
        if action["action"] == "muck" and action["seat"] in visible:
            action = {**action, "cards": hole[str(action["seat"])]}
        actions.append(action)
    phh = viewer_phh(summary, viewer_seat)
    tournament = summary.get("tournament")
    stars = None
    if tournament is not None and phh is not None:
        # PokerStars' tournament text, from the PHH the viewer may see
        # (R-HISTORY-1: others' unseen cards are already ????)
        hand = StarsHand.from_history(loads(phh))
        stars = stars_text(hand, viewer_seat, tournament=tournament["id"])
    return {
        "id": row["id"],
        "table_id": row["table_id"],
        "number": row["number"],
        "structure": spec["structure"],
        "small_blind": spec["small_blind"],
        "big_blind": spec["big_blind"],
        "ante": spec["ante"],
        "button": summary["button"],
        "started_at": row["started_at"],
        "ended_at": row["ended_at"],
        "rake": summary["rake"],
        "players": players,
        "board": summary["board"],
        "actions": actions,
        "phh": phh,
        "shuffle": summary.get("shuffle"),  # R-FAIR-1: revealed after the hand
        "tournament": tournament,
        "pokerstars": stars,
    }


def viewer_phh(summary: Mapping[str, Any], viewer_seat: int) -> str | None:
    """The stored hand's PHH as ``viewer_seat`` may see it (R-HISTORY-1).

    The hole cards of the viewer and of every seat that reached the showdown
    are kept; the others are written ``????``. ``None`` when the hand has no
    PHH (what PHH cannot hold: dead blinds, jokers).
    """
    phh = summary["phh"]
    if phh is None:
        return None
    visible = {viewer_seat, *summary["showdown_seats"]}
    seats = summary["seats"]

    def _hide(match: re.Match[str]) -> str:
        seat = seats[int(match.group(1)) - 1]
        cards = match.group(2) if seat in visible else "????"
        return f"d dh p{match.group(1)} {cards}"

    text: str = _DEALT.sub(_hide, phh)
    return text


# pragma: no mutate end

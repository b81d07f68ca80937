"""The ``snapshot`` of docs/protocol.md: one table as one client may see it.

Every viewer gets the spectator's view (``public_snapshot``), and a seat
dealt into the running hand its own hole cards and decision on top
(``for_viewer``): another player's hole cards appear only once shown at the
showdown, and a folded hand never (R-HISTORY-1). ``Room.publish`` builds the
public part once for all the table's viewers.
"""

from __future__ import annotations

from typing import Any

from holdem.engine import SeatView
from holdem.server.encode import (
    STREETS,
    actions_json,
    cards_json,
    decision_json,
    pots_json,
)
from holdem.server.runner import OPTIONS, TableRunner
from holdem.server.store import Account

__all__ = [
    "for_viewer",
    "public_snapshot",
    "snapshot",
    "status_json",
    "table_json",
    "table_summary",
    "you_json",
]


_CLOCK_KEYS = (
    "action_seconds",
    "time_bank_seconds",
    "time_bank_growth_seconds",
    "time_bank_growth_hands",
    "time_bank_cap_seconds",
    "spectator_chat",
    "chat_suspended_while_all_in",
)


def table_json(runner: TableRunner) -> dict[str, Any]:
    """The table's fixed facts (``snapshot.table``)."""
    spec, rules = runner.spec, runner.rules
    return {
        "id": runner.table_id,
        "name": spec.name,
        "structure": spec.structure,
        "small_blind": spec.small_blind,
        "big_blind": spec.big_blind,
        "ante": spec.ante,
        "seat_count": rules.seat_count,
        "min_buy_in": rules.min_buy_in,
        "max_buy_in": rules.max_buy_in,
        # the house's take, shown before anyone sits (percent of a pot that
        # sees a flop; most chips a hand; 0: no cap; or the cap by players
        # dealt: [[players, cap], ...] from 2 players up)
        "rake_percent": spec.rake_percent,
        "rake_cap": spec.rake_cap,
        "rake_caps": [list(tier) for tier in spec.rake_caps],
        # R-TIME-1: the table's clock
        "action_seconds": runner.clock.action_seconds,
        "time_bank_seconds": runner.clock.time_bank_seconds,
        "time_bank_growth_seconds": runner.clock.time_bank_growth_seconds,
        "time_bank_growth_hands": runner.clock.time_bank_growth_hands,
        "time_bank_cap_seconds": runner.clock.time_bank_cap_seconds,
        "spectator_chat": runner.spec.allows_spectator_chat(runner.config),
        "chat_suspended_while_all_in": runner.spec.chat_suspended_while_all_in,
        "tournament": runner.tournament_json(),
    }


def status_json(runner: TableRunner) -> dict[str, Any]:
    """Why the table deals or waits (``snapshot.status``, the lobby's too).

    ``{"code", "message", "until"}``: the code is ``playing``, ``waiting``,
    ``only-bots`` (no person has chips), ``paused`` (after a fault; until
    when) or ``database`` (waiting for it); see ``TableRunner.status``.
    """
    code, message = runner.status()
    paused = runner.paused
    until = None if paused is None else paused.until.isoformat()
    return {"code": code, "message": message, "until": until}


def table_summary(runner: TableRunner) -> dict[str, Any]:
    """The lobby's line for a table."""
    bots = sum(1 for o in runner.occupants.values() if o.bot is not None)
    out = table_json(runner)
    for key in _CLOCK_KEYS:
        del out[key]
    out.update(
        seats_taken=len(runner.occupants),
        players=len(runner.occupants) - bots,
        bots=bots,
        hands_played=runner.hands_played,
        average_pot=runner.average_pot,
        status=status_json(runner),
    )
    return out


def you_json(
    runner: TableRunner, viewer: Account, balance: int | None = None
) -> dict[str, Any]:
    """``snapshot.you``: the viewer's name, seat, wallet and options.

    ``balance`` is the viewer's wallet (chips) when the caller has read it;
    ``None`` reads it from the store.
    """
    my_seat = runner.seat_of(viewer.id)
    occupant = None if my_seat is None else runner.occupants[my_seat]
    if balance is None:
        balance = runner.store.account(viewer.id).balance
    return {
        "player": viewer.name,
        "seat": my_seat,
        "balance": balance,
        # stack 0: add chips (range) or leave (R-TABLE-7); else None
        "busted": None if my_seat is None else runner.busted(my_seat, balance),
        "options": dict.fromkeys(OPTIONS, False)
        if occupant is None
        else dict(occupant.options),
        "leaving": occupant is not None and occupant.leaving,
        # R-TIME-1: seconds left in the seat's bank (None without a seat)
        "time_bank": None if occupant is None else occupant.time_bank,
    }


def snapshot(
    runner: TableRunner, viewer: Account | None, balance: int | None = None
) -> dict[str, Any]:
    """The table as ``viewer`` (``None``: a visitor) may see it now.

    ``balance`` is the viewer's wallet (chips) when the caller has just read
    it (``Room.publish`` reads a table's viewers in one query); ``None``
    reads it from the store. The same as ``for_viewer(public_snapshot(runner),
    ...)``, which ``Room.publish`` uses to build the public part once for
    every viewer of the table.
    """
    return for_viewer(public_snapshot(runner), runner, viewer, balance)


def public_snapshot(runner: TableRunner) -> dict[str, Any]:
    """The table as a spectator sees it now, with ``"you": None``.

    A seat's view differs from it only in the seat's own hole cards and its
    decision (``for_viewer``): the action list leaves the deals of hole
    cards out, and a shown hand is shown to all (R-HISTORY-1).
    """
    table = runner.table
    hand = table.hand
    view: SeatView | None = None
    if hand is not None and hand.state is not None:
        view = hand.state.view(None)
    index = {} if hand is None else {s: i for i, s in enumerate(hand.seats)}
    seats: list[dict[str, Any] | None] = []
    for number in range(1, runner.rules.seat_count + 1):
        info = table.seat(number)
        if info is None:
            seats.append(None)
            continue
        holder = runner.occupants[number]
        i = index.get(number)
        entry: dict[str, Any] = {
            "seat": number,
            "player": info.player,
            "bot": holder.bot is not None,
            "stack": info.stack,
            "sitting_out": info.sitting_out,
            "waiting": info.waiting,
            "missed_big_blind": info.missed_big_blind,
            "connected": holder.bot is not None
            or runner.connected.get(holder.account.id, 0) > 0,
            "in_hand": i is not None,
            "folded": False,
            "all_in": False,
            "bet": 0,
            "cards": None,
            "has_cards": False,
        }
        if i is not None and view is not None and hand is not None:
            state = hand.state
            assert state is not None
            folded = view.folded[i]
            entry.update(
                stack=view.stacks[i],
                folded=folded,
                all_in=view.stacks[i] == 0 and not folded,
                bet=view.committed[i],
                cards=cards_json(view.hole_cards[i]),
                has_cards=not folded and not state.mucked[i],
            )
        seats.append(entry)
    hand_json: dict[str, Any] | None = None
    deadline = runner.deadline()
    if hand is not None:
        decision = hand.decision
        hand_json = {
            "id": runner.hand_id,
            "number": hand.number,
            "stage": str(hand.stage),
            "street": "preflop" if view is None else STREETS[int(view.street)],
            "board": [] if view is None else cards_json(view.board),
            "pots": [] if view is None else pots_json(view.pots, hand.seats),
            "to_act": None if decision is None else decision.seat,
            "deadline": None if deadline is None else deadline.isoformat(),
            "actions": []
            if view is None
            else actions_json(view.events, hand.seats, view.hole_cards),
        }
    positions = hand if hand is not None else None
    last = table.last_record
    return {
        "table": table_json(runner),
        "you": None,
        "seats": seats,
        "button": positions.button if positions else (last.button if last else None),
        "small_blind_seat": positions.small_blind
        if positions
        else (last.small_blind if last else None),
        "big_blind_seat": positions.big_blind
        if positions
        else (last.big_blind if last else None),
        "hand": hand_json,
        "decision": None,
        "last_hand": runner.last_hand,
        "status": status_json(runner),
        # R-FAIR-1: the commitment of the hand running, or of the next one
        "shuffle_commitment": None
        if runner.shuffler is None
        else runner.shuffler.commitment,
    }


def for_viewer(
    public: dict[str, Any],
    runner: TableRunner,
    viewer: Account | None,
    balance: int | None = None,
) -> dict[str, Any]:
    """``public`` (from ``public_snapshot``, left unchanged) as ``viewer`` sees it.

    A viewer sees what a spectator sees plus ``you``, their own hole cards
    on their seat (a seat's view differs from a spectator's in nothing else,
    R-HISTORY-1) and the decision when they are to act. ``balance`` as in
    ``snapshot``. ``None``: a visitor, ``public`` itself.
    """
    if viewer is None:
        return public
    out = dict(public)
    out["you"] = you_json(runner, viewer, balance)
    my_seat = runner.seat_of(viewer.id)
    hand = runner.table.hand
    if my_seat is None or hand is None:
        return out
    if hand.state is not None and my_seat in hand.seats:
        own = hand.state.hole_cards[hand.seats.index(my_seat)]
        seats = list(out["seats"])
        seats[my_seat - 1] = {**seats[my_seat - 1], "cards": cards_json(own)}
        out["seats"] = seats
    decision = hand.decision
    if decision is not None and decision.seat == my_seat:
        deadline = runner.deadline()
        decision_out = decision_json(decision)
        decision_out["deadline"] = None if deadline is None else deadline.isoformat()
        decision_out["time_bank"] = runner.occupants[decision.seat].time_bank
        out["decision"] = decision_out
    return out

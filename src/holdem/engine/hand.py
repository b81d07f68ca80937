"""The data of one hand that the engine's modules share (no behaviour).

``Hand`` holds the fields of a hand; ``HandState`` (state.py) adds the
behaviour. The engine's modules import one way: hand, then legal, refusals,
showdown, forced_bets and view, which read a ``Hand`` and return a verdict, a
value or the chip moves; then turns (``Turns``: passing the turn on, the end
of a street, the showdown and award) and steps (``Steps(Turns)``: carrying
out a checked action), the classes that change a hand after it is set up;
and last state (``HandState(Steps)``: the public API, the checks and
``apply``), the only module that calls them.
"""

from __future__ import annotations

from collections.abc import Sequence

from holdem.betting.pots import Pot, side_pots, stack_pots
from holdem.cards import Card
from holdem.engine.events import AutoEvent, LegalActions, Phase, Street
from holdem.rules.actions import Action
from holdem.rules.config import ForcedBets, GameConfig

__all__ = ["Event", "Hand", "hand_pots", "live_board"]

Event = Action | AutoEvent


class Hand:
    """The fields of one hand (see ``HandState`` for their meaning)."""

    __slots__ = (
        "_able",
        "_acted_at",
        "_ante_reach",
        "_antes",
        "_dead_blinds",
        "_dealt",
        "_exposed",
        "_first",
        "_fixed",
        "_fl_base",
        "_fold_free",
        "_last_raise_size",
        "_legal",
        "_order",
        "_pot_limit",
        "_raise_count",
        "_seen",
        "_shared",
        "_uncapped",
        "all_in",
        "board",
        "burns",
        "committed",
        "config",
        "contributed",
        "current_bet",
        "dead",
        "events",
        "folded",
        "forced",
        "hole_cards",
        "last_aggressor",
        "misdeals",
        "mucked",
        "needs_new_deck",
        "phase",
        "run_boards",
        "runout",
        "runs",
        "seats",
        "shown",
        "stacks",
        "starting_stacks",
        "street",
        "to_act",
    )

    _antes: list[int]
    _ante_reach: list[int]
    _dead_blinds: int
    _fl_base: int
    _last_raise_size: int
    _raise_count: int
    _uncapped: bool
    current_bet: int
    dead: int

    config: GameConfig
    forced: ForcedBets
    seats: int
    starting_stacks: tuple[int, ...]
    stacks: list[int]
    committed: list[int]
    contributed: list[int]
    folded: list[bool]
    all_in: list[bool]
    shown: list[bool]
    mucked: list[bool]
    hole_cards: list[tuple[Card, ...] | None]
    board: list[Card]
    burns: list[Card]
    events: list[Event]
    street: Street
    phase: Phase
    to_act: int | None
    last_aggressor: int | None
    runout: bool
    runs: int
    run_boards: list[tuple[Card, ...]]
    _shared: int
    misdeals: int
    needs_new_deck: bool
    _dealt: int
    _exposed: list[int]
    _acted_at: list[int]
    _legal: LegalActions | None
    _seen: set[int]
    _fixed: bool
    _first: int
    _pot_limit: bool
    _fold_free: bool
    _able: int
    _order: tuple[tuple[int, ...], ...]


def live_board(hand: Hand) -> Sequence[Card]:
    """The board being dealt now: the first run's, or the later run under way.

    Once the rest of the board is run more than once (R-RIT-1), the first
    run is ``hand.board`` and each later run, its shared cards first, is the
    last of ``hand.run_boards`` while it is dealt.
    """
    run_boards = hand.run_boards
    return run_boards[-1] if run_boards else hand.board


def hand_pots(hand: Hand, live: Sequence[int], out: Sequence[bool]) -> tuple[Pot, ...]:
    """Pots from ``hand``'s dead money and ``live`` chips; ``out`` seats cannot win.

    Layers, bottom first: dead blinds (every seat still in may win them),
    the antes (R-ANTE-1, a short ante wins only what it matched), then the
    blinds and bets (R-POT-1).
    """
    if not hand.dead:
        return side_pots(live, out)
    layers: list[tuple[Pot, ...]] = []
    if hand._dead_blinds:
        everyone = tuple(s for s in range(hand.seats) if not out[s])
        layers.append((Pot(hand._dead_blinds, everyone),))
    if hand.dead > hand._dead_blinds:
        layers.append(side_pots(hand._antes, out, hand._ante_reach))
    layers.append(side_pots(live, out))
    return stack_pots(*layers)

"""A table in a steady state: the same players, hand after hand, played in one go.

Most of a simulation's hands are dealt at a table whose seating has not
changed since the hand before: nobody joined, left, sat out, came back or
rebought, nobody is asked to post or wait (R-TABLE-5, R-TABLE-6), no straddle
is offered (R-STRADDLE-1), and every bot bets from the legal actions alone
(``reads_view = False``). Such a hand is set up exactly as the last one dealt
after the same positions was: the blind plan (R-TABLE-1, R-TABLE-4), the
seats in hand order and the forced bets are the same values. ``play_steady``
then starts, deals, plays and settles it in one function, with no
``TableHand``: the same cards from the table's RNG (R-DEAL-4), the same
answers, the same ``HandRecord`` and stacks as ``Table.start_hand(...).play``.

``remember`` keeps, after each hand of the general path dealt that way, what
the next hand after the same positions is dealt with. That holds for as long
as the same players sit in the same seats under the same stakes: the table
forgets it all when a player joins, leaves or is eliminated, or the stakes
change, and plays a hand this way only while every seated player has chips,
is in the rotation and is not sitting out (``Table._ready``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import is_
from typing import TYPE_CHECKING

from holdem.cards import Deck
from holdem.engine import HandState, LegalActions, Phase, play_betting, run_dealer
from holdem.rules.actions import PlayerAction
from holdem.rules.config import ForcedBets
from holdem.table.autoplay import refuse, speak_cards
from holdem.table.config import StraddlePolicy
from holdem.table.decisions import reads_view
from holdem.table.hand import HandStage, TableHand
from holdem.table.record import NO_RAKE, HandRecord, new_record, take_rake
from holdem.table.seating import BlindPlan, Entry, Positions

if TYPE_CHECKING:
    from holdem.table.bots import Bot
    from holdem.table.table import Table, _Seat

__all__ = ["Steady", "play_steady", "remember"]

_BETTING = Phase.BETTING
_IN = Entry.IN
_NO_STRADDLE = StraddlePolicy.NONE
_BURNS_AND_BOARD = 8  # a burn before each street and five board cards
_NOBODY: frozenset[int] = frozenset()  # no seat asked to muck (R-SHOW-4)


class Steady:
    """What a steady table's hand after ``last`` is dealt with.

    Attributes:
        last: the positions of the hand before (the key's object).
        plan: the hand's blind plan (nothing asked, nobody skipped).
        button: its button's table seat.
        big_blind: its big blind's table seat.
        seats: table seat of each hand seat.
        hand_seat: hand seat of each table seat dealt in.
        forced: the forced bets (hand seats).
        found: the table's seat of each hand seat.
        players: player of each hand seat.
        cards: cards the hand draws from the shuffle (R-DEAL-1..3).
        bots: the bots last playing the hand seats, or ``None``.
        quick: their ``bet_from`` (all of them bet from the legal actions).
    """

    __slots__ = (
        "big_blind",
        "bots",
        "button",
        "cards",
        "forced",
        "found",
        "hand_seat",
        "last",
        "plan",
        "players",
        "quick",
        "seats",
    )

    def __init__(
        self,
        last: Positions,
        plan: BlindPlan,
        seats: tuple[int, ...],
        hand_seat: dict[int, int],
        forced: ForcedBets,
        found: tuple[_Seat, ...],
        cards: int,
    ) -> None:
        self.last = last
        self.plan = plan
        self.button = plan.positions.button
        self.big_blind = plan.positions.big_blind
        self.seats = seats
        self.hand_seat = hand_seat
        self.forced = forced
        self.found = found
        self.players = tuple([f.player for f in found])
        self.cards = cards
        self.bots: list[Bot | None] | None = None
        self.quick: list[Callable[[LegalActions], PlayerAction]] = []


def remember(table: Table, hand: TableHand, prior: Positions | None) -> None:
    """After ``hand`` (the general path), keep how the next such hand is dealt.

    A hand is remembered when it was dealt with nothing asked or offered
    before the deal and every seated player was in the rotation and dealt
    in: the blind plan after ``prior`` (R-TABLE-1, R-TABLE-4) is then the
    same for every such hand.
    """
    steady = table._steady
    plan = hand._plan
    seats = table._seats
    state = hand.state
    if (
        prior is None
        or state is None
        or plan is not hand._first_plan
        or plan.ask
        or plan.skipped
        or hand._posted
        or hand._straddles
        or hand._config.straddle is not _NO_STRADDLE
        or hand._game is not table.game
        or len(hand.seats) != len(seats)
        or len(hand._eligible) != len(seats)
        or not all(entry is _IN for entry in hand._eligible.values())
    ):
        return
    known = steady.get(id(prior))
    if known is not None and known.last is prior and known.plan is plan:
        return
    if len(steady) >= 64:
        steady.clear()
    count = min(52 + hand._game.jokers, 2 * len(hand.seats) + _BURNS_AND_BOARD)
    steady[id(prior)] = Steady(
        prior,
        plan,
        hand.seats,
        hand._hand_seat,
        state.forced,
        tuple([seats[s] for s in hand.seats]),
        count,
    )


def play_steady(
    table: Table, steady: Steady, bots: Mapping[int, Bot]
) -> HandRecord | None:
    """Play the steady hand set up by ``steady``; its record.

    ``None`` (nothing done) when a seat's bot reads the view: the general
    path then plays the hand. A bot's refused answer leaves the hand open
    as ``TableHand.play`` does and raises its error (table seats).
    """
    if table.game.max_runs > 1 or table.asks_to_muck:
        return None  # players are asked the runs or to muck: the general path
    seats = steady.seats
    known = steady.bots
    if known is None or not all(map(is_, known, map(bots.get, seats))):
        players = [bots.get(seat) for seat in seats]
        if any(bot is None or reads_view(bot) for bot in players):
            return None
        found_quick = [getattr(bot, "bet_from", None) for bot in players]
        if None in found_quick:
            return None
        steady.bots, steady.quick = players, found_quick  # type: ignore[assignment]
    quick = steady.quick
    game = table.game
    table.hand_number += 1
    plan = steady.plan
    table.positions = plan.positions
    found = steady.found
    deck = Deck.top(table.rng, steady.cards, jokers=game.jokers)
    state = HandState(game, [f.stack for f in found], steady.forced)
    refused: PlayerAction | None = None
    try:
        while True:
            hand_seat = state.to_act
            if hand_seat is None:
                break
            if hand_seat < 0:  # the dealer
                run_dealer(state, deck)
            elif state.phase is _BETTING:
                # BaseBot.decide's answer: bet_from(legal)
                refused = play_betting(state, quick)
                if refused is not None:
                    break
            else:
                # the showdown: cards speak, nobody is asked (R-SHOW-4)
                speak_cards(state, seats, _NOBODY)
    except BaseException:
        table.hand = _open_hand(table, steady, state, deck)
        raise
    if refused is not None:
        # refused, nothing changed: the hand stays open, refused again
        # with table seats
        hand = table.hand = _open_hand(table, steady, state, deck)
        refuse(hand, state, refused)
    config = table.config
    if config.rake_percent:
        rake, paid = take_rake(config, state)
    else:
        rake, paid = 0, NO_RAKE[len(seats)]  # R-POT-4: no rake, none paid
    record = new_record(
        table.hand_number,
        config.seat_count,
        steady.button,
        plan.small_blind,
        steady.big_blind,
        seats,
        steady.players,
        (),
        (),
        state,
        rake,
        paid,
        table.level,
    )
    broke = False
    final = record.finishing_stacks if rake else state.stacks
    for seat, stack in zip(found, final, strict=True):
        if seat.stack != stack:
            seat.stack = stack
            seat.info = None
            if not stack:
                broke = True
    table.rake_collected += rake
    table.last_record = record
    if broke:
        table._ready = False
        if config.tournament:
            for seat_number in seats:
                if not table._seats[seat_number].stack:
                    del table._seats[seat_number]  # eliminated (R-TABLE-3)
                    table._steady.clear()
    if table.on_hand_complete is not None:
        table.on_hand_complete(record)
    return record


def _open_hand(table: Table, steady: Steady, state: HandState, deck: Deck) -> TableHand:
    """The ``TableHand`` that the general path would hold at this point of play."""
    hand: TableHand = object.__new__(TableHand)
    plan = steady.plan
    hand.number = table.hand_number
    hand._config = table.config
    hand._game = table.game
    hand._plan = hand._first_plan = plan
    hand._players = {s: (f.player, f.stack) for s, f in table._seats.items()}
    hand._eligible = {s: f.entry for s, f in table._seats.items()}
    hand._rng = table.rng
    hand._level = table.level
    hand._on_deal = table._on_deal
    hand._on_complete = table._on_complete
    hand.stage = HandStage.PLAYING
    hand.button = plan.positions.button
    hand.big_blind = plan.positions.big_blind
    hand.small_blind = plan.small_blind
    hand.seats = steady.seats
    hand.state = state
    hand.record = None
    hand._asks = []
    hand._posted = {}
    hand._straddles = []
    hand._straddle_offer = None
    hand._deck = deck
    hand._deck_size = steady.cards
    hand._hand_seat = steady.hand_seat
    hand._decision = None
    hand._decision_at = -1
    hand._views = None
    hand._memo = table._memo
    hand._asks_to_muck = frozenset(table.asks_to_muck)
    hand._run_asks = None
    hand._run_answers = []
    return hand

"""Bots: players the table can ask, and four built in.

A bot is any object with ``decide(view) -> action``. ``view`` is a
``TableView``: the seat's own knowledge only (its hole cards, the board, the
stacks, the bets, what others showed; never another seat's hole cards,
R-HISTORY-1) and ``view.decision``, what it is asked:

- ``POST_OR_WAIT`` / ``POST_ALL_OR_WAIT``: answer ``PostToPlay(seat)`` or
  ``WaitForBigBlind(seat)`` (R-TABLE-5, R-TABLE-6);
- ``STRADDLE``: ``Straddle(seat)`` or ``DeclineStraddle(seat)``
  (R-STRADDLE-1);
- ``BET``: an action built from ``view.decision.legal`` (``fold()``,
  ``check_or_call()``, ``raise_to(chips)``), which carries the table seat;
- ``SHOWDOWN``: ``Show(seat)`` or ``Muck(seat)`` of a beaten hand
  (R-SHOW-2), asked only of a seat whose "muck losing hands" is off;
- ``RUNS``: ``ChooseRuns(seat, runs)``, how many times to run the board
  (R-RIT-1).

``BaseBot`` answers everything but the betting sensibly (wait for the big
blind, no straddle, show at showdown, run the board twice when offered);
subclass it and write ``bet``.

A bot class that decides from ``view.decision`` alone may say so with
``reads_hand = False`` in its own body: the table then leaves ``view.hand``
as ``None`` and saves building it. One that bets from the legal actions
alone and answers the other decisions as ``BaseBot`` does may say so with
``reads_view = False`` and write ``bet_from(legal)`` (``CallingStationBot``
and ``RandomBot`` do both): a table playing it then makes no view at all
for its betting and showdown decisions. A subclass reads the whole view
again unless it says so itself (see ``reads_hand`` and ``reads_view``).
"""

from __future__ import annotations

import random
from typing import ClassVar, Protocol

from holdem.cards import Card, Rank
from holdem.engine import LegalActions, SeatView
from holdem.equity import equity
from holdem.eval import HandCategory, evaluate
from holdem.rules.actions import PlayerAction, Raise, Show
from holdem.table.decisions import (
    ChooseRuns,
    DecisionKind,
    DeclineStraddle,
    PostToPlay,
    Straddle,
    TableAction,
    TableView,
    WaitForBigBlind,
    reads_hand,
    reads_view,
)

__all__ = [
    "BaseBot",
    "Bot",
    "CallingStationBot",
    "EquityBot",
    "RandomBot",
    "TightAggressiveBot",
    "preflop_bucket",
    "reads_hand",
    "reads_view",
]


_BET = DecisionKind.BET


class Bot(Protocol):
    """Anything that answers a table's decisions."""

    def decide(self, view: TableView) -> TableAction:
        """The answer to ``view.decision`` (see the module docstring)."""


class BaseBot:
    """Waits for the big blind, never straddles, shows at showdown.

    Subclasses write ``bet(view, legal)``; it checks or calls here.

    Attributes:
        reads_hand: False in a class body whose bot decides from
            ``view.decision`` alone (see ``reads_hand()``); the table then
            leaves ``view.hand`` as ``None``.
        reads_view: False in a class body whose bot keeps ``decide`` as
            here and whose ``bet(view, legal)`` is ``bet_from(legal)`` (see
            ``reads_view()``); the table then asks ``bet_from`` alone.
    """

    reads_hand: ClassVar[bool] = True
    reads_view: ClassVar[bool] = True

    def decide(self, view: TableView) -> TableAction:
        """Answer ``view.decision`` (the module docstring lists the kinds)."""
        decision = view.decision
        if decision is None:
            raise ValueError(f"seat {view.seat} is asked nothing now")
        kind = decision.kind
        if kind is _BET:  # the common decision, asked first
            assert decision.legal is not None  # a BET decision carries it
            return self.bet(view, decision.legal)
        seat = decision.seat
        match kind:
            case DecisionKind.POST_OR_WAIT | DecisionKind.POST_ALL_OR_WAIT:
                return PostToPlay(seat) if self.post(view) else WaitForBigBlind(seat)
            case DecisionKind.STRADDLE:
                return Straddle(seat) if self.straddle(view) else DeclineStraddle(seat)
            case DecisionKind.SHOWDOWN:
                return Show(seat)
            case DecisionKind.RUNS:
                return ChooseRuns(seat, min(2, decision.runs))
        assert decision.legal is not None  # a BET decision carries it
        return self.bet(view, decision.legal)

    def post(self, view: TableView) -> bool:
        """Post to be dealt in now rather than wait for the big blind."""
        return False

    def straddle(self, view: TableView) -> bool:
        """Take the straddle offered."""
        return False

    def bet(self, view: TableView, legal: LegalActions) -> TableAction:
        """A betting action from ``legal`` (its seat is the table seat)."""
        return legal.check_or_call()

    def bet_from(self, legal: LegalActions) -> PlayerAction:
        """A betting action from ``legal`` alone, for ``legal.seat``.

        Asked instead of ``decide`` for a class that sets
        ``reads_view = False``, with the hand's legal actions (hand seats:
        the answer goes straight to the engine). Here: check or call.
        """
        return legal.check_or_call()


class CallingStationBot(BaseBot):
    """Checks or calls every bet, never raises, never folds."""

    reads_hand = False  # decides from view.decision alone
    reads_view = False  # bet is bet_from: check or call


class RandomBot(BaseBot):
    """Picks uniformly among fold (when facing a bet), check or call, and a raise.

    A raise is to a size drawn uniformly from the minimum to the maximum.
    Both are drawn with ``rng.getrandbits`` (one 32-bit draw for most
    decisions).

    Args:
        rng: its own random source, with ``getrandbits`` and ``random``
            (seed it for reproducible play).
        post_rate: chance of posting to play and of straddling when offered.
    """

    reads_hand = False  # decides from view.decision alone
    reads_view = False  # bet is bet_from

    def __init__(self, rng: random.Random, *, post_rate: float = 0.5) -> None:
        self.rng = rng
        self.post_rate = post_rate

    def post(self, view: TableView) -> bool:  # noqa: D102
        return self.rng.random() < self.post_rate

    def straddle(self, view: TableView) -> bool:  # noqa: D102
        return self.rng.random() < self.post_rate

    def bet(self, view: TableView, legal: LegalActions) -> TableAction:  # noqa: D102
        return self.bet_from(legal)

    def bet_from(self, legal: LegalActions) -> PlayerAction:  # noqa: D102
        # Fold only when facing a bet, even where the rules let a player fold
        # instead of checking (R-BET-1): a free fold is not a choice.
        low = legal.min_raise_to
        options, n, limit, span = _DRAWS[legal.can_check][low is not None]
        if n == 1:
            return legal.check_or_call()  # nothing to choose
        # One 32-bit draw makes both choices: below limit (a multiple of n,
        # drawn again above it, about once in a billion) r % n is a uniform
        # option and r // n, independent of it, is uniform below span.
        bits = self.rng.getrandbits
        r = bits(32)
        while r >= limit:
            r = bits(32)
        choice = options[r % n]
        if choice is _CALL:
            return legal.check_or_call()
        if choice is _FOLD:
            return legal.fold()
        high = legal.max_raise_to
        assert low is not None and high is not None  # a raise was an option
        # a raise to a size uniform from low to high: r // n below the
        # largest multiple of the width under span gives it; else (rarely,
        # or always for a width over span) a draw of its own
        width = high - low + 1
        rest = r // n
        if rest < span - span % width:
            return legal.raise_to(low + rest % width)
        k = width.bit_length()
        pick = bits(k)
        while pick >= width:
            pick = bits(k)
        return legal.raise_to(low + pick)


_CALL, _FOLD, _RAISE = "check or call", "fold", "raise"
_OPTIONS = {
    (can_check, can_raise): (_CALL,)
    + (() if can_check else (_FOLD,))
    + ((_RAISE,) if can_raise else ())
    for can_check in (False, True)
    for can_raise in (False, True)
}
"""``RandomBot``'s options by (can check, can raise), each drawn alike."""
_DRAWS = tuple(
    tuple(
        (
            options,
            len(options),
            (1 << 32) - (1 << 32) % len(options),
            (1 << 32) // len(options),
        )
        for options in (_OPTIONS[can_check, False], _OPTIONS[can_check, True])
    )
    for can_check in (False, True)
)
"""By can check, then can raise: the options, their number ``n``, the
largest multiple of ``n`` up to 2**32 (a draw below it picks evenly) and
2**32 // n (the values left for the raise size)."""


def preflop_bucket(hole_cards: tuple[Card, ...]) -> int:
    """Strength bucket of two hole cards: 3 premium, 2 strong, 1 playable, 0 weak.

    Premium: tens or better, ace-king. Strong: other pairs from sevens, two
    cards ten or higher suited, ace-queen. Playable: smaller pairs, suited
    aces, suited connectors from five-four, two broadway cards. Jokers count
    as aces.

    >>> from holdem.cards import parse_cards
    >>> preflop_bucket(parse_cards("AhKd")), preflop_bucket(parse_cards("7c2d"))
    (3, 0)
    """
    ranks = sorted((c.rank or Rank.ACE for c in hole_cards), reverse=True)
    high, low = ranks[0], ranks[1]
    suited = hole_cards[0].suit is not None and hole_cards[0].suit == hole_cards[1].suit
    pair = high == low
    if (pair and high >= Rank.TEN) or (high == Rank.ACE and low == Rank.KING):
        return 3
    if (
        (pair and high >= Rank.SEVEN)
        or (suited and low >= Rank.TEN)
        or (high == Rank.ACE and low == Rank.QUEEN)
    ):
        return 2
    if (
        pair
        or (suited and high == Rank.ACE)
        or (suited and high - low == 1 and low >= Rank.FOUR)
        or low >= Rank.TEN
    ):
        return 1
    return 0


def _pot(hand: SeatView) -> int:
    return sum(p.amount for p in hand.pots) + sum(hand.committed)


def _sized(legal: LegalActions, to: int) -> TableAction:
    low, high = legal.min_raise_to, legal.max_raise_to
    assert low is not None and high is not None
    return legal.raise_to(max(low, min(high, to)))


class TightAggressiveBot(BaseBot):
    """Plays few hands and plays them hard, by hand-strength buckets.

    Pre-flop by ``preflop_bucket``: raises premium hands (re-raising), raises
    strong ones when unraised and calls a raise with them, limps or checks
    playable ones when cheap, folds the rest. After the flop by the made
    hand's category: two pair or better bets or raises about the pot; a pair
    bets when checked to and calls a bet up to half the pot; less checks or
    folds.
    """

    def bet(self, view: TableView, legal: LegalActions) -> TableAction:  # noqa: D102
        hand = view.hand
        assert hand is not None and view.hand_seat is not None
        cards = hand.hole_cards[view.hand_seat]
        assert cards is not None
        pot = _pot(hand)
        call = legal.call_amount
        top_bet = max(hand.committed)
        if not hand.board:
            bucket = preflop_bucket(cards)
            raised = any(type(e) is Raise for e in hand.events)
            if legal.can_raise and (bucket == 3 or (bucket == 2 and not raised)):
                return _sized(legal, 3 * top_bet + call)
            if bucket >= 2 or (bucket == 1 and not raised) or legal.can_check:
                return legal.check_or_call()
            return legal.fold()
        category = evaluate((*cards, *hand.board)).category
        if category >= HandCategory.TWO_PAIR:
            if legal.can_raise:
                return _sized(legal, top_bet + pot)
            return legal.check_or_call()
        if category == HandCategory.ONE_PAIR:
            if legal.can_check and legal.can_raise:
                return _sized(legal, pot // 2)
            if legal.can_check or 2 * call <= pot:
                return legal.check_or_call()
            return legal.fold()
        return legal.check_or_call() if legal.can_check else legal.fold()


class EquityBot(BaseBot):
    """Bets by its equity against random hands, from the equity code.

    It estimates its equity against one random hand per opponent still in
    (Monte Carlo, ``samples`` deals seeded from its own ``rng``) and compares
    it with the price: it raises about the pot with equity above
    ``raise_equity``, calls when the equity beats the pot odds, and
    otherwise checks or folds.

    Args:
        rng: its own random source for the Monte Carlo seeds.
        samples: deals per estimate.
        raise_equity: equity (0..1) above which it bets or raises.
    """

    def __init__(
        self, rng: random.Random, *, samples: int = 300, raise_equity: float = 0.65
    ) -> None:
        self.rng = rng
        self.samples = samples
        self.raise_equity = raise_equity

    def estimate(self, view: TableView) -> float:
        """Equity (0..1) of the viewer's hand against random hands."""
        hand = view.hand
        assert hand is not None and view.hand_seat is not None
        cards = hand.hole_cards[view.hand_seat]
        assert cards is not None
        opponents = sum(
            1 for s, f in enumerate(hand.folded) if not f and s != view.hand_seat
        )
        hands = ["".join(map(str, cards))] + ["random"] * max(1, min(opponents, 9))
        result = equity(
            hands,
            board=tuple(hand.board),
            samples=self.samples,
            seed=self.rng.getrandbits(32),
        )
        return result.hands[0].equity

    def bet(self, view: TableView, legal: LegalActions) -> TableAction:  # noqa: D102
        hand = view.hand
        assert hand is not None
        share = self.estimate(view)
        pot = _pot(hand)
        if share >= self.raise_equity and legal.can_raise:
            return _sized(legal, max(hand.committed) + pot)
        call = legal.call_amount
        if legal.can_check or share * (pot + call) >= call:
            return legal.check_or_call()
        return legal.fold()

"""All-in equity adjusted results: what a hand was worth when the betting ended.

When no more betting can follow (every player left is all-in, or all but one;
R-BET-5) and board cards are still to come, the rest of the hand is luck. The
trackers' "all-in adjusted" (or "all-in EV") result replaces the chips a
player collected from the pots with the chips he could expect to collect at
that moment:

    expected(p) = sum over pots P that p may win of amount(P) x equity(p, P)

where ``equity(p, P)`` is the exact share of pot ``P`` that ``p``'s hand wins
over every board still to come against the other hands eligible for ``P``
(R-POT-1, R-POT-2: splits count their share), the cards of the other hands
still in being out of the deck. It is counted with holdem's own exact
enumeration (``holdem.equity.equity(..., exact=True)``). Then

    adjusted net(p) = net(p) + (1 - rake / awarded) x (expected(p) - collected(p))

so that the adjusted results keep the rake the hand paid, in proportion.
A pot one player alone may win (an uncalled side pot) is his whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from holdem.cards import Card
from holdem.engine.events import AwardPot
from holdem.engine.state import HandState
from holdem.equity import equity
from holdem.rules.actions import Bet, Call, Check, DealBoard, Fold, Raise

__all__ = ["AllInSpot", "all_in_spot"]

_BETTING = (Fold, Check, Call, Bet, Raise)


@dataclass(frozen=True, slots=True)
class AllInSpot:
    """The moment the betting ended with board cards to come.

    Attributes:
        board: the board cards known then (0, 3 or 4 cards).
        seats: the seats still in the hand (engine seats, lowest first).
        hole_cards: their hole cards, in the order of ``seats``.
        expected: chips each seat could expect from the pots then (exact),
            one entry per seat of the hand (0 for a seat not in ``seats``).
        collected: chips each seat collected from the pots (before the rake).
        adjusted_net: net chips per seat with ``expected`` in place of
            ``collected``, after its share of the rake (exact).
    """

    board: tuple[Card, ...]
    seats: tuple[int, ...]
    hole_cards: tuple[tuple[Card, ...], ...]
    expected: tuple[Fraction, ...]
    collected: tuple[int, ...]
    adjusted_net: tuple[Fraction, ...]


def all_in_spot(state: HandState, rake_paid: tuple[int, ...]) -> AllInSpot | None:
    """The all-in spot of a complete hand, or ``None`` if it had none.

    Args:
        state: a complete hand (its event log and pots).
        rake_paid: rake each seat paid from what it collected, in chips.

    Returns:
        ``None`` when the betting ended on the river or with one player
        left, or when a hand still in is unknown (its cards were not shown:
        an all-in hand is always turned up, R-SHOW-3, but a record may lack
        it).
    """
    events = state.events
    last = max(
        (i for i, e in enumerate(events) if type(e) in _BETTING),
        default=-1,
    )
    board: list[Card] = []
    collected = [0] * state.seats
    for index, event in enumerate(events):
        if isinstance(event, DealBoard) and index < last:
            board.extend(event.cards)
        elif isinstance(event, AwardPot):
            for seat, chips in event.shares:
                collected[seat] += chips
    live = tuple(s for s in range(state.seats) if not state.folded[s])
    if len(state.board) <= len(board) or len(live) < 2:
        return None
    holes = [state.hole_cards[s] for s in live]
    if any(h is None or len(h) != 2 for h in holes):
        return None
    known: dict[int, tuple[Card, ...]] = {
        s: h for s, h in zip(live, holes, strict=True) if h is not None
    }
    expected = [Fraction(0)] * state.seats
    for pot in state.hand_pots(state.contributed, state.folded):
        eligible = pot.eligible
        if len(eligible) == 1:
            expected[eligible[0]] += pot.amount
            continue
        dead = [c for s in live if s not in eligible for c in known[s]]
        result = equity([known[s] for s in eligible], board, dead, exact=True)
        for seat, share in zip(eligible, result.hands, strict=True):
            expected[seat] += pot.amount * share.equity_exact
    awarded = sum(collected)
    kept = Fraction(awarded - sum(rake_paid), awarded) if awarded else Fraction(1)
    payoffs = state.payoffs
    adjusted = tuple(
        payoffs[s] - rake_paid[s] + kept * (expected[s] - collected[s])
        for s in range(state.seats)
    )
    return AllInSpot(
        board=tuple(board),
        seats=live,
        hole_cards=tuple(known[s] for s in live),
        expected=tuple(expected),
        collected=tuple(collected),
        adjusted_net=adjusted,
    )

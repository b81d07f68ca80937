"""What the seat to act may do: the legal-action query (R-BET, R-NL, R-PL, R-FL).

These functions read a ``Hand`` and return a value; they change nothing.
"""

from __future__ import annotations

from holdem.engine.events import LegalActions
from holdem.engine.hand import Hand
from holdem.engine.seating import OTHERS

__all__ = ["can_raise", "compute_legal", "has_caller"]

_new_legal = tuple.__new__


def compute_legal(hand: Hand) -> LegalActions:
    """The legal actions of the seat to act (the hand must be betting)."""
    seat: int = hand.to_act  # type: ignore[assignment]  # a seat while betting
    stacks = hand.stacks
    stack = stacks[seat]
    committed = hand.committed[seat]
    current = hand.current_bet
    owed = current - committed
    can_check = owed <= 0
    call_amount = 0 if can_check else (owed if owed < stack else stack)
    total = stack + committed
    min_to: int | None = None
    max_to: int | None = None
    if total > current and can_raise(hand, seat):
        if hand._fixed:
            unit = hand.config.bet_unit(hand.street)
            to = max(hand._fl_base + unit, current + 1)
            min_to = max_to = min(to, total)
        else:
            min_to = current + hand._last_raise_size
            if hand._pot_limit:
                # R-PL-1: the call first, then the whole pot after it;
                # never less than the smallest bet (an empty pot still
                # allows the minimum bet, R-NL-1).
                pot_to = current + hand.dead + sum(hand.contributed) + max(owed, 0)
                max_to = min(total, pot_to if pot_to > min_to else min_to)
            else:
                max_to = total
            if min_to > max_to:  # all-in for less than a full raise
                min_to = max_to
    # tuple.__new__ skips the named tuple's Python-level __new__ (hot path)
    return _new_legal(
        LegalActions,
        (
            seat,
            hand._fold_free or not can_check,
            can_check,
            call_amount,
            min_to,
            max_to,
            current == 0,
        ),
    )


def can_raise(hand: Hand, seat: int) -> bool:
    """Whether ``seat`` may bet or raise now (R-BET-5, R-NL-3, R-FL-2, R-FL-3)."""
    if hand._able <= 1:
        return False  # R-BET-5: nobody else could bet
    acted_at = hand._acted_at[seat]
    if hand._fixed:
        # R-FL-3: only a full bet or raise (or an all-in of half a bet or
        # more) since this seat acted reopens the betting to it.
        if acted_at >= 0 and acted_at >= hand._fl_base:
            return False
        cap = hand.config.raise_cap
        # R-FL-2: a bet and three raises unless heads-up before the cap
        # (a table option, on by default).
        if not (cap is None or hand._uncapped or hand._raise_count < cap):
            return False
    elif acted_at >= 0 and hand.current_bet - acted_at < hand._last_raise_size:
        # R-NL-3: a seat that acted may raise again only when facing at
        # least a full raise in total since it acted.
        return False
    return has_caller(hand, seat)  # R-BET-5: an opponent could match it


def has_caller(hand: Hand, seat: int) -> bool:
    """Some opponent could put in more than the current bet (R-BET-5).

    Against opponents who are all-in, or who could only call all-in for
    the current bet or less, a raise would come straight back (R-BET-7),
    so none is offered. (A folded or all-in seat has no chips it could
    add beyond its bet, so ``stacks[s] + committed[s] > current`` with a
    stack above zero is the whole test.)
    """
    current, stacks, committed, folded = (
        hand.current_bet,
        hand.stacks,
        hand.committed,
        hand.folded,
    )
    for s in OTHERS[hand.seats][seat]:
        if stacks[s] and stacks[s] + committed[s] > current and not folded[s]:
            return True
    return False

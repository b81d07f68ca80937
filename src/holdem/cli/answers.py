"""Typed answers of ``holdem play``: ``f``, ``x``, ``c``, ``r 300``, ``a``.

An answer is turned into an action of the seat asked and checked against
its legal actions first, so an illegal one is refused with a message saying
what is legal (R-BET-1, R-NL-2) and the question can be asked again.
"""

from __future__ import annotations

from holdem.engine import LegalActions
from holdem.rules import Call, Check, PlayerAction

__all__ = ["HELP", "AnswerRefused", "legal_text", "parse_answer"]

HELP = "f fold, x check, c call, r N bet/raise to N, a all-in, q quit"
"""The short inputs, as the game lists them."""


_NO_AMOUNT = frozenset(
    ("f", "fold", "x", "k", "check", "c", "call", "a", "all-in", "allin", "all")
)
"""Answers that take no amount (``c 3`` is refused, not a plain call)."""


class AnswerRefused(Exception):
    """An answer that is not a legal action now; the message says what is."""


def parse_answer(
    text: str,
    legal: LegalActions,
    *,
    stack: int,
    committed: int,
    fixed_limit: bool = False,
) -> PlayerAction:
    """The action a typed answer stands for, checked against ``legal``.

    Args:
        text: ``f``, ``x``, ``c``, ``r N`` (or ``b N``), ``a``, or the words
            fold, check, call, bet N, raise N, all-in.
        legal: the legal actions, with the table seat.
        stack: the player's chips behind.
        committed: the player's bet on this street, chips.
        fixed_limit: the game is fixed-limit (a refused size says the one
            allowed is the limit's, R-FL-1).

    Raises:
        AnswerRefused: for an unknown answer or an illegal one, saying what
            is legal.

    >>> legal = LegalActions(1, True, False, 2, 4, 200, False)
    >>> parse_answer("r 6", legal, stack=200, committed=0)
    Raise(seat=1, to=6)
    """
    words = text.strip().lower().split()
    if not words:
        raise AnswerRefused(f"type an action: {HELP}. Legal: {legal}")
    verb, args = words[0], words[1:]
    if args and verb in _NO_AMOUNT:
        raise AnswerRefused(
            f"{verb} takes no amount (got {' '.join(args)[:20]!r}): to bet or"
            f" raise, r N. Legal: {legal}"
        )
    if verb in ("f", "fold"):
        if not legal.can_fold:
            raise AnswerRefused(
                "you cannot fold when you may check at this table: x to check"
                f" [R-BET-1]. Legal: {legal}"
            )
        return legal.fold()
    if verb in ("x", "k", "check"):
        if not legal.can_check:
            raise AnswerRefused(
                f"you cannot check: {legal.call_amount} to call. Legal: {legal}"
            )
        return Check(legal.seat)
    if verb in ("c", "call"):
        return legal.check_or_call()
    if verb in ("a", "all-in", "allin", "all"):
        return _all_in(legal, stack, committed)
    if verb in ("r", "b", "raise", "bet"):
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is None or high is None:
            raise AnswerRefused(f"no bet or raise is allowed now. Legal: {legal}")
        if not args and low == high:
            return legal.raise_to(low)
        if len(args) != 1 or not args[0].isdigit():
            raise AnswerRefused(
                f"say how much in all on this street: r {low} (from {low} to {high})"
            )
        to = int(args[0])
        if not low <= to <= high:
            verb_text = "bet" if legal.is_bet else "raise to"
            if low == high:  # one size only: say which, and why
                size = f"bet is {low}" if legal.is_bet else f"raise is to {low}"
                why = " (fixed limit)" if fixed_limit else ", no other size now"
                raise AnswerRefused(
                    f"you cannot {verb_text} {to}: the {size}{why}: r. Legal: {legal}"
                )
            raise AnswerRefused(
                f"you cannot {verb_text} {to}: from {low} to {high}. Legal: {legal}"
            )
        return legal.raise_to(to)
    raise AnswerRefused(f"{text.strip()!r} is not an action: {HELP}")


def _all_in(legal: LegalActions, stack: int, committed: int) -> PlayerAction:
    high = legal.max_raise_to
    if high is not None and high == stack + committed:
        return legal.raise_to(high)
    if legal.call_amount and legal.call_amount >= stack:
        return Call(legal.seat)  # calling puts in every chip (R-BET-6)
    if high is not None:
        raise AnswerRefused(
            f"all-in would be {stack + committed} in all, but at most {high} is"
            f" allowed now: r {high}. Legal: {legal}"
        )
    raise AnswerRefused(f"no bet or raise is allowed now. Legal: {legal}")


def legal_text(legal: LegalActions, all_in: int) -> str:
    """The legal actions as the keys to type, with their sizes.

    ``all_in`` is the player's stack plus their bet on this street; ``a`` is
    offered when the largest raise is all-in.

    >>> legal_text(LegalActions(1, True, False, 2, 4, 200, False), 200)
    'f fold, c call 2, r N raise to 4..200, a all-in (raise to 200)'
    """
    options = []
    if legal.can_fold:
        options.append("f fold")
    options.append("x check" if legal.can_check else f"c call {legal.call_amount}")
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is not None and high is not None:
        verb = "bet" if legal.is_bet else "raise to"
        sizes = str(low) if low == high else f"{low}..{high}"
        options.append(f"r N {verb} {sizes}")
        if high == all_in:
            options.append(f"a all-in ({verb} {high})")
    return ", ".join(options)

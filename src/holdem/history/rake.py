"""The rake of a replayed PHH hand: recorded in ``_rake_paid`` or shown by the record.

The engine deals a hand without a rake: it awards whole pots (R-POT-2). The
PHH standard records what the players kept: ``winnings`` "should denote the
post-rake values" and ``finishing_stacks`` are the final stacks. So a raked
hand's record is below the engine's result by each winner's share of the
rake (R-POT-4: the stacks plus the rake equal the stacks before).

- ``_rake_paid`` (holdem's field, one int per player) says each share; the
  engine's stacks and pots collected less it must equal the record.
- A record without it (a standard one) shows the rake by its numbers: each
  player's recorded stack is below the engine's by a whole number of chips
  no larger than the pots that player collected, and no other player's
  stack differs. ``inferred_rake_paid`` reads those shares off; a record
  any other way differs.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from holdem.errors import InvalidInputError
from holdem.history.model import HandHistory

__all__ = ["inferred_rake_paid", "recorded_rake_paid"]


def recorded_rake_paid(
    history: HandHistory, won: Sequence[int]
) -> tuple[int, ...] | None:
    """The ``_rake_paid`` field of ``history``, or ``None`` when not recorded.

    Args:
        history: the replayed hand's record.
        won: chips each seat collected from the pots in the engine's deal
            (``AwardPot`` shares), indexed by seat.

    Returns:
        Chips of rake each seat paid out of what it collected.

    Raises:
        InvalidInputError: unless ``_rake_paid`` holds one int per player,
            each from 0 to what that player collected, summing to ``_rake``
            when that is recorded too (R-POT-4).
    """
    fields = dict(history.metadata)
    value = fields.get("_rake_paid")
    if value is None:
        return None
    entries = value if isinstance(value, tuple) else (value,)
    if len(entries) != len(won) or any(type(x) is not int for x in entries):
        raise InvalidInputError(
            f"field _rake_paid: must hold one whole number of chips per player"
            f" ({len(won)}), got {value!r:.80}"
        )
    paid: tuple[int, ...] = entries  # type: ignore[assignment]
    over = [
        f"p{s + 1} paid {p} of {w}"
        for s, (p, w) in enumerate(zip(paid, won, strict=True))
        if not 0 <= p <= w
    ]
    if over:
        raise InvalidInputError(
            "field _rake_paid: each player pays 0 up to the chips collected"
            f" from the pots [R-POT-4]; {', '.join(over)}"
        )
    _check_total(fields.get("_rake"), sum(paid))
    return paid


def inferred_rake_paid(
    history: HandHistory,
    won: Sequence[Fraction],
    engine: Sequence[Fraction],
    recorded: Sequence[Fraction],
) -> tuple[int, ...] | None:
    """The rake shares a record without ``_rake_paid`` shows, or ``None``.

    Args:
        history: the replayed hand's record (its ``_rake``, when present,
            must be the total).
        won: chips each seat collected from the pots in the engine's deal.
        engine: the engine's figures per seat (stacks, or pots collected).
        recorded: the record's figures for the same (``finishing_stacks``
            or ``winnings``), after the rake.

    Returns:
        Each seat's share of the rake (some chip taken), or ``None`` when the
        difference is not a rake: a stack above the engine's, a fraction of
        a chip, more than a seat collected, or another ``_rake`` total.

    >>> F = Fraction
    >>> h = HandHistory("NT", (0, 0), (1, 2), (100, 100), (), 2)
    >>> inferred_rake_paid(h, [F(4), F(0)], [F(102), F(98)], [F(101), F(98)])
    (1, 0)
    >>> inferred_rake_paid(h, [F(4), F(0)], [F(102), F(98)], [F(101), F(99)])
    """
    paid: list[int] = []
    for chips, got, want in zip(won, engine, recorded, strict=True):
        share = got - want
        if share < 0 or share.denominator != 1 or share > chips:
            return None
        paid.append(int(share))
    if not any(paid):
        return None
    total = dict(history.metadata).get("_rake")
    if total is not None and total != sum(paid):
        return None
    return tuple(paid)


def _check_total(total: object, paid: int) -> None:
    if total is None:
        return
    if type(total) is not int or total != paid:
        raise InvalidInputError(
            f"field _rake: must be the sum of _rake_paid ({paid}), got {total!r:.40}"
        )

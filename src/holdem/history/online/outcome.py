"""What replaying one recorded online hand gives: outcome, reason, message."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from holdem.history.online.model import OnlineHand, _quick_init

__all__ = ["Differs", "OnlineReplay", "Outcome", "Reason", "chips_text"]

_PLAY_CHIP_SITES = frozenset({"TheBigGame"})
"""Rooms whose cash games are read as whole play chips, not as money."""


class Outcome(StrEnum):
    """How a recorded online hand compares with the engine's deal."""

    AGREES = "agrees"
    DIFFERS = "differs"
    UNREADABLE = "unreadable"
    NOT_HOLDEM = "not hold'em"


class Reason(StrEnum):
    """Why a hand differs or is unreadable."""

    OUR_RULES = "our rules"
    """The engine refuses a printed action or decides the pots otherwise."""
    SITE_RESULT = "site's printed result"
    """The site's own figures disagree (collected + rake is not the total)."""
    MALFORMED = "malformed file"
    """The record cannot be read or cannot be a hand (a corrupt line)."""
    NOT_SUPPORTED = "not supported"
    """A feature our engine does not deal (pot-limit pre-flop and no-limit
    after; The Big Game's boards run twice) or a format we do not read;
    counted as found, not agreeing."""


def chips_text(hand: OnlineHand, chips: int) -> str:
    """``chips`` of ``hand`` as the site writes them, for messages.

    A cash game's chips are cents (times ``hand.chip_unit``): written as
    money, ``125`` as ``1.25`` (the hand does not say its currency, so no
    sign). Tournament chips and play chips are written whole, with
    decimals only when the hand printed finer amounts (``chip_unit``).

    >>> from holdem.history.online.model import OnlineHand
    >>> from dataclasses import replace
    >>> cash = OnlineHand("PokerStars", "1", "T", "", 1, False, "", True, None,
    ...     5, 10, 0, 6, 1, (), (), (), (), (), (), (), None, None)
    >>> chips_text(cash, 125), chips_text(cash, -100), chips_text(cash, 5)
    ('1.25', '-1.00', '0.05')
    >>> chips_text(replace(cash, is_tournament=True), 1500)
    '1500'
    >>> chips_text(replace(cash, is_tournament=True, chip_unit=100), 741050)
    '7410.50'
    """
    unit = hand.chip_unit
    money = (
        not hand.is_tournament
        and hand.site not in _PLAY_CHIP_SITES
        and not hand.plain_chips
    )
    if money:
        unit *= 100
    if unit <= 1:
        return str(chips)
    whole, part = divmod(abs(chips), unit)
    sign = "-" if chips < 0 else ""
    if part == 0 and not money:
        return f"{sign}{whole}"
    return f"{sign}{whole}.{part:0{len(str(unit)) - 1}d}"


class Differs(Exception):
    """A replayed hand differs from its record; ``reason`` says why.

    Raised inside the replay (``replay.py``, ``result_check.py``) and turned
    into an ``OnlineReplay`` with outcome ``differs`` and this message.
    """

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class OnlineReplay:
    """The result of replaying one recorded online hand.

    Attributes:
        site: the room as printed (``"PokerStars"``), or the format's name
            when the hand could not be read.
        source: the file.
        hand_id: the room's hand number (``""`` if unreadable before it).
        line: 1-based line of the hand's first line in the file.
        outcome: agrees, differs, unreadable or not hold'em.
        reason: why it differs or is unreadable; ``None`` otherwise.
        message: one line saying where and how; ``""`` when it agrees,
            unless the replay dealt antes the file never prints (R-ANTE-1:
            ``"antes inferred: ..."``).
        hand: the parsed hand, or ``None`` if unreadable.
        final_stacks: ``(player, chips)`` at the end of the engine's deal,
            kept for a hand that differs after the engine completed it (to
            compare with the next hand's starting stacks); else empty.
    """

    site: str
    source: str
    hand_id: str
    line: int
    outcome: Outcome
    reason: Reason | None = None
    message: str = ""
    hand: OnlineHand | None = None
    final_stacks: tuple[tuple[str, int], ...] = ()

    @property
    def label(self) -> str:
        """``"FILE hand ID"`` (or ``"FILE line N"``) for messages."""
        name = f"hand {self.hand_id}" if self.hand_id else f"line {self.line}"
        return f"{self.source} {name}" if self.source else name


_quick_init(OnlineReplay)  # one per hand replayed: set its slots directly

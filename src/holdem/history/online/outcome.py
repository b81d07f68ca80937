"""What replaying one recorded online hand gives: outcome, reason, message."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from holdem.history.online.model import OnlineHand, _quick_init

__all__ = ["OnlineReplay", "Outcome", "Reason"]


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
        message: one line saying where and how; ``""`` when it agrees.
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

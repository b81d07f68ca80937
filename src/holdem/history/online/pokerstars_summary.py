"""The summary section of a PokerStars-style hand, and the cards players show.

``SummaryReader`` is the ``HandReader`` the PokerStars reader derives from: it
reads the lines after ``*** SUMMARY ***`` (``_summary``: the total pot, the
rake and any STP added, the board, each run's board when the hand was run more
than once, the summary's seats that collected, showed or mucked) and records
the cards a player shows (``_known``). ``summary_read`` tells which summary
lines hold anything it reads, so the others can be passed over.
"""

from __future__ import annotations

import re

from holdem.cards import Card
from holdem.history.online.model import Collected
from holdem.history.online.reader import HandReader
from holdem.history.online.text import MONEY, HandText, bracketed

__all__ = ["RUNS", "RUN_WORDS", "SummaryReader", "summary_read"]

RUNS = {"FIRST": 1, "SECOND": 2, "THIRD": 3}
"""Each run's number by the word that names it (``FIRST Board [..]``)."""
RUN_WORDS = tuple(RUNS)
_RUN_BOARD = re.compile(r"^(?P<run>FIRST|SECOND|THIRD) Board \[(?P<cards>[^\]]*)\]")
_TOTAL = re.compile(rf"^Total pot (?P<total>{MONEY})")
_RAKE = re.compile(rf"\| Rake (?P<rake>{MONEY})")
_STP = re.compile(rf"\| STP (?P<stp>{MONEY})")
_SUMMARY_CARDS = re.compile(
    r"^Seat \d+: (?P<player>.+?) (?:\(.*?\) )*(?P<how>showed|mucked) \["
)
_SUMMARY_COLLECTED = re.compile(
    rf"^Seat \d+: (?P<player>.+?) (?:\(.*?\) )*(?:showed \[[^\]]*\] )?"
    rf"(?:collected|and won) \((?P<chips>{MONEY})\)"
)


def summary_read(line: str) -> bool:
    """Whether ``_summary`` may read anything from ``line``."""
    if line.startswith("Seat "):
        return (
            "collected (" in line
            or "and won (" in line
            or " showed [" in line
            or " mucked [" in line
        )
    return line.startswith(_SUMMARY_STARTS)


_SUMMARY_STARTS = ("Total pot", "Board ", *RUN_WORDS)


class SummaryReader(HandReader):
    """A ``HandReader`` that reads the summary section and shown cards.

    Attributes:
        names: each seated player's index in ``seats``, by name.
        total_pot: the summary's total pot, if printed.
        rake: the summary's rake, if printed.
        added: chips the site added to the pot (``| STP``).
        summary_collected: what the summary's seats collected (BetOnline
            prints it there only).
        mucked: players who mucked at the showdown (R-SHOW-2).
        runs: each run's whole board by its number, for a hand run more
            than once.
    """

    def __init__(self, hand: HandText) -> None:
        """An empty record of ``hand``, to be read from its first line."""
        super().__init__(hand)
        self.names: dict[str, int] = {}
        self.total_pot: int | None = None
        self.rake: int | None = None
        self.added = 0
        self.summary_collected: list[Collected] = []
        self.mucked: list[str] = []
        self.runs: dict[int, tuple[Card, ...]] = {}

    def _runs(self) -> tuple[tuple[Card, ...], ...]:
        """The boards of a hand run more than once (``OnlineHand.runs``)."""
        if not self.runs:
            return ()
        runs = tuple(self.runs[run] for run in sorted(self.runs))
        if len(runs) < 2 or sorted(self.runs) != list(range(1, len(runs) + 1)):
            raise self.error("a hand run twice without a board for each run")
        if runs[0][: len(self.board)] != tuple(self.board):
            raise self.error("the first run's board is not the board dealt")
        return runs

    def _known(self, player: str, text: str) -> None:
        if "X" in text or "?" in text:
            return  # a hand shown in part ("XX Qs") tells us nothing certain
        known = self.cards(text)
        if len(known) == 2:
            self.hole_cards[player] = known

    def _summary(self, line: str) -> None:
        if line.startswith("Total pot"):
            found = _TOTAL.match(line)
            if found is None:
                raise self.error("cannot read the total pot")
            self.total_pot = self.chips(found["total"])
            rake = _RAKE.search(line)
            self.rake = self.chips(rake["rake"]) if rake else None
            stp = _STP.search(line)
            if stp:
                self.added += self.chips(stp["stp"])
            return
        run_board = _RUN_BOARD.match(line) if line.startswith(RUN_WORDS) else None
        if run_board is not None:
            self.runs[RUNS[run_board["run"]]] = self.cards(run_board["cards"])
            return
        if line.startswith("Board "):
            shown = bracketed(line)
            board = self.cards(shown[0]) if shown else ()
            if tuple(self.board) == board[: len(self.board)]:
                # BetOnline leaves out the streets dealt after an all-in
                self.board[:] = board
            return
        if not line.startswith("Seat "):
            return  # both patterns below start so
        # each pattern is tried only on a line holding its words
        if "collected (" in line or "and won (" in line:
            found = _SUMMARY_COLLECTED.match(line)
            if found is not None and found["player"] in self.names:
                chips = self.chips(found["chips"])
                if chips:
                    self.summary_collected.append(Collected(found["player"], chips))
        if " showed [" not in line and " mucked [" not in line:
            return
        found = _SUMMARY_CARDS.match(line)
        if found is not None and found["player"] in self.names:
            shown = bracketed(line)
            if shown and shown[0].strip():
                self._known(found["player"], shown[0])
            if found["how"] == "mucked":
                self.mucked.append(found["player"])  # does not contend: R-SHOW-2

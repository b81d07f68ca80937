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

__all__ = ["RUNS", "RUN_WORDS", "SummaryReader", "summary_read", "summary_seat"]

RUNS = {"FIRST": 1, "SECOND": 2, "THIRD": 3, "FOURTH": 4}
"""Each run's number by the word that names it (``FIRST Board [..]``)."""
RUN_WORDS = tuple(RUNS)
_RUN_BOARD = re.compile(
    r"^(?P<run>FIRST|SECOND|THIRD|FOURTH) Board \[(?P<cards>[^\]]*)\]"
)
_TOTAL = re.compile(rf"^Total pot (?P<total>{MONEY})")
_RAKE = re.compile(rf"\| Rake (?P<rake>{MONEY})")
_STP = re.compile(rf"\| STP (?P<stp>{MONEY})")
_SEAT_HEAD = re.compile(r"^Seat \d+: ")
_CARDS_TAIL = re.compile(r"(?P<how>showed|mucked) \[")
_COLLECTED_TAIL = re.compile(
    rf"(?:showed \[[^\]]*\] )?(?:collected|and won) \((?P<chips>{MONEY})\)"
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


def summary_seat(line: str, tail: re.Pattern[str]) -> tuple[str, re.Match[str]] | None:
    r"""``(player, match of tail)`` of ``Seat N: NAME (..) (..) TAIL``, or ``None``.

    Reads as ``^Seat \d+: (?P<player>.+?) (?:\(.*?\) )*TAIL`` would (the
    shortest name; the groups' ends as its search finds them) in one pass:
    that pattern scanned the rest of the line for ``) `` from every space,
    so a long line took time growing as its square. The groups can reach a
    ``(`` after the name when some ``) `` after it is followed by the tail:
    the last such end is found once, from the right; from a ``(`` the
    pattern goes on to the nearest end that is itself followed by the tail
    or by another ``(`` that can reach it.
    """
    head = _SEAT_HEAD.match(line)
    if head is None:
        return None
    start = head.end()
    last = -1  # the last end of a ") " followed by the tail
    close = line.rfind(") ")
    while close != -1:
        if tail.match(line, close + 2) is not None:
            last = close + 2
            break
        close = line.rfind(") ", 0, close + 1)
    space = line.find(" ", start + 1)
    while space != -1:
        at = space + 1
        while line.startswith("(", at) and last >= at + 3:
            close = line.find(") ", at + 1)
            while close + 2 != last and not (
                tail.match(line, close + 2) is not None
                or (line.startswith("(", close + 2) and last >= close + 5)
            ):
                close = line.find(") ", close + 1)
            at = close + 2
        found = tail.match(line, at)
        if found is not None:
            return line[start:space], found
        space = line.find(" ", space + 1)
    return None


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
            read = summary_seat(line, _COLLECTED_TAIL)
            if read is not None and read[0] in self.names:
                chips = self.chips(read[1]["chips"])
                if chips:
                    self.summary_collected.append(Collected(read[0], chips))
        if " showed [" not in line and " mucked [" not in line:
            return
        read = summary_seat(line, _CARDS_TAIL)
        if read is not None and read[0] in self.names:
            shown = bracketed(line)
            if shown and shown[0].strip():
                self._known(read[0], shown[0])
            if read[1]["how"] == "mucked":
                self.mucked.append(read[0])  # does not contend: R-SHOW-2

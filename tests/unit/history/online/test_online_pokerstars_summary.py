"""PokerStars summary seats read in one pass, as the plain patterns read them."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from holdem.history.online.pokerstars_summary import (
    _CARDS_TAIL,
    _COLLECTED_TAIL,
    summary_seat,
)
from holdem.history.online.text import MONEY

# the patterns the reader matched each summary seat line with before: oracles
_CARDS = re.compile(
    r"^Seat \d+: (?P<player>.+?) (?:\(.*?\) )*(?P<how>showed|mucked) \["
)
_COLLECTED = re.compile(
    rf"^Seat \d+: (?P<player>.+?) (?:\(.*?\) )*(?:showed \[[^\]]*\] )?"
    rf"(?:collected|and won) \((?P<chips>{MONEY})\)"
)
_PARTS = ["Hero", " ", "(", ")", ") ", "(button) ", "(small blind) ", "showed ["]
_PARTS += ["mucked [", "Ah Kd", "]", "] ", "collected ($1)", "and won ($2)", "x"]


@given(st.lists(st.sampled_from(_PARTS)))
def test_summary_seats_are_read_as_the_plain_patterns_read_them(
    parts: list[str],
) -> None:
    line = "Seat 1: " + "".join(parts)
    cards = _CARDS.match(line)
    read = summary_seat(line, _CARDS_TAIL)
    assert (read and (read[0], read[1]["how"], read[1].start())) == (
        cards and (cards["player"], cards["how"], cards.start("how"))
    )
    collected = _COLLECTED.match(line)
    read = summary_seat(line, _COLLECTED_TAIL)
    assert (read and (read[0], read[1]["chips"])) == (
        collected and (collected["player"], collected["chips"])
    )


def test_summary_seats_read_from_real_lines() -> None:
    # lines as PokerStars prints them
    line = (
        "Seat 5: Hero (big blind) showed [Jd 8s] and won (0.04) with a pair of Eights"
    )
    read = summary_seat(line, _COLLECTED_TAIL)
    assert read is not None and (read[0], read[1]["chips"]) == ("Hero", "0.04")
    read = summary_seat(line, _CARDS_TAIL)
    assert read is not None and (read[0], read[1]["how"]) == ("Hero", "showed")
    line = "Seat 2: Player1 (button) (small blind) mucked [Kc 7d]"
    read = summary_seat(line, _CARDS_TAIL)
    assert read is not None and (read[0], read[1]["how"]) == ("Player1", "mucked")
    assert summary_seat("Seat 9: Player8 collected (0.00)", _CARDS_TAIL) is None

"""``last_blind``: whose blind is the big blind or the last straddle.

Pre-flop the seat after it acts first (R-BET-2), and it keeps the option.
Expected seats follow the rules cited per case: the big blind (R-BLIND-1),
heads-up seat 0 as the big blind (R-TABLE-2), straddles each larger than
the one before (R-STRADDLE-1), a live big blind posted by a new or
returning player that is not part of the run (R-TABLE-5, R-TABLE-6), and
the amounts that cannot tell a dead small blind's case apart (R-TABLE-4).
Seats are numbered clockwise from the button's left.
"""

from __future__ import annotations

import pytest

from holdem.engine.forced_bets import last_blind


@pytest.mark.parametrize(
    ("blinds", "expected"),
    [
        # R-TABLE-2 heads-up: seat 0 is the big blind, the button (seat 1)
        # the small blind; equal blinds still make seat 0 the big blind.
        ((2, 1), 0),
        ((2, 2), 0),
        ((0, 2), 1),
        ((1, 2), 1),
        # R-BLIND-1: small blind, big blind, the rest post nothing
        ((1, 2, 0), 1),
        ((1, 2, 0, 0, 0, 0), 1),
        ((0, 0, 0), -1),  # no blind at all (R-BET-2: left of the button)
        ((0, 0, 0, 0), -1),
        # R-STRADDLE-1: the largest blind is the last straddle, wherever
        ((1, 2, 4, 0), 2),
        ((1, 2, 4, 8, 0, 0), 3),
        ((1, 2, 0, 0, 4), 4),  # a button straddle
        ((1, 2, 0, 4), 3),
        # R-TABLE-5, R-TABLE-6: a live big blind further round is not part
        # of the run that starts at the first seat posting
        ((1, 2, 0, 2), 1),
        ((1, 2, 0, 0, 2, 0), 1),
        ((0, 2, 0, 2), 1),
        # several seats post the largest amount: the run from the first
        ((1, 2, 2, 0), 1),  # seat 2's 2 is not larger: a live big blind
        ((1, 2, 4, 4, 0), 2),
        ((1, 2, 4, 8, 8), 3),
        # R-TABLE-4: (2, 2, ...) reads as a small blind as large as the
        # big blind; so does a dead small blind's seat left out
        ((2, 2, 0, 0), 1),
        ((0, 2, 2, 0), 2),
        ((0, 0, 2, 2), 3),
        ((2, 2, 0), 1),
        ((2, 0, 2), 0),  # the run stops at a seat posting nothing
        ((2, 1, 2, 0), 0),  # ... and at a smaller blind
        ((3, 1, 3), 0),
    ],
)
def test_R_BET_2_last_blind_from_the_amounts(blinds, expected):
    assert last_blind(blinds) == expected


@pytest.mark.parametrize(
    ("blinds", "big_blind", "expected"),
    [
        ((1, 2, 0), 1, 1),
        ((1, 2), 1, 1),  # the big blind in the last seat
        ((2, 1), 0, 0),
        ((1, 2, 4, 0), 1, 2),  # a straddle right after it (R-STRADDLE-1)
        ((1, 2, 4, 8), 1, 3),
        ((1, 2, 4, 8, 0), 1, 3),
        ((1, 2, 2, 0), 1, 1),  # not larger: a live big blind (R-TABLE-5)
        ((2, 2, 0, 0), 0, 0),  # R-TABLE-4: a dead small blind, a live BB
        ((2, 2, 0, 0), 1, 1),
        ((1, 2, 0, 4), 1, 1),  # a seat posting nothing ends the run
        ((0, 0, 2, 4), 2, 3),
        ((0, 0, 0, 2), 3, 3),
    ],
)
def test_R_STRADDLE_1_last_blind_from_the_given_big_blind(blinds, big_blind, expected):
    assert last_blind(blinds, big_blind) == expected

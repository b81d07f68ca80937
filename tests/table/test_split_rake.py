"""R-POT-4: the rake is split among the winners without creating or losing a chip."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from holdem.table.config import split_rake


def test_r_pot_4_a_seat_that_won_two_pots_pays_from_both() -> None:
    # 4 of the 5 chips won: 2 + 2 by seat 0 (two pots), 1 by seat 1; the
    # proportional cuts are 1, 1 and 0, the two odd chips go one a winner in
    # the order first listed: seat 0, then seat 1 (before: seat 0's second
    # pot was judged alone, seat 1 got one and a chip of rake was lost)
    assert split_rake([(0, 2), (0, 2), (1, 1)], 4, 2) == (3, 1)


def test_r_pot_4_the_odd_chip_comes_from_the_first_winner_listed() -> None:
    assert split_rake([(0, 50), (2, 51)], 3, 3) == (2, 0, 1)
    assert split_rake([(1, 10), (0, 10)], 1, 2) == (0, 1)


@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.integers(1, 1000)), min_size=1, max_size=8
    ),
    st.data(),
)
def test_r_pot_4_rake_paid_adds_up_and_nobody_pays_more_than_they_won(
    shares: list[tuple[int, int]], data: st.DataObject
) -> None:
    total = sum(chips for _, chips in shares)
    rake = data.draw(st.integers(0, total))
    paid = split_rake(shares, rake, 6)
    assert sum(paid) == rake
    won = [sum(c for s, c in shares if s == seat) for seat in range(6)]
    assert all(0 <= p <= w for p, w in zip(paid, won, strict=True))

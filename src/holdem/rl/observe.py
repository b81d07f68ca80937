"""A seat's view of a hand as a vector of numbers for learning agents.

The vector is built from ``HandState.view(seat)`` alone, the view that hides
every other seat's hole cards until they are shown (R-HISTORY-1); and it
holds no card but the seat's own hole cards and the board, even after a
showdown, so no observation ever carries another seat's hole cards.

Layout (``ObservationEncoder.fields`` names each slice), chips in big blinds:

- ``hole_cards`` (52): the seat's own cards, one-hot by card code;
- ``board`` (52): the board cards, one-hot;
- ``street`` (4): pre-flop, flop, turn, river, one-hot;
- ``seat`` (seats): the viewer's seat, one-hot (seat 0 is the button's left,
  the last seat the button);
- ``stacks``, ``committed`` (seats each): chips behind and bet this street;
- ``folded``, ``in_turn`` (seats each): folded seats; the seat to act;
- ``pot`` (1): every chip in the middle;
- ``legal`` (5): can fold, can check, chips to call, smallest and largest
  bet or raise (street totals; 0 when none), all 0 unless the viewer acts.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from holdem.engine import SeatView, Street

__all__ = ["ObservationEncoder", "pot_of"]


def pot_of(view: SeatView) -> int:
    """Every chip in the middle that ``view`` shows: pots and this street's bets."""
    return sum(pot.amount for pot in view.pots) + sum(view.committed)


class ObservationEncoder:
    """Encode ``SeatView`` values of a ``seats``-seat table (see module docstring).

    Args:
        seats: seats at the table, 2..10.
        big_blind: chips per big blind, the unit of the chip fields.
    """

    def __init__(self, seats: int, big_blind: int) -> None:
        self.seats = seats
        self.big_blind = big_blind
        sizes = (
            ("hole_cards", 52),
            ("board", 52),
            ("street", len(Street)),
            ("seat", seats),
            ("stacks", seats),
            ("committed", seats),
            ("folded", seats),
            ("in_turn", seats),
            ("pot", 1),
            ("legal", 5),
        )
        fields: dict[str, slice] = {}
        start = 0
        for name, size in sizes:
            fields[name] = slice(start, start + size)
            start += size
        self.fields = fields
        self.size = start

    def encode(self, view: SeatView) -> npt.NDArray[np.float32]:
        """The vector of ``view`` (shape ``(size,)``, float32)."""
        out = np.zeros(self.size, dtype=np.float32)
        f = self.fields
        unit = float(self.big_blind)
        seat = view.seat
        if seat is not None:
            own = view.hole_cards[seat]
            if own is not None:
                for card in own:
                    out[f["hole_cards"].start + card.code] = 1.0
            out[f["seat"].start + seat] = 1.0
        for card in view.board:
            out[f["board"].start + card.code] = 1.0
        out[f["street"].start + int(view.street)] = 1.0
        out[f["stacks"]] = np.asarray(view.stacks, dtype=np.float64) / unit
        out[f["committed"]] = np.asarray(view.committed, dtype=np.float64) / unit
        out[f["folded"]] = np.asarray(view.folded, dtype=np.float32)
        if view.to_act is not None and 0 <= view.to_act < self.seats:
            out[f["in_turn"].start + view.to_act] = 1.0
        out[f["pot"].start] = pot_of(view) / unit
        legal = view.legal
        if legal is not None:
            start = f["legal"].start
            out[start] = float(legal.can_fold)
            out[start + 1] = float(legal.can_check)
            out[start + 2] = legal.call_amount / unit
            out[start + 3] = (legal.min_raise_to or 0) / unit
            out[start + 4] = (legal.max_raise_to or 0) / unit
        return out

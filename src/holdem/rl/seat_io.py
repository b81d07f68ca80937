"""What an environment shows a seat and how it reads the seat's action id.

``SeatCodec`` joins the observation vector (``ObservationEncoder``) with an
action space (``ExactActions`` or ``ActionAbstraction``): ``observe`` gives
the dictionary the Gymnasium and PettingZoo environments return, and
``resolve`` maps an action id to the engine's action for the seat to act.
Both read the hand only through ``HandState.view(seat)`` (R-HISTORY-1).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from holdem.engine import HandState
from holdem.rl.actions import ActionAbstraction, ExactActions, Resolved
from holdem.rl.observe import ObservationEncoder, pot_of

__all__ = ["SeatCodec"]


class SeatCodec:
    """Observations and actions of one table's seats.

    Args:
        seats: seats at the table.
        big_blind: chips per big blind (the observation's chip unit).
        max_chips: the largest starting stack (the largest street total).
        abstraction: the abstract actions, or ``None`` for the exact sizes.

    The observation is a dict: ``observation`` (float32 vector),
    ``action_mask`` (int8, 1 where the id applies as given) and, with an
    abstraction, ``action_chips`` (int64: per abstract action, the street
    total in chips it comes to now; the mapping the issue asks the
    observation to state).
    """

    def __init__(
        self,
        seats: int,
        big_blind: int,
        max_chips: int,
        abstraction: ActionAbstraction | None,
    ) -> None:
        self.encoder = ObservationEncoder(seats, big_blind)
        self.abstraction = abstraction
        self.exact = ExactActions(max_chips)
        self.max_chips = max_chips
        self.actions = abstraction.size if abstraction is not None else self.exact.size

    def observe(
        self, state: HandState, seat: int
    ) -> dict[str, npt.NDArray[np.generic]]:
        """The seat's observation dict now (from ``state.view(seat)`` only)."""
        view = state.view(seat)
        legal = view.legal
        out: dict[str, npt.NDArray[np.generic]] = {
            "observation": self.encoder.encode(view)
        }
        if self.abstraction is None:
            out["action_mask"] = np.asarray(self.exact.mask(legal), dtype=np.int8)
        else:
            out["action_mask"] = np.asarray(self.abstraction.mask(legal), dtype=np.int8)
            out["action_chips"] = np.asarray(
                self.abstraction.chips(
                    legal, committed=view.committed[seat], pot=pot_of(view)
                ),
                dtype=np.int64,
            )
        return out

    def resolve(self, state: HandState, action_id: int) -> Resolved:
        """The engine's action for the seat to act and ``action_id``.

        Raises:
            StateError: if no seat is betting now.
            InvalidInputError: for an id outside the action space.
        """
        legal = state.legal_actions()
        if self.abstraction is None:
            return self.exact.resolve(legal, action_id)
        seat = legal.seat
        # the pot as the seat's observation counts it, so the chips the
        # observation states are the chips carried out
        pot = pot_of(state.view(seat))
        return self.abstraction.resolve(
            legal, action_id, committed=state.committed[seat], pot=pot
        )

    def describe(self, action_id: int) -> str:
        """The action id as text."""
        if self.abstraction is None:
            return self.exact.describe(action_id)
        return self.abstraction.describe(action_id)

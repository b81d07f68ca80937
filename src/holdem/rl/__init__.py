"""Faces for bot and AI builders: Gymnasium, PettingZoo, OpenSpiel and ACPC.

The action spaces, observations and ACPC protocol need nothing beyond holdem.
The environments need the optional extra ``holdem[rl]`` (``pip install
'holdem[rl]'``): ``HoldemEnv`` (Gymnasium), ``HoldemAECEnv`` (PettingZoo) and
``holdem.rl.openspiel_game`` (OpenSpiel) import their library only when
first asked for, so ``import holdem`` and ``import holdem.rl`` never need it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from holdem.rl.actions import (
    AbstractAction,
    AbstractKind,
    ActionAbstraction,
    ExactActions,
    Resolved,
)
from holdem.rl.hands import advance, check_table, start_hand
from holdem.rl.observe import ObservationEncoder
from holdem.rl.seat_io import SeatCodec

if TYPE_CHECKING:
    from holdem.rl.gym_env import HoldemEnv
    from holdem.rl.pettingzoo_env import HoldemAECEnv
    from holdem.rl.vector_env import HoldemVectorEnv

__all__ = [
    "AbstractAction",
    "AbstractKind",
    "ActionAbstraction",
    "ExactActions",
    "HoldemAECEnv",
    "HoldemEnv",
    "HoldemVectorEnv",
    "ObservationEncoder",
    "Resolved",
    "SeatCodec",
    "advance",
    "check_table",
    "start_hand",
]

_LAZY = {
    "HoldemEnv": "holdem.rl.gym_env",
    "HoldemAECEnv": "holdem.rl.pettingzoo_env",
    "HoldemVectorEnv": "holdem.rl.vector_env",
}


def __getattr__(name: str) -> Any:
    """Import an environment (and its library) when first asked for."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'holdem.rl' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(module), name)

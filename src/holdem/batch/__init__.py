"""N hands at once in numba, each held to the reference engine by replay.

``play_hands`` deals and plays many hands with vectorised built-in policies
(random, calling station, hand-strength buckets, and the table's random and
tight-aggressive bots); ``play_ring`` plays hands in a row at tables, stacks
carried over (``holdem simulate``'s built-in bots); ``OpenHands`` keeps many
hands open for a caller that decides some seats (the vector environment of
``holdem.rl.vector_env``). ``holdem.batch.oracle`` replays any batch hand
through ``HandState`` and compares payoffs and events.

Importing this package loads numpy but not numba; the kernels compile (or
load from numba's disk cache) on the first call.
"""

from holdem.batch.game import MAX_BATCH_SEATS, BatchGame
from holdem.batch.open_hands import OpenHands
from holdem.batch.play import BatchResult, RandomWeights, play_hands
from holdem.batch.ring import RingResult, play_ring

__all__ = [
    "MAX_BATCH_SEATS",
    "BatchGame",
    "BatchResult",
    "OpenHands",
    "RandomWeights",
    "RingResult",
    "play_hands",
    "play_ring",
]

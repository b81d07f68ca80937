"""N hands at once in numba, each held to the reference engine by replay.

``play_hands`` deals and plays many hands with vectorised built-in policies
(random, calling station, hand-strength buckets); ``BatchHands`` keeps many
hands open for a caller that decides some seats (the vector environment of
``holdem.rl.vector_env``). ``holdem.batch.oracle`` replays any batch hand
through ``HandState`` and compares payoffs and events.

Importing this package loads numpy but not numba; the kernels compile (or
load from numba's disk cache) on the first call.
"""

from holdem.batch.game import MAX_BATCH_SEATS, BatchGame
from holdem.batch.open_hands import OpenHands
from holdem.batch.play import BatchResult, RandomWeights, play_hands

__all__ = [
    "MAX_BATCH_SEATS",
    "BatchGame",
    "BatchResult",
    "OpenHands",
    "RandomWeights",
    "play_hands",
]

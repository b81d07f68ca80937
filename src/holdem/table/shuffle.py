"""The table's shuffle: ``random.Random.shuffle``'s order, drawn with less work.

The table owns the shuffle (R-DEAL-4) and a seeded table deals the same
cards for the same seed. ``random.Random.shuffle`` spends most of its time
calling a Python helper once per card; ``ExactShuffler`` makes the same
draws inline (the same ``getrandbits`` calls, the same rejections), so a
seeded ``random.Random`` gives exactly the deck, and leaves exactly the
state, that ``rng.shuffle`` would, in about half the time. Any other random
source (``random.SystemRandom``, a subclass) shuffles with its own method.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence

__all__ = ["ExactShuffler"]

_STEPS = {
    size: tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    for size in range(52, 57)
}
"""Per deck size (52 cards and 0..4 jokers), each swap position ``i`` from the
last down to 1 with the bits drawn for a pick below ``i + 1``."""


class ExactShuffler:
    """Shuffles as ``rng.shuffle`` does, draw for draw.

    Args:
        rng: the table's random source.

    >>> a, b = random.Random(7), random.Random(7)
    >>> x, y = list(range(52)), list(range(52))
    >>> a.shuffle(x); ExactShuffler(b).shuffle(y)
    >>> x == y and a.random() == b.random()
    True
    """

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def shuffle(self, x: MutableSequence[int], /) -> None:
        """Shuffle ``x`` in place, exactly as ``self.rng.shuffle(x)``."""
        rng = self.rng
        steps = _STEPS.get(len(x))
        # Random's own shuffle picks with _randbelow_with_getrandbits: draw
        # bit_length(i + 1) bits until the number is at most i. A subclass
        # may draw otherwise, so only Random itself takes the inline path.
        if steps is None or type(rng) is not random.Random:
            rng.shuffle(x)
            return
        getrandbits = rng.getrandbits
        for i, bits in steps:
            j = getrandbits(bits)
            while j > i:
                j = getrandbits(bits)
            x[i], x[j] = x[j], x[i]

    def randbytes(self, n: int, /) -> bytes:
        """``n`` random bytes from the table's source."""
        return self.rng.randbytes(n)

"""A table's verifiable shuffler: the RNG seam of R-FAIR-1 (a house option).

``VerifiableShuffler`` is a ``random.Random`` a ``Table`` shuffles with
(``Table(config, rng=VerifiableShuffler())``; the room's ``ServerConfig.rng``
makes one per table with ``holdem serve --verifiable-shuffle``). Between two
hands it holds the next hand's secret seed and shows only its commitment;
players add entropy; the first card drawn seals both into the stream of
``holdem.fairness.stream``, and ``reveal()`` after the hand gives the seed and
the entropy (and draws the next seed). Entropy sent while a hand is dealt
goes into the next hand's shuffle.

Only ``getrandbits``, which ``Deck.top`` and ``Deck.extend`` use, reads the
stream. Everything else a table draws (the first button, ``choice``,
``random``) comes from ``random.SystemRandom``, so it never moves the deck.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

from holdem.errors import InvalidInputError
from holdem.fairness.stream import (
    MAX_ENTROPY_PER_SEAT,
    SEED_BYTES,
    HashStream,
    check_entropy,
    commitment,
    shuffle_key,
)

__all__ = ["VerifiableShuffler"]


class VerifiableShuffler(random.Random):
    """Commit-reveal shuffling, one seed per hand (R-FAIR-1, R-DEAL-4).

    Args:
        seed_source: makes a hand's secret seed from a byte count;
            ``secrets.token_bytes`` live (tests may pass their own).

    Attributes:
        commitment: SHA-256 (hex) of the seed of the next (or current) hand.
    """

    def __init__(self, seed_source: Any = secrets.token_bytes) -> None:
        self._system = random.SystemRandom()
        self._seed_source = seed_source
        self._server_seed = b""
        self._entropy: list[tuple[int, str]] = []
        self._queued: list[tuple[int, str]] = []  # sent during a deal
        self._stream: HashStream | None = None
        self.commitment = ""
        super().__init__()
        self._next_seed()

    def _next_seed(self) -> None:
        seed = self._seed_source(SEED_BYTES)
        if not isinstance(seed, bytes) or len(seed) != SEED_BYTES:
            raise InvalidInputError(f"a server seed is {SEED_BYTES} bytes")
        self._server_seed = seed
        self._entropy, self._queued = self._queued, []
        self._stream = None
        self.commitment = commitment(seed)

    @property
    def is_sealed(self) -> bool:
        """The deal has begun: no more entropy until ``reveal``."""
        return self._stream is not None

    @property
    def entropy(self) -> tuple[tuple[int, str], ...]:
        """The entropy added for the next hand, in seat order."""
        return tuple(sorted(self._entropy, key=lambda pair: pair[0]))

    def add_entropy(self, seat: int, text: object) -> None:
        """Mix ``text`` from table seat ``seat`` into the next hand's shuffle.

        The next hand is the one not dealt yet: once a hand's first card is
        drawn its shuffle is sealed, and entropy waits for the hand after it
        (R-FAIR-1: entropy comes before the deal).

        Raises:
            InvalidInputError: for text that is not 1 to 64 printable
                characters, or a seat's fifth string for one hand.
        """
        checked = check_entropy(text)
        pending = self._queued if self.is_sealed else self._entropy
        if sum(s == seat for s, _ in pending) >= MAX_ENTROPY_PER_SEAT:
            raise InvalidInputError(
                f"a seat adds at most {MAX_ENTROPY_PER_SEAT} entropy strings to"
                " a hand [R-FAIR-1]",
                rule="R-FAIR-1",
            )
        pending.append((seat, checked))

    def reveal(self) -> dict[str, Any]:
        """The hand's seed, commitment and entropy; then commit to the next.

        Returns:
            ``{"version", "commitment", "server_seed" (hex), "entropy"
            ([[seat, text], ...] in seat order)}``.
        """
        revealed = {
            "version": "holdem-shuffle-v1",
            "commitment": self.commitment,
            "server_seed": self._server_seed.hex(),
            "entropy": [list(pair) for pair in self.entropy],
        }
        self._next_seed()
        return revealed

    # -- random.Random: the deck's bits from the stream, the rest from the OS

    def getrandbits(self, k: int, /) -> int:
        """The next ``k`` bits of the hand's stream (sealing it on first use)."""
        if self._stream is None:
            self._stream = HashStream(shuffle_key(self._server_seed, self.entropy))
        return self._stream.getrandbits(k)

    def random(self) -> float:
        """A float from the operating system's source (never the deck's)."""
        return self._system.random()

    def _randbelow(self, n: int) -> int:
        # choice, randrange, shuffle, sample: the OS's source, not the deck's
        return self._system.randrange(n)

    def seed(self, *args: Any, **kwargs: Any) -> None:
        """Ignored: the seeds are the hands' own (``random.Random`` calls it)."""

    def getstate(self) -> tuple[Any, ...]:
        """Refused: a verifiable shuffler's state is its secret seed."""
        raise NotImplementedError("a verifiable shuffler has no state to save")

    def setstate(self, state: Any) -> None:
        """Refused (see ``getstate``)."""
        raise NotImplementedError("a verifiable shuffler has no state to restore")

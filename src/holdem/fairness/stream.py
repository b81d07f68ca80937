"""The verifiable shuffle's arithmetic: commitment, key, random stream, deck.

A house option (R-FAIR-1). For each hand the room draws a secret
``server_seed`` (32 random bytes) and publishes, before the deal,

    commitment = SHA-256(server_seed)                      (hex)

Players may add entropy strings before the deal. The shuffle key mixes them
in, in seat order (``entropy`` is a list of ``[seat, text]``, sorted by table
seat, then by the order each seat sent them):

    message = UTF-8 of the JSON text ["holdem-shuffle-v1", entropy]
              written without spaces (separators "," and ":") and without
              escaping non-ASCII characters
    key     = HMAC-SHA256(key=server_seed, msg=message)

The random stream is HMAC-SHA256 in counter mode: block ``i`` (0, 1, 2...)
is ``HMAC-SHA256(key, i as 8 bytes big-endian)``, and the stream is the
blocks' bytes one after the other. ``getrandbits(k)`` (1 <= k <= 32) reads
the next 4 bytes as a big-endian number and keeps its top ``k`` bits; more
than 32 bits read ``ceil(k / 32)`` such words, the first the most
significant, and keep the top ``k`` bits of them.

The deck is ordered as ``holdem.cards.Deck.top`` orders every deck
(R-DEAL-4): the 52 cards in code order (``2c 2d 2h 2s 3c ... As``), then for
each position ``i = 0, 1, ...``: ``left = 52 - i``, ``bits`` the bit length
of ``left - 1``; draw ``j = getrandbits(bits)`` again until ``j < left``;
swap the cards at ``i`` and ``i + j`` (a Fisher-Yates shuffle with exact,
rejection-sampled picks). The hand deals from the top: hole cards one at a
time from the first seat after the button (the big blind heads-up), two
rounds (R-DEAL-1, R-TABLE-2), then a burn and the flop, a burn and the turn,
a burn and the river (R-DEAL-2, R-DEAL-3). ``docs/fairness.md`` says it all
again, with an example to check a re-implementation against.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import MutableSequence, Sequence

from holdem.cards import Card, Deck
from holdem.errors import InvalidInputError

__all__ = [
    "MAX_ENTROPY_CHARS",
    "MAX_ENTROPY_PER_SEAT",
    "SEED_BYTES",
    "VERSION",
    "HashStream",
    "check_entropy",
    "commitment",
    "deck_order",
    "shuffle_key",
]

VERSION = "holdem-shuffle-v1"
"""The name of this derivation, first in the key's message."""

SEED_BYTES = 32
"""Length of a server seed."""

MAX_ENTROPY_CHARS = 64
"""Longest entropy string a player may send."""

MAX_ENTROPY_PER_SEAT = 4
"""Most entropy strings one seat may send for one hand."""


def commitment(server_seed: bytes) -> str:
    """SHA-256 of the seed, as 64 lowercase hex digits (R-FAIR-1)."""
    return hashlib.sha256(server_seed).hexdigest()


def check_entropy(text: object) -> str:
    """``text`` if it is a player's entropy string that may be mixed in.

    Raises:
        InvalidInputError: unless it is a string of 1 to ``MAX_ENTROPY_CHARS``
            printable characters.
    """
    if not isinstance(text, str) or not 1 <= len(text) <= MAX_ENTROPY_CHARS:
        raise InvalidInputError(
            f"entropy is a string of 1 to {MAX_ENTROPY_CHARS} characters"
            f" [R-FAIR-1], got {str(text)[:20]!r}",
            rule="R-FAIR-1",
        )
    if not text.isprintable():
        raise InvalidInputError(
            "entropy takes printable characters only (no control characters)"
            " [R-FAIR-1]",
            rule="R-FAIR-1",
        )
    return text


def shuffle_key(server_seed: bytes, entropy: Sequence[tuple[int, str]]) -> bytes:
    """The stream's key: the seed with the players' entropy (module docstring).

    Args:
        server_seed: the room's secret seed of the hand.
        entropy: ``(seat, text)`` pairs in seat order.

    Raises:
        InvalidInputError: for a seed that is not bytes or an entropy entry
            that is not a seat number and a valid string.
    """
    if not isinstance(server_seed, bytes) or not server_seed:
        raise InvalidInputError("the server seed is a non-empty byte string")
    pairs = []
    for entry in entropy:
        seat, text = entry
        if type(seat) is not int or seat < 0:
            raise InvalidInputError(
                f"an entropy's seat is a whole number, got {seat!r}"
            )
        pairs.append([seat, check_entropy(text)])
    message = json.dumps([VERSION, pairs], separators=(",", ":"), ensure_ascii=False)
    return hmac.new(server_seed, message.encode("utf-8"), hashlib.sha256).digest()


class HashStream:
    """Random bits from HMAC-SHA256 in counter mode (module docstring).

    A ``holdem.cards.Shuffler``: ``Deck.top(HashStream(key), count)`` orders
    a deck as the room did.
    """

    __slots__ = ("_buffer", "_counter", "_key")

    def __init__(self, key: bytes) -> None:
        """A stream keyed by ``key`` (``shuffle_key``), from block 0."""
        self._key = key
        self._counter = 0
        self._buffer = b""

    def _word(self) -> int:
        if len(self._buffer) < 4:
            block = hmac.new(
                self._key, self._counter.to_bytes(8, "big"), hashlib.sha256
            ).digest()
            self._counter += 1
            self._buffer += block
        word, self._buffer = self._buffer[:4], self._buffer[4:]
        return int.from_bytes(word, "big")

    def getrandbits(self, k: int, /) -> int:
        """The next ``k`` bits of the stream as a number (0 when ``k`` is 0)."""
        if k <= 0:
            return 0
        words = -(-k // 32)
        value = 0
        for _ in range(words):
            value = (value << 32) | self._word()
        return value >> (32 * words - k)

    def shuffle(self, x: MutableSequence[int], /) -> None:
        """Shuffle ``x`` in place (Fisher-Yates from the end, exact picks)."""
        for i in range(len(x) - 1, 0, -1):
            bits = i.bit_length()
            j = self.getrandbits(bits)
            while j > i:
                j = self.getrandbits(bits)
            x[i], x[j] = x[j], x[i]


def deck_order(
    server_seed: bytes, entropy: Sequence[tuple[int, str]], count: int = 52
) -> tuple[Card, ...]:
    """The top ``count`` cards of the hand's deck, top first (R-FAIR-1).

    >>> seed = bytes(32)
    >>> commitment(seed)[:16]
    '66687aadf862bd77'
    >>> " ".join(map(str, deck_order(seed, [], 5)))
    '5c 8h Jd Ah 2d'
    """
    deck = Deck.top(HashStream(shuffle_key(server_seed, entropy)), count)
    return deck.deal(count)

"""The verifiable shuffle (R-FAIR-1): commit to a seed, reveal it, check the deal.

``holdem.fairness.stream`` holds the arithmetic anyone can re-implement
(``docs/fairness.md``): the commitment, the key that mixes the players'
entropy in, the random stream and the deck order. The table shuffles with it
(``holdem.table.verifiable``); ``holdem.history.shuffle_check`` checks a
recorded hand's cards against its revealed seed (``holdem verify``).
"""

from holdem.fairness.stream import (
    MAX_ENTROPY_CHARS,
    MAX_ENTROPY_PER_SEAT,
    SEED_BYTES,
    VERSION,
    HashStream,
    check_entropy,
    commitment,
    deck_order,
    shuffle_key,
)

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

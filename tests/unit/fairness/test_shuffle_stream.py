"""The verifiable shuffle's arithmetic against a re-implementation from its docs.

``_deck_from_the_docs`` follows docs/fairness.md with hashlib and hmac alone
(no holdem code but the card names): if it and ``deck_order`` agree, anyone
can re-derive a hand's deck from its revealed seed (R-FAIR-1).
"""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from holdem.errors import InvalidInputError
from holdem.fairness import HashStream, commitment, deck_order, shuffle_key

RANKS, SUITS = "23456789TJQKA", "cdhs"


def _deck_from_the_docs(seed: bytes, entropy: list[list[object]]) -> list[str]:
    message = json.dumps(
        ["holdem-shuffle-v1", entropy], separators=(",", ":"), ensure_ascii=False
    ).encode()
    key = hmac.new(seed, message, hashlib.sha256).digest()
    stream = b"".join(
        hmac.new(key, i.to_bytes(8, "big"), hashlib.sha256).digest() for i in range(64)
    )
    words = iter(
        int.from_bytes(stream[k : k + 4], "big") for k in range(0, len(stream), 4)
    )
    cards = [r + s for r in RANKS for s in SUITS]
    for i in range(52):
        left = 52 - i
        bits = (left - 1).bit_length()
        j = next(words) >> (32 - bits) if bits else 0
        while j >= left:
            j = next(words) >> (32 - bits)
        cards[i], cards[i + j] = cards[i + j], cards[i]
    return cards


@pytest.mark.parametrize(
    ("seed", "entropy"),
    [
        (bytes(32), []),
        (bytes(range(32)), [[1, "hello"], [4, "ünïcödé ♠"]]),
        (b"\xff" * 32, [[2, "a"], [2, "b"], [3, "x" * 64]]),
    ],
)
def test_R_FAIR_1_deck_matches_the_documented_derivation(
    seed: bytes, entropy: list[list[object]]
) -> None:
    pairs = [(int(s), str(t)) for s, t in entropy]  # type: ignore[call-overload]
    assert [str(c) for c in deck_order(seed, pairs)] == _deck_from_the_docs(
        seed, entropy
    )


def test_R_FAIR_1_commitment_is_sha256_of_the_seed() -> None:
    # SHA-256 of 32 zero bytes, a published test value
    assert commitment(bytes(32)) == (
        "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
    )


def test_R_FAIR_1_entropy_changes_the_deck_and_is_checked() -> None:
    seed = bytes(32)
    assert deck_order(seed, []) != deck_order(seed, [(1, "x")])
    assert deck_order(seed, [(1, "x")]) != deck_order(seed, [(2, "x")])
    for bad in ("", "x" * 65, "bell\x07", 7):
        with pytest.raises(InvalidInputError, match="R-FAIR-1"):
            shuffle_key(seed, [(1, bad)])  # type: ignore[list-item]


def test_stream_reads_top_bits_of_big_endian_words() -> None:
    key = b"k" * 32
    block = hmac.new(key, bytes(8), hashlib.sha256).digest()
    first, second = (int.from_bytes(block[i : i + 4], "big") for i in (0, 4))
    stream = HashStream(key)
    assert stream.getrandbits(5) == first >> 27
    assert stream.getrandbits(0) == 0
    assert stream.getrandbits(32) == second
    again = HashStream(key)
    assert again.getrandbits(64) == (first << 32) | second

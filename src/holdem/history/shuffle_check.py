"""Check a hand's cards against its revealed shuffle seed (R-FAIR-1).

A hand dealt with the verifiable shuffle carries, in its history, the
user-defined PHH fields (the standard allows ``_`` fields):

- ``_shuffle_version``: ``"holdem-shuffle-v1"``;
- ``_shuffle_commitment``: SHA-256 of the seed (hex), published before the
  deal;
- ``_shuffle_seed``: the seed (hex), revealed after the hand;
- ``_shuffle_entropy_seats`` and ``_shuffle_entropy``: the players' entropy,
  table seats and strings, in the order they were mixed in (seat order);
- ``_burns``: the burned cards (``"2c3c3d"``), revealed with the seed.

``verify_history`` checks that the seed hashes to the commitment, orders the
deck from the seed and the entropy (``holdem.fairness.stream``), deals the
hand's recorded actions through the engine from that deck
(``holdem.engine.dealing.run_dealer``, the dealer the table uses), and
compares every card the record shows: hole cards (those it hides, a hand
folded before the showdown in a player's copy, are counted as unseen), the
board and the burns.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from holdem.cards import Card, Deck, format_cards, parse_cards
from holdem.engine.dealing import run_dealer
from holdem.engine.events import Misdeal
from holdem.engine.state import HandState
from holdem.errors import HoldemError, InvalidInputError
from holdem.fairness.stream import VERSION, HashStream, commitment, shuffle_key
from holdem.history.model import FieldValue, HandHistory
from holdem.history.replay import Outcome, replay_history
from holdem.rules.actions import DEALER, Bet, Call, Check, Fold, Raise

__all__ = ["SHUFFLE_FIELDS", "Verification", "shuffle_fields", "verify_history"]

SHUFFLE_FIELDS = (
    "_shuffle_version",
    "_shuffle_commitment",
    "_shuffle_seed",
    "_shuffle_entropy_seats",
    "_shuffle_entropy",
    "_burns",
)
"""The user-defined PHH fields of a verifiable hand, in the order written."""

_BETTING = (Fold, Check, Call, Bet, Raise)


@dataclass(frozen=True, slots=True)
class Verification:
    """The result of checking one hand.

    Attributes:
        ok: every card shown matches the deck, and the seed its commitment.
        message: one line: what was checked, or the first difference.
        checked: cards compared (hole cards, board, burns).
        unseen: hole cards the record hides (not compared).
    """

    ok: bool
    message: str
    checked: int = 0
    unseen: int = 0


def shuffle_fields(
    reveal: Mapping[str, Any], burns: tuple[Card, ...]
) -> tuple[tuple[str, FieldValue], ...]:
    """PHH metadata for a hand's ``VerifiableShuffler.reveal()`` and burns.

    Args:
        reveal: ``{"version", "commitment", "server_seed", "entropy"}``.
        burns: the burned cards, first first (R-DEAL-2).
    """
    entropy = reveal["entropy"]
    return (
        ("_shuffle_version", str(reveal["version"])),
        ("_shuffle_commitment", str(reveal["commitment"])),
        ("_shuffle_seed", str(reveal["server_seed"])),
        ("_shuffle_entropy_seats", tuple(int(s) for s, _ in entropy)),
        ("_shuffle_entropy", tuple(str(t) for _, t in entropy)),
        ("_burns", format_cards(burns)),
    )


def _fields(history: HandHistory) -> tuple[bytes, str, list[tuple[int, str]], str]:
    fields = dict(history.metadata)
    if "_shuffle_seed" not in fields:
        raise InvalidInputError(
            "the hand has no _shuffle_seed: it was not dealt with the verifiable"
            " shuffle, or its seed is not revealed yet [R-FAIR-1]",
            rule="R-FAIR-1",
        )
    version = fields.get("_shuffle_version", VERSION)
    if version != VERSION:
        raise InvalidInputError(
            f"unknown shuffle version {version!r}; {VERSION!r} is known"
        )
    seed_hex, promised = fields["_shuffle_seed"], fields.get("_shuffle_commitment")
    if not isinstance(seed_hex, str) or not isinstance(promised, str):
        raise InvalidInputError("_shuffle_seed and _shuffle_commitment are hex strings")
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        raise InvalidInputError(
            f"_shuffle_seed is not hex: {seed_hex[:20]!r}"
        ) from None
    seats = fields.get("_shuffle_entropy_seats", ())
    texts = fields.get("_shuffle_entropy", ())
    if (
        not isinstance(seats, tuple)
        or not isinstance(texts, tuple)
        or len(seats) != len(texts)
    ):
        raise InvalidInputError(
            "_shuffle_entropy_seats and _shuffle_entropy are arrays of one length"
        )
    entropy = [(s, t) for s, t in zip(seats, texts, strict=True)]
    burns = fields.get("_burns", "")
    if not isinstance(burns, str):
        raise InvalidInputError("_burns is a string of cards, e.g. '2c3c3d'")
    return seed, promised, entropy, burns  # type: ignore[return-value]


def verify_history(history: HandHistory) -> Verification:
    """Check the cards of ``history`` against its revealed seed (R-FAIR-1).

    Args:
        history: a hand with the shuffle fields (module docstring).

    Returns:
        The verdict; ``ok`` is False on a commitment that is not the seed's
        hash or a card that differs from the deck's.

    Raises:
        InvalidInputError: when the hand has no (or malformed) shuffle
            fields, or cannot be replayed.
    """
    seed, promised, entropy, burns_text = _fields(history)
    if commitment(seed) != promised.lower():
        return Verification(
            False,
            f"the seed does not match the commitment: SHA-256(seed) is"
            f" {commitment(seed)[:16]}..., the commitment {promised[:16]}...",
        )
    replay = replay_history(history)
    recorded = replay.state
    if replay.outcome is Outcome.UNREADABLE or recorded is None:
        raise InvalidInputError(f"the hand cannot be replayed: {replay.message}")
    if any(isinstance(e, Misdeal) for e in recorded.events):
        raise InvalidInputError("a hand with a misdeal is not covered (R-MISDEAL)")
    deck = Deck.top(
        HashStream(shuffle_key(seed, entropy)), min(52, 2 * recorded.seats + 8)
    )
    dealt = HandState(recorded.config, recorded.starting_stacks, recorded.forced)
    try:
        for event in recorded.events:
            if isinstance(event, _BETTING):
                while dealt.to_act == DEALER:
                    run_dealer(dealt, deck)
                dealt.apply(event)
        while dealt.to_act == DEALER:
            run_dealer(dealt, deck)
    except HoldemError as error:
        raise InvalidInputError(f"the hand cannot be dealt again: {error}") from None
    checked = unseen = 0
    names = history.players or tuple(f"p{s + 1}" for s in range(recorded.seats))
    for seat, cards in enumerate(recorded.hole_cards):
        if cards is None:
            unseen += 2
            continue
        expected = dealt.hole_cards[seat] or ()
        if tuple(cards) != tuple(expected):
            return Verification(
                False,
                f"{names[seat]}'s hole cards are {format_cards(cards)}, the deck"
                f" deals {format_cards(expected)}",
                checked,
                unseen,
            )
        checked += 2
    if tuple(recorded.board) != tuple(dealt.board[: len(recorded.board)]):
        return Verification(
            False,
            f"the board is {format_cards(recorded.board)}, the deck deals"
            f" {format_cards(dealt.board)}",
            checked,
            unseen,
        )
    checked += len(recorded.board)
    burns = parse_cards(burns_text) if burns_text else ()
    if tuple(burns) != tuple(dealt.burns[: len(burns)]) or len(burns) > len(
        dealt.burns
    ):
        return Verification(
            False,
            f"the burns are {format_cards(burns)}, the deck burns"
            f" {format_cards(dealt.burns)}",
            checked,
            unseen,
        )
    checked += len(burns)
    return Verification(
        True,
        f"{checked} cards match the deck of seed {commitment(seed)[:16]}..."
        f" ({len(entropy)} entropy string(s)); {unseen} hidden hole cards unseen",
        checked,
        unseen,
    )

"""The verifiable shuffler at a table, and ``verify_history`` / ``holdem verify``.

Hands are dealt by a ``Table`` whose RNG is a ``VerifiableShuffler``; the
revealed seed must re-derive every card dealt (R-FAIR-1), and any change to a
card, the seed or the entropy must fail.
"""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pytest
from click.testing import CliRunner

from holdem.cards import Card
from holdem.cli.main import cli
from holdem.errors import InvalidInputError
from holdem.fairness import commitment, deck_order
from holdem.history import HandHistory, PhhDealHole, dumps, history_from_state
from holdem.history.shuffle_check import shuffle_fields, verify_history
from holdem.rules import GameConfig
from holdem.table import Table, TableConfig
from holdem.table.bots import CallingStationBot
from holdem.table.verifiable import VerifiableShuffler


def _seeds():  # type: ignore[no-untyped-def]
    counter = itertools.count(1)
    return lambda n: next(counter).to_bytes(n, "big")


def _dealt_hand(entropy: dict[int, str] | None = None) -> tuple[HandHistory, str]:
    shuffler = VerifiableShuffler(_seeds())
    promised = shuffler.commitment  # shown before the deal
    table = Table(
        TableConfig(GameConfig(small_blind=5, big_blind=10), seat_count=4),
        rng=shuffler,
    )
    for seat in (1, 2, 3, 4):
        table.join(seat, f"player{seat}", 1000)
    for seat, text in (entropy or {}).items():
        shuffler.add_entropy(seat, text)
    record = table.play_hand({s: CallingStationBot() for s in (1, 2, 3, 4)})
    shuffler.add_entropy(1, "too late")  # dealt: it waits for the next hand
    reveal = shuffler.reveal()
    assert shuffler.entropy == ((1, "too late"),)
    assert reveal["commitment"] == promised
    assert shuffler.commitment != promised  # the next hand's seed
    history = history_from_state(record.state, players=record.players)
    fields = shuffle_fields(reveal, tuple(record.state.burns))
    history = dataclasses.replace(history, metadata=(*history.metadata, *fields))
    return history, promised


def _with(history: HandHistory, name: str, value: object) -> HandHistory:
    metadata = tuple((k, value if k == name else v) for k, v in history.metadata)
    return dataclasses.replace(history, metadata=metadata)  # type: ignore[arg-type]


def test_R_FAIR_1_a_dealt_hand_verifies_burns_included() -> None:
    history, promised = _dealt_hand({3: "my own luck", 1: "abc"})
    result = verify_history(history)
    assert result.ok, result.message
    # 4 seats x 2 hole cards, 5 board cards, 3 burns (calling stations: river)
    assert (result.checked, result.unseen) == (8 + 5 + 3, 0)
    fields = dict(history.metadata)
    assert fields["_shuffle_entropy_seats"] == (1, 3)  # seat order
    assert commitment(bytes.fromhex(str(fields["_shuffle_seed"]))) == promised


def test_R_FAIR_1_first_cards_are_the_documented_deck() -> None:
    # the first hand's seed is 1 (as 32 bytes); the table's button draw must
    # not move the deck: hole cards are its first 8 cards (R-DEAL-1)
    history, _ = _dealt_hand()
    deck = deck_order((1).to_bytes(32, "big"), [], 8)
    holes = [a.cards for a in history.actions if isinstance(a, PhhDealHole)]
    assert [c for pair in holes for c in pair] == [
        deck[i] for s in range(4) for i in (s, s + 4)
    ]


def test_R_FAIR_1_a_changed_card_seed_or_entropy_fails() -> None:
    history, _ = _dealt_hand({2: "entropy"})
    # a seat whose cards the history holds (a beaten hand is mucked unseen:
    # cards speak, R-SHOW-4)
    first = next(
        a
        for a in history.actions
        if isinstance(a, PhhDealHole) and a.cards and a.cards[0]
    )
    used = {c for a in history.actions for c in getattr(a, "cards", None) or () if c}
    other = next(c for c in map(Card.from_code, range(52)) if c not in used)
    swapped = dataclasses.replace(first, cards=(other, first.cards[1]))
    changed_card = dataclasses.replace(
        history,
        actions=tuple(swapped if a is first else a for a in history.actions),
    )
    result = verify_history(changed_card)
    assert not result.ok and "hole cards" in result.message
    other_seed = "00" * 31 + "02"
    result = verify_history(_with(history, "_shuffle_seed", other_seed))
    assert not result.ok and "commitment" in result.message
    forged = _with(
        _with(history, "_shuffle_seed", other_seed),
        "_shuffle_commitment",
        commitment(bytes.fromhex(other_seed)),
    )
    assert not verify_history(forged).ok  # a seed and commitment of another deck
    assert not verify_history(_with(history, "_shuffle_entropy", ("entropY",))).ok
    burns = str(dict(history.metadata)["_burns"])
    changed_burn = _with(history, "_burns", burns[2:4] + burns[:2] + burns[4:])
    result = verify_history(changed_burn)
    assert not result.ok and "burns" in result.message


def test_a_hand_without_a_seed_cannot_be_verified() -> None:
    history, _ = _dealt_hand()
    bare = dataclasses.replace(
        history,
        metadata=tuple(
            (k, v) for k, v in history.metadata if not k.startswith("_shuffle")
        ),
    )
    with pytest.raises(InvalidInputError, match="R-FAIR-1"):
        verify_history(bare)


def test_holdem_verify_exit_status(tmp_path: Path) -> None:
    history, _ = _dealt_hand({4: "cli"})
    good, bad = tmp_path / "good.phh", tmp_path / "bad.phh"
    good.write_text(dumps(history), encoding="utf-8")
    bad.write_text(
        dumps(_with(history, "_shuffle_entropy", ("CLI",))), encoding="utf-8"
    )
    result = CliRunner().invoke(cli, ["verify", str(good)])
    assert result.exit_code == 0 and result.output.startswith("verified: 16 cards")
    result = CliRunner().invoke(cli, ["verify", str(bad)])
    assert result.exit_code == 1 and "NOT verified" in result.output
    garbage = tmp_path / "x.json"
    garbage.write_text('{"id": 1}', encoding="utf-8")
    result = CliRunner().invoke(cli, ["verify", str(garbage)])
    assert result.exit_code == 2 and "'phh'" in result.output

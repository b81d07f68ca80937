"""Reading the real histories in ../shared/data/hh in place, for the format tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from holdem.cli.main import cli
from holdem.history.online import OnlineHand, OnlineReplay, Outcome
from holdem.history.online.files import replay_online_file

DATA = Path(__file__).resolve().parents[4] / ".." / "shared" / "data" / "hh"


def replay_real(relative: str) -> list[OnlineReplay]:
    """Every hand of ``DATA/relative`` replayed; skips if the data is absent."""
    path = DATA / relative
    if not path.is_file():
        pytest.skip(f"real hand history not found at {path}")
    return replay_online_file(path)


def only_hand(relative: str) -> tuple[OnlineHand, OnlineReplay]:
    """The one hand of a one-hand file, parsed, with its replay."""
    (result,) = replay_real(relative)
    assert result.hand is not None, result.message
    return result.hand, result


def agrees(result: OnlineReplay) -> bool:
    """Whether the engine's replay agrees with the site's printed result."""
    return result.outcome is Outcome.AGREES


def real_hand(relative: str, hand_id: str) -> OnlineHand:
    """The hand numbered ``hand_id`` in ``DATA/relative``, parsed."""
    for result in replay_real(relative):
        if result.hand is not None and result.hand.hand_id == hand_id:
            return result.hand
    raise AssertionError(f"no hand {hand_id} parsed in {relative}")


def stars_hand(relative: str, hand_id: str | None) -> list[str]:
    """The lines ``holdem convert FILE --to pokerstars`` writes for one hand.

    ``hand_id`` as the PokerStars text numbers it (digits only: Merge's
    ``15245216-1000`` is ``152452161000``), or ``None`` for the first hand
    written.

    Skips if the data is absent; fails if the command writes no ``PokerStars
    Hand #hand_id`` (it skips, and says so, a file's hands it cannot write).
    """
    path = DATA / relative
    if not path.is_file():
        pytest.skip(f"real hand history not found at {path}")
    result = CliRunner().invoke(cli, ["convert", str(path), "--to", "pokerstars"])
    hands = result.stdout.split("PokerStars Hand #")
    found = [
        text for text in hands[1:] if hand_id is None or text.startswith(f"{hand_id}:")
    ]
    assert found, f"no hand {hand_id} written for {relative}: {result.stderr}"
    return found[0].splitlines()

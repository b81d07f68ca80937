"""Reading the real histories in ../shared/data/hh in place, for the format tests."""

from __future__ import annotations

from pathlib import Path

import pytest

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

"""Replay every real PHH hand in ../shared/data/phh (read in place, never copied).

4,278 hands: Pluribus six-max no-limit, the WSOP 2023 Event #43 final table
(no-limit with big-blind antes, and fixed-limit) and the 2009 Dwan-Ivey hand
(no finishing stacks: its chips must balance). Four Pluribus records split an
odd chip into halves; they are reproduced up to R-POT-3's whole-chip split.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from holdem.cli.main import cli
from holdem.history import dumps, find_history_files, load, loads

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / ".." / "shared" / "data" / "phh"

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"real PHH data not found at {DATA} (../shared/data)"
)

WHOLE_CHIP_SPLITS = [
    "pluribus/32/23.phh hand 23",
    "pluribus/41b/204.phh hand 204",
    "pluribus/60/88.phh hand 88",
    "pluribus/75b/76.phh hand 76",
]


def test_holdem_replay_reproduces_every_real_hand() -> None:
    result = CliRunner().invoke(cli, ["replay", str(DATA)])
    lines = result.output.splitlines()
    assert lines[-1] == "4278 hands: 4278 reproduced, 0 differ, 0 illegal, 0 unreadable"
    assert result.exit_code == 0
    assert lines[:-1] == [
        f"reproduced with whole-chip split: {DATA}/{name}" for name in WHOLE_CHIP_SPLITS
    ]


def test_every_real_file_round_trips() -> None:
    files = find_history_files([DATA])
    assert len(files) == 4278
    for path in files:
        history = load(path)
        assert loads(dumps(history)) == history, path

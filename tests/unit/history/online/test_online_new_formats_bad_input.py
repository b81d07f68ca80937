"""Bad input in the formats read since issue 9: counted, never a crash.

Each line of one real file per format is dropped in turn, then cut in half:
every variant gives one result per hand found, and an unreadable one names
the file and a line.
"""

from __future__ import annotations

import pytest
from online_real_files import DATA

from holdem.history.online import Outcome, decode, replay_online_text

SAMPLES = (
    "Boss/cash/NLHE-SEK-2.00-4.00-201307.add.call.txt",
    "Everest/tour/NLHE-EUR-MTT-201207.space.delimiter.txt",
    "Microgaming/cash/NLHE-EUR-0.05-0.10-2011011.multi.allin.txt",
    "PokerTracker/cash/NLHE-EUR-0.05-0.10-201205.Microgaming.post.both.txt",
    "SealsWithClubs/cash/NLHE-6max-mBTC-0.50-1.00-201304.post.both.txt",
    "Entraction/tour/NLHE-EUR-MTT-201206.ante.txt",
    "KingsClub/cash/NLHE-USD-125-250-202012.multi.pot.txt",
    "Winning/cash/NLHE-9max-USD-0.02-0.05-202104.post.dead.txt",
    "Enet/cash/NLHE-6max-EUR-0.05-0.10-201210.post.dead.txt",
    "Unibet/cash/NLHE-EUR-0.05-0.10-202104.Banzi.txt",
)


@pytest.mark.parametrize("relative", SAMPLES)
def test_each_line_dropped_or_cut_is_counted_never_a_crash(relative: str) -> None:
    path = DATA / relative
    if not path.is_file():
        pytest.skip(f"real hand history not found at {path}")
    lines = decode(path.read_bytes()).splitlines()
    (whole,) = replay_online_text("\n".join(lines), relative)
    assert whole.outcome is not Outcome.UNREADABLE, whole.message
    for index, line in enumerate(lines):
        for variant in (
            [*lines[:index], *lines[index + 1 :]],
            [*lines[:index], line[: len(line) // 2], *lines[index + 1 :]],
        ):
            for result in replay_online_text("\n".join(variant), relative):
                if result.outcome is Outcome.UNREADABLE:
                    assert relative in result.message
                    assert (
                        "line " in result.message
                        or "a format we read" in result.message
                    )
                else:
                    assert result.hand is not None

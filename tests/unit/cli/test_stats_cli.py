"""``holdem stats``: the table, --hero, --plot PNG/SVG, and its errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from holdem.cli.main import cli

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / ".." / "shared" / "data"
DWAN = DATA / "phh" / "historical" / "dwan-ivey-2009.phh"
STARS = DATA / "hh" / "Stars"

needs_data = pytest.mark.skipif(
    not DWAN.is_file(), reason=f"real hand data not found at {DATA}"
)


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["stats", *args])
    return result.exit_code, result.stdout, result.stderr


@needs_data
def test_stats_table_names_every_player_and_figures() -> None:
    code, out, _ = _run(str(DWAN))
    assert code == 0
    for name in ("Phil Ivey", "Patrik Antonius", "Tom Dwan", "VPIP", "W$SD"):
        assert name in out
    # Dwan won 556000 chips at a 2000 big blind: 278 bb in one hand
    assert "278.0" in out and "27800.0" in out


@needs_data
def test_stats_hero_and_plot_png_and_svg(tmp_path: Path) -> None:
    png, svg = tmp_path / "g.png", tmp_path / "g.svg"
    code, out, err = _run(str(DWAN), "--hero", "Tom Dwan", "--plot", str(png))
    assert code == 0 and "Phil Ivey" not in out and f"wrote {png}" in err
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert _run(str(DWAN), "--plot", str(svg))[0] == 0
    assert b"<svg" in svg.read_bytes()[:400]


@needs_data
def test_stats_reads_online_room_text() -> None:
    if not STARS.is_dir():
        pytest.skip(f"no PokerStars histories at {STARS}")
    code, out, _ = _run(str(STARS / "cash"))
    assert code == 0 and "bb/100" in out


@needs_data
def test_stats_errors_exit_2(tmp_path: Path) -> None:
    code, _, err = _run(str(DWAN), "--hero", "Nobody")
    assert code == 2 and "no player 'Nobody'" in err
    code, _, err = _run(str(DWAN), "--plot", str(tmp_path / "g.pdf"))
    assert code == 2 and ".png or .svg" in err
    code, _, err = _run(str(tmp_path / "missing.phh"))
    assert code == 2

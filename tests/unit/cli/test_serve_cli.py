"""``holdem serve``: a port in use is said plainly, before anything starts."""

from __future__ import annotations

import socket
from pathlib import Path

from click.testing import CliRunner

from holdem.cli.main import cli


def test_a_port_in_use_exits_2_before_the_room_starts(tmp_path: Path) -> None:
    database = tmp_path / "room.db"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(
            cli,
            ["serve", "--port", str(port), "--database-url", f"sqlite:///{database}"],
        )
    assert result.exit_code == 2, result.output
    assert result.stdout == ""  # no "holdem room on ..." first
    assert result.stderr == (
        f"Error: cannot serve on 127.0.0.1:{port}: Address already in use. Is"
        " another room (or program) on that port? Choose another with --port.\n"
    )
    assert not database.exists()  # no database made for a room never started

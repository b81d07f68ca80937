"""The ``holdem`` group: ``python -m holdem``, bare ``holdem``, help, start-up.

Start-up is checked by what a fresh process imports, not by timing it (the
times are measured by benchmarks/startup.py).
"""

import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from holdem.cli.main import cli

HEAVY = ("numpy", "numba", "rich", "holdem.history", "holdem.engine")


def holdem(*args: str, columns: int = 80) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": str(columns)}
    return subprocess.run(
        [sys.executable, "-m", "holdem", *args],
        capture_output=True, text=True, check=False, env=env,
    )  # fmt: skip


def test_python_m_holdem_runs_the_command_line():
    p = holdem("evaluate", "AsKsQsJsTs9h2c")
    assert p.returncode == 0, p.stderr
    assert "category:    straight flush" in p.stdout


def test_bare_holdem_prints_help_and_exits_0():
    p = holdem()
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("Usage: holdem [OPTIONS] [COMMAND]")
    for name in ("equity", "evaluate", "replay"):
        assert f"\n  {name} " in p.stdout


def test_help_lists_every_command_in_full():
    r = CliRunner().invoke(cli, ["--help"], terminal_width=80)
    assert r.exit_code == 0
    commands = r.output.split("Commands:")[1]
    assert "..." not in commands
    assert "Equity of 2 to 10 hands or ranges." in commands
    assert "Evaluate one hand of 5, 6 or 7 cards." in commands
    assert "Replay PHH hand histories and compare." in commands


def test_the_command_list_names_every_registered_command():
    ctx = cli.make_context("holdem", [])
    for name in cli.list_commands(ctx):
        assert cli.get_command(ctx, name).name == name
    assert cli.get_command(ctx, "nosuch") is None


@pytest.mark.parametrize(
    "args", [(), ("--help",), ("equity", "--help"), ("evaluate", "--help")]
)
def test_no_help_line_is_cut_off_at_80_columns(args):
    p = holdem(*args)
    assert p.returncode == 0, p.stderr
    for line in p.stdout.splitlines():
        assert len(line) <= 80, line
        if not line.startswith("Usage:"):  # "HANDS..." is click's "one or more"
            assert not line.rstrip().endswith("..."), line


def test_replay_help_fits_80_columns():
    r = CliRunner().invoke(cli, ["replay", "--help"], terminal_width=80)
    assert r.exit_code == 0
    assert all(len(line) <= 80 for line in r.output.splitlines())


def imported_by(*args: str) -> list[str]:
    """The heavy modules a fresh ``holdem ARGS`` process has imported."""
    code = (
        "import sys\n"
        "from holdem.cli.main import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as e:\n"
        "    assert not e.code, e.code\n"
        f"heavy = {HEAVY!r}\n"
        "print(sorted(h for h in heavy if h in sys.modules), file=sys.stderr)\n"
    )
    p = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    return eval(p.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize(
    "args",
    [
        ("--help",),
        (),
        ("evaluate", "AsKsQsJsTs9h2c"),
        ("equity", "AsAh", "KsKh", "--board", "Js5s2c"),
        ("equity", "JcJd", "TT+", "--board", "Qc7h2s"),
    ],
)
def test_quick_commands_load_no_batch_kernel_nor_rich(args):
    assert imported_by(*args) == []


def test_a_big_query_loads_the_kernels():
    assert {"numpy", "numba"} <= set(imported_by("equity", "AsAh", "KsKh"))

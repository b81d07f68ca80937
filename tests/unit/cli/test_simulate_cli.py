"""``holdem simulate``: the per-seat table, the chips line, exit statuses."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

import holdem.cli.simulate as simulate_module
from holdem.cli.main import cli

ARGS = ["simulate", "--hands", "120", "--chunk-hands", "50", "--seed", "3"]
ROW = re.compile(r"^ +(\d+)  (\S+) +([\d,]+) +([+-][\d,]+) +([+-][\d.]+)  ±([\d.]+)$")


def run(*args: str):
    return CliRunner().invoke(cli, [*ARGS, *args], terminal_width=100)


def rows(output: str):
    return [ROW.match(line).groups() for line in output.splitlines() if ROW.match(line)]


@pytest.mark.parametrize("engine", ["auto", "table"])
def test_the_numbers_do_not_depend_on_the_workers(engine):
    one = run("--workers", "1", "--no-progress", "--engine", engine)
    two = run("--workers", "2", "--no-progress", "--engine", engine)
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert "; 1 worker)" in one.output and "; 2 workers)" in two.output
    assert one.output.replace("1 worker)", "2 workers)") == two.output


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            [],
            "engine: batch (holdem.batch, numba): every bot has a vectorised"
            " policy there",
        ),
        (
            ["--bots", "tag,equity", "--hands", "4"],
            "engine: table (Table and HandState, the reference): the batch"
            " engine has no policy for equity",
        ),
        (
            ["--bots", "holdem.table:RandomBot,tag", "--hands", "20"],
            "engine: table (Table and HandState, the reference): the batch"
            " engine has no policy for a user's bot (holdem.table:RandomBot)",
        ),
        (
            ["--engine", "table"],
            "engine: table (Table and HandState, the reference): asked for"
            " (--engine table)",
        ),
    ],
)
def test_the_output_says_which_engine_played_and_why(args, line):
    result = run("--workers", "1", "--no-progress", *args)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1] == line


def test_per_seat_results_add_up_and_chips_are_conserved():
    result = run("--players", "4", "--bots", "tag,calling,random", "--workers", "1")
    assert result.exit_code == 0, result.output
    table = rows(result.output)
    assert [(seat, bot) for seat, bot, *_ in table] == [
        ("1", "tight-aggressive"),
        ("2", "calling-station"),
        ("3", "random"),
        ("4", "tight-aggressive"),
    ]
    won = [int(w.replace(",", "")) for *_, w, _, _ in table]
    assert sum(won) == 0  # no rake: what one seat wins another loses
    for (_, _, hands, _, bb100, _), chips in zip(table, won, strict=True):
        assert hands == "120"
        assert float(bb100) == pytest.approx(100 * chips / 120 / 2, abs=0.05)
    (pooled,) = [x for x in result.output.splitlines() if x.startswith("   2x")]
    assert pooled.split()[1:4] == [
        "tight-aggressive",
        "120",
        f"{won[0] + won[3]:+,}",
    ]
    (line,) = [x for x in result.output.splitlines() if x.startswith("chips")]
    before, after = re.fullmatch(
        r"chips conserved: ([\d,]+) before \(buy-ins and rebuys\), ([\d,]+) after"
        r" \(stacks [\d,]+ \+ rake 0\)",
        line,
    ).groups()
    assert before == after
    assert int(before.replace(",", "")) >= 4 * 200


DEFAULTS = ["tight-aggressive", "calling-station", "random"]


# the default list dealt to the seats in turn, whatever --players
@pytest.mark.parametrize(
    ("players", "bots"),
    [(2, DEFAULTS[:2]), (3, DEFAULTS), (5, [*DEFAULTS, *DEFAULTS[:2]])],
)
def test_the_default_bots_are_dealt_to_any_number_of_seats(players, bots):
    result = run("--players", str(players), "--workers", "1", "--no-progress")
    assert result.exit_code == 0, result.output
    assert [bot for _, bot, *_ in rows(result.output)] == bots


def test_chips_not_conserved_exits_1(monkeypatch):
    real = simulate_module.run_simulation

    def leaking(job, **kwargs):
        result = real(job, **kwargs)
        return dataclasses.replace(result, stacks=result.stacks - 1)

    monkeypatch.setattr(simulate_module, "run_simulation", leaking)
    result = run("--workers", "1")
    assert result.exit_code == 1
    assert "chips NOT conserved" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "tag,shark"], "unknown bot 'shark'"),
        (["--bots", "tag,nowhere_at_all:Bot"], "cannot import 'nowhere_at_all'"),
        (
            ["--bots", "tag,equity", "--engine", "batch"],
            "the batch engine has no policy for equity",
        ),
        (["--engine", "numba"], "'numba' is not one of 'auto', 'batch', 'table'"),
        (["--players", "11"], "11 is not in the range 2<=x<=10"),
        (["--players", "2", "--bots", "tag,tag,tag"], "3 bots named for 2 players"),
        (["--bots", "tag,,random"], "an empty bot name in 'tag,,random'"),
        (["--bots", "tag,"], "an empty bot name in 'tag,'"),
        (["--players", "2", "--bots", "tag,tag,random"], "3 bots named for 2"),
        (["--blinds", "3/2"], "small blind 3 is above the big blind 2"),
        (["--blinds", "x"], "give the small and big blind as SB/BB"),
        (["--workers", "0"], "0 is not in the range x>=1"),
        (
            ["--players", "x"],
            "Invalid value for '--players': 'x' is not a whole number",
        ),
        (["--hands", "1e6"], "'1e6' is not a whole number"),
        (
            ["--stack", "99999999999999999999"],
            "Invalid value for '--stack': 99999999999999999999 is not in the range",
        ),
        (["--blinds", "1/99999999999999999999"], "a blind is at most"),
        # a count of hands, not chips; the job's bound is 10**15
        (
            ["--hands", "99999999999999999999"],
            "Invalid value for '--hands': 99999999999999999999 is not in the"
            " range 1<=x<=1000000000000000",
        ),
    ],
)
def test_bad_options_exit_2_without_a_traceback(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_ray_without_ray_installed_exits_2(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)
    result = run("--ray", "auto")
    assert result.exit_code == 2
    assert "pip install 'holdem[ray]'" in result.output


def test_simulate_help_fits_80_columns():
    result = CliRunner().invoke(cli, ["simulate", "--help"], terminal_width=80)
    assert result.exit_code == 0
    assert all(len(line) <= 80 for line in result.output.splitlines())


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as listing:
        return [int(child) for child in listing.read().split()]


@pytest.mark.skipif(
    not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children"),
    reason="lists a process's children from Linux's /proc",
)
@pytest.mark.parametrize("engine", ["batch", "table"])
def test_ctrl_c_stops_a_huge_run_at_once_and_leaves_no_worker(engine):
    # 10**15 hands is 10**12 chunks: submitted all at once they never let
    # Ctrl-C through; the workers (which ignore SIGINT) must be ended too
    huge = ["--hands", str(10**15), "--workers", "2", "--no-progress"]
    huge += ["--engine", engine]
    process = subprocess.Popen(
        [sys.executable, "-m", "holdem", "simulate", *huge],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    workers: list[int] = []
    try:
        # the batch engine's kernels load (or, with no cache, compile) first
        deadline = time.monotonic() + 240
        while len(workers := _children(process.pid)) < 2:
            assert time.monotonic() < deadline, "the workers never started"
            assert process.poll() is None, process.communicate()
            time.sleep(0.1)
        time.sleep(0.5)  # the chunks are under way
        process.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = process.communicate(timeout=10)
    finally:  # a run that did not stop: end it and its workers (they hold
        # the pipes open), then fail
        left = [pid for pid in workers if os.path.exists(f"/proc/{pid}")]
        for pid in [process.pid, *workers]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        if process.returncode is None:
            process.communicate(timeout=10)
    assert time.monotonic() - sent < 5
    assert process.returncode == 130, err
    assert "holdem: interrupted (Ctrl-C); no result" in err
    assert "Aborted" not in err + out
    assert "Traceback" not in err
    assert "years for 1,000,000,000,000,000 hands" in err  # the warning first
    assert not left, f"workers {left} left running"


def test_R_POT_4_the_largest_stack_allowed_plays_and_one_more_is_refused():
    # 2 players, 2 hands a table: 2 buy-ins and at most 1 rebuy, so one
    # player may hold 3 stacks; a stack holds at most 10**15 chips.
    most = 10**15 // 3
    args = ["simulate", "--players", "2", "--hands", "2", "--workers", "1"]
    ok = CliRunner().invoke(cli, [*args, "--stack", str(most), "--no-progress"])
    assert ok.exit_code == 0, ok.output
    assert f"chips conserved: {2 * most:,} before" in ok.output
    over = CliRunner().invoke(cli, [*args, "--stack", str(most + 1)])
    assert over.exit_code == 2
    assert "Traceback" not in over.output
    assert f"the stack can be at most {most:,}" in " ".join(over.output.split())
    # the command: inside --stack's range, refused before any hand
    big = CliRunner().invoke(cli, ["simulate", "--stack", "1000000000000000"])
    assert big.exit_code == 2, big.output
    assert "is too large for 6 players" in " ".join(big.output.split())


def test_fewer_workers_than_asked_say_why():
    result = CliRunner().invoke(
        cli,
        ["simulate", "--hands", "30", "--workers", "2", "--no-progress"],
        terminal_width=200,
    )
    assert result.exit_code == 0, result.output
    header = result.output.splitlines()[0]
    assert header.endswith(
        "(1 chunk of 1000; 1 worker (of 2: the 30 hands are 1 chunk of up to"
        " 1,000, and a chunk is one worker's; a smaller --chunk-hands gives more))"
    )

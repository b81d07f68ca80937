"""``holdem evaluate`` and ``holdem equity`` from the command line."""

import os
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from holdem.cli.main import cli


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_evaluate_prints_category_best_five_and_description():
    r = run("evaluate", "AsKsQsJsTs9h2c")
    assert r.exit_code == 0, r.output
    assert "category:    straight flush" in r.output
    assert "best five:   As Ks Qs Js Ts" in r.output
    assert "description: a Royal Flush" in r.output


def test_evaluate_takes_cards_in_several_arguments_and_jokers():
    r = run("evaluate", "Th", "Tc", "Td", "Ts", "Jk")
    assert r.exit_code == 0, r.output
    assert "five of a kind, Tens" in r.output


def test_equity_exact_prints_rates_and_raw_counts():
    r = run("equity", "AsAh", "KsKh", "--exact")
    assert r.exit_code == 0, r.output
    assert "exact enumeration of 1,712,304 boards" in r.output
    lines = {line.split()[0]: line for line in r.output.splitlines()[2:]}
    assert "1,410,336" in lines["AsAh"] and "9,308" in lines["AsAh"]
    assert "292,660" in lines["KsKh"]
    assert "82.637%" in lines["AsAh"]  # (1,410,336 + 9,308 / 2) / 1,712,304


def test_equity_with_board_dead_and_monte_carlo():
    r = run("equity", "AsAh", "KsKh", "--board", "Js5s2c", "--dead", "2d")
    assert r.exit_code == 0, r.output
    assert "946 boards, board Js5s2c, dead 2d" in r.output
    r = run("equity", "AsAh", "KsKh", "--samples", "20000", "--seed", "4")
    assert r.exit_code == 0, r.output
    assert "Monte Carlo, 20,000 deals, seed 4" in r.output
    assert (
        r.output
        == run("equity", "AsAh", "KsKh", "--samples", "20000", "--seed", "4").output
    )


def test_equity_with_weighted_ranges():
    r = run("equity", "QQ+,AKs:0.5", "AhKd", "--board", "Qh7c2s")
    assert r.exit_code == 0, r.output
    assert "QQ+,AKs:0.5" in r.output and "units of 1/2 board" in r.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["equity", "AsAh", "AsKh"], "card As appears twice"),
        (["equity", "AsAh"], "2 to 10 hands, got 1"),
        (["equity", "AsAh", "QQ+,AKx"], "'AKx'"),
        (["equity", "AsAh", "KsKh", "--board", "Xx"], "cannot read card 'Xx'"),
        (["equity", "AsAh", "KsKh", "--board", "Js5s"], "0, 3, 4 or 5 cards"),
        (["equity", "AsAh", "KsKh", "--board", "Js"], "got 1"),
        (["equity", "AsAh", "KsKh", "--exact", "--samples", "5"], "not both"),
        (["equity", *["2c2d", "3c3d", "4c4d", "5c5d", "6c6d", "7c7d"],
          *["8c8d", "9c9d", "TcTd", "JcJd", "QcQd"]], "2 to 10 hands, got 11"),
        (["evaluate", "AsKs"], "5, 6 or 7 cards"),
        (["evaluate", "AsAsKdQd2c"], "appears twice"),
        (["evaluate", "AsKsQsJsTs9h2c8d"], "got 8"),
    ],
)  # fmt: skip
def test_bad_input_is_a_usage_error(args, message):
    r = run(*args)
    assert r.exit_code == 2
    assert message in r.output
    assert "Traceback" not in r.output


def test_bad_input_from_the_real_entry_point_exits_2_without_traceback():
    code = "from holdem.cli.main import main; main()"
    p = subprocess.run(
        [sys.executable, "-c", code, "equity", "AsAh", "AsKh"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert p.returncode == 2
    assert "card As appears twice" in p.stderr
    assert "Traceback" not in p.stderr


@pytest.mark.parametrize(
    ("samples", "shown"),
    [
        (str(2**63), "9,223,372,036,854,775,808"),
        (str(2**64), "18,446,744,073,709,551,616"),
        ("10000000001", "10,000,000,001"),
        ("0", "0"),
        ("-5", "-5"),
    ],
)
def test_samples_outside_the_limit_is_one_usage_error(samples, shown):
    r = run("equity", "AsAh", "KsKh", "--samples", samples)
    assert r.exit_code == 2
    assert r.output.splitlines()[-1] == (
        f"Error: Invalid value for '--samples': must be 1 to 10,000,000,000"
        f" deals, got {shown}"
    )
    assert "Traceback" not in r.output and "%" not in r.output


def test_exact_over_the_board_limit_names_the_flag():
    r = run("equity", "22+", "22+", "--exact")
    assert r.exit_code == 2
    assert r.output.splitlines()[-1] == (
        "Error: exact enumeration would deal up to 10,417,657,536 boards, more"
        " than the limit of 2,000,000,000; use --samples N (Monte Carlo) instead"
    )


def test_impossible_hands_say_impossible():
    for extra in ([], ["--exact"], ["--samples", "10"]):
        r = run("equity", "AA", "AA", "AA", *extra)
        assert r.exit_code == 2
        assert r.output.splitlines()[-1] == (
            "Error: impossible to deal: hand 1 (AA), hand 2 (AA), hand 3 (AA)"
            " cannot each get two cards without sharing one"
        )


def test_ranges_that_hardly_fit_name_no_library_argument():
    r = run("equity", *["AA,KK,QQ,JJ,TT"] * 10, "--samples", "10")
    assert r.exit_code == 2
    last = r.output.splitlines()[-1]
    assert last == (
        "Error: the ranges hardly ever fit together without sharing a card"
        " (100,000 draws in a row gave two hands the same card); narrow the ranges"
    )


def test_remedies_name_the_flags():
    from holdem.cli.equity import _cli_remedy
    from holdem.equity import EquityLimitError

    error = EquityLimitError("too rare", remedy="enumerate")
    assert str(error) == (
        "too rare; narrow the ranges or enumerate exactly (exact=True)"
    )
    assert _cli_remedy(error) == "too rare; narrow the ranges or use --exact"
    sample = EquityLimitError("too big", remedy="sample")
    assert _cli_remedy(sample) == "too big; use --samples N (Monte Carlo) instead"


def test_one_board_and_one_deal_are_singular():
    r = run("equity", "AsAh", "KsKh", "--board", "2c3d4h5s9c")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "exact enumeration of 1 board, board 2c3d4h5s9c"
    r = run("equity", "AsAh", "KsKh", "--samples", "1", "--seed", "3")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "Monte Carlo, 1 deal, seed 3"


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("XxAh", "bad card 'Xx' in 'XxAh'"),
        ("QQ++", "doubled plus"),
        ("AKs:1e-5000", "the weight '1e-5000' must be"),
        ("AKs:nan", "the weight 'nan' must be"),
        ("AKs:inf", "the weight 'inf' must be"),
    ],
)
def test_range_errors_name_the_bad_token(hand, message):
    r = run("equity", "AsAh", hand)
    assert r.exit_code == 2
    assert message in r.output
    assert "Traceback" not in r.output


def test_a_quick_run_prints_no_estimate():
    r = CliRunner().invoke(cli, ["equity", "AsAh", "KsKh", "--exact"])
    assert r.exit_code == 0
    assert "estimated" not in r.output


LONG_RUNS = {
    # Ten billion deals: about 5 minutes, estimated first.
    "monte carlo": ("AsAh", "KsKh", "--samples", "10000000000"),
    # About 1.7 billion boards (986 combos x 1,712,304 boards): about 25 s,
    # below the minute that would print an estimate.
    "exact": ("AsAh", "22+,A2+,K2+,Q2+,J2+,T2+,92+,82+", "--exact"),
}


def wait_for_cpu(pid: int, seconds: float, deadline: float = 120.0) -> None:
    """Wait until process ``pid`` has used ``seconds`` of CPU (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    end = time.monotonic() + deadline
    while True:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        if (int(fields[11]) + int(fields[12])) / tick >= seconds:
            return
        assert time.monotonic() < end, f"the run used under {seconds} s of CPU"
        time.sleep(0.05)


def ignore_sigint() -> None:
    """Start the child as a script's background job is: SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize(
    ("kind", "started_ignoring"),
    [("monte carlo", False), ("exact", False), ("monte carlo", True)],
)
def test_ctrl_c_stops_a_long_run_with_output_to_a_pipe(kind, started_ignoring):
    # stdout and stderr go to pipes, no terminal; SIGINT must stop the run
    # within seconds, from inside the compiled kernels.
    p = subprocess.Popen(
        [sys.executable, "-m", "holdem", "equity", *LONG_RUNS[kind]],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=ignore_sigint if started_ignoring else None,
    )  # fmt: skip
    try:
        if kind == "monte carlo":  # over a minute: the estimate comes first
            first = p.stderr.readline()
            assert "10,000,000,000 deals (estimated); Ctrl-C stops it" in first
        # 4 s of the child's own CPU time: past loading the kernels and into
        # the run, however loaded the machine is (wall time is not)
        wait_for_cpu(p.pid, 4.0)
        assert p.poll() is None, "the run ended before it was interrupted"
        p.send_signal(signal.SIGINT)
        code = p.wait(timeout=5)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert code == 130
    assert "interrupted" in p.stderr.read()
    assert p.stdout.read() == ""


def test_evaluate_reads_suit_symbols_and_hints_at_t_for_ten():
    r = run("evaluate", "A♠", "K♠", "Q♠", "J♠", "T♠")
    assert r.exit_code == 0, r.output
    assert "best five:   As Ks Qs Js Ts" in r.output
    r = run("evaluate", "10s", "Ks", "Qs", "Js", "As")
    assert r.exit_code == 2
    assert "(a ten is T: 'Ts', not '10s')" in r.output
    symbols = run("equity", "A♠K♠", "Q♥Q♦", "--exact")
    letters = run("equity", "AsKs", "QhQd", "--exact")
    assert symbols.exit_code == letters.exit_code == 0, symbols.output
    # the same hands: the same counts, the hands named as typed
    assert symbols.output.replace("A♠K♠", "AsKs").replace("Q♥Q♦", "QhQd") == (
        letters.output
    )

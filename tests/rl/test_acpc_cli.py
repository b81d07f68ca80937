"""``holdem acpc-dealer`` and ``holdem acpc-client`` play a match on 127.0.0.1."""

from __future__ import annotations

import re
import subprocess
import sys

from click.testing import CliRunner

from holdem.cli.main import cli


def test_dealer_and_two_clients_play_a_match():
    dealer = subprocess.Popen(
        [sys.executable, "-m", "holdem", "acpc-dealer", "--hands", "5", "--seed", "3"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = dealer.stdout.readline()
        port = re.search(r"127\.0\.0\.1:(\d+)", first).group(1)
        command = [sys.executable, "-m", "holdem", "acpc-client", "--port", port]
        clients = [
            subprocess.Popen(
                [*command, "--bot", bot, "--seed", str(i)],
                stdout=subprocess.PIPE,
                text=True,
            )
            for i, bot in enumerate(("random", "calling-station"))
        ]
        outs = [c.communicate(timeout=120)[0] for c in clients]
        rest, _ = dealer.communicate(timeout=120)
    finally:
        dealer.kill()
    assert dealer.returncode == 0
    assert rest.count("STATE:") == 5
    totals = [int(t) for t in re.findall(r"player \d: ([+-]\d+)", rest)]
    assert len(totals) == 2 and sum(totals) == 0
    assert all(re.fullmatch(r"5 hands, [+-]\d+ chips\n", out) for out in outs)


def test_bad_options_exit_2():
    result = CliRunner().invoke(cli, ["acpc-dealer", "--blinds", "100/50"])
    assert result.exit_code == 2
    assert "small blind 100 is above the big blind 50" in result.output

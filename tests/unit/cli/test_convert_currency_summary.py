"""``holdem convert``: the currencies it writes read back; its summary line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from test_show_cli import FOLD, SIDE_POT

from holdem.cli.main import cli
from holdem.history.money import CURRENCIES
from holdem.history.online import Outcome, replay_online_text


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("code", ["usd", "EUR", "Gbp"])
def test_each_currency_written_reads_back(tmp_path: Path, code: str) -> None:
    path = tmp_path / "side.phh"
    path.write_text(SIDE_POT)
    status, out, err = run(
        "convert", str(path), "--to", "pokerstars", "--currency", code
    )
    assert status == 0, err
    assert f" {code.upper()}) - " in out.splitlines()[0]
    results = replay_online_text(out, "side.txt")
    assert [r.outcome for r in results] == [Outcome.AGREES], results[0].message


@pytest.mark.parametrize("code", ["XYZ", "", "CNY"])
def test_a_currency_not_read_back_is_refused(tmp_path: Path, code: str) -> None:
    path = tmp_path / "side.phh"
    path.write_text(SIDE_POT)
    status, out, err = run(
        "convert", str(path), "--to", "pokerstars", "--currency", code
    )
    assert status == 2 and not out
    assert "--currency" in err and "Traceback" not in err


def test_help_lists_the_currencies() -> None:
    _, out, _ = run("convert", "--help")
    assert "[USD|EUR|GBP]" in out
    assert CURRENCIES == ("USD", "EUR", "GBP")


def test_summary_counts_hands_files_and_skips(tmp_path: Path) -> None:
    source = tmp_path / "in"
    source.mkdir()
    (source / "one.phh").write_text(SIDE_POT)
    (source / "two.phhs").write_text(f"[1]\n{FOLD}\n[2]\n{SIDE_POT}")
    out = tmp_path / "out"
    status, _, err = run("convert", str(source), "--to", "phh", "-o", str(out))
    assert status == 0, err
    assert err.splitlines()[-1] == "3 hands written in 2 files, 0 skipped"
    # to stdout the text stays clean: the summary goes to stderr
    status, text, err = run("convert", str(source / "one.phh"), "--to", "pokerstars")
    assert status == 0 and "written" not in text
    assert err.splitlines()[-1] == "1 hand written in 1 file, 0 skipped"

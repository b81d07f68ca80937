"""``holdem convert``: PHH to PHH and to PokerStars-style text; errors exit 2."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_show_cli import FOLD, SIDE_POT

from holdem.cli.main import cli
from holdem.history import load_all, loads, loads_all

PLURIBUS = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "phh"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_convert_to_phh_round_trips(tmp_path: Path) -> None:
    source = tmp_path / "in"
    source.mkdir()
    (source / "one.phh").write_text(SIDE_POT)
    (source / "two.phhs").write_text(f"[1]\n{FOLD}\n[2]\n{SIDE_POT}")
    out = tmp_path / "out"
    code, _, err = run("convert", str(source), "--to", "phh", "-o", str(out))
    assert code == 0, err
    assert load_all(out / "one.phh") == (loads(SIDE_POT),)
    assert load_all(out / "two.phhs") == loads_all(f"[1]\n{FOLD}\n[2]\n{SIDE_POT}")


def test_convert_to_pokerstars_for_a_hero(tmp_path: Path) -> None:
    path = tmp_path / "side.phh"
    path.write_text(SIDE_POT)
    code, out, err = run("convert", str(path), "--to", "pokerstars", "--hero", "Cat")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith(
        "PokerStars Hand #12:  Hold'em No Limit ($0.01/$0.02 USD) - "
    )
    assert "Dealt to Cat [Qs Qd]" in lines
    assert "Ann: raises $0.10 to $0.20 and is all-in" in lines  # 20 chips: cents
    # the side pot (Bob's kings, 100) is written before the main pot (60)
    side = lines.index("Bob collected $1 from side pot")
    main = lines.index("Ann collected $0.60 from main pot")
    assert side < main
    assert "Total pot $1.60 Main pot $0.60. Side pot $1. | Rake $0" in lines


def test_convert_tournament_chips_to_a_folder(tmp_path: Path) -> None:
    path = tmp_path / "side.phh"
    path.write_text(SIDE_POT)
    out = tmp_path / "out"
    code, _, err = run(
        "convert", str(path), "--to", "pokerstars", "--tournament", "7", "-o", str(out)
    )
    assert code == 0, err
    text = (out / "side.txt").read_text()
    assert "Tournament #7, Hold'em No Limit - Level I (1/2)" in text
    assert "Ann: raises 10 to 20 and is all-in" in text
    assert "Dealt to" not in text  # no hero: an observer (R-HISTORY-1)


@pytest.mark.filterwarnings("ignore::UserWarning")  # PokerKit: unknown fields
def test_real_hands_converted_are_read_by_pokerkit_to_the_same_stacks() -> None:
    """Pluribus hands (../shared/data/phh) through our text and PokerKit's parser."""
    notation = pytest.importorskip("pokerkit.notation")
    folder = PLURIBUS / "pluribus" / "30"
    if not folder.is_dir():
        pytest.skip(f"{folder} not found (../shared/data/phh)")
    files = sorted(folder.glob("*.phh"))[:20]
    # all in one run: the hands are separated as PokerKit's parser expects
    code, out, err = run("convert", *map(str, files), "--to", "pokerstars")
    assert code == 0, err
    parsed_hands = list(notation.PokerStarsParser()(out, error_status=True))
    assert len(parsed_hands) == len(files)
    for path, parsed in zip(files, parsed_hands, strict=True):
        stacks = [int(Decimal(s) * 100) for s in list(parsed)[-1].stacks]
        (history,) = load_all(path)
        assert history.players is not None and history.finishing_stacks is not None
        want = dict(zip(history.players, history.finishing_stacks, strict=True))
        assert dict(zip(parsed.players, stacks, strict=True)) == want, path


@pytest.mark.parametrize(
    ("name", "text", "extra", "message"),
    [
        (
            "hands.txt",
            "Some notes about a poker night, not a hand history.",
            [],
            "hands.txt: not a hand history in any known format",
        ),
        ("side.phh", SIDE_POT, ["--hero", "Zed"], "no player 'Zed'"),
        ("bad.phh", FOLD.replace('"p1 f"', '"p1 zz"'), [], "unknown action"),
        (
            "short.phh",
            FOLD.replace(', "p1 f"', ""),
            [],
            "hand 1: the hand does not replay as recorded",
        ),
    ],
)
def test_convert_errors_exit_2_without_traceback(
    tmp_path: Path, name: str, text: str, extra: list[str], message: str
) -> None:
    path = tmp_path / name
    path.write_text(text)
    code, out, err = run("convert", str(path), "--to", "pokerstars", *extra)
    assert code == 2
    assert message in err and "Traceback" not in out + err


def test_convert_a_missing_path_exits_2(tmp_path: Path) -> None:
    code, _, err = run("convert", str(tmp_path / "nope.phh"), "--to", "phh")
    assert code == 2 and "does not exist" in err


def test_currency_from_the_phh_field_or_the_option(tmp_path: Path) -> None:
    path = tmp_path / "side.phh"
    path.write_text(SIDE_POT + 'currency = "EUR"\n')
    code, out, _ = run("convert", str(path), "--to", "pokerstars")
    assert code == 0
    assert "Hold'em No Limit (€0.01/€0.02 EUR)" in out
    code, out, _ = run("convert", str(path), "--to", "pokerstars", "--currency", "GBP")
    assert code == 0 and "Seat 2: Bob (£1 in chips)" in out
    code, _, err = run("convert", str(path), "--to", "pokerstars", "--chip-unit", "3")
    assert code == 2 and "power of ten" in err


def test_convert_keeps_sub_folders_so_same_names_do_not_collide(
    tmp_path: Path,
) -> None:
    source = tmp_path / "in"
    (source / "cash").mkdir(parents=True)
    (source / "tour").mkdir()
    (source / "cash" / "a.phh").write_text(SIDE_POT)
    (source / "tour" / "a.phh").write_text(FOLD)
    out = tmp_path / "out"
    code, _, err = run("convert", str(source), "--to", "phh", "-o", str(out))
    assert code == 0, err
    assert load_all(out / "cash" / "a.phh") == (loads(SIDE_POT),)
    assert load_all(out / "tour" / "a.phh") == (loads(FOLD),)


def test_R_HISTORY_1_hero_position_past_every_seat_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "side.phh"
    path.write_text(SIDE_POT)
    code, _, err = run("convert", str(path), "--to", "pokerstars", "--hero", "p99")
    assert code == 2
    assert "'p99'" in err
    code, out, err = run("convert", str(path), "--to", "pokerstars", "--hero", "p1")
    assert code == 0, err
    assert "Dealt to " in out


def test_R_HISTORY_1_site_ids_give_distinct_stable_hand_numbers(tmp_path: Path) -> None:
    ids = ("'2334898-436-1326450000'", "'d1h38'", "'d1h39'")
    path = tmp_path / "ids.phhs"
    path.write_text(
        "".join(
            f"[{i}]\n{SIDE_POT.replace('hand = 12', f'hand = {v}')}\n"
            for i, v in enumerate(ids, 1)
        )
    )
    code, out, err = run("convert", str(path), "--to", "pokerstars")
    assert code == 0, err
    heads = [line.split(":")[0] for line in out.splitlines() if " Hand #" in line]
    assert heads[0] == "PokerStars Hand #23348984361326450000"
    assert len(set(heads)) == 3
    assert "PokerStars Hand #1" not in heads
    assert run("convert", str(path), "--to", "pokerstars")[1] == out

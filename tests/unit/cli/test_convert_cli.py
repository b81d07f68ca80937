"""``holdem convert``: PHH to PHH and to PokerStars-style text; errors exit 2."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_show_cli import FOLD, SIDE_POT

from holdem.cli.main import cli
from holdem.history import load_all, loads, loads_all
from holdem.history.online.text import decode

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
    code, out, err = run(
        "convert", str(path), "--to", "pokerstars", "--hero", "Cat", "--currency", "USD"
    )
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
    # the PHH has no level: none is invented (no "Level I")
    assert "PokerStars Hand #12: Tournament #7, Hold'em No Limit (1/2) - " in text
    assert "Level" not in text
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
        # no currency and no chip unit in these PHH files: plain chips
        stacks = [int(Decimal(s)) for s in list(parsed)[-1].stacks]
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


def test_a_bad_phh_file_in_a_folder_is_skipped_and_the_others_written(
    tmp_path: Path,
) -> None:
    source = tmp_path / "in"
    source.mkdir()
    (source / "aa.phh").write_text("garbage = = =\n")  # read first
    (source / "one.phh").write_text(SIDE_POT)
    out = tmp_path / "out"
    code, _, err = run("convert", str(source), "--to", "phh", "-o", str(out))
    assert code == 1
    assert f"skipped {source / 'aa.phh'}" in err and "malformed TOML" in err
    assert "1 hand written in 1 file, 1 skipped" in err
    assert load_all(out / "one.phh") == (loads(SIDE_POT),)
    assert not (out / "aa.phh").exists()


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


def test_two_files_of_the_same_name_given_are_both_written(tmp_path: Path) -> None:
    """a/x.phh and b/x.phh given as files: the second is written as x-2.phh,
    not over the first (it used to overwrite it and still count both)."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "x.phh").write_text(SIDE_POT)
    (tmp_path / "b" / "x.phh").write_text(FOLD)
    out = tmp_path / "out"
    code, _, err = run(
        "convert",
        str(tmp_path / "a" / "x.phh"),
        str(tmp_path / "b" / "x.phh"),
        "--to",
        "phh",
        "-o",
        str(out),
    )
    assert code == 0, err
    assert load_all(out / "x.phh") == (loads(SIDE_POT),)
    assert load_all(out / "x-2.phh") == (loads(FOLD),)
    assert "2 hands written in 2 files, 0 skipped" in err


def test_a_folder_entry_that_is_no_file_is_skipped_and_the_others_written(
    tmp_path: Path,
) -> None:
    """A broken link and a folder named like a hand file, found in a folder,
    are skipped with a line saying what they are; the rest is converted."""
    source = tmp_path / "in"
    source.mkdir()
    (source / "1.phh").write_text(SIDE_POT)
    (source / "2.phh").symlink_to(tmp_path / "nowhere.phh")
    (source / "3.phh").mkdir()
    (source / "4.phh").write_text(FOLD)
    out = tmp_path / "out"
    code, _, err = run("convert", str(source), "--to", "phh", "-o", str(out))
    assert code == 1
    assert f"skipped {source / '2.phh'}: a broken symbolic link" in err
    assert f"skipped {source / '3.phh'}: a folder named like a hand file" in err
    assert "2 hands written in 2 files, 2 skipped" in err
    assert load_all(out / "4.phh") == (loads(FOLD),)


@pytest.mark.parametrize("command", ["replay", "convert", "show"])
def test_an_empty_path_is_refused_not_read_as_the_current_folder(
    command: str,
) -> None:
    code, _, err = run(command, "", *(["--to", "phh"] if command == "convert" else []))
    assert code == 2 and "an empty path names no file or folder" in err


def test_one_malformed_hand_of_a_phhs_skips_that_hand_alone(tmp_path: Path) -> None:
    """convert writes the other hands and names the bad one (it used to stop
    at it, writing nothing); show still shows the others."""
    broken = FOLD.replace("actions = [", 'actions = ["p2 zz", ', 1)
    assert broken != FOLD
    path = tmp_path / "three.phhs"
    path.write_text(f"[1]\n{SIDE_POT}\n[2]\n{broken}\n[3]\n{FOLD}")
    out = tmp_path / "out"
    code, _, err = run("convert", str(path), "--to", "phh", "-o", str(out))
    assert code == 1
    assert f"skipped {path} hand 2: " in err and "unknown action 'zz'" in err
    assert "2 hands written in 1 file, 1 skipped" in err
    assert load_all(out / "three.phhs") == (loads(SIDE_POT), loads(FOLD))
    code, shown, _ = run("show", str(path), "--hand", "3")
    assert code == 0 and "Hand 3:" in shown and "p2 raises to 6" in shown
    code, _, err = run("show", str(path), "--hand", "2")
    assert code == 2 and "hand 2: " in err and "unknown action 'zz'" in err


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
    ids = ("'2334898-436-13264'", "'d1h38'", "'d1h39'", "'2334898-436-1326450000'")
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
    assert heads[0] == "PokerStars Hand #233489843613264"
    # 20 digits would overflow the 64-bit hand numbers trackers keep
    assert heads[3] != "PokerStars Hand #23348984361326450000"
    assert all(int(head.split("#")[1]) < 2**63 for head in heads)
    assert len(set(heads)) == 4
    assert "PokerStars Hand #1" not in heads
    assert run("convert", str(path), "--to", "pokerstars")[1] == out


# ------------------------------------- chips, tournaments, times as recorded

HH = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "hh"


def hh_file(relative: str) -> Path:
    path = HH / relative
    if not path.is_file():
        pytest.skip(f"{path} not found (../shared/data/hh)")
    return path


# Real files holding hands that cannot be written as printed, with what the
# skip of each says; every hand of every other file is written (exit code 0).
# The Big Game's S1E01 deals a card twice (a malformed file, R-DECK-1) and
# runs boards more than once (PHH deals one board); in the Winning hand the
# river is checked and the first active seat left of the button, who must
# show first (R-SHOW-2), mucks unseen.
SKIPPING = {
    "TheBigGame/cash/TheBigGame.S1E01.txt": ("[R-DECK-1]", "the board was run 2 times"),
    "Winning/tour/NLHE-9max-USD-5.00 HH00000000 T5731520-G0-201608.Regular.txt": (
        "hand 695313219: Player7 must show first (R-SHOW-2)",
    ),
}


def assert_exit_code(code: int, err: str, *relatives: str) -> None:
    """The one exit code the files of ``relatives`` give: 1 if one of them
    holds a hand that is skipped (each skip saying why), else 0."""
    reasons = [reason for r in relatives for reason in SKIPPING.get(r, ())]
    assert code == (1 if reasons else 0), err
    assert all(reason in err for reason in reasons), err


def headers(text: str) -> dict[str, str]:
    """PokerStars header lines by hand number."""
    found = re.findall(r"^PokerStars Hand #(\d+):.*$", text, re.M)
    lines = [line for line in text.splitlines() if line.startswith("PokerStars Hand")]
    return dict(zip(found, lines, strict=True))


def test_a_phh_without_currency_or_chip_unit_is_written_in_chips(
    tmp_path: Path,
) -> None:
    """SIDE_POT has blinds 1/2 and stacks 20/100/100, and no money fields."""
    path = tmp_path / "side.phh"
    path.write_text(SIDE_POT)
    code, out, err = run("convert", str(path), "--to", "pokerstars")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("PokerStars Hand #12:  Hold'em No Limit (1/2) - ")
    assert "Seat 1: Ann (20 in chips)" in lines
    assert "Ann: raises 10 to 20 and is all-in" in lines
    assert "Total pot 160 Main pot 60. Side pot 100. | Rake 0" in lines
    assert "$" not in out and "USD" not in out


def test_a_chip_unit_alone_writes_units_and_options_override_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "side.phh"
    path.write_text(SIDE_POT + "_chip_unit = 100\n")
    code, out, _ = run("convert", str(path), "--to", "pokerstars")
    assert code == 0
    assert "Hold'em No Limit (0.01/0.02) - " in out
    assert "Seat 2: Bob (1 in chips)" in out.splitlines()
    code, out, _ = run("convert", str(path), "--to", "pokerstars", "--chip-unit", "1")
    assert code == 0 and "Hold'em No Limit (1/2) - " in out
    code, out, _ = run("convert", str(path), "--to", "pokerstars", "--currency", "USD")
    assert code == 0 and "Hold'em No Limit ($0.01/$0.02 USD) - " in out


def test_a_phh_tournament_is_written_with_its_number_and_real_level(
    tmp_path: Path,
) -> None:
    path = tmp_path / "side.phh"
    path.write_text(SIDE_POT + "_tournament = true\n_tournament_id = 99\nlevel = 4\n")
    code, out, err = run("convert", str(path), "--to", "pokerstars")
    assert code == 0, err
    assert out.startswith(
        "PokerStars Hand #12: Tournament #99, Hold'em No Limit - Level IV (1/2) - "
    )
    path.write_text(SIDE_POT + "_tournament = true\n")
    code, out, err = run("convert", str(path), "--to", "pokerstars")
    assert code == 0, err
    assert out.startswith("PokerStars Hand #12: Tournament #0, Hold'em No Limit (1/2)")


def test_the_big_game_play_chips_are_not_written_as_dollars() -> None:
    """The Big Game's files print whole chips (blinds 200/400) and no date."""
    path = hh_file("TheBigGame/cash/TheBigGame.S1E01.txt")
    first = path.read_text(encoding="utf-8").splitlines()[1]
    small = re.search(r"SmallBlind: ?(\d+)", first)
    big = re.search(r"BigBlind: ?(\d+)", first)
    stack = re.search(r'\{Name:"(Player2)",Seat:(\d+),Stack:(\d+)', first)
    assert small and big and stack
    code, out, err = run("convert", str(path), "--to", "pokerstars")
    assert_exit_code(code, err, "TheBigGame/cash/TheBigGame.S1E01.txt")
    lines = out.splitlines()
    assert lines[0].endswith(
        f"Hold'em No Limit ({small[1]}/{big[1]}) - 1970/01/01 00:00:00 UTC"
    )
    assert f"Seat {stack[2]}: Player2 ({stack[3]} in chips)" in lines
    assert "$" not in out and "USD" not in out
    hands = out.count("*** SUMMARY ***")
    assert f"{hands} hand(s) have no start time: written as 1970/01/01" in err


def test_a_stars_tournament_keeps_its_number_level_and_zone() -> None:
    path = hh_file("Stars/tour/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt")
    printed = (
        "PokerStars Game #18934320061: Tournament #999999999, 1FPP Hold'em No Limit"
        " - Level III (100/200) - 2010/06/04 19:54:02 WET [2010/06/04 14:54:02 ET]"
    )
    assert printed in path.read_text(encoding="utf-8-sig").splitlines()
    code, out, err = run("convert", str(path), "--to", "pokerstars")
    assert code == 0, err
    # the brief's hand: 19:54:02 WET is Lisbon summer time, 14:54:02 in New York
    assert headers(out)["18934320061"] == (  # the buy-in as printed
        "PokerStars Hand #18934320061: Tournament #999999999, 1FPP Hold'em No Limit"
        " - Level III (100/200) - 2010/06/04 19:54:02 WET [2010/06/04 14:54:02 ET]"
    )


@pytest.mark.parametrize(
    ("relative", "number", "printed", "written"),
    [
        (
            "FTP/cash/NLHE-6max-USD-0.01-0.02-201305.new.gameline.format.txt",
            "32616909390",
            "08:55:55 ET - 2013/05/08",
            "2013/05/08 08:55:55 ET",
        ),
        (  # 888 prints day, month, year and no zone: none is written
            "PacificPoker/cash/888-FLH-USD-0.02-0.04.txt",
            "311162064",
            "*** 08 03 2011 13:27:40",
            "2011/03/08 13:27:40",
        ),
        (
            "PKR/cash/NLHE-USD-1.00-2.00-201108.post.both.txt",
            "1830834560",
            "Start time of hand: 26 Aug 2011 17:39:25",
            "2011/08/26 17:39:25",
        ),
    ],
)
def test_the_printed_date_and_time_are_written(
    relative: str, number: str, printed: str, written: str
) -> None:
    path = hh_file(relative)
    assert printed in path.read_text(encoding="utf-8", errors="replace")
    code, out, err = run("convert", str(path), "--to", "pokerstars")
    assert_exit_code(code, err, relative)
    assert headers(out)[number].endswith(f" - {written}")


_STARS_TIME = re.compile(
    r"^PokerStars (?:Hand|Game) #(\d+):.* - (\d{4}/\d\d/\d\d \d{1,2}:\d\d:\d\d)"
    r" (\w+) \[(\d{4}/\d\d/\d\d \d{1,2}:\d\d:\d\d) ET\]",
    re.M,
)
_FTP_TIME = re.compile(
    r"^\ufeff?Full ?Tilt ?Poker Game #(\d+):.* - (\d{1,2}:\d\d:\d\d) (\w+) - "
    r"(\d{4}/\d\d/\d\d) \[(\d{1,2}:\d\d:\d\d) ET - (\d{4}/\d\d/\d\d)\]",
    re.M,
)


# CUST: PokerStars' own name, of no IANA zone; IST: India, Ireland or Israel
_NO_ZONE = {"CUST", "IST"}
# 2010/03/20 19:20:00 CET, printed as 13:20:00 ET: the US summer time began on
# 2010/03/14 (EDT, UTC-4) while Paris kept CET (UTC+1) until 2010/03/28, so
# the moment is 14:20:00 in New York; the room's bracket kept the winter gap
_ROOM_OFF_BY_AN_HOUR = {"41888200000": "2010/03/20 14:20:00"}
# the hands printing a zone that are not written, with what their skip says:
# a board run twice (PHH deals one board, R-RIT-1) and a Full Tilt hand cut
# off after its header line
_NOT_WRITTEN = {
    "90721705235": "hand 90721705235: the board was run 2 times",
    "31493008842": "line 98: the hand has no seat lines, posts or actions",
}


def _padded(when: str) -> str:
    day, clock = when.split()
    return f"{day} {clock:0>8}"


def test_zones_are_converted_to_the_new_york_time_the_room_printed() -> None:
    """Every PokerStars and Full Tilt hand printing a local time and zone and
    the same moment in ET: our ET, converted with zoneinfo, is the room's."""
    expected: dict[str, tuple[str, str, str]] = {}
    for folder in ("Stars", "FTP"):
        for path in sorted((HH / folder).rglob("*.txt")) if HH.is_dir() else []:
            text = path.read_text(encoding="utf-8-sig", errors="replace")
            for number, local, zone, eastern in _STARS_TIME.findall(text):
                if zone != "ET":
                    expected[number] = (_padded(local), zone, _padded(eastern))
            for number, clock, zone, day, eastern, eday in _FTP_TIME.findall(text):
                if zone != "ET":
                    expected[number] = (
                        _padded(f"{day} {clock}"),
                        zone,
                        _padded(f"{eday} {eastern}"),
                    )
    if not expected:
        pytest.skip(f"{HH} not found (../shared/data/hh)")
    code, out, err = run(
        "convert", str(HH / "Stars"), str(HH / "FTP"), "--to", "pokerstars"
    )
    # the folders hold hands whose site printed a result its own actions
    # do not give (the replay tests name them): those are skipped
    assert code == 1, err
    assert "differs (site's printed result)" in err
    written = headers(out)
    assert set(expected) - set(written) == set(_NOT_WRITTEN)
    assert all(reason in err for reason in _NOT_WRITTEN.values()), err
    checked = 0
    for number, (local, zone, eastern) in expected.items():
        if number in _NOT_WRITTEN:
            continue
        if zone in _NO_ZONE:  # named, but no zone we know: no conversion
            assert written[number].endswith(f" - {local} {zone}"), number
            continue
        if number in _ROOM_OFF_BY_AN_HOUR:
            eastern = _ROOM_OFF_BY_AN_HOUR[number]
        assert written[number].endswith(f" - {local} {zone} [{eastern} ET]"), number
        checked += 1
    zones = {zone for _, zone, _ in expected.values()}
    assert checked >= 150 and {"WET", "CET", "EET", "UTC"} <= zones


@pytest.mark.parametrize(
    ("relative", "printed"),
    [
        (
            "OnGame/cash/NLHE-6max-play-0.25-0.50-201204.txt",
            "(NO_LIMIT TEXAS_HOLDEM $0.25/$0.50, Play money)",
        ),
        ("PKR/cash/NLHE-10max-play-5-10-201108.txt", "Money Type: PLAY MONEY"),
    ],
)
def test_play_money_printed_with_dollar_signs_is_not_written_as_usd(
    relative: str, printed: str, tmp_path: Path
) -> None:
    path = hh_file(relative)
    assert printed in path.read_text(encoding="utf-8", errors="replace")
    code, out, err = run("convert", str(path), "--to", "phh", "-o", str(tmp_path))
    assert_exit_code(code, err, relative)
    histories = load_all(next(tmp_path.rglob("*.phhs")))
    assert histories
    for history in histories:
        fields = dict(history.metadata)
        assert "currency" not in fields
        assert fields["_chip_unit"] == 100  # "$0.25" was read as 25 chips
    code, out, err = run("convert", str(path), "--to", "pokerstars")
    assert "$" not in out and "USD" not in out


def test_online_phh_records_no_chip_unit_for_play_chips_and_the_real_level(
    tmp_path: Path,
) -> None:
    big_game = hh_file("TheBigGame/cash/TheBigGame.S1E01.txt")
    stars = hh_file("Stars/tour/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt")
    code, _, err = run(
        "convert", str(big_game), str(stars), "--to", "phh", "-o", str(tmp_path)
    )
    assert_exit_code(
        code,
        err,
        "TheBigGame/cash/TheBigGame.S1E01.txt",
        "Stars/tour/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt",
    )
    for history in load_all(tmp_path / "TheBigGame.S1E01.phhs"):
        fields = dict(history.metadata)
        assert "_chip_unit" not in fields and "currency" not in fields
        assert "time" not in fields  # the file prints no date
    by_id = {
        dict(h.metadata)["_hand_id"]: dict(h.metadata)
        for h in load_all(tmp_path / "NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.phhs")
    }
    # "Tournament #999999999, ... Level III (100/200) - 2010/06/04 19:54:02 WET"
    fields = by_id["18934320061"]
    assert fields["_tournament"] is True
    assert fields["_tournament_id"] == 999999999
    assert fields["level"] == 3
    assert (fields["year"], fields["month"], fields["day"]) == (2010, 6, 4)
    assert str(fields["time"]) == "19:54:02"
    assert fields["time_zone_abbreviation"] == "WET"
    assert fields["time_zone"] == "Europe/Lisbon"


@pytest.mark.parametrize(
    ("relative", "printed", "number"),
    [
        (
            "FTP/tour/NLHE-9max-MTT-USD-1-201305.deep.stack.guar.txt",
            "$750 Guarantee (253683109), Table 86",
            253683109,
        ),
        (
            "Absolute/tour/IHH20110116 $1K Special Sunday FR 3 Tourney ID 5945889"
            " No Limit Hold'em Freeroll(Real Money).txt",
            "Tourney ID 5945889 Holdem",
            5945889,
        ),
        (
            "Cake/tour/NLHE-10max-15-USD-201204.new.format.txt",
            "R&A T10965119 --",
            10965119,
        ),
        (
            "Winamax/tour/NLHE-Ticket-MTT-201207.ticket.only.txt",
            "Table: 'Super Freeroll Stade 1(26465144)#0'",
            26465144,
        ),
    ],
)
def test_an_online_tournament_is_written_with_its_printed_number(
    relative: str, printed: str, number: int
) -> None:
    path = hh_file(relative)
    assert printed in decode(path.read_bytes())
    code, out, err = run("convert", str(path), "--to", "pokerstars")
    assert_exit_code(code, err, relative)
    numbers = set(re.findall(r"^PokerStars Hand #\d+: Tournament #(\d+),", out, re.M))
    assert numbers == {str(number)}


@pytest.mark.parametrize(
    ("relative", "printed", "stakes", "seat"),
    [
        (
            "Cake/tour/NLHE-10max-15-USD-201204.new.format.txt",
            ("-- 0/75/150 NL Hold'em --", "Seat 1: Player9 (2,820 in chips)"),
            "(75/150)",
            "Seat 1: Player9 (2820 in chips)",
        ),
        (
            "PartyPoker/tour/NLHE-25-USD-Freeroll-MTT-201205.player.moved.txt",
            ("Blinds(30/60)", "Seat 1: Player4 ( 9,495 )"),
            "(30/60)",
            "Seat 1: Player4 (9495 in chips)",
        ),
        (
            "Merge/tour/NLHE-HU-USD-5.75-STT-201208.new.header.format.txt",
            ('nickname="Hero" balance="$1500.00"', 'type="SMALL_BLIND"'),
            "(10/20)",
            "Seat 1: Hero (1500 in chips)",
        ),
        (
            "iPoker/tour/NLHE-EUR-SNG-0.50.iPoker.it.txt",
            ('chips="1.500"',),
            "(10/20)",
            "Seat 1: Player1 (1500 in chips)",
        ),
        (
            "Winning/tour/NLHE-9max-USD-5.00 HH00000000 T5731520-G0-201608.Regular.txt",
            ("Game ID: 695300472 10/20 $5 Regular",),
            "(10/20)",
            "Seat 1: Player1 (1500 in chips)",
        ),
    ],
)
def test_tournament_chips_are_written_as_printed_not_in_hundredths(
    relative: str, printed: tuple[str, ...], stakes: str, seat: str
) -> None:
    """Readers that read tournament chips in hundredths, as money, record a
    _chip_unit of 100: the text shows the chips the room printed."""
    path = hh_file(relative)
    text = decode(path.read_bytes())
    assert all(p in text for p in printed)
    code, out, err = run("convert", str(path), "--to", "pokerstars")
    assert_exit_code(code, err, relative)
    first = out.split("\n\n\n")[0].splitlines()
    assert first[0].startswith("PokerStars Hand #")
    assert f" {stakes} - " in first[0]
    assert "Tournament #" in first[0]
    assert seat in first


def test_output_cut_short_by_the_reader_ends_quietly(tmp_path: Path) -> None:
    # "holdem convert ... | head -2" ended with "Error: [Errno 32] Broken
    # pipe": a Unix tool whose reader is gone stops without a word.
    import subprocess
    import sys

    folder = tmp_path / "many"
    folder.mkdir()
    for n in range(300):  # far more text than a pipe holds
        (folder / f"{n:03}.phh").write_text(SIDE_POT)
    process = subprocess.Popen(
        [sys.executable, "-m", "holdem", "convert", str(folder), "--to", "pokerstars"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()  # as head does after its lines
    err = process.stderr.read().decode()
    process.wait(timeout=120)
    assert first.startswith(b"PokerStars Hand #")
    assert err == ""
    assert process.returncode == 1

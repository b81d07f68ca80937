"""``holdem play``: typed answers, bad options, and a whole hand in a terminal.

The typed answers are checked against legal actions from the engine itself
at a known spot (no-limit 1/2, 200-chip stacks: the first player facing the
big blind may fold, call 2 or raise to 4..200, R-NL-2). The terminal test
spawns ``python -m holdem play`` in a pseudo-terminal with pexpect and
answers its prompts as a user would.
"""

from __future__ import annotations

import datetime
import os
import random
import re
import sys
from io import StringIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from holdem.cards import Deck
from holdem.cli.answers import AnswerRefused, parse_answer
from holdem.cli.main import cli
from holdem.cli.play import _Game
from holdem.engine import HandState, run_dealer
from holdem.history import load, replay_history
from holdem.rules import Bet, Call, Check, Fold, GameConfig, Raise, Structure
from holdem.table import CallingStationBot, Table, TableConfig

pexpect = pytest.importorskip("pexpect", reason="pexpect drives the terminal test")


def first_decision(structure=Structure.NO_LIMIT, stacks=(200, 200, 200)):
    """The legal actions of the first player to act pre-flop (hand seat 2)."""
    hand = HandState(GameConfig(structure, small_blind=1, big_blind=2), list(stacks))
    run_dealer(hand, Deck.shuffled(random.Random(1)))
    return hand.legal_actions()


# ------------------------------------------------------------ typed answers


def test_the_first_player_may_fold_call_2_or_raise_to_4_through_200():
    legal = first_decision()
    assert (legal.can_fold, legal.can_check, legal.call_amount) == (True, False, 2)
    assert (legal.min_raise_to, legal.max_raise_to) == (4, 200)  # R-NL-2
    kw = {"stack": 200, "committed": 0}
    assert parse_answer("f", legal, **kw) == Fold(2)
    assert parse_answer("c", legal, **kw) == Call(2)
    assert parse_answer("r 4", legal, **kw) == Raise(2, 4)
    assert parse_answer("raise 150", legal, **kw) == Raise(2, 150)
    assert parse_answer("a", legal, **kw) == Raise(2, 200)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x", "you cannot check: 2 to call"),
        ("r 3", "you cannot raise to 3: from 4 to 200"),
        ("r 201", "you cannot raise to 201: from 4 to 200"),
        ("r", "say how much"),
        ("r lots", "say how much"),
        ("zz", "'zz' is not an action"),
        ("", "type an action"),
        ("c 3", "c takes no amount"),  # not a plain call
        ("f 2", "f takes no amount"),
        ("x 0", "x takes no amount"),
    ],
)
def test_an_illegal_or_unknown_answer_says_what_is_legal(text, message):
    legal = first_decision()
    with pytest.raises(AnswerRefused, match=re.escape(message)):
        parse_answer(text, legal, stack=200, committed=0)


def test_with_nothing_to_call_c_checks_and_a_bet_is_a_bet():
    # heads-up pre-flop: the big blind may check after the small blind calls
    hand = HandState(GameConfig(small_blind=1, big_blind=2), [200, 200])
    deck = Deck.shuffled(random.Random(1))
    run_dealer(hand, deck)
    hand.apply(hand.legal_actions().check_or_call())  # the button calls
    legal = hand.legal_actions()
    assert legal.can_check
    assert parse_answer("c", legal, stack=198, committed=2) == Check(legal.seat)
    assert parse_answer("x", legal, stack=198, committed=2) == Check(legal.seat)
    hand.apply(Check(legal.seat))
    run_dealer(hand, deck)
    legal = hand.legal_actions()
    assert legal.is_bet
    assert parse_answer("b 10", legal, stack=198, committed=0) == Bet(legal.seat, 10)


def test_fixed_limit_raise_needs_no_size_and_all_in_is_refused_when_capped():
    legal = first_decision(Structure.FIXED_LIMIT)
    assert (legal.min_raise_to, legal.max_raise_to) == (4, 4)  # R-FL-1
    assert parse_answer("r", legal, stack=200, committed=0) == Raise(2, 4)
    with pytest.raises(AnswerRefused, match="at most 4 is allowed now"):
        parse_answer("a", legal, stack=200, committed=0)


def test_a_fixed_limit_raise_of_another_size_says_the_size_allowed():
    legal = first_decision(Structure.FIXED_LIMIT)
    message = "you cannot raise to 10: the raise is to 4 (fixed limit): r."
    with pytest.raises(AnswerRefused, match=re.escape(message)):
        parse_answer("r 10", legal, stack=200, committed=0, fixed_limit=True)
    # no-limit with one size left (the minimum raise is all-in): no "from 4 to 4"
    with pytest.raises(AnswerRefused, match="the raise is to 4, no other size now"):
        parse_answer("r 10", legal, stack=200, committed=0)


def test_all_in_for_less_than_the_call_is_a_call():
    legal = first_decision(stacks=(200, 200, 1))  # hand seat 2 holds 1 chip
    assert legal.call_amount == 1 and legal.min_raise_to is None  # R-BET-6
    assert parse_answer("a", legal, stack=1, committed=0) == Call(2)


# --------------------------------------------------------------- bad options


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--blinds", "2/1"], "small blind 2 is above the big blind 1"),
        (["--blinds", "one/two"], "give the small and big blind as SB/BB"),
        (["--seats", "11"], "11 is not in the range 2<=x<=10"),
        (["--seats", "2", "--bots", "5"], "5 bots at 2 seats: from 1 to 1"),
        (["--bots", "tag,nobody"], "unknown bot 'nobody'"),
        (["--bots", "tag,tag,tag,tag,tag,tag"], "6 bots at 6 seats: at most 5"),
        (["--bots", "tag,,tag"], "an empty bot name"),
        (["--bots", "tag,"], "an empty bot name"),
        # the option named, not the table's max_buy_in
        (
            ["--stack", "99999999999999999999"],
            "Invalid value for '--stack': 99999999999999999999 is not in the"
            " range 1<=x<=1000000000000000",
        ),
        (["--blinds", "1/99999999999999999999"], "a blind is at most"),
        (["--seats", "x"], "Invalid value for '--seats': 'x' is not a whole number"),
        (["--hands", "1e6"], "'1e6' is not a whole number"),
        (["--name", ""], "Invalid value for --name"),
        (["--name", "   "], "Invalid value for --name"),
    ],
)
def test_bad_options_exit_2_without_a_traceback(args, message, tmp_path):
    result = CliRunner().invoke(cli, ["play", "--hands-dir", str(tmp_path), *args])
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output
    assert not list(tmp_path.iterdir())


# ------------------------------------------------- a whole hand in a terminal

ROW = re.compile(r"^(\d+) +((?:D|SB|BB|ML)(?: (?:SB|BB|ML))*)? +(\S+) +(\d+)")


def spawn(tmp_path: Path, *args: str):
    env = {**os.environ, "COLUMNS": "100", "LINES": "50", "TERM": "dumb"}
    return pexpect.spawn(
        sys.executable,
        ["-m", "holdem", "play", "--hands-dir", str(tmp_path), *args],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 100),
    )


def test_a_user_plays_a_whole_hand_in_a_terminal(tmp_path):
    before = datetime.datetime.now(datetime.UTC).replace(microsecond=0)
    child = spawn(tmp_path, "--seed", "11", "--hands", "1", "--bots", "station,station")
    screen: list[str] = []
    dealt = None
    tried = set()
    while True:
        index = child.expect(
            [
                r"Your action \(f/x/c/r N/a\): ",
                r"Fold anyway\? \[y/n\] ",
                r"Show or muck your hand\? \[s/m\] ",
                pexpect.EOF,
            ]
        )
        screen.append(child.before)
        text = "".join(screen)
        if dealt is None and (m := re.search(r"You are dealt (\S\S \S\S)", text)):
            dealt = m.group(1)
        if index == 0:
            legal = text.rsplit("Your turn. Legal: ", 1)[1].splitlines()[0]
            if "not-an-action" not in tried:  # nonsense: refused, asked again
                tried.add("not-an-action")
                child.sendline("not-an-action")
            elif "x check" in legal and "fold" not in tried:
                tried.add("fold")  # folding when a check is free asks first
                child.sendline("f")
            elif "c call" in legal and "check" not in tried:
                tried.add("check")  # checking a bet is refused
                child.sendline("x")
            else:
                child.sendline("x" if "x check" in legal else "c")
        elif index == 1:
            child.sendline("n")  # do not fold after all
        elif index == 2:
            child.sendline("s")
        else:
            break
    child.close()
    text = "".join(screen)
    assert child.exitstatus == 0, text
    flat = " ".join(text.split())  # messages as read, whatever the wrapping
    assert "Not allowed: 'not-an-action' is not an action" in flat
    # seed 11: the player faces the big blind pre-flop (a check refused)
    # and may check for free later (a fold asked to confirm)
    assert tried == {"not-an-action", "fold", "check"}
    assert "Not allowed: you cannot check: 2 to call" in flat
    # a fold when a check is free stands at this table (R-BET-1), so the
    # client asks to confirm it; answered "n", the player then checks
    assert "You can check for free." in flat
    assert "You fold" not in flat
    assert "You fold" not in flat

    (path,) = tmp_path.glob("*.phh")
    history = load(path)
    assert replay_history(history).outcome == "reproduced"
    fields = dict(history.metadata)
    seats, button = fields["seats"], fields["_button"]
    assert fields["seat_count"] == 6
    # the hand's start, by the machine's clock, in UTC (PHH's time fields)
    started = datetime.datetime.combine(
        datetime.date(fields["year"], fields["month"], fields["day"]),
        fields["time"],
        tzinfo=datetime.UTC,
    )
    assert fields["time_zone"] == "UTC"
    # one table name per session: the file's stamp (hand numbers restart)
    assert fields["table"] == "holdem " + path.name.removesuffix("-0001.phh")
    assert before <= started <= datetime.datetime.now(datetime.UTC)
    # the markers drawn: D on the button, SB and BB on the first two hand seats
    marks = {}
    for line in text.splitlines():
        if (m := ROW.match(line.strip())) and m.group(3) in history.players:
            marks[int(m.group(1))] = set((m.group(2) or "").split())
    assert "D" in marks[button]
    assert "SB" in marks[seats[0]] and "BB" in marks[seats[1]]
    # my cards as the screen showed them are the ones recorded for me
    me = history.players.index("You")
    deals = [a for a in history.actions if type(a).__name__ == "PhhDealHole"]
    mine = next(d for d in deals if d.seat == me)
    assert dealt == " ".join(str(c) for c in mine.cards)
    # no bot's hole cards appear before the showdown (R-HISTORY-1)
    before_showdown = text.split(" shows ", 1)[0]
    for deal in deals:
        if deal.seat != me:
            assert " ".join(str(c) for c in deal.cards) not in before_showdown
    # the stacks shown at the end add up to the chips bought in, and match PHH
    (line,) = re.findall(r"Stacks after hand 1: (.*)", text)
    shown = {name: int(chips) for name, chips in re.findall(r"(\S+) (\d+)", line)}
    assert sum(shown.values()) == 3 * 200
    assert shown == dict(zip(history.players, history.finishing_stacks, strict=True))
    assert re.search(r"(\S+ wins|You win) \d+ from the", text)


def test_play_help_fits_80_columns():
    result = CliRunner().invoke(cli, ["play", "--help"], terminal_width=80)
    assert result.exit_code == 0
    assert all(len(line) <= 80 for line in result.output.splitlines())


def test_play_help_lists_the_short_bot_names_it_accepts():
    result = CliRunner().invoke(cli, ["play", "--help"], terminal_width=80)
    text = " ".join(result.output.split())
    for name in ("tag", "station", "calling"):  # the aliases --bots accepts
        assert name in text.replace("tight-aggressive", "")


def test_a_hands_dir_that_cannot_be_created_is_a_usage_error(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = CliRunner().invoke(
        cli, ["play", "--hands-dir", str(blocker / "hands")], input="f\n"
    )
    assert result.exit_code == 2, result.output
    assert "--hands-dir" in result.output and "cannot save hands" in result.output
    assert "Traceback" not in result.output
    assert "played" not in result.output  # refused before any hand


def test_a_missing_hands_dir_is_created_at_the_start(tmp_path):
    folder = tmp_path / "new" / "hands"
    result = CliRunner().invoke(
        cli, ["play", "--seed", "4", "--hands-dir", str(folder)], input=""
    )
    assert folder.is_dir()
    assert result.exit_code == 0, result.output


def test_end_of_input_ends_the_game_cleanly(tmp_path):
    result = CliRunner().invoke(
        cli, ["play", "--seed", "4", "--hands-dir", str(tmp_path)], input=""
    )
    assert result.exit_code == 0, result.output
    assert "Aborted" not in result.output
    assert "End of input: game over after 0 hands" in result.output
    assert result.exception is None


def test_saved_hands_keep_folded_hands_private_and_replay(tmp_path):
    # the same seed twice: two sessions, two files, none overwritten
    answers = "f\ny\nf\ny\nx\nx\nx\nx\ns\n" * 2
    for _ in range(2):
        result = CliRunner().invoke(
            cli,
            ["play", "--seed", "4", "--hands", "1", "--hands-dir", str(tmp_path)],
            input=answers,
        )
        assert result.exit_code == 0, result.output
    paths = sorted(tmp_path.glob("*.phh"))
    assert len(paths) == 2
    history = load(paths[0])
    assert replay_history(history).outcome == "reproduced"
    assert load(paths[1]).actions == history.actions  # the seed replays the game
    me = history.players.index("You")
    shown = {a.seat for a in history.actions if type(a).__name__ == "PhhShowMuck"}
    folded = {a.seat for a in history.actions if type(a).__name__ == "PhhFold"}
    assert folded - {me}, "no bot folded: choose another seed"
    for deal in (a for a in history.actions if type(a).__name__ == "PhhDealHole"):
        hidden = deal.seat in folded and deal.seat not in shown and deal.seat != me
        assert (deal.cards == (None, None)) == hidden  # R-HISTORY-1


# ------------------------------------------------------ the screen, directly


def scripted_game(table, tmp_path, answers):
    """A play session on ``table`` (you in seat 1) answering from ``answers``.

    ``answers`` maps a word of the question to the answer, or to a list of
    answers given in turn (then ``x``).
    """
    out = StringIO()
    console = Console(file=out, width=120, markup=False, highlight=False)

    def read(prompt):
        console.print(prompt)
        keys = [key for key in answers if key in prompt]
        assert keys, f"unexpected question {prompt!r}"
        answer = answers[keys[0]]
        if isinstance(answer, list):
            return answer.pop(0) if answer else "x"
        return answer

    bots = {s.seat: CallingStationBot() for s in table.players if s.seat != 1}
    game = _Game(table, bots, seat=1, console=console, read=read,
                 hands_dir=tmp_path, stamp="t")  # fmt: skip
    return game, out


def small_table(stacks):
    config = TableConfig(
        GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2),
        seat_count=len(stacks),
        min_buy_in=1,
        max_buy_in=200,
    )
    table = Table(config, rng=random.Random(3))
    for seat, stack in enumerate(stacks, 1):
        table.join(seat, "You" if seat == 1 else f"station{seat}", stack)
    return table


def test_the_screen_shows_the_main_pot_and_the_side_pot(tmp_path):
    # you raise to 50; station2 calls all-in for 10, station3 calls 50:
    # main pot 3 x 10 = 30, side pot 2 x 40 = 80 (R-POT-1)
    table = small_table([200, 10, 200])
    answers = {"Your action": ["r 50", "x", "x", "x"], "Show or muck": "s"}
    game, out = scripted_game(table, tmp_path, answers)
    record = game.play_hand()
    screen = out.getvalue()
    assert "Pot: main 30, side 1 80" in screen
    assert sum(record.finishing_stacks) == 410
    stacks = re.search(r"Stacks after hand 1: (.*)", screen).group(1)
    assert sum(int(c) for _, c in re.findall(r"(\S+) (\d+)", stacks)) == 410


def test_R_BLIND_1_heads_up_the_small_blind_is_narrated_first(tmp_path):
    # heads-up the button posts the small blind; the engine posts the big
    # blind (hand seat 0) first, the screen says the small blind's post first
    table = small_table([200, 200])
    game, out = scripted_game(
        table, tmp_path, {"Your action": ["f"], "Show or muck": "s"}
    )
    record = game.play_hand()
    lines = [line for line in out.getvalue().splitlines() if " post" in line]
    small = "You post 1" if record.button == 1 else "station2 posts 1"
    big = "station2 posts 2" if record.button == 1 else "You post 2"
    assert lines[:2] == [small, big], out.getvalue()


def test_the_screen_marks_a_missed_big_blind_ml(tmp_path):
    # hand 1: button 1, small blind 2, big blind 3, seat 4 sitting out; the
    # big blind then passes seat 4 by, which is marked ML (R-TABLE-6)
    table = small_table([200, 200, 200, 200])
    table.sit_out(4)
    table.play_hand({s: CallingStationBot() for s in (1, 2, 3)}, button=1)
    game, out = scripted_game(
        table, tmp_path, {"Your action": "c", "Show or muck": "s"}
    )
    record = game.play_hand()
    assert record.big_blind == 1 and record.button == 2
    rows = {
        int(m.group(1)): (m.group(2) or "").split()
        for line in out.getvalue().splitlines()
        if (m := ROW.match(line.strip()))
    }
    assert rows[4] == ["ML"]
    assert rows[1] == ["BB"] and "D" in rows[2]


def _showdown_view(mine, others, board):
    from types import SimpleNamespace

    from holdem.betting.pots import Pot
    from holdem.cards import parse_cards

    hole = (parse_cards(mine), *(parse_cards(c) if c else None for c in others))
    seats = tuple(range(len(hole)))
    pots = (Pot(100, seats),)
    return SimpleNamespace(hole_cards=hole, board=parse_cards(board), pots=pots)


@pytest.mark.parametrize(
    ("others", "beaten"),
    [
        (("KcKd",), False),  # a pair of kings shown: aces are still best
        (("AcAd",), False),  # the same pair of aces: a tie would split the pot
        ((None,), False),  # nothing shown yet: the hand may win
        (("7h8h",), True),  # a straight shown beats the aces
        (("KcKd", "7h8h"), True),  # the straight beats both
    ],
)
def test_R_SHOW_2_play_confirms_a_muck_unless_a_shown_hand_beats_yours(others, beaten):
    from holdem.cli.play import _beaten

    view = _showdown_view("AsAh", others, "9s6c5d2h3c")
    assert _beaten(view, 0) is beaten


def test_R_BET_5_only_a_player_with_no_chips_behind_shows_all_in(tmp_path):
    # you (50 chips) go all-in, station2 (200) calls 50 and keeps 150: no
    # betting can follow, both hands are turned up (R-BET-5, R-SHOW-3), but
    # only yours is all-in
    table = small_table([50, 200])
    game, out = scripted_game(table, tmp_path, {"Your action": "a"})
    game.play_hand()
    lines = out.getvalue().splitlines()
    shows = [line for line in lines if re.search(r" shows? \S\S \S\S", line)]
    assert len(shows) == 2, shows
    mine = [line for line in shows if line.startswith("You")]
    theirs = [line for line in shows if line.startswith("station2")]
    assert len(mine) == 1 and mine[0].endswith("(all-in)"), shows
    assert len(theirs) == 1 and "all-in" not in theirs[0], shows


def test_R_HISTORY_1_a_saved_hand_converts_as_the_player_saw_it(tmp_path):
    """The saved copy names its owner (``_hero``): converted to PokerStars
    text it is dealt to "You" with their own cards, as a tracker expects."""
    answers = "f\ny\nf\ny\nx\nx\nx\nx\ns\n"
    result = CliRunner().invoke(
        cli,
        ["play", "--seed", "4", "--hands", "1", "--hands-dir", str(tmp_path)],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    (path,) = tmp_path.glob("*.phh")
    history = load(path)
    assert dict(history.metadata)["_hero"] == "You"
    me = history.players.index("You")
    mine = next(
        a for a in history.actions if type(a).__name__ == "PhhDealHole" and a.seat == me
    )
    out = tmp_path / "stars"
    converted = CliRunner().invoke(
        cli, ["convert", str(path), "--to", "pokerstars", "-o", str(out)]
    )
    assert converted.exit_code == 0, converted.output
    (written,) = out.glob("*")
    text = written.read_text(encoding="utf-8")
    cards = " ".join(str(c) for c in mine.cards)
    assert f"Dealt to You [{cards}]" in text
    assert text.count("Dealt to ") == 1


def test_two_sessions_with_the_same_stamp_never_overwrite_a_hand(tmp_path):
    # two sessions started in the same second share a stamp: the second to
    # save a hand finds the name taken and moves to the next free stamp
    first, _ = scripted_game(
        small_table([200, 200]), tmp_path, {"Your": "c", "muck": "s"}
    )
    second, out = scripted_game(
        small_table([200, 200]), tmp_path, {"Your": "c", "muck": "s"}
    )
    first.play_hand()
    saved = (tmp_path / "t-0001.phh").read_bytes()
    second.play_hand()
    second.play_hand()
    assert (tmp_path / "t-0001.phh").read_bytes() == saved
    assert sorted(p.name for p in tmp_path.glob("*.phh")) == [
        "t-0001.phh",
        "t-2-0001.phh",
        "t-2-0002.phh",
    ]
    assert dict(load(tmp_path / "t-2-0001.phh").metadata)["table"] == "holdem t-2"
    assert "Saved " + str(tmp_path / "t-2-0002.phh") in out.getvalue()


def test_sessions_started_in_the_same_second_keep_both_hands(tmp_path, monkeypatch):
    import holdem.cli.play as play_module

    real = play_module.session_stamp

    def same_second(hands_dir, after=None):  # both stamped before either saves
        return "20261201-025227" if after is None else real(hands_dir, after)

    monkeypatch.setattr(play_module, "session_stamp", same_second)
    answers = "f\ny\nf\ny\nx\nx\nx\nx\ns\n"
    args = ["play", "--seed", "4", "--hands", "1", "--hands-dir", str(tmp_path)]
    outputs = [CliRunner().invoke(cli, args, input=answers) for _ in range(2)]
    assert [r.exit_code for r in outputs] == [0, 0], outputs[1].output
    names = sorted(p.name for p in tmp_path.glob("*.phh"))
    assert names == ["20261201-025227-0001.phh", "20261201-025227-2-0001.phh"]
    assert f"Saved {tmp_path / names[0]}" in outputs[0].output
    assert f"Saved {tmp_path / names[1]}" in outputs[1].output


def test_q_leaves_the_table_folding_the_hand_which_is_saved(tmp_path):
    child = spawn(tmp_path, "--seed", "11", "--bots", "station,station")
    child.expect(r"Actions: (.*?)\.\r?\n")
    assert "q quit" in child.match.group(1)
    child.expect(r"Your action \(f/x/c/r N/a\): ")
    child.sendline("q")
    child.expect(r"Quit\? Your hand is folded \[y/n\] ")
    child.sendline("n")  # not after all: asked again
    child.expect(r"Your action \(f/x/c/r N/a\): ")
    child.sendline("quit")
    child.expect(r"Quit\? Your hand is folded \[y/n\] ")
    child.sendline("y")
    child.expect(pexpect.EOF)
    child.close()
    text = " ".join(child.before.split())
    assert child.exitstatus == 0, text
    assert "leaving folds your hand" in text
    assert "You fold" in text
    assert "1 hand played; saved in" in text
    assert "Enter for the next hand" not in text
    (path,) = tmp_path.glob("*.phh")
    history = load(path)
    assert replay_history(history).outcome == "reproduced"
    me = history.players.index("You")
    folds = [a for a in history.actions if type(a).__name__ == "PhhFold"]
    assert [a.seat for a in folds] == [me]  # the bots (stations) finished it


def test_ctrl_c_in_play_exits_130_with_a_message(tmp_path):
    child = spawn(tmp_path, "--seed", "11", "--bots", "station,station")
    child.expect(r"Your action \(f/x/c/r N/a\): ")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    text = " ".join(child.before.split())
    assert child.exitstatus == 130, text
    assert "holdem: interrupted (Ctrl-C)" in text
    assert "Aborted" not in text and "Traceback" not in text
    assert not list(tmp_path.glob("*.phh"))  # the hand in play is not saved


def test_ctrl_c_after_a_finished_hand_counts_it_as_played(tmp_path):
    """The closing line counts the finished hands (it said 0: the count was
    reset at each hand's start); the finished hand is saved, the one in play
    is not."""
    child = spawn(tmp_path, "--seed", "11", "--bots", "station,station")
    child.expect(r"Your action \(f/x/c/r N/a\): ")
    child.sendline("f")
    if child.expect([r"Fold anyway\? \[y/n\] ", r"Enter for the next hand"]) == 0:
        child.sendline("y")
        child.expect(r"Enter for the next hand")
    child.sendline("")
    child.expect(r"Your action \(f/x/c/r N/a\): ")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    text = " ".join(child.before.split())
    assert child.exitstatus == 130, text
    assert "1 hand played, saved in" in text
    assert len(list(tmp_path.glob("*.phh"))) == 1


def test_R_BET_1_quitting_where_a_free_check_cannot_be_folded_checks_instead(
    tmp_path,
):
    # heads-up, you in the big blind: the station completes, you may check
    # but not fold at this table (R-BET-1); quitting checks the hand down
    config = TableConfig(
        GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2,
                   fold_when_check=False),
        seat_count=2, min_buy_in=1, max_buy_in=200,
    )  # fmt: skip
    table = Table(config, rng=random.Random(3))
    table.join(1, "You", 200)
    table.join(2, "station2", 200)
    table.play_hand({1: CallingStationBot(), 2: CallingStationBot()}, button=1)
    answers = {"Your action": ["q"], "Quit?": "y"}
    game, out = scripted_game(table, tmp_path, answers)
    record = game.play_hand()
    assert record.button == 2 and record.big_blind == 1
    screen = out.getvalue()
    assert screen.count("Your action") == 1  # asked once, then left
    assert "You check" in screen and "You fold" not in screen
    assert "*** River" in screen  # checked down by the station and the leaver
    assert sum(record.finishing_stacks) == 400
    assert (tmp_path / "t-0002.phh").exists()

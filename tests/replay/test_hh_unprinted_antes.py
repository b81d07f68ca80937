"""Antes a file never prints: inferred where the pot proves them (R-ANTE-1).

Every hand here is a real one from ../shared/data/hh (player names replaced
there), read in place and cut to the one hand. No room in that folder
leaves all its antes out, so a room that does is made the plain way: a
hand whose file prints its antes is cut out and its ante lines are taken
out, and what those lines said is the oracle for the inferred ante; the
payoffs are the ones the file's own figures give (worked out in the
comments). Hands whose pots hold more than their printed bets but prove
no ante are the site's record, never our rules.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from holdem.cli.main import cli
from holdem.history.online import (
    Outcome,
    PostKind,
    Reason,
    detect,
    find_online_files,
    replay_online_file,
    replay_online_paths,
    replay_online_text,
    summary_lines,
)
from holdem.history.online.antes import proven_ante
from holdem.history.online.compare import pot_excess
from holdem.history.online.outcome import OnlineReplay
from holdem.history.online.replay import replay_online_state
from holdem.history.online.text import read_history

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"


def _file(relative: str) -> Path:
    path = DATA / relative
    if not path.is_file():
        pytest.skip(f"real hand history not found at {path}")
    return path


def _cut(relative: str, hand_id: str, drop: str) -> str:
    """The text of hand ``hand_id`` alone, without the lines matching ``drop``."""
    text = read_history(_file(relative))
    parser = detect(text)
    assert parser is not None
    for hand in parser.split(text, relative):
        if any(hand_id in line for line in hand.lines[:3]):
            kept = [line for line in hand.lines if not re.search(drop, line)]
            return "\n".join(kept) + "\n"
    raise AssertionError(f"no hand {hand_id} in {relative}")


def _ipoker_cut(relative: str, game: str, *, antes: bool) -> str:
    """An iPoker session holding game ``game`` alone, with or without antes."""
    text = read_history(_file(relative))
    found = re.search(rf'<game gamecode="{game}">.*?</game>', text, re.S)
    assert found is not None
    body = found.group(0)
    if not antes:
        body = re.sub(r'<action [^>]*type="15"[^>]*/>', "", body)
    return text[: text.index("<game ")] + body + "\n</session>\n"


def _only(text: str, name: str = "cut.txt") -> OnlineReplay:
    (result,) = replay_online_text(text, name)
    return result


def _payoffs(result: OnlineReplay) -> dict[str, int]:
    assert result.hand is not None
    replay, state, names = replay_online_state(result.hand)
    assert replay.outcome is Outcome.AGREES and state is not None
    return dict(zip(names, state.payoffs, strict=True))


def _antes(result: OnlineReplay) -> list[tuple[str, int, bool]]:
    assert result.hand is not None
    return [
        (post.player, post.chips, post.is_all_in)
        for post in result.hand.posts
        if post.kind is PostKind.ANTE
    ]


STARS_KO = "Stars/tour/NLHE-USD-MTT-1-KO.201008.txt"


def test_R_ANTE_1_antes_left_out_of_a_pokerstars_hand_are_inferred(
    tmp_path: Path,
) -> None:
    # Level VIII (60/120): eight "posts the ante 15" lines, Player2's "posts
    # the ante 11 and is all-in" (his whole stack), Player6 sitting out but
    # dealt in; "Total pot 596 Main pot 88. Side pot 508.": 8 x 11 in the
    # main pot. Taken out, the pots still hold 7 x 15 + 11 = 116 more than
    # the printed blinds and bets put in: the ante of 15 they printed.
    printed = _only(_cut(STARS_KO, "47655901719", r"^$"))
    assert printed.outcome is Outcome.AGREES and printed.message == ""
    text = _cut(STARS_KO, "47655901719", r"posts the ante")
    result = _only(text)
    assert result.outcome is Outcome.AGREES
    assert result.hand is not None and result.hand.inferred_ante == 15
    assert _antes(result) == _antes(printed)
    assert ("Player2", 11, True) in _antes(result)
    # Player23 collects 508 + 88 for his ante and 120 call (his 404 bet
    # comes back); Hero paid 15 + 60 + 60, Player4 and Player25 15 + 120,
    # Player2 his 11, the others their 15
    assert _payoffs(result) == {
        "Hero": -135,
        "Player2": -11,
        "Player6": -15,
        "Player4": -135,
        "Player14": -15,
        "Player25": -135,
        "Player23": 461,
        "Player29": -15,
    }
    assert result.message == (
        "antes inferred: the file prints none, its pots hold an ante of 15 from"
        " each of the 8 players dealt in (Player2 all-in for 11) [R-ANTE-1]"
    )
    (tmp_path / "ko.txt").write_text(text, encoding="utf-8")
    lines = summary_lines(replay_online_paths([tmp_path]))
    assert lines[0] == (
        f"agrees (antes inferred): {tmp_path / 'ko.txt'} hand 47655901719: the"
        " file prints none, its pots hold an ante of 15 from each of the 8"
        " players dealt in (Player2 all-in for 11) [R-ANTE-1]"
    )
    shown = CliRunner().invoke(cli, ["replay", "--no-progress", str(tmp_path)])
    assert shown.exit_code == 0, shown.output
    assert lines[0] in shown.output.splitlines()
    assert shown.output.splitlines()[-1].startswith("1 hand: 1 reproduced")


def test_R_ANTE_1_a_cash_hands_surplus_is_not_taken_for_antes() -> None:
    # the same hand read as a cash game: an unexplained surplus there is
    # more often a dead blind its reader could not place, so no ante is
    # inferred and the surplus is the site's record
    from dataclasses import replace

    bare = _only(_cut(STARS_KO, "47655901719", r"posts the ante"))
    assert bare.hand is not None
    cash = replace(
        bare.hand, is_tournament=False, posts=bare.hand.posts[8:], inferred_ante=0
    )
    assert [p.kind for p in cash.posts] == [PostKind.SMALL_BLIND]
    result, _, _ = replay_online_state(cash)
    assert (result.outcome, result.reason) == (Outcome.DIFFERS, Reason.SITE_RESULT)
    assert result.hand is not None and result.hand.inferred_ante == 0
    # (a cash hand's chips are written as money)
    assert result.message.endswith(
        "(the site's record: its total pot 5.96, its printed posts and bets put"
        " in 4.80)"
    )


def test_R_ANTE_1_what_the_pot_cannot_prove_is_not_inferred() -> None:
    from dataclasses import replace

    bare = _only(_cut(STARS_KO, "47655901719", r"posts the ante")).hand
    assert bare is not None and bare.inferred_ante == 15
    bare = replace(bare, posts=bare.posts[8:], inferred_ante=0)
    assert proven_ante(bare) == 15
    # an ante above the big blind (R-ANTE-1: usually below either blind)
    assert proven_ante(replace(bare, big_blind=14)) == 0
    # Player23's printed bets and an ante of 15 need more than his stack
    seats = tuple(
        replace(seat, stack=404 + 120 + 14) if seat.player == "Player23" else seat
        for seat in bare.seats
    )
    assert proven_ante(replace(bare, seats=seats)) == 0
    # 888's BLAST: "Player1 posts ante [3.530 $]", "Player2 posts ante
    # [2.470 $]", their whole stacks, and "Player2 collected [ 4.940 $ ]":
    # without the ante lines 4940 is 2 x 2470, but so is it for any larger
    # ante, Player1's surplus his own: the pot proves none
    blast = _only(
        _cut(
            "PacificPoker/tour/NLHE-MTT-USD-13.95-1.05-201901.BLAST.txt",
            "1008664844",
            r"posts ante",
        )
    )
    assert blast.reason is not Reason.OUR_RULES
    assert blast.hand is not None and blast.hand.inferred_ante == 0


IPOKER = "iPoker/tour/NLHE-GBP-MTT-5-201403.FPPbuyin.txt"


def test_R_ANTE_1_antes_left_out_of_an_ipoker_game_are_inferred() -> None:
    # seven type="15" actions of sum="25"; iPoker prints no return, its
    # win="13,975" for Player1 holds his uncalled 6,775 river bet
    printed = _only(_ipoker_cut(IPOKER, "5568957896", antes=True))
    assert printed.outcome is Outcome.AGREES
    (ante,) = {chips for _, chips, _ in _antes(printed)}
    result = _only(_ipoker_cut(IPOKER, "5568957896", antes=False))
    assert result.outcome is Outcome.AGREES
    assert result.hand is not None and result.hand.inferred_ante == ante
    assert sorted(_antes(result)) == sorted(_antes(printed))
    # each player's win less his bet, as the <player> line prints them
    # (bet counts the ante); iPoker's tournament chips are read as 100ths
    file_net = {
        "Player0": 0 - 25,
        "Player1": 13_975 - 10_000,
        "Player2": 0 - 25,
        "Player3": 0 - 3_225,
        "Player4": 0 - 150,
        "Player5": 0 - 525,
        "Hero": 0 - 25,
    }
    assert _payoffs(result) == {p: chips * 100 for p, chips in file_net.items()}
    assert _payoffs(result) == _payoffs(printed)


EVERLEAF = "Everleaf/tour/TID_1627660-1.txt"


def test_R_ANTE_1_an_ante_the_all_in_call_shows_is_taken_when_as_printed_fails() -> (
    None
):
    # 5 x "posts ante [ 50 Chips]" taken out: Player2's 250 above Player3's
    # all-in comes back unprinted, and equals the antes, so the pots alone
    # add up with no ante too. But "Player3 calls [ 150 Chips]", all-in, is
    # his 2200 less 50 ante less 2000: dealt as printed, our engine's call
    # would be 200; with the ante of 50 the hand agrees
    text = _cut(EVERLEAF, "282027009", r"posts ante")
    result = _only(text)
    assert result.outcome is Outcome.AGREES
    assert result.hand is not None and result.hand.inferred_ante == 50
    # "Player2 wins 4950 chips": 250 antes + 400 big blind + 2 x 2150;
    # Player2 put in 50 + 2400 and gets 250 back
    assert _payoffs(result) == {
        "Player5": -50,
        "Player1": -50,
        "Player2": 4950 + 250 - 2450,
        "Player3": -2200,
        "Player4": -450,
    }


ONGAME = "OnGame/tour/R-274-110.txt"


def test_R_ANTE_1_a_pot_that_proves_no_ante_is_the_sites_record() -> None:
    # a walk: 10 x "posts ante 20", the blinds 100/200, "Main pot: 400 won
    # by Player37 (400)". Without the ante lines the pot is 400 over 300 of
    # blinds: 10 x 10 if the big blind's 100 uncalled is in the 400, or
    # 10 x 20 if it is not (OnGame prints no return): the pot proves neither
    result = _only(_cut(ONGAME, "T5-18949637-48", r"posts ante"))
    assert (result.outcome, result.reason) == (Outcome.DIFFERS, Reason.SITE_RESULT)
    assert result.hand is not None and result.hand.inferred_ante == 0
    assert result.message.endswith(
        "(the site's record: its total pot 400, its printed posts and bets put"
        " in 300, and the rest is no one equal ante of the 10 players dealt in"
        " that the pot proves (R-ANTE-1))"
    )


BIG_GAME = "TheBigGame/cash/TheBigGame.S1E02.txt"


def test_R_ANTE_1_a_pot_above_its_bets_is_the_sites_record_not_our_rules() -> None:
    # d2h46: Player3 is all-in for his 101800 (the big blind among it) and
    # called; with Player2's small blind of 200 and the dealer's button
    # ante of 600 the pot is 204400, but "Wins",value:206400 (this hand was
    # "our rules" before)
    (result,) = [r for r in replay_online_file(_file(BIG_GAME)) if r.hand_id == "d2h46"]
    assert (result.outcome, result.reason) == (Outcome.DIFFERS, Reason.SITE_RESULT)
    assert result.message == (
        "collected: the site pays 206400 with rake 0, our engine awards 204400"
        " (the site's record: its pots pay 206400, its printed posts and bets"
        " put in 204400)"
    )


def test_R_ANTE_1_no_our_rules_hand_holds_more_than_its_printed_bets() -> None:
    # over every file of ../shared/data/hh: a hand whose pots pay more
    # than its printed posts and bets put in is never "our rules" (no rule
    # of ours makes chips); 20 hands were "our rules" before, 6 of them
    # such (The Big Game's d1h92, d2h46, d2h131, d3h130, d5h40, d5h93)
    if not DATA.is_dir():
        pytest.skip(f"real hand histories not found at {DATA}")
    our_rules = []
    surplus = {}
    for path in find_online_files([DATA]):
        for result in replay_online_file(path):
            if result.hand is None:
                continue
            excess = pot_excess(result.hand)
            if result.reason is Reason.OUR_RULES:
                our_rules.append(result.label)
                assert excess <= 0, (result.label, result.message)
            elif result.outcome is Outcome.DIFFERS and excess > 0:
                surplus[result.hand_id] = result
    assert len(our_rules) <= 14
    for hand_id in ("d1h92", "d2h46", "d2h131", "d3h130", "d5h40", "d5h93"):
        assert surplus[hand_id].reason is Reason.SITE_RESULT
        assert "the site's record: its pots pay" in surplus[hand_id].message


def test_R_ANTE_1_every_tournament_hand_without_its_ante_lines() -> None:
    # each tournament hand of the folder that prints its antes and agrees,
    # dealt again with its ante posts taken out: the pot gives the printed
    # ante back and the same payoffs, or (where the pot cannot tell the
    # ante from an uncalled bet the site does not print) the hand is the
    # site's record or adds up without antes; never our rules, never
    # another ante
    if not DATA.is_dir():
        pytest.skip(f"real hand histories not found at {DATA}")
    from dataclasses import replace

    same = other = 0
    for path in find_online_files([DATA]):
        for result in replay_online_file(path):
            hand = result.hand
            if hand is None or not hand.is_tournament:
                continue
            antes = [p.chips for p in hand.posts if p.kind is PostKind.ANTE]
            if result.outcome is not Outcome.AGREES or not antes:
                continue
            posts = tuple(p for p in hand.posts if p.kind is not PostKind.ANTE)
            bare, state, names = replay_online_state(replace(hand, posts=posts))
            assert bare.reason is not Reason.OUR_RULES, (result.label, bare.message)
            assert bare.hand is not None
            if bare.hand.inferred_ante:
                assert bare.hand.inferred_ante == max(antes), result.label
                assert state is not None
                assert dict(zip(names, state.payoffs, strict=True)) == _payoffs(
                    result
                ), result.label
                same += 1
            else:
                other += 1
    # of 1359 such hands in 19 rooms' files when this was written, 1337
    # gave their ante back; 4 add up without antes (the antes equal an
    # uncalled bet the site does not print), 18 are the site's record or
    # malformed (a hand of antes only loses its every line, say)
    assert same >= 1337
    assert other <= 22

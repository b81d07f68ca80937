"""iPoker XML: parsing and replay on a session written here.

The session is shaped like the recorded ones: a raise's sum is its street
total, other sums the chips added, and ``win`` includes an uncalled bet.
"""

from __future__ import annotations

from online_real_files import agrees, real_hand, replay_real

from holdem.history.online import (
    OnlineReplay,
    Outcome,
    PostKind,
    Reason,
    detect,
    replay_online_text,
)
from holdem.history.online.ipoker import _GAME, PARSER, _games

SESSION = """\
<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
<general>
<mode>real</mode>
<gametype>Holdem NL $0.02/$0.04</gametype>
<tablename>Pastel, 262225321</tablename>
</general>
<game gamecode="3051020449">
<general>
<players>
<player seat="8" name="Button" chips="$5.08" dealer="1" win="$0" bet="$0"/>
<player seat="9" name="Small" chips="$2.10" dealer="0" win="$1.99" bet="$1"/>
<player seat="10" name="Big" chips="$1" dealer="0" win="$0" bet="$1"/>
</players>
</general>
<round no="0">
<action no="1" player="Small" type="1" sum="$0.02" cards="[cards]"/>
<action no="2" player="Big" type="2" sum="$0.04" cards="[cards]"/>
</round>
<round no="1">
<cards type="Pocket" player="Small">HA DA</cards>
<cards type="Pocket" player="Big">C10 D7</cards>
<action no="3" player="Button" type="0" sum="$0" cards=""/>
<action no="4" player="Small" type="23" sum="$0.12" cards=""/>
<action no="6" player="Small" type="3" sum="$0.88" cards=""/>
<action no="5" player="Big" type="23" sum="$1" cards=""/>
</round>
<round no="2"><cards type="Flop" player="">HQ H7 S2</cards></round>
<round no="3"><cards type="Turn" player="">S3</cards></round>
<round no="4"><cards type="River" player="">C4</cards></round>
</game>
</session>
"""


def test_detects_ipoker_xml() -> None:
    assert detect(SESSION) is PARSER


def test_parses_players_posts_and_actions_in_order_of_no() -> None:
    (text,) = PARSER.split(SESSION, "ipoker.xml")
    hand = PARSER.parse(text)
    assert (hand.hand_id, hand.button) == ("3051020449", 8)
    assert (hand.small_blind, hand.big_blind) == (2, 4)
    assert [(p.player, p.kind, p.chips) for p in hand.posts] == [
        ("Small", PostKind.SMALL_BLIND, 2),
        ("Big", PostKind.BIG_BLIND, 4),
    ]
    # no 5 (Big raises to 1.00) comes before no 6 (Small calls 0.88)
    assert [(a.player, a.kind.value, a.chips) for a in hand.actions] == [
        ("Button", "fold", 0),
        ("Small", "raise", 12),
        ("Big", "raise", 100),
        ("Small", "call", 88),
    ]
    assert [(c.player, c.chips) for c in hand.collected] == [("Small", 199)]


def test_session_hand_agrees() -> None:
    # 2 x 1.00 = 2.00 in the pot; Small's aces win 1.99 (0.01 rake)
    (result,) = replay_online_text(SESSION, "ipoker.xml")
    assert result.outcome is Outcome.AGREES


def test_broken_xml_is_unreadable() -> None:
    broken = SESSION.replace('<round no="3">', '<round no="3"', 1)
    (result,) = replay_online_text(broken, "ipoker.xml")
    assert result.outcome is Outcome.UNREADABLE
    assert "ipoker.xml" in result.message


def test_games_are_found_where_the_game_pattern_finds_them() -> None:
    text = (
        '<session><game gamecode="1">\n<round no="0"/>\n</game>'
        "<gamecode>x</gamecode><game_x></game_x>"
        '<game gamecode="2"></game><game>unclosed'
    )
    closed = [(found.start(), found.end()) for found in _GAME.finditer(text)]
    assert [text[a:b][:21] for a, b in closed] == [
        '<game gamecode="1">\n<',
        '<game gamecode="2"></',
    ]
    # the last <game>, never closed (a truncated file), runs to the end
    assert _games(text) == [*closed, (text.rindex("<game>"), len(text))]


def test_a_game_the_file_ends_inside_is_counted_unreadable() -> None:
    # a truncated session: the second <game> has no </game>
    cut = SESSION.index("</game>") + len("</game>")
    truncated = SESSION[:cut] + SESSION[SESSION.index("<game ") : cut - 20]
    first, second = replay_online_text(truncated, "ipoker.xml")
    assert first.outcome is Outcome.AGREES
    assert second.outcome is Outcome.UNREADABLE
    assert second.reason is Reason.MALFORMED
    assert "truncated XML" in second.message
    assert "ipoker.xml" in second.message


def _real(relative: str, hand_id: str) -> OnlineReplay:
    (result,) = [r for r in replay_real(relative) if r.hand_id == hand_id]
    return result


def test_R_TABLE_6_big_blind_post_over_the_big_blind_is_both_blinds() -> None:
    # hand 3051017927 ($0.02/$0.04): Player0, out of position, posts 0.06
    # (type 2): the 0.04 big blind live and 0.02 dead, so the small blind
    # Player6 calls 0.02 more; Player11 raises to 0.16 and wins 0.26 (its
    # 0.12 uncalled, 0.06 + 0.04 + 0.04)
    result = _real("iPoker/cash/NLHE-USD-0.02-0.04-201111.txt", "3051017927")
    assert result.hand is not None
    posts = [(p.player, p.kind, p.chips) for p in result.hand.posts]
    assert ("Player0", PostKind.SMALL_AND_BIG_BLINDS, 6) in posts
    assert [(c.player, c.chips) for c in result.hand.collected] == [("Player11", 26)]
    assert agrees(result), result.message


def test_R_HISTORY_1_real_games_whose_nickname_is_not_seated_have_no_hero() -> None:
    # the session's <nickname>Hero</nickname> has no seat in the game and
    # every pocket the deal shows is "X X": a card catcher's, an observer's
    caught = real_hand(
        "iPoker/tour/NLHE-USD-10-1-201901.card.catcher.txt", "3826297126"
    )
    assert caught.hero is None
    assert caught.table == "Table47D10000Guaranteed10KChips10MinuteLevels21387633"
    # Hero is not seated in the session's first game; the two pockets shown
    # (Player4, Player6) are the showdown's, not a private deal
    first = real_hand(
        "iPoker/cash/NLHE-EUR-0.01-0.02-201701.new.datetime.format.txt", "3858162574"
    )
    assert (first.table, first.hero) == ("Ajaccio, 486280776", None)

"""Site-reader fixes, each read from a real file in ../shared/data/hh in place.

The values asserted are the ones the sites printed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from holdem.cards import parse_cards as cards
from holdem.cli.main import cli
from holdem.history.online import (
    Outcome,
    Reason,
    replay_online_file,
    replay_online_text,
    summarize,
    summary_lines,
)
from holdem.history.online.model import OnlineHand, PostKind
from holdem.history.online.outcome import OnlineReplay
from holdem.rules.config import Structure

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"online hand histories not found at {DATA}"
)


def _results(name: str) -> list[OnlineReplay]:
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"{path} not found")
    return replay_online_file(path)


def _hand(result: OnlineReplay) -> OnlineHand:
    assert result.hand is not None, result.message
    return result.hand


def test_R_TABLE_6_pkr_dead_part_of_a_returning_post_is_dead() -> None:
    # "Player2 posts $2" then "Player2 posts $1 dead": $2 live, $1 dead; the
    # big blind checks pre-flop, the pot is $6 and "Player1 wins $5.70"
    (result,) = _results("PKR/cash/NLHE-USD-1.00-2.00-201108.post.both.txt")
    assert result.outcome is Outcome.AGREES, result.message
    hand = _hand(result)
    posts = [(p.player, p.kind, p.chips) for p in hand.posts if p.player == "Player2"]
    assert posts == [
        ("Player2", PostKind.BIG_BLIND, 200),
        ("Player2", PostKind.DEAD_SMALL_BLIND, 100),
    ]
    assert [(c.player, c.chips) for c in hand.collected] == [("Player1", 570)]


def test_R_TABLE_6_pkr_dead_chip_after_a_zero_post_stays_in_the_pot() -> None:
    # "Player5 posts $0" then "posts $0.02 dead"; "Player5 wins $0.12"
    (result,) = _results("PKR/cash/NLHE-10max-USD-0.02-0.04-201208.secondsb.txt")
    assert result.outcome is Outcome.AGREES, result.message
    hand = _hand(result)
    posts = [(p.player, p.kind, p.chips) for p in hand.posts if p.player == "Player5"]
    assert posts == [("Player5", PostKind.DEAD_SMALL_BLIND, 2)]
    assert [(c.player, c.chips) for c in hand.collected] == [("Player5", 12)]


STARS_MUCK = "Stars/cash/NLHE-6max-EUR-0.05-0.10-200911.txt"


def _stars_hand(name: str, hand_id: str) -> str:
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"{path} not found")
    text = path.read_text(encoding="utf-8")
    start = text.index(f"PokerStars Game #{hand_id}:")
    end = text.find("\n\n\n", start)
    return text[start : end if end >= 0 else len(text)] + "\n"


def test_R_SHOW_2_pokerstars_mucked_hand_is_read_and_does_not_contend() -> None:
    # "Hero: mucks hand", "Seat 4: Hero (big blind) mucked [As 8h]";
    # "Player7 collected €1.72 from pot" with a straight
    text = _stars_hand(STARS_MUCK, "35602302569")
    (result,) = replay_online_text(text)
    assert result.outcome is Outcome.AGREES, result.message
    hand = _hand(result)
    assert hand.mucked == ("Hero",)
    assert [(c.player, c.chips) for c in hand.collected] == [("Player7", 172)]


def test_R_SHOW_2_pokerstars_mucked_stronger_hand_still_loses_the_pot() -> None:
    # the same hand with the hero's mucked cards made a flush (As Ks on
    # 5s Jd 2c 8s 7s beats Player7's straight): mucked, it does not contend,
    # so the site's €1.72 to Player7 still agrees
    text = _stars_hand(STARS_MUCK, "35602302569").replace("[As 8h]", "[As Ks]")
    (result,) = replay_online_text(text)
    assert result.outcome is Outcome.AGREES, result.message
    assert [(c.player, c.chips) for c in _hand(result).collected] == [("Player7", 172)]


def test_R_NL_1_ipoker_spanish_sin_limite_is_no_limit() -> None:
    # <gametype>Holdem SL $0.01/$0.02</gametype>; Player6 win="$0.08"
    (result,) = _results(
        "iPoker/cash/NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml"
    )
    assert result.outcome is Outcome.AGREES, result.message
    hand = _hand(result)
    assert hand.structure is Structure.NO_LIMIT
    assert [(c.player, c.chips) for c in hand.collected] == [("Player6", 8)]


def test_R_NL_1_ipoker_russian_bez_limita_is_no_limit() -> None:
    # <gametype>Holdem BL (Cyrillic) EUR 0.25/0.50</gametype>; win="€0.75"
    (result,) = _results("iPoker/cash/NLHE-EUR-0.25-0.50-201202.Russian.NL.txt")
    assert result.outcome is Outcome.AGREES, result.message
    hand = _hand(result)
    assert hand.structure is Structure.NO_LIMIT
    assert [c.chips for c in hand.collected] == [75]


def test_R_DECK_1_888_russian_rank_letters_are_read() -> None:
    # cp1251 "[ 9s, Vh, 2s ]" .. "[ Dc ]" (valet, dama); "Player0 shows
    # [ 2d, Td ]" (tuz: ace) with a pair of twos beats "Player1 shows
    # [ 8c, Tc ]" (ace high) and "Player0 collected [ 1,26$ ]"
    (result,) = _results(
        "PacificPoker/cash/888-NLHE-USD-0.02-0.04-201107.russian.cards.txt"
    )
    assert result.outcome is Outcome.AGREES, result.message
    hand = _hand(result)
    assert hand.board == cards("9s Jh 2s 5h Qc")
    assert dict(hand.hole_cards)["Player0"] == cards("2d Ad")
    assert [(c.player, c.chips) for c in hand.collected] == [("Player0", 126)]


def test_R_DECK_1_888_french_suit_letters_are_read() -> None:
    # "Dealt to Hero [ 7p, 8t ]" (pique, trefle), flop "[ Kd, 2p, 5d ]";
    # "Player3 collected [ 105 € ]"
    (result,) = _results("PacificPoker/tour/NLHE-6max-SNG-0.10-201206.hands.txt")
    assert result.outcome is Outcome.AGREES, result.message
    hand = _hand(result)
    assert dict(hand.hole_cards)["Hero"] == cards("7s 8c")
    assert hand.board == cards("Kd 2s 5d")
    assert [(c.player, c.chips) for c in hand.collected] == [("Player3", 105)]


def test_per_site_table_groups_a_room_printed_under_several_names() -> None:
    # "Bodog UK", "Bodog.com" and "Bodog.eu" head these files: one room
    names = [
        "Bovada/cash/NLHE-6max-USD - $0.25-$0.50 - 201804.bodog.eu.txt",
        "Bovada/cash/NLHE-USD-$2-$4-201209.Bodog.UK.txt",
        "Bovada/cash/NLHE-USD - $1.00-$2.00 - 202104.Bodog.com.MVS.txt",
    ]
    results = [r for name in names for r in _results(name)]
    (room,) = summarize(results).sites
    assert room.site == "Bodog"
    assert room.printed == ("Bodog UK", "Bodog.com", "Bodog.eu")
    assert room.found == len(results) == 3
    assert "Bodog printed as: Bodog UK, Bodog.com, Bodog.eu" in summary_lines(
        summarize(results)
    )


TBG = "TheBigGame/cash/TheBigGame.S1E0{}.txt"


def _tbg(episode: int, hand_id: str) -> OnlineReplay:
    (result,) = [r for r in _results(TBG.format(episode)) if r.hand_id == hand_id]
    return result


def test_R_BET_4_thebiggame_fold_after_check_check_is_a_malformed_record() -> None:
    # d1h38 (file line 76): flop "Player6 Checks", "Player5 Checks", then
    # "Player6 Folds": the round had closed; "Player5 Wins 3000"
    result = _tbg(1, "d1h38")
    assert result.outcome is Outcome.DIFFERS
    assert result.reason is Reason.MALFORMED
    assert result.message.startswith("line 76: Player6 folds after the betting")


def test_R_SHOW_2_thebiggame_winner_without_cards_is_a_malformed_record() -> None:
    # d4h144: Player2 "Cards:[]" checks the river behind and "Wins 42400"
    result = _tbg(4, "d4h144")
    assert result.outcome is Outcome.DIFFERS
    assert result.reason is Reason.MALFORMED
    assert "Player2 collects 42400 on the site" in result.message
    assert "does not give the cards of Player2" in result.message


def test_thebiggame_messages_name_the_real_line_never_line_0() -> None:
    # every hand is one LoadHand line; d1h92 is on line 184 of the file
    results = _results(TBG.format(1))
    assert not [r.message for r in results if "line 0:" in r.message]
    assert _tbg(1, "d1h92").message.startswith("line 184: ")


def test_show_prints_a_malformed_record_as_recorded_with_the_reason_on_top() -> None:
    path = DATA / TBG.format(4)
    if not path.is_file():
        pytest.skip(f"{path} not found")
    result = CliRunner().invoke(cli, ["show", str(path), "--hand", "144"])
    assert result.exit_code == 0, result.output
    first, second = result.output.splitlines()[:2]
    assert first.startswith("Not replayed: differs (malformed file)")
    assert "hand d4h144 as recorded by TheBigGame" in second
    # "Wins", value 42400
    assert "  Player2 collected 42400 from pot" in result.output


def test_show_says_a_manifest_is_not_a_hand_history() -> None:
    path = DATA / "MANIFEST.tsv"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    result = CliRunner().invoke(cli, ["show", str(path)])
    assert result.exit_code == 2
    assert "is not a hand history we read" in result.output

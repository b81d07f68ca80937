"""Replaying PHH histories through the engine: mapping, outcomes, rule ids."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from holdem.engine import ShowAllIn
from holdem.history import Outcome, load, loads, replay_history

DATA = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "phh"
needs_data = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"real PHH data not found at {DATA}"
)


def hand(
    actions: list[str],
    *,
    variant: str = "NT",
    blinds: str = "[1, 2, 0]",
    antes: str = "[0, 0, 0]",
    stacks: str = "[200, 200, 200]",
    finishing: str | None = None,
    winnings: str | None = None,
) -> str:
    limits = "small_bet = 2\nbig_bet = 4" if variant == "FT" else "min_bet = 2"
    quoted = ", ".join(f'"{a}"' for a in actions)
    text = (
        f'variant = "{variant}"\nantes = {antes}\nblinds_or_straddles = {blinds}\n'
        f"{limits}\nstarting_stacks = {stacks}\nactions = [{quoted}]\n"
    )
    if finishing is not None:
        text += f"finishing_stacks = {finishing}\n"
    if winnings is not None:
        text += f"winnings = {winnings}\n"
    return text


DEAL3 = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 7h6h"]
# p1 bets the river and p2 calls: p1 shows first (R-SHOW-2), AA beats KK.
TO_RIVER = [
    *DEAL3,
    "p3 f",
    "p1 cc",
    "p2 cc",
    "d db 2c7d9h",
    "p1 cc",
    "p2 cc",
    "d db Th",
    "p1 cc",
    "p2 cc",
    "d db 3s",
    "p1 cbr 10",
    "p2 cc",
]


# ------------------------------------------------------------ real hands


@needs_data
def test_pluribus_preflop_fold_stacks() -> None:
    result = replay_history(load(DATA / "pluribus" / "30" / "0.phh"))
    assert result.outcome is Outcome.REPRODUCED
    assert result.state is not None
    assert result.state.stacks == [9950, 9900, 10000, 10000, 10150, 10000]


@needs_data
def test_dwan_ivey_all_in_shows_are_confirmations() -> None:
    result = replay_history(load(DATA / "historical" / "dwan-ivey-2009.phh"))
    assert result.outcome is Outcome.REPRODUCED, result.message
    state = result.state
    assert state is not None
    # Dwan's seven-high straight beats Ivey's wheel; Dwan's all-in is called.
    assert state.stacks == [572100, 1997500, 1109500]
    assert [e.seat for e in state.events if isinstance(e, ShowAllIn)] == [0, 2]
    assert result.reorders == 0 and result.added_shows == 0


@needs_data
def test_odd_chip_record_is_a_whole_chip_split_R_POT_3() -> None:
    result = replay_history(load(DATA / "pluribus" / "32" / "23.phh"))
    assert result.outcome is Outcome.REPRODUCED
    assert result.whole_chip_split
    assert result.state is not None
    # The 20775-chip pot splits between p3 and p6; p3, first left of the
    # button, gets the odd chip (the record has 10387.5 each).
    assert result.state.stacks == [9950, 9275, 10388, 10000, 10000, 10387]


@needs_data
def test_wsop_fixed_limit_hand() -> None:
    result = replay_history(load(DATA / "wsop-2023-43-day5" / "35.phh"))
    assert result.outcome is Outcome.REPRODUCED, result.message
    assert result.state is not None
    assert result.state.stacks == [13725000, 7550000, 3150000, 3800000, 1475000]


@needs_data
def test_wsop_big_blind_ante_hand() -> None:
    result = replay_history(load(DATA / "wsop-2023-43-day5" / "2.phh"))
    assert result.outcome is Outcome.REPRODUCED, result.message
    assert result.state is not None
    assert result.state.stacks == [3735000, 4115000, 8765000, 4545000, 8545000]


# ------------------------------------------------------------ mapping


def test_heads_up_blinds_are_reversed_R_TABLE_2() -> None:
    text = hand(
        [
            "d dh p1 AsAd",
            "d dh p2 KsKd",
            "p2 cbr 6",  # the button (small blind) acts first pre-flop
            "p1 cc",
            "d db 2c7d9h",
            "p1 cc",  # the big blind acts first after the flop
            "p2 cbr 10",
            "p1 cc",
            "d db Th",
            "p1 cc",
            "p2 cc",
            "d db 3s",
            "p1 cc",
            "p2 cc",
            "p1 sm AsAd",
            "p2 sm KsKd",
        ],
        blinds="[1, 2]",
        antes="[0, 0]",
        stacks="[100, 100]",
        finishing="[116, 84]",  # PokerKit gives the same stacks
    )
    result = replay_history(loads(text))
    assert result.outcome is Outcome.REPRODUCED, result.message


def test_river_showdown_in_record_order() -> None:
    text = hand([*TO_RIVER, "p1 sm AsAd", "p2 sm"], finishing="[212, 188, 200]")
    result = replay_history(loads(text))
    assert result.outcome is Outcome.REPRODUCED, result.message
    assert result.reorders == 0


def test_show_order_is_rearranged_to_R_SHOW_2() -> None:
    text = hand([*TO_RIVER, "p2 sm", "p1 sm AsAd"], finishing="[212, 188, 200]")
    result = replay_history(loads(text))
    assert result.outcome is Outcome.REPRODUCED, result.message
    assert result.reorders == 1


def test_record_ending_in_the_showdown_shows_known_hands() -> None:
    result = replay_history(loads(hand(TO_RIVER, finishing="[212, 188, 200]")))
    assert result.outcome is Outcome.REPRODUCED, result.message
    assert result.added_shows == 2


def test_winner_may_show_after_everyone_folds() -> None:
    text = hand([*DEAL3, "p3 cbr 6", "p1 f", "p2 f", "p3 sm 7h6h"])
    assert replay_history(loads(text)).outcome is Outcome.REPRODUCED


def test_unknown_hole_cards_shown_at_showdown() -> None:
    actions = [a.replace("KsKd", "????") for a in TO_RIVER]
    text = hand([*actions, "p1 sm AsAd", "p2 sm KsKd"], finishing="[212, 188, 200]")
    result = replay_history(loads(text))
    assert result.outcome is Outcome.REPRODUCED, result.message


def test_no_finishing_stacks_means_chips_balance() -> None:
    result = replay_history(loads(hand([*DEAL3, "p3 f", "p1 f"])))
    assert result.outcome is Outcome.REPRODUCED
    assert result.state is not None and result.state.stacks == [199, 201, 200]


# ------------------------------------------------------------ differences


def test_wrong_finishing_stacks_differ() -> None:
    result = replay_history(
        loads(hand([*DEAL3, "p3 f", "p1 f"], finishing="[199, 200, 201]"))
    )
    assert result.outcome is Outcome.DIFFER
    assert result.message == (
        "finishing_stacks differ after the last action:"
        " p2 expected 200 got 201, p3 expected 201 got 200"
    )


def test_all_in_show_with_other_cards_differs() -> None:
    text = hand([*DEAL3, "p3 cbr 200", "p1 f", "p2 cc", "p2 sm KsKh", "p3 sm 7h6h"])
    result = replay_history(loads(text))
    assert result.outcome is Outcome.DIFFER
    assert result.action_index == 6
    assert result.message.startswith(
        'actions[6] "p2 sm KsKh": expected p2 to show KsKh'
    )


def test_river_show_of_other_cards_differs() -> None:
    text = hand([*TO_RIVER, "p1 sm AsAc", "p2 sm"])
    result = replay_history(loads(text))
    assert result.outcome is Outcome.DIFFER
    assert result.message == (
        'actions[15] "p1 sm AsAc": expected p1 to show AsAc, got AsAd (dealt to p1)'
    )


def test_record_mucking_a_face_up_all_in_hand_differs() -> None:
    text = hand([*DEAL3, "p3 cbr 200", "p1 f", "p2 cc", "p2 sm"])
    result = replay_history(loads(text))
    assert result.outcome is Outcome.DIFFER
    assert result.message == (
        'actions[6] "p2 sm": the record mucks p2, but the hand is face up'
        " (R-SHOW-3: all-in hands are turned face up)"
    )


def test_unknown_winner_may_show_after_everyone_folds() -> None:
    actions = [a.replace("7h6h", "????") for a in DEAL3]
    text = hand([*actions, "p3 cbr 6", "p1 f", "p2 f", "p3 sm 7h6h"])
    assert replay_history(loads(text)).outcome is Outcome.REPRODUCED


def test_record_that_stops_early_differs_without_finishing_stacks() -> None:
    result = replay_history(loads(hand([*DEAL3, "p3 cc"])))
    assert result.outcome is Outcome.DIFFER
    assert result.message == (
        'actions[3] "p3 cc": the record ends before the hand is complete: p1 must'
        " act (fold, call 1, raise to 4..200); 5 chips still in the pot [R-BET-4]"
    )


@pytest.mark.parametrize("finishing", [None, "[198, 198, 198]"])
def test_cut_off_record_differs_even_if_stacks_match_R_POT_4(
    finishing: str | None,
) -> None:
    # The betting is over and the dealer must deal the flop: 6 chips are in
    # the pot and were never awarded, whatever finishing_stacks say.
    text = hand([*DEAL3, "p3 cc", "p1 cc", "p2 cc"], finishing=finishing)
    result = replay_history(loads(text))
    assert result.outcome is Outcome.DIFFER
    assert result.action_index == 5
    assert result.message == (
        'actions[5] "p2 cc": the record ends before the hand is complete: the'
        " dealer must deal the flop; 6 chips still in the pot [R-BET-4]"
    )


@pytest.mark.parametrize(
    ("actions", "task"),
    # The rule cited is the one for the step due, not chip conservation
    # (R-POT-4): hole cards before any betting (R-DEAL-1), a betting round
    # over so the next street is due (R-BET-4), an all-in run-out (R-BET-5).
    [
        ([], "the dealer must deal hole cards to p1; 3 chips [R-DEAL-1]"),
        (DEAL3[:2], "the dealer must deal hole cards to p3; 3 chips [R-DEAL-1]"),
        (
            [
                *DEAL3,
                "p3 cc",
                "p1 cc",
                "p2 cc",
                "d db 2c7d9h",
                "p1 cc",
                "p2 cc",
                "p3 cc",
            ],
            "the dealer must deal the turn; 6 chips [R-BET-4]",
        ),
        (
            TO_RIVER[:-3],
            "the dealer must deal the river; 4 chips [R-BET-4]",
        ),
        (
            [*DEAL3, "p3 cbr 200", "p1 f", "p2 cc"],
            "the dealer must deal the flop; 401 chips [R-BET-5]",
        ),
    ],
)
def test_cut_off_record_names_the_next_step(actions: list[str], task: str) -> None:
    text = hand(actions, finishing="[1, 1, 1]")
    result = replay_history(loads(text))
    assert result.outcome is Outcome.DIFFER
    before, rule = task.split(" [")
    assert result.message.endswith(
        f"the record ends before the hand is complete: {before} still in the pot"
        f" [{rule}"
    )
    assert "R-POT-4" not in result.message


def test_record_ending_at_the_showdown_is_completed_not_cut_off() -> None:
    # Missing shows at a river showdown are inferred (R-SHOW-2), so the hand
    # completes and the finishing stacks are compared.
    text = hand(TO_RIVER, finishing="[212, 188, 200]")
    assert replay_history(loads(text)).outcome is Outcome.REPRODUCED


# ------------------------------------------------------------ winnings

# p1 folds; p2 and p3 split a 5-chip pot: p2, first left of the button, gets
# the odd chip (R-POT-3).
SPLIT = [
    "d dh p1 AsAd",
    "d dh p2 KsKd",
    "d dh p3 KhKc",
    "p3 cc",
    "p1 f",
    "p2 cc",
    "d db 2c7d9h",
    "p2 cc",
    "p3 cc",
    "d db Th",
    "p2 cc",
    "p3 cc",
    "d db 3s",
    "p2 cc",
    "p3 cc",
    "p2 sm KsKd",
    "p3 sm KhKc",
]


def test_winnings_equal_to_the_pots_awarded_are_reproduced() -> None:
    text = hand(SPLIT, finishing="[199, 201, 200]", winnings="[0, 3, 2]")
    result = replay_history(loads(text))
    assert result.outcome is Outcome.REPRODUCED, result.message
    assert not result.whole_chip_split


def test_wrong_winnings_differ() -> None:
    text = hand(SPLIT, finishing="[199, 201, 200]", winnings="[0, 2, 3]")
    result = replay_history(loads(text))
    assert result.outcome is Outcome.DIFFER
    assert result.action_index is None
    assert result.message == (
        "winnings (pots collected) differ after the last action:"
        " p2 expected 2 got 3, p3 expected 3 got 2"
    )


def test_half_chip_winnings_are_a_whole_chip_split_R_POT_3() -> None:
    text = hand(SPLIT, finishing="[199, 200.5, 200.5]", winnings="[0, 2.5, 2.5]")
    result = replay_history(loads(text))
    assert result.outcome is Outcome.REPRODUCED, result.message
    assert result.whole_chip_split
    text = hand(SPLIT, winnings="[0.0, 2.5, 2.5]")  # winnings alone
    result = replay_history(loads(text))
    assert result.outcome is Outcome.REPRODUCED and result.whole_chip_split


def test_returned_uncalled_bet_is_not_winnings_R_BET_7() -> None:
    actions = [*DEAL3, "p3 cbr 200", "p1 f", "p2 f"]
    # p3 gets back 198 uncalled chips and wins the 5-chip pot.
    ok = replay_history(loads(hand(actions, winnings="[0, 0, 5]")))
    assert ok.outcome is Outcome.REPRODUCED, ok.message
    wrong = replay_history(loads(hand(actions, winnings="[0, 0, 203]")))
    assert wrong.outcome is Outcome.DIFFER
    assert wrong.message.endswith("p3 expected 203 got 5")


def test_finishing_stacks_are_compared_before_winnings() -> None:
    text = hand(SPLIT, finishing="[199, 200, 201]", winnings="[0, 2, 3]")
    result = replay_history(loads(text))
    assert result.outcome is Outcome.DIFFER
    assert result.message.startswith("finishing_stacks differ after the last action:")


# ------------------------------------------------------------ messages


def test_engine_card_reprs_are_written_as_cards() -> None:
    from holdem.history.replay import _players

    assert (
        _players(
            "seat 0: board cards: expected 3 card(s), got"
            " (Card.parse('Ac'), Card.parse('Kc')) [R-DEAL-3]"
        )
        == "p1: board cards: expected 3 card(s), got AcKc [R-DEAL-3]"
    )
    assert _players("got Card.parse('Td') and Card.parse(\"9h\")") == "got Td and 9h"


def test_wrong_board_size_message_shows_cards_not_reprs() -> None:
    result = replay_history(
        loads(hand([*DEAL3, "p3 cc", "p1 cc", "p2 cc", "d db AcKc"]))
    )
    assert "Card.parse" not in result.message and "Card(" not in result.message
    assert "AcKc" in result.message


# ------------------------------------------------------------ illegal


@pytest.mark.parametrize(
    ("actions", "variant", "rule", "index"),
    [
        ([*DEAL3, "p3 cbr 3"], "NT", "R-NL-2", 3),  # min raise is to 4
        ([*DEAL3, "p1 f"], "NT", "R-BET-2", 3),  # p3 acts first pre-flop
        (["d dh p1 AsAd", "d dh p2 AsKs"], "NT", "R-DECK-1", 1),  # As dealt twice
        (["d dh p2 AsAd"], "NT", "R-DEAL-1", 0),  # p1 is dealt first
        ([*DEAL3, "p3 cc", "d db 2c7d9h"], "NT", "R-BET-4", 4),  # betting still open
        ([*DEAL3, "p3 f", "p1 f", "p3 cc"], "NT", "R-SHOW-1", 5),  # hand over
        (["d dh p1 AsAd", "p3 f"], "NT", "R-DEAL-1", 1),  # cards still to deal
        ([*DEAL3, "p3 cc", "p1 cc", "p2 cc", "p1 cc"], "NT", "R-BET-4", 6),
        ([*DEAL3, "p3 cbr 200", "p1 f", "p2 cc", "p2 cc"], "NT", "R-BET-5", 6),
        ([*DEAL3, "p3 cbr 8"], "PT", "R-PL-1", 3),  # pot limit: at most 7
        ([*DEAL3, "p3 cbr 5"], "FT", "R-FL-1", 3),  # fixed limit: only 4
    ],
)
def test_refused_actions_are_illegal_with_rule_id(
    actions: list[str], variant: str, rule: str, index: int
) -> None:
    result = replay_history(loads(hand(actions, variant=variant)))
    assert result.outcome is Outcome.ILLEGAL
    assert re.findall(r"\[R-[A-Z0-9-]+\]", result.message) == [f"[{rule}]"]
    assert result.action_index == index
    assert result.message.startswith(f"actions[{index}] ")
    assert "\n" not in result.message


def test_pot_sized_raise_is_legal_R_PL_1() -> None:
    text = hand([*DEAL3, "p3 cbr 7", "p1 f", "p2 f"], variant="PT")
    result = replay_history(loads(text))
    assert result.outcome is Outcome.REPRODUCED
    assert result.state is not None and result.state.stacks == [199, 198, 203]


def test_wrong_board_size_is_unreadable() -> None:
    result = replay_history(
        loads(hand([*DEAL3, "p3 cc", "p1 cc", "p2 cc", "d db AcKc"]))
    )
    assert result.outcome is Outcome.UNREADABLE
    assert result.action_index == 6


def test_history_built_with_infinite_stacks_is_unreadable() -> None:
    from holdem.history import HandHistory

    built = HandHistory(
        "NT", (0, 0), (1, 2), (9, 9), (), min_bet=2, finishing_stacks=(9, math.inf)
    )
    result = replay_history(built)
    assert result.outcome is Outcome.UNREADABLE
    assert result.message == (
        "cannot build the hand: field finishing_stacks: must be finite and"
        " non-negative, got (9, inf)"
    )


@needs_data
def test_R_ANTE_1_big_blind_ante_is_posted_as_recorded() -> None:
    # The record's antes, not the config's one ante per seat: p2 alone
    # posts the 120,000 big blind ante.
    history = load(DATA / "wsop-2023-43-day5" / "2.phh")
    result = replay_history(history)
    assert result.state is not None
    assert result.state.forced.antes == (0, 120000, 0, 0, 0)
    assert result.state.forced.blinds_or_straddles == (40000, 80000, 0, 0, 0)


def test_R_TABLE_2_heads_up_forced_bets_are_posted_reversed() -> None:
    # The same stakes three-handed and heads-up, one after the other: each
    # hand posts its own forced bets (heads-up the button posts the small
    # blind).
    deal = ["d dh p1 ????", "d dh p2 ????"]
    three = replay_history(loads(hand([*deal, "d dh p3 ????", "p3 f", "p1 f"])))
    two = replay_history(
        loads(hand([*deal, "p2 f"], blinds="[1, 2]", antes="[0, 0]", stacks="[9, 9]"))
    )
    assert three.state is not None and two.state is not None
    assert three.state.forced.blinds_or_straddles == (1, 2, 0)
    assert two.state.forced.blinds_or_straddles == (2, 1)
    assert three.outcome is two.outcome is Outcome.REPRODUCED
    assert three.state.stacks == [199, 201, 200]
    assert two.state.stacks == [10, 8]


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("PhhFold(5)", "Fold: no p6 at this hand"),
        ("PhhFold(-1)", "Fold: no seat -1 at this hand"),
        ("PhhCheckCall(7)", "Check: no p8 at this hand"),
    ],
)
def test_history_built_with_a_seat_out_of_range_is_unreadable(
    action: str, message: str
) -> None:
    from holdem.history import HandHistory
    from holdem.history.notation import PhhCheckCall, PhhFold

    made = {"PhhFold": PhhFold, "PhhCheckCall": PhhCheckCall}
    name, seat = action.rstrip(")").split("(")
    built = HandHistory(
        "NT", [0, 0], [1, 2], (9, 9), (made[name](int(seat)),), min_bet=2
    )  # type: ignore[arg-type]
    result = replay_history(built)
    assert result.outcome is Outcome.UNREADABLE
    assert message in result.message

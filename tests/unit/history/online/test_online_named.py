"""NamedReader: the printed amounts turned into the model's actions."""

from __future__ import annotations

from holdem.history.online import ActionKind, HandText, PostKind
from holdem.history.online.named import INFO, NamedReader


def _reader() -> NamedReader:
    reader = NamedReader(HandText("", 1, ("header",)))
    for seat, name in enumerate(("Ann", "Bob", "Cy"), start=1):
        reader.seat(seat, name, 1000)
    reader.post("Ann", PostKind.SMALL_BLIND, 5)
    reader.post("Bob", PostKind.BIG_BLIND, 10)
    return reader


def test_R_BET_1_all_in_is_a_call_up_to_the_bet_and_a_raise_above_it() -> None:
    reader = _reader()
    reader.all_in("Cy", 10)  # reaches the big blind: a call of 10
    reader.all_in("Ann", 40)  # 5 + 40 = 45 over 10: a raise to 45
    kinds = [(a.kind, a.chips, a.is_all_in) for a in reader.actions]
    assert kinds == [(ActionKind.CALL, 10, True), (ActionKind.RAISE, 45, True)]


def test_R_BET_1_call_to_and_added_record_the_chips_added() -> None:
    reader = _reader()
    reader.raise_to("Cy", 30)
    reader.call_to("Ann", 30)  # printed as the street total
    reader.added("Bob", ActionKind.CALL, 20)  # printed as the chips added
    assert [(a.kind, a.chips) for a in reader.actions[1:]] == [
        (ActionKind.CALL, 25),
        (ActionKind.CALL, 20),
    ]
    assert reader.put_in == {"Ann": 30, "Bob": 30, "Cy": 30}


def test_R_BET_7_street_uncalled_bet_is_what_the_top_exceeds_the_next_by() -> None:
    reader = _reader()
    reader.raise_to("Cy", 40)
    reader.fold("Ann")
    reader.call_to("Bob", 40)
    reader.street_to(1)  # nothing uncalled before the flop
    reader.added("Bob", ActionKind.BET, 100)
    reader.all_in("Cy", 60)  # Cy calls 60 of the 100
    reader.close_street()
    assert reader.returns == [("Bob", 40)]


def test_info_lines_inform() -> None:
    assert INFO.match('said, "nh"') and INFO.match("has timed out")
    assert not INFO.match("folds") and not INFO.match("raises to 40")

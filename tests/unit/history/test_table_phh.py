"""PHH of table hands: round trip, replay, PokerKit, and the table's fields."""

from __future__ import annotations

import dataclasses
import datetime
from collections import Counter
from functools import cache
from zoneinfo import ZoneInfo

import pytest
from table_deals import table_records

from holdem.engine.events import AwardPot, ReturnUncalled
from holdem.engine.state import HandState
from holdem.errors import InvalidInputError
from holdem.history import (
    HandHistory,
    Outcome,
    dumps,
    dumps_all,
    history_from_record,
    history_from_state,
    loads,
    loads_all,
    replay_history,
)
from holdem.rules import (
    Bet,
    Call,
    Check,
    DealBoard,
    Fold,
    GameConfig,
    Raise,
    Structure,
)
from holdem.table import HandRecord

START = datetime.datetime(2024, 5, 1, 20, 15, 3, tzinfo=ZoneInfo("Europe/Paris"))


def _fields(history: HandHistory) -> dict[str, object]:
    return {f.name: getattr(history, f.name) for f in dataclasses.fields(history)}


def _bets(events: list[object]) -> list[object]:
    return [e for e in events if isinstance(e, Fold | Check | Call | Bet | Raise)]


def _payouts(events: list[object]) -> list[object]:
    return [e for e in events if isinstance(e, AwardPot | ReturnUncalled)]


@cache
def records() -> tuple[tuple[str, HandRecord], ...]:
    return tuple(table_records())


def test_the_deals_cover_every_feature() -> None:
    """The scenarios hold what the issue asks for (else the tests are weak)."""
    hands = [r for _, r in records()]
    structures = Counter(r.state.config.structure for r in hands)
    assert set(structures) == set(Structure)
    assert any(any(r.state.forced.dead_blinds) for r in hands)  # R-TABLE-6
    assert any(r.straddles for r in hands)  # R-STRADDLE-1
    assert any(r.misdeals for r in hands)  # R-MISDEAL-1
    assert any(r.small_blind is None for r in hands)  # dead small blind
    # R-TABLE-4..6: a live big blind right after the big blind, SB dead
    left = [r for lab, r in records() if lab.startswith("left-of-bb")]
    assert len(left) == 2
    for record in left:
        assert record.small_blind is None
        assert record.state.forced.blinds_or_straddles[:2] == (2, 2)
        assert record.seats[:2] == (record.big_blind, record.posted[0])
    assert any(r.state.config.big_blind_ante for r in hands)
    assert any(r.rake for r in hands)
    assert any(r.level is not None for r in hands)
    side_pots = [
        r for r in hands if any(isinstance(e, AwardPot) and e.pot for e in r.events)
    ]
    assert side_pots


@pytest.mark.parametrize("index", range(len(records())))
def test_table_hands_round_trip_and_replay(index: int) -> None:
    label, record = records()[index]
    history = history_from_record(record, table="Rome", time=START)
    text = dumps(history)
    assert loads(text) == history
    replay = replay_history(loads(text))
    assert replay.outcome is Outcome.REPRODUCED, (label, replay.message)
    assert replay.state is not None
    # the same pots to the same winners, the same bets returned
    assert _payouts(replay.state.events) == _payouts(record.state.events)
    assert tuple(replay.state.stacks) == tuple(record.state.stacks)
    # PHH's finishing_stacks and winnings are after the rake: what the
    # table left each player with (R-POT-4)
    assert history.finishing_stacks == record.finishing_stacks
    assert replay.rake_paid == record.rake_paid
    if record.rake:  # a standard record (no _rake fields) replays the same
        fields = tuple(
            (k, v) for k, v in history.metadata if k not in ("_rake", "_rake_paid")
        )
        plain = replay_history(
            loads(dumps(dataclasses.replace(history, metadata=fields)))
        )
        assert plain.outcome is Outcome.REPRODUCED, (label, plain.message)
        assert plain.rake_paid == record.rake_paid


def test_many_table_hands_in_one_phhs() -> None:
    histories = [history_from_record(r, table=7) for _, r in records()]
    assert list(loads_all(dumps_all(histories))) == histories


def test_table_fields_name_the_seats_button_and_time() -> None:
    record = next(r for lab, r in records() if lab == "dead")
    fields = dict(history_from_record(record, table="Rome", time=START).metadata)
    assert fields["seats"] == record.seats
    assert all(1 <= s <= record.seat_count for s in record.seats)
    assert fields["seat_count"] == 6
    assert fields["table"] == "Rome"
    assert fields["_button"] == record.button
    assert (fields["time"], fields["day"], fields["month"], fields["year"]) == (
        datetime.time(20, 15, 3),
        1,
        5,
        2024,
    )
    assert fields["time_zone"] == "Europe/Paris"


def test_live_button_is_the_last_players_seat() -> None:
    """PHH: the last player has the button; ``_button`` agrees when it is live."""
    live = [record for _, record in records() if record.button in record.seats]
    assert live  # the deals hold hands with a live button
    for record in live:
        fields = dict(history_from_record(record).metadata)
        assert fields["seats"][-1] == fields["_button"]  # type: ignore[index]


def test_an_aware_time_without_iana_zone_is_written_in_utc() -> None:
    _, record = records()[0]
    offset = datetime.timezone(datetime.timedelta(hours=-5))
    time = datetime.datetime(2024, 12, 31, 22, 30, tzinfo=offset)
    fields = dict(history_from_record(record, time=time).metadata)
    assert (fields["time"], fields["day"], fields["month"], fields["year"]) == (
        datetime.time(3, 30),
        1,
        1,
        2025,
    )
    assert fields["time_zone"] == "UTC"


def test_dead_blinds_are_written_and_read_back_R_TABLE_6() -> None:
    dead = [r for _, r in records() if any(r.state.forced.dead_blinds)]
    for record in dead:
        history = loads(dumps(history_from_record(record)))
        seat = record.hand_seat(record.posted[0])
        assert seat is not None
        # post all: the small blind dead, the big blind live (R-TABLE-6)
        assert history.dead_blinds()[seat] == record.state.config.small_blind
        assert history.forced_bets() == record.state.forced


def test_a_tournament_hand_carries_its_level() -> None:
    record = next(r for lab, r in records() if lab == "tournament")
    assert dict(history_from_record(record).metadata)["level"] == 3


def test_rake_fields_only_when_raked() -> None:
    raked = 0
    for _, record in records():
        fields = dict(history_from_record(record).metadata)
        assert ("_rake" in fields) == bool(record.rake)
        rake_paid = fields.get("_rake_paid", ())
        assert fields.get("_rake", 0) == sum(rake_paid)  # type: ignore[arg-type]
        raked += bool(record.rake)
    assert 0 < raked < len(records())  # both kinds of hand are checked


def test_table_name_must_be_a_string_or_number() -> None:
    _, record = records()[0]
    with pytest.raises(InvalidInputError, match="table must be"):
        history_from_record(record, table=1.5)  # type: ignore[arg-type]


def test_malformed_dead_blinds_field_is_refused() -> None:
    text = (
        'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n'
        "min_bet = 2\nstarting_stacks = [200, 200, 200]\nactions = []\n"
        "_dead_blinds = [1, 0]\n"
    )
    with pytest.raises(InvalidInputError, match="_dead_blinds"):
        loads(text).forced_bets()
    assert replay_history(loads(text)).outcome is Outcome.UNREADABLE


# ------------------------------------------------------------------ PokerKit


def _pokerkit_reason(record: HandRecord) -> str | None:
    """Why PokerKit cannot be the oracle of this hand, or ``None``."""
    config, forced = record.state.config, record.state.forced
    if config.structure is Structure.POT_LIMIT:
        return "PHH's PT is holdem's extension; PokerKit has no pot-limit hold'em"
    if any(forced.dead_blinds):
        return "PokerKit ignores the user-defined _dead_blinds"
    blinds = forced.blinds_or_straddles
    top = max(blinds)
    if blinds.count(top) > 1 and len(blinds) > 2:
        # PokerKit opens pre-flop left of the last seat posting the largest
        # blind, and ignores the user-defined _big_blind_seat: a live big
        # blind posted after the big blind (R-TABLE-5, R-TABLE-6) moves its
        # first seat to act (see test_pokerkit_opens_left_of_a_live_post)
        return "a live big blind posted by a new player looks like a straddle"
    if len(set(forced.antes)) > 1:
        return "PokerKit lets a big-blind ante play for what it did not match"
    if min(record.starting_stacks) <= top + max(forced.antes):
        return "a stack all-in on its forced bets: PokerKit lets no one act"
    if config.structure is Structure.FIXED_LIMIT and _raised_past_the_cap(record):
        return "heads-up raising past the cap (R-FL-2 option): PokerKit always caps"
    awards = [e for e in record.events if isinstance(e, AwardPot)]
    if any(e.amount % len(e.shares) > 1 for e in awards):
        return "odd chips shared one at a time (engine before issue 7)"
    return None


def _raised_past_the_cap(record: HandRecord) -> bool:
    """A street with more bets and raises than the cap (the big blind counts)."""
    cap = record.state.config.raise_cap
    if cap is None:
        return False
    count = 1  # pre-flop the big blind counts as the bet (R-FL-2)
    for event in record.events:
        if isinstance(event, DealBoard):
            count = 0
        elif isinstance(event, Bet | Raise):
            count += 1
            if count > cap:
                return True
    return False


def test_pokerkit_plays_table_hands_to_the_same_stacks() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    checked = Counter[str]()
    for label, record in records():
        if _pokerkit_reason(record) is not None:
            continue
        text = dumps(history_from_record(record, table="Rome", time=START))
        theirs = pokerkit.HandHistory.loads(text)
        states = list(theirs)
        assert list(states[-1].stacks) == list(record.state.stacks), label
        # PokerKit reads the table's fields as the standard defines them
        assert list(theirs.seats) == list(record.seats)
        assert (theirs.seat_count, theirs.table, theirs.hand) == (
            record.seat_count,
            "Rome",
            record.number,
        )
        assert (theirs.year, theirs.month, theirs.day) == (2024, 5, 1)
        assert theirs.time == datetime.time(20, 15, 3)
        assert theirs.time_zone == "Europe/Paris"
        checked[label] += 1
    # every structure PokerKit reads, straddles, misdeals and tournaments
    assert {"nl-rake", "fl", "nl-straddles", "misdeal", "tournament"} <= set(checked)
    assert sum(checked.values()) >= 60


# ------------------------------------------- R-TABLE-4..6: _big_blind_seat


def test_R_TABLE_5_record_names_the_big_blind_and_replays_the_same_hand() -> None:
    """Dead small blind, a new player (table seat 5) directly left of the big
    blind (table seat 4) posts 2: PHH's ``[2, 2, 0, ...]`` cannot say which 2
    is the big blind, so ``_big_blind_seat`` (1-based, p1) says it."""
    record = next(r for lab, r in records() if lab == "left-of-bb-new")
    assert (record.big_blind, record.small_blind, record.posted) == (4, None, (5,))
    assert record.seats[:2] == (4, 5)
    history = history_from_record(record)
    fields = dict(history.metadata)
    assert fields["_big_blind_seat"] == 1  # p1 = table seat 4
    assert history.blinds_or_straddles[:2] == (2, 2)
    text = dumps(history)
    assert "_big_blind_seat = 1" in text
    back = loads(text)
    assert back.forced_bets() == record.state.forced
    assert back.big_blind_seat() == back.forced_bets().big_blind == 0
    replay = replay_history(back)
    assert replay.outcome is Outcome.REPRODUCED, replay.message
    assert replay.state is not None
    # the same bets in the same order (PHH keeps no burn cards), same pots
    assert _bets(replay.state.events) == _bets(record.state.events)
    assert _payouts(replay.state.events) == _payouts(record.state.events)
    # R-BET-2: p2 (the new player) acts first pre-flop, p1 (the big blind)
    # closes the round with its option: the bots only check or call
    n = record.state.seats
    preflop = _bets(record.state.events)[:n]
    assert [a.seat for a in preflop] == [*range(1, n), 0]
    assert type(preflop[-1]) is Check


def test_R_TABLE_5_without_the_field_the_amounts_misread_the_big_blind() -> None:
    """The field is needed: dropped, p2 is read as the big blind, and p3 is
    asked first where p2 acted: the record no longer replays."""
    record = next(r for lab, r in records() if lab == "left-of-bb-new")
    history = history_from_record(record)
    kept = tuple((k, v) for k, v in history.metadata if k != "_big_blind_seat")
    bare = loads(dumps(HandHistory(**{**_fields(history), "metadata": kept})))
    assert bare.big_blind_seat() is bare.forced_bets().big_blind is None
    assert replay_history(bare).outcome is not Outcome.REPRODUCED


def test_R_TABLE_6_post_all_record_replays_with_dead_and_live_blinds() -> None:
    record = next(r for lab, r in records() if lab == "left-of-bb-post-all")
    assert (record.big_blind, record.small_blind) == (3, None)
    assert record.seats[:2] == (3, 4) and record.posted == (4,)
    history = loads(dumps(history_from_record(record)))
    fields = dict(history.metadata)
    assert fields["_big_blind_seat"] == 1
    assert history.dead_blinds()[1] == 1  # p2: the missed small blind, dead
    assert history.forced_bets() == record.state.forced
    replay = replay_history(history)
    assert replay.outcome is Outcome.REPRODUCED, replay.message
    assert replay.state is not None
    assert _bets(replay.state.events) == _bets(record.state.events)
    assert _payouts(replay.state.events) == _payouts(record.state.events)
    n = record.state.seats
    preflop = _bets(record.state.events)[:n]
    assert [a.seat for a in preflop] == [*range(1, n), 0]


def test_only_a_given_big_blind_writes_the_field() -> None:
    """A hand built without ``big_blind`` (the amounts decide) gets no field:
    its PHH is as before."""
    state = HandState(GameConfig(), [100, 100, 100])
    assert "_big_blind_seat" not in dict(history_from_state(state).metadata)


@pytest.mark.parametrize("value", ["0", "3", "2.5", "'1'"])
def test_malformed_big_blind_seat_field_is_refused(value: str) -> None:
    """``_big_blind_seat`` must name a player posting a blind (p1 or p2 here)."""
    text = (
        'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n'
        "min_bet = 2\nstarting_stacks = [200, 200, 200]\nactions = []\n"
        f"_big_blind_seat = {value}\n"
    )
    with pytest.raises(InvalidInputError, match=r"_big_blind_seat.*\[1, 2\]"):
        loads(text).forced_bets()
    assert replay_history(loads(text)).outcome is Outcome.UNREADABLE


def test_pokerkit_opens_left_of_a_live_post() -> None:
    """Why PokerKit cannot be the oracle of these hands: it ignores the
    underscore field and opens pre-flop left of the last seat posting the
    largest blind, p3, where the big blind's left is p2 (R-BET-2)."""
    pokerkit = pytest.importorskip("pokerkit")
    record = next(r for lab, r in records() if lab == "left-of-bb-new")
    text = dumps(history_from_record(record))
    theirs = pokerkit.HandHistory.loads(text)
    assert theirs.user_defined_fields.get("_big_blind_seat") == 1
    state = theirs.create_state()
    while state.actor_index is None and state.can_deal_hole():
        state.deal_hole()
    assert state.actor_index == 2  # p3; holdem asks p2 first

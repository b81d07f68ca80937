"""PokerStars-style text: real hands re-dealt, PokerKit's parser, line shapes, totals.

Oracles: two real PokerStars hands in ../shared/data/hh (read in place),
dealt again through the engine and written back, which must give the room's
own lines; PokerKit's ``PokerStarsParser`` (no-limit, no antes or
straddles), which must play our text to the engine's stacks; and, for every
table hand, the shape of every line and the totals the text states.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Callable
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from table_deals import table_records

from holdem.cards import parse_cards
from holdem.engine import HandState
from holdem.engine.events import AwardPot, ReturnUncalled
from holdem.errors import InvalidInputError
from holdem.history import (
    HandHistory,
    Money,
    StarsHand,
    dumps,
    history_from_record,
    loads,
    stars_text,
    stars_texts,
)
from holdem.history.online import Outcome, replay_online_text
from holdem.rules import (
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    ForcedBets,
    GameConfig,
    Muck,
    Raise,
    Show,
    Structure,
)
from holdem.table import HandRecord
from strategies import HandSetup, choices, hand_setups, play

STARS = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "hh" / "Stars"
CET = datetime.timezone(datetime.timedelta(hours=2), "CET")
WET = datetime.timezone(datetime.timedelta(hours=1), "WET")


@cache
def records() -> tuple[tuple[str, HandRecord], ...]:
    return tuple(table_records())


def deal(state: HandState, holes: list[str]) -> None:
    for seat, cards in enumerate(holes):
        state.apply(DealHole(seat, parse_cards(cards)))


def board(state: HandState, cards: str) -> None:
    state.apply(DealBoard(parse_cards(cards)))


def real_hand(path: Path, first_line: str) -> list[str]:
    """The lines of the hand starting with ``first_line`` in a room's file."""
    if not path.is_file():
        pytest.skip(f"{path} not found (../shared/data/hh)")
    lines = path.read_text(encoding="utf-8-sig").splitlines()
    start = lines.index(first_line)
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i].startswith("PokerStars")),
        len(lines),
    )
    return [line for line in lines[start:end] if line.strip()]


# ------------------------------------------------------------- real hands


def test_a_real_cash_hand_is_written_as_the_room_wrote_it() -> None:
    """PokerStars hand #255867983097: uncalled bet, showdown, rake."""
    header = (
        "PokerStars Hand #255867983097:  Hold'em No Limit ($0.02/$0.05 USD) -"
        " 2025/04/24 17:21:34 CET [2025/04/24 11:21:34 ET]"
    )
    real = real_hand(STARS / "cash" / "2025-NL-uncalled-bet.txt", header)
    # hand seats from the button's left: Seat 6 (Hero, small blind) first
    state = HandState(
        GameConfig(small_blind=2, big_blind=5), [577, 602, 500, 884, 298, 283]
    )
    deal(state, ["AsKc", "2c2d", "3h4h", "QdJd", "6s6d", "Ac9c"])
    for action in (Fold(2), Raise(3, 15), Fold(4), Call(5), Call(0), Fold(1)):
        state.apply(action)
    board(state, "Kh7c5d")
    for action in (Check(0), Check(3), Check(5)):
        state.apply(action)
    board(state, "Ad")
    for action in (Bet(0, 48), Fold(3), Call(5)):
        state.apply(action)
    board(state, "3c")
    for action in (Bet(0, 254), Call(5)):  # all-in: both hands face up (R-SHOW-3)
        state.apply(action)
    assert state.is_complete
    hand = StarsHand.from_state(
        state,
        players=("Hero", "Player1", "Player2", "Player3", "Player4", "Player5"),
        number=255867983097,
        seats=(6, 1, 2, 3, 4, 5),
        seat_count=6,
        button=5,
        rake_paid=(36, 0, 0, 0, 0, 0),
        table="Olga",
        time=datetime.datetime(2025, 4, 24, 17, 21, 34, tzinfo=CET),
    )
    ours = stars_text(hand, 6, money=Money("USD")).splitlines()
    # the whole header too: PokerStars' "CET" in April is Paris summer time,
    # six hours ahead of the bracketed New York time
    assert ours == real


def test_a_real_tournament_hand_with_antes_and_side_pots() -> None:
    """PokerStars game #28346217223: four all-in, a main and two side pots."""
    header = (
        "PokerStars Game #28346217223: Tournament #999999999, 1FPP Hold'em No Limit"
        " - Level I (25/50) - 2010/06/04 19:48:21 WET [2010/06/04 14:48:21 ET]"
    )
    real = real_hand(
        STARS / "tour" / "NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt", header
    )
    chatter = ("Player13 is connected", "Player21 re-buys and receives 300 chips")
    real = [line for line in real if not line.startswith(chatter)]
    # the button is Seat 4; hand seats: Seat 5 (Hero), 1, 2, 3, 4
    state = HandState(
        GameConfig(small_blind=25, big_blind=50, ante=10), [945, 1235, 245, 290, 1185]
    )
    deal(state, ["6dJc", "8h9d", "TcAh", "7c7d", "2h2s"])
    for action in (Raise(2, 235), Fold(3), Call(4), Raise(0, 420), Raise(1, 1225)):
        state.apply(action)
    state.apply(Call(4))
    state.apply(Call(0))
    board(state, "5cAsTs")
    board(state, "6c")
    board(state, "6h")
    assert state.is_complete
    hand = StarsHand.from_state(
        state,
        players=("Hero", "Player6", "Player21", "Player12", "Player11"),
        number=28346217223,
        seats=(5, 1, 2, 3, 4),
        seat_count=6,
        button=4,
        level=1,
        table="11",
        time=datetime.datetime(2010, 6, 4, 19, 48, 21, tzinfo=WET),
    )
    ours = stars_text(hand, 5, tournament=999999999).splitlines()
    assert ours[0] == (
        "PokerStars Hand #28346217223: Tournament #999999999, Hold'em No Limit"
        " - Level I (25/50) - 2010/06/04 19:48:21 WET [2010/06/04 14:48:21 ET]"
    )
    assert ours[1] == "Table '999999999 11' 6-max Seat #4 is the button"
    assert ours[2:] == real[2:]
    # with its buy-in as printed, the header is PokerStars' own ("Game" was
    # its older word for "Hand"); a table name already holding the
    # tournament's number (as PHH from PokerStars has it) is not prefixed again
    named = dataclasses.replace(hand, buy_in="1FPP", table="999999999 11")
    ours = stars_text(named, 5, tournament=999999999).splitlines()
    assert ours[0] == header.replace("Game #", "Hand #")
    assert ours[1] == "Table '999999999 11' 6-max Seat #4 is the button"
    for table, written in (
        ("Turbo (#999999999)", "Turbo (#999999999)"),  # iPoker's: held
        ("1999999999 11", "999999999 1999999999 11"),  # a longer number: not it
    ):
        named = dataclasses.replace(hand, table=table)
        ours = stars_text(named, 5, tournament=999999999).splitlines()
        assert ours[1] == f"Table '{written}' 6-max Seat #4 is the button"


# ------------------------------------------------------ PokerKit's parser


def _pokerkit_can_read(record: HandRecord) -> bool:
    """PokerKit's parser reads no-limit blinds only: no antes, straddles, posts."""
    forced = record.state.forced
    return (
        record.state.config.structure is Structure.NO_LIMIT
        and not any(forced.antes)
        and not any(forced.dead_blinds)
        and not record.straddles
        and not record.posted
    )


@pytest.mark.filterwarnings("ignore::UserWarning")  # PokerKit: unknown fields
@pytest.mark.parametrize("tournament", [None, 5], ids=["cash", "tournament"])
@pytest.mark.parametrize("hero", [True, False], ids=["hero", "observer"])
@pytest.mark.parametrize("sized", [True, False], ids=["N-max", "no-size"])
def test_pokerkit_parses_our_text_to_the_engine_stacks(
    tournament: int | None, hero: bool, sized: bool
) -> None:
    notation = pytest.importorskip("pokerkit.notation")
    scale = 100 if tournament is None else 1  # cash: cents as dollars
    checked = 0
    for label, record in records():
        if not _pokerkit_can_read(record):
            continue
        viewer = record.seats[0] if hero else None
        money = Money("USD") if tournament is None else None
        hand = StarsHand.from_record(record)
        if not sized:  # no table size known, a buy-in printed: still read
            hand = dataclasses.replace(hand, seat_count=None, buy_in="$2.00+$0.50")
        text = stars_text(hand, viewer, money=money, tournament=tournament)
        assert ("-max Seat #" in text.splitlines()[1]) is sized
        (parsed,) = notation.PokerStarsParser()(text, error_status=True)
        final = list(parsed)[-1]
        exact = dict(
            zip(parsed.players, (Decimal(s) * scale for s in final.stacks), strict=True)
        )
        # PokerKit keeps the whole pot (it knows no rake): the engine's stacks.
        ours = dict(zip(record.players, record.state.stacks, strict=True))
        # (the one split pot of these hands divides evenly; PokerKit's parser
        # would split an odd-chip tie in fractions of a cent)
        assert exact == ours, (label, record.number)
        checked += 1
    assert checked >= 30


# ------------------------------------------------- every line, every total

_MONEY = r"(?:\$\d+(?:\.\d\d)?|\d+)"
_CARDS = r"\[(?:[2-9TJQKA][cdhs] ?)+\]"
_NAME = r"(?:P|Player)\d+"
_GAME = r"Hold'em (?:No Limit|Pot Limit|Limit)"
_STAKES = rf"\({_MONEY}/{_MONEY}(?: USD)?\)"
_WHEN = (
    r"\d{4}/\d\d/\d\d \d\d:\d\d:\d\d"
    r"(?: \S+(?: \[\d{4}/\d\d/\d\d \d\d:\d\d:\d\d ET\])?)?"
)
_ALL_IN = r"(?: and is all-in)?"
_POSTS = r"(?:the ante|small blind|big blind|straddle|small & big blinds)"
_POTS = r"(?:pot|main pot|side pot|side pot-\d)"
_SIDE_POTS = rf"(?: Main pot {_MONEY}\.(?: Side pot(?:-\d)? {_MONEY}\.)+)?"
_POSITION = r"(?: \(button\))?(?: \((?:small|big) blind\))?"
_OUTCOME = (
    r"(?:folded before Flop(?: \(didn't bet\))?|folded on the (?:Flop|Turn|River)"
    rf"|showed {_CARDS} and (?:won \({_MONEY}\)|lost) with [a-zA-Z ,]+"
    rf"|mucked(?: {_CARDS})?|collected \({_MONEY}\))"
)
LINE_KINDS = {
    "header": (
        rf"PokerStars Hand #\d+: (?: {_GAME} {_STAKES}"
        rf"|Tournament #\d+, {_GAME}(?: - Level [IVXLC]+)? {_STAKES}) - {_WHEN}"
    ),
    "table": r"Table '[^']+'(?: \d+-max)?(?: \(Play Money\))? Seat #\d+ is the button",
    "seat": rf"Seat \d+: {_NAME} \({_MONEY} in chips\)",
    "post": rf"{_NAME}: posts {_POSTS} {_MONEY}{_ALL_IN}",
    "hole cards": r"\*\*\* HOLE CARDS \*\*\*",
    "dealt": rf"Dealt to {_NAME} {_CARDS}",
    "fold/check": rf"{_NAME}: (?:folds|checks)",
    "call/bet": rf"{_NAME}: (?:calls|bets) {_MONEY}{_ALL_IN}",
    "raise": rf"{_NAME}: raises {_MONEY} to {_MONEY}{_ALL_IN}",
    "uncalled": rf"Uncalled bet \({_MONEY}\) returned to {_NAME}",
    "street": rf"\*\*\* (?:FLOP|TURN|RIVER) \*\*\*(?: {_CARDS}){{1,2}}",
    "show down": r"\*\*\* SHOW DOWN \*\*\*",
    "shows": rf"{_NAME}: shows {_CARDS} \([a-zA-Z ,]+\)",
    "mucks": rf"{_NAME}: mucks hand",
    "collected": rf"{_NAME} collected {_MONEY} from {_POTS}",
    "summary": r"\*\*\* SUMMARY \*\*\*",
    "total": rf"Total pot {_MONEY}{_SIDE_POTS} \| Rake {_MONEY}",
    "board": rf"Board {_CARDS}",
    "seat summary": rf"Seat \d+: {_NAME}{_POSITION} {_OUTCOME}",
}


def chips(text: str) -> int:
    """Money text back to chips (cents)."""
    if text.startswith("$"):
        whole, _, cents = text[1:].partition(".")
        return int(whole) * 100 + int(cents or 0)
    return int(text)


def check_text(
    text: str, state: HandState, players: tuple[str, ...], rake: int
) -> None:
    """Every line has a known shape; the totals are the engine's."""
    kinds = [
        next((k for k, p in LINE_KINDS.items() if re.fullmatch(p, line)), line)
        for line in text.splitlines()
    ]
    unknown = [k for k in kinds if k not in LINE_KINDS]
    assert not unknown, unknown
    # collected + rake == total pot; rake as the table took it
    total = re.search(r"^Total pot (\S+).*\| Rake (\S+)$", text, re.M)
    assert total is not None
    collected = [chips(m) for m in re.findall(r"collected (\S+) from", text)]
    assert sum(collected) + chips(total[2]) == chips(total[1])
    assert chips(total[2]) == rake
    pots = sum(e.amount for e in state.events if isinstance(e, AwardPot))
    assert chips(total[1]) == pots
    # every uncalled bet the engine returned, and no other
    returned = [
        (players[e.seat], e.chips)
        for e in state.events
        if isinstance(e, ReturnUncalled)
    ]
    written = [
        (name, chips(amount))
        for amount, name in re.findall(
            r"^Uncalled bet \((\S+)\) returned to (\S+)$", text, re.M
        )
    ]
    assert written == returned
    # the board as dealt
    if state.board:
        assert f"Board [{' '.join(map(str, state.board))}]" in text


@pytest.mark.parametrize("index", range(len(records())))
def test_every_line_has_a_known_shape_and_the_totals_add_up(index: int) -> None:
    _, record = records()[index]
    hand = StarsHand.from_record(record)
    for viewer in (*record.seats, None):
        text = stars_text(hand, viewer)
        check_text(text, record.state, record.players, record.rake)
    if record.level is not None:  # a tournament hand: plain chips, its level
        text = stars_text(hand, None, tournament=42)
        check_text(text, record.state, record.players, record.rake)
        assert "Tournament #42, Hold'em No Limit - Level III (10/20)" in text


@given(hand_setups(max_seats=9), choices)
def test_engine_hands_of_every_kind_write_known_lines(
    setup: HandSetup, decisions: list[int]
) -> None:
    """Random hands: heads-up, antes, straddles, dead blinds, caps, mucks."""
    state = play(setup, decisions)
    hand = StarsHand.from_state(state)
    for viewer in (None, 1, state.seats):
        text = stars_text(hand, viewer, money=Money(None))
        check_text(text, state, hand.players, 0)
        shown = {
            str(c)
            for s in range(state.seats)
            if state.shown[s]
            for c in state.hole_cards[s] or ()
        }
        own = (
            set()
            if viewer is None
            else set(map(str, state.hole_cards[viewer - 1] or ()))
        )
        mucked = {
            str(c)
            for s in range(state.seats)
            if state.mucked[s] and viewer is not None
            for c in state.hole_cards[s] or ()
        }
        assert _cards_in(text) == shown | own | mucked | set(map(str, state.board))


# --------------------------------------------------------- R-HISTORY-1


def _cards_in(text: str) -> set[str]:
    return {c for group in re.findall(r"\[([^\]]+)\]", text) for c in group.split()}


@pytest.mark.parametrize("index", range(len(records())))
def test_each_viewer_sees_only_what_R_HISTORY_1_allows(index: int) -> None:
    _, record = records()[index]
    state = record.state
    hand = StarsHand.from_record(record)
    shown = {
        str(c)
        for e in state.events
        if type(e).__name__ in ("Show", "ShowAllIn")
        for c in (getattr(e, "cards", None) or state.hole_cards[e.seat] or ())  # type: ignore[attr-defined]
    }
    mucked = {
        str(c)
        for s in range(state.seats)
        if state.mucked[s]
        for c in state.hole_cards[s] or ()
    }
    board = {str(c) for c in state.board}
    observer = stars_text(hand, None)
    assert "Dealt to" not in observer
    assert _cards_in(observer) == shown | board
    for viewer in record.seats:
        seat = record.hand_seat(viewer)
        assert seat is not None
        own = {str(c) for c in state.hole_cards[seat] or ()}
        text = stars_text(hand, viewer)
        assert _cards_in(text) == shown | board | own | mucked
        dealt = re.findall(r"^Dealt to (\S+) ", text, re.M)
        assert dealt == [record.players[seat]]


def test_a_seat_not_dealt_in_is_refused() -> None:
    _, record = records()[0]
    empty = record.seat_count + 1  # no such seat, so not dealt in
    with pytest.raises(InvalidInputError, match="R-HISTORY-1"):
        stars_text(StarsHand.from_record(record), empty)


# ------------------------------------------------------------ options


def test_money_and_chip_units() -> None:
    assert Money("USD").format(5) == "$0.05"
    assert Money("EUR").format(1234) == "€12.34"
    assert Money("GBP", 1).format(7) == "£7"
    assert Money("CAD", 1000).format(1500) == "1.500 CAD"
    assert Money(None).format(2500) == "2500"
    with pytest.raises(InvalidInputError, match="power of ten"):
        Money("USD", 3)


def test_a_lone_engine_hand_gets_default_seats_and_posts() -> None:
    forced = ForcedBets((1, 2, 4, 0), (0, 0, 0, 0), (0, 0, 0, 1))
    state = HandState(GameConfig(), [100, 100, 100, 100], forced)
    deal(state, ["AsAd", "KsKd", "QsQd", "JsJd"])
    for action in (Fold(3), Fold(0), Fold(1)):
        state.apply(action)
    text = stars_text(StarsHand.from_state(state), None, money=Money(None))
    # no seat count given: no N-max (the highest seat is not the table's size)
    # plain chips in a cash game: play money, marked as PokerStars marks it
    assert "Table 'holdem' (Play Money) Seat #4 is the button" in text
    (read_back,) = replay_online_text(text, "written.txt")  # our reader takes it
    assert read_back.outcome is Outcome.AGREES, read_back.message
    assert "Player1: posts small blind 1\n" in text
    assert "Player2: posts big blind 2\n" in text
    assert "Player3: posts straddle 4\n" in text
    # a dead small blind with no live blind (R-TABLE-6): PokerStars prints
    # it as a second "posts small blind", after the live one
    lines = text.splitlines()
    dead = lines.index("Player4: posts small blind 1")
    assert dead > lines.index("Player1: posts small blind 1")
    assert "small & big" not in text
    # nobody called the straddle: 2 of its 4 are returned (R-BET-7), and it
    # wins the blinds, the dead chip and the matched 2
    assert "Uncalled bet (2) returned to Player3\n" in text
    assert "Player3 collected 6 from pot\n" in text
    assert "Seat 3: Player3 collected (6)" in text


def test_a_phh_table_hand_converts_with_its_seats() -> None:
    record = next(r for lab, r in records() if lab == "dead")
    history = loads(dumps(history_from_record(record, table="Rome")))
    from_phh = StarsHand.from_history(history)
    assert stars_text(from_phh, None) == stars_text(
        StarsHand.from_record(record), None, table="Rome"
    )


@pytest.mark.parametrize("label", ["left-of-bb-new", "left-of-bb-post-all"])
def test_R_TABLE_5_R_TABLE_6_phh_names_the_big_blind_not_the_live_post(
    label: str,
) -> None:
    """A dead small blind and a live big blind posted right after the big
    blind: from the PHH's ``_big_blind_seat`` the text names the big blind's
    seat as the table did, the poster as a post, and no small blind."""
    record = next(r for lab, r in records() if lab == label)
    history = loads(dumps(history_from_record(record, table="Rome")))
    from_phh = StarsHand.from_history(history)
    assert (from_phh.big_blind, from_phh.small_blind) == (
        record.big_blind,
        None,
    )
    assert from_phh.posted == record.posted and from_phh.straddles == ()
    text = stars_text(from_phh, None, money=Money(None))
    # but for the stakes in the first line: with the small blind dead, PHH's
    # amounts do not hold it (HandHistory.config reads 2/2, the table's 1/2)
    table_text = stars_text(
        StarsHand.from_record(record), None, table="Rome", money=Money(None)
    )
    assert text.splitlines()[1:] == table_text.splitlines()[1:]
    big, poster = (record.players[record.seats.index(s)] for s in record.seats[:2])
    assert f"{big}: posts big blind 2\n" in text
    assert "posts small blind" not in text
    assert f"Seat {record.big_blind}: {big} (big blind)" in text
    assert f"Seat {record.posted[0]}: {poster} (big blind)" not in text


# A dead small blind and a live big blind posted right after the big blind
# (R-TABLE-4..6): the text names the big blind first and the poster after it
# ("posts big blind" or "posts small & big blinds"); the online reader takes
# the big blind post nearest the button's left as the big blind
# (ForcedBets.big_blind), so the poster acts first pre-flop (R-BET-2).
_LIVE_AFTER_BB = frozenset({"left-of-bb-new", "left-of-bb-post-all"})


def test_our_reader_reads_back_a_live_post_right_after_the_big_blind() -> None:
    assert _read_back(lambda label: True, live_after_bb=True) == []


def test_a_history_that_does_not_replay_is_refused() -> None:
    history = HandHistory("NT", (0, 0), (1, 2), (100, 100), (), min_bet=2)
    with pytest.raises(InvalidInputError, match="does not replay"):
        StarsHand.from_history(history)


def test_many_hands_for_one_hero() -> None:
    hands = [StarsHand.from_record(r) for _, r in records()[:5]]
    text = stars_texts(hands, "P1")
    assert text.count("*** SUMMARY ***") == 5
    dealt = set(re.findall(r"^Dealt to (\S+) ", text, re.M))
    assert dealt <= {"P1"}


# Our writer and our reader disagree on how a stack short of its ante and
# blind calls (a big-blind ante, or a short ante stack): known, open.
_SHORT_FORCED = {"nl-antes-short", "nl-big-blind-ante"}


def _read_back(
    labels: Callable[[str], bool], *, live_after_bb: bool = False
) -> list[tuple[str, int, str]]:
    from holdem.history.online import replay_online_text

    problems = []
    for label, record in records():
        if not labels(label) or (label in _LIVE_AFTER_BB) is not live_after_bb:
            continue
        for viewer in (record.seats[0], None):
            for tournament in (None, 5):
                hand = StarsHand.from_record(record)
                # cash as money: our reader reads a cash game's amounts as
                # cents, so play chips ("(1/2)") would split odd chips by the
                # cent, not by the chip (R-POT-3)
                money = Money("USD") if tournament is None else None
                text = stars_text(hand, viewer, money=money, tournament=tournament)
                (result,) = replay_online_text(text, label)
                if str(result.outcome) != "agrees":
                    problems.append((label, record.number, result.message))
    return problems


def test_our_reader_reads_back_what_we_wrote() -> None:
    """Every hand we write as PokerStars text, read by our own reader and
    re-dealt, agrees: uncalled bets, collected amounts and rake as printed."""
    assert _read_back(lambda label: label not in _SHORT_FORCED) == []


def test_R_ALLIN_BLIND_our_reader_reads_back_short_forced_bets() -> None:
    """A big blind posted short still sets the full blind to call: the
    writer prints the call the engine takes (R-ALLIN-BLIND)."""
    assert _read_back(lambda label: label in _SHORT_FORCED) == []


def test_mucked_hands_are_seen_by_players_dealt_in_not_observers() -> None:
    """R-HISTORY-1: a hand mucked at the showdown is in the players' history."""
    state = HandState(GameConfig(small_blind=1, big_blind=2), [100, 100, 100])
    deal(state, ["AsAd", "KsKd", "QsQd"])
    for action in (Call(2), Call(0), Check(1)):
        state.apply(action)
    for cards in ("2c7h9d", "3c", "4h"):
        board(state, cards)
        for seat in (0, 1, 2):
            state.apply(Check(seat))
    state.apply(Show(0))  # no bet on the river: the button's left shows first
    state.apply(Muck(1))
    state.apply(Muck(2))
    hand = StarsHand.from_state(state)
    lines = stars_text(hand, 3, money=Money(None)).splitlines()
    start = lines.index("*** SHOW DOWN ***")
    assert lines[start:] == [
        "*** SHOW DOWN ***",
        "Player1: shows [As Ad] (a pair of Aces)",
        "Player2: mucks hand",
        "Player3: mucks hand",
        "Player1 collected 6 from pot",
        "*** SUMMARY ***",
        "Total pot 6 | Rake 0",
        "Board [2c 7h 9d 3c 4h]",
        "Seat 1: Player1 (small blind) showed [As Ad] and won (6) with a pair of Aces",
        "Seat 2: Player2 (big blind) mucked [Ks Kd]",
        "Seat 3: Player3 (button) mucked [Qs Qd]",
    ]
    assert "Dealt to Player3 [Qs Qd]" in lines
    observer = stars_text(hand, None, money=Money(None))
    assert "Seat 2: Player2 (big blind) mucked\n" in observer
    assert "Ks" not in observer and "Qs" not in observer


def test_R_ALLIN_BLIND_a_call_of_a_short_big_blind_is_the_full_blind() -> None:
    """The big blind posts 9 of 10 all-in; the button calls the full 10."""
    state = HandState(GameConfig(small_blind=5, big_blind=10), [100, 9, 100])
    deal(state, ["AsAd", "KsKd", "QsQd"])
    state.apply(Call(2))
    state.apply(Fold(0))
    for cards in ("2c7h9d", "3c", "4h"):
        board(state, cards)
    while not state.is_complete:
        seat = state.to_act
        assert seat is not None and seat >= 0
        state.apply(Show(seat))
    lines = stars_text(StarsHand.from_state(state), 3, money=Money(None))
    assert "Player2: posts big blind 9 and is all-in" in lines.splitlines()
    assert "Player3: calls 10" in lines.splitlines()


def test_R_BET_7_a_lone_big_blind_whose_blind_comes_back_collects_nothing() -> None:
    """Heads-up without a small blind: the button folds, the big blind's 1
    comes back uncalled and the empty pot is his (a known summary line)."""
    state = HandState(
        GameConfig(small_blind=0, big_blind=1),
        [200, 200],
        ForcedBets((1, 0), (0, 0), (0, 0)),
    )
    deal(state, ["9cKd", "5cQd"])
    state.apply(Fold(1))
    lines = stars_text(StarsHand.from_state(state), None, money=Money(None))
    assert "Uncalled bet (1) returned to Player1" in lines.splitlines()
    assert "Seat 1: Player1 (big blind) collected (0)" in lines.splitlines()

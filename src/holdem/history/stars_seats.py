"""Who sat where in a hand, for online-room text: ``StarsHand``.

The PokerStars-style writer (``holdem.history.stars_writer``) needs what a
table knows about a hand (table seats, the button, who posted which blind)
besides the engine's ``HandState``. ``StarsHand`` holds that, built from a
table's ``HandRecord`` (``from_record``), from a lone ``HandState`` with
defaults (``from_state``: seat N is hand seat N-1, the button the last
seat), or from a PHH ``HandHistory`` replayed through the engine
(``from_history``: its ``seats``, ``seat_count``, ``_button``, ``table``,
``_stakes``, ``_buy_in``, ``_hero``, time and rake fields when present).
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from holdem.engine.forced_bets import last_blind
from holdem.engine.state import HandState
from holdem.errors import InvalidInputError
from holdem.history.model import HandHistory
from holdem.history.replay import Outcome, replay_history
from holdem.rules.config import ForcedBets
from holdem.table.record import HandRecord

__all__ = ["PrintedZone", "StarsHand", "blind_seats"]


@dataclass(frozen=True, slots=True)
class StarsHand:
    """A finished hand with its table seats, as online-room text shows it.

    Attributes:
        state: the finished hand (hand seats: 0 is the button's left).
        number: the hand's number (the text's ``Hand #``), >= 1.
        seats: table seat (from 1) of each hand seat.
        players: player name of each hand seat.
        seat_count: seats at the table (``6-max``), or ``None`` when the
            history does not say (the text then writes no ``N-max``: the
            highest seat taken is not the table's size).
        button: the button's table seat (maybe an empty seat: a dead button).
        small_blind: table seat that posted the small blind, or ``None``.
        big_blind: table seat that posted the big blind, or ``None``.
        straddles: table seats that straddled, in order (R-STRADDLE-1).
        posted: table seats that posted a big blind to be dealt in, or "post
            all" (R-TABLE-5, R-TABLE-6).
        rake_paid: chips of rake each hand seat paid from what it won.
        level: the tournament level, or ``None``.
        table: the table's name or number, or ``None``.
        time: when the hand started, or ``None``.
        given_stakes: the small and big blind of the stakes when the forced
            bets do not show them (PHH ``_stakes``: a dead small blind), or
            ``None``.
        buy_in: a tournament's buy-in as the room printed it
            (``$2.00+$0.50+$0.20 USD``), or ``None``.
        hero: the player whose history this is (one of ``players``: PHH
            ``_hero``, the room's ``Dealt to``), or ``None`` when it names
            nobody; ``holdem convert`` writes the hand as he saw it by
            default (R-HISTORY-1).
    """

    state: HandState
    number: int
    seats: tuple[int, ...]
    players: tuple[str, ...]
    seat_count: int | None
    button: int
    small_blind: int | None
    big_blind: int | None
    straddles: tuple[int, ...] = ()
    posted: tuple[int, ...] = ()
    rake_paid: tuple[int, ...] = ()
    level: int | None = None
    table: str | int | None = None
    time: datetime.datetime | None = None
    given_stakes: tuple[int, int] | None = None
    buy_in: str | None = None
    hero: str | None = None

    @property
    def rake(self) -> int:
        """Chips the house took from the pots."""
        return sum(self.rake_paid)

    @property
    def stakes(self) -> tuple[int, int]:
        """The small and the big blind of the stakes, in chips.

        What the small blind's and the big blind's seats post (R-BLIND-1,
        R-BLIND-2), never a straddle (R-STRADDLE-1); ``given_stakes`` when
        set, else the config's blinds for a blind nobody posts (a dead small
        blind, R-TABLE-4).
        """
        if self.given_stakes is not None:
            return self.given_stakes
        config = self.state.config
        blinds = self.state.forced.blinds_or_straddles
        small, big = config.small_blind, config.big_blind
        if self.big_blind is not None and self.big_blind in self.seats:
            big = blinds[self.seats.index(self.big_blind)]
        if self.small_blind is not None and self.small_blind in self.seats:
            small = blinds[self.seats.index(self.small_blind)]
        return min(small, big), big

    def hand_seat(self, seat: int) -> int | None:
        """The hand seat of table seat ``seat``, or ``None`` if not dealt in."""
        return self.seats.index(seat) if seat in self.seats else None

    @classmethod
    def from_record(cls, record: HandRecord) -> StarsHand:
        """The hand of a table's record, every seat and post as the table had it."""
        return cls(
            state=record.state,
            number=record.number,
            seats=record.seats,
            players=record.players,
            seat_count=record.seat_count,
            button=record.button,
            small_blind=record.small_blind,
            big_blind=record.big_blind,
            straddles=record.straddles,
            posted=record.posted,
            rake_paid=record.rake_paid,
            level=record.level,
        )

    @classmethod
    def from_state(
        cls,
        state: HandState,
        *,
        players: tuple[str, ...] | None = None,
        number: int = 1,
        seats: tuple[int, ...] | None = None,
        seat_count: int | None = None,
        button: int | None = None,
        **extra: object,
    ) -> StarsHand:
        """A lone hand with defaults: table seat N is hand seat N-1.

        The button is the last seat (R-BLIND-1); blinds, straddles and posts
        are read from the forced bets as the engine posts them: the run of
        blinds from the first seat that posts (small blind, big blind, then
        straddles; the run starts at ``forced.big_blind`` when given), and
        any other live blind as a post to be dealt in.

        Args:
            state: a finished hand.
            players: names by hand seat; ``Player1``... by default.
            number: the hand's number.
            seats: table seat of each hand seat; ``1..n`` by default.
            seat_count: seats at the table; ``None`` (unknown, no ``N-max``
                written) by default: the largest seat taken is not the
                table's size (a heads-up on seats 3 and 6).
            button: the button's table seat; the last hand seat's by default.
            **extra: ``rake_paid``, ``level``, ``table``, ``time``,
                ``given_stakes``, ``buy_in``, ``hero``.

        Raises:
            InvalidInputError: for names or seats of the wrong length.
        """
        n = state.seats
        seats = seats if seats is not None else tuple(range(1, n + 1))
        players = players if players is not None else tuple(f"Player{s}" for s in seats)
        if len(seats) != n or len(players) != n or len(set(seats)) != n:
            raise InvalidInputError(
                f"need {n} distinct seats and {n} players, got {seats!r} and"
                f" {players!r}"
            )
        small, big, straddles, posted = blind_seats(state.forced)
        return cls(
            state=state,
            number=number,
            seats=tuple(seats),
            players=tuple(players),
            seat_count=seat_count,
            button=button if button is not None else seats[-1],
            small_blind=None if small is None else seats[small],
            big_blind=None if big is None else seats[big],
            straddles=tuple(seats[s] for s in straddles),
            posted=tuple(seats[s] for s in posted),
            **extra,  # type: ignore[arg-type]
        )

    @classmethod
    def from_history(cls, history: HandHistory, *, index: int = 1) -> StarsHand:
        """Replay a PHH history and take its table fields when it has them.

        ``seats``, ``seat_count``, ``_button``, ``table``, ``_stakes``, ``level``,
        ``_buy_in``, ``_hero`` (a player of the hand, or ``pN`` in a history
        without ``players``) and the
        time fields (``time``, ``day``, ``month``,
        ``year``, ``time_zone``) are used when present and well formed; the
        rake is the replay's (``_rake_paid``, or what the record's stacks
        show, ``holdem.history.rake``).

        Args:
            history: a hand read from PHH.
            index: the hand's position in its file, the number used when the
                history's ``hand`` is not a number.

        Raises:
            InvalidInputError: if the hand does not replay as recorded (the
                message says why).
        """
        replay = replay_history(history)
        if replay.outcome is not Outcome.REPRODUCED or replay.state is None:
            raise InvalidInputError(
                f"the hand does not replay as recorded ({replay.outcome}):"
                f" {replay.message}"
            )
        state = replay.state
        n = state.seats
        fields = dict(history.metadata)
        seats = _ints(fields.get("seats"), n)
        if seats is not None and len(set(seats)) != n:
            seats = None
        seat_count = fields.get("seat_count")
        button = fields.get("_button")
        level = fields.get("level")
        table = fields.get("table")
        buy_in = fields.get("_buy_in")
        hero = fields.get("_hero")
        hero = hero if type(hero) is str else None
        position = _position(hero) if history.players is None else 0
        if 1 <= position <= n:  # "p2" in a history without names
            hero = f"Player{(seats or range(1, n + 1))[position - 1]}"
        number = _hand_number(history, index)
        return cls.from_state(
            state,
            players=history.players,
            number=number if number > 0 else index,
            seats=seats,
            seat_count=seat_count
            if type(seat_count) is int and seat_count >= max(seats or (n,))
            else None,
            button=button if type(button) is int else None,
            rake_paid=replay.rake_paid,  # recorded, or shown by the record
            level=level if type(level) is int else None,
            table=table if type(table) in (str, int) else None,
            time=_time(fields),
            given_stakes=_stakes(fields.get("_stakes")),
            buy_in=buy_in if type(buy_in) is str and buy_in.strip() else None,
            hero=hero
            if hero in (history.players or ()) or 1 <= position <= n
            else None,
        )


def _position(hero: str | None) -> int:
    """N of a ``pN`` hero (a PHH position), else 0."""
    if hero and hero[0] == "p" and hero[1:].isascii() and hero[1:].isdigit():
        return int(hero[1:])
    return 0


def blind_seats(
    forced: ForcedBets,
) -> tuple[int | None, int | None, tuple[int, ...], tuple[int, ...]]:
    """Small blind, big blind, straddles and other posts, as hand seats.

    The big blind is ``forced.big_blind`` when given (R-TABLE-4..6), else
    read from the amounts: the run of blinds from the first seat posting
    (R-BLIND-1, R-STRADDLE-1); heads-up, the button (seat 1) posts the small
    blind and seat 0 the big blind (R-TABLE-2).

    Returns:
        ``(small_blind, big_blind, straddles, posted)``: hand seats, ``None``
        for a blind nobody posts; ``posted`` are the other live blinds
        (posted to be dealt in, R-TABLE-5).
    """
    blinds = forced.blinds_or_straddles
    n = len(blinds)
    small: int | None = None
    posting = [s for s in range(n) if blinds[s]]
    if not posting:
        return None, None, (), ()
    big = forced.big_blind
    if big is not None:
        # the small blind sits right of the big blind (heads-up, the button);
        # a big blind first after the button has none: it is dead (R-TABLE-4)
        before = (big - 1) % n if n == 2 else big - 1
        if before >= 0 and before != big and 0 < blinds[before] <= blinds[big]:
            small = before
        last = last_blind(blinds, big)
        straddles = tuple(range(big + 1, last + 1))
        run = {small, big, *straddles}
        return small, big, straddles, tuple(s for s in posting if s not in run)
    if n == 2:  # heads-up: seat 0 the big blind, the button the small blind
        if not blinds[0]:  # the button's blind alone is still the small blind
            return 1, None, (), ()
        small = 1 if blinds[1] and blinds[1] <= blinds[0] else None
        return small, 0, (), tuple(s for s in posting if s not in (small, 0))
    # the run of blinds up to the big blind or last straddle: the small
    # blind, the big blind (at least as large), then straddles, each larger
    # (R-BLIND-1, R-STRADDLE-1); a seat posting nothing between them (one
    # sitting out, 888) is skipped
    last = last_blind(blinds)
    rising = [s for s in posting if s <= last]
    big = rising[0]
    if len(rising) > 1 and blinds[rising[1]] >= blinds[rising[0]]:
        small, big = rising[0], rising[1]
    straddles = tuple(s for s in rising if s > big)
    taken = {small, big, *straddles}
    return small, big, straddles, tuple(s for s in posting if s not in taken)


def _stakes(value: object) -> tuple[int, int] | None:
    """``_stakes`` as ``(small blind, big blind)``, or ``None`` if malformed."""
    found = _ints(value, 2)
    if found is None or not 0 < found[0] <= found[1]:
        return None
    return found[0], found[1]


def _ints(value: object, n: int) -> tuple[int, ...] | None:
    if (
        isinstance(value, tuple)
        and len(value) == n
        and all(type(v) is int and v >= 0 for v in value)
    ):
        return tuple(v for v in value if type(v) is int)
    return None


class PrintedZone(datetime.tzinfo):
    """A zone named as the room printed it, with a known zone's rules or none.

    PokerStars prints ``CET`` for Paris time in summer too, and ``WET`` for
    Lisbon's: the name stays as printed while ``zone`` (an IANA zone) gives
    the offset. With no ``zone`` (an abbreviation naming no single zone,
    ``IST``) the offset is unknown (``utcoffset`` is ``None``), so the time
    is never converted to another zone.
    """

    def __init__(self, abbreviation: str, zone: datetime.tzinfo | None) -> None:
        """Keep ``abbreviation`` as printed, and the rules of ``zone``."""
        self.abbreviation = abbreviation
        self.zone = zone

    def tzname(self, dt: datetime.datetime | None) -> str:
        """The abbreviation as printed."""
        return self.abbreviation

    def utcoffset(self, dt: datetime.datetime | None) -> datetime.timedelta | None:
        """The zone's offset at ``dt``, or ``None`` when unknown."""
        if self.zone is None or dt is None:
            return None
        return self.zone.utcoffset(dt.replace(tzinfo=None))

    def dst(self, dt: datetime.datetime | None) -> datetime.timedelta | None:
        """The zone's summer shift at ``dt``, or ``None`` when unknown."""
        if self.zone is None or dt is None:
            return None
        return self.zone.dst(dt.replace(tzinfo=None))

    def fromutc(self, dt: datetime.datetime) -> datetime.datetime:
        """``dt`` (in UTC, carrying this zone) as this zone's wall time."""
        if self.zone is None:
            raise ValueError(f"{self.abbreviation} has no known offset from UTC")
        local = dt.replace(tzinfo=datetime.UTC).astimezone(self.zone)
        return local.replace(tzinfo=self)


def _time(fields: Mapping[str, object]) -> datetime.datetime | None:
    """The hand's start from PHH's time fields, or ``None`` if incomplete.

    With ``time_zone`` (an IANA name) the time is aware, named by
    ``time_zone_abbreviation`` when given (``PrintedZone``); with only the
    abbreviation it carries that name and no offset; with neither it is
    naive: the zone is unknown, not UTC.
    """
    time, day, month, year = (fields.get(k) for k in ("time", "day", "month", "year"))
    if not isinstance(time, datetime.time) or not all(
        type(v) is int for v in (day, month, year)
    ):
        return None
    zone: datetime.tzinfo | None = None
    name = fields.get("time_zone")
    if type(name) is str:
        try:
            zone = ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            zone = None
    abbreviation = fields.get("time_zone_abbreviation")
    if type(abbreviation) is str and abbreviation:
        zone = PrintedZone(abbreviation, zone)
    try:
        return datetime.datetime(
            year,  # type: ignore[arg-type]
            month,  # type: ignore[arg-type]
            day,  # type: ignore[arg-type]
            time.hour,
            time.minute,
            time.second,
            tzinfo=zone,
        )
    except ValueError:
        return None


_LARGEST_HAND_NUMBER = 10**18
"""Hand numbers written are below this (18 digits: a signed 64-bit integer)."""


def _hand_number(history: HandHistory, index: int) -> int:
    """The PokerStars hand number for a history.

    An int ``hand`` is used as is. A site id (``hand`` or ``_hand_id``) made
    of digits and separators (``-``, ``_``, ``.``, space) gives its digits
    (Winamax ``2334898-436-1326450000``); any other id gives the first 12
    decimal digits of its BLAKE2b digest plus 10**11, so stable and distinct
    in practice. So does a number of 19 digits or more (Winamax's ids give up
    to 32): trackers keep hand numbers as 64-bit integers, which it would
    overflow. Only a history with no id falls back to ``index``.
    """
    if type(history.hand) is int and 0 < history.hand < _LARGEST_HAND_NUMBER:
        return history.hand
    site_id = dict(history.metadata).get("_hand_id", history.hand)
    if type(site_id) is int:  # a hand number too large to write as it is
        site_id = str(site_id)
    if not isinstance(site_id, str) or not site_id.strip():
        return index
    digits = "".join(c for c in site_id if c.isdigit())
    is_number = digits and all(c.isdigit() or c in "-_. " for c in site_id)
    if is_number and int(digits) < _LARGEST_HAND_NUMBER:
        return int(digits) or index
    digest = hashlib.blake2b(site_id.encode(), digest_size=8).hexdigest()
    return 10**11 + int(digest, 16) % (9 * 10**11)

"""Online-room hands as PHH histories: ``OnlineHand`` -> ``HandHistory``.

A hand is written only when the engine deals it as the site printed it
(``replay_online_hand`` agrees: the uncalled bets, the collected amounts and
the rake); the history is the engine's deal of it (``history_from_state``),
so replaying it gives the same pots and stacks. A hand that differs, is not
hold'em or cannot be read is refused with the reason; so is one PHH cannot
record as printed:

- chips the site added to the pot (PokerStars' STP), which no PHH field holds;
- a board run more than once (``OnlineHand.runs``): PHH's actions deal one
  board (the standard has no action for another run, and PokerKit's parser
  deals one), so the other runs and the pot parts they paid would be lost;
- a hand the engine could only finish with cards the file does not show (an
  unknown hand made to show first, R-SHOW-2, or a board run out after the
  others folded all-in): the PHH would hold invented cards.

Fields written besides the required ones (PHH order: ``p1`` is the small
blind, the button last; heads-up the big blind, R-TABLE-2):

- ``players`` as the site names them; hole cards the file shows (dealt to
  the hero, shown, mucked face up), the others ``????`` (R-HISTORY-1);
- ``hand``: the site's hand number (an int when it is all digits, else the
  text); ``table``: the table's name as the room names it (``room_table``:
  ``Table Vera (6 max)`` is ``Vera``, its size the ``seat_count``; none when
  the text gives no name); ``seats``: each player's table seat;
  ``seat_count``: the table's seats when printed and no seat number is
  larger (some rooms print ``6-max`` with a ``Seat 9``); ``finishing_stacks``
  (what each player kept) and ``winnings`` (chips each player won from the
  pots), both after the rake, as the PHH standard says;
- ``time``, ``day``, ``month``, ``year`` when the hand's first lines print
  a date and time, in any form ``printed_time`` reads (the room's wall
  clock, as printed); when a zone follows it, ``time_zone_abbreviation`` as
  printed (``ET``, ``GMT+0100``) and, when it names one zone, ``time_zone``
  as an IANA name (``America/New_York``, ``Europe/Lisbon``, ``Etc/GMT-1``).
  Unix seconds (Boss, Everest) are written in UTC. A hand whose file prints
  no time (The Big Game) gets no time fields;
- ``currency`` (``USD``, ``EUR``, ``GBP``) for a cash game whose first lines
  show it, unless they say it is play money;
- ``level``: a tournament's level when the header prints it (``Level IV``,
  ``Level: 4``);

and these user-defined fields, as the standard allows:

- ``_site`` and ``_hand_id``: the room and its hand number as printed;
- ``_hero``: the player whose history it is (``OnlineHand.hero``: the room
  dealt him his cards privately, ``Dealt to X``), when the text names one;
  PHH has no field for the viewer, and ``holdem convert`` writes PokerStars
  text as he saw it by default (R-HISTORY-1);
- ``_button``: the button's table seat; ``_dead_blinds``: dead blind chips
  per player (R-TABLE-6, see ``history_from_state``);
- ``_stakes``: ``[small blind, big blind]`` of the stakes the site printed,
  only when no seat posts one of them in full (a dead small blind, a blind
  posted short all-in), so ``blinds_or_straddles`` does not show them;
- ``_chip_unit``: chips per unit printed, for a cash game read as money:
  ``100`` (online money became whole cents: ``$0.05`` is 5 chips), times
  the hand's own ``chip_unit`` when it prints finer amounts; a tournament
  gets it only when its chips were not read whole (a reader reading them in
  hundredths, ``chip_scale.tournament_scale``, or a hand printing fractions of a
  chip). The Big Game's amounts are whole play chips and get none (chips
  are written as chips);
- ``_tournament``: ``true`` for tournament chips; ``_tournament_id``: the
  tournament's number when the header prints it (``Tournament #123``,
  ``Trny:123``, ``Tourney ID 123``, PKR's ``STT # 123`` (on the line before
  the hand), Full Tilt's ``Guarantee (123), Table``, Cake's ``T123 --``,
  Winamax's table ``'Name(123)#0'``, iPoker's ``<tournamentcode>``, else
  its table ``'Name, 123'`` or ``'Name (#123)'``,
  PokerTracker's ``(Tournament: Name, 123 Buy-In``, the
  digits of Bovada's ``Tournament #M-20210422003411``); ``_buy_in``: its
  buy-in as a PokerStars header prints it (``$2.00+$0.50+$0.20 USD``,
  ``870+130``, ``50FPP``, ``Freeroll``; a tournament's name printed in its
  place is not a buy-in);
- ``_rake`` and ``_rake_paid``: the rake the site printed (else the rake
  its collected amounts show: chips won less chips collected) and each
  player's share (chips won minus chips the site says the player collected, less
  any uncalled bet the site counts in them); ``finishing_stacks`` and
  ``winnings`` already have ``_rake_paid`` taken off.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path

from holdem.engine.events import AwardPot, ReturnUncalled, ShowAllIn
from holdem.engine.state import HandState
from holdem.errors import HistoryParseError, InvalidInputError
from holdem.history.model import FieldValue, HandHistory
from holdem.history.online.chip_scale import tournament_scale
from holdem.history.online.model import OnlineHand
from holdem.history.online.outcome import Outcome
from holdem.history.online.printed_level import printed_level
from holdem.history.online.printed_time import printed_time
from holdem.history.online.registry import detect
from holdem.history.online.replay import replay_online_state
from holdem.history.online.table_name import room_table
from holdem.history.online.text import HandText, check_lines, read_history
from holdem.history.record import history_from_state
from holdem.history.replay import Outcome as PhhOutcome
from holdem.history.replay import replay_history
from holdem.rules.actions import Show
from holdem.rules.config import Structure

__all__ = [
    "CASH_CHIP_UNIT",
    "OnlineConversion",
    "online_file_histories",
    "online_history",
    "online_text_histories",
]

_HEADER_LINES = 12
"""Lines of a hand searched for its time, currency, tournament and level."""
_TOURNAMENT_ID = re.compile(
    r"(?:Tournament #|Trny: ?|Tourney ID:? ?|Tournament ID: ?|[SM]TT # ?)"
    r"(?:[A-Z]+-)?(\d+)"  # Bovada's "Tournament #M-20210422003411": its digits
    r"|\((\d{6,})\), (?:Table|Match)"  # Full Tilt: "$750 Guarantee (253683109)"
    r"|\sT(\d{6,}) --"  # Cake: "$0.75 T12946035 --"
    r"|\((\d{6,})\)#\d+'"  # Winamax's table: "'Super Freeroll Stade 1(26465144)#0'"
    r"|\(Tournament: [^()]*, (\d{6,}) Buy-In"  # PokerTracker: "(Tournament: X, 4286"
)
_IPOKER_TOURNAMENT = re.compile(
    r"<tournamentcode>(\d+)</tournamentcode>|, (\d{6,})\b|\(#(\d{6,})\)"
)
"""iPoker's tournament number: its ``<tournamentcode>``, else in its table
name (``$3,500 GP R/A, 657149000``, ``Hyper Turbo (500 Chips) (#16727068)``)."""
_BUY_IN = re.compile(
    r"Tournament #\d+, (?P<buy_in>(?:[^\s\d+]*[\d.,]+(?:\+[^\s\d+]*[\d.,]+)+"
    r"(?: [A-Z]{3})?|\d+FPP|Freeroll)) "
)
"""A PokerStars header's buy-in: ``$2.00+$0.50+$0.20 USD``, ``870+130``,
``50FPP``, ``Freeroll`` (a tournament's name in its place is not read)."""
_PLAY_MONEY = re.compile(r"play ?money|practice play", re.IGNORECASE)
_UNSCALED_SITES = frozenset({"TheBigGame"})
"""Rooms whose cash amounts are read as whole play chips, not as money."""
_CURRENCIES = (("USD", "USD"), ("EUR", "EUR"), ("GBP", "GBP"))
_SYMBOLS = (("$", "USD"), ("€", "EUR"), ("£", "GBP"))
CASH_CHIP_UNIT = 100
"""Chips per currency unit of an online cash game (money is whole cents)."""


@dataclass(frozen=True, slots=True)
class OnlineConversion:
    """One hand of an online-room file, as PHH or with why it is not.

    Attributes:
        source: the file (``""`` for text given directly).
        hand_id: the site's hand number (``""`` if the hand was unreadable).
        line: 1-based line of the hand's first line in the file.
        history: the PHH history, or ``None`` when refused.
        message: why the hand was refused (``""`` when converted).
        hand: the parsed hand, or ``None`` if it could not be read.
    """

    source: str
    hand_id: str
    line: int
    history: HandHistory | None
    message: str = ""
    hand: OnlineHand | None = None

    @property
    def label(self) -> str:
        """``"FILE hand ID"`` (or ``"FILE line N"``) for messages."""
        name = f"hand {self.hand_id}" if self.hand_id else f"line {self.line}"
        return f"{self.source} {name}" if self.source else name


def online_history(
    hand: OnlineHand, header: tuple[str, ...] = (), *, before: str = ""
) -> HandHistory:
    """The PHH history of an online hand the engine deals as printed.

    Args:
        hand: a hand read by a site parser (chips as in ``OnlineHand``).
        header: the hand's first lines as printed, where the time and the
            currency are looked for (none written when empty).
        before: the file's line just before the hand, where a tournament's
            number is looked for when the header has none (PKR prints
            ``Table #1 - STT # 123`` there).

    Returns:
        A history whose replay reproduces the engine's deal: its
        ``finishing_stacks`` are the stacks after the site paid the
        collected amounts, the rake taken (R-POT-2, R-POT-4, R-BET-7).

    Raises:
        InvalidInputError: when the hand is not hold'em, differs from the
            engine's deal (the replay's reason and message), ran the board
            more than once, has chips the site added to the pot, or would
            need cards the file does not show.
    """
    replay, state, names = replay_online_state(hand)
    if replay.outcome is not Outcome.AGREES or state is None:
        why = f" ({replay.reason})" if replay.reason else ""
        detail = f": {replay.message}" if replay.message else ""
        raise InvalidInputError(f"{replay.outcome}{why}{detail}")
    if len(hand.runs) > 1:
        boards = "; ".join(" ".join(map(str, board)) for board in hand.runs)
        raise InvalidInputError(
            f"the board was run {len(hand.runs)} times ({boards}) and each run"
            " paid its part of the pot: PHH deals one board (no action deals"
            " another run), so the other runs and their pots would be lost"
        )
    if hand.added:
        raise InvalidInputError(
            f"the site added {hand.added} chips to the pot, which PHH has no field for"
        )
    _refuse_invented_cards(hand, state, names)
    history = history_from_state(state, players=names, hand=_hand_number(hand))
    won = _won(state)
    table = room_table(hand.table)
    fields: list[tuple[str, FieldValue]] = []
    if table.name is not None:
        fields.append(("table", table.name))
    seat_of = {seat.player: seat.seat for seat in hand.seats}
    seats = tuple(seat_of[name] for name in names)
    fields.append(("seats", seats))
    seat_count = hand.max_seats or table.seat_count or 0
    if seat_count >= max(seats):  # a 6-max table printing Seat 9: no count
        fields.append(("seat_count", seat_count))
    fields += _time_fields(header)
    currency = None if hand.is_tournament else _currency(header)
    if currency is not None:
        fields.append(("currency", currency))
    level = None
    if hand.is_tournament:  # as its reader read it, else as the header prints it
        level = hand.level if hand.level is not None else printed_level(header)
    if level is not None:
        fields.append(("level", level))
    rake = hand.rake if hand.rake is not None else _unprinted_rake(hand, state, won)
    paid = _rake_paid(hand, state, names, won, rake) if rake else (0,) * len(won)
    fields.append(("winnings", tuple(w - p for w, p in zip(won, paid, strict=True))))
    fields += _stakes(hand, history.blinds_or_straddles)
    fields += [("_site", hand.site), ("_hand_id", hand.hand_id)]
    if hand.hero is not None and hand.hero in names:
        fields.append(("_hero", hand.hero))
    fields.append(("_button", hand.button))
    fields += history.metadata  # _dead_blinds
    if hand.is_tournament:
        fields.append(("_tournament", True))
        tournament = _tournament_id(hand, header, before)
        if tournament is not None:
            fields.append(("_tournament_id", tournament))
        buy_in = _BUY_IN.search(header[0] if header else "")
        if buy_in is not None:
            fields.append(("_buy_in", buy_in["buy_in"]))
        elif hand.buy_in is not None:  # as its reader found it
            fields.append(("_buy_in", hand.buy_in))
        unit = tournament_scale(hand, header) * hand.chip_unit
        if unit > 1:
            fields.append(("_chip_unit", unit))
    elif hand.site not in _UNSCALED_SITES and not hand.plain_chips:
        fields.append(("_chip_unit", CASH_CHIP_UNIT * hand.chip_unit))
    if rake:
        fields += [("_rake", rake), ("_rake_paid", paid)]
    kept = tuple(s - p for s, p in zip(state.stacks, paid, strict=True))
    written = dataclasses.replace(
        history, finishing_stacks=kept, metadata=tuple(fields)
    )
    check = replay_history(written)
    if check.outcome is not PhhOutcome.REPRODUCED:
        raise InvalidInputError(
            f"PHH cannot record the hand as dealt ({check.outcome}): {check.message}"
        )
    return written


def online_text_histories(text: str, source: str = "") -> list[OnlineConversion]:
    """Every hand of one online-room file's text, as PHH or refused.

    Args:
        text: a whole file's text, in any format ``registry.detect`` knows.
        source: the file's path, for messages.

    Returns:
        One conversion per hand, in file order; hands of other games, hands
        that differ from the engine's deal and unreadable ones carry the
        reason instead of a history.

    Raises:
        InvalidInputError: when the text is in no known format.
    """
    parser = detect(text)
    if parser is None:
        where = source or "text"
        raise InvalidInputError(
            f"{where}: not a hand history in any known format (PHH or an online"
            " room's text, as holdem replay reads)"
        )
    out: list[OnlineConversion] = []
    lines = text.splitlines()
    for hand_text in parser.split(text, source):
        try:
            check_lines(hand_text)
            hand = parser.parse(hand_text)
        except HistoryParseError as error:
            out.append(OnlineConversion(source, "", hand_text.line, None, f"{error}"))
            continue
        before = lines[hand_text.line - 2] if 2 <= hand_text.line <= len(lines) else ""
        out.append(_convert(hand, hand_text, before))
    return out


def online_file_histories(path: Path) -> list[OnlineConversion]:
    """``online_text_histories`` of a file (any encoding ``decode`` reads).

    Raises:
        OSError: if the file cannot be read.
        InvalidInputError: when it is in no known format.
        HistoryParseError: when it is larger than 16 MiB (``read_history``).
    """
    return online_text_histories(read_history(path), str(path))


def _convert(hand: OnlineHand, hand_text: HandText, before: str) -> OnlineConversion:
    try:
        history = online_history(hand, hand_text.lines[:_HEADER_LINES], before=before)
    except InvalidInputError as error:
        return OnlineConversion(
            hand.source, hand.hand_id, hand.line, None, f"{error}", hand
        )
    return OnlineConversion(hand.source, hand.hand_id, hand.line, history, "", hand)


def _refuse_invented_cards(
    hand: OnlineHand, state: HandState, names: tuple[str, ...]
) -> None:
    """Refuse a deal that needed cards the file does not show."""
    if len(state.board) > len(hand.board):
        raise InvalidInputError(
            f"the file stops at a board of {len(hand.board)} cards while"
            " the hand needs the rest dealt (folds of all-in players): PHH would"
            " hold cards the file does not show"
        )
    known = {player for player, _ in hand.hole_cards}
    for event in state.events:
        if isinstance(event, Show | ShowAllIn):
            name = names[event.seat]
            if name not in known:
                raise InvalidInputError(
                    f"{name} must show first (R-SHOW-2) but the file shows no"
                    " cards: PHH would hold cards the file does not show"
                )


def _unprinted_rake(hand: OnlineHand, state: HandState, won: tuple[int, ...]) -> int:
    """The rake a site that prints none took: chips won less chips collected.

    888 prints no rake line but pays ``collected [ $0.23 ]`` from a pot of
    24 cents (R-POT-4: the cent is the rake). A site that prints no uncalled
    bets may pay them in the collected amounts (``returns_in_collected``, or
    when the collected chips exceed the pots by them): those are added back.
    A tournament takes no rake (its fee is apart), so there chips won but
    not printed as collected are no rake: none is written.
    """
    if hand.is_tournament:
        return 0
    collected = sum(item.chips for item in hand.collected)
    rake = sum(won) - collected
    if not hand.uncalled:
        returned = sum(e.chips for e in state.events if type(e) is ReturnUncalled)
        if returned and (hand.returns_in_collected or rake < 0):
            rake += returned
    return max(rake, 0)


def _rake_paid(
    hand: OnlineHand,
    state: HandState,
    names: tuple[str, ...],
    won: tuple[int, ...],
    rake: int,
) -> tuple[int, ...]:
    """Each player's share of the rake: chips won less chips collected.

    A site that prints no uncalled bets may pay them in the collected
    amounts (Winamax, iPoker): when the collected chips then exceed the
    pots less the rake by the engine's returns, those returns are taken off.

    Raises:
        InvalidInputError: when the shares do not come out whole and
            non-negative, summing to the rake.
    """
    collected = dict.fromkeys(names, 0)
    for item in hand.collected:
        collected[item.player] += item.chips
    returns = [e for e in state.events if type(e) is ReturnUncalled]
    total = sum(collected.values())
    if returns and not hand.uncalled and total != sum(won) - rake:
        for event in returns:
            collected[names[event.seat]] -= event.chips
    paid = tuple(w - collected[n] for n, w in zip(names, won, strict=True))
    if min(paid) < 0 or sum(paid) != rake:
        raise InvalidInputError(
            f"the collected amounts do not say who paid the rake of {rake}"
            f" (shares {paid})"
        )
    return paid


def _won(state: HandState) -> tuple[int, ...]:
    won = [0] * state.seats
    for event in state.events:
        if type(event) is AwardPot:
            for seat, chips in event.shares:
                won[seat] += chips
    return tuple(won)


def _stakes(hand: OnlineHand, blinds: tuple[int, ...]) -> list[tuple[str, FieldValue]]:
    """``_stakes``, the small and big blind, when no seat posts one in full.

    A dead small blind (R-TABLE-4) or a blind posted short all-in
    (R-ALLIN-BLIND) leaves the stakes out of ``blinds_or_straddles``.
    Fixed-limit stakes are the small and big bet, which PHH holds.
    """
    if hand.structure is Structure.FIXED_LIMIT or not hand.small_blind:
        return []
    if hand.small_blind in blinds and hand.big_blind in blinds:
        return []
    return [("_stakes", (hand.small_blind, hand.big_blind))]


def _hand_number(hand: OnlineHand) -> int | str:
    return int(hand.hand_id) if hand.hand_id.isdigit() else hand.hand_id


def _time_fields(header: tuple[str, ...]) -> list[tuple[str, FieldValue]]:
    """PHH time fields from the first date and time printed in ``header``."""
    printed = printed_time(header)
    if printed is None:
        return []
    moment = printed.moment
    fields: list[tuple[str, FieldValue]] = [
        ("time", moment.time()),
        ("day", moment.day),
        ("month", moment.month),
        ("year", moment.year),
    ]
    if printed.zone is not None:
        fields.append(("time_zone", printed.zone))
    if printed.abbreviation is not None:
        fields.append(("time_zone_abbreviation", printed.abbreviation))
    return fields


def _tournament_id(
    hand: OnlineHand, header: tuple[str, ...], before: str
) -> int | None:
    """The tournament's number as the hand's lines print it, or ``None``.

    Searched in the header lines, then in the line before the hand (PKR's
    ``Table #1 - STT # 123``), then for iPoker in its session's
    ``<tournamentcode>`` or table name (``$3,500 GP R/A, 657149000``). An id
    with a letter prefix (Bovada's ``M-20210422003411``) gives its digits.
    """
    number = _TOURNAMENT_ID.search(" ".join(header)) or _TOURNAMENT_ID.search(before)
    if number is not None:
        return int(next(group for group in number.groups() if group))
    if hand.tournament_id is not None:  # as its reader found it: its digits
        digits = "".join(filter(str.isdigit, hand.tournament_id))
        if digits:
            return int(digits)
    if hand.site == "iPoker":
        found = _IPOKER_TOURNAMENT.search(header[0] if header else "")
        found = found or _IPOKER_TOURNAMENT.search(hand.table)
        if found is not None:
            return int(next(group for group in found.groups() if group))
    return None


def _currency(header: tuple[str, ...]) -> str | None:
    """The currency code a cash game's header shows, or ``None``.

    ``None`` for play money, whatever sign it prints (OnGame's ``$0.25/$0.50,
    Play money``, PKR's ``Money Type: PLAY MONEY`` with ``$5 / $10``).
    """
    text = " ".join(header)
    if _PLAY_MONEY.search(text):
        return None
    for word, code in _CURRENCIES:
        if re.search(rf"\b{word}\b", text):
            return code
    for symbol, code in _SYMBOLS:
        if symbol in text:
            return code
    return None

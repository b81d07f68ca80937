"""Write hands as PokerStars-style text, the online-room format trackers import.

One hand is written as PokerStars writes it (cash game or tournament):

- the header (``PokerStars Hand #N:  Hold'em No Limit ($0.01/$0.02 USD) -
  2024/05/01 20:15:03 CET [2024/05/01 14:15:03 ET]``; a tournament adds
  ``Tournament #T,``, its buy-in as printed when known and, when the hand has
  one, the level), the table line with the table's size when known
  (``6-max``) and the button's seat, one line per seat with its chips;
- the posts: ``posts the ante``, ``posts small blind``, ``posts big blind``,
  ``posts straddle`` and, for a "post all" (R-TABLE-6), ``posts small & big
  blinds`` with the dead small blind and the live big blind together;
- ``*** HOLE CARDS ***`` with ``Dealt to HERO [Ah Kd]`` for the viewer;
- the betting: ``folds``, ``checks``, ``calls X``, ``bets X``, ``raises X to
  Y`` (X the raise over the bet faced, Y the street total), with ``and is
  all-in``; ``Uncalled bet (X) returned to P`` (R-BET-7);
- street headers with the board (``*** TURN *** [Kh 7c 5d] [Ad]``);
- ``*** SHOW DOWN ***`` with the hands shown (``shows [..] (a pair of
  Aces)``) and mucked (``mucks hand``), then ``P collected X from pot`` (or
  ``from side pot-2``, ``from side pot``, ``from main pot``), net of rake;
- ``*** SUMMARY ***``: total pot (main and side pots when there are several)
  and rake, the board, and one line per seat: ``folded before Flop (didn't
  bet)``, ``folded on the Turn``, ``showed [..] and won (X) with ...``,
  ``showed [..] and lost with ...``, ``mucked [..]``, ``collected (X)``.

Written per viewer (R-HISTORY-1): the viewer's own hole cards, and every hand
that reached the showdown, the mucked ones included for a player dealt in;
an observer (``viewer=None``) sees only the hands shown. Hole cards folded
before the showdown and burn cards are never written.

Chips are ints, written as plain chips by default (``Hold'em No Limit
(200/400)``, ``(100000 in chips)``, as PokerStars writes play money and
tournaments); ``money=Money("USD")`` writes them as money (50 chips, cents,
are ``$0.50``).

The start time is written as PokerStars writes it, the room's time with its
zone as printed and New York time in brackets (``stars_time``); a hand with
none (The Big Game's files, ``holdem play`` hands) gets ``NO_TIME``,
``1970/01/01 00:00:00 UTC``, and ``holdem convert`` says how many did.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable

from holdem.cards import Card
from holdem.engine.events import (
    AwardPot,
    PostAnte,
    PostBlind,
    PostDead,
    ReturnUncalled,
    ShowAllIn,
)
from holdem.engine.state import HandState
from holdem.errors import InvalidInputError
from holdem.eval import evaluate
from holdem.history.money import Money
from holdem.history.stars_seats import StarsHand
from holdem.history.stars_time import NO_TIME, stars_time
from holdem.rules.actions import (
    Bet,
    Call,
    Check,
    DealBoard,
    Fold,
    Muck,
    Raise,
    RunIt,
    Show,
)
from holdem.rules.config import Structure

__all__ = ["NO_TIME", "Money", "StarsHand", "stars_text", "stars_texts"]

_STRUCTURES = {
    Structure.NO_LIMIT: "No Limit",
    Structure.POT_LIMIT: "Pot Limit",
    Structure.FIXED_LIMIT: "Limit",
}
_STREETS = ("Flop", "Turn", "River")
_RUN_WORDS = ("FIRST", "SECOND", "THIRD", "FOURTH")
"""How PokerStars names the runs of a board run more than once (R-RIT-1)."""


def stars_texts(
    hands: Iterable[StarsHand], viewer: str | None, **options: object
) -> str:
    """Many hands as one text, separated by blank lines (as a room writes them).

    ``viewer`` is a player name here (the hero), or ``None`` for an observer;
    a hand the hero was not dealt into is written as an observer sees it.
    Options are those of ``stars_text``.
    """
    texts = []
    for hand in hands:
        seat = None
        if viewer is not None and viewer in hand.players:
            seat = hand.seats[hand.players.index(viewer)]
        texts.append(stars_text(hand, seat, **options))  # type: ignore[arg-type]
    return "\n\n\n".join(t.rstrip("\n") for t in texts) + "\n"


def stars_text(
    hand: StarsHand,
    viewer: int | None,
    *,
    money: Money | None = None,
    table: str | None = None,
    tournament: int | None = None,
    time: datetime.datetime | None = None,
) -> str:
    """One finished hand as PokerStars-style text, as ``viewer`` may see it.

    Args:
        hand: the hand and its seats (``StarsHand.from_record(record)``,
            ``.from_state(state)`` or ``.from_history(history)``).
        viewer: the table seat of the hero (dealt into the hand), or ``None``
            for an observer (R-HISTORY-1).
        money: how chips are written: ``Money("USD")`` (chips are cents) as
            money; by default ``Money(None)``, plain chips.
        table: the table's name; the hand's own, else ``"holdem"`` (a
            tournament's table is then named by the tournament's number).
        tournament: the tournament's number: writes a tournament hand, with
            ``Level`` only when the hand has a level (none is invented).
        time: when the hand started; the hand's own, else ``NO_TIME``
            (1970/01/01 00:00:00 UTC, the text needs a date).

    Returns:
        The text, ending with a newline.

    Raises:
        InvalidInputError: for a viewer not dealt into the hand, a hand not
            complete, or jokers (R-DECK-2; online rooms have none).
    """
    state = hand.state
    if not state.is_complete:
        raise InvalidInputError("only a finished hand can be written as text")
    if state.config.jokers:
        raise InvalidInputError("online-room text has no jokers (R-DECK-2)")
    hero = None
    if viewer is not None:
        hero = hand.hand_seat(viewer)
        if hero is None:
            raise InvalidInputError(
                f"seat {viewer} was not dealt into hand {hand.number}: the dealt"
                f" seats are {', '.join(map(str, hand.seats))} (or None for an"
                " observer) [R-HISTORY-1]"
            )
    if money is None:
        money = Money(None)
    writer = _Writer(hand, hero, money)
    if table is None and hand.table is not None:
        table = str(hand.table)
    if table is None:  # a tournament's table is named by its number alone
        table = "" if tournament is not None else "holdem"
    writer.header(table, tournament, time or hand.time or NO_TIME)
    writer.posts()
    writer.actions()
    writer.summary()
    return "\n".join(writer.lines) + "\n"


def _roman(number: int) -> str:
    out = []
    for value, letters in (
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ):  # fmt: skip
        count, number = divmod(number, value)
        out.append(letters * count)
    return "".join(out)


def _tournament_table(tournament: int, table: str) -> str:
    """The table's name as PokerStars prints it: ``'T N'``, T the tournament.

    A name already holding the tournament's number, not within a longer
    number (PokerStars' own ``734695129 21``, iPoker's ``$3,500 GP R/A,
    657149000`` or ``Hyper Turbo (#16727068)``), is kept as it is, so the
    number is never written twice.
    """
    held = re.search(rf"(?<!\d){tournament}(?!\d)", table)
    return table if held else f"{tournament} {table}".rstrip()


def _cards(cards: Iterable[Card]) -> str:
    return "[" + " ".join(str(c) for c in cards) + "]"


class _Writer:
    """Walks the hand's events once, writing lines."""

    def __init__(self, hand: StarsHand, hero: int | None, money: Money) -> None:
        self.hand = hand
        self.state: HandState = hand.state
        self.hero = hero
        self.money = money
        self.lines: list[str] = []
        n = self.state.seats
        self.names = hand.players
        self.folded_on: list[int | None] = [None] * n  # street index of a fold
        self.put_in = [False] * n  # blinds or chips bet before the flop
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.mucked: set[int] = set()
        self.showdown: list[int] = []  # seats in the order they showed or mucked
        self.won = [0] * n  # net of rake
        self.board: list[Card] = []
        # R-RIT-1: each run's whole board when the board was run more than
        # once (the first is ``board``), and each seat's chips won per run
        self.run_boards: list[list[Card]] = []
        self.won_by_run: dict[int, list[int]] = {}
        self.pot_sizes: dict[int, int] = {}  # pot index -> chips collected

    # ---------------------------------------------------------------- head

    def header(
        self, table: str, tournament: int | None, time: datetime.datetime
    ) -> None:
        config, money = self.state.config, self.money
        game = f"Hold'em {_STRUCTURES[config.structure]}"
        if config.structure is Structure.FIXED_LIMIT:
            low, high = config.small_bet, config.big_bet
        else:  # the blinds, not a straddle (R-STRADDLE-1)
            low, high = self.hand.stakes
        when = stars_time(time)
        number = self.hand.number
        play = ""
        if tournament is not None:
            level = self.hand.level
            stakes = f"({money.format(low)}/{money.format(high)})"
            if level is not None:
                stakes = f"- Level {_roman(level)} {stakes}"
            buy_in = "" if self.hand.buy_in is None else f"{self.hand.buy_in} "
            self.lines.append(
                f"PokerStars Hand #{number}: Tournament #{tournament}, {buy_in}{game}"
                f" {stakes} - {when}"
            )
            name = _tournament_table(tournament, table)
        else:
            code = f" {money.currency}" if money.currency else ""
            stakes = f"({money.format(low)}/{money.format(high)}{code})"
            self.lines.append(f"PokerStars Hand #{number}:  {game} {stakes} - {when}")
            name = table
            # whole chips in a cash game: play money, marked as PokerStars does
            # (its readers, ours included, read cash amounts as money otherwise)
            if money.currency is None and money.unit == 1:
                play = " (Play Money)"
        hand = self.hand
        # no N-max when the history does not give the table's size: the
        # highest seat taken is not it (PokerStars' readers, ours and
        # PokerKit's, take the table line without it)
        size = "" if hand.seat_count is None else f" {hand.seat_count}-max"
        self.lines.append(
            f"Table '{name}'{size}{play} Seat #{hand.button} is the button"
        )
        for seat in sorted(range(self.state.seats), key=lambda s: hand.seats[s]):
            stack = money.format(self.state.starting_stacks[seat])
            self.lines.append(
                f"Seat {hand.seats[seat]}: {self.names[seat]} ({stack} in chips)"
            )

    def posts(self) -> None:
        hand, money = self.hand, self.money
        # the stacks as the lines are written, antes first (a big-blind ante
        # too, though the engine posts it after the blind): a line says "and
        # is all-in" only when that post leaves the seat no chips (R-ANTE-1)
        stacks = list(self.state.starting_stacks)
        dead: dict[int, int] = {}
        blinds: list[tuple[int, int]] = []
        antes: list[tuple[int, int]] = []  # seat, chips
        for event in self.state.events:
            match event:
                case PostAnte(seat, chips) if chips:  # none left to post: no line
                    antes.append((seat, chips))
                case PostDead(seat, chips):
                    dead[seat] = chips
                case PostBlind(seat, chips):
                    blinds.append((seat, chips))
        for seat, chips in sorted(antes, key=lambda a: hand.seats[a[0]]):
            stacks[seat] -= chips
            all_in = " and is all-in" if not stacks[seat] else ""
            self.lines.append(
                f"{self.names[seat]}: posts the ante {money.format(chips)}{all_in}"
            )
        for seat, chips in dead.items():
            stacks[seat] -= chips
        for seat, chips in blinds:
            stacks[seat] -= chips
        named = []
        has_small = hand.small_blind in hand.seats
        for seat, chips in blinds:
            what = self._blind_name(seat)
            if what == "small blind" and hand.seats[seat] != hand.small_blind:
                if has_small:
                    # a second live small blind (PartyPoker): PokerStars reads
                    # every small blind after the first as dead, so it is
                    # written as a live blind posted to be dealt in
                    what = "big blind"
                has_small = True
            named.append((seat, chips, what))
        # PokerStars prints the live small blind first, then the big blind and
        # the others; a small blind printed later is read as a dead one
        named.sort(key=lambda post: post[2] != "small blind")
        for seat, chips, what in named:
            self.put_in[seat] = True
            if seat in dead:
                chips += dead.pop(seat)
            all_in = " and is all-in" if not stacks[seat] else ""
            self.lines.append(
                f"{self.names[seat]}: posts {what} {money.format(chips)}{all_in}"
            )
        for seat, chips in dead.items():  # a dead blind with no live one
            # PokerStars prints a dead small blind as a second "posts small
            # blind" after the live one (R-TABLE-6)
            self.put_in[seat] = True
            all_in = " and is all-in" if not stacks[seat] else ""
            self.lines.append(
                f"{self.names[seat]}: posts small blind {money.format(chips)}{all_in}"
            )

    def _blind_name(self, seat: int) -> str:
        """What the live blind of ``seat`` is called in the posts.

        The small blind's seat posts the small blind, a straddle's the
        straddle (R-STRADDLE-1); a seat posting a live blind and a dead one
        posts "small & big blinds" (R-TABLE-6); any other live blind is named
        by its size: less than the big blind of the stakes, a small blind
        (a site's small blind posted out of its seat; ``posts`` names a
        second one a big blind), else a big blind (one posted to be dealt in,
        R-TABLE-5).
        """
        hand, state = self.hand, self.state
        table_seat = hand.seats[seat]
        if any(type(e) is PostDead and e.seat == seat for e in state.events):
            return "small & big blinds"
        if table_seat == hand.small_blind:
            return "small blind"
        if table_seat == hand.big_blind:
            return "big blind"
        if table_seat in hand.straddles:
            return "straddle"
        if state.forced.blinds_or_straddles[seat] < hand.stakes[1]:
            return "small blind"
        return "big blind"

    # ------------------------------------------------------------- betting

    def actions(self) -> None:
        state, money, names = self.state, self.money, self.names
        self.lines.append("*** HOLE CARDS ***")
        hero = self.hero
        dealt = state.hole_cards[hero] if hero is not None else None
        if hero is not None and dealt is not None:
            self.lines.append(f"Dealt to {names[hero]} {_cards(dealt)}")
        stacks = list(state.starting_stacks)
        committed = [0] * state.seats
        current = 0
        for event in state.events:
            if isinstance(event, PostAnte | PostDead):
                stacks[event.seat] -= event.chips
            elif isinstance(event, PostBlind):
                stacks[event.seat] -= event.chips
                committed[event.seat] = event.chips
                current = max(current, event.chips)
        # R-ALLIN-BLIND: a blind posted short still sets the full blind to call
        current = max(current, *state.forced.blinds_or_straddles, 0)
        board: list[Card] = []
        street = 0
        awards: list[AwardPot] = []
        runs = self.run_boards
        for event in state.events:
            match event:
                case RunIt(times) if times > 1:
                    # R-RIT-1: each run's streets are named by its run
                    runs.append(board)
                case DealBoard(new) if runs:
                    run_board = runs[-1]
                    name = _STREETS[{0: 0, 3: 1}.get(len(run_board), 2)].upper()
                    header = f"*** {_RUN_WORDS[len(runs) - 1]} {name} ***"
                    if run_board:
                        header += f" {_cards(run_board)}"
                    self.lines.append(f"{header} {_cards(new)}")
                    run_board += new
                    if len(run_board) == 5 and len(runs) < state.runs:
                        runs.append(list(board[: state._shared]))
                case DealBoard(cards):
                    header = f"*** {_STREETS[street].upper()} ***"
                    if board:
                        header += f" {_cards(board)}"
                    board += cards
                    street += 1
                    self.lines.append(f"{header} {_cards(cards)}")
                    committed = [0] * state.seats
                    current = 0
                case Fold(seat):
                    self.folded_on[seat] = street
                    self.lines.append(f"{names[seat]}: folds")
                case Check(seat):
                    self.lines.append(f"{names[seat]}: checks")
                case Call(seat):
                    chips = min(current - committed[seat], stacks[seat])
                    stacks[seat] -= chips
                    committed[seat] += chips
                    self._bet_line(seat, f"calls {money.format(chips)}", stacks, street)
                case Bet(seat, to):
                    stacks[seat] -= to - committed[seat]
                    committed[seat] = current = to
                    self._bet_line(seat, f"bets {money.format(to)}", stacks, street)
                case Raise(seat, to):
                    by = to - current
                    stacks[seat] -= to - committed[seat]
                    committed[seat] = current = to
                    self._bet_line(
                        seat,
                        f"raises {money.format(by)} to {money.format(to)}",
                        stacks,
                        street,
                    )
                case ReturnUncalled(seat, chips):
                    stacks[seat] += chips
                    committed[seat] -= chips
                    self.lines.append(
                        f"Uncalled bet ({money.format(chips)}) returned to"
                        f" {names[seat]}"
                    )
                case ShowAllIn(seat, cards):
                    self.shown[seat] = cards
                    self.showdown.append(seat)
                case Show(seat, cards):
                    held = cards or state.hole_cards[seat]
                    if held is not None:
                        self.shown[seat] = tuple(held)
                    else:  # an unknown hand shown: nothing to write
                        self.mucked.add(seat)
                    self.showdown.append(seat)
                case Muck(seat):
                    self.mucked.add(seat)
                    self.showdown.append(seat)
                case AwardPot():
                    awards.append(event)
        self.board = board
        self._showdown_and_collect(awards)

    def _bet_line(self, seat: int, text: str, stacks: list[int], street: int) -> None:
        if street == 0:
            self.put_in[seat] = True
        all_in = " and is all-in" if not stacks[seat] else ""
        self.lines.append(f"{self.names[seat]}: {text}{all_in}")

    # ----------------------------------------------------------- showdown

    def _description(
        self, cards: tuple[Card, ...], board: list[Card] | None = None
    ) -> str:
        board = self.board if board is None else board
        if len(board) < 3:
            return ""
        # the rooms call twos "Deuces" ("two pair, Sixes and Deuces")
        return evaluate((*cards, *board)).describe().replace("Twos", "Deuces")

    def _showdown_and_collect(self, awards: list[AwardPot]) -> None:
        """The showdown, pot by pot from the last side pot, and the winners.

        As the rooms write it: for each pot from the last side pot to the
        main pot, the hands that can win it and are not yet shown, in the
        order they were shown (R-SHOW-2), then who collected it.
        """
        names, money, state = self.names, self.money, self.state
        if self.run_boards:
            self._runs_showdown(awards)
            return
        # the rake comes off each winner's share, main pot first
        rake = list(self.hand.rake_paid or (0,) * state.seats)
        collected: dict[int, list[tuple[int, int]]] = {}  # pot -> (seat, chips)
        for award in awards:
            for seat, chips in award.shares:
                taken = min(rake[seat], chips)
                rake[seat] -= taken
                collected.setdefault(award.pot, []).append((seat, chips - taken))
                self.won[seat] += chips - taken
                self.pot_sizes[award.pot] = (
                    self.pot_sizes.get(award.pot, 0) + chips - taken
                )
        out = [f or m for f, m in zip(state.folded, state.mucked, strict=True)]
        eligible = dict(
            enumerate(p.eligible for p in state.hand_pots(state.contributed, out))
        )
        pending = list(self.showdown) if self.showdown else []
        if pending:
            self.lines.append("*** SHOW DOWN ***")
        for pot in sorted(collected, reverse=True):
            can_win = eligible.get(pot, tuple(range(state.seats)))
            for seat in [s for s in pending if s in can_win or pot == 0]:
                pending.remove(seat)
                self._show_line(seat)
            where = self._pot_name(pot).lower()
            for seat, chips in collected[pot]:
                self.lines.append(
                    f"{names[seat]} collected {money.format(chips)} from {where}"
                )
        for seat in pending:
            self._show_line(seat)

    def _runs_showdown(self, awards: list[AwardPot]) -> None:
        """Each run's showdown and who collected its share of each pot (R-RIT-1).

        As PokerStars writes a hand run twice: ``*** FIRST SHOW DOWN ***``,
        the hands described on that run's board, then that run's collected
        lines; the rake comes off the winners' shares, first run first.
        """
        names, money, state = self.names, self.money, self.state
        rake = list(self.hand.rake_paid or (0,) * state.seats)
        for run, board in enumerate(self.run_boards, 1):
            self.lines.append(f"*** {_RUN_WORDS[run - 1]} SHOW DOWN ***")
            for seat in self.showdown:
                self._show_line(seat, board)
            won = self.won_by_run.setdefault(run, [0] * state.seats)
            for award in awards:
                if award.run != run:
                    continue
                for seat, chips in award.shares:
                    taken = min(rake[seat], chips)
                    rake[seat] -= taken
                    won[seat] += chips - taken
                    self.won[seat] += chips - taken
                    self.pot_sizes[award.pot] = (
                        self.pot_sizes.get(award.pot, 0) + chips - taken
                    )
            for award in awards:
                if award.run != run:
                    continue
                where = self._pot_name(award.pot).lower()
                for seat, chips in award.shares:
                    self.lines.append(
                        f"{names[seat]} collected {money.format(chips)} from {where}"
                    )

    def _show_line(self, seat: int, board: list[Card] | None = None) -> None:
        name = self.names[seat]
        if seat in self.mucked:
            self.lines.append(f"{name}: mucks hand")
            return
        cards = self.shown[seat]
        described = self._description(cards, board)
        text = f" ({described})" if described else ""
        self.lines.append(f"{name}: shows {_cards(cards)}{text}")

    def _pot_name(self, pot: int) -> str:
        """``Pot``, ``Main pot``, ``Side pot`` (only one) or ``Side pot-K``."""
        pots = sorted(self.pot_sizes)
        if len(pots) == 1:
            return "Pot"
        if pot == pots[0]:
            return "Main pot"
        if len(pots) == 2:
            return "Side pot"
        return f"Side pot-{pots.index(pot)}"

    # ------------------------------------------------------------ summary

    def summary(self) -> None:
        hand, money = self.hand, self.money
        self.lines.append("*** SUMMARY ***")
        pots = self.pot_sizes
        total = sum(pots.values()) + hand.rake
        line = f"Total pot {money.format(total)}"
        if len(pots) > 1:
            for pot in sorted(pots):
                line += f" {self._pot_name(pot)} {money.format(pots[pot])}."
        self.lines.append(f"{line} | Rake {money.format(hand.rake)}")
        if self.run_boards:
            times = {2: "twice", 3: "three times"}.get(len(self.run_boards))
            self.lines.append(
                f"Hand was run {times or f'{len(self.run_boards)} times'}"
            )
            for run, board in enumerate(self.run_boards):
                self.lines.append(f"{_RUN_WORDS[run]} Board {_cards(board)}")
        elif self.board:
            self.lines.append(f"Board {_cards(self.board)}")
        for seat in sorted(range(self.state.seats), key=lambda s: hand.seats[s]):
            self.lines.append(self._seat_summary(seat))

    def _seat_summary(self, seat: int) -> str:
        hand, money = self.hand, self.money
        table_seat = hand.seats[seat]
        label = f"Seat {table_seat}: {self.names[seat]}"
        if table_seat == hand.button:
            label += " (button)"
        if table_seat == hand.small_blind:
            label += " (small blind)"
        elif table_seat == hand.big_blind:
            label += " (big blind)"
        street = self.folded_on[seat]
        won = self.won[seat]
        if street is not None:
            if street == 0:
                bet = "" if self.put_in[seat] else " (didn't bet)"
                return f"{label} folded before Flop{bet}"
            return f"{label} folded on the {_STREETS[street - 1]}"
        if seat in self.shown and self.run_boards:
            # R-RIT-1: what the hand won or lost on each run's board
            parts = []
            for run, board in enumerate(self.run_boards, 1):
                described = self._description(self.shown[seat], board)
                got = self.won_by_run.get(run, [0] * self.state.seats)[seat]
                result = f"won ({money.format(got)})" if got else "lost"
                parts.append(f"and {result} with {described}")
            return f"{label} showed {_cards(self.shown[seat])} " + ", ".join(parts)
        if seat in self.shown:
            cards = self.shown[seat]
            described = self._description(cards)
            with_ = f" with {described}" if described else ""
            shown = f"{label} showed {_cards(cards)}"
            if won:
                return f"{shown} and won ({money.format(won)}){with_}"
            return f"{shown} and lost{with_}"
        if seat in self.mucked:
            held = self.state.hole_cards[seat]
            # R-HISTORY-1: players dealt in see mucked hands; observers do not
            if self.hero is not None and held is not None:
                return f"{label} mucked {_cards(held)}"
            return f"{label} mucked"
        standing = [s for s in range(self.state.seats) if self.folded_on[s] is None]
        if won or standing == [seat]:
            # the last player left collects the pot, even an empty one (a
            # big blind alone whose blind came back uncalled, R-BET-7)
            return f"{label} collected ({money.format(won)})"
        return f"{label} lost"

"""``holdem show FILE [--hand N]``: one hand, street by street, with pots and winners.

FILE is a ``.phh`` or ``.phhs`` file, or an online room's text history in
any format ``holdem replay`` reads. The hand (``--hand N``: the hand whose
``hand`` field, or site hand number, is N, else the N-th hand of the file;
the first by default) is dealt again through the engine, and printed with
rich:

- the game (structure, blinds, antes) and a table of the players: PHH
  position and table seat, name (the button and the history's ``_hero``
  marked), starting stack, hole cards as known, result after the rake the
  player paid (R-POT-4);
- each street: its board, the forced bets (antes, then the small blind,
  the big blind and straddles by name: heads-up the button's small blind
  first, R-TABLE-2) and every action with its chips, and the pots after it
  (main pot first, then side pots, R-POT-1);
- the showdown: the hands shown, with their descriptions;
- the winners: each pot with its chips, who won it and with what, and any
  uncalled bet returned (R-BET-7);
- for an online hand, what the site printed: each amount collected (after
  the rake) and the rake, in the site's money.

Amounts are written as the history's money (``currency`` and ``_chip_unit``:
``$0.50``), else in chips. An online hand is shown through its PHH history
(``holdem.history.online.to_phh``: a cash game's cents as money). A hand
the engine does not deal as the site printed it (or not hold'em, or
unreadable) is not shown: an error with the reason.

A hand that does not replay as recorded is shown as far as it goes, with the
reason. Errors (a missing or unreadable file, no such hand) print one line
without a traceback and exit with status 2.
"""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from holdem.betting.pots import Pot
from holdem.cards import Card
from holdem.cli.options import HistoryPath
from holdem.engine.events import (
    AwardPot,
    BoardRun,
    Misdeal,
    PostAnte,
    PostBlind,
    PostDead,
    ReturnUncalled,
    ShowAllIn,
)
from holdem.engine.hand import live_board
from holdem.engine.state import HandState
from holdem.errors import HistoryParseError, HoldemError, InvalidInputError
from holdem.eval import evaluate
from holdem.history.model import HandHistory
from holdem.history.money import Money
from holdem.history.online.model import OnlineHand
from holdem.history.online.to_phh import online_file_histories
from holdem.history.phh import load_each
from holdem.history.replay import Outcome, replay_history
from holdem.history.stars_seats import blind_seats
from holdem.rules.actions import (
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    Muck,
    Raise,
    Show,
)
from holdem.rules.config import Structure

__all__ = ["show"]

_STREETS = ("Pre-flop", "Flop", "Turn", "River")
_AUTO = (
    PostAnte, PostBlind, PostDead, ReturnUncalled, ShowAllIn, Misdeal, AwardPot,
    BoardRun,
)  # fmt: skip


@click.command()
@click.argument("file", type=HistoryPath())
@click.option(
    "--hand",
    "number",
    type=click.IntRange(min=0),  # PHH may number hands from 0
    help="The hand whose 'hand' field (or site hand number) is N, else the N-th"
    " hand (default: 1st).",
)
def show(file: Path, number: int | None) -> None:
    """Print one hand of a PHH or online-room file street by street, with winners."""
    console = Console(highlight=False, soft_wrap=True)
    try:
        online = _pick_online(file, number)
        if online is None:
            history, label = _pick(file, number)
        else:
            history, label, site_hand = online
        replay = replay_history(history)
        if replay.state is None:
            raise InvalidInputError(f"{file} hand {label}: {replay.message}")
        _Printer(console, history, replay.state, replay.rake_paid).print(label)
        if online is not None:
            _print_site(console, history, site_hand)
        if replay.outcome is not Outcome.REPRODUCED:
            console.print(
                f"[bold red]The record does not replay as written[/]"
                f" ({replay.outcome}): {escape(replay.message)}"
            )
    except _Unreplayed as unreplayed:
        _print_record(console, unreplayed.hand, unreplayed.message)
    except BrokenPipeError:
        raise  # the reader stopped (``| head``): click ends quietly
    except (HoldemError, OSError) as error:
        click.echo(f"Error: {error}", err=True)
        raise SystemExit(2) from None


class _Unreplayed(Exception):
    """A hand read from the file that does not replay: shown as recorded."""

    def __init__(self, hand: OnlineHand, message: str) -> None:
        super().__init__(message)
        self.hand, self.message = hand, message


def _unit(hand: OnlineHand) -> str:
    """The unit the reader's chip counts are in."""
    chips = "tournament chips" if hand.is_tournament else "chips (cents of money)"
    return chips if hand.chip_unit == 1 else f"1/{hand.chip_unit} {chips}"


def _print_record(console: Console, hand: OnlineHand, message: str) -> None:
    """A hand that does not replay, as the file records it, the reason first."""
    console.print(f"[bold red]Not replayed[/]: {escape(message)}")
    console.print(
        f"[bold]{escape(hand.label)}[/] as recorded by {escape(hand.site)}"
        f" ({escape(hand.game)}; amounts in {_unit(hand)})"
    )
    for seat in hand.seats:
        console.print(f"  seat {seat.seat}: {seat.player} {seat.stack}", markup=False)
    for post in hand.posts:
        console.print(
            f"  {_does(post.player, 'posts')} {post.kind} {post.chips}", markup=False
        )
    street = -1
    for action in hand.actions:
        if action.street != street:
            street = action.street
            dealt = hand.board[: (0, 3, 4, 5)[min(street, 3)]]
            board = f" {_cards(list(dealt))}" if dealt else ""
            console.print(f"{_STREETS[min(street, 3)]}{board}", markup=False)
        chips = f" {action.chips}" if action.chips else ""
        console.print(f"  {action.player} {action.kind}{chips}", markup=False)
    for player, cards in hand.hole_cards:
        console.print(f"  {player} holds {_cards(list(cards))}", markup=False)
    for item in hand.collected:
        console.print(
            f"  {item.player} collected {item.chips} from {item.pot}", markup=False
        )
    if hand.rake is not None:
        console.print(f"  rake {hand.rake}", markup=False)


def _is_you(name: str) -> bool:
    """A name that already says it is the viewer (``You``, ``Hero``)."""
    return name.casefold() in ("you", "hero")


def _does(name: str, verb: str) -> str:
    """``Ann folds``, but ``You fold``: the verb agrees with a player "You".

    >>> _does("Ann", "posts"), _does("You", "posts"), _does("You", "raises")
    ('Ann posts', 'You post', 'You raise')
    """
    if name.casefold() == "you":
        verb = verb.removesuffix("s")
    return f"{name} {verb}"


def _pick(file: Path, number: int | None) -> tuple[HandHistory, str]:
    """The chosen hand and its label (its ``hand`` field, or its position)."""
    histories = _load(file)
    if not histories:
        raise InvalidInputError(f"{file} holds no hand")
    if number is None:
        index = 0
    else:
        named = [
            i
            for i, h in enumerate(histories)
            if isinstance(h, HandHistory) and h.hand == number
        ]
        if named:
            index = named[0]
        elif 1 <= number <= len(histories):
            index = number - 1
        else:
            raise InvalidInputError(
                f"{file} has {len(histories)} hand(s) and none named {number}:"
                f" --hand takes a hand field or 1..{len(histories)}"
            )
    history = histories[index]
    if isinstance(history, HistoryParseError):
        raise history  # that hand is malformed; the file's others still show
    label = str(history.hand) if history.hand is not None else str(index + 1)
    return history, label


def _pick_online(
    file: Path, number: int | None
) -> tuple[HandHistory, str, OnlineHand] | None:
    """The chosen hand of an online-room file, or ``None`` for a PHH file.

    Raises:
        InvalidInputError: for no such hand, or a hand that cannot be shown
            (the reason it is not converted to PHH).
    """
    if not file.is_file() or file.suffix.lower() in _PHH:
        return None
    try:
        conversions = online_file_histories(file)
    except HistoryParseError:
        raise  # too big to read
    except InvalidInputError:
        return None  # not a known online format: read as PHH, or say so
    except OSError as error:
        shown = _short_path(file)
        raise InvalidInputError(
            f"cannot read {shown}: {error.strerror or error}"
        ) from None
    if not conversions:
        raise InvalidInputError(f"{file} holds no hand")
    if number is None:
        index = 0
    else:
        named = [i for i, c in enumerate(conversions) if c.hand_id == str(number)]
        if named:
            index = named[0]
        elif 1 <= number <= len(conversions):
            index = number - 1
        else:
            raise InvalidInputError(
                f"{file} has {len(conversions)} hand(s) and none numbered"
                f" {number}: --hand takes a site hand number or"
                f" 1..{len(conversions)}"
            )
    chosen = conversions[index]
    if chosen.history is None and chosen.hand is not None:
        raise _Unreplayed(chosen.hand, chosen.message)
    if chosen.history is None or chosen.hand is None:
        raise InvalidInputError(f"{chosen.label} cannot be shown: {chosen.message}")
    return chosen.history, chosen.hand_id or str(index + 1), chosen.hand


def _print_site(console: Console, history: HandHistory, hand: OnlineHand) -> None:
    """What the site printed: the amounts collected and the rake."""
    fields = dict(history.metadata)
    money = _money(history)
    shown = ""
    if not (
        type(fields.get("currency")) is str and type(fields.get("_chip_unit")) is int
    ):
        shown = f" (amounts in {_unit(hand)})"
    console.print(f"[bold]As printed by {escape(hand.site)}[/]{escape(shown)}")
    for item in hand.collected:
        console.print(
            f"  {item.player} collected {money.format(item.chips)} from {item.pot}",
            markup=False,
        )
    if hand.rake is not None:
        console.print(f"  rake {money.format(hand.rake)}", markup=False)


def _money(history: HandHistory) -> Money:
    """How the hand's chips are printed: as the history's money, else chips.

    ``currency`` with ``_chip_unit`` (an online cash game: cents) gives
    money (``$0.50``); ``_chip_unit`` alone gives units (``0.50``); a
    history with neither is printed in chips.
    """
    fields = dict(history.metadata)
    currency, unit = fields.get("currency"), fields.get("_chip_unit")
    code = currency if type(currency) is str and currency else None
    if fields.get("_tournament") is True:
        code = None
    chip_unit = unit if type(unit) is int and unit > 0 else None
    if code is None and chip_unit is None:
        return Money(None)
    try:
        return Money(code, chip_unit)
    except InvalidInputError:  # a malformed unit: chips as they are
        return Money(None)


_PHH = (".phh", ".phhs")
_READS = (
    "show reads one PHH file (.phh or .phhs) or an online room's history in a"
    " format holdem replay reads"
)


def _load(file: Path) -> list[HandHistory | HistoryParseError]:
    """The hands of ``file`` in order, a malformed one as its error.

    Raises:
        InvalidInputError: naming the path, when the file cannot be read.
    """
    shown = _short_path(file)
    if file.is_dir():
        raise InvalidInputError(f"{shown} is a folder: {_READS}")
    if not file.exists():
        raise InvalidInputError(f"no such file: {shown} ({_READS})")
    try:
        return [hand for _, hand in load_each(file)]
    except OSError as error:
        raise InvalidInputError(
            f"cannot read {shown}: {error.strerror or error}"
        ) from None
    except HoldemError:
        if file.suffix.lower() in _PHH:
            raise
        raise InvalidInputError(
            f"{shown} is not a hand history we read ({_READS})"
        ) from None


def _short_path(file: Path) -> str:
    text = str(file)
    return text if len(text) <= 120 else "..." + text[-117:]


def _cards(cards: tuple[Card | None, ...] | list[Card] | None) -> str:
    if not cards:
        return "-"
    return " ".join("??" if c is None else str(c) for c in cards)


class _Printer:
    """Deals the hand again step by step, printing as it goes."""

    def __init__(
        self,
        console: Console,
        history: HandHistory,
        state: HandState,
        rake_paid: tuple[int, ...],
    ):
        self.console = console
        self.history = history
        self.state = state
        n = state.seats
        self.names = history.players or tuple(f"p{s + 1}" for s in range(n))
        self.money = _money(history)
        fields = dict(history.metadata)
        hero = fields.get("_hero")
        self.hero = self.names.index(hero) if hero in self.names else None
        # recorded in _rake_paid or shown by the record (history.rake)
        self.rake_paid = rake_paid if len(rake_paid) == n else (0,) * n
        seats = fields.get("seats")
        self.seats: tuple[object, ...] | None = (
            seats if isinstance(seats, tuple) and len(seats) == n else None
        )

    def print(self, label: str) -> None:
        state, console = self.state, self.console
        config = state.config
        structure = {
            Structure.NO_LIMIT: "No-limit",
            Structure.POT_LIMIT: "Pot-limit",
            Structure.FIXED_LIMIT: "Fixed-limit",
        }[config.structure]
        chips = self.money.format
        game = (
            f"{structure} hold'em, blinds {chips(config.small_blind)}"
            f"/{chips(config.big_blind)}"
        )
        if any(state.forced.antes):
            game += f", ante {chips(max(state.forced.antes))}"
        if config.structure is Structure.FIXED_LIMIT:
            game += f", bets {chips(config.small_bet)}/{chips(config.big_bet)}"
        console.rule(f"[bold]Hand {escape(label)}[/]: {game}")
        self._players()
        self._streets()
        self._winners()

    def _players(self) -> None:
        state = self.state
        table = Table(show_edge=False)
        for column in ("Seat", "Player", "Stack", "Cards", "Result"):
            table.add_column(column, justify="right" if column != "Player" else "left")
        button = state.seats - 1
        chips = self.money.format
        for seat in range(state.seats):
            marks = ["button"] if seat == button else []
            if seat == self.hero and not _is_you(self.names[seat]):
                marks.append("hero")  # not "Hero (hero)"
            name = escape(self.names[seat])
            if marks:
                name += f" ({', '.join(marks)})"
            # the result after the rake the player paid from what he won
            payoff = state.payoffs[seat] - self.rake_paid[seat]
            where = f"p{seat + 1}"
            if self.seats is not None:  # the table seat the room printed
                where += f" (seat {self.seats[seat]})"
            table.add_row(
                where,
                name,
                chips(state.starting_stacks[seat]),
                escape(_cards(state.hole_cards[seat])),
                ("-" if payoff < 0 else "+" if payoff else "") + chips(abs(payoff)),
            )
        self.console.print(table)

    def _streets(self) -> None:
        """Deal the record again, printing each step and the pots per street."""
        final, console = self.state, self.console
        state = HandState(final.config, final.starting_stacks, final.forced)
        console.print(f"[bold]{_STREETS[0]}[/]")
        for line in self._posts():
            console.print(f"  {line}", markup=False)
        for event in final.events:
            if isinstance(event, _AUTO):
                self._auto(event)
                continue
            if isinstance(event, DealBoard):
                self._pots(state.pots)
                dealt = list(live_board(state))  # a later run's (R-RIT-1)
                board = _cards(dealt + list(event.cards))
                street = _STREETS[{0: 1, 3: 2, 4: 3}.get(len(dealt), 3)]
                console.print(f"[bold]{street}[/]  {escape('[' + board + ']')}")
            self._action(state, event)
            state.apply(event)

    def _posts(self) -> list[str]:
        """The antes, then the blinds: small blind first (R-BLIND-1).

        Heads-up the button posts the small blind (R-TABLE-2); a straddle
        follows the big blind (R-STRADDLE-1), a blind posted to be dealt in
        (R-TABLE-5) and a dead blind (R-TABLE-6) come last.
        """
        final, names, chips = self.state, self.names, self.money.format
        small, big, straddles, _ = blind_seats(final.forced)
        role = {small: "small blind", big: "big blind"}
        role.update(dict.fromkeys(straddles, "straddle"))
        order = [small, big, *straddles]
        antes, blinds, dead = [], [], []
        for event in final.events:
            match event:
                case PostAnte(seat, amount):
                    antes.append(
                        f"{_does(names[seat], 'posts')} the ante {chips(amount)}"
                    )
                case PostDead(seat, amount):
                    dead.append(f"{_does(names[seat], 'posts')} {chips(amount)} dead")
                case PostBlind(seat, amount):
                    what = role.get(seat, "a live blind")
                    rank = order.index(seat) if seat in order else len(order)
                    line = f"{_does(names[seat], 'posts')} {what} {chips(amount)}"
                    blinds.append((rank, line))
        blinds.sort(key=lambda post: post[0])
        return [*antes, *(line for _, line in blinds), *dead]

    def _auto(self, event: object) -> None:
        names = self.names
        match event:
            case ReturnUncalled(seat, chips):
                self.console.print(
                    f"  uncalled {self.money.format(chips)} returned to {names[seat]}",
                    markup=False,
                )
            case ShowAllIn(seat, cards):
                self.console.print(
                    f"  {_does(names[seat], 'shows')} {_cards(cards)} (all-in)",
                    markup=False,
                )
            case Misdeal(rule):
                self.console.print(
                    f"  misdeal: the cards are dealt again ({rule})", markup=False
                )
            case BoardRun(run, board):
                self.console.print(f"  run {run} board {_cards(board)}", markup=False)

    def _action(self, state: HandState, event: object) -> None:
        names, console = self.names, self.console
        match event:
            case Fold(seat):
                console.print(f"  {_does(names[seat], 'folds')}", markup=False)
            case Check(seat):
                console.print(f"  {_does(names[seat], 'checks')}", markup=False)
            case Call(seat):
                owed = state.current_bet - state.committed[seat]
                chips = min(owed, state.stacks[seat])
                all_in = " (all-in)" if chips == state.stacks[seat] else ""
                calls = _does(names[seat], "calls")
                console.print(
                    f"  {calls} {self.money.format(chips)}{all_in}", markup=False
                )
            case Bet(seat, to) | Raise(seat, to):
                verb = "bets" if isinstance(event, Bet) else "raises"
                verb = _does(names[seat], verb) + ("" if verb == "bets" else " to")
                all_in = (
                    " (all-in)"
                    if to - state.committed[seat] == state.stacks[seat]
                    else ""
                )
                console.print(
                    f"  {verb} {self.money.format(to)}{all_in}",
                    markup=False,
                )
            case Show(seat, cards):
                held = cards or self.state.hole_cards[seat]
                console.print(
                    f"  {_does(names[seat], 'shows')} {_cards(held)}", markup=False
                )
            case Muck(seat):
                console.print(f"  {_does(names[seat], 'mucks')}", markup=False)
            case DealHole():
                pass

    def _pots(self, pots: tuple[Pot, ...]) -> None:
        if not pots:
            return
        parts = []
        for index, pot in enumerate(pots):
            name = "main pot" if index == 0 else f"side pot {index}"
            parts.append(f"{name} {self.money.format(pot.amount)}")
        self.console.print(f"  pots: {', '.join(parts)}", style="dim", markup=False)

    def _winners(self) -> None:
        state, console, names = self.state, self.console, self.names
        awards = [e for e in state.events if isinstance(e, AwardPot)]
        if not awards:
            console.print("[bold]No pot was awarded[/]: the hand is not complete")
            return
        rake = sum(self.rake_paid)
        taken = f" (before the rake of {self.money.format(rake)})" if rake else ""
        console.print(f"[bold]Winners[/]{escape(taken)}")
        several = len(awards) > 1
        for award in awards:
            name = (
                "pot"
                if not several
                else ("main pot" if award.pot == 0 else f"side pot {award.pot}")
            )
            winners = "; ".join(
                f"{names[seat]} {self.money.format(chips)}{self._with(seat)}"
                for seat, chips in award.shares
            )
            console.print(
                f"  {name} of {self.money.format(award.amount)}: {winners}",
                markup=False,
            )

    def _with(self, seat: int) -> str:
        """`` with a flush, Queen high`` when the hand was shown with a board."""
        state = self.state
        held = state.hole_cards[seat]
        if not (state.shown[seat] and held and len(state.board) >= 3):
            return ""
        return f" with {evaluate((*held, *state.board)).describe()}"

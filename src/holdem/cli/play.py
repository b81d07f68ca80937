"""``holdem play``: sit at a table with bots and play in the terminal.

Defaults: six-max no-limit 1/2, 200-chip stacks, five bots; you sit in seat
1. Before each of your decisions the table is drawn (seats with the button
and blind markers D, SB, BB, ML, stacks, bets, your cards, the board, the pot
and side pots) with the legal actions and their sizes. Answer with ``f``
(fold), ``x`` (check), ``c`` (call), ``r 300`` (bet or raise to 300 in all on
this street), ``a`` (all-in). An illegal answer is refused with a message
saying what is legal, and the question is asked again; folding when you could
check asks you to confirm (R-BET-1); ``q`` leaves the table, which folds
your hand as leaving a real table does (after a confirmation): the bots
finish the hand, it is saved, and the session ends with its summary. Ctrl-C
stops at once (the hand in play is not saved), exit status 130. After each
hand: who won which pot with which hand, and every stack. Each finished hand
is saved as a PHH file in ``--hands-dir``.

The deck is shuffled by ``random.SystemRandom()``, or by a seeded RNG with
``--seed`` to replay a game (R-DEAL-4). Bots' hole cards are never shown
before the showdown; hands mucked or folded stay hidden (R-HISTORY-1).
"""

from __future__ import annotations

import datetime
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table as RichTable

from holdem.cards import Card
from holdem.cli.answers import HELP, AnswerRefused, legal_text, parse_answer
from holdem.cli.hand_files import save_hand, session_stamp
from holdem.cli.options import WholeNumberRange
from holdem.cli.simulate import blinds_option
from holdem.engine import (
    AwardPot,
    PostAnte,
    PostBlind,
    PostDead,
    ReturnUncalled,
    SeatView,
    ShowAllIn,
    in_posting_order,
)
from holdem.errors import HoldemError
from holdem.eval import evaluate
from holdem.rules import (
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    GameConfig,
    Muck,
    Raise,
    Show,
    Structure,
)
from holdem.rules.config import MAX_CHIPS
from holdem.sim.bots import BOT_SHORT_NAMES, make_bot, parse_bot_kinds
from holdem.sim.job import derive_seed
from holdem.table import (
    Bot,
    DecisionKind,
    DeclineStraddle,
    HandRecord,
    PostToPlay,
    Straddle,
    Table,
    TableConfig,
    TableHand,
    WaitForBigBlind,
)

__all__ = ["play"]

_DEFAULT_BOTS = ("tight-aggressive", "calling-station", "tight-aggressive", "random")
_STREETS = {3: "Flop", 4: "Turn", 5: "River"}
_QUIT = frozenset(("q", "quit"))
_INTERRUPTED = 130  # 128 + SIGINT, as shells report it


def _cards(cards: tuple[Card, ...] | None) -> str:
    return " ".join(str(c) for c in cards) if cards else ""


def _chips_behind_at_show(view: SeatView | None, hand_seat: int) -> int:
    """The chips ``hand_seat`` had behind when its cards were turned up.

    After that only the pots' awards change a stack, so they are taken off
    the stack the view shows now (the hand may be complete already).
    """
    if view is None:
        return 0
    won = sum(
        chips
        for event in view.events
        if type(event) is AwardPot
        for seat, chips in event.shares
        if seat == hand_seat
    )
    return view.stacks[hand_seat] - won


class _Game:
    """One session: the table, the bots, the human's seat and the screen."""

    def __init__(
        self,
        table: Table,
        bots: dict[int, Bot],
        *,
        seat: int,
        console: Console,
        read: Callable[[str], str],
        hands_dir: Path,
        stamp: str,
    ) -> None:
        self.table = table
        self.bots = bots
        self.seat = seat
        self.console = console
        self.read = read
        self.hands_dir = hands_dir
        self.stamp = stamp
        self.shown_events = 0
        self.played = 0  # finished hands, for the closing line
        self.leaving = False  # the player quit: fold, finish the hand, stop

    # ------------------------------------------------------------- one hand

    def play_hand(self) -> HandRecord:
        started = datetime.datetime.now(datetime.UTC)
        hand = self.table.start_hand()
        self.shown_events = 0
        self.console.rule(f"Hand {hand.number}")
        while (decision := hand.decision) is not None:
            self._narrate(hand)
            if decision.seat == self.seat:
                self._ask(hand)
            else:
                bot = self.bots[decision.seat]
                hand.apply(bot.decide(hand.view(decision.seat)))
        self._narrate(hand)
        record = hand.record
        assert record is not None
        self._report(hand, record)
        self._save(record, started)
        return record

    def _name(self, hand: TableHand, hand_seat: int) -> str:
        info = self.table.seat(hand.seats[hand_seat])
        return info.player if info is not None else f"seat {hand.seats[hand_seat]}"

    def _who(self, hand: TableHand, hand_seat: int, verb: str) -> str:
        """``"tag3 calls"``, or ``"You call"`` for the human's seat."""
        if hand.seats[hand_seat] == self.seat:
            return "You " + ("are" if verb == "is" else verb.removesuffix("s"))
        return f"{self._name(hand, hand_seat)} {verb}"

    def _narrate(self, hand: TableHand) -> None:
        """Print what happened since last time, as the human's view shows it."""
        view = hand.view(self.seat).hand
        if view is None:
            return
        events = view.events[self.shown_events :]
        self.shown_events = len(view.events)
        board: list[Card] = []
        for event in view.events[: len(view.events) - len(events)]:
            if type(event) is DealBoard:
                board.extend(event.cards)
        for event in in_posting_order(events, len(hand.seats)):
            line = self._event_line(hand, event, view.hole_cards, board)
            if line:
                self.console.print(line, highlight=False)

    def _event_line(
        self,
        hand: TableHand,
        event: object,
        hole_cards: tuple[tuple[Card, ...] | None, ...],
        board: list[Card],
    ) -> str:
        match event:
            case PostBlind(seat, chips):
                return f"{self._who(hand, seat, 'posts')} {chips}"
            case PostAnte(seat, chips):
                return f"{self._who(hand, seat, 'posts')} an ante of {chips}"
            case PostDead(seat, chips):
                return f"{self._who(hand, seat, 'posts')} {chips} dead"
            case DealHole(seat, cards) if cards is not None:
                return f"{self._who(hand, seat, 'is')} dealt {_cards(cards)}"
            case DealBoard(cards):
                board.extend(cards)
                street = _STREETS.get(len(board), "Board")
                return f"*** {street}: {_cards(tuple(board))}"
            case Fold(seat):
                return f"{self._who(hand, seat, 'folds')}"
            case Check(seat):
                return f"{self._who(hand, seat, 'checks')}"
            case Call(seat):
                return f"{self._who(hand, seat, 'calls')}"
            case Bet(seat, to):
                return f"{self._who(hand, seat, 'bets')} {to}"
            case Raise(seat, to):
                return f"{self._who(hand, seat, 'raises')} to {to}"
            case ReturnUncalled(seat, chips):
                return f"{chips} uncalled returned to {self._name(hand, seat)}"
            case ShowAllIn(seat, cards):
                # shown because no betting can follow (R-SHOW-3): the seat
                # itself is all-in only with no chips behind (R-BET-5)
                all_in = (
                    " (all-in)"
                    if _chips_behind_at_show(hand.view(self.seat).hand, seat) == 0
                    else ""
                )
                return f"{self._who(hand, seat, 'shows')} {_cards(cards)}{all_in}"
            case Show(seat):
                return f"{self._who(hand, seat, 'shows')} {_cards(hole_cards[seat])}"
            case Muck(seat):
                return f"{self._who(hand, seat, 'mucks')}"
        return ""

    def _draw(self, hand: TableHand) -> None:
        """The table as the human sees it, before their decision."""
        table_view = hand.view(self.seat)
        view = table_view.hand
        grid = RichTable(box=None, pad_edge=False, show_edge=False)
        for column in ("seat", "", "player", "stack", "bet", "cards", ""):
            grid.add_column(
                column, justify="right" if column in ("stack", "bet") else "left"
            )
        for info in self.table.players:
            marks = []
            if info.seat == hand.button:
                marks.append("D")
            if info.seat == hand.small_blind:
                marks.append("SB")
            if info.seat == hand.big_blind:
                marks.append("BB")
            if info.missed_big_blind:
                marks.append("ML")
            hand_seat = (
                table_view.seats.index(info.seat)
                if info.seat in table_view.seats
                else None
            )
            if view is None or hand_seat is None:
                grid.add_row(str(info.seat), " ".join(marks), info.player,
                             str(info.stack), "", "", "sitting out")  # fmt: skip
                continue
            cards = view.hole_cards[hand_seat]
            stack = view.stacks[hand_seat]
            if view.folded[hand_seat]:
                status = "folded"
            elif hand.to_act == info.seat:
                status = "<- to act"
            elif stack == 0:
                status = "all-in"
            else:
                status = ""
            bet = view.committed[hand_seat]
            grid.add_row(
                str(info.seat),
                " ".join(marks),
                info.player,
                str(stack),
                str(bet) if bet else "",
                _cards(cards) if cards else ("" if view.folded[hand_seat] else "?? ??"),
                status,
            )
        self.console.print(grid)
        if view is None:
            return
        board = _cards(view.board) or "(none yet)"
        pots = [p.amount for p in view.pots]
        if len(pots) > 1:
            pot_text = f"main {pots[0]}, " + ", ".join(
                f"side {i} {amount}" for i, amount in enumerate(pots[1:], 1)
            )
        else:
            pot_text = str(sum(pots))
        bets = sum(view.committed)
        self.console.print(
            f"Board: {board}   Pot: {pot_text}"
            + (f" (+ {bets} in bets this round)" if bets else ""),
            highlight=False,
        )

    # --------------------------------------------------------- the human

    def _ask(self, hand: TableHand) -> None:
        decision = hand.decision
        assert decision is not None
        seat = decision.seat
        if self.leaving:
            self._leave(hand)
            return
        if decision.kind is DecisionKind.SHOWDOWN:
            if not decision.can_muck:
                # R-SHOW-2: the first to show (or a pot's last claimant) may
                # not muck, so there is nothing to ask
                self.console.print("You show first: your hand is turned up.")
                hand.apply(Show(seat))
                return
            answer = self._choose("Show or muck your hand? [s/m]", ("s", "m"))
            mine = hand.view(seat)
            if answer == "m" and not _beaten(mine.hand, mine.hand_seat):
                question = (
                    "No hand shown so far beats yours: muck anyway and give up"
                    " the pot? [y/n]"
                )
                if self._choose(question, ("y", "n")) == "n":
                    answer = "s"
            hand.apply(Show(seat) if answer == "s" else Muck(seat))
            return
        if decision.kind is DecisionKind.STRADDLE:
            yes = self._choose(f"Straddle {decision.live}? [y/n]", ("y", "n")) == "y"
            hand.apply(Straddle(seat) if yes else DeclineStraddle(seat))
            return
        if decision.kind is not DecisionKind.BET:
            posts = [f"{decision.live}"] if decision.live else []
            if decision.dead:  # a missed small blind (R-TABLE-6)
                posts.append(f"{decision.dead} dead")
            question = (
                f"Post {' and '.join(posts)} to play now, or wait for the big"
                " blind? [p/w]"
            )
            post = self._choose(question, ("p", "w")) == "p"
            hand.apply(PostToPlay(seat) if post else WaitForBigBlind(seat))
            return
        legal = decision.legal
        assert legal is not None
        self._draw(hand)
        view = hand.view(seat).hand
        hand_seat = hand.view(seat).hand_seat
        assert view is not None and hand_seat is not None
        all_in = view.stacks[hand_seat] + view.committed[hand_seat]
        self.console.print(
            f"Your turn. Legal: {legal_text(legal, all_in)}", highlight=False
        )
        while True:
            text = self.read("Your action (f/x/c/r N/a): ")
            if text.strip().lower() in _QUIT:
                question = "Quit? Your hand is folded [y/n]"
                if self._choose(question, ("y", "n")) != "y":
                    continue
                self.console.print(
                    "You leave the table: leaving folds your hand; the bots finish it."
                )
                self.leaving = True
                self._leave(hand)
                return
            try:
                action = parse_answer(
                    text,
                    legal,
                    stack=view.stacks[hand_seat],
                    committed=view.committed[hand_seat],
                    fixed_limit=self.table.config.game.structure
                    is Structure.FIXED_LIMIT,
                )
            except AnswerRefused as refused:
                self.console.print(f"Not allowed: {refused}", highlight=False)
                continue
            if type(action) is Fold and legal.can_check:
                question = "You can check for free. Fold anyway? [y/n]"
                if self._choose(question, ("y", "n")) != "y":
                    continue
            try:
                hand.apply(action)
            except HoldemError as error:
                self.console.print(f"Not allowed: {error}", highlight=False)
                continue
            return

    def _leave(self, hand: TableHand) -> None:
        """The player's decision once they quit: fold, or the nearest to it.

        Folding is what leaving means; where the table forbids a fold while
        checking is free (R-BET-1) the hand is checked until a fold is
        allowed; a hand at the showdown is mucked where it may be (R-SHOW-2),
        a straddle declined, a post to play declined.
        """
        decision = hand.decision
        assert decision is not None
        seat = decision.seat
        if decision.kind is DecisionKind.SHOWDOWN:
            hand.apply(Muck(seat) if decision.can_muck else Show(seat))
        elif decision.kind is DecisionKind.STRADDLE:
            hand.apply(DeclineStraddle(seat))
        elif decision.kind is not DecisionKind.BET:
            hand.apply(WaitForBigBlind(seat))
        else:
            legal = decision.legal
            assert legal is not None
            hand.apply(legal.fold() if legal.can_fold else Check(seat))

    def _choose(self, question: str, answers: tuple[str, ...]) -> str:
        while True:
            text = self.read(question + " ").strip().lower()[:1]
            if text in answers:
                return text
            self.console.print(f"Please answer {' or '.join(answers)}.")

    # ------------------------------------------------------ after the hand

    def _report(self, hand: TableHand, record: HandRecord) -> None:
        view = hand.view(self.seat).hand
        assert view is not None
        board = view.board
        for event in view.events:
            if type(event) is not AwardPot:
                continue
            pot = "the pot" if event.pot == 0 else f"side pot {event.pot}"
            if event.pot == 0 and any(
                type(e) is AwardPot and e.pot for e in view.events
            ):
                pot = "the main pot"
            for hand_seat, chips in event.shares:
                cards = view.hole_cards[hand_seat]
                with_hand = ""
                if cards and len(board) >= 3:
                    with_hand = f" with {evaluate((*cards, *board)).describe()}"
                    with_hand += f" ({_cards(cards)})"
                who = self._who(hand, hand_seat, "wins")
                self.console.print(f"{who} {chips} from {pot}{with_hand}")
        if record.rake:
            self.console.print(f"Rake: {record.rake}")
        stacks = ", ".join(f"{p.player} {p.stack}" for p in self.table.players)
        self.console.print(
            f"Stacks after hand {record.number}: {stacks}", highlight=False
        )

    def _save(self, record: HandRecord, started: datetime.datetime) -> None:
        try:
            for _ in range(100):
                try:
                    path = save_hand(
                        record, self.seat, self.hands_dir, self.stamp, started
                    )
                    break
                except FileExistsError:  # another session's stamp: take the next
                    self.stamp = session_stamp(self.hands_dir, after=self.stamp)
            else:
                raise FileExistsError(f"no free file name in {self.hands_dir}")
        except (HoldemError, OSError) as error:
            self.console.print(f"hand {record.number} not saved: {error}")
            return
        self.console.print(f"Saved {path}", highlight=False)


_BOT_NAMES = (
    "random, calling-station (or station, calling), tight-aggressive (or tag), equity"
)


def _hands_folder(path: Path) -> Path:
    """``--hands-dir``, created if need be and checked writable, at the start."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as error:
        reason = error.strerror or str(error)
        raise click.BadParameter(
            f"cannot save hands in {str(path)[:200]!r}: {reason}",
            param_hint="--hands-dir",
        ) from None
    return path


def _bot_kinds(text: str, seats: int) -> tuple[str, ...]:
    """``--bots``: a number of bots (default kinds in turn) or a list of kinds."""
    if text.strip().isdigit():
        count = int(text)
        if not 1 <= count <= seats - 1:
            raise click.BadParameter(
                f"{count} bots at {seats} seats: from 1 to {seats - 1}",
                param_hint="--bots",
            )
        return tuple(_DEFAULT_BOTS[i % len(_DEFAULT_BOTS)] for i in range(count))
    parts = text.split(",")
    if len(parts) > 1 and any(not part.strip() for part in parts):
        raise click.BadParameter(
            f"an empty bot name in {text[:60]!r}: name each bot between the"
            f" commas ({_BOT_NAMES})",
            param_hint="--bots",
        )
    names = [n for n in text.split(",") if n.strip()]
    try:
        if len(names) > seats - 1:
            raise HoldemError(
                f"{len(names)} bots at {seats} seats: at most {seats - 1} (you sit"
                " in seat 1)"
            )
        return parse_bot_kinds(text, max(len(names), 1))
    except HoldemError as error:
        raise click.BadParameter(str(error), param_hint="--bots") from None


@click.command()
@click.option("--seats", type=WholeNumberRange(2, 10), default=6, show_default=True)
@click.option(
    "--bots",
    default="5",
    show_default=True,
    help="How many bots, or their kinds: random, calling-station (or"
    " station, calling), tight-aggressive (or tag), equity (e.g."
    " tag,tag,equity).",
)
@click.option(
    "--stack",
    type=WholeNumberRange(1, MAX_CHIPS),
    default=200,
    show_default=True,
    help="Chips each player buys in with.",
)
@click.option(
    "--blinds", default="1/2", show_default=True, callback=blinds_option, help="SB/BB."
)
@click.option(
    "--structure",
    type=click.Choice([s.value for s in Structure]),
    default=Structure.NO_LIMIT.value,
    show_default=True,
)
@click.option("--seed", type=int, default=None, help="Seed the shuffle and the bots.")
@click.option(
    "--hands-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("hands"),
    show_default=True,
    help="Folder where every hand is saved as PHH.",
)
@click.option(
    "--hands",
    "hand_limit",
    type=WholeNumberRange(min=1),
    default=None,
    help="Stop after this many hands.",
)
@click.option("--name", default="You", show_default=True, help="Your player name.")
def play(
    seats: int,
    bots: str,
    stack: int,
    blinds: tuple[int, int],
    structure: str,
    seed: int | None,
    hands_dir: Path,
    hand_limit: int | None,
    name: str,
) -> None:
    """Play at a table against bots in the terminal (q quits); hands saved as PHH."""
    kinds = _bot_kinds(bots, seats)
    try:
        game = GameConfig(
            structure=Structure(structure), small_blind=blinds[0], big_blind=blinds[1]
        )
        config = TableConfig(game, seat_count=seats, min_buy_in=1, max_buy_in=stack)
    except HoldemError as error:
        raise click.UsageError(str(error)) from None
    # R-DEAL-4: a live game shuffles with the system's RNG unless replayed
    rng: random.Random = (
        random.Random(derive_seed(seed, 0))
        if seed is not None
        else random.SystemRandom()
    )
    if not name.strip():
        raise click.BadParameter("give a player name (not empty)", param_hint="--name")
    table = Table(config, rng=rng)
    try:
        table.join(1, name, stack)
    except HoldemError as error:
        raise click.BadParameter(str(error), param_hint="--name") from None
    hands_dir = _hands_folder(hands_dir)
    players: dict[int, Bot] = {}
    for seat, kind in enumerate(kinds, 2):
        bot_rng = (
            random.Random(derive_seed(seed, 0, seat))
            if seed is not None
            else random.SystemRandom()
        )
        players[seat] = make_bot(kind, bot_rng)
        table.join(seat, f"{BOT_SHORT_NAMES[kind]}{seat}", stack)
    console = Console(highlight=False, markup=False, soft_wrap=True)
    session = _Game(
        table,
        players,
        seat=1,
        console=console,
        read=lambda prompt: console.input(prompt, markup=False),
        hands_dir=hands_dir,
        stamp=session_stamp(hands_dir),
    )
    console.print(
        f"{structure} {blinds[0]}/{blinds[1]}, {seats} seats, {stack}-chip stacks;"
        f" you are {name} in seat 1. Actions: {HELP}."
    )
    try:
        played = _play_hands(session, table, stack, hand_limit)
    except KeyboardInterrupt:
        played = session.played
        console.print()  # end the prompt's line
        click.echo(
            f"holdem: interrupted (Ctrl-C); the hand in play is not saved;"
            f" {played} {'hand' if played == 1 else 'hands'} played, saved in"
            f" {hands_dir}",
            err=True,
        )
        sys.exit(_INTERRUPTED)
    except EOFError:  # stdin ended (Ctrl-D): a clean stop, exit status 0
        played = session.played
        console.print()  # end the prompt's line
        console.print(
            f"End of input: game over after {played}"
            f" {'hand' if played == 1 else 'hands'} (any hand in play is not"
            f" saved); saved in {hands_dir}"
        )
        return
    console.print(
        f"{played} {'hand' if played == 1 else 'hands'} played; saved in {hands_dir}"
    )


def _play_hands(
    session: _Game, table: Table, stack: int, hand_limit: int | None
) -> int:
    """Deal hands until the limit, the player quits or runs out; how many."""
    console = session.console
    played = 0
    while hand_limit is None or played < hand_limit:
        for info in table.players:
            if info.stack == 0 and info.seat != 1:
                table.rebuy(info.seat, stack)
                console.print(f"{info.player} buys in again for {stack}")
        mine = table.seat(1)
        assert mine is not None
        if mine.stack == 0:
            if (
                session._choose(
                    f"You are out of chips. Buy in again for {stack}? [y/n]", ("y", "n")
                )
                != "y"
            ):
                break
            table.rebuy(1, stack)
        session.play_hand()
        played += 1
        session.played = played
        if session.leaving:
            break
        if hand_limit is not None and played >= hand_limit:
            break
        if session.read("Enter for the next hand, q to quit: ").strip().lower() == "q":
            break
    return played


def _beaten(view: SeatView | None, seat: int | None) -> bool:
    """Whether a hand already shown beats the viewer's in every pot it can win.

    A muck gives up every pot the hand is eligible for (R-SHOW-2), so play
    asks to confirm it unless, in each of them, another contender has shown
    a better hand. Hands not yet shown are unknown, as at a real table.
    """
    if view is None or seat is None:
        return False
    mine = view.hole_cards[seat]
    if not mine:
        return False
    value = evaluate(mine + view.board)
    for pot in view.pots:
        if seat not in pot.eligible:
            continue
        shown = [view.hole_cards[s] for s in pot.eligible if s != seat]
        better = [c for c in shown if c and evaluate(c + view.board) > value]
        if not better:
            return False
    return True

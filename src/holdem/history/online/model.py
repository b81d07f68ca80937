"""A site-neutral model of one hand recorded by an online room.

Every per-site parser turns the room's text into an ``OnlineHand``; the replay
(``holdem.history.online.replay``) deals it through the engine. Money is
whole chips: cash games in cents (``$0.05`` is 5), tournaments in tournament
chips (``1,500`` is 1500); a hand printing finer amounts is read in a finer
unit (``OnlineHand.chip_unit``). Players are named as the site names them; seats are
the table's own seat numbers (``Seat 3``), not the engine's hand seats.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from enum import StrEnum

from holdem.cards import Card
from holdem.rules.config import Structure

__all__ = [
    "ActionKind",
    "Collected",
    "OnlineAction",
    "OnlineHand",
    "OnlineSeat",
    "Post",
    "PostKind",
    "players_in",
]


class PostKind(StrEnum):
    """What a forced bet is (R-BLIND-1..4, R-ANTE-1, R-STRADDLE-1, R-TABLE-6)."""

    SMALL_BLIND = "small blind"
    BIG_BLIND = "big blind"
    SMALL_AND_BIG_BLINDS = "small & big blinds"
    """A returning player's dead small blind plus a live big blind, in one post."""
    DEAD_SMALL_BLIND = "dead small blind"
    ANTE = "ante"
    STRADDLE = "straddle"


class ActionKind(StrEnum):
    """A player's betting decision (R-BET-1)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"


@dataclass(frozen=True, slots=True)
class OnlineSeat:
    """One seat line of the header.

    Attributes:
        seat: the table's seat number as printed (1-based).
        player: the player's name (pseudonym) as printed.
        stack: chips at the start of the hand (cents for cash games).
        is_sitting_out: the site marks the seat as sitting out or out of the
            hand; such a seat is not dealt in.
    """

    seat: int
    player: str
    stack: int
    is_sitting_out: bool = False


@dataclass(frozen=True, slots=True)
class Post:
    """A forced bet as printed.

    Attributes:
        player: who posts.
        kind: small blind, big blind, both, dead small blind, ante or straddle.
        chips: chips posted (for ``SMALL_AND_BIG_BLINDS`` both together).
        is_all_in: the site says the post put the player all-in.
        line: 1-based line in the file.
    """

    player: str
    kind: PostKind
    chips: int
    is_all_in: bool = False
    line: int = 0


@dataclass(frozen=True, slots=True)
class OnlineAction:
    """A betting decision as printed.

    Attributes:
        street: 0 pre-flop, 1 flop, 2 turn, 3 river.
        player: who acts.
        kind: fold, check, call, bet or raise.
        chips: for a call, the chips added; for a bet, the chips bet; for a
            raise, the player's street total after it (the "to" amount; R-BET-1);
            0 for a fold or a check.
        is_all_in: the site says the action put the player all-in.
        line: 1-based line in the file.
        is_implied: a fold the site does not print but implies (a player who
            leaves the table during the hand folds when his turn comes); it
            is dropped if his turn never comes.
    """

    street: int
    player: str
    kind: ActionKind
    chips: int = 0
    is_all_in: bool = False
    line: int = 0
    is_implied: bool = False


@dataclass(frozen=True, slots=True)
class Collected:
    """Chips a player collected, as printed.

    Attributes:
        player: who collected.
        chips: chips collected, after the rake.
        pot: ``"pot"``, ``"main pot"`` or ``"side pot-1"`` ... as printed.
        run: which run of the board paid it (1-based) when the board was run
            more than once (``OnlineHand.runs``); 1 otherwise; 0 when the
            site does not say which run paid it.
    """

    player: str
    chips: int
    pot: str = "pot"
    run: int = 1


@dataclass(frozen=True, slots=True)
class OnlineHand:
    """One hand as an online room recorded it.

    Attributes:
        site: the room's name as printed in the header (``"PokerStars"``).
        hand_id: the room's hand number as printed.
        table: the table's name as printed.
        source: the file it was read from (``""`` for text given directly).
        line: 1-based line of the header in that file.
        is_tournament: a tournament hand (chips are tournament chips).
        game: the game as printed (``"Hold'em No Limit"``).
        is_holdem: a Texas hold'em hand; others (Omaha, stud) are not replayed.
        structure: no-limit, pot-limit or fixed-limit (after the flop when
            ``preflop_structure`` is set); ``None`` if not hold'em or a
            structure the engine does not deal.
        small_blind: the small blind of the stakes, in chips (cents).
        big_blind: the big blind of the stakes (in fixed-limit, the small bet).
        big_bet: the fixed-limit big bet (0 in no-limit and pot-limit).
        max_seats: seats at the table as printed (``6-max``), or 0.
        button: the table seat number of the button.
        seats: the seat lines, in table order.
        posts: forced bets, in the order printed.
        hole_cards: ``(player, cards)`` for every hand whose cards the text
            shows (dealt to the hero, shown, or mucked face up).
        board: the board cards, flop first (the first board when run twice).
        actions: betting decisions in the order printed.
        uncalled: ``(player, chips)`` for each "uncalled bet returned" line.
        collected: chips collected per player and pot, as printed.
        total_pot: the summary's total pot, or ``None`` if not printed.
        rake: the summary's rake (0 if printed as none), or ``None``.
        added: chips the site added to the pot (e.g. PokerStars "STP").
        unsupported: features of this hand that our engine does not deal
            (``"run it twice"``), in the order found.
        returns_in_collected: the site prints no uncalled bets and counts
            them in the collected amounts (iPoker's ``win``, The Big Game's
            ``Wins``).
        runs: the whole board of each run, first run first, when the board
            was run more than once after an all-in (PokerStars' "Hand was run
            twice"); empty when it was dealt once. ``board`` is then the
            first run's board.
        chip_unit: chips per printed unit beyond the usual scale: 1, or the
            smallest power of ten that makes every amount of a hand printing
            decimals whole (``7410.50`` tournament chips are 741050 with 100).
        preflop_structure: the pre-flop betting structure when it is not
            ``structure`` (PokerStars' "Hold'em Pot Limit Pre-Flop, No Limit
            Post-Flop": pot-limit here, no-limit in ``structure``); else
            ``None``.
        mucked: players whose hands the site says were mucked at the
            showdown (PokerStars' ``Seat N: X mucked [Qc 3c]``): known or
            not, they do not contend (R-SHOW-2) unless they must show first.
        hero: the player whose history this is: the one the room dealt hole
            cards to privately (PokerStars' ``Dealt to X [Ah Kd]``), or
            ``None`` when the text names nobody (an observer's history).
        tournament_id: a tournament's number as the room prints it: in
            PokerStars' header (``Tournament #734695129``), or where the
            header has no ``Tournament #N`` (OnGame's ``R-274-110``, Merge's
            ``81601090-1``, the ``TID_1337923`` of an Everleaf file's name);
            ``None`` for a cash game and where other readers leave a
            header's ``Tournament #N`` to ``to_phh``.
        buy_in: a tournament's buy-in as the room prints it apart from the
            header (iPoker's ``<buyin>$10+$1</buyin>``), else ``None``.
        plain_chips: a cash game in whole play chips, not money in cents
            (PokerStars' ``(Play Money)`` table line): read at scale 1,
            written in messages and PHH without a chip unit.
        inferred_ante: the ante (chips) each player dealt in posted that the
            file never prints and the pot proves (``antes.with_antes`` adds
            their posts, at line 0; R-ANTE-1); 0 as read.
        level: a tournament's level as its reader read it (PokerStars'
            ``- Level IV (50/100)`` is 4; PHH's ``level``), else ``None``
            (``to_phh`` then reads other rooms' headers for it).
    """

    site: str
    hand_id: str
    table: str
    source: str
    line: int
    is_tournament: bool
    game: str
    is_holdem: bool
    structure: Structure | None
    small_blind: int
    big_blind: int
    big_bet: int
    max_seats: int
    button: int
    seats: tuple[OnlineSeat, ...]
    posts: tuple[Post, ...]
    hole_cards: tuple[tuple[str, tuple[Card, ...]], ...]
    board: tuple[Card, ...]
    actions: tuple[OnlineAction, ...]
    uncalled: tuple[tuple[str, int], ...]
    collected: tuple[Collected, ...]
    total_pot: int | None
    rake: int | None
    added: int = 0
    unsupported: tuple[str, ...] = ()
    returns_in_collected: bool = False
    runs: tuple[tuple[Card, ...], ...] = ()
    preflop_structure: Structure | None = None
    chip_unit: int = 1
    mucked: tuple[str, ...] = ()
    hero: str | None = None
    tournament_id: str | None = None
    buy_in: str | None = None
    plain_chips: bool = False
    inferred_ante: int = 0
    level: int | None = None

    @property
    def label(self) -> str:
        """``"FILE hand ID"`` (or ``"hand ID"``) for messages."""
        where = f"{self.source} " if self.source else ""
        return f"{where}hand {self.hand_id}"


def players_in(hand: OnlineHand) -> set[str]:
    """The players ``hand`` deals in, by name.

    Each has a post, a play, a collected amount or a returned bet printed;
    a seat with no line sat the hand out.
    """
    players = {a.player for a in hand.actions}
    add = players.add
    for post in hand.posts:
        add(post.player)
    for item in hand.collected:
        add(item.player)
    for player, _ in hand.uncalled:
        add(player)
    return players


def _quick_init(cls: type) -> None:
    """Give a frozen, slotted dataclass an ``__init__`` that sets slots directly.

    The dataclass's own ``__init__`` sets each field through
    ``object.__setattr__`` (looked up per field); this one calls each slot's
    setter, made once, with the same parameters and defaults. Readers make
    tens of these values per hand, so it counts. The class stays frozen:
    assignment after ``__init__`` still raises ``FrozenInstanceError``.
    """
    names = [f.name for f in fields(cls)]
    scope: dict[str, object] = {}
    params = []
    for f in fields(cls):
        if f.default_factory is not MISSING:
            return  # not needed yet: keep the dataclass's own
        scope[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is MISSING:
            params.append(f.name)
        else:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
    body = "".join(f"\n    _set_{name}(self, {name})" for name in names)
    exec(f"def __init__(self, {', '.join(params)}):{body}", scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
    init.__doc__ = cls.__init__.__doc__  # type: ignore[misc]
    cls.__init__ = init  # type: ignore[misc]


def _quick_new(cls: type) -> None:
    """Make a frozen, slotted dataclass by filling a plain twin of it.

    A frozen class's ``__setattr__`` refuses assignment, so its ``__init__``
    must set each slot through a setter call. The ``__new__`` given here
    makes an instance of an unfrozen class with the same slots (the
    interpreter stores those directly, several times faster), sets the
    fields with the dataclass's parameters and defaults, then gives it
    ``cls`` as its class (the slots' layouts are the same); ``__init__`` is
    ``object``'s. The instance is an ordinary frozen value: assignment
    raises ``FrozenInstanceError``, equality, hashing, ``repr`` and
    ``dataclasses.replace`` are the dataclass's, and ``__reduce__`` copies
    and pickles it by its fields. Readers make tens of these per hand.
    """
    names = [f.name for f in fields(cls)]
    if tuple(names) != cls.__slots__:  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__qualname__}: slots are not its fields")
    twin = type(f"_{cls.__name__}Slots", (), {"__slots__": tuple(names)})
    scope: dict[str, object] = {"_twin": twin, "_make": object.__new__}
    params = []
    for f in fields(cls):
        if f.default_factory is not MISSING:
            raise TypeError(f"{cls.__qualname__}: a default factory")
        if f.default is MISSING:
            params.append(f.name)
        else:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
    body = "".join(f"\n    self.{name} = {name}" for name in names)
    exec(
        f"def __new__(cls, {', '.join(params)}):\n    self = _make(_twin)"
        f"{body}\n    self.__class__ = cls\n    return self",
        scope,
    )
    new = scope["__new__"]
    new.__qualname__ = f"{cls.__qualname__}.__new__"  # type: ignore[attr-defined]
    new.__doc__ = cls.__init__.__doc__  # type: ignore[misc]

    def __reduce__(self: object) -> tuple[type, tuple[object, ...]]:
        return type(self), tuple([getattr(self, name) for name in names])

    cls.__new__ = new  # type: ignore[assignment]
    cls.__reduce__ = __reduce__  # type: ignore[assignment, method-assign]
    del cls.__init__  # type: ignore[misc]


for _cls in (OnlineSeat, Post, OnlineAction, Collected, OnlineHand):
    _quick_new(_cls)

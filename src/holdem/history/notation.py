"""PHH action notation: the strings of a hand history's ``actions`` array.

Each entry of ``actions`` is one action notation (PHH spec, "Actions"):
``[[Actor Action[ Arguments...]][ # Commentary]]``. The Texas hold'em subset
read here:

==========================  ==================================  ===============
notation                    meaning                             value
==========================  ==================================  ===============
``d dh pN CARDS``           deal hole cards to player N         ``PhhDealHole``
``d db CARDS``              deal the flop, turn or river        ``PhhDealBoard``
``pN cbr AMOUNT``           bet or raise to AMOUNT (street      ``PhhBetRaise``
                            total)
``pN cc``                   check or call                       ``PhhCheckCall``
``pN f``                    fold                                ``PhhFold``
``pN sm [CARDS]``           show CARDS, or muck without them    ``PhhShowMuck``
(empty) or ``# text``       no-op, kept so indices match        ``PhhNoOp``
``# run the board N times``  the players all-in run it N times   ``PhhNoOp``
==========================  ==================================  ===============

PHH has no notation for running the board more than once (R-RIT-1; PokerKit's
``select_runout_count`` has none in its notation either), so a hand run again
records the number as a standalone commentary, ``# run the board 2 times``,
a no-op to any other reader, before each run's ``d db`` in deal order (run
1's streets, then run 2's), as PokerKit deals the runs (``runs_of``).

Players are 1-based in the text (``p1`` is the first player, the small blind,
and the last player is the button) and 0-based seats in the values, the
engine's numbering: ``p1`` is seat 0. A card is two characters (``As``,
``Td``); ``??`` is an unknown card. In ``sm`` the single dash ``-`` stands for
the cards dealt to that player. Stud and draw actions (``pb``, ``sd``) are not
part of hold'em and are refused.

>>> parse_action("p3 cbr 7000  # Dwan", players=3)
PhhBetRaise(seat=2, to=7000, comment='Dwan')
>>> format_action(PhhDealHole(1, (None, None)))
'd dh p2 ????'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from holdem.cards import Card, format_cards
from holdem.errors import HistoryParseError
from holdem.history.limits import MAX_CHIPS

__all__ = [
    "PhhAction",
    "PhhBetRaise",
    "PhhCheckCall",
    "PhhDealBoard",
    "runs_note",
    "runs_of",
    "PhhDealHole",
    "PhhFold",
    "PhhNoOp",
    "PhhShowMuck",
    "format_action",
    "format_phh_cards",
    "parse_action",
    "parse_phh_cards",
    "player_actions",
    "quick_deal_hole",
]

_CARD = re.compile(r"[2-9TJQKA][cdhs]|\?\?")
_PLAYER = re.compile(r"p([1-9][0-9]{0,5})")
_AMOUNT = re.compile(r"([0-9]{1,16})(?:\.0*)?")
# The 52 cards by their PHH text, and "??" (an unknown card) as None.
_TOKENS: dict[str, Card | None] = {
    str(card): card for card in map(Card.from_code, range(52))
} | {"??": None}
# Every two-card text (hole cards, most of what is parsed) and its value.
_PAIRS: dict[str, tuple[Card | None, ...]] = {
    a + b: (first, second)
    for a, first in _TOKENS.items()
    for b, second in _TOKENS.items()
    if a != b or first is None
}
# Bet, call and fold notations repeat from hand to hand: their (immutable)
# values are kept, keyed by text and number of players, up to a bound.
_PLAYER_ACTIONS: dict[int, dict[str, PhhAction]] = {}
_PLAYER_ACTIONS_MAX = 4096
# A player's number in the text ("1" for p1) and its 0-based seat.
_SEAT_OF = {str(number): number - 1 for number in range(1, 100)}
_NOT_HOLDEM = {
    "pb": "bring-in",
    "sd": "stand pat/discard",
}


@dataclass(frozen=True, slots=True)
class PhhDealHole:
    """``d dh pN CARDS``: the dealer deals hole cards to one player.

    Attributes:
        seat: 0-based seat dealt to (``p1`` is 0).
        cards: the two hole cards in the order written; ``None`` for each
            unknown card (``??``).
        comment: the commentary after ``#``, or ``""``.
    """

    seat: int
    cards: tuple[Card | None, ...]
    comment: str = ""


@dataclass(frozen=True, slots=True)
class PhhDealBoard:
    """``d db CARDS``: the dealer deals board cards (flop, turn or river).

    Attributes:
        cards: the board cards of one street (3, 1 or 1; R-DEAL-3), all known.
        comment: the commentary after ``#``, or ``""``.
    """

    cards: tuple[Card, ...]
    comment: str = ""


@dataclass(frozen=True, slots=True)
class PhhBetRaise:
    """``pN cbr AMOUNT``: complete, bet or raise to ``to`` chips.

    Attributes:
        seat: 0-based seat that acts.
        to: the player's total on this street after the action, in chips
            (a "raise-to"; R-BET-1).
        comment: the commentary after ``#``, or ``""``.
    """

    seat: int
    to: int
    comment: str = ""


@dataclass(frozen=True, slots=True)
class PhhCheckCall:
    """``pN cc``: check, or call the largest bet (R-BET-1).

    Attributes:
        seat: 0-based seat that acts.
        comment: the commentary after ``#``, or ``""``.
    """

    seat: int
    comment: str = ""


@dataclass(frozen=True, slots=True)
class PhhFold:
    """``pN f``: fold (R-BET-1).

    Attributes:
        seat: 0-based seat that acts.
        comment: the commentary after ``#``, or ``""``.
    """

    seat: int
    comment: str = ""


@dataclass(frozen=True, slots=True)
class PhhShowMuck:
    """``pN sm [CARDS]``: show the hole cards, or muck them (R-SHOW-2).

    Attributes:
        seat: 0-based seat that shows or mucks.
        cards: the cards shown, ``None`` for each unknown card (``??``,
            shown face down), or ``None`` for a muck (no cards written).
        comment: the commentary after ``#``, or ``""``.
    """

    seat: int
    cards: tuple[Card | None, ...] | None
    comment: str = ""

    @property
    def is_muck(self) -> bool:
        """The player mucks: no cards, or only unknown ones (``sm ????``)."""
        return self.cards is None or all(c is None for c in self.cards)


@dataclass(frozen=True, slots=True)
class PhhNoOp:
    """An empty entry or a standalone commentary (``# Burn card 6s is exposed``).

    Attributes:
        comment: the commentary after ``#``, or ``""``.
    """

    comment: str = ""


_RUNS_NOTE = re.compile(r"run the board ([1-9]) times")


def runs_of(action: object) -> int:
    """The runs a ``# run the board N times`` no-op names, else 0 (R-RIT-1).

    >>> runs_of(PhhNoOp("run the board 2 times")), runs_of(PhhNoOp("hi"))
    (2, 0)
    """
    if type(action) is not PhhNoOp:
        return 0
    found = _RUNS_NOTE.fullmatch(action.comment)
    return int(found.group(1)) if found else 0


def runs_note(times: int) -> PhhNoOp:
    """The no-op that records running the board ``times`` times (R-RIT-1)."""
    return PhhNoOp(f"run the board {times} times")


PhhAction = (
    PhhDealHole
    | PhhDealBoard
    | PhhBetRaise
    | PhhCheckCall
    | PhhFold
    | PhhShowMuck
    | PhhNoOp
)
"""One entry of a PHH ``actions`` array."""


def parse_phh_cards(text: str) -> tuple[Card | None, ...]:
    """Read PHH cards: two characters each, no separators; ``??`` is unknown.

    Args:
        text: e.g. ``"Ac2d"``, ``"????"``, ``"Jc3d5c"``.

    Returns:
        The cards in the order written, ``None`` for each unknown card.

    Raises:
        HistoryParseError: on a bad rank or suit (``Xx``), an odd length or a
            card written twice (R-DECK-1).

    >>> parse_phh_cards("??Ad")
    (None, Card.parse('Ad'))
    """
    pair = _PAIRS.get(text)
    if pair is not None:  # hole cards
        return pair
    if len(text) == 2 and text in _TOKENS:  # a turn or a river
        return (_TOKENS[text],)
    if len(text) == 6:  # a flop
        pair, last = _PAIRS.get(text[:4]), text[4:]
        if pair is not None and last in _TOKENS:
            card = _TOKENS[last]
            if card is None or card not in pair:
                return (*pair, card)
    return _checked_cards(text)


def _checked_cards(text: str) -> tuple[Card | None, ...]:
    """``parse_phh_cards`` card by card, with the reason of a refusal."""
    if not text or len(text) % 2:
        raise HistoryParseError(
            f"cannot read cards {text!r}: each card is a rank and a suit, like 'As'"
        )
    out: list[Card | None] = []
    for i in range(0, len(text), 2):
        token = text[i : i + 2]
        if not _CARD.fullmatch(token):
            raise HistoryParseError(
                f"cannot read card {token!r} in {text!r}: rank must be one of"
                " 23456789TJQKA, suit one of cdhs, or '??' for an unknown card"
                " [R-DECK-1]"
            )
        if token == "??":
            out.append(None)
            continue
        card = Card.parse(token)
        if card in out:
            raise HistoryParseError(f"card {card} appears twice in {text!r} [R-DECK-1]")
        out.append(card)
    return tuple(out)


def format_phh_cards(cards: Sequence[Card | None]) -> str:
    """Write cards in PHH form, ``??`` for an unknown one (``"Ac2d"``, ``"????"``)."""
    return "".join("??" if c is None else format_cards((c,)) for c in cards)


def parse_action(
    text: str,
    *,
    players: int,
    dealt: Sequence[tuple[Card | None, ...] | None] = (),
) -> PhhAction:
    """Read one action notation.

    Args:
        text: one entry of ``actions``, e.g. ``"p1 cbr 23000  # Ivey"``.
        players: number of players in the hand (``pN`` must be 1..players).
        dealt: hole cards dealt so far per seat (``None`` where not dealt),
            used to resolve ``sm -``.

    Returns:
        The action value.

    Raises:
        HistoryParseError: on an unknown actor or action, a player out of
            range, a bad card or amount, or an action not part of hold'em.
    """
    dealt_to = quick_deal_hole(text, players)  # mostly new texts, not kept
    if dealt_to is not None:
        return dealt_to
    known = player_actions(players)
    action = known.get(text)
    if action is not None:
        return action
    action = _parse_action(text, players, dealt)
    if type(action) in (PhhBetRaise, PhhCheckCall, PhhFold):
        if len(known) >= _PLAYER_ACTIONS_MAX:
            known.clear()
        known[text] = action
    return action


def player_actions(players: int) -> dict[str, PhhAction]:
    """The bet, call and fold notations read so far in hands of ``players``.

    Their values are immutable and repeat from hand to hand, so a reader of
    many hands may look a notation up here before calling ``parse_action``
    (which adds to it). Bounded: cleared when full.
    """
    known = _PLAYER_ACTIONS.get(players)
    if known is None:
        if len(_PLAYER_ACTIONS) >= _PLAYER_ACTIONS_MAX:
            _PLAYER_ACTIONS.clear()
        known = _PLAYER_ACTIONS[players] = {}
    return known


def quick_deal_hole(text: str, players: int) -> PhhDealHole | None:
    """``d dh pN CARDS`` with single spaces, no comment and no error; else ``None``.

    The quick path of ``parse_action`` for hole cards, for readers of many
    hands: ``None`` for any other text (``parse_action`` then reads it, or
    says why not).
    """
    if not text.startswith("d dh p"):
        return None
    player, _, cards = text[6:].partition(" ")
    seat, pair = _SEAT_OF.get(player, players), _PAIRS.get(cards)
    if pair is None or seat >= players:
        return None
    return PhhDealHole(seat, pair)


def _parse_action(
    text: str, players: int, dealt: Sequence[tuple[Card | None, ...] | None]
) -> PhhAction:
    body, hash_sign, comment = text.partition("#")
    comment = comment.strip() if hash_sign else ""
    tokens = body.split()
    if not tokens:
        return PhhNoOp(comment)
    actor, code, args = tokens[0], tokens[1] if len(tokens) > 1 else "", tokens[2:]
    if actor == "d":
        if code == "dh":
            _expect_args(text, args, 2)
            seat = _seat(args[0], players, text)
            cards = parse_phh_cards(args[1])
            if len(cards) != 2:
                raise HistoryParseError(
                    f"{text!r}: hold'em deals 2 hole cards, got {len(cards)} [R-DEAL-1]"
                )
            return PhhDealHole(seat, cards, comment)
        if code == "db":
            _expect_args(text, args, 1)
            board = parse_phh_cards(args[0])
            known = tuple(c for c in board if c is not None)
            if len(known) != len(board):
                raise HistoryParseError(
                    f"{text!r}: board cards must be known, not '??'"
                )
            return PhhDealBoard(known, comment)
        raise HistoryParseError(
            f"unknown dealer action {code!r} in {text!r}: expected 'dh' or 'db'"
        )
    seat = _seat(actor, players, text)
    if code == "cbr":
        _expect_args(text, args, 1)
        return PhhBetRaise(seat, _amount(args[0], text), comment)
    if code in ("cc", "f"):
        _expect_args(text, args, 0)
        return PhhCheckCall(seat, comment) if code == "cc" else PhhFold(seat, comment)
    if code == "sm":
        if not args:
            return PhhShowMuck(seat, None, comment)
        _expect_args(text, args, 1)
        if args[0] == "-":
            held = dealt[seat] if seat < len(dealt) else None
            if held is None:
                raise HistoryParseError(
                    f"{text!r}: '-' stands for the cards dealt to p{seat + 1},"
                    " but none were dealt"
                )
            return PhhShowMuck(seat, held, comment)
        return PhhShowMuck(seat, parse_phh_cards(args[0]), comment)
    if code in _NOT_HOLDEM:
        raise HistoryParseError(
            f"{text!r}: {_NOT_HOLDEM[code]} ({code!r}) is not part of Texas hold'em"
        )
    raise HistoryParseError(
        f"unknown action {code!r} in {text!r}: expected cbr, cc, f or sm"
    )


def _expect_args(text: str, args: list[str], count: int) -> None:
    if len(args) != count:
        raise HistoryParseError(
            f"{text!r}: expected {count} argument(s) after the action, got {len(args)}"
        )


def _seat(token: str, players: int, text: str) -> int:
    digits = token[1:]
    plain = token[:1] == "p" and digits.isascii() and digits.isdigit()
    if plain and digits[0] != "0" and len(digits) <= 6 and int(digits) <= players:
        return int(digits) - 1
    match = _PLAYER.fullmatch(token)
    if match is None:
        if re.fullmatch(r"p[1-9][0-9]*", token):
            raise HistoryParseError(
                f"{text!r:.80}: player {token:.20} does not exist (the hand has"
                f" {players})"
            )
        raise HistoryParseError(
            f"unknown actor {token!r:.40} in {text!r:.80}: expected d or pN"
        )
    number = int(match.group(1))
    if number > players:
        raise HistoryParseError(
            f"{text!r}: player {token} does not exist (the hand has {players})"
        )
    return number - 1


def _amount(token: str, text: str) -> int:
    if token.isascii() and token.isdigit() and len(token) <= 16:
        amount = int(token)
        if amount <= MAX_CHIPS:
            return amount
    match = _AMOUNT.fullmatch(token)
    if match is None:
        if re.fullmatch(r"[0-9]+(?:\.0*)?", token):
            raise HistoryParseError(
                f"{text!r:.80}: amount {token:.20}... has more digits than any"
                f" stack holdem reads (at most {MAX_CHIPS})"
            )
        raise HistoryParseError(
            f"{text!r:.80}: amount {token!r:.40} is not a whole number of chips"
        )
    amount = int(match[1])
    if amount > MAX_CHIPS:
        raise HistoryParseError(
            f"{text!r:.80}: amount {amount} is more than any stack holdem reads"
            f" (at most {MAX_CHIPS})"
        )
    return amount


def format_action(action: PhhAction) -> str:
    """Write one action notation, with ``# commentary`` when there is one.

    >>> format_action(PhhShowMuck(0, None, "mucks"))
    'p1 sm # mucks'
    """
    match action:
        case PhhDealHole(seat, cards):
            text = f"d dh p{seat + 1} {format_phh_cards(cards)}"
        case PhhDealBoard(cards):
            text = f"d db {format_phh_cards(cards)}"
        case PhhBetRaise(seat, to):
            text = f"p{seat + 1} cbr {to}"
        case PhhCheckCall(seat):
            text = f"p{seat + 1} cc"
        case PhhFold(seat):
            text = f"p{seat + 1} f"
        case PhhShowMuck(seat, cards):
            text = f"p{seat + 1} sm"
            if cards is not None:
                text += " " + format_phh_cards(cards)
        case PhhNoOp():
            text = ""
    if action.comment:
        text = f"{text} # {action.comment}" if text else f"# {action.comment}"
    return text

r"""A quick reader of the plainest ``.phh`` texts, straight to a ``HandHistory``.

Most real ``.phh`` files (all the Pluribus hands) are one ``key = value`` line
per field, in one written form: one space each side of ``=``, no comment, no
blank-space tricks, strings without escapes, one-line arrays separated by
``", "``, and only the fields holdem itself needs (``variant``, the forced
bets, the stacks, the limits, ``actions``, ``finishing_stacks`` of whole
chips, ``players``, ``hand`` and ``ante_trimming_status``). ``quick_hand``
reads such a text without building the TOML tables first and checks each
field as ``phh.history_from_fields`` does.

It returns exactly the ``HandHistory`` that ``phh.loads`` gives for the text,
or ``None`` as soon as anything is outside that form or would be refused (an
unknown field, a bad amount, an unreadable action): the caller then reads the
text the full way, which gives the error with its field and line. So this
reader never changes what a text means or which texts are refused.

>>> text = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n"
...         "min_bet = 2\nstarting_stacks = [200, 200]\nactions = ['p2 f']")
>>> quick_hand(text).actions
(PhhFold(seat=1, comment=''),)
>>> quick_hand("variant = 'NT' # a comment\n") is None
True
"""

from __future__ import annotations

import re
from typing import Any

from holdem.cards import Card
from holdem.errors import HistoryParseError
from holdem.history.limits import MAX_CHIPS
from holdem.history.model import STRUCTURES, HandHistory
from holdem.history.notation import (
    PhhDealHole,
    parse_action,
    player_actions,
    quick_deal_hole,
)

__all__ = ["quick_hand"]

# How each field this reader takes is written.
_CHIPS, _STRINGS, _STRING, _WHOLE, _BOOL, _NAME, _RESULTS = range(7)
_KINDS = {
    "variant": _STRING,
    "antes": _CHIPS,
    "blinds_or_straddles": _CHIPS,
    "starting_stacks": _CHIPS,
    "finishing_stacks": _RESULTS,  # new each hand: no array kept
    "min_bet": _WHOLE,
    "small_bet": _WHOLE,
    "big_bet": _WHOLE,
    "actions": _STRINGS,
    "players": _STRINGS,
    "hand": _NAME,
    "ante_trimming_status": _BOOL,
}
# Whole chips, at most 16 digits (MAX_CHIPS has 16), ", "-separated.
_CHIPS_ITEMS = re.compile(
    r"(?:0|[1-9][0-9]{0,15})(?:, (?:0|[1-9][0-9]{0,15}))*"
).fullmatch
# Amounts by their text ("100"), as read before: stakes and stacks repeat
# from hand to hand. Only texts _CHIPS_ITEMS accepts. Bounded: cleared
# when full.
_AMOUNTS: dict[str, int] = {}
_ARRAYS: dict[str, tuple[int, ...]] = {}  # whole arrays: "50, 100, 0"
_AMOUNTS_MAX = 4096
_WHOLE_NUMBER = re.compile(r"0|[1-9][0-9]{0,15}").fullmatch
_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]{0,15})").fullmatch


def quick_hand(text: str) -> HandHistory | None:
    """``phh.loads(text)`` for the plainest texts (see the module), else ``None``.

    Args:
        text: a whole ``.phh`` text, already checked against the limits of
            ``holdem.history.limits``.

    Returns:
        The history ``phh.loads`` would return, or ``None`` when the text is
        outside the plain form or would be refused.
    """
    fields: dict[str, Any] = {}
    for line in text.split("\n"):
        if not line:
            continue
        name, equals, value = line.partition(" = ")
        kind = _KINDS.get(name)
        if kind is None or not equals or name in fields or not line.isprintable():
            return None
        read = _value(kind, value)
        if read is None:
            return None
        fields[name] = read
    return _history(fields)


def _value(kind: int, value: str) -> Any:
    """The value of one field as written, or ``None`` if not in the plain form."""
    if kind in (_CHIPS, _RESULTS):
        if value[:1] != "[" or value[-1:] != "]":
            return None
        return _chips(value[1:-1], keep=kind == _CHIPS)
    if kind == _STRINGS:
        return _strings(value)
    if kind == _STRING or (kind == _NAME and value[:1] in ("'", '"')):
        quote = value[:1]
        if quote not in ("'", '"') or value[-1:] != quote or len(value) < 2:
            return None
        if value.count(quote) != 2 or (quote == '"' and "\\" in value):
            return None
        return value[1:-1]
    if kind == _WHOLE:
        return int(value) if _WHOLE_NUMBER(value) is not None else None
    if kind == _NAME:
        return int(value) if _INTEGER(value) is not None else None
    if value == "true" or value == "false":
        return value == "true"
    return None


def _chips(inner: str, *, keep: bool) -> tuple[int, ...] | None:
    """The amounts of ``"0, 50, 100"``, or ``None`` unless all are whole chips.

    Arrays (forced bets and stacks, ``keep``) and amounts already read are
    looked up (``int()`` of a text is slow): a text made only of such
    amounts joined by ``", "`` is in the plain form. Recorded results differ
    from hand to hand, so their arrays are not kept (a replay of the same
    files again would find them there and run faster than a first reading).
    """
    cached = _ARRAYS.get(inner)  # the same stakes and stacks, hand after hand
    if cached is not None:
        return cached
    items = inner.split(", ")
    known = tuple(map(_AMOUNTS.get, items))
    if None in known:
        if _CHIPS_ITEMS(inner) is None:
            return None
        values = tuple(map(int, items))
        if len(_AMOUNTS) >= _AMOUNTS_MAX:
            _AMOUNTS.clear()
        _AMOUNTS.update(zip(items, values, strict=True))
    else:
        values = known  # type: ignore[assignment]  # no None in it
    if keep:
        if len(_ARRAYS) >= _AMOUNTS_MAX:
            _ARRAYS.clear()
        _ARRAYS[inner] = values
    return values


def _strings(value: str) -> list[str] | None:
    """A one-line array of strings, ``", "``-separated, or ``None``."""
    if value[:1] != "[" or value[-1:] != "]":
        return None
    inner = value[1:-1]
    if not inner:
        return []
    quote = inner[0]
    if quote not in ("'", '"') or inner[-1] != quote or len(inner) < 2:
        return None
    if quote == '"' and "\\" in inner:
        return None
    items = inner[1:-1].split(f"{quote}, {quote}")
    # Each entry is free of quotes exactly when the count matches.
    if inner.count(quote) != 2 * len(items):
        return None
    return items


def _history(fields: dict[str, Any]) -> HandHistory | None:
    """The history of plain fields, checked as ``history_from_fields`` checks."""
    variant = fields.get("variant")
    stacks = fields.get("starting_stacks")
    antes = fields.get("antes")
    blinds = fields.get("blinds_or_straddles")
    texts = fields.get("actions")
    if variant not in STRUCTURES or stacks is None or antes is None:
        return None
    if blinds is None or texts is None:
        return None
    n = len(stacks)
    if n < 2 or len(antes) != n or len(blinds) != n or min(stacks) < 1:
        return None
    if max(stacks) > MAX_CHIPS or max(antes) > MAX_CHIPS or max(blinds) > MAX_CHIPS:
        return None
    if blinds[0] > blinds[1] > 0:  # refused (R-BLIND-2)
        return None
    limits = _limits(fields, variant)
    if limits is None:
        return None
    finishing = fields.get("finishing_stacks")
    if finishing is not None and (len(finishing) != n or max(finishing) > MAX_CHIPS):
        return None
    players = fields.get("players")
    if players is not None and len(players) != n:
        return None
    actions = _actions(texts, n)
    if actions is None:
        return None
    return HandHistory(
        variant=variant,
        antes=antes,
        blinds_or_straddles=blinds,
        starting_stacks=stacks,
        actions=actions,
        min_bet=limits[0],
        small_bet=limits[1],
        big_bet=limits[2],
        ante_trimming_status=fields.get("ante_trimming_status"),
        finishing_stacks=finishing,
        players=None if players is None else tuple(players),
        hand=fields.get("hand"),
        metadata=(),
    )


def _limits(
    fields: dict[str, Any], variant: str
) -> tuple[int | None, int | None, int | None] | None:
    """``(min_bet, small_bet, big_bet)``, each positive where needed, else ``None``."""
    limits = (
        fields.get("min_bet"),
        fields.get("small_bet"),
        fields.get("big_bet"),
    )
    needed = (False, True, True) if variant == "FT" else (True, False, False)
    for value, need in zip(limits, needed, strict=True):
        if need != (value is not None):
            return None  # missing, or a field of another variant
        if value is not None and not 1 <= value <= MAX_CHIPS:
            return None
    return limits


def _actions(texts: list[str], n: int) -> tuple[Any, ...] | None:
    """The actions, as ``phh`` reads them; ``None`` if one is refused."""
    dealt: list[tuple[Card | None, ...] | None] = [None] * n
    out = []
    known = player_actions(n).get  # bets, calls, folds read before
    for text in texts:
        action = known(text) or quick_deal_hole(text, n)
        if action is None:
            try:
                action = parse_action(text, players=n, dealt=dealt)
            except HistoryParseError:
                return None
        if type(action) is PhhDealHole:
            dealt[action.seat] = action.cards
        out.append(action)
    return tuple(out)

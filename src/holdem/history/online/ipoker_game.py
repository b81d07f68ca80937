"""What the iPoker reader takes from one ``<game>``: its players and rounds.

``scan`` reads a game in the shape the site writes nearly every one (these
elements, these attributes in this order, nothing to decode) by patterns:
about 35 us a recorded game against about 50 us to build the XML tree, and
no tree to walk after. ``from_tree`` takes the same values from the tree
the XML parser builds of any other shape. Both give ``(gamecode, players,
items)``:

- ``players``: ``(seat, name, chips, dealer, win)`` of each
  ``<general><players><player>``, attribute values as printed;
- ``items``: the rounds' elements in document order, each an ``Item``:
  ``("<r", no, ...)`` opens a ``<round no>``; ``(.., "<c", type, player,
  text, ...)`` is a ``<cards>`` element, its text as printed;
  ``(..., no, player, type, sum)`` an ``<action>``.

A missing attribute is read as the tree reader reads it: ``seat`` and
``no`` ``"0"``, ``name``, ``player`` and ``type`` ``""``, the others None.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

__all__ = ["Item", "Player", "from_tree", "scan"]

Player = tuple[str, str, str | None, str | None, str | None]
"""``(seat, name, chips, dealer, win)`` of one ``<player>``, as printed."""

Item = tuple[str, str, str, str | None, str, str, str, str, str, str | None]
"""One element of a round: ``(round mark, round no, cards mark, cards type,
cards player, cards text, action no, action player, action type, sum)``;
the marks are ``"<r"``/``"<c"`` or empty, the other part's values empty."""

# An attribute value with nothing to decode or normalize: no reference, no
# tab or line break, no character the XML parser refuses
_VALUE = '"[^"<&\\x00-\\x1f\\ud800-\\udfff\\ufffe\\uffff]*"'
_V = '"([^"<&\\x00-\\x1f\\ud800-\\udfff\\ufffe\\uffff]*)"'
# Element text likewise (tabs and line breaks kept; no "]", so no "]]>")
_TEXT = "[^<&\\]\\x00-\\x08\\x0b-\\x1f\\ud800-\\udfff\\ufffe\\uffff]*"
_GAP = "[ \\t\\n]*"  # whitespace between elements
_PLAYER = (
    "<player seat={v} name={v} chips={v} dealer={v} win={v} bet={x}"
    "(?: rebuy={x} addon={x}(?: reg_code={x})?)?" + _GAP + "/>"
)
_CARDS = "<cards type={v} player={v}>({t})</cards>"
_ACTION = "<action no={v} player={v} type={v} sum={v} cards={x}" + _GAP + "/>"
_ROUND = "<round no={v}>"


def _plain(pattern: str) -> str:
    """``pattern`` with its values and texts matched, not captured."""
    return pattern.format(v=_VALUE, x=_VALUE, t=_TEXT)


def _captured(pattern: str) -> str:
    """``pattern`` capturing each ``{v}`` value and ``{t}`` text."""
    return pattern.format(v=_V, x=_VALUE, t=_TEXT)


_GAME = re.compile(
    "<game gamecode="
    + _V
    + ">"
    + _GAP
    + "<general>"
    + _GAP
    + f"<startdate>{_TEXT}</startdate>"
    + _GAP
    + "<players>"
    + _GAP
    + f"(?P<players>(?:{_plain(_PLAYER)}{_GAP})*)"
    + "</players>"
    + _GAP
    + "</general>"
    + _GAP
    + "(?P<rounds>(?:"
    + _plain(_ROUND)
    + _GAP
    + f"(?:(?:{_plain(_CARDS)}|{_plain(_ACTION)}){_GAP})*"
    + "</round>"
    + _GAP
    + ")*)</game>"
)
_PLAYER_ONE = re.compile(_captured(_PLAYER))
_ITEM = re.compile(
    "(<r)ound no=" + _V + ">|(<c)" + _captured(_CARDS)[2:] + "|" + _captured(_ACTION)
)


def scan(text: str) -> tuple[str, list[Player], list[Item]] | None:
    """``(gamecode, players, items)`` of a game in the site's plain shape.

    Args:
        text: one ``<game>...</game>`` element.

    Returns:
        The values ``from_tree`` gives for the same text, or None if the
        text is not in that shape (whole, exactly), for the XML parser.
    """
    found = _GAME.fullmatch(text)
    if found is None:
        return None
    return (
        found[1],
        _PLAYER_ONE.findall(found["players"]),
        _ITEM.findall(found["rounds"]),
    )


def from_tree(game: ElementTree.Element) -> tuple[str, list[Player], list[Item]]:
    """``(gamecode, players, items)`` of a ``<game>`` element of any shape.

    Players are every ``general/players/player`` element; items every
    ``cards`` and ``action`` element of each ``round`` child, in order.
    """
    players: list[Player] = [
        (
            player.get("seat", "0"),
            player.get("name", ""),
            player.get("chips"),
            player.get("dealer"),
            player.get("win"),
        )
        for part in game
        if part.tag == "general"
        for group in part
        if group.tag == "players"
        for player in group
        if player.tag == "player"
    ]
    items: list[Item] = []
    for round_ in game.findall("round"):
        items.append(("<r", round_.get("no", "0"), "", "", "", "", "", "", "", ""))
        for item in round_:
            get = item.get
            if item.tag == "cards":
                kind, owner, text = get("type"), get("player", ""), item.text or ""
                items.append(("", "", "<c", kind, owner, text, "", "", "", ""))
            elif item.tag == "action":
                number, player = get("no", "0"), get("player", "")
                code, sum_ = get("type", ""), get("sum")
                items.append(("", "", "", "", "", "", number, player, code, sum_))
    return game.get("gamecode", ""), players, items

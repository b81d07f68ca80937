"""Antes a tournament hand's pots hold that its file never prints (R-ANTE-1).

Some rooms write no ante line at all, though every player dealt in posted
one: the pots the site pays out then hold more than the printed posts and
bets put in (``compare.pot_excess``). Where that surplus is exactly one
equal ante of every player dealt in, the pot proves the antes and the hand
is dealt with them: each player posts the ante, or his whole stack when it
is smaller (R-ALLIN-BLIND). Every reader's hands go through this one path
(``replay_online_state`` asks ``proven_ante`` before dealing and
``fitting_ante`` after a deal as printed failed), so a room that leaves
its antes out needs no code of its own.

An ante is found only when all of these hold; otherwise the hand is dealt
as printed and a surplus is the site's record (``compare.site_inconsistency``
says so), never our rules:

- the hand prints no ante (some printed and others left out is a record
  that does not add up, not a room that omits them);
- it is a tournament hand: in cash games an unexplained surplus is far more
  often a dead blind the reader could not place than an ante;
- the players dealt in are those with a line in the hand (a post, a play, a
  collected amount or a return: ``model.players_in``) or cards dealt or
  shown (a player all-in on his ante has no other line), each with a seat
  line;
- the ante is positive and at most the big blind (R-ANTE-1: usually smaller
  than either blind), two stacks are larger than it (with one, the others
  all-in on their antes, any larger ante gives the same pots: his surplus
  is uncontested, his own), and no player's printed posts and bets plus
  his ante exceed his stack.

A site that prints no returned bet may or may not count it in the collected
amounts (the engine's comparison accepts both), so the surplus is read both
ways, with and without the bet the printed bets leave uncalled (R-BET-7;
``ante_readings``), the reader's word first where it gives one
(``OnlineHand.returns_in_collected``). The pot proves an ante when the
readings give that ante and no other, and none leaves the pots at exactly
the printed bets (``proven_ante``). When one reading leaves no surplus and
the other gives an ante, the hand may be either (an ante equal to a
return): ``fitting_ante`` gives it, and the replay deals the hand with it
only when the engine cannot deal it as printed (a call of the chips the
ante left, say) and agrees with every printed figure once it does. Two
readings giving two antes prove neither (a walk in a room that prints no
returns, often). The engine then checks the rest, as for any hand.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from holdem.history.online.compare import pot_excess, printed_put_in
from holdem.history.online.model import OnlineHand, Post, PostKind, players_in

__all__ = ["ante_readings", "equal_ante", "fitting_ante", "proven_ante", "with_antes"]


def equal_ante(excess: int, stacks: list[int]) -> int:
    """The one ante each stack posts that adds up to ``excess``, or 0.

    Each stack posts the ante, or all of itself when it is smaller (an
    all-in ante, R-ALLIN-BLIND); the antes posted must total ``excess``.

    Args:
        excess: chips the antes must total (chips, > 0 to find any).
        stacks: each player's starting stack (chips), in any order.

    Returns:
        The ante (chips, > 0), or 0 when no ante gives ``excess``.

    Rule: R-ANTE-1.

    >>> equal_ante(225, [1500, 3000, 800, 2000, 990, 1200, 5000, 700, 1000])
    25
    >>> equal_ante(60, [10, 100, 100])  # the short stack antes its 10
    25
    >>> equal_ante(61, [100, 100, 100]), equal_ante(0, [100, 100])
    (0, 0)
    """
    if excess <= 0 or not stacks:
        return 0
    ordered = sorted(stacks)
    all_in = 0  # chips of the stacks smaller than the ante, all posted
    for count, stack in enumerate(ordered):
        rest = len(ordered) - count  # stacks that post the whole ante
        ante, odd = divmod(excess - all_in, rest)
        if not odd and 0 < ante <= stack and (count == 0 or ordered[count - 1] < ante):
            return ante
        all_in += stack
    return 0


def ante_readings(hand: OnlineHand) -> tuple[int, ...] | None:
    """The ante each reading of the pot gives, or ``None`` when none applies.

    A reading is how the site paid an uncalled bet it does not print:
    counted in the collected amounts, or apart (see the module). Each
    gives the ante that makes its surplus (0 when it leaves none), or -1
    when no ante the hand allows does. The reader's own word
    (``OnlineHand.returns_in_collected``) takes its reading first.

    Returns:
        ``None`` for a hand that prints an ante, a cash hand and a hand
        whose pots hold no surplus in any reading; else one ante (chips)
        per distinct reading, 0 meaning "no ante", -1 "none fits".

    Rule: R-ANTE-1, R-BET-7.
    """
    if not hand.is_tournament or any(p.kind is PostKind.ANTE for p in hand.posts):
        return None
    put = printed_put_in(hand)
    excess = pot_excess(hand, put)
    unprinted = _unprinted_return(hand, put)
    if excess + unprinted <= 0:
        return None  # the common case: the pots hold what the bets put in
    players = _dealt_in(hand)
    stacks = {seat.player: seat.stack for seat in hand.seats if seat.player in players}
    if len(stacks) != len(players):
        return None  # a player without a seat line: his stack is not known
    readings = dict.fromkeys((excess, excess + unprinted))
    antes = tuple(
        0 if surplus == 0 else _fitting_ante(hand, surplus, stacks, put) or -1
        for surplus in readings
    )
    if hand.returns_in_collected and antes[0] > 0:
        # its reader says the site counts returns as collected: that
        # reading, when it fits (an export of such a site may not)
        return antes[:1]
    return antes


def proven_ante(hand: OnlineHand) -> int:
    """The ante each player dealt in posted, as the pot proves it, or 0.

    Proven: one reading of the pot gives an ante and no reading gives
    another or none at all (``ante_readings``).

    Args:
        hand: a hand as its reader read it.

    Returns:
        The ante in chips (a player with a smaller stack posts all of it),
        or 0 when the hand prints antes, is a cash hand, its pots hold no
        surplus over the printed bets in some reading, or the surplus is no
        one equal ante of the players dealt in (see the module).

    Rule: R-ANTE-1.
    """
    antes = set(ante_readings(hand) or ())
    antes.discard(-1)
    return antes.pop() if len(antes) == 1 else 0  # {0}: no ante either


def fitting_ante(hand: OnlineHand) -> int:
    """The one ante a reading of the pot gives, another leaving none, or 0.

    The pot alone does not prove it: the hand as printed adds up in one
    reading, with this ante in the other. The replay deals it with the
    ante only when it cannot deal it as printed, and keeps that only when
    the engine then agrees with every printed figure.

    Rule: R-ANTE-1.
    """
    antes = set(ante_readings(hand) or ())
    antes.discard(-1)
    antes.discard(0)
    return antes.pop() if len(antes) == 1 else 0


def with_antes(hand: OnlineHand, ante: int) -> OnlineHand:
    """``hand`` with each player dealt in posting ``ante`` (chips), first.

    Each posts ``min(ante, stack)``, all-in when it takes his whole stack,
    in seat order before the blinds; their ``line`` is 0 (no line of the
    file prints them) and ``OnlineHand.inferred_ante`` gives the ante.

    Rule: R-ANTE-1.
    """
    players = _dealt_in(hand)
    antes = tuple(
        Post(seat.player, PostKind.ANTE, min(ante, seat.stack), seat.stack <= ante)
        for seat in hand.seats
        if seat.player in players
    )
    return replace(hand, posts=antes + hand.posts, inferred_ante=ante)


def _fitting_ante(
    hand: OnlineHand, surplus: int, stacks: dict[str, int], put: Counter[str]
) -> int:
    """The equal ante that makes ``surplus``, if the hand allows it, or 0."""
    ante = equal_ante(surplus, list(stacks.values()))
    if (
        ante
        and (hand.big_blind <= 0 or ante <= hand.big_blind)
        # two players have more than it: with one (the others all-in on
        # their antes) any larger ante gives the same pots, his surplus his
        # own, uncontested
        and sum(ante < s for s in stacks.values()) >= 2
        # no player's printed bets and ante need more chips than he had
        and all(put[p] + min(ante, s) <= s for p, s in stacks.items())
    ):
        return ante
    return 0


def _dealt_in(hand: OnlineHand) -> set[str]:
    """Players with a line in ``hand``, or whose cards it deals or shows."""
    players = players_in(hand)
    players.update(player for player, _ in hand.hole_cards)
    return players


def _unprinted_return(hand: OnlineHand, put: Counter[str]) -> int:
    """The uncalled bet a hand returns without printing it, or 0.

    What the player who put in most put in above the next one comes back
    to him (R-BET-7; the antes, equal, change nothing); a site that prints
    returns says so itself (0 here). Whether the site counts it in the
    collected amounts is not known (some rooms do, some exports of a room
    that does do not): both readings are tried.
    """
    if hand.uncalled or len(put) < 2:
        return 0
    top, second = sorted(put.values(), reverse=True)[:2]
    return top - second

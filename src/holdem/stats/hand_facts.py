"""What one hand tells about each player: the counts a tracker keeps.

A hand history (``HandHistory``: PHH, or an online room's text read by
``holdem.history.online``) is replayed through the engine; the engine's event
log, not the record's text, says which action was a bet, a raise or a call,
which street it was on, who reached the showdown and who collected which pot.
``hand_facts`` turns that log into one ``PlayerHand`` per player; the sums
and ratios are ``holdem.stats.summary``'s.

Definitions, as the trackers (PokerTracker 4, Hold'em Manager) keep them:

- *voluntary pre-flop money* (VPIP): the player called, bet or raised before
  the flop. Posting a blind, a straddle or an ante is not voluntary, and a
  big blind who checks his option put nothing in voluntarily.
- *pre-flop raise* (PFR): the player bet or raised before the flop (an open
  raise, a 3-bet, a raise all-in).
- *pre-flop decision*: the player had at least one pre-flop action. A walk
  (everyone folded to the big blind) gives none, nor does a stack all-in from
  its blind (R-ALLIN-BLIND): such hands are left out of VPIP's and PFR's
  denominators, as the trackers leave out walks.
- *aggression*, counted on the flop, turn and river only: bets and raises
  (aggressive), calls, folds. Checks count for neither.
- *saw the flop*: still in the hand (not folded) when the flop was dealt.
- *went to showdown* (WTSD): in the hand at its end with at least one other
  player (R-SHOW-2, R-SHOW-3), whatever the street the all-in came on.
- *won at showdown* (W$SD): went to showdown and collected chips from at
  least one pot (R-POT-2), a split share included.
- *net*: chips won or lost in the hand, after the rake the player paid
  (``_rake_paid`` or the record's stacks; ``holdem.history.rake``).
- *all-in adjusted net*: see ``holdem.stats.allin``.
"""

from __future__ import annotations

from dataclasses import dataclass

from holdem.engine.events import AwardPot
from holdem.history.model import HandHistory
from holdem.history.replay import Outcome, replay_history
from holdem.rules.actions import Bet, Call, Check, DealBoard, Fold, Raise
from holdem.stats.allin import AllInSpot, all_in_spot

__all__ = ["HandFacts", "PlayerHand", "hand_facts"]

_BETTING = (Fold, Check, Call, Bet, Raise)


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One player's part in one hand.

    Attributes:
        player: the player's name (``players``), else ``p1``, ``p2``... by
            PHH position.
        seat: the engine's seat (0-based, PHH order: ``p1`` is seat 0).
        big_blind: the hand's big blind in chips (the unit of bb/100).
        net: chips won (+) or lost (-) in the hand, after the rake paid.
        preflop_decision: the player acted at least once before the flop.
        vpip: called, bet or raised before the flop.
        pfr: bet or raised before the flop.
        aggressive: bets and raises on the flop, turn and river.
        calls: calls on the flop, turn and river.
        folds: folds on the flop, turn and river.
        saw_flop: not folded when the flop was dealt.
        showdown: in the hand at the end with another player.
        won_at_showdown: went to showdown and collected from a pot.
    """

    player: str
    seat: int
    big_blind: int
    net: int
    preflop_decision: bool
    vpip: bool
    pfr: bool
    aggressive: int
    calls: int
    folds: int
    saw_flop: bool
    showdown: bool
    won_at_showdown: bool


@dataclass(frozen=True, slots=True)
class HandFacts:
    """The facts of one replayed hand.

    Attributes:
        label: the hand's name (``hand``), or ``""``.
        players: one ``PlayerHand`` per player, PHH order.
        all_in: the all-in spot, when every player left was all-in (or all
            but one) with board cards still to come and their cards known;
            else ``None``.
    """

    label: str
    players: tuple[PlayerHand, ...]
    all_in: AllInSpot | None


def player_names(history: HandHistory) -> tuple[str, ...]:
    """The players' names, or ``p1``, ``p2``... by PHH position."""
    if history.players is not None:
        return history.players
    return tuple(f"p{seat + 1}" for seat in range(history.seats))


def hand_facts(history: HandHistory) -> HandFacts | None:
    """Replay ``history`` and count what each player did (module docstring).

    Args:
        history: one hand, PHH order.

    Returns:
        The facts, or ``None`` when the engine does not reproduce the record
        (the outcome is not ``reproduced``): a hand that cannot be dealt by
        the rules tells nothing sure.
    """
    replay = replay_history(history)
    state = replay.state
    if replay.outcome is not Outcome.REPRODUCED or state is None:
        return None
    n = state.seats
    names = player_names(history)
    big_blind = history.config().big_blind
    streets = 0  # board deals so far: 0 is pre-flop
    acted = [False] * n
    vpip = [False] * n
    pfr = [False] * n
    aggressive, calls, folds = [0] * n, [0] * n, [0] * n
    folded = [False] * n
    saw_flop = [False] * n
    collected = [0] * n
    for event in state.events:
        if isinstance(event, DealBoard):
            streets += 1
            if streets == 1:
                saw_flop = [not f for f in folded]
            continue
        if isinstance(event, AwardPot):
            for winner, chips in event.shares:
                collected[winner] += chips
            continue
        if not isinstance(event, _BETTING):
            continue
        seat = event.seat
        is_bet = isinstance(event, Bet | Raise)
        if streets == 0:
            acted[seat] = True
            vpip[seat] = vpip[seat] or is_bet or isinstance(event, Call)
            pfr[seat] = pfr[seat] or is_bet
        elif is_bet:
            aggressive[seat] += 1
        elif isinstance(event, Call):
            calls[seat] += 1
        elif isinstance(event, Fold):
            folds[seat] += 1
        if isinstance(event, Fold):
            folded[seat] = True
    live = [s for s in range(n) if not state.folded[s]]
    showdown = len(live) > 1
    rake = replay.rake_paid or (0,) * n
    players = tuple(
        PlayerHand(
            player=names[s],
            seat=s,
            big_blind=big_blind,
            net=state.payoffs[s] - rake[s],
            preflop_decision=acted[s],
            vpip=vpip[s],
            pfr=pfr[s],
            aggressive=aggressive[s],
            calls=calls[s],
            folds=folds[s],
            saw_flop=saw_flop[s],
            showdown=showdown and s in live,
            won_at_showdown=showdown and s in live and collected[s] > 0,
        )
        for s in range(n)
    )
    label = "" if history.hand is None else str(history.hand)
    return HandFacts(label, players, all_in_spot(state, rake))

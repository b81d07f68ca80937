"""The engine's results of a replayed hand, checked against the printed ones.

The replay (``replay.py``) reads what the engine returned as uncalled
(R-BET-7) and awarded (R-POT-2, R-POT-3) from the finished hand; these
functions add the runs of a board run more than once (``runs_results``),
count a pot only its winner could win as his own chips back
(``own_pots_back``), allow for calls the replay took as printed short or as
virtual (``with_unprinted_calls``; R-ALLIN-BLIND, R-BET-5), then compare with
the record (``compare.py``) and say why they differ (``Differs``).
"""

from __future__ import annotations

from collections import Counter

from holdem.engine.events import AwardPot, ReturnUncalled
from holdem.engine.state import HandState
from holdem.history.online.compare import (
    Mismatch,
    NegativeRake,
    compare,
    compare_runs,
    site_inconsistency,
)
from holdem.history.online.model import OnlineHand
from holdem.history.online.outcome import Differs, Reason
from holdem.history.online.runs import run_awards

__all__ = [
    "check_results",
    "own_pots_back",
    "runs_results",
    "with_unprinted_calls",
]


def runs_results(
    state: HandState,
    names: tuple[str, ...],
    returned: dict[tuple[str, int], int],
    awarded: dict[str, int],
) -> list[Counter[str]]:
    """The engine's returns and awards of a board run more than once.

    Args:
        state: the finished hand, its board run more than once (R-RIT-1).
        names: the players by engine seat.
        returned: filled with the times each ``(player, chips)`` came back.
        awarded: filled with the chips each player won over all runs.

    Returns:
        The chips each player won, per run.
    """
    for event in state.events:
        if type(event) is ReturnUncalled:
            key = (names[event.seat], event.chips)
            returned[key] = returned.get(key, 0) + 1
    per_run = run_awards(state, names)
    for won in per_run:
        for name, chips in won.items():
            awarded[name] = awarded.get(name, 0) + chips
    return per_run


def with_unprinted_calls(
    returned: dict[tuple[str, int], int],
    hidden: Counter[tuple[str, int]] | None,
    virtual: Counter[tuple[str, int]] | None,
) -> Counter[tuple[str, int]]:
    """The engine's returns as the site prints them.

    Args:
        returned: times each ``(player, chips)`` came back in the engine.
        hidden: returns the site shows as a shorter call instead (not
            printed), by ``(player, chips)`` (R-ALLIN-BLIND).
        virtual: returns the site prints for raises the engine takes as
            calls (R-BET-5), by ``(player, chips)``.

    Raises:
        Differs: a call printed short whose rest the engine did not return.
    """
    counted = Counter(returned)
    if hidden:
        if counted & hidden != hidden:
            raise Differs(
                Reason.OUR_RULES,
                "a call the site prints short of our engine's was not"
                " returned as an uncalled bet",
            )
        counted -= hidden
    if virtual:
        counted += virtual
    return counted


def check_results(
    hand: OnlineHand,
    names: tuple[str, ...],
    state: HandState,
    returned: dict[tuple[str, int], int],
    awarded: dict[str, int],
    per_run: list[Counter[str]],
) -> None:
    """Check the engine's returns and awards against the record's.

    Args:
        hand: the recorded hand.
        names: the players by engine seat.
        state: the finished hand (its board run ``state.runs`` times).
        returned: times each ``(player, chips)`` came back (as printed).
        awarded: chips each player won.
        per_run: with more runs, the chips each player won per run.

    Raises:
        Differs: with the reason (our rules, the site's result, or a
            record that leaves a winner's cards out) and what differs.
    """
    try:
        compare(hand, returned, awarded)
        if state.runs > 1:
            compare_runs(hand, per_run)
    except NegativeRake as negative:
        inconsistent = site_inconsistency(hand)
        message = f"{negative} ({inconsistent})" if inconsistent else str(negative)
        raise Differs(Reason.SITE_RESULT, message) from None
    except Mismatch as mismatch:
        known = dict(hand.hole_cards)
        folded = state.folded
        live = {name for seat, name in enumerate(names) if not folded[seat]}
        unknown = sorted(
            c.player
            for c in hand.collected
            if c.player in live
            and c.player not in known
            and not awarded.get(c.player, 0)
        )
        if len(live) > 1 and unknown:
            # a showdown winner whose cards the record leaves out: the
            # record is incomplete, not our rules (R-SHOW-2)
            raise Differs(
                Reason.MALFORMED,
                f"{mismatch}: the record does not give the cards of"
                f" {', '.join(unknown)}, who wins at the showdown",
            ) from None
        raise Differs(Reason.OUR_RULES, str(mismatch)) from None


def own_pots_back(
    hand: OnlineHand,
    names: tuple[str, ...],
    state: HandState,
    single: list[AwardPot],
    returned: dict[tuple[str, int], int],
    awarded: dict[str, int],
) -> None:
    """Count a pot only its winner could win as his chips back.

    A side pot with one eligible player holds his own chips above what
    anyone matched (antes of a deeper stack, say); a site that prints
    neither a return nor a collected amount for him gives them back
    unprinted, as an uncalled bet (R-BET-7). ``single``: the hand's
    awards of a whole pot to one player, in order.
    """
    # only a pot paid whole to one player the site prints nothing for
    # can be his own chips: the pots are worked out for those alone
    printed = [c.player for c in hand.collected]
    printed += [player for player, _ in hand.uncalled]
    single = [e for e in single if names[e.shares[0][0]] not in printed]
    if not single:
        return
    pots = state.hand_pots(state.contributed, state.folded)
    for event in single:
        if event.pot >= len(pots):
            continue
        eligible = pots[event.pot].eligible
        if len(eligible) != 1 or event.shares != ((eligible[0], event.amount),):
            continue
        name = names[eligible[0]]
        if any(c.player == name for c in hand.collected) or any(
            player == name for player, _ in hand.uncalled
        ):
            continue
        awarded[name] -= event.amount
        key = (name, event.amount)
        returned[key] = returned.get(key, 0) + 1

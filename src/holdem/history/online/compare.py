"""Compare the engine's results for an online hand with what the site printed.

``compare`` raises ``Mismatch`` at the first difference; ``site_inconsistency``
says whether the site's printed figures disagree among themselves, which makes
a difference the site's (its printed result), not our rules'.

How the figures are matched (the site's text is the record; R-BET-7, R-POT-1..4):

- Uncalled bets: each printed "Uncalled bet (X) returned to P" against the
  engine's returns, as multisets of ``(player, chips)``. Older PokerStars
  hands and some rooms print no returns at all: then the engine's returns
  are checked through the total pot (which excludes them) or, where the site
  leaves the returned chips in the pot, through the collected amounts (so
  too when a player who wins no pot collects exactly his return).
- The total pot: what the engine awards in all, plus chips the site added
  (PokerStars' and Run It Once's "STP"), equals the printed total. Some
  print the total after the rake, equal to the chips collected (PokerTracker
  and Hold'em Manager exports; Winamax, whose collected amounts and total
  also count the uncalled bet it does not print): that is accepted when the
  total plus the rake is the engine's pot, with or without the returns.
- Rake: sites take it from the pot before paying and do not say from which
  pot, so per winner ``collected <= awarded`` (plus anything the site added)
  and in all ``awarded + added - collected == rake``; with no rake and
  nothing added, each player's collected chips equal the engine's award.
- A walk written by converters as the whole big blind returned and only the
  small blind collected gives each player the same chips back as the engine
  (its return and award); with no rake that is accepted as agreeing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from holdem.history.online.model import ActionKind, OnlineHand, PostKind, players_in
from holdem.history.online.outcome import chips_text

__all__ = [
    "Mismatch",
    "NegativeRake",
    "compare",
    "compare_runs",
    "pot_excess",
    "printed_put_in",
    "record_defect",
    "site_inconsistency",
]


class Mismatch(Exception):
    """A difference between the engine's results and the site's."""


class NegativeRake(Mismatch):
    """The site pays out more than the pot: its printed result (R-POT-4)."""


def compare(
    hand: OnlineHand,
    returned: Mapping[tuple[str, int], int],
    awarded: Mapping[str, int],
) -> None:
    """Raise ``Mismatch`` unless the engine's results agree with the site's.

    Args:
        hand: the recorded hand.
        returned: the engine's uncalled bets, ``(player, chips)`` counted
            (times each), a dict or a ``Counter``.
        awarded: chips the engine awarded per player from the pots.

    Raises:
        Mismatch: naming the first figure that differs.
    """
    if _agrees_plainly(hand, returned, awarded):
        return
    _compare_fully(hand, Counter(returned), Counter(awarded))


def _compare_fully(
    hand: OnlineHand,
    returned: Counter[tuple[str, int]],
    awarded: Counter[str],
) -> None:
    """``compare``'s full checks, which say what differs (``Mismatch``)."""

    def text(chips: int) -> str:
        return chips_text(hand, chips)

    printed = Counter(hand.uncalled)
    collected: Counter[str] = Counter()
    for item in hand.collected:
        collected[item.player] += item.chips
    total_collected = sum(collected.values())
    pot = sum(awarded.values())
    added = hand.added
    unprinted: Counter[str] = Counter()
    if returned != printed:
        if printed:
            if _same_chips_back(hand, returned, awarded, collected):
                return
            raise Mismatch(
                f"uncalled bets: the site returns {_pairs(hand, printed)}, our"
                f" engine {_pairs(hand, returned)}"
            )
        for (player, chips), times in returned.items():
            unprinted[player] += chips * times
    total = hand.total_pot
    kept = sum(unprinted.values())
    if (
        total is not None
        and hand.rake
        and total == total_collected
        and total + hand.rake in (pot + added, pot + added + kept)
    ):
        total += hand.rake  # some exports print the total pot after the rake
    if total is not None and pot + added != total:
        if not kept or pot + added + kept != total:
            raise Mismatch(
                f"total pot: the site prints {text(total)}, our engine awards"
                f" {text(pot)}"
                + (f" and returns {text(kept)}" if kept else "")
                + (f"; the site adds {text(added)}" if added else "")
            )
        awarded = awarded + unprinted  # the site paid the returns from the pot
        pot += kept
    elif (
        total is None
        and unprinted
        and (
            hand.returns_in_collected
            or pot + added + kept == total_collected + (hand.rake or 0)
            # a player who wins nothing collects exactly his return: the
            # site counts returns in the collected amounts (888poker's
            # raise over an all-in big blind)
            or _returns_printed_as_collected(collected, awarded, unprinted)
        )
    ):
        awarded = awarded + unprinted
        pot += sum(unprinted.values())
    rake = hand.rake
    if rake is None:
        rake = pot + added - total_collected
    if rake < 0 or pot + added - total_collected != rake:
        if rake < 0:
            # the site pays out more than the pot, or prints a rake below
            # nothing: its own figures, never a rule of ours (R-POT-4)
            raise NegativeRake(
                f"collected: the site pays {text(total_collected)},"
                f" {text(-rake)} more than the pot our engine awards"
                f" ({text(pot)}"
                + (f" and the site adds {text(added)}" if added else "")
                + "): a rake cannot be negative"
                if hand.rake is None
                else f"collected: the site prints a rake of {text(rake)}: a"
                " rake cannot be negative"
            )
        raise Mismatch(
            f"collected: the site pays {text(total_collected)} with rake"
            f" {text(rake)}, our engine awards {text(pot)}"
            + (f" and the site adds {text(added)}" if added else "")
        )
    exact = rake == 0 and not added
    if exact and +collected != +awarded:
        odd = _odd_chips(hand, collected, awarded)
        if odd:
            raise Mismatch(odd)
    for player in sorted(set(awarded) | set(collected)):
        got, won = collected[player], awarded[player]
        wrong = got != won if exact else got > won + added or (won == 0) != (got == 0)
        if wrong:
            raise Mismatch(
                f"{player} collects {text(got)} on the site, our engine awards"
                f" {text(won)}" + (f" (rake {text(rake)})" if rake else "")
            )


def _agrees_plainly(
    hand: OnlineHand,
    returned: Mapping[tuple[str, int], int],
    awarded: Mapping[str, int],
) -> bool:
    """Whether ``compare`` passes on the common path, told with plain dicts.

    True only when the engine's returns are exactly the printed ones (or
    the site prints none and ``compare`` would take ours as it does: left
    out of a printed total pot, or counted in the collected amounts), the
    total pot (if printed) is the engine's awards plus the chips added,
    ``awarded + added - collected`` is the rake, and each player's collected
    chips pass ``compare``'s per-player test; anything else (False) goes
    through ``compare``'s full checks, which say what differs.
    """
    collected: dict[str, int] = {}
    for item in hand.collected:
        collected[item.player] = collected.get(item.player, 0) + item.chips
    total_collected = sum(collected.values())
    pot = sum(awarded.values())
    added = hand.added
    total = hand.total_pot
    rake = hand.rake
    if hand.uncalled:
        printed: dict[tuple[str, int], int] = {}
        for pair in hand.uncalled:
            printed[pair] = printed.get(pair, 0) + 1
        if not dict.__eq__(printed, returned):
            return False
    elif returned:
        # the site prints no returns: as ``compare``, they are out of a
        # printed total pot, or (no total) in the collected amounts
        if total is not None:
            if rake and total == total_collected:
                return False  # maybe a total printed after the rake
        else:
            kept = 0
            paid = dict(awarded)
            for (player, chips), times in returned.items():
                kept += chips * times
                paid[player] = paid.get(player, 0) + chips * times
            if not hand.returns_in_collected and pot + added + kept != (
                total_collected + (rake or 0)
            ):
                return False
            awarded, pot = paid, pot + kept
    if total is not None and pot + added != total:
        return False
    if rake is None:
        rake = pot + added - total_collected
    if rake < 0 or pot + added - total_collected != rake:
        return False
    if collected == awarded:
        return True  # each player collects what the engine awards him
    exact = rake == 0 and not added
    for player in collected.keys() | awarded.keys():
        got, won = collected.get(player, 0), awarded.get(player, 0)
        if got != won if exact else got > won + added or (won == 0) != (got == 0):
            return False
    return True


def _returns_printed_as_collected(
    collected: Counter[str], awarded: Counter[str], unprinted: Counter[str]
) -> bool:
    """Whether each player with a return who wins no pot collects it exactly."""
    shown = [p for p in unprinted if collected[p] and not awarded[p]]
    return bool(shown) and all(collected[p] == unprinted[p] for p in shown)


def compare_runs(hand: OnlineHand, per_run: list[Counter[str]]) -> None:
    """Raise ``Mismatch`` unless each run's collected chips agree with ours.

    For a hand whose board was run more than once (``OnlineHand.runs``), after
    ``compare`` checked the totals: each printed ``collected`` line belongs to
    one run (a site that does not say which marks them run 0: then only the
    totals are checked), and per run and player the chips must be what the engine's part
    of the pots gives, or with rake (taken from the whole pot before it is
    split) no more than that, and nothing where the engine gives nothing;
    with rake, each run pays in all its part of the pot left after the rake,
    the odd chips one at a time from the first run on.

    Args:
        hand: the recorded hand.
        per_run: chips the engine awards per player in each run, first first.

    Raises:
        Mismatch: naming the run and the player whose chips differ.
    """
    if all(item.run == 0 for item in hand.collected):
        return  # the site does not say which run paid what (run 0)
    exact = not hand.rake and not hand.added
    paid = sum(sum(awarded.values()) for awarded in per_run) + hand.added
    paid -= hand.rake or 0
    share, odd = divmod(paid, len(per_run))
    for run, awarded in enumerate(per_run, start=1):
        collected: Counter[str] = Counter()
        for item in hand.collected:
            if item.run == run:
                collected[item.player] += item.chips
        part = share + (1 if run <= odd else 0)
        if sum(collected.values()) != part:
            raise Mismatch(
                f"run {run} of the board: the site pays"
                f" {chips_text(hand, sum(collected.values()))}, our engine's part"
                f" of the pot after the rake is {chips_text(hand, part)}"
            )
        for player in sorted(set(awarded) | set(collected)):
            got, won = collected[player], awarded[player]
            wrong = got != won if exact else got > won or (won == 0) != (got == 0)
            if wrong:
                raise Mismatch(
                    f"run {run} of the board: {player} collects"
                    f" {chips_text(hand, got)} on the site, our engine awards"
                    f" {chips_text(hand, won)}"
                    + (f" (rake {chips_text(hand, hand.rake)})" if hand.rake else "")
                )


def _odd_chips(hand: OnlineHand, collected: Counter[str], awarded: Counter[str]) -> str:
    """How the site's split differs from R-POT-3 in its odd chips only, or "".

    The same players win the same chips in all, each within one chip per
    other winner of what the engine awards: the site settles the odd chips
    of a split pot otherwise.
    """
    winners = sorted(p for p in awarded if awarded[p])
    if sorted(p for p in collected if collected[p]) != winners or len(winners) < 2:
        return ""
    if sum(collected.values()) != sum(awarded.values()):
        return ""
    if any(abs(collected[p] - awarded[p]) >= len(winners) for p in winners):
        return ""
    site = ", ".join(f"{p} {chips_text(hand, collected[p])}" for p in winners)
    ours = ", ".join(f"{p} {chips_text(hand, awarded[p])}" for p in winners)
    return (
        f"odd chips: the site splits the pot {site}; R-POT-3 gives the odd"
        f" chips to the winner nearest the button's left: {ours}"
    )


def _same_chips_back(
    hand: OnlineHand,
    returned: Counter[tuple[str, int]],
    awarded: Counter[str],
    collected: Counter[str],
) -> bool:
    """Each player gets the same chips back, counted as returned or collected."""
    if hand.rake:
        return False
    ours: Counter[str] = Counter(awarded)
    theirs: Counter[str] = Counter(collected)
    for (player, chips), times in returned.items():
        ours[player] += chips * times
    for player, chips in hand.uncalled:
        theirs[player] += chips
    return +ours == +theirs


def printed_put_in(hand: OnlineHand) -> Counter[str]:
    """Chips each player put in by the printed posts and actions.

    Returns are not subtracted. A raise's chips are its ``to`` less what the
    player had in on the street; blinds count toward the pre-flop street.
    """
    put: Counter[str] = Counter()
    street_total: Counter[str] = Counter()
    for post in hand.posts:
        put[post.player] += post.chips
        if post.kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.STRADDLE):
            street_total[post.player] += post.chips
        elif post.kind is PostKind.SMALL_AND_BIG_BLINDS:
            street_total[post.player] += min(post.chips, hand.big_blind)
    street = 0
    for action in hand.actions:
        if action.street != street:
            street, street_total = action.street, Counter()
        match action.kind:
            case ActionKind.CALL | ActionKind.BET:
                put[action.player] += action.chips
                street_total[action.player] += action.chips
            case ActionKind.RAISE:
                put[action.player] += action.chips - street_total[action.player]
                street_total[action.player] = action.chips
    return put


def pot_excess(hand: OnlineHand, put: Counter[str] | None = None) -> int:
    """Chips the site pays out beyond what its printed posts and bets put in.

    What it pays: the collected amounts plus the printed rake (the printed
    total pot when nobody is printed collecting); what was put in: every
    printed post and bet (``printed_put_in``) less the printed returns,
    plus the chips the site added (``OnlineHand.added``). Whatever the
    rules, no pot holds more than was put in, so a positive excess is the
    site's record: antes it never prints (``antes.proven_ante``), or a post
    or bet left out. A site that prints no returns and leaves them out of
    the collected amounts makes the excess smaller, never larger.

    Args:
        hand: the recorded hand.
        put: ``printed_put_in(hand)`` when the caller has it already.

    Returns:
        The excess in chips; 0 or less when the pots hold no more than the
        printed posts and bets.

    Rule: R-POT-1, R-ANTE-1.
    """
    paid = sum(item.chips for item in hand.collected) + (hand.rake or 0)
    if not hand.collected and hand.total_pot is not None:
        paid = hand.total_pot
    put_in = sum((printed_put_in(hand) if put is None else put).values())
    return paid - put_in + sum(chips for _, chips in hand.uncalled) - hand.added


def site_inconsistency(hand: OnlineHand) -> str:
    """Why the site's printed figures disagree among themselves, or ``""``.

    Checked: collected plus rake against the total pot; in a hand printing
    decimals, chips collected above what the printed actions put in by less
    than a whole chip (a pot rounded); each printed return against the chips
    the player put in; the chips the printed actions put in,
    less the printed returns, against the total pot (when the site prints no
    returns the total may be smaller, never larger); what the site pays out
    against what its printed posts and bets put in (``pot_excess``): more
    is the site's record, antes it leaves out that the pot does not prove
    (a hand whose pot proves them is dealt with them, R-ANTE-1) or a post
    or bet it leaves out.
    """
    collected = sum(item.chips for item in hand.collected)
    total, rake = hand.total_pot, hand.rake

    def text(chips: int) -> str:
        return chips_text(hand, chips)

    if total is not None and rake is not None and collected + rake != total:
        return (
            f"the site prints a total pot of {text(total)} but {text(collected)}"
            f" collected and {text(rake)} rake"
        )
    put = printed_put_in(hand)
    excess = collected - sum(put.values()) - hand.added
    if 0 < excess < hand.chip_unit:
        # amounts printed with decimals: the site rounded what it paid
        return (
            f"the site pays {text(collected)} in all, its actions put in only"
            f" {text(collected - excess)}: it rounds a pot to whole chips"
        )
    for player, chips in hand.uncalled:
        if chips > put[player]:
            return (
                f"the site returns {text(chips)} to {player}, who put in"
                f" {text(put[player])}"
            )
    in_pot = sum(put.values()) - sum(chips for _, chips in hand.uncalled)
    if total is not None and in_pot + hand.added != total:
        if in_pot + hand.added < total:
            return _unproven_antes(hand, "its total pot", text(total), in_pot)
        if hand.uncalled:
            return (
                f"the site prints a total pot of {text(total)}, its actions put"
                f" in {text(in_pot + hand.added)}"
            )
    excess = pot_excess(hand, put)
    if excess >= hand.chip_unit:
        paid = text(in_pot + hand.added + excess)
        return _unproven_antes(hand, "its pots pay", paid, in_pot)
    return ""


def _unproven_antes(hand: OnlineHand, what: str, paid: str, in_pot: int) -> str:
    """The site's record of a pot above its printed posts and bets (R-ANTE-1).

    ``what`` is ``"its total pot"`` or ``"its pots pay"`` and ``paid`` its
    chips as written; ``in_pot`` the chips the printed posts and bets put
    in less the printed returns.
    """
    message = (
        f"the site's record: {what} {paid}, its printed posts and bets put in"
        f" {chips_text(hand, in_pot + hand.added)}"
    )
    if not hand.is_tournament or any(p.kind is PostKind.ANTE for p in hand.posts):
        return message
    return (
        f"{message}, and the rest is no one equal ante of the"
        f" {len(players_in(hand))} players dealt in that the pot proves (R-ANTE-1)"
    )


def record_defect(hand: OnlineHand) -> str:
    """Why the record cannot be one dealt hand, as its own lines show, or ``""``.

    Checked, whatever the rules: a player posting the same blind twice (the
    lines of two hands joined); a small blind posted above the largest big
    blind (a corrupt post, R-BLIND-2); a player's play after his own fold
    (R-BET-1: a folded hand has no more decisions); one player's two plays
    in a row on a street (a play printed twice: the others act between,
    R-BET-2).
    """
    blinds: dict[tuple[str, PostKind], int] = {}
    big_blind = max(
        (p.chips for p in hand.posts if p.kind is PostKind.BIG_BLIND), default=0
    )
    for post in hand.posts:
        if (
            post.kind is not PostKind.SMALL_BLIND
            and post.kind is not PostKind.BIG_BLIND
        ):
            continue
        key = (post.player, post.kind)
        if key in blinds:
            return (
                f"{post.player} posts the {post.kind} twice"
                f"{_lines(blinds[key], post.line)}: the record joins two hands"
            )
        blinds[key] = post.line
        if post.kind is PostKind.SMALL_BLIND and 0 < big_blind < post.chips:
            return (
                f"{_at(post.line)}{post.player} posts a small blind of"
                f" {chips_text(hand, post.chips)}, more than the big blind of"
                f" {chips_text(hand, big_blind)}: the post is corrupt"
            )
    folded: dict[str, int] = {}
    previous = None
    for action in hand.actions:
        player, kind = action.player, action.kind
        if kind is not ActionKind.FOLD:
            if player in folded:
                return (
                    f"{_at(action.line)}{player} plays ({kind}) after folding"
                    f"{_at_line(folded[player])}: a folded hand has no more plays"
                )
            if (
                previous is not None
                and previous.player == player
                and previous.street == action.street
                and previous.kind is not ActionKind.FOLD
            ):
                return (
                    f"{player} plays twice in a row ({previous.kind}, then"
                    f" {kind}){_lines(previous.line, action.line)}, nobody"
                    " acting between: a play printed twice"
                )
        else:
            folded.setdefault(player, action.line)
        previous = action
    return ""


def _at(line: int) -> str:
    return f"line {line}: " if line else ""


def _at_line(line: int) -> str:
    return f" at line {line}" if line else ""


def _lines(first: int, second: int) -> str:
    return f" (lines {first} and {second})" if first and second else ""


def _pairs(hand: OnlineHand, counts: Counter[tuple[str, int]]) -> str:
    if not counts:
        return "none"
    return ", ".join(
        f"{chips_text(hand, chips)} to {player}"
        for player, chips in sorted(counts.elements())
    )

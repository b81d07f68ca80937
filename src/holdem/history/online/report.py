"""Plain-text lines for a run over online-room histories (for ``holdem replay``).

``summary_lines(summary)`` gives one line per hand that differs or cannot be
read (``differs (our rules): FILE hand ID: message``), one per hand that
agrees once dealt with antes its file never prints but its pots prove
(``agrees (antes inferred): FILE hand ID: the file prints none, ...``,
R-ANTE-1), then a per-site table
(hands found, parsed, replayed, agreeing, not hold'em; one row per room,
with a line naming a room's printed variants), a line counting those
hands by reason (``reasons: 3 our rules, 2 site's printed result, ...``, left
out when every hand agrees) and a last line ``N hands: A agree, D differ, U
unreadable, X not hold'em``.
"""

from __future__ import annotations

from holdem.history.online.files import OnlineSummary
from holdem.history.online.replay import ANTES_INFERRED, Outcome, Reason

__all__ = ["summary_lines"]


def summary_lines(summary: OnlineSummary) -> list[str]:
    """The disagreements, the per-site table and the totals, as text lines.

    >>> from holdem.history.online.files import summarize
    >>> summary_lines(summarize([]))[-1]
    "0 hands: 0 agree, 0 differ, 0 unreadable, 0 not hold'em"
    """
    lines = []
    for site in summary.sites:
        for result in site.disagreements:
            reason = result.reason.value if result.reason else "unknown"
            where = result.label
            if result.source and result.message.startswith(result.source):
                where = ""  # the parser's message names the file, hand and line
            lines.append(
                f"{result.outcome} ({reason}): "
                + (f"{where}: " if where else "")
                + result.message
            )
    for result in summary.results:
        if result.outcome is Outcome.AGREES and result.message.startswith(
            ANTES_INFERRED
        ):
            note = result.message[len(ANTES_INFERRED) :].removeprefix(": ")
            lines.append(f"{result.outcome} ({ANTES_INFERRED}): {result.label}: {note}")
    width = max((len(site.site) for site in summary.sites), default=4)
    width = max(width, len("site"))
    lines.append(
        f"{'site':<{width}}  {'found':>6}  {'parsed':>6}  {'replayed':>8}"
        f"  {'agreeing':>8}  {'not hold' + chr(39) + 'em':>12}"
    )
    for site in summary.sites:
        lines.append(
            f"{site.site:<{width}}  {site.found:>6}  {site.parsed:>6}"
            f"  {site.replayed:>8}  {site.agreeing:>8}  {site.not_holdem:>12}"
        )
    for site in summary.sites:
        if site.printed:
            lines.append(f"{site.site} printed as: {', '.join(site.printed)}")
    reasons = dict.fromkeys(Reason, 0)
    for site in summary.sites:
        for result in site.disagreements:
            if result.reason is not None:
                reasons[result.reason] += 1
    if any(reasons.values()):
        lines.append(
            "reasons: "
            + ", ".join(f"{n} {reason}" for reason, n in reasons.items() if n)
        )
    count = dict.fromkeys(Outcome, 0)
    for result in summary.results:
        count[result.outcome] += 1
    total = len(summary.results)
    lines.append(
        f"{total} hand{'' if total == 1 else 's'}: {count[Outcome.AGREES]} agree,"
        f" {count[Outcome.DIFFERS]} differ, {count[Outcome.UNREADABLE]} unreadable,"
        f" {count[Outcome.NOT_HOLDEM]} not hold'em"
    )
    return lines

"""Online-room hand histories: read their text, deal them, check the site's sums.

Each room's format has a parser module (``pokerstars`` ...) registered in
``registry.PARSERS``; ``detect`` picks one from a file's text. Parsers produce
a site-neutral ``OnlineHand`` (money in cents, tournament chips as chips);
``replay_online_hand`` deals it through the engine and compares the uncalled
bets, the collected amounts and the rake with what the site printed.
``replay_online_file`` and ``replay_online_paths`` do it for files and
folders, the latter with a per-site ``SiteSummary``.
"""

from holdem.history.online.files import (
    OnlineSummary,
    SiteSummary,
    find_online_files,
    replay_online_file,
    replay_online_paths,
    replay_online_text,
    summarize,
)
from holdem.history.online.model import (
    ActionKind,
    Collected,
    OnlineAction,
    OnlineHand,
    OnlineSeat,
    Post,
    PostKind,
)
from holdem.history.online.registry import PARSERS, SiteParser, detect
from holdem.history.online.replay import (
    OnlineReplay,
    Outcome,
    Reason,
    replay_online_hand,
)
from holdem.history.online.report import summary_lines
from holdem.history.online.text import HandText, decode

__all__ = [
    "PARSERS",
    "ActionKind",
    "Collected",
    "HandText",
    "OnlineAction",
    "OnlineHand",
    "OnlineReplay",
    "OnlineSeat",
    "OnlineSummary",
    "Outcome",
    "Post",
    "PostKind",
    "Reason",
    "SiteParser",
    "SiteSummary",
    "decode",
    "detect",
    "find_online_files",
    "replay_online_file",
    "replay_online_hand",
    "replay_online_paths",
    "replay_online_text",
    "summarize",
    "summary_lines",
]

"""The room's refusals in the player's language: a message key for each.

Refusals are raised in English, with the rule id (STYLE.md section 5), by
every layer of holdem; the rules code does not know about languages. At the
edge, where a refusal is sent (``encode.error_json``), ``refusal_key`` reads
the English message back against ``REFUSALS``, the templates of the refusals
a player of the web page can meet, and gives the template (the message key,
a msgid of the gettext catalogs) and the values of its placeholders. The page
then shows the key's translation with those values, and no rule id; the
English ``message`` and its ``rule`` stay as they were, for the logs and the
history.

Before matching, rule ids (``[R-NL-2]``, ``(R-BLIND-2)``, ``R-RIT-1`` inside
other parentheses) and the engine's ``Legal: ...`` tail are taken out
(``player_text``): the page offers only legal actions already. A message no
template matches gets no key; the page shows its ``player_text``.

Each template is the English text with ``{name}`` placeholders, each of
which matches any text. A template may also be reworded for players in the
English catalog (``en``), e.g. to leave out a seat number the player knows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["REFUSALS", "Refusal", "player_text", "refusal_key"]

REFUSALS: tuple[str, ...] = (
    # accounts: registering and logging in
    "a name has at most {count} characters",
    "a password has at most {count} characters",
    "a password has at least {count} characters",
    "a name has 3 to 20 letters, digits, '_' or '-', got {name}",
    "too many registrations from your address: try again in {seconds} s",
    "the name {name} is taken",
    "wrong name or password",
    "the room is busy checking passwords: try again in {seconds} s",
    "this password is too easy to guess ({hint}): use a longer phrase of"
    " uncommon words, not your name, a common password or a repeat",
    "this password is too easy to guess: use a longer phrase of uncommon words,"
    " not your name, a common password or a repeat",
    "too many failed logins for this name from your address: try again in {seconds} s",
    "too many failed logins from your address: try again in {seconds} s",
    "too many failed logins for this name: from an address it has not logged in"
    " from, try again in {seconds} s",
    "log in first",
    "log in to play",
    "log in to chat",
    # the room itself
    "the room's database is unreachable: try again in a few seconds",
    "the room's database is unreachable: nothing changed; try again in a few seconds",
    "no table {table}",
    "table {table} is dealt by another server process ({tables})",
    "table {table} could not be loaded; you left it and your chips are back in"
    " your wallet",
    "table {table} could not be loaded ({reason}): you may only leave it",
    "table {table} could not be loaded again{reason}; it is paused and tried"
    " again later. You may leave: your chips as the last complete hand left them"
    " go back to your wallet",
    "table {table} met an error and is paused; its hand is void and every seat"
    " holds what it held when the hand began",
    "table {table} has {count} spectators, the most it takes ({limit}): try"
    " again later",
    "{name} has {count} sockets open, the most one account may have ({limit}):"
    " close one first",
    "{count} sockets without a session are open from your address, the most"
    " allowed ({limit}): close one or log in",
    # making a table
    "a table name has 1 to {most} characters, got {name}",
    "a table needs a name",
    "unknown structure {structure}: one of {valid}",
    "small_blind must be non-negative, got {value}",
    "big_blind must be positive, got {value}",
    "small_blind must be at most {most} chips, got a {digits}-digit number",
    "big_blind must be at most {most} chips, got a {digits}-digit number",
    "small blind {small_blind} is above the big blind {big_blind}",
    "bots must be 0..{most}, got {bots}",
    "a table has {least} to {most} seats, got {seats}",
    "the largest buy-in times the seats ({max_buy_in} x {seats}) is over"
    " {limit} chips, the most one stack may hold: at most {most} here",
    "{name} has {count} open tables, the most one account may have ({limit}):"
    " play at one of them or at another player's table",
    "{name} made {count} tables in the last {window} s, the most allowed"
    " ({limit}): try again in {seconds} s",
    "rake_percent is 0..{limit} at a player's table, got {value}",
    "no table was made: its {bots} bots could not be seated ({reason})",
    # seats, chips and leaving
    "you have no seat at this table",
    "the buy-in here is {low}..{high} chips, not {buy_in}",
    "{name} is already seated at this table",
    "seat {seat} is taken by {player}",
    "no seat {seat}: seats are 1..{count}",
    "seat {seat} is empty",
    "the table is full",
    "every bot is seated here already",
    "buy_in is a chip count, not negative: {buy_in}",
    "chips must be a positive integer, got {chips}",
    "add chips between hands",
    "the stack would be {stack}: the table takes {low}..{high} chips",
    "seat {seat} ({player}) may be dealt into hand {number}: leave after it is over",
    "seat {seat} ({player}) is not sitting out",
    "seat {seat} ({player}) has no chips: rebuy",
    "seat {seat} ({player}) still has {stack} chips: top up instead of a rebuy",
    "seat {seat} has {stack} chips: a top-up of {chips} passes the maximum"
    " buy-in {max_buy_in}; at most {most}",
    "rebuy between hands only: hand {number} is running",
    "top up between hands only: hand {number} is running",
    "cannot buy in with {chips} chips: the buy-in is {low}..{high} chips",
    "cannot rebuy with {chips} chips: the buy-in is {low}..{high} chips",
    "cannot top up with {chips} chips: the buy-in is {low}..{high} chips",
    "a tournament deals every player in: no sitting out",
    "a tournament seats its own entries: register for it in the lobby",
    "a tournament player cannot leave: sit out and every hand is folded for you"
    " (check when free)",
    "a tournament takes no chips from the wallet",
    "a tournament takes no new players once under way",
    # acting in a hand
    "no hand is running: nothing to answer",
    "seat {asked} is asked ({kind}), not seat {seat}",
    "hand {number} is complete: no decision is open",
    "{action} is out of turn: seat {asked} is asked ({kind})",
    "seat {seat} cannot act: it is seat {turn}'s turn",
    "seat {seat} cannot fold: there is no bet to face, so it may check (this"
    " table refuses a fold when a check is possible)",
    "seat {seat} cannot check: it faces a bet of {bet}",
    "seat {seat} cannot call: there is no bet to call, so it may check",
    "seat {seat} cannot bet: there is a bet to raise",
    "seat {seat} cannot raise: there is no bet yet, so it may bet",
    "seat {seat} cannot raise: nobody has bet on this street, so it is a bet"
    " (send {send})",
    "seat {seat} cannot bet: there is a bet to face, so it is a raise (send {send})",
    "seat {seat} cannot {verb}: its stack does not cover more than a call",
    "seat {seat} cannot {verb}: no opponent could call a raise (all are all-in"
    " or short)",
    "seat {seat} cannot {verb}: no full raise since it acted (a short all-in"
    " does not reopen)",
    "seat {seat} cannot {verb}: the betting is capped (a bet and three raises)",
    "seat {seat} cannot {verb}: it already acted and faces less than a full raise",
    "seat {seat} cannot {verb} to {amount}: the only size is {size}",
    "seat {seat} cannot {verb} to {amount}: the minimum is {least} (last raise {last})",
    "seat {seat} cannot {verb} to {amount}: the minimum is {least}",
    "seat {seat} cannot {verb} to {amount}: the maximum is {most}",
    "bet needs an integer amount (the street total), got {amount}",
    "raise needs an integer amount (the street total), got {amount}",
    "runs needs an integer amount (how many runs), got {amount}",
    "seat {seat} cannot run the board {runs} times: the house runs it 1 to"
    " {most} times",
    "seat {seat} cannot muck: it shows first (the last to bet or raise on the"
    " river, or with no river bet the first active seat left of the button), so"
    " it must show its whole hand",
    "seat {seat} cannot muck: it is the last hand that can win a pot of {pot};"
    " it must show",
    "seat {seat} cannot show or muck now: seat {turn} is next to show",
    "this room deals without the verifiable shuffle (holdem serve"
    " --verifiable-shuffle)",
    "entropy is a string of 1 to {most} characters, got {text}",
    "entropy takes printable characters only (no control characters)",
    "a seat adds at most {most} entropy strings to a hand",
    # chat
    "a chat message has 1 to {most} characters once stripped, got {count}",
    "a chat message has no control characters ({char}): one line of text",
    "spectators may not write in this table's chat: take a seat to chat",
    "chat is suspended while a player is all-in: write again when the hand is over",
    "you write too fast (at most {burst} messages per {window} s, one per"
    " {pace} s): wait {seconds} s",
    "log in to mute players here (the page mutes for you)",
    "no player {player}",
    "you cannot mute yourself",
    "you have muted {count} players, the most allowed ({limit}): unmute one first",
    "a message has at most {limit} characters",
    # tournaments
    "a tournament name has 1 to 40 characters, got {name}",
    "a tournament needs a name",
    "speed is one of {valid}, got {speed}",
    "seats is an integer {low}..{high}, got {value}",
    "buy_in is an integer {low}..{high}, got {value}",
    "fee is an integer {low}..{high}, got {value}",
    "bots is an integer {low}..{high}, got {value}",
    "bots is 0..{most}: a seat is kept for a person ({entries} entries)",
    "no tournament {tournament}",
    "tournament {tournament} was cancelled",
    "the wallet holds {balance} chips: the buy-in and fee are {buy_in} + {fee}"
    " = {price}",
    "registration is closed: {entries} entries of {most}, phase {phase}, late"
    " registration to level {level}",
    "{player} is already registered",
    "{player} was eliminated and this tournament has no re-entry",
    "the tournament has started: no unregistering",
    "{player} is not registered",
    # hand histories and downloads
    "you were not dealt into hand {hand}",
    "no finished hand {hand} you were dealt into",
    "no finished hands of yours at table {table} in the session of hand {session}",
    "no finished hands of yours at table {table}",
    "more than {count} hands in that selection: at most {most} a download;"
    " narrow the dates",
    "'to' ({until}) must be after 'from' ({since})",
    "no hands to export in that selection",
    "hand {hand} cannot be written as a hand history (dead blinds or jokers: PHH"
    " cannot hold them)",
    "'{what}' must be an ISO 8601 date or time (2024-05-01 or"
    " 2024-05-01T20:15:00+02:00), got {text}",
)
"""The English templates of the refusals a player can meet, without rule ids.

Each is a msgid of the catalogs (``holdem.server.i18n`` extracts them).
Messages are matched against the templates with the most literal text first,
so a general template ("no table {table}") never takes a specific one's
messages.
"""

_RULE_ID = r"R-[A-Z]+(?:-[A-Z0-9]+)*"
# " [R-NL-2]", " (R-BLIND-2)", " [R-TABLE-1, R-TABLE-4]"
_BRACKETED_RULES = re.compile(rf"\s*[\[(]\s*{_RULE_ID}(?:\s*,\s*{_RULE_ID})*\s*[\])]")
# "(how many runs, R-RIT-1)": a rule id at the end of other parentheses
_INLINE_RULE = re.compile(rf",\s*{_RULE_ID}(?=\))")
# the engine's "... Legal: fold, call 100" (the page offers only legal actions)
_LEGAL_TAIL = re.compile(r"\.?\s+Legal: .*$", re.DOTALL)
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True, slots=True)
class Refusal:
    """A refusal's message key and the values of its placeholders.

    Attributes:
        key: the template in ``REFUSALS`` (a catalog msgid).
        params: placeholder name -> its text in the English message.
    """

    key: str
    params: dict[str, str]


def _compile(template: str) -> re.Pattern[str]:
    parts: list[str] = []
    last = 0
    for match in _PLACEHOLDER.finditer(template):
        parts.append(re.escape(template[last : match.start()]))
        parts.append(f"(?P<{match.group(1)}>.*?)")
        last = match.end()
    parts.append(re.escape(template[last:]))
    return re.compile("".join(parts), re.DOTALL)


def _literal_length(template: str) -> int:
    return len(_PLACEHOLDER.sub("", template))


# the most literal text first: "no table was made: its {bots} bots ..." is
# tried before "no table {table}", which would match it too
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (template, _compile(template))
    for template in sorted(REFUSALS, key=_literal_length, reverse=True)
)


def player_text(message: str) -> str:
    """A refusal's English message without rule ids and the ``Legal:`` tail.

    >>> player_text("small blind 5 is above the big blind 2 (R-BLIND-2)")
    'small blind 5 is above the big blind 2'
    >>> player_text("seat 3 cannot check: it faces a bet of 4. Legal: fold,"
    ...             " call 4, raise to 8..200 [R-BET-1]")
    'seat 3 cannot check: it faces a bet of 4'
    >>> player_text("runs needs an integer amount (how many runs, R-RIT-1), got 'x'")
    "runs needs an integer amount (how many runs), got 'x'"
    """
    text = _LEGAL_TAIL.sub("", message)
    text = _BRACKETED_RULES.sub("", text)
    return _INLINE_RULE.sub("", text).strip()


def refusal_key(message: str) -> Refusal | None:
    """The message key of a refusal's English message, or ``None``.

    Args:
        message: the refusal's message (``str(error)``), rule ids and all.

    Returns:
        The template of ``REFUSALS`` with the most literal text that the
        message's ``player_text`` matches in full, with the text each
        placeholder matched; ``None`` when none matches.

    >>> found = refusal_key("small blind 5 is above the big blind 2 (R-BLIND-2)")
    >>> found.key
    'small blind {small_blind} is above the big blind {big_blind}'
    >>> found.params
    {'small_blind': '5', 'big_blind': '2'}
    >>> refusal_key("no such route: /api/nothing") is None
    True
    """
    text = player_text(message)
    for template, pattern in _PATTERNS:
        match = pattern.fullmatch(text)
        if match is not None:
            return Refusal(template, match.groupdict())
    return None

"""``holdem convert IN... --to phh|pokerstars [-o DIR]``: write hands in another format.

IN are ``.phh`` and ``.phhs`` files, or folders searched for them. Each input
file becomes one output file of the same name in DIR (``x.phhs`` ->
``x.phhs`` or ``x.txt``; a file found under a folder IN keeps its path below
IN), or, without ``-o``, is printed to stdout.

- ``--to phh``: PHH as holdem writes it (required fields first, one action a
  line); reading it back gives the same hands.
- ``--to pokerstars``: PokerStars-style text, each hand dealt again through
  the engine (``holdem.history.stars_writer``), as its hero saw it
  (R-HISTORY-1): by default the player whose history it is (PHH ``_hero``,
  the online room's ``Dealt to`` player: his own cards, ``Dealt to``, and
  the hands mucked at the showdown he saw), else ``--hero`` (a player name,
  or ``p1``, ``p2``... by PHH position); a hand with no hero, or
  ``--hero ''``, is written as an observer sees it (only the hands shown).
  Chips are written as the history says: as
  money when it has a ``currency`` (``$0.50``; ``_chip_unit`` chips per
  unit, 100 when absent), as units with no currency sign when it has only a
  ``_chip_unit`` (``0.50``), else as plain chips, PokerStars' play-money
  style (``Hold'em No Limit (200/400)``, ``(100000 in chips)``); ``--currency``
  and ``--chip-unit`` override the history only when given. A history with
  ``_tournament = true`` is written as a tournament hand (its
  ``_tournament_id``, else 0, and its ``level`` when it has one; no level is
  invented), as is every hand with ``--tournament N``. The start time is the
  history's (``time``, ``day``, ``month``, ``year``, ``time_zone``,
  ``time_zone_abbreviation``), written as PokerStars does (``22:24:02 WET
  [17:24:02 ET]``); a hand with none gets 1970/01/01 00:00:00 UTC (the Unix
  epoch: the text needs a date) and one line on stderr counts them.

Any other file (named, or under a folder) is read as an online room's text
history, in any format ``holdem replay`` reads (``holdem.history.online``):
each hand the engine deals as the site printed it becomes a PHH history
(``holdem.history.online.to_phh``: site, hand id, table, seats, button, time,
currency, ``_chip_unit`` 100 as money became cents, tournament number and
level, rake, and ``_hero``: whose history it is), and ``x.txt`` becomes
``x.phhs`` (``--to phh``) or ``x.txt`` (``--to pokerstars``, from those PHH
histories; tournament hands as tournaments, in the chips the room printed).
A hand that differs from the engine's deal, is not hold'em, is unreadable or
cannot be recorded in PHH is skipped with one line on stderr (``skipped FILE
hand ID: reason``), and so is a PHH file found in a folder that cannot be
read; the exit status is then 1. A last line on stderr counts the hands
written, the files written and the hands skipped (``3 hands written in 2
files, 1 skipped``). ``--currency`` takes the codes written with their sign
(USD, EUR, GBP; any case), the ones ``holdem replay`` reads back.

Every error (a missing path, a file in no known format or a PHH file that
cannot be read, named directly, a PHH hand that does not replay, an unknown
hero) prints one line without a
traceback and exits with status 2.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import click

from holdem.cli.options import HistoryPath
from holdem.errors import HistoryParseError, HoldemError, InvalidInputError
from holdem.history.batch import (
    SUFFIXES,
    find_history_files,
    plural,
    unreadable_file,
)
from holdem.history.model import HandHistory
from holdem.history.money import CURRENCIES, Money
from holdem.history.online.files import find_online_files
from holdem.history.online.to_phh import online_file_histories
from holdem.history.phh import load_each
from holdem.history.stars_seats import StarsHand
from holdem.history.stars_writer import NO_TIME, stars_text
from holdem.history.writer import dumps, dumps_all

__all__ = ["convert"]


@click.command()
@click.argument("inputs", nargs=-1, required=True, type=HistoryPath())
@click.option(
    "--to",
    "target",
    type=click.Choice(["phh", "pokerstars"]),
    required=True,
    help="Output format.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for the output files (made if missing); stdout if omitted.",
)
@click.option(
    "--hero",
    help="The player whose view is written: his hole cards and the hands mucked"
    " at the showdown (a name, or p1, p2... by PHH position). Default: each"
    " hand's own hero (PHH _hero, the room's 'Dealt to' player); '' writes an"
    " observer's view (pokerstars: only the hands shown; phh: no _hero).",
)
@click.option(
    "--currency",
    type=click.Choice(CURRENCIES, case_sensitive=False),
    metavar="[" + "|".join(CURRENCIES) + "]",
    help="pokerstars: currency of a cash game (the codes holdem replay reads"
    " back); by default the hand's PHH currency field, else none (plain chips).",
)
@click.option(
    "--chip-unit",
    type=click.IntRange(min=1),
    help="pokerstars: chips per currency unit (100: chips are cents); by default"
    " the hand's _chip_unit field, else 100 with a currency and 1 without.",
)
@click.option(
    "--tournament",
    type=click.IntRange(min=1),
    help="pokerstars: write tournament hands (plain chips) of this number.",
)
def convert(
    inputs: tuple[Path, ...],
    target: str,
    output: Path | None,
    hero: str | None,
    currency: str | None,
    chip_unit: int | None,
    tournament: int | None,
) -> None:
    """Convert PHH or online-room hand histories to PHH or PokerStars text."""
    skipped = written = files = 0
    try:
        phh_files, online_files = _input_files(inputs)
        Money(currency, chip_unit)  # refuses a bad chip unit before any work
        money = _Money(currency, chip_unit, tournament)
        number = 0
        taken: set[Path] = set()  # the files this run wrote
        for path in [*phh_files, *online_files]:
            if path in phh_files:
                try:
                    each = load_each(path)
                except (HoldemError, OSError) as error:
                    if path in inputs:
                        raise
                    # one bad file found in a folder: the others go on
                    click.echo(f"skipped {_file_error(path, error)}", err=True)
                    skipped += 1
                    continue
                read = tuple(h for _, h in each if isinstance(h, HandHistory))
                for _, bad in each:
                    if isinstance(bad, HistoryParseError):
                        click.echo(f"skipped {bad}", err=True)  # the others go on
                        skipped += 1
                if not read:
                    click.echo(f"{path}: no hand to convert", err=True)
                    continue
                text = _convert_file(path, read, target, hero, money, tournament)
                suffix = path.suffix if target == "phh" else ".txt"
                count = len(read)
            else:
                try:
                    histories, dropped = _online_histories(path, named=path in inputs)
                except OSError as error:
                    if path in inputs:
                        raise
                    click.echo(f"skipped {_file_error(path, error)}", err=True)
                    skipped += 1
                    continue
                skipped += dropped
                if not histories:
                    click.echo(f"{path}: no hand to convert", err=True)
                    continue
                text = _convert_histories(
                    path, histories, target, hero, money, tournament
                )
                suffix = ".phhs" if target == "phh" else ".txt"
                count = len(histories)
            written += count
            files += 1
            if output is None:
                click.echo(("\n\n" if number else "") + text, nl=False)
                number += 1
                continue
            destination = _unused(
                output / _relative(path, inputs).with_suffix(suffix), taken
            )
            destination.parent.mkdir(parents=True, exist_ok=True)
            destination.write_text(text, encoding="utf-8")
            click.echo(f"wrote {destination}", err=True)
    except BrokenPipeError:
        raise  # the reader stopped (``| head``): click ends quietly
    except (HoldemError, OSError) as error:
        click.echo(f"Error: {error}", err=True)
        raise SystemExit(2) from None
    if money.undated:
        click.echo(
            f"{money.undated} hand(s) have no start time: written as"
            f" {NO_TIME:%Y/%m/%d %H:%M:%S} UTC (the Unix epoch; the text needs a"
            " date)",
            err=True,
        )
    click.echo(
        f"{plural(written, 'hand')} written in {plural(files, 'file')},"
        f" {skipped} skipped",
        err=True,
    )
    if skipped:
        raise SystemExit(1)


def _file_error(path: Path, error: HoldemError | OSError) -> str:
    """A file skipped under a folder, in words: the file and why."""
    if isinstance(error, OSError):
        return f"{path}: {unreadable_file(path, error)}"
    return str(error)


def _unused(destination: Path, taken: set[Path]) -> Path:
    """``destination``, or ``NAME-2.EXT``, ``NAME-3.EXT``... if this run wrote it.

    Two inputs of the same name (``a/x.txt`` and ``b/x.txt`` given as files,
    or ``x`` and ``x.txt`` in one folder) would write the same file, the
    second overwriting the first; each gets a file of its own. Adds the
    path returned to ``taken``.
    """
    candidate, number = destination, 1
    while candidate.resolve() in taken:
        number += 1
        candidate = destination.with_name(
            f"{destination.stem}-{number}{destination.suffix}"
        )
    taken.add(candidate.resolve())
    return candidate


def _relative(path: Path, inputs: tuple[Path, ...]) -> Path:
    """``path`` under the folder given that holds it, else its name alone.

    Files found under a folder keep their sub-folders in DIR, so two files of
    the same name in different sub-folders do not overwrite each other.
    """
    resolved = path.resolve()
    for folder in inputs:
        if folder.is_dir() and resolved.is_relative_to(folder.resolve()):
            return resolved.relative_to(folder.resolve())
    return Path(path.name)


def _input_files(inputs: tuple[Path, ...]) -> tuple[list[Path], list[Path]]:
    """The PHH files and the online-room files to convert.

    Folders give both (online files as ``holdem replay`` finds them); a file
    named directly is PHH by its suffix, else online-room text.

    Raises:
        HoldemError: for a path that does not exist, or no file at all.
    """
    for path in inputs:
        if not path.exists():
            raise InvalidInputError(f"path {path} does not exist")
    online_named = [p for p in inputs if p.is_file() and p.suffix not in SUFFIXES]
    phh_paths = [p for p in inputs if p not in online_named]
    phh_files = find_history_files(phh_paths)
    folders = [p for p in phh_paths if p.is_dir()]
    online = find_online_files(folders)
    online += [p for p in online_named if p.resolve() not in online]
    if not phh_files and not online:
        named = ", ".join(str(p) for p in inputs)
        raise InvalidInputError(
            f"no .phh, .phhs or online-room history file found under {named}"
        )
    return phh_files, online


def _online_histories(path: Path, *, named: bool) -> tuple[list[HandHistory], int]:
    """The PHH histories of an online-room file, and how many hands were skipped.

    Each skipped hand gets one line on stderr with its reason.

    Raises:
        HoldemError: for a file named directly that is in no known format
            (under a folder it is skipped with a line instead).
    """
    try:
        conversions = online_file_histories(path)
    except InvalidInputError as error:
        if named:
            raise
        click.echo(f"skipped {error}", err=True)
        return [], 1
    histories = []
    for conversion in conversions:
        if conversion.history is None:
            click.echo(f"skipped {conversion.label}: {conversion.message}", err=True)
        else:
            histories.append(conversion.history)
    return histories, len(conversions) - len(histories)


class _Money:
    """How each hand is written: its ``Money`` and tournament number.

    From the options given, else from the history's own fields; also counts
    the hands written with no start time.
    """

    def __init__(
        self, currency: str | None, unit: int | None, tournament: int | None
    ) -> None:
        self.currency, self.unit, self.tournament = currency, unit, tournament
        self.undated = 0

    def of(self, history: HandHistory) -> Money:
        """The option's currency and unit, else the history's, else chips.

        A tournament (``--tournament`` or ``_tournament = true``) has no
        currency; a cash game's is ``--currency``, else its ``currency``
        field. The unit is ``--chip-unit``, else its ``_chip_unit`` field,
        else 100 with a currency (cents) and 1 without (plain chips).
        """
        fields = dict(history.metadata)
        is_tournament = self.tournament is not None or fields.get("_tournament") is True
        field = fields.get("currency")
        own = field if type(field) is str and field else None
        currency = None if is_tournament else self.currency or own
        unit_field = fields.get("_chip_unit")
        own_unit = unit_field if type(unit_field) is int and unit_field > 0 else None
        unit = self.unit or own_unit
        try:
            return Money(currency, unit)
        except InvalidInputError as error:
            raise InvalidInputError(f"field _chip_unit: {error}") from None

    def tournament_of(self, history: HandHistory) -> int | None:
        """``--tournament``, else a PHH tournament's number (0 if unknown)."""
        if self.tournament is not None:
            return self.tournament
        fields = dict(history.metadata)
        if fields.get("_tournament") is not True:
            return None
        number = fields.get("_tournament_id")
        return number if type(number) is int and number >= 0 else 0


def _convert_file(
    path: Path,
    histories: tuple[HandHistory, ...],
    target: str,
    hero: str | None,
    money: _Money,
    tournament: int | None,
) -> str:
    if target == "phh" and path.suffix != ".phhs":
        _check_hero(path, histories, hero)
        return "".join(dumps(_with_hero(h, hero)) for h in histories)
    return _convert_histories(path, histories, target, hero, money, tournament)


def _convert_histories(
    path: Path,
    histories: tuple[HandHistory, ...] | list[HandHistory],
    target: str,
    hero: str | None,
    money: _Money,
    tournament: int | None,
) -> str:
    _check_hero(path, histories, hero)
    if target == "phh":
        return dumps_all([_with_hero(h, hero) for h in histories])
    texts = []
    for index, history in enumerate(histories, 1):
        label = history.hand if history.hand is not None else index
        try:
            hand = StarsHand.from_history(history, index=index)
            viewer = _viewer(hand, hero)
            if hand.time is None:
                money.undated += 1
            texts.append(
                stars_text(
                    hand,
                    viewer,
                    money=money.of(history),
                    tournament=money.tournament_of(history),
                )
            )
        except HoldemError as error:
            raise InvalidInputError(f"{path} hand {label}: {error}") from None
    return "\n\n".join(texts)


def _check_hero(
    path: Path,
    histories: tuple[HandHistory, ...] | list[HandHistory],
    hero: str | None,
) -> None:
    """Refuse a ``--hero`` who plays in none of the file's hands.

    Raises:
        InvalidInputError: for a name (or ``pN`` position) no hand has.
    """
    if not hero:  # the default (each hand's own hero) or an observer
        return
    names = {name for h in histories for name in h.players or ()}
    most = max((h.seats for h in histories), default=0)  # with or without names
    in_range = _is_position(hero) and 1 <= int(hero[1:]) <= most
    if hero not in names and not in_range:
        raise InvalidInputError(
            f"{path}: no player {hero!r} in its hands; --hero takes a player"
            " name or p1, p2... (a PHH position), or '' for an observer"
        )


def _with_hero(history: HandHistory, hero: str | None) -> HandHistory:
    """``history`` with ``_hero`` set to the ``--hero`` given.

    ``None`` (no option) keeps the history's own; ``''`` removes it (an
    observer's history); a name or ``pN`` names that player, or nobody in a
    hand he was not dealt into. A history without ``players`` keeps ``pN``
    itself (``StarsHand.from_history`` reads it as that position).
    """
    if hero is None:
        return history
    players = history.players or ()
    name = hero if hero in players else None
    if name is None and _is_position(hero) and 1 <= int(hero[1:]) <= history.seats:
        name = players[int(hero[1:]) - 1] if players else hero
    fields = [(k, v) for k, v in history.metadata if k != "_hero"]
    if name is not None:
        fields.append(("_hero", name))
    if tuple(fields) == history.metadata:
        return history
    return dataclasses.replace(history, metadata=tuple(fields))


def _viewer(hand: StarsHand, hero: str | None) -> int | None:
    """The hero's table seat: by name, or ``pN`` by PHH position.

    With no ``--hero`` (``None``) it is the hand's own hero (PHH
    ``_hero``); ``''`` or a hero not dealt into the hand sees it as an
    observer (R-HISTORY-1).
    """
    if hero is None:
        hero = hand.hero
    if not hero:
        return None
    if hero in hand.players:
        return hand.seats[hand.players.index(hero)]
    if _is_position(hero):
        position = int(hero[1:])
        if 1 <= position <= len(hand.seats):
            return hand.seats[position - 1]
    return None


def _is_position(hero: str) -> bool:
    return hero.startswith("p") and hero[1:].isdigit()

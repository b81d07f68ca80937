"""The room's languages: gettext catalogs through Babel, and hand descriptions.

The catalogs live in ``holdem/locale/<lang>/LC_MESSAGES/messages.po`` (the
template is ``holdem/locale/messages.pot``). They are compiled in memory when
the web page is installed, so no binary ``.mo`` file is kept in the tree.

Hand descriptions are built from a hand's category and ranks, never by
translating the English sentence: each category has one template
(``pgettext("hand", ...)``) and each rank one form per grammatical slot
(``pgettext("rank ...", ...)``), because Finnish and Polish inflect the rank
names differently after "a pair of", "from", "to" and "full of".

Refresh the template and the catalogs after changing a user-visible string::

    python -m holdem.server.i18n
"""

from __future__ import annotations

import datetime
import io
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.support import Translations

from holdem.eval import HandCategory, HandValue
from holdem.server.refusal_text import REFUSALS

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LOCALE_DIR",
    "Catalogs",
    "describe",
    "extract_messages",
    "negotiate",
]

LANGUAGES: tuple[str, ...] = ("en", "fi", "sv", "de", "pl")
"""The room's languages: English and the seeds' four (issue 10, item 4)."""
DEFAULT_LANGUAGE = "en"
_NAMES = {
    "en": "English",
    "fi": "Finnish",
    "sv": "Swedish",
    "de": "German",
    "pl": "Polish",
}
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
_STATIC = Path(__file__).resolve().parent / "static"
# Fixed, so that refreshing the catalogs changes only what changed.
_DATE = datetime.datetime(2026, 11, 30, tzinfo=datetime.UTC)
_AUTHORS = "the holdem developers"
_HTML_TEXT = re.compile(r"data-i18n(?:-\w+)?>([^<]+)<")
_HTML_ATTR = re.compile(r'data-i18n-(?:placeholder|title|label)="([^"]+)"')


_SINGULAR = (
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
)
_PLURAL = (
    "Twos",
    "Threes",
    "Fours",
    "Fives",
    "Sixes",
    "Sevens",
    "Eights",
    "Nines",
    "Tens",
    "Jacks",
    "Queens",
    "Kings",
    "Aces",
)
_RANK_NAMES: dict[str, tuple[str, ...]] = {
    # context -> English forms, rank 2 first. The context names the slot.
    "rank": _SINGULAR,  # "high card King", "a flush, King high"
    "ranks": _PLURAL,  # "two pair, Kings and Fours", "Kings full of"
    "ranks of": _PLURAL,  # "a pair of Kings", "four of a kind, Kings"
    "rank from": _SINGULAR,  # "a straight, Nine to ..."
    "rank to": _SINGULAR,  # "... to King"
    "ranks full of": _PLURAL,  # "a full house, Kings full of Fours"
}


def _template(category: HandCategory, royal: bool) -> str:
    """The English template of a category; ``pgettext("hand", ...)`` msgids."""
    if royal:
        return "a Royal Flush"
    return {
        HandCategory.HIGH_CARD: "high card {rank}",
        HandCategory.ONE_PAIR: "a pair of {ranks_of}",
        HandCategory.TWO_PAIR: "two pair, {high} and {low}",
        HandCategory.THREE_OF_A_KIND: "three of a kind, {ranks_of}",
        HandCategory.STRAIGHT: "a straight, {low} to {high}",
        HandCategory.FLUSH: "a flush, {rank} high",
        HandCategory.FULL_HOUSE: "a full house, {ranks} full of {over}",
        HandCategory.FOUR_OF_A_KIND: "four of a kind, {ranks_of}",
        HandCategory.STRAIGHT_FLUSH: "a straight flush, {low} to {high}",
        HandCategory.FIVE_OF_A_KIND: "five of a kind, {ranks_of}",
    }[category]


def _hand_msgids() -> Iterable[tuple[str, str]]:
    """Every (context, msgid) pair a hand description may ask for."""
    for category in HandCategory:
        yield "hand", _template(category, royal=False)
    yield "hand", _template(HandCategory.STRAIGHT_FLUSH, royal=True)
    for context, names in _RANK_NAMES.items():
        for name in names:
            yield context, name


def describe(value: HandValue, translations: Translations | None = None) -> str:
    """Describe a hand in the catalog's language, from its category and ranks.

    Args:
        value: the hand's value (``holdem.eval.evaluate``).
        translations: a language's catalog; ``None`` for English.

    Returns:
        The description, e.g. ``"two pair, Kings and Fours"`` in English or
        ``"zwei Paare, Könige und Vieren"`` in German.

    >>> from holdem.eval import evaluate
    >>> from holdem.cards import parse_cards
    >>> describe(evaluate(parse_cards("Kh4c9dKs4d2c3c")))
    'two pair, Kings and Fours'
    """
    t = translations if translations is not None else Translations()
    ranks = value.ranks
    category = value.category

    def form(context: str, rank: int) -> str:
        return str(t.pgettext(context, _RANK_NAMES[context][rank - 2]))

    slots: dict[str, str] = {}
    royal = False
    if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        top = ranks[0]
        royal = category == HandCategory.STRAIGHT_FLUSH and top == 14
        low = 14 if top == 5 else top - 4  # the wheel runs Ace to Five (R-HAND-3)
        slots = {"low": form("rank from", low), "high": form("rank to", top)}
    elif category == HandCategory.TWO_PAIR:
        slots = {"high": form("ranks", ranks[0]), "low": form("ranks", ranks[1])}
    elif category == HandCategory.FULL_HOUSE:
        slots = {
            "ranks": form("ranks", ranks[0]),
            "over": form("ranks full of", ranks[1]),
        }
    elif category in (HandCategory.HIGH_CARD, HandCategory.FLUSH):
        slots = {"rank": form("rank", ranks[0])}
    else:
        slots = {"ranks_of": form("ranks of", ranks[0])}
    return str(t.pgettext("hand", _template(category, royal))).format(**slots)


def negotiate(accept_language: str | None, chosen: str | None = None) -> str:
    """The page's language: the one chosen on the page, else the browser's.

    Args:
        accept_language: the request's ``Accept-Language`` header, if any.
        chosen: the language the switch remembered (a cookie), if any.

    Returns:
        One of ``LANGUAGES``; English when nothing matches.

    >>> negotiate("sv-SE,sv;q=0.9,en;q=0.5")
    'sv'
    >>> negotiate("fr-FR, de;q=0.4", chosen="xx")
    'de'
    >>> negotiate(None, chosen="pl")
    'pl'
    """
    if chosen in LANGUAGES:
        return str(chosen)
    wanted: list[tuple[float, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag:
            wanted.append((-quality + index * 1e-6, tag.replace("_", "-")))
    preferred = [tag for _, tag in sorted(wanted)]
    found = Locale.negotiate(preferred, list(LANGUAGES), sep="-")
    return str(found) if found is not None else DEFAULT_LANGUAGE


@dataclass(frozen=True, slots=True)
class Catalogs:
    """Every language's compiled catalog, loaded once when the page is installed.

    Attributes:
        translations: language code -> its gettext translations.
        messages: language code -> the page's strings, msgid -> translation
            (the English text where a translation is missing).
    """

    translations: Mapping[str, Translations]
    messages: Mapping[str, Mapping[str, str]]

    @classmethod
    def load(cls, locale_dir: Path = LOCALE_DIR) -> Catalogs:
        """Read and compile the ``.po`` file of every language in ``LANGUAGES``."""
        translations: dict[str, Translations] = {}
        messages: dict[str, dict[str, str]] = {}
        for lang in LANGUAGES:
            path = locale_dir / lang / "LC_MESSAGES" / "messages.po"
            with path.open("rb") as po:
                catalog = read_po(po, locale=lang)
            compiled = io.BytesIO()
            write_mo(compiled, catalog)
            compiled.seek(0)
            translations[lang] = Translations(compiled, domain="messages")
            messages[lang] = {
                str(m.id): str(m.string or m.id)
                for m in catalog
                if m.id and m.context is None and isinstance(m.id, str)
            }
        return cls(translations, messages)


def extract_messages(static_dir: Path = _STATIC) -> Catalog:
    """The message template: the page's strings, hand descriptions, refusals.

    The page's strings are ``t("...")`` calls in ``app.js`` (Babel's JavaScript
    extractor) and ``data-i18n`` texts and attributes in ``index.html``; the
    refusals are the message keys of ``refusal_text.REFUSALS``, shown by the
    page with the values the room sends (``error.key``, ``error.params``).
    """
    template = _headed(Catalog(domain="messages"))
    for lineno, message, _comments, context in extract_from_file(
        "javascript", str(static_dir / "app.js"), keywords={"t": None}
    ):
        if isinstance(message, str):
            template.add(message, locations=[("app.js", lineno)], context=context)
    html = (static_dir / "index.html").read_text(encoding="utf-8")
    for pattern in (_HTML_TEXT, _HTML_ATTR):
        for match in pattern.finditer(html):
            lineno = html.count("\n", 0, match.start()) + 1
            template.add(match.group(1).strip(), locations=[("index.html", lineno)])
    for context, msgid in _hand_msgids():
        template.add(msgid, context=context, locations=[("i18n.py", 0)])
    for msgid in REFUSALS:
        template.add(msgid, locations=[("refusal_text.py", 0)])
    return template


def _headed(catalog: Catalog) -> Catalog:
    """Set the header fields a catalog of this project carries."""
    catalog.project = "holdem"
    catalog.version = "0.1"
    catalog.copyright_holder = _AUTHORS
    catalog.msgid_bugs_address = ""
    catalog.creation_date = _DATE
    catalog.revision_date = _DATE
    catalog.last_translator = _AUTHORS
    catalog.fuzzy = False
    return catalog


def _update(locale_dir: Path = LOCALE_DIR) -> None:
    """Write ``messages.pot`` and merge it into every language's ``.po``."""
    template = extract_messages()
    with (locale_dir / "messages.pot").open("wb") as pot:
        write_po(pot, template, sort_output=False, include_lineno=False)
    for lang in LANGUAGES:
        path = locale_dir / lang / "LC_MESSAGES" / "messages.po"
        if path.exists():
            with path.open("rb") as po:
                catalog = read_po(po, locale=lang)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=lang, domain="messages")
        catalog.update(template, no_fuzzy_matching=True)
        _headed(catalog)
        catalog.language_team = _NAMES[lang]
        with path.open("wb") as po:
            write_po(po, catalog, ignore_obsolete=True, width=88, include_lineno=False)


if __name__ == "__main__":
    _update()

"""Message catalogues: every player-facing sentence, looked up by key, in four languages.

The catalogues are gettext PO files, the format translators' tools (Poedit, Weblate, Pontoon)
read, kept as ``locale/<lang>/LC_MESSAGES/<domain>.po`` beside this file. They are monolingual:
a message's ``msgid`` is its key (``not_your_turn``) and English, the reference, is a catalogue
like the others. A counted noun is one plural entry (``msgid "n_cards"`` / ``msgid_plural``) with a
form per CLDR category, picked by the catalogue's ``Plural-Forms`` (Arabic has six). Texts are
Python format strings (``python-brace-format``): ``{name}`` is filled in.

The engines stay standard-library only: a refusal is a ``bot.games.base.Reason`` (a key and its
parameters) and ``say`` words it here.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from babel.lists import format_list
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, get_minus_sign_symbol, get_plus_sign_symbol

from bot.games.base import Count, Reason

LOCALE_DIR = Path(__file__).with_name("locale")
ENGLISH = "en"
# Our languages, in the order menus offer them, by their own names.
LANGUAGES: dict[str, str] = {"en": "English", "ar": "العربية", "hi": "हिन्दी", "nl": "Nederlands"}
RIGHT_TO_LEFT = frozenset({"ar"})
LRM = "\u200e"  # LEFT-TO-RIGHT MARK
# What reads left to right inside any line: a card with its suit sign ("8♣", "10♥", the joker
# "🃏", or "JK" as a hand and a move write it), a row of them ("5♣ 6♣ JK 7♣"), a signed number
# ("-30", "+2"). In a right-to-left line the digit turns Arabic and the sign or suit, a neutral,
# takes the line's direction: "8♣" shows as "♣8", "5♣ 6♣ 7♣" as "♣7 ♣6 ♣5", "-30" as "30-".
# Discord text has no isolation of its own.
_CARD = r"(?:10|[2-9AJQK])[♠♥♦♣]|JK|🃏"
_LEFT_TO_RIGHT = re.compile(rf"(?:{_CARD})(?: +(?:{_CARD}))*|[+\-−]\d+(?:[.,]\d+)?")


@dataclass(frozen=True)
class Catalogue:
    """One language's messages: a key's text, or its plural forms and the rule choosing one."""

    lang: str
    texts: Mapping[str, str]
    plurals: Mapping[str, tuple[str, ...]]
    plural_rule: Callable[[int], int]
    plural_expr: str


def _read(lang: str) -> Catalogue:
    texts: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    expr = "(n != 1)"
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    for path in sorted(folder.glob("*.po")):
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang)
        expr = catalog.plural_expr
        for message in catalog:
            if not message.id:
                continue  # the header
            # Babel types a message loosely (an id or string may be text or a list of forms):
            # a plural's id and string are both lists of forms, a single's both text.
            if message.pluralizable:
                key = message.id[0]
                plurals[key] = tuple(message.string or ())
            elif isinstance(message.id, str) and isinstance(message.string, str) and message.string:
                texts[message.id] = message.string
    return Catalogue(lang, texts, plurals, gettext.c2py(expr), expr)


@cache
def catalogue(lang: str) -> Catalogue:
    """``lang``'s catalogue, read once; an unknown language gets English's."""
    return _read(lang if lang in LANGUAGES else ENGLISH)


def language(lang: str | None) -> str:
    """``lang`` if it is one of ours, else English."""
    return lang if lang in LANGUAGES else ENGLISH


def is_rtl(lang: str) -> bool:
    return lang in RIGHT_TO_LEFT


# Languages that write a score's minus as the minus sign «−» (U+2212), not CLDR's hyphen.
_MINUS_SIGN = frozenset({"ar", "nl"})


def number(value: float, lang: str = ENGLISH, /, sign: bool = False) -> str:
    """A score or worth as ``lang`` writes it, by CLDR through Babel: 7.5 in English, 7,5 in
    Dutch, whole numbers without a decimal (5, not 5.0) and no grouping (1500, as score sheets
    and the rules write it). Digits stay Western in every language (the glossary's rule).

    The sign is CLDR's too. Arabic's is a left-to-right mark and the sign (U+200E ``-``): in a
    right-to-left line a bare "-30" shows as "30-", the mark keeps the sign before the digits.
    Babel's pattern writes a plain "-" whatever the language, so the sign is put back here.
    In Arabic the sign itself is the minus sign «−» (U+2212) that the pictures and the rules
    page write, so a total reads the same in the terminal, in a message and on a picture.
    Dutch writes the minus sign too (the glossary: "−30, never a hyphen").

    >>> number(7.5, "nl"), number(-30.0, "ar"), number(-2, "nl"), number(2.5, "nl", sign=True)
    ('7,5', '\u200e−30', '−2', '+2,5')
    """
    lang = language(lang)
    text = format_decimal(abs(value), format="0.##", locale=lang)
    if value < 0 and text.strip("0.,"):  # -0.001 reads 0, with no sign
        minus = get_minus_sign_symbol(lang)
        return (minus.replace("-", "−") if lang in _MINUS_SIGN else minus) + text
    return get_plus_sign_symbol(lang) + text if sign and value > 0 else text


def names_list(items: Iterable[str], lang: str = ENGLISH, /) -> str:
    """Names (or anything counted off) joined as ``lang`` joins them, by CLDR through Babel:
    "Sara, Noor and Ali", "Sara, Noor en Ali", «سارة ونورة وعلي»; one name alone, nothing for
    none. Arabic's «و» joins the next word, so before a name in Latin letters it takes a space
    («سارة و Noor») rather than sticking to a word of another script; before a number it joins
    as before an Arabic word («11 ورقة و11 ورقة»).

    >>> names_list(["Sara", "Noor", "Ali"]), names_list(["Sara", "Noor"], "nl")
    ('Sara, Noor, and Ali', 'Sara en Noor')
    """
    items = [str(item) for item in items]
    if len(items) < 2:
        return "".join(items)
    lang = language(lang)
    if lang == "ar":
        items = items[:1] + [f" {x}" if _latin_start(x) else x for x in items[1:]]
    return format_list(items, locale=lang)


def _latin_start(text: str) -> bool:
    """Whether ``text`` starts with a Latin letter or sign, which Arabic's «و» does not join
    (a digit it joins: «و11»)."""
    return text[:1].isascii() and not text[:1].isdigit()


def comma(lang: str = ENGLISH, /) -> str:
    """What ``lang`` puts between the items of a list with no "and": ", ", Arabic «، »."""
    return t("console.list_sep", lang)


def listed(items: Iterable[str], lang: str = ENGLISH, /) -> str:
    """Items one after another with ``lang``'s separator and no "and" («سارة 12، نورة -30»,
    "Sara 12, Noor -30"): a list of scores, where each item says its own thing."""
    return comma(lang).join(str(item) for item in items)


def left_to_right(text: str, lang: str = ENGLISH, /) -> str:
    """``text`` kept in its order inside ``lang``'s line: in a right-to-left language a card, a
    row of cards or a signed number goes between left-to-right marks (``"\u200e8♣\u200e"``), so
    it reads as the pictures write it; anything else, and every other language, is untouched.

    >>> left_to_right("5♣ 6♣ 7♣", "ar"), left_to_right("5♣ 6♣ 7♣", "nl"), left_to_right("Sara", "ar")
    ('\u200e5♣ 6♣ 7♣\u200e', '5♣ 6♣ 7♣', 'Sara')
    """
    if is_rtl(lang) and _LEFT_TO_RIGHT.fullmatch(text):
        return f"{LRM}{text}{LRM}"
    return text


def _words(value: Any, lang: str) -> Any:
    if isinstance(value, str):
        return left_to_right(value, lang)  # a card or a row of them, from Card.pretty
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return number(value, lang)  # a score below zero: "-30", Arabic «\u200e−30», not "30-"
    if isinstance(value, Reason):
        return say(value, lang)
    if isinstance(value, Count):
        return t_n(value.key, value.n, lang)
    if isinstance(value, float):
        return number(value, lang)  # every decimal a sentence carries, in the language's form
    return value


def t(key: str, lang: str = ENGLISH, /, **params: Any) -> str:
    """The sentence ``key`` in ``lang`` (English's when the language lacks it), with ``params``
    filled in; a ``Reason`` or ``Count`` among them is worded in ``lang`` too. A sentence that
    is a plural entry takes its count as ``n``."""
    text = catalogue(lang).texts.get(key) or catalogue(ENGLISH).texts.get(key)
    if text is None and "n" in params and key in catalogue(ENGLISH).plurals:
        # A sentence that reads otherwise for one card than for several ("it is your last
        # card", "they are your last cards") is a plural entry: its ``n`` picks the form.
        return t_n(key, params["n"], lang, **{k: v for k, v in params.items() if k != "n"})
    if text is None and key.endswith(".inline"):
        # A sentence that starts with a name or a card reads the same after a colon: one key.
        text = catalogue(lang).texts.get(key[:-7]) or catalogue(ENGLISH).texts[key[:-7]]
    elif text is None:
        raise KeyError(key)
    if not params:
        return text
    return text.format(**{k: _words(v, lang) for k, v in params.items()})


def t_n(key: str, n: float, lang: str = ENGLISH, /, **params: Any) -> str:
    """The words for a count: the plural form of ``key`` that ``lang``'s rule picks for ``n``,
    with ``{n}`` and ``params`` filled in.

    >>> t_n("n_cards", 1), t_n("n_cards", 0), t_n("n_cards", 14)
    ('1 card', '0 cards', '14 cards')
    """
    cat = catalogue(lang)
    forms = cat.plurals.get(key)
    if not forms:
        cat = catalogue(ENGLISH)
        forms = cat.plurals[key]
    if not float(n).is_integer():
        # A fraction (Mor's 2.5 points) takes the last form, CLDR's "other" in every catalogue
        # ("2.5 points", «2.5 نقطة»), written as the language writes decimals ("2,5").
        shown = number(n, lang)
        return forms[-1].format(n=shown, **{k: _words(v, lang) for k, v in params.items()})
    form = forms[min(cat.plural_rule(int(n)), len(forms) - 1)]
    return form.format(n=n, **{k: _words(v, lang) for k, v in params.items()})


def say(reason: Reason | BaseException | str, lang: str = ENGLISH) -> str:
    """A refusal in ``lang``: the engine's ``Reason`` worded from the catalogue. An error that
    carries a reason (``IllegalMove``, ``CardError``, ``BadMove``) is worded by its reason."""
    if isinstance(reason, BaseException):
        reason = getattr(reason, "reason", None) or str(reason)
    if isinstance(reason, str):
        return reason
    return t(reason.key, lang, **reason.params)


def has(key: str, lang: str = ENGLISH) -> bool:
    """Whether ``lang``'s catalogue words ``key`` (a text or a plural)."""
    cat = catalogue(lang)
    return key in cat.texts or key in cat.plurals


def pick_language(
    member: str | None = None, locale: str | None = None, server: str | None = None
) -> str:
    """The language to answer a member in: their /preferences, else their Discord client's
    locale where it is one of ours (``nl``, ``hi``, ``en-GB`` …), else the server's /settings,
    else English. Discord has no Arabic client, so Arabic comes from the settings."""
    for choice in (member, (locale or "").split("-")[0].lower() or None, server):
        if choice in LANGUAGES:
            return choice
    return ENGLISH

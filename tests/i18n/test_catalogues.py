"""The catalogues: every key English has is in every language, with the same placeholders and a
form for each of the language's CLDR plural categories; every key the code names exists."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.pofile import read_po
from babel.plural import to_gettext

from bot.i18n import ENGLISH, LANGUAGES, LOCALE_DIR, catalogue, t_n

ROOT = Path(__file__).resolve().parents[2]
OTHERS = [lang for lang in LANGUAGES if lang != ENGLISH]


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def domains(lang: str) -> set[str]:
    return {p.name for p in (LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")}


# Where a catalogue's rule departs from CLDR's, on purpose. CLDR's Hindi "one" is "i = 0 or
# n = 1", for fractions (0.5) as much as for 0; a count of whole cards reads "0 पत्ते", plural,
# as the native read asked, so Hindi's catalogues take "one" for 1 alone.
OWN_RULES = {"hi": "nplurals=2; plural=(n != 1);"}


def cldr_category(lang: str, n: int) -> str:
    """The plural category the catalogues use for the whole number ``n`` in ``lang``."""
    if lang in OWN_RULES:
        return "one" if n == 1 else "other"
    return Locale(lang).plural_form(n)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_header_plural_rule_is_cldrs(lang: str) -> None:
    expected = OWN_RULES.get(lang) or to_gettext(Locale(lang).plural_form)
    for name in domains(ENGLISH):
        with (LOCALE_DIR / lang / "LC_MESSAGES" / name).open("rb") as f:
            catalog = read_po(f, locale=lang)
        header = dict(catalog.mime_headers)["Plural-Forms"]
        assert header == expected, (lang, name)


@pytest.mark.parametrize("lang", OTHERS)
def test_every_key_in_every_language_with_the_same_placeholders(lang: str) -> None:
    assert domains(lang) == domains(ENGLISH)
    english, other = catalogue(ENGLISH), catalogue(lang)
    assert set(other.texts) == set(english.texts), "missing or extra texts"
    assert set(other.plurals) == set(english.plurals), "missing or extra plurals"
    wrong = {
        key: (placeholders(text), placeholders(other.texts[key]))
        for key, text in english.texts.items()
        if placeholders(text) != placeholders(other.texts[key])
    }
    assert wrong == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plurals_have_a_form_for_each_cldr_category(lang: str) -> None:
    cat = catalogue(lang)
    rule = Locale(lang).plural_form
    categories = [c for c in ("zero", "one", "two", "few", "many", "other") if c in rule.tags]
    if "other" not in categories:
        categories.append("other")
    english = catalogue(ENGLISH).plurals
    for key, forms in cat.plurals.items():
        assert len(forms) == len(categories), (key, forms)
        assert all(forms), (key, forms)
        wanted = placeholders(english[key][-1])
        for form in forms:
            assert placeholders(form) <= wanted | {"n"}, (key, form)
    # The catalogue's rule picks the form CLDR names, for every count a table shows.
    for n in range(0, 250):
        assert categories[cat.plural_rule(n)] == cldr_category(lang, n), (lang, n)


def test_no_cards_in_hindi_are_plural() -> None:
    assert [t_n("n_cards", n, "hi") for n in (0, 1, 2)] == ["0 पत्ते", "1 पत्ता", "2 पत्ते"]


def test_arabic_has_six_forms() -> None:
    words = {t_n("n_cards", n, "ar") for n in (0, 1, 2, 3, 11, 100)}
    assert len(words) == 6


# A key the code names as the first argument of a wording call; a Refusal's key is worded only
# when no reason comes with it (its second argument would be the engine's Reason).
KEY_CALL = re.compile(
    r"""\b(?:t|t_n|because|Count|has)\(\s*["']([a-z][\w.]*)["']"""
    r"""|\bRefusal\(\s*["']([a-z][\w.]*)["']\s*(?:\)|,\s*\w+=)"""
)


def test_every_key_the_code_names_is_in_english() -> None:
    english = catalogue(ENGLISH)
    known = set(english.texts) | set(english.plurals)
    named: dict[str, str] = {}
    for folder in ("bot", "cogs", "render"):
        for path in (ROOT / folder).rglob("*.py"):
            for found in KEY_CALL.findall(path.read_text(encoding="utf-8")):
                named.setdefault(found[0] or found[1], str(path.relative_to(ROOT)))
    missing = {key: where for key, where in named.items() if key not in known}
    assert missing == {}


@pytest.mark.parametrize("path", sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")), ids=str)
def test_each_entry_has_one_translation(path: Path) -> None:
    """A merge of two edits to one entry can leave two ``msgstr`` lines under one ``msgid``; the
    reader keeps one without a word and the other change is lost (it happened twice)."""
    doubled = []
    translated = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("msgid "):
            translated = False
        elif line.startswith("msgstr "):
            if translated:
                doubled.append(number)
            translated = True
    assert not doubled, f"{path}: a second msgstr at lines {doubled}"

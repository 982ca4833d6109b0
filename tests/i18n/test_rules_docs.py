"""The players' rules in every language (docs/rules.<lang>.md): the same four sections as the
English reference, paragraph for paragraph, with the same numbers (each in its language's own
decimal form) and card notation, each game named as the glossary names it, none of the words the
glossary rejects, and every /rules page within one Discord message."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
from babel import Locale
from babel.numbers import get_decimal_symbol

from bot.client.limits import MESSAGE as MESSAGE_LIMIT
from bot.i18n import ENGLISH, LANGUAGES, catalogue, t
from bot.i18n.check import grammar_slips
from bot.learning.lessons import GAMES
from bot.learning.rules import (
    DOCS,
    LIST_ITEM,
    MARKER,
    RULES_FILE,
    game_rules,
    pages,
    reflow,
    rules_file,
    sections,
)
from cogs.help import RULES_PAGE

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
GLOSSARY = Path(__file__).resolve().parents[2] / "bot" / "i18n" / "GLOSSARY.md"
# The glossary rows naming each game.
GAME_ROWS = {
    "mor": "Mor (the game)",
    "more3": "More (three-player)",
    "hand": "Hand (the game)",
    "runfast": "Run Fast",
}
CODE = re.compile(r"`[^`]+`")
BOLD = re.compile(r"\*\*[^*]+\*\*")


def blocks(text: str) -> list[str]:
    """A reflowed text's paragraphs and list items, one a line."""
    return [line.strip() for line in text.split("\n") if line.strip()]


def kind(block: str) -> str:
    return "item" if LIST_ITEM.match(block) else "paragraph"


def introduction(path: Path) -> str:
    """The text before the first game's section (the title, notation and seats)."""
    return reflow(path.read_text(encoding="utf-8").split("\n## ", 1)[0])


def game_names(lang: str) -> dict[str, str]:
    """Each game's name in ``lang`` from the glossary's table (English, Arabic, Hindi, Dutch)."""
    column = list(LANGUAGES).index(lang)
    rows = {}
    for line in GLOSSARY.read_text(encoding="utf-8").split("\n"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4:
            rows[cells[0]] = cells[column]
    return {game: rows[row] for game, row in GAME_ROWS.items()}


def glossary_row(english: str) -> dict[str, str]:
    """One row of the glossary's table by its English cell: each language's cell."""
    for line in GLOSSARY.read_text(encoding="utf-8").split("\n"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] == english:
            return dict(zip(LANGUAGES, cells, strict=True))
    raise AssertionError(f"the glossary has no row {english!r}")


def decimal_points(lang: str) -> set[str]:
    """The decimal signs ``lang`` writes, by CLDR through Babel: its default and its native
    numbering systems' (English ".", Dutch ",", Arabic "." or "٫")."""
    systems = {"default", *Locale.parse(lang).other_numbering_systems.values()}
    return {get_decimal_symbol(lang, numbering_system=system) for system in systems}


# Cards the glossary names in words ("3 of hearts": hartendrie, पान की तिग्गी, ثلاثة الكبة) count as
# the number English writes for them, so a page may name them as its players do.
NAMED_CARDS = {"3": 0, "2": 1}  # their order in the glossary's row "3 of hearts, 2 of spades"
# Ranks and counts a page names in words where English writes the digit: Dutch "een set van
# drieën", Arabic «نقطة واحدة» ("1 point": a bare 1 reads oddly in Arabic prose) and the dual
# «زوجان» ("2 or more pairs": a bare 2 beside «بلا 2» reads as the card).
RANK_WORDS = {"nl": {"drieën": "3"}, "ar": {"نقطة واحدة": "1", "زوجان": "2"}}


def numbers(text: str, lang: str) -> Counter[str]:
    """The numbers in ``text`` as English writes them (7.5), read in ``lang``'s own decimal form;
    a number written with another language's decimal sign (7.5 in Dutch) is an error."""
    names = re.split(r"[,،]\s*", glossary_row("3 of hearts, 2 of spades")[lang])
    for digit, at in NAMED_CARDS.items():
        if lang != ENGLISH:
            text = re.sub(re.escape(names[at]), f" {digit} ", text, flags=re.IGNORECASE)
    for word, digit in RANK_WORDS.get(lang, {}).items():
        text = re.sub(rf"\b{word}\b", f" {digit} ", text, flags=re.IGNORECASE)
    points = decimal_points(lang)
    point = "|".join(re.escape(p) for p in sorted(points))
    found = re.findall(rf"\d+(?:(?:{point})\d+)?", text)
    wrong = re.findall(r"\d+[.,٫]\d+", re.sub(rf"\d+(?:{point})\d+", "", text))
    assert not wrong, f"{lang} writes decimals with {sorted(points)}, not {wrong}"
    return Counter(re.sub(point, ".", number) for number in found)


# A letter of any script we write: Python's letters, and the vowel signs and other marks Arabic
# and Devanagari join to them (\w leaves marks out). Punctuation is no letter, so a word right
# before Arabic's ، ؛ ؟ (which share Arabic's Unicode block) ends there.
MARKS = "".join(
    chr(c)
    for c in [*range(0x0600, 0x0700), *range(0x0750, 0x0780), *range(0x0900, 0x0980)]
    if unicodedata.category(chr(c)) in ("Mn", "Mc")
)
LETTER = rf"(?:[^\W\d_]|[{MARKS}])"
# Arabic joins "and"/"so" (و ف), then "with"/"for"/"like" (ب ل ك) or "the" (ال, ل + ال = لل)
# to the next word, and a plural (ات) or a pronoun (ك ه ها …) to the word before: the glossary's
# "Words we do not use" counts those as the word itself.
AR_AND = "[وف]?"
AR_SUFFIX = "(?:ات)?(?:كما|كم|ك|هما|هم|ها|ه|نا)?"


def rejected_words() -> list[tuple[str, str]]:
    """(language, word) from the glossary's "Words we do not use" table."""
    table = GLOSSARY.read_text(encoding="utf-8").split("## Words we do not use", 1)[1]
    rows = re.findall(r"^\| (ar|hi|nl) \| ([^|]+?) \|", table, flags=re.M)
    assert len(rows) >= 25, "the glossary's table of rejected words went missing"
    return rows


def whole_word(lang: str, word: str) -> re.Pattern[str]:
    """``word`` standing alone in ``lang``'s text: not inside a longer word (मेज़ in मेज़बान,
    stapel in More-stapel), but with Arabic's attached letters (لجانبك، الآسات)."""
    word = unicodedata.normalize("NFC", word)
    if lang != "ar":
        body = re.escape(word)
    elif word.startswith("ال"):  # بالمخزون, وللمخزون
        body = rf"{AR_AND}(?:[بك]?{re.escape(word)}|لل{re.escape(word[2:])}){AR_SUFFIX}"
    else:  # وآس, بالآس, للآس
        body = rf"{AR_AND}(?:[بك]?ال|لل|[بلك])?{re.escape(word)}{AR_SUFFIX}"
    return re.compile(rf"(?<!{LETTER})(?<!-){body}(?!{LETTER})", re.IGNORECASE)


def rejected_in(text: str, lang: str) -> list[str]:
    """Each rejected word ``text`` uses, with its line: ``"L12 stapel"``."""
    words = [word for la, word in rejected_words() if la == lang]
    lines = unicodedata.normalize("NFC", text).split("\n")
    found = []
    for n, line in enumerate(lines, start=1):
        # A phrase the page wraps onto the next line counts on the line it starts on.
        after = lines[n].strip() if n < len(lines) else ""
        joined = f"{line} {after}" if after else line
        for word in words:
            if any(m.start() < len(line) for m in whole_word(lang, word).finditer(joined)):
                found.append(f"L{n} {word}")
    return found


def test_each_language_reads_its_own_document() -> None:
    assert rules_file("en") == RULES_FILE
    assert rules_file("xx") == RULES_FILE  # no such language: English
    for lang in TRANSLATED:
        assert rules_file(lang) == DOCS / f"rules.{lang}.md"
        assert game_rules("mor", lang) != game_rules("mor")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_same_sections_in_the_same_order(lang: str) -> None:
    assert list(sections(rules_file(lang))) == list(sections()) == list(GAMES)
    for game in GAMES:
        assert game_rules(game, lang).strip(), f"{lang}: {game} is empty"


def headings(lang: str) -> dict[str, str]:
    """Each game's section heading in ``lang``'s document, without its marker."""
    out = {}
    for line in rules_file(lang).read_text(encoding="utf-8").split("\n"):
        if line.startswith("## ") and (marker := MARKER.search(line)):
            out[marker[1]] = line.removeprefix("## ").removesuffix(marker[0]).strip()
    return out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_game_is_named_as_the_glossary_names_it(lang: str) -> None:
    assert headings(lang) == game_names(lang)
    # The marker closes the heading line, where a reader's eye doesn't stop on it.
    for line in rules_file(lang).read_text(encoding="utf-8").split("\n"):
        if line.startswith("## "):
            assert MARKER.search(line) and line.endswith("-->"), line


# Every name a command, subcommand or option goes by, in any language's Discord.
COMMAND_NAMES = {
    text
    for lang in LANGUAGES
    for key, text in catalogue(lang).texts.items()
    if key.startswith("cmd.") and key.endswith(".name") and not key.startswith("cmd.choice.")
}


def code_spans(text: str) -> Counter[str]:
    """The code spans of ``text``, each /command counted as one command whatever its words, and
    each name of an option (`bid`, Dutch `bieden`) as one name: it is written as the language's
    Discord names it, which test_command_mentions checks."""
    return Counter(
        "`/…`" if c.startswith("`/") else "`name`" if c.strip("`") in COMMAND_NAMES else c
        for c in CODE.findall(text)
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_paragraph_for_paragraph_with_the_same_numbers_and_cards(lang: str) -> None:
    # A dropped or merged paragraph or list item shifts the blocks against English's; a dropped
    # sentence almost always takes a number, a card or a bold term with it.
    texts = [(introduction(RULES_FILE), introduction(rules_file(lang)), "introduction")]
    texts += [(game_rules(g), game_rules(g, lang), g) for g in GAMES]
    for english, translated, where in texts:
        ours, theirs = blocks(english), blocks(translated)
        assert [kind(b) for b in theirs] == [kind(b) for b in ours], f"{lang} {where}"
        for n, (a, b) in enumerate(zip(ours, theirs, strict=True)):
            at = f"{lang} {where}, block {n + 1}: {b[:60]}"
            assert numbers(b, lang) == numbers(a, ENGLISH), at
            # A /command is written as the language's Discord names it (test_command_mentions).
            assert code_spans(b) == code_spans(a), at
            assert len(BOLD.findall(b)) == len(BOLD.findall(a)), at


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_page_fits_one_message_with_its_heading(lang: str) -> None:
    names = headings(lang)
    for game in GAMES:
        text = game_rules(game, lang)
        cut = pages(text, RULES_PAGE)
        assert "".join(cut) == text
        for n, page in enumerate(cut, start=1):
            heading = t("rules_page", lang, game=names[game], page=n, pages=len(cut))
            assert len(f"{heading}\n{page.strip()}") <= MESSAGE_LIMIT, f"{lang} {game} page {n}"


def test_a_heading_without_its_game_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "rules.md"
    path.write_text("# Rules\n\n## Mor <!-- game: mor -->\n\nText.\n\n## More\n\nText.\n")
    with pytest.raises(ValueError, match="names no game"):
        sections(path)
    path = tmp_path / "twice.md"
    path.write_text("## Mor <!-- game: mor -->\n\nA.\n\n## Mor again <!-- game: mor -->\n\nB.\n")
    with pytest.raises(ValueError, match="two sections"):
        sections(path)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_rules_page_uses_a_word_the_glossary_rejects(lang: str) -> None:
    # /rules shows these pages: a word the glossary rejects reads there as a second thing too.
    assert rejected_in(rules_file(lang).read_text(encoding="utf-8"), lang) == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_rules_page_has_a_grammar_slip(lang: str) -> None:
    # The catalogues' grammar checks (bot.i18n.check.grammar_slips), paragraph by paragraph: a
    # page's line breaks fall inside a phrase («सबसे\nऊँचा स्ट्रेट»).
    page = blocks(reflow(rules_file(lang).read_text(encoding="utf-8")))
    assert grammar_slips(lang, {str(n): block for n, block in enumerate(page, 1)}) == set()
    # The fresh native read of Hindi found Run Fast's beat said without «से» here.
    assert grammar_slips("hi", {"1": "जिसका सबसे ऊँचा पत्ता बड़ा हो; कोई ऊँचा बम उसे न हराए"})
    # The December fresh read: Mor's project of 3s or aces «बिना वाइल्ड: 300», without its के.
    assert grammar_slips("hi", {"1": "- सात या ज़्यादा 3 या इक्के, बिना वाइल्ड: 300;"})
    # The issue 59 read of Arabic: Run Fast's pack «بلا الجوكرين، وبلا آص الكبة».
    assert grammar_slips("ar", {"1": "48 ورقة: رزمة بلا الجوكرين، وبلا آص الكبة"})
    # The third fresh read of Dutch: Hand's scoring "scoort de kaarten", English word for word.
    assert grammar_slips("nl", {"1": "Elke andere speler scoort de kaarten die nog in zijn hand"})


def test_the_rejected_word_check_can_fail() -> None:
    # A rejected word is caught before Arabic punctuation and with Arabic's attached letters...
    assert rejected_in("لا يحق لجانبك؛ انتظر", "ar") == ["L1 جانبك"]
    assert rejected_in("قنبلة الآسات، ثم", "ar") == ["L1 آس"]
    assert rejected_in("من المخزون؟", "ar") == ["L1 المخزون"]
    assert rejected_in("اسحب\nمن للمخزون", "ar") == ["L2 المخزون"]
    assert rejected_in("इस मेज़ पर", "hi") == ["L1 मेज़"]
    # The December read of Hindi: the heavenly bomb's four 3s «चले गए» read as gone away.
    assert rejected_in("बाज़ी की सबसे पहली चाल में चले गए 3 के चारों पत्ते", "hi") == ["L1 चले गए 3"]
    assert rejected_in("Trek van de stapel, of", "nl") == ["L1 stapel"]
    # A phrase wrapped onto the next line is still read, on the line it starts on.
    assert rejected_in("terug op de aflegstapel en jij trekt van de\ntrekstapel. Heb", "nl") == [
        "L1 trekt van de trekstapel"
    ]
    assert rejected_in("Trek een kaart.\n\nvan de trekstapel", "nl") == []
    # ... and not inside a longer word.
    assert rejected_in("ليست بجانب أحد طرفيه، والآص هنا", "ar") == []
    assert rejected_in("मेज़बान: सारा", "hi") == []
    assert rejected_in("de More-stapel en de aflegstapel", "nl") == []


def test_each_language_writes_its_own_decimals() -> None:
    assert decimal_points("nl") == {","}
    assert decimal_points("ar") == {".", "٫"}
    assert numbers("De 7,5-regel: aas 1,5, 2 en 8 tot en met K 1.", "nl") == Counter(
        {"7.5": 1, "1.5": 1, "2": 1, "8": 1, "1": 1}
    )
    assert numbers("قاعدة 7.5 أو 7٫5", "ar") == Counter({"7.5": 2})
    with pytest.raises(AssertionError, match="writes decimals with"):
        numbers("De 7.5-regel", "nl")
    # The glossary's names for the 3 of hearts and the 2 of spades count as 3 and 2.
    assert numbers("De hartendrie komt uit; de Schoppentwee telt 10.", "nl") == Counter(
        {"3": 1, "2": 1, "10": 1}
    )

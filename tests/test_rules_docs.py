"""The players' rules in every language (docs/rules.<lang>.md): the same four sections as the
English reference, paragraph for paragraph, with the same numbers and card notation, each game
named as the glossary names it, and every /rules page within one Discord message."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from bot.i18n import LANGUAGES, t
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
from bot.limits import MESSAGE as MESSAGE_LIMIT
from cogs.help import RULES_PAGE

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
GLOSSARY = Path(__file__).resolve().parents[1] / "bot" / "i18n" / "GLOSSARY.md"
# The glossary rows naming each game.
GAME_ROWS = {
    "mor": "Mor (the game)",
    "more3": "More (three-player)",
    "hand": "Hand (the game)",
    "runfast": "Run Fast",
}
NUMBER = re.compile(r"\d+(?:\.\d+)?")
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
            assert Counter(NUMBER.findall(b)) == Counter(NUMBER.findall(a)), at
            assert Counter(CODE.findall(b)) == Counter(CODE.findall(a)), at
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

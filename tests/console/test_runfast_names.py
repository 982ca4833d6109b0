"""Issue 61: one name for consecutive pairs wherever Run Fast shows them, and a help that lists
every combination, the bomb included."""

from __future__ import annotations

from bot.games.cards import parse_cards
from bot.games.runfast_combos import PAIRS, classify, kind_words
from bot.i18n import say, t
from bot.i18n.moves import play_kind

LANGUAGES = ("en", "ar", "hi", "nl")


def test_the_table_names_consecutive_pairs_as_the_refusals_do() -> None:
    cards = parse_cards("8S 8H 9S 9H")
    combo = classify(cards)
    assert not isinstance(combo, str) and combo.kind == PAIRS
    for lang in LANGUAGES:
        assert play_kind(cards, PAIRS, lang) == say(kind_words(combo), lang), lang
    assert play_kind(cards, PAIRS) == "2 consecutive pairs"


def test_help_lists_the_bomb_and_the_triple_refusal_needs_no_jargon() -> None:
    bomb = {"en": "bomb", "ar": "قنبلة", "hi": "बम", "nl": "bom"}
    for lang, word in bomb.items():
        assert word in t("console.help.runfast.play", lang), lang
    assert "airplane" not in t("runfast.triple_alone")

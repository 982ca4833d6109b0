"""Issue 61: one name for consecutive pairs wherever Run Fast shows them, and a help that lists
every combination, the bomb included."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.games.cards import parse_cards
from bot.games.notation import BadMove, parse_move
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


def test_cards_typed_alone_in_run_fast_are_offered_as_a_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 61: a bare "3H" was "not a move I know".
    from bot.console.lesson import GuidedConsole
    from bot.console.progress import ENV

    monkeypatch.setenv(ENV, str(tmp_path))
    out = io.StringIO()
    GuidedConsole("runfast", io.StringIO("3H\n3h 3s\n"), out, False, "en").play()
    text = out.getvalue()
    assert "“3H” is not a move on its own: did you mean play 3H?" in text
    assert "did you mean play 3h 3s?" in text
    for lang in LANGUAGES:
        said = t("console.input.bare_cards", lang, word="3H", move="play 3H")
        assert "play 3H" in said and "{" not in said, lang
    # Words that are no cards stay unknown; the rummies make no guess.
    with pytest.raises(BadMove) as e:
        parse_move("hello", "play")
    assert "not a move I know" in say(e.value)
    with pytest.raises(BadMove) as e:
        parse_move("3H")
    assert "not a move I know" in say(e.value)


def test_a_run_fast_card_typo_gets_no_joker_in_its_example() -> None:
    # Issue 61: "like 7H, 10S or JK" in a game without jokers; the rummies keep the joker.
    for lang in LANGUAGES:
        with pytest.raises(BadMove) as e:
            parse_move("play 7")
        said = say(e.value, lang)
        assert "7H" in said and "JK" not in said, lang
    with pytest.raises(BadMove) as e:
        parse_move("meld 7")
    assert "JK" in say(e.value)

"""The terminal's More table as a fresh newcomer met it (the More newcomer's findings): words
typed mid-game that belong to the review are answered, not refused as unknown moves. Played with
the real console driver and the real engine."""

from __future__ import annotations

import io

import pytest

from bot.console.cli import Console
from bot.games.registry import new_game
from bot.i18n import LANGUAGES, t
from tests.console.test_console import AutoPlayer


@pytest.mark.parametrize("lang", LANGUAGES)
def test_again_typed_mid_game_says_what_it_does(lang: str) -> None:
    # Finding 8: "again" alone and "again 3" typed during the game were "not a move I know".
    stdin = AutoPlayer(["again", "again 3"])
    engine = new_game("more3", {}, 3)
    out = io.StringIO()
    console = Console(engine, 0, "simple", 3, stdin, out, color=False, max_rounds=1, lang=lang)
    stdin.console = console
    assert console.play() == 0
    text = out.getvalue()
    assert text.count(t("console.input.again_at_end", lang)) == 2
    assert t("console.input.unknown", lang, word="again") not in text

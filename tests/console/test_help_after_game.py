"""The help says whose move ``hint`` gives in each context, and names ``review`` and ``again``
where the game offers them (the second Hand newcomer's finding 7)."""

from __future__ import annotations

import io

import pytest

from bot.console.lesson import GuidedConsole
from bot.console.table import Console
from bot.games.registry import new_game
from bot.i18n import LANGUAGES, t


def _help(review: int | None, lang: str = "en") -> str:
    out = io.StringIO()
    engine = new_game("hand", {}, 4)
    Console(
        engine, 0, "normal", 4, io.StringIO("help\nquit\n"), out, review=review, lang=lang
    ).play()
    return out.getvalue()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_practice_games_help_names_review_and_again(lang: str) -> None:
    shown = _help(0, lang)
    assert t("console.help.review", lang) in shown and t("console.help.again", lang) in shown
    # The hint's line names the hard player, and that the table's computers may differ.
    assert t("console.help.hint", lang) in shown


def test_no_review_no_review_line() -> None:
    # A table that offers no review at its end (a lesson step's) doesn't list it.
    assert t("console.help.review", "en") not in _help(None)


def test_the_guided_round_names_the_coach() -> None:
    out = io.StringIO()
    GuidedConsole("hand", io.StringIO("help\nquit\n"), out, False, "en").play()
    shown = out.getvalue()
    assert t("console.help.hint_coach", "en", level=t("level.normal", "en")) in shown
    assert t("console.help.hint", "en") not in shown

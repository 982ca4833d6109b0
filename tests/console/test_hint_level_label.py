"""One label for one level (issue 61): the guided round's welcome names its computer players
"normal", and its help said the hint was "the hard computer player's" move while the hint
there is the coach's, a normal player's. Help now names the level the hint comes from."""

from __future__ import annotations

import io

import pytest

from bot.console.lesson import run_guided, run_lesson
from bot.i18n import LANGUAGES, t


def _hint_line(out: str) -> str:
    return next(line for line in out.splitlines() if line.strip().startswith("hint "))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["hand", "runfast"])
def test_the_guided_rounds_help_names_the_level_its_welcome_names(
    game: str, lang: str, tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DIWANIYA_STATE_DIR", str(tmp_path))
    out = io.StringIO()
    run_guided(game, io.StringIO("help\nquit\n"), out, False, lang)
    normal, hard = t("level.normal", lang), t("level.hard", lang)
    welcome = next(line for line in out.getvalue().splitlines() if normal in line)
    assert hard not in welcome
    line = _hint_line(out.getvalue())
    assert normal in line and hard not in line, line


@pytest.mark.parametrize("game", ["hand", "runfast"])
def test_a_lesson_steps_help_says_the_hint_leads_to_the_steps_answer(
    game: str, tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DIWANIYA_STATE_DIR", str(tmp_path))
    out = io.StringIO()
    run_lesson(game, io.StringIO("help\nquit\n"), out, False, "en")
    assert _hint_line(out.getvalue()).endswith(t("console.help.hint_lesson", "en"))

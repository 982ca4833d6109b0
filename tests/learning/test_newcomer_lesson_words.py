"""What the last newcomers found untrue or unclear in the Hand and Run Fast lessons' words,
read from the real catalogues in every language."""

from __future__ import annotations

import pytest

from bot.games.base import Phase
from bot.i18n import LANGUAGES
from bot.i18n.check import catalogue_texts
from bot.learning.lessons import Step, lesson

# The GLOSSARY's "heavenly bomb" and "already drawn this turn", per language.
HEAVENLY = {"en": "heavenly", "ar": "سماوية", "hi": "आसमानी", "nl": "hemelse"}
DRAWN = {"en": "already drawn", "ar": "سحبت", "hi": "उठा चुके", "nl": "al getrokken"}
# Hand's "without adding to melds (already) on the table".
NO_ADDS = {
    "en": "without adding to melds",
    "ar": "دون أن تضيف إلى نزولات",
    "hi": "बिना टेबल",
    "nl": "zonder aan te leggen",
}


def step_named(game: str, name: str) -> Step:
    return next(s for s in lesson(game) if s.name == name)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_hand_step_says_the_draw_is_done(lang: str) -> None:
    # The step starts after the turn's draw: a newcomer asked to lay at once wonders where the
    # draw went.
    step = step_named("hand", "01_open_with_51")
    assert step.position().view(step.seat).phase == Phase.PLAY
    assert DRAWN[lang] in step.text("task", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("part", ["task", "rule"])
def test_the_hand_step_says_a_hand_adds_to_no_meld_on_the_table(lang: str, part: str) -> None:
    assert NO_ADDS[lang] in step_named("hand", "06_the_hand").text(part, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_puts_the_three_aces_above_every_bomb_but_forgets_the_heavenly_one(
    lang: str,
) -> None:
    english = catalogue_texts("en")
    claims = [
        key
        for key, text in english.items()
        if "three aces" in text and ("every four" in text or "every four-card" in text)
    ]
    assert claims  # the lessons and the coach do say it
    texts = catalogue_texts(lang)
    assert [k for k in claims if HEAVENLY[lang] not in texts[k]] == []


def test_the_first_step_says_who_must_beat_and_who_may_pass() -> None:
    done = step_named("runfast", "01_lead_with_the_3_of_hearts").text("done", "en")
    assert "must beat your play or pass" not in done
    assert "if they can" in done

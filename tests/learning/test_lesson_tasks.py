"""A newcomer reads a step's task before moving: what the move needs is told there, not after."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES
from bot.learning.lessons import lesson


def _task(game: str, name: str, lang: str) -> str:
    step = next(s for s in lesson(game) if s.name == name)
    return step.text("task", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hand_opening_step_says_what_cards_are_worth(lang: str) -> None:
    task = _task("hand", "01_open_with_51", lang)
    assert "11" in task and "10" in task and "51" in task
    # The values come before the instruction to open.
    assert task.index("11") < task.index("51")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hand_step_says_the_scores_a_hand_doubles(lang: str) -> None:
    task = _task("hand", "06_the_hand", lang)
    assert "30" in task and "100" in task and "60" in task


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["03_add_to_any_meld", "04_reclaim_the_joker"])
def test_hand_steps_that_start_mid_turn_say_you_have_drawn(name: str, lang: str) -> None:
    drawn = {"en": "drawn", "ar": "سحبت", "hi": "उठा चुके", "nl": "getrokken"}[lang]
    assert drawn in _task("hand", name, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_run_fast_first_step_tells_deck_and_ranks(lang: str) -> None:
    task = _task("runfast", "01_lead_with_the_3_of_hearts", lang)
    assert "48" in task and "A♥" in task and "2♠" in task
    assert "A, 2" in task or "A ثم 2" in task


@pytest.mark.parametrize("lang", LANGUAGES)
def test_run_fast_last_step_tells_the_settlement_before_the_move(lang: str) -> None:
    task = _task("runfast", "07_triple_goes_out", lang)
    assert "1" in task and "10" in task and "2♠" in task

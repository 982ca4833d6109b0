"""A refusal about cards the hand can't give names what is wrong: a card held once but named
twice is said to be used twice, never "not held" (a newcomer's `lay KS KH KD | QH KH 2D` was
told "You don't have KH" while holding it); cards missing are named alone."""

from __future__ import annotations

import pytest

from bot.games.notation import parse_move
from bot.i18n import LANGUAGES, say
from bot.learning.lessons import Step, lesson


def step_named(game: str, name: str) -> Step:
    return next(s for s in lesson(game) if s.name == name)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_laid_twice_is_said_to_be_used_twice(lang: str) -> None:
    step = step_named("hand", "01_open_with_51")
    engine = step.position()
    assert [str(c) for c in engine.view(step.seat).hand].count("KH") == 1
    reason = engine.check(step.seat, parse_move("lay KS KH KD | QH KH 2D"))
    assert reason is not None
    assert reason.key == "game.card_named_twice"
    assert reason.params == {"card": "K♥"}
    assert "K♥" in say(reason, lang) and "KH" not in say(reason, lang)


def test_a_lay_names_only_the_cards_it_lacks() -> None:
    step = step_named("hand", "01_open_with_51")
    engine = step.position()
    reason = engine.check(step.seat, parse_move("lay KS KH KD | AC KH 2D"))
    assert reason is not None
    assert (reason.key, reason.params) == ("game.cards_not_held", {"cards": "A♣"})
    assert say(reason, "en") == "You don't have A♣ in your hand."


def test_run_fast_names_only_the_cards_not_held() -> None:
    step = step_named("runfast", "01_lead_with_the_3_of_hearts")
    engine = step.position()
    held = {str(c) for c in engine.view(step.seat).hand}
    assert "3H" in held and "5H" not in held
    reason = engine.check(step.seat, parse_move("play 3H 5H"))
    assert reason is not None
    assert say(reason, "en") == "You don't hold 5♥."

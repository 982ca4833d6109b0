"""Every lesson step: its position replays through bot.scenario, the right answer passes, a wrong
one is refused by the rules or allowed but not right, each with a sentence; its texts are in
every language's catalogue, and a step is judged in the language asked for."""

from __future__ import annotations

import json
import re

import pytest

from bot import scenario
from bot.games.base import move_from_dict
from bot.i18n import LANGUAGES, catalogue, say, t
from bot.learning.lessons import (
    GAMES,
    PARTS,
    LessonError,
    Step,
    _step,
    answer_move,
    lesson,
    text_key,
)

STEPS = [step for game in GAMES for step in lesson(game)]


def test_every_game_has_a_short_lesson() -> None:
    for game in GAMES:
        assert 5 <= len(lesson(game)) <= 8, game


@pytest.mark.parametrize("step", STEPS, ids=lambda s: f"{s.game}/{s.name}")
def test_step_replays_as_a_table_file(step: Step, capsys: pytest.CaptureFixture[str]) -> None:
    # The file as shipped, moves included, through the command itself: exit 0 means the
    # position is usable and the answer is legal in it.
    path = f"bot/learning/lessons/{step.game}/{step.name}.json"
    assert scenario.main([path]) == 0, capsys.readouterr()
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["played"] == 1


@pytest.mark.parametrize("step", STEPS, ids=lambda s: f"{s.game}/{s.name}")
def test_step_right_and_wrong_answers(step: Step) -> None:
    right = step.judge(answer_move(step))
    assert right.right and right.message == step.text("done")
    wrong = step.judge(move_from_dict(step.wrong))
    assert not wrong.right
    assert step.text("explain") in wrong.message
    if wrong.refused:
        # The engine's own refusal sentence comes first.
        reason = step.position().check(step.seat, move_from_dict(step.wrong))
        assert reason and wrong.message.find(say(reason)) >= 0
    # Judging never changes the step: the same answer is right again.
    assert step.judge(answer_move(step)).right


@pytest.mark.parametrize("step", STEPS, ids=lambda s: f"{s.game}/{s.name}")
def test_choices_hold_a_right_and_a_wrong_answer(step: Step) -> None:
    verdicts = [step.judge(m) for m in step.choices()]
    assert any(v.right for v in verdicts) and any(not v.right for v in verdicts)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_step_is_worded_in_every_language(lang: str) -> None:
    texts = catalogue(lang).texts
    for step in STEPS:
        for part in PARTS:
            key = text_key(step.game, step.name, part)
            assert texts.get(key), f"{lang} lacks {key}"
            worded = step.text(part, lang)
            assert worded == texts[key] and worded != step.text(part), f"{lang} {key} is English"
            # The cards a text names are the position's, written the same in every language.
            cards = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]|🃏")
            assert sorted(cards.findall(worded)) == sorted(cards.findall(step.text(part))), key


def test_the_table_files_hold_no_sentences() -> None:
    # The words live in the catalogue only: a text left in a file would silently go stale.
    for step in STEPS:
        assert not set(PARTS) & set(step.table["lesson"]), f"{step.game}/{step.name}"


def test_a_wrong_move_is_judged_in_arabic() -> None:
    for step in STEPS:
        wrong = step.judge(move_from_dict(step.wrong), "ar")
        assert not wrong.right
        explain = step.text("explain", "ar")
        assert explain in wrong.message and step.text("explain") not in wrong.message
        if wrong.refused:
            reason = step.position().check(step.seat, move_from_dict(step.wrong))
            assert reason and wrong.message == t(
                "lesson_refused", "ar", reason=reason, explain=explain
            )
            assert say(reason, "ar") in wrong.message
        else:
            assert wrong.message == t("lesson_wrong", "ar", explain=explain)
        right = step.judge(answer_move(step), "ar")
        assert right.right and right.message == step.text("done", "ar")


def test_a_step_without_its_texts_is_refused_naming_the_key() -> None:
    step = lesson("mor")[0]
    with pytest.raises(LessonError, match=r"lesson\.mor\.99_unwritten\.title"):
        _step("mor", "99_unwritten", 1, step.table)


def test_a_step_has_only_its_four_texts() -> None:
    with pytest.raises(ValueError, match="no text 'comment'"):
        lesson("hand")[0].text("comment")

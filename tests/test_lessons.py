"""Every lesson step: its position replays through bot.scenario, the right answer passes, a wrong
one is refused by the rules or allowed but not right, each with a sentence."""

from __future__ import annotations

import json

import pytest

from bot import scenario
from bot.games.base import move_from_dict
from bot.lessons import GAMES, Step, answer_move, lesson

STEPS = [step for game in GAMES for step in lesson(game)]


def test_every_game_has_a_short_lesson() -> None:
    for game in GAMES:
        assert 5 <= len(lesson(game)) <= 8, game


@pytest.mark.parametrize("step", STEPS, ids=lambda s: f"{s.game}/{s.name}")
def test_step_replays_as_a_table_file(step: Step, capsys: pytest.CaptureFixture[str]) -> None:
    # The file as shipped, moves included, through the command itself: exit 0 means the
    # position is usable and the answer is legal in it.
    path = f"bot/lessons/{step.game}/{step.name}.json"
    assert scenario.main([path]) == 0, capsys.readouterr()
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["played"] == 1


@pytest.mark.parametrize("step", STEPS, ids=lambda s: f"{s.game}/{s.name}")
def test_step_right_and_wrong_answers(step: Step) -> None:
    right = step.judge(answer_move(step))
    assert right.right and right.message == step.done
    wrong = step.judge(move_from_dict(step.wrong))
    assert not wrong.right
    assert step.explain in wrong.message
    if wrong.refused:
        # The engine's own refusal sentence comes first.
        reason = step.position().check(step.seat, move_from_dict(step.wrong))
        assert reason and wrong.message.find(reason) >= 0
    # Judging never changes the step: the same answer is right again.
    assert step.judge(answer_move(step)).right


@pytest.mark.parametrize("step", STEPS, ids=lambda s: f"{s.game}/{s.name}")
def test_choices_hold_a_right_and_a_wrong_answer(step: Step) -> None:
    verdicts = [step.judge(m) for m in step.choices()]
    assert any(v.right for v in verdicts) and any(not v.right for v in verdicts)

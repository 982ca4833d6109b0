"""Hints: the hard player's move, legal for the seat, with a sentence drawn from what it does."""

from __future__ import annotations

import random

import pytest

from bot.games.base import Count, Take
from bot.games.registry import engine_class
from bot.hints import Hint, hint
from bot.i18n import say
from bot.lessons import GAMES, Step, lesson

STEPS = [step for game in GAMES for step in lesson(game)]


@pytest.mark.parametrize("step", STEPS, ids=lambda s: f"{s.game}/{s.name}")
def test_hint_is_a_legal_move_with_one_sentence(step: Step) -> None:
    engine = step.position()
    h = hint(engine, step.seat, random.Random(0))
    assert h is not None
    assert engine.check(step.seat, h.move) is None
    text = h.text()
    assert text.endswith((".", ")")) and "{" not in text and "\n" not in text
    # Same seed, same hint: the Hint button never flickers between two answers.
    assert hint(step.position(), step.seat, random.Random(0)) == h


def _position(game: str, name: str) -> object:
    step = next(s for s in lesson(game) if s.name == name)
    return step.position()


def test_reason_names_the_project_made() -> None:
    h = hint(_position("mor", "03_clean_run_of_seven"), 0, random.Random(0))
    assert h is not None and h.text() == "Lay 9♥: it makes a 200 project."


def test_reason_names_the_bomb() -> None:
    h = hint(_position("runfast", "05_bomb"), 0, random.Random(0))
    assert h is not None and h.key == "hint_play_bomb"


def test_draw_says_why_the_pile_cannot_be_taken() -> None:
    # Mor, the team has nothing down: the pile can't be taken, and the hint quotes the rule.
    engine = engine_class("mor").from_table_file(
        {
            "game": "mor",
            "options": {"players": 2, "length": "quick"},
            "position": {
                "hands": [["4S", "9D", "KC"], ["5C", "6D", "QS"]],
                "discard": ["8H"],
                "turn": 0,
                "phase": "draw",
            },
        }
    )
    h = hint(engine, 0, random.Random(0))
    assert h is not None and h.move.do == "draw"
    assert say(engine.check(0, Take())) in h.text()


def test_pass_when_nothing_beats() -> None:
    engine = engine_class("runfast").from_table_file(
        {
            "game": "runfast",
            "position": {
                "hands": [["4C", "5D"], ["6S", "7S"], ["8C", "9D"]],
                "trick": ["2S"],
                "trick_seat": 2,
                "turn": 0,
            },
        }
    )
    h = hint(engine, 0, random.Random(0))
    assert h is not None and h.text() == "Pass: nothing in your hand beats 2♠."


def test_counts_in_a_reason_read_right_for_one() -> None:
    one = Hint(Take(), "hint_lay", {"cards": "5♠ 6♠ 7♠", "left": Count("n_cards", 1)})
    assert one.text().endswith("you keep 1 card in your hand.")
    many = Hint(Take(), "hint_lay_opens", {"cards": "K♠", "points": Count("n_points", 51)})
    assert "opens you with 51 points," in many.text()

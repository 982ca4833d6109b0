"""The computers weigh the moves they were measured on (issue 61).

The legal moves list every meld a hand holds, for a member's menu; a computer player sets aside
those beyond its own candidates (``own_legal``), so that it weighs exactly the engine's checked
candidates, the list ``hard``'s playouts play from: a decision at the table and one in a
playout see the same moves, and the players play as the ladder measured them."""

from __future__ import annotations

import importlib
import json
import random
from pathlib import Path

import pytest

from bot.ai.more3 import choose_normal
from bot.games.base import Lay
from bot.games.registry import engine_class, replay
from tests.games.rummy_positions import RUMMIES, positions

TABLES = Path(__file__).parents[1] / "table_files"


@pytest.mark.parametrize(("game", "totals"), [(g, None) for g in RUMMIES] + [("more3", 1600.0)])
def test_a_computer_weighs_the_engines_checked_candidates(game: str, totals: float | None) -> None:
    module = importlib.import_module(f"bot.ai.{game}")
    more = 0
    for engine in positions(game, range(4), totals=totals):
        seat = engine.turn
        legal = engine.legal_moves(seat)
        twin = engine_class(game).from_json(engine.to_json())
        checked = [m for m in engine.candidate_moves(seat) if twin.can(seat, m)]
        assert module.own_legal(engine.view(seat), legal) == checked
        assert set(checked) <= set(legal)
        more += len(legal) - len(checked)
    assert more > 0  # the menu did list more melds than the computers weigh


def test_a_two_meld_opening_with_a_pankal_inside_reaches_the_computers() -> None:
    """More over 1500: the one 7.5 is two melds, one a run of four with its pankal inside
    (tests/table_files/more3/opening_pankal_inside_a_run.json). The computers are offered it as a
    lay, and ``normal`` lays it."""
    table = TABLES / "more3" / "opening_pankal_inside_a_run.json"
    engine = replay({**json.loads(table.read_text(encoding="utf-8")), "moves": []})
    move = choose_normal(engine.view(0), engine.legal_moves(0), random.Random(0))
    assert isinstance(move, Lay) and len(move.melds) == 2
    assert engine.can(0, move)

"""More's normal player takes the pile as its role calls for: the Pair leaves a big pile late in
the stock (it alone would pay for the cards left in its hand), the Solo takes it whenever it may."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.ai import Chooser
from bot.ai.more3 import LATE_STOCK, choose_hard, choose_normal
from bot.games.base import Draw, Move, Take
from bot.games.more3 import More3
from bot.games.registry import replay

# Odd cards under the 7H that melds with 5H 6H: a big pile, most of it dead weight in the hand.
PILE = ["3S", "8C", "JD", "10S", "4C", "9D", "KC", "3D", "4S", "8D", "9S", "10C"]


def _choice_at_big_pile(solo: int, stock_count: int, chooser: Chooser = choose_normal) -> Move:
    """Seat 0's draw with 5H 6H in hand and 7H on top of a pile of thirteen, ``stock_count`` cards
    left in the stock (a table file puts every unplaced card there, so the view says fewer)."""
    data: dict[str, Any] = {
        "game": "more3",
        "dealer": 2,
        "position": {
            "hands": [["5H", "6H", "9C", "KD"], ["KH", "KS"], ["QH", "QS"]],
            "discard": [*PILE, "7H"],
            "solo": solo,
            "turn": 0,
            "phase": "draw",
        },
    }
    engine = More3.from_table_file(data)
    legal = engine.legal_moves(0)
    assert any(isinstance(m, Take) for m in legal)
    view = dataclasses.replace(engine.view(0), stock_count=stock_count)
    return chooser(view, legal, random.Random(0))


@pytest.mark.parametrize(("solo", "expected"), [(0, Take), (1, Draw)])
def test_late_in_the_stock_only_the_solo_takes_a_big_pile(solo: int, expected: type) -> None:
    assert isinstance(_choice_at_big_pile(solo, stock_count=LATE_STOCK), expected)


@pytest.mark.parametrize("solo", [0, 1])
def test_early_in_the_stock_both_roles_take_it(solo: int) -> None:
    assert isinstance(_choice_at_big_pile(solo, stock_count=LATE_STOCK + 1), Take)


def test_hard_does_not_search_the_solos_take() -> None:
    # A table file from seeded play, stopped where hard's playouts, which stop a round of turns on
    # and count the pile as cards left in hand, turned the Solo's take into a draw.
    engine = replay(json.loads((Path(__file__).parent / "more3_solo_take.json").read_text()))
    seat = engine.turn
    view, legal = engine.view(seat), engine.legal_moves(seat)
    assert view.solo == seat and view.phase == "draw"
    assert isinstance(choose_normal(view, legal, random.Random(0)), Take)
    assert isinstance(choose_hard(view, legal, random.Random(0)), Take)

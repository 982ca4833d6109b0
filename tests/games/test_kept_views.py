"""A rummy's view keeps each unchanged table meld's view from one turn to the next (playouts ask
for a view at every move): what it shows must be what a fresh engine, read from the saved state
with nothing kept, shows, through lays, additions, wilds moved and the Solo changing sides."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ai import choose_move
from bot.games.registry import engine_class, new_game

OPTIONS: dict[str, dict[str, Any]] = {"mor": {"players": 4, "length": "quick"}}


@pytest.mark.parametrize("game", ["mor", "more3", "hand"])
def test_kept_meld_views_are_what_a_fresh_engine_shows(game: str) -> None:
    engine = engine_class(game)
    compared = 0
    for seed in (3, 4):
        table = new_game(game, OPTIONS.get(game, {}), seed)
        rng = random.Random(seed)
        rounds = 0
        while not table.finished and rounds < 2:
            seat = table.turn
            if table.round_over:
                table.next_round()
                rounds += 1
                continue
            view = table.view(seat)
            fresh = engine.from_json(table.to_json()).view(seat)
            assert view.melds == fresh.melds
            compared += len(view.melds)
            table.apply(seat, choose_move(view, table.legal_moves(seat), "normal", rng))
    assert compared > 100

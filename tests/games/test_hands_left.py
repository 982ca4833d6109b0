"""Once a round is over its hands are scored, so every view shows them (the final table picture
draws them); while the round is played no view shows another seat's cards."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.games.registry import new_game

GAMES = ("mor", "more3", "hand", "runfast")


def play_to_round_over(game: str, seed: int) -> tuple[object, list[object]]:
    """Seeded random legal play to the end of the first round; the public views on the way."""
    engine = new_game(game, {}, seed)
    rng = random.Random(seed)
    during = []
    for _ in range(2000):
        if engine.round_over:
            return engine, during
        during.append(engine.view(-1))
        seat = engine.turn
        engine.apply(seat, rng.choice(engine.legal_moves(seat)))
    raise AssertionError(f"{game} seed {seed}: the round did not end")


@pytest.mark.parametrize("game", GAMES)
def test_hands_show_only_once_the_round_is_over(game: str) -> None:
    engine, during = play_to_round_over(game, 5)
    assert all(v.hands_left == () for v in during)
    for seat in (-1, 0):
        view = engine.view(seat)
        assert view.round_over
        assert tuple(len(h) for h in view.hands_left) == view.hand_counts
        assert any(view.hands_left), "somebody still holds cards at the end of a round"
        for held, left in zip(engine.hands, view.hands_left, strict=True):
            assert Counter(held) == Counter(left)

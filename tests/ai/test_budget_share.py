"""A busy machine searches less: a share of ``hard``'s budget cuts the deals it draws, and only
that (``bot.ai.search.SHARE``; the workers hand the shares out, tests/table_service)."""

from __future__ import annotations

import random

import pytest

from bot.ai import mor, runfast, search
from bot.ai.search import Budget, samples, sharing
from bot.computers.pool import choose_computer_move, decide
from bot.games import registry


@pytest.mark.parametrize(
    ("budget", "share", "drawn"),
    [(8, 1.0, 8), (8, 0.5, 4), (8, 0.25, 2), (24, 0.25, 6), (4, 0.25, 2), (1, 0.25, 1)],
)
def test_a_share_cuts_the_deals_to_no_fewer_than_two(budget: int, share: float, drawn: int):
    with sharing(share):
        assert samples(Budget(budget, 16, 3)) == drawn
    assert samples(Budget(budget, 16, 3)) == budget  # the whole budget outside the block


def position(game: str, seed: int, steps: int):
    engine = registry.new_game(game, None, seed)
    for step in range(steps):
        seat = engine.turn
        engine.apply(seat, choose_computer_move(engine, seat, "normal", random.Random(step)))
    seat = engine.turn
    return engine.view(seat), engine.legal_moves(seat), steps


@pytest.mark.parametrize(
    ("game", "module", "seed", "steps", "cut"),
    [("mor", mor, 0, 9, Budget(2, 16, 3)), ("runfast", runfast, 0, 2, Budget(6, None, 6))],
)
def test_a_quarter_share_decides_as_a_budget_of_a_quarter_of_the_deals(
    game, module, seed, steps, cut, monkeypatch
) -> None:
    view, legal, step = position(game, seed, steps)
    whole = decide(view, legal, "hard", random.Random(step))
    quarter = decide(view, legal, "hard", random.Random(step), share=0.25)
    assert quarter != whole  # this position's decision turns on the deals drawn
    monkeypatch.setattr(module, "HARD", cut)
    assert decide(view, legal, "hard", random.Random(step)) == quarter
    assert search.SHARE.get() == 1.0  # the share ended with the decision

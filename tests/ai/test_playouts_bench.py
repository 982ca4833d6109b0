"""bench/playouts.py measures every game's playouts from the search's own sampled states: Hand's
sampler came back for the review and the bench broke on it unseen, so each game runs here."""

from __future__ import annotations

import pytest

from bot.games.registry import GAME_KEYS
from tests.ai.repo_script import load_script

bench = load_script("bench/playouts.py")


@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_game_plays_out_from_sampled_states(game: str) -> None:
    rate, build_ms, steps = bench.measure(game, 3, 0)
    assert steps > 0 and rate > 0 and build_ms >= 0


def test_run_fast_plays_out_on_counts_from_the_same_states() -> None:
    rate, steps = bench.measure_counts(3, 0)
    assert steps > 0 and rate > 0


def test_the_setup_only_run_finds_the_states_and_decides_nothing() -> None:
    """An instruction count subtracts a ``--setup-only`` run from a whole one, so that run must
    make no decision: no move applied, no CPU second counted. The whole run on the same states
    makes moves."""
    assert bench.measure_decisions("mor", 2, 0, setup_only=True) == (0.0, 0, 0.0)
    assert bench.measure_decisions("mor", 2, 0)[1] > 0

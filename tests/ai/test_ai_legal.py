"""Every decision of every level is legal over many seeded deals, and a fixed seed plays the same."""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext

import pytest

from bot.ai import LEVELS
from bot.ai.search import sharing
from bot.computers.pool import MIN_SHARE
from bot.games.base import Lay
from bot.games.registry import available_games
from tests.ai.playout import N_SEATS, decisions

GAMES = [g for g in ("mor", "runfast", "more3", "hand") if g in available_games()]
DEALS = {"mor": 6, "runfast": 40, "more3": 4, "hand": 4}
# hard searches at most decisions: fewer deals keep each test well under 20 s. Hand's hard plans
# from its own hand without sampling, as fast as normal.
HARD_DEALS = {"mor": 1, "runfast": 4, "more3": 1, "hand": 40}


def opponents_search(level: str) -> AbstractContextManager[None]:
    """How much a hard computer searches in the test of ``level``: its whole budget when hard is
    under test; at the others' tables, where it only makes the positions they meet, the share a
    busy pool gives it (``MIN_SHARE``), which it plays at in a game too. Its searches were most of
    those tests' time (Run Fast's 40 deals sit hard at a quarter of them)."""
    return nullcontext() if level == "hard" else sharing(MIN_SHARE)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_decision_is_legal(game: str, level: str) -> None:
    with opponents_search(level):
        every_decision_is_legal(game, level)


def every_decision_is_legal(game: str, level: str) -> None:
    for seed in range((HARD_DEALS if level == "hard" else DEALS)[game]):
        # Mixed tables: the level under test sits with the others, so it meets their play.
        levels = [level if s % 2 == 0 else LEVELS[(seed + s) % len(LEVELS)] for s in range(4)]
        count = 0
        unlisted_lays = game == "hand" and level == "hard"
        for engine, seat, legal, move, _rng in decisions(game, levels[: N_SEATS[game]], seed):
            # Only Hand's hard lays what it planned beyond the few lays the engine lists (its
            # opening); the engine must accept that like any player's lay.
            assert move in legal or (unlisted_lays and isinstance(move, Lay))
            assert engine.check(seat, move) is None
            count += 1
        assert count > 0


@pytest.mark.parametrize("game", GAMES)
def test_a_fixed_seed_plays_the_same(game: str) -> None:
    levels = ["normal", "simple", "random", "normal"][: N_SEATS[game]]

    def moves(seed: int) -> list[object]:
        return [(seat, move) for _e, seat, _l, move, _r in decisions(game, levels, seed)]

    assert moves(11) == moves(11)
    assert moves(11) != moves(12)

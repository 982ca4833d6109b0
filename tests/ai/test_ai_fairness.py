"""A computer player decides from its own view only: moving every card it cannot see (the other
hands, the stock, the Mor piles) never changes its decision."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.ai import LEVELS, choose_move
from bot.games.registry import available_games
from tests.ai.playout import N_SEATS, SHUFFLERS, decision_rng, decisions, hidden_shuffled

GAMES = [g for g in sorted(SHUFFLERS) if g in available_games()]


@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_never_change_a_decision(game: str) -> None:
    levels = [LEVELS[i % len(LEVELS)] for i in range(N_SEATS[game])]
    checked = 0
    for seed in range(2 if game == "more3" else 3):
        for n, (engine, seat, legal, _move, _rng) in enumerate(decisions(game, levels, seed)):
            if n % 3:
                continue  # every third decision keeps the test short
            other = hidden_shuffled(engine, seat, random.Random(n))
            # Mor's JSON does not keep last_events (the story line), so compare the rest.
            assert replace(other.view(seat), last_events=()) == replace(
                engine.view(seat), last_events=()
            )
            other_legal = other.legal_moves(seat)
            assert other_legal == legal
            # hard samples the hidden cards: its search must see the same pool either way. It
            # is slow, so it is checked at every ninth decision only.
            for level in [lv for lv in LEVELS if lv != "hard" or n % 9 == 0]:
                mine = choose_move(engine.view(seat), legal, level, decision_rng(seed, n))
                theirs = choose_move(other.view(seat), other_legal, level, decision_rng(seed, n))
                assert mine == theirs, (game, seed, n, level)
            checked += 1
    assert checked > 20


def test_the_shuffle_really_moves_hidden_cards() -> None:
    """Guard for the test above: the shuffled copy differs where the seat can't see."""
    engine, seat, *_ = next(decisions("mor", ["normal"], 5))
    other = hidden_shuffled(engine, seat, random.Random(1))
    assert other.to_json()["hands"][seat] == engine.to_json()["hands"][seat]
    assert other.to_json()["stock"] != engine.to_json()["stock"]

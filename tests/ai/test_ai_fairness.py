"""A computer player decides from its own view only: moving every card it cannot see (the other
hands, the stock, the Mor and More side piles) never changes its decision, at any level, in any
game. The shuffle keeps every count the view shows (hand sizes, stock size, pile sizes) and every
card the seat can see (its hand, the melds, the discard pile), so each shuffled game is one the
seat could really be in."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.ai import LEVELS, choose_move
from bot.games.registry import available_games
from tests.ai.playout import SHUFFLERS, decision_rng, decisions, hidden_shuffled

GAMES = [g for g in sorted(SHUFFLERS) if g in available_games()]
# The round is played by these (fast) levels; every level is then asked at the sampled states.
PLAYERS = ["normal", "simple", "random"]


def hidden_places(game: str, data: dict, seat: int) -> list:
    others = [h for s, h in enumerate(data["hands"]) if s != seat]
    extra = {"mor": ["stock", "mors"], "more3": ["stock", "piles"], "hand": ["stock"]}
    return others + [data[k] for k in extra.get(game, [])]


def test_every_game_has_a_shuffle() -> None:
    assert set(GAMES) == {"mor", "more3", "hand", "runfast"}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_never_change_a_decision(game: str, level: str) -> None:
    # hard searches for up to a few hundred ms a decision: in the long rummy rounds it is asked
    # at every ninth state only.
    stride, seeds, least = (2, (0, 1, 2), 30)
    if level == "hard":
        stride, least = (9 if game in ("mor", "more3") else 3), 8
    checked = 0
    for seed in seeds:
        for n, (engine, seat, legal, _move, _rng) in enumerate(decisions(game, PLAYERS, seed)):
            if n % stride or len(legal) < 2:
                continue  # a lone legal move decides nothing
            other = hidden_shuffled(engine, seat, random.Random(n))
            # Mor's JSON does not keep last_events (the story line), so compare the rest.
            assert replace(other.view(seat), last_events=()) == replace(
                engine.view(seat), last_events=()
            )
            other_legal = other.legal_moves(seat)
            assert other_legal == legal
            mine = choose_move(engine.view(seat), legal, level, decision_rng(seed, n))
            theirs = choose_move(other.view(seat), other_legal, level, decision_rng(seed, n))
            assert mine == theirs, (game, seed, n, level)
            checked += 1
    assert checked >= least, (game, level, checked)


@pytest.mark.parametrize("game", GAMES)
def test_the_shuffle_really_moves_hidden_cards(game: str) -> None:
    """Guard for the test above: the shuffled copy differs where the seat can't see, and only
    there."""
    moved = 0
    for n, (engine, seat, *_rest) in enumerate(decisions(game, PLAYERS, 5)):
        if n > 12:
            break
        before = engine.to_json()
        after = hidden_shuffled(engine, seat, random.Random(n)).to_json()
        assert after["hands"][seat] == before["hands"][seat]
        places = zip(
            hidden_places(game, before, seat), hidden_places(game, after, seat), strict=True
        )
        for old, new in places:
            assert len(old) == len(new)  # every count the view shows stays
        if hidden_places(game, before, seat) != hidden_places(game, after, seat):
            moved += 1
    assert moved > 10

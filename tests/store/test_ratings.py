"""Skill ratings (bot.store.ratings): OpenSkill's Plackett–Luce over the games' own final order."""

from __future__ import annotations

import random

import pytest

from bot.store.ratings import (
    BASE,
    PROVISIONAL_GAMES,
    Rating,
    final_places,
    rate_game,
    rating_format,
    teams_of,
)


def test_a_new_member_shows_the_base_and_is_provisional() -> None:
    fresh = Rating.new()
    assert fresh.shown == BASE
    assert fresh.provisional
    assert not Rating(fresh.mu, fresh.sigma, PROVISIONAL_GAMES).provisional
    assert Rating(fresh.mu, fresh.sigma, PROVISIONAL_GAMES - 1).provisional


def test_formats_and_teams() -> None:
    assert rating_format("mor", {"players": 4}) == "mor-2v2"
    assert rating_format("mor", {"players": 2, "length": "quick"}) == "mor-1v1"
    assert rating_format("mor", {}) == "mor-2v2"
    assert rating_format("hand", {}) == "hand"
    assert teams_of("mor", 4) == [[0, 2], [1, 3]]
    assert teams_of("mor", 2) == [[0], [1]]
    assert teams_of("runfast", 3) == [[0], [1], [2]]


def test_places_follow_the_final_order_with_ties_sharing() -> None:
    # Highest total wins; seats 1 and 2 tie behind the winner.
    assert final_places([[0], [1], [2]], [120, 40, 40], [0], low_score_wins=False) == [1, 2, 2]
    # Hand: the lowest total wins, and the winner list agrees.
    assert final_places([[0], [1], [2]], [80, 15, 200], [1], low_score_wins=True) == [2, 1, 3]
    # Run Fast: whoever went out first wins even with a worse settlement than another seat.
    assert final_places([[0], [1], [2]], [10, 30, -40], [0], low_score_wins=False) == [1, 2, 3]
    # Two winners share first place (a shared More win).
    assert final_places([[0], [1], [2]], [3100, 3100, 900], [0, 1], False) == [1, 1, 3]
    # Mor 2 vs 2: partners carry one total.
    assert final_places([[0, 2], [1, 3]], [101, 60, 101, 60], [0, 2], False) == [1, 2]


def test_two_versus_two_moves_partners_together() -> None:
    changes = rate_game([[1, 3], [2, 4]], [1, 2], {})
    by_user = {c.user_id: c for c in changes}
    assert by_user[1].delta > 0 and by_user[3].delta > 0
    assert by_user[2].delta < 0 and by_user[4].delta < 0
    assert by_user[1].after == by_user[3].after  # equal before, equal after
    assert all(c.after.games == 1 for c in changes)
    assert all(c.after.sigma < c.before.sigma for c in changes)  # every game teaches the model


def test_three_players_with_a_tie_share_the_result() -> None:
    changes = rate_game([[7], [8], [9]], [1, 2, 2], {})
    by_user = {c.user_id: c for c in changes}
    assert by_user[7].delta > 0
    assert by_user[8].after == by_user[9].after
    assert by_user[8].after.mu < by_user[8].before.mu


def test_beating_a_stronger_player_earns_more() -> None:
    strong = Rating(32.0, 3.0, 40)
    weak = Rating(22.0, 3.0, 40)
    upset = {c.user_id: c for c in rate_game([[1], [2]], [1, 2], {1: weak, 2: strong})}
    expected = {c.user_id: c for c in rate_game([[1], [2]], [2, 1], {1: weak, 2: strong})}
    # The upset gains the weaker player more than the expected win gains the stronger one.
    assert upset[1].after.mu - weak.mu > expected[2].after.mu - strong.mu > 0


def _history(seed: int, games: int) -> list[tuple[list[list[int]], list[int]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        players = rng.sample(range(1, 9), 3)
        places = [rng.randint(1, 3) for _ in players]
        out.append(([[p] for p in players], places))
    return out


def _rate_all(history: list[tuple[list[list[int]], list[int]]]) -> dict[int, Rating]:
    ratings: dict[int, Rating] = {}
    for teams, places in history:
        for change in rate_game(teams, places, ratings):
            ratings[change.user_id] = change.after
    return ratings


def test_rating_the_same_history_again_gives_the_same_numbers_exactly() -> None:
    history = _history(5, 200)
    first, second = _rate_all(history), _rate_all(history)
    assert first == second  # float for float, which is what `rerate` relies on


def test_a_game_needs_two_teams_with_places() -> None:
    with pytest.raises(ValueError):
        rate_game([[1]], [1], {})
    with pytest.raises(ValueError):
        rate_game([[1], [2]], [1], {})

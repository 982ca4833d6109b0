"""Points by place, byes, Arena's streaks and the standings' tie-breaks, worked out by hand."""

from __future__ import annotations

import random

import pytest

from bot.store.ratings import final_places, teams_of
from bot.tournament.scoring import (
    BYE,
    WIN,
    Game,
    arena_points,
    place_points,
    standings,
)


def test_places_share_points_that_sum_to_a_table_s_worth() -> None:
    # Three places are worth 4 + 2 + 0 half-points however they tie; Mor's two sides 4 + 0 a seat.
    rng = random.Random(0)
    for _ in range(500):
        places = sorted(rng.choice([1, 2, 3]) for _ in range(3))
        # competition ranking: a place is 1 + how many are strictly better
        places = [1 + sum(p < q for p in places) for q in places]
        got = place_points([[1], [2], [3]], places)
        assert sum(got.values()) == 6
        better = [got[i + 1] for i in sorted(range(3), key=places.__getitem__)]
        assert better == sorted(better, reverse=True)
    assert place_points([[1, 3], [2, 4]], [1, 2]) == {1: WIN, 3: WIN, 2: 0, 4: 0}


def test_places_come_from_the_game_s_own_final_order() -> None:
    # Hand: the lowest total wins; 5 and 5 tie for second behind the winner's -30.
    places = final_places(teams_of("hand", 3), [-30, 5, 5], [0], low_score_wins=True)
    assert place_points([[10], [11], [12]], places) == {10: 4, 11: 1, 12: 1}
    mor = final_places(teams_of("mor", 4), [120, 80, 120, 80], [0, 2], low_score_wins=False)
    assert place_points([[10, 12], [11, 13]], mor) == {10: 4, 12: 4, 11: 0, 13: 0}


def test_a_computer_seat_takes_its_place_and_scores_for_nobody() -> None:
    assert place_points([[None], [7], [8]], [1, 2, 3]) == {7: 2, 8: 0}


def test_bad_orders_are_refused() -> None:
    with pytest.raises(ValueError):
        place_points([[1]], [1])
    with pytest.raises(ValueError):
        place_points([[1], [2]], [1])


def test_arena_doubles_while_on_a_streak_of_two_wins() -> None:
    assert arena_points([WIN, WIN, WIN, WIN]) == [4, 4, 8, 8]
    assert arena_points([WIN, WIN, 2, WIN, WIN]) == [4, 4, 4, 4, 4]
    # A shared first place (3 half-points) is a win; a second place (2) ends the streak.
    assert arena_points([3, 3, 2, 0]) == [3, 3, 4, 0]


def test_swiss_standings_break_ties_by_opponents_then_head_to_head_then_rating() -> None:
    # Four members, three games of three seats each (member 0 played every game).
    games = [
        Game({1: 4, 2: 2, 3: 0}),
        Game({1: 0, 2: 4, 4: 2}),
        Game({3: 4, 4: 2, 1: 2}),
    ]
    table = standings([1, 2, 3, 4], games, {1: 1000, 2: 1000, 3: 1500, 4: 900}, swiss=True)
    points = {s.member: s.points for s in table}
    assert points == {1: 6, 2: 6, 3: 4, 4: 4}
    # 1 and 2 tie on points; opponents: 1 met 2,3,2,4,3,4 -> 6+4+6+4+4+4 = 28; 2 met 1,3,1,4 ->
    # 6+4+6+4 = 20: member 1 first. 3 and 4 tie: 3 met 1,2,4,1 -> 6+6+4+6 = 22; 4 met 2,1,3,1
    # -> 6+6+4+6 = 22; head-to-head in the third game: 3 above 4.
    assert [s.member for s in table] == [1, 2, 3, 4]
    assert [s.tiebreak for s in table] == [28, 20, 22, 22]
    assert [s.place for s in table] == [1, 2, 3, 4]


def test_members_equal_to_the_rating_share_a_place_and_byes_count() -> None:
    table = standings([1, 2, 3], [], {1: 1000, 2: 1000, 3: 1000}, byes={3: 1})
    assert table[0].member == 3 and table[0].points == BYE
    assert [s.place for s in table] == [1, 2, 2]


def test_arena_standings_count_streaks_then_wins() -> None:
    games = [Game({1: 4, 2: 0}), Game({1: 4, 2: 0}), Game({1: 4, 2: 0}), Game({3: 4, 4: 0})]
    table = standings([1, 2, 3, 4], games, {}, arena=True)
    assert (table[0].member, table[0].points, table[0].wins) == (1, 16, 3)

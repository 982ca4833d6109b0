"""Pairing on thousands of random tournaments: nobody seated twice at once, tables of the right
size, repeats as few as a brute force finds on small fields, the same seed the same tables."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from bot.tournament.pairing import (
    Bracket,
    Entrant,
    arena_groups,
    draw_bracket,
    is_computer,
    met_counts,
    playable,
    ranked,
    record_winner,
    repeats,
    swiss_round,
    table_size,
)


def partitions(members: Sequence[int], size: int):
    """Every way to cut ``members`` into tables of ``size``, for the brute force: the smallest
    member's table is each choice of companions in turn, then the rest are cut alike."""
    if not members:
        yield []
        return
    low = min(members)
    rest = [m for m in members if m != low]
    for companions in itertools.combinations(rest, size - 1):
        left = [m for m in rest if m not in companions]
        for cut in partitions(left, size):
            yield [(low, *companions), *cut]


def random_field(rng: random.Random, n: int) -> list[Entrant]:
    return [Entrant(m, rng.randrange(0, 9), rng.uniform(800, 1400)) for m in range(1, n + 1)]


def play_rounds(rng: random.Random, members: list[int], size: int, rounds: int) -> list[tuple]:
    history = []
    for _ in range(rounds):
        shuffled = members[:]
        rng.shuffle(shuffled)
        history += [tuple(shuffled[i : i + size]) for i in range(0, len(shuffled) - size + 1, size)]
    return history


def test_table_sizes() -> None:
    assert table_size("mor", {"players": 2}) == 2
    assert table_size("mor", {"players": 4}) == 4
    assert table_size("mor", {}) == 4
    assert {table_size(g, {}) for g in ("more3", "hand", "runfast")} == {3}


@pytest.mark.parametrize("size", [2, 3, 4])
def test_swiss_seats_everyone_once_in_tables_of_the_game_s_size(size: int) -> None:
    rng = random.Random(size)
    for trial in range(400):
        n = rng.randrange(size, 31)
        field = random_field(rng, n)
        history = play_rounds(rng, [e.member for e in field], size, rng.randrange(0, 4))
        had_bye = {e.member for e in field if rng.random() < 0.2}
        computers = rng.random() < 0.5
        got = swiss_round(field, size, history, had_bye, computers, trial)
        seated = [m for t in got.tables for m in t if m is not None]
        assert sorted(seated + list(got.byes)) == sorted(e.member for e in field)
        assert all(len(t) == size for t in got.tables)
        short = [t for t in got.tables if None in t]
        left = n % size
        assert len(short) <= 1 and len(got.byes) < size
        if short:
            assert computers and 2 * left >= size
            assert sum(m is not None for m in short[0]) == left
        else:
            assert len(got.byes) == left
        # The byes go to members without one while any is left, the lowest in the standings first.
        if got.byes:
            without = [e.member for e in reversed(ranked(field)) if e.member not in had_bye]
            expected = without[: len(got.byes)]
            if len(without) >= len(got.byes):
                assert sorted(got.byes) == sorted(expected)
        assert got == swiss_round(field, size, history, had_bye, computers, trial)


@pytest.mark.parametrize("size", [2, 3, 4])
def test_swiss_repeats_are_as_few_as_a_brute_force_finds(size: int) -> None:
    rng = random.Random(100 + size)
    fields = {2: (4, 6, 8, 10), 3: (6, 9, 12), 4: (8, 12)}[size]
    for trial in range(40):
        n = rng.choice(fields)
        field = random_field(rng, n)
        members = [e.member for e in field]
        history = play_rounds(rng, members, size, rng.randrange(1, 4))
        got = swiss_round(field, size, history, (), False, trial)
        met = met_counts(history)
        best = min(repeats(p, met) for p in partitions(members, size))
        assert repeats(got.tables, met) == best


@pytest.mark.parametrize("size", [2, 3, 4])
def test_large_swiss_fields_do_no_worse_than_the_standings_cut_in_order(size: int) -> None:
    rng = random.Random(200 + size)
    for trial in range(25):
        n = rng.randrange(13, 61) // size * size
        field = random_field(rng, n)
        members = [e.member for e in field]
        history = play_rounds(rng, members, size, rng.randrange(1, 5))
        got = swiss_round(field, size, history, (), False, trial)
        met = met_counts(history)
        order = [e.member for e in ranked(field)]
        naive = [order[i : i + size] for i in range(0, n, size)]
        assert repeats(got.tables, met) <= repeats(naive, met)


def test_a_first_swiss_round_seats_by_the_standings() -> None:
    field = [
        Entrant(m, points, 1000) for m, points in zip(range(1, 7), [8, 8, 8, 0, 0, 0], strict=True)
    ]
    got = swiss_round(field, 3, [], (), False, 0)
    assert got.tables == ((1, 2, 3), (4, 5, 6))


@pytest.mark.parametrize("size", [2, 3, 4])
def test_arena_seats_whole_tables_of_the_waiting_and_avoids_the_last_group(size: int) -> None:
    rng = random.Random(300 + size)
    for trial in range(300):
        n = rng.randrange(0, 3 * size + 3)
        waiting = random_field(rng, n)
        members = [e.member for e in waiting]
        shuffled = members[:]
        rng.shuffle(shuffled)
        last = {}
        for i in range(0, len(shuffled) - size + 1, size):
            if rng.random() < 0.7:
                for m in shuffled[i : i + size]:
                    last[m] = tuple(shuffled[i : i + size])
        got = arena_groups(waiting, size, last, trial)
        seated = [m for t in got for m in t]
        assert len(seated) == len(set(seated)) == n // size * size
        assert set(seated) <= set(members)
        assert all(len(t) == size for t in got)
        # Those who have waited longest are seated first.
        assert set(seated) == set(members[: len(seated)])
        again = sum(any(frozenset(last.get(m, ())) == frozenset(t) for m in t) for t in got)
        if len(seated) <= 9:
            possible = (
                min(
                    sum(any(frozenset(last.get(m, ())) == frozenset(t) for m in t) for t in p)
                    for p in partitions(seated, size)
                )
                if seated
                else 0
            )
            assert again == possible
        assert got == arena_groups(waiting, size, last, trial)


def test_arena_plays_the_same_group_again_only_when_nothing_else_exists() -> None:
    waiting = [Entrant(m) for m in (1, 2, 3)]
    last = {m: (1, 2, 3) for m in (1, 2, 3)}
    assert arena_groups(waiting, 3, last, 0) == [(1, 2, 3)]
    waiting6 = [
        Entrant(m, points) for m, points in zip(range(1, 7), [9, 9, 9, 0, 0, 0], strict=True)
    ]
    last6 = {m: (1, 2, 3) for m in (1, 2, 3)}
    got = arena_groups(waiting6, 3, last6, 0)
    assert (1, 2, 3) not in got and len(got) == 2


@pytest.mark.parametrize("size", [2, 3, 4])
def test_a_knockout_seats_everyone_once_and_plays_down_to_one_champion(size: int) -> None:
    rng = random.Random(400 + size)
    for trial in range(400):
        n = rng.randrange(size if size != 4 else 3, 33)
        members = list(range(1, n + 1))
        bracket = draw_bracket(members, size, trial)
        assert bracket == draw_bracket(members, size, trial)
        assert Bracket.from_json(bracket.to_json()) == bracket
        first = bracket.rounds[0]
        seated = Counter(m for t in first for e in t.entries for m in e if m is not None)
        assert sorted(seated) == members and set(seated.values()) == {1}
        per = bracket.per_table
        assert per == (3 if size == 3 else 2)
        assert all(len(t.entries) in (1, per) for t in first)
        short = [t for t in first if any(is_computer(e) for e in t.entries)]
        assert len(short) <= 1
        # Only three-player games with an odd count left need the computer.
        if short:
            assert per == 3 and sum(not is_computer(e) for e in short[0].entries) == 2
        assert len(bracket.rounds[-1]) == 1
        while bracket.champion is None:
            todo = playable(bracket)
            assert todo
            r, j = todo[0]
            entries = list(bracket.rounds[r][j].entries)
            rng.shuffle(entries)
            bracket = record_winner(bracket, r, j, entries)
        assert not is_computer(bracket.champion)
        assert any(m is not None for m in bracket.champion)


def test_a_knockout_of_eight_in_mor_two_vs_two_is_two_tables_then_a_final() -> None:
    bracket = draw_bracket(list(range(1, 9)), 4, 7)
    assert [len(r) for r in bracket.rounds] == [2, 1]
    assert all(len(t.seats) == 4 for t in bracket.rounds[0])
    # Partners sit opposite: the pair's two members at seats 0 and 2, the other pair at 1 and 3.
    table = bracket.rounds[0][0]
    assert table.seats[0::2] == table.entries[0] and table.seats[1::2] == table.entries[1]


def test_a_computer_that_wins_a_knockout_table_never_goes_on() -> None:
    bracket = draw_bracket(list(range(1, 9)), 3, 1)
    r, j = next(
        (r, j)
        for r, j in playable(bracket)
        if any(is_computer(e) for e in bracket.rounds[r][j].entries)
    )
    entries = sorted(bracket.rounds[r][j].entries, key=lambda e: not is_computer(e))
    after = record_winner(bracket, r, j, entries)
    assert after.rounds[r][j].winner == entries[1]


def test_bad_results_are_refused() -> None:
    bracket = draw_bracket(list(range(1, 4)), 3, 0)
    with pytest.raises(ValueError):
        record_winner(bracket, 0, 0, [(1,), (2,)])
    done = record_winner(bracket, 0, 0, list(bracket.rounds[0][0].entries))
    with pytest.raises(ValueError):
        record_winner(done, 0, 0, list(bracket.rounds[0][0].entries))
    with pytest.raises(ValueError):
        draw_bracket([1], 3, 0)

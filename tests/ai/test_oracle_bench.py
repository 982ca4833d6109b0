"""bench/oracle.py's oracle sees the whole table through the ladder's own table only, takes away
exactly what ``--knows`` says, and never does worse than ``normal``'s own move on the truth it
sees."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields

import pytest

from bot.ai import choose_move
from bot.ai.hand import choose_normal
from bot.ai.search import playout
from bot.games.registry import engine_class
from tests.ai.repo_script import load_script

bench = load_script("bench/oracle.py")


def _hand_under_way(moves: int = 12):
    table = bench.open_table("hand").new({}, 7)
    for n in range(moves):
        seat = table.turn
        move = choose_move(table.view(seat), table.legal_moves(seat), "normal", random.Random(n))
        table.apply(seat, move)
    return table


def test_the_whole_table_rides_on_the_view_beside_the_plain_one() -> None:
    table = _hand_under_way()
    seat = table.turn
    view = table.view(seat)
    plain = engine_class("hand").view(table, seat)
    assert all(getattr(view, f.name) == getattr(plain, f.name) for f in fields(plain))
    assert engine_class("hand").from_json(view.table).to_json() == table.to_json()


def test_knowing_the_hands_keeps_them_and_shuffles_only_the_stock() -> None:
    view = _hand_under_way().view(0)
    state = bench.sampler("hand", "hands")(view, random.Random(3))
    assert state["hands"] == view.table["hands"]
    assert Counter(state["stock"]) == Counter(view.table["stock"])
    assert state["stock"] != view.table["stock"]
    assert {k: v for k, v in state.items() if k != "stock"} == {
        k: v for k, v in view.table.items() if k != "stock"
    }


def _beaten(state: dict, seat: int, move) -> float:
    game = engine_class("hand").from_json(state)
    game.apply(seat, move)
    playout(game, choose_normal, 0, None)
    return bench.seats_beaten(game, seat, -1.0)


@pytest.mark.parametrize("moves", [3, 12, 25])
def test_the_whole_truth_oracle_never_does_worse_than_normal_on_it(moves: int) -> None:
    table = _hand_under_way(moves)
    seat = table.turn
    view, legal = table.view(seat), table.legal_moves(seat)
    chosen = bench.oracle("hand", 24)(view, legal, random.Random(1))
    normal = choose_move(view, legal, "normal", random.Random(1))
    assert chosen in legal
    assert _beaten(view.table, seat, chosen) >= _beaten(view.table, seat, normal)


def test_it_refuses_a_count_below_one() -> None:
    with pytest.raises(SystemExit) as stop:
        bench.main(["hand", "--samples", "0"])
    assert stop.value.code == 2

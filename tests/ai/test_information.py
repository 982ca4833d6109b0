"""bench/information.py measures what knowing who holds the hidden cards is worth to hard: its
table shows the truth to its chooser alone, a share of 0 deals every hand as it is, a share of 1
deals the hidden cards anew, and hard's own dealing is put back afterwards."""

from __future__ import annotations

import importlib
import random
from collections import Counter
from dataclasses import fields

import pytest

from bot.ai import choose_move, search
from bot.computers import ladder
from bot.games.registry import engine_class
from tests.ai.repo_script import load_script

bench = load_script("bench/information.py")


def _table_under_way(game: str):
    table = bench.open_table(game).new({}, 5)
    for n in range(9):
        seat = table.turn
        move = choose_move(table.view(seat), table.legal_moves(seat), "normal", random.Random(n))
        table.apply(seat, move)
    return table


@pytest.mark.parametrize("game", bench.GAMES)
def test_the_open_table_shows_the_plain_view_and_every_hand(game: str) -> None:
    table = _table_under_way(game)
    seat = table.turn
    view = table.view(seat)
    plain = engine_class(game).view(table, seat)
    assert all(getattr(view, f.name) == getattr(plain, f.name) for f in fields(plain))
    assert view.truth == tuple(map(tuple, table.hands))


@pytest.mark.parametrize("game", bench.GAMES)
def test_a_share_of_0_keeps_every_hand_and_1_deals_anew(game: str) -> None:
    table = _table_under_way(game)
    view = table.view(table.turn)
    module = importlib.import_module(f"bot.ai.{game}")
    where, name = ladder.place(game, bench.DEALS_WITH[game])
    truth = [Counter(h) for h in table.hands]
    dealt_hands = []
    for share in (0.0, 1.0, 1.0, 1.0):
        setattr(where, name, bench.told_deal(bench.hidden_truth(view), share))
        try:
            state = module._sample_state(view, random.Random(len(dealt_hands)))
        finally:
            setattr(where, name, bench.AT_RANDOM)
        dealt_hands.append([Counter(h) for h in state["hands"]])
    as_text = [Counter(str(c) for c in h.elements()) for h in truth]
    assert dealt_hands[0] == as_text
    # Dealt anew: every hand keeps its size, and some deal differs from the truth.
    for hands in dealt_hands[1:]:
        assert [sum(h.values()) for h in hands] == [len(h) for h in table.hands]
        assert hands[view.seat] == as_text[view.seat]
    assert any(hands != as_text for hands in dealt_hands[1:])


@pytest.mark.parametrize("game", bench.GAMES)
def test_the_told_hard_plays_a_legal_move_and_puts_hards_dealing_back(game: str) -> None:
    table = _table_under_way(game)
    seat = table.turn
    where, name = ladder.place(game, bench.DEALS_WITH[game])
    move = bench.told(game, 0.0)(table.view(seat), table.legal_moves(seat), random.Random(0))
    assert table.can(seat, move)
    assert getattr(where, name) is search.deal

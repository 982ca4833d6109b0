"""bench/runfast_information.py measures what knowing the hidden hands is worth to Run Fast's
hard: its table shows the truth to its chooser alone, a share of 0 deals exactly the truth, a
share of 1 deals every hidden card anew, and hard's own dealing is put back afterwards."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields

from bot.ai import choose_move, runfast
from bot.games.runfast import RunFast
from tests.ai.repo_script import load_script

bench = load_script("bench/runfast_information.py")


def _table_under_way() -> RunFast:
    table = bench.OpenTable.new({}, 5)
    for n in range(7):
        seat = table.turn
        move = choose_move(table.view(seat), table.legal_moves(seat), "normal", random.Random(n))
        table.apply(seat, move)
    return table


def test_the_open_table_shows_the_plain_view_and_every_hand() -> None:
    table = _table_under_way()
    seat = table.turn
    view = table.view(seat)
    plain = RunFast.view(table, seat)
    assert all(getattr(view, f.name) == getattr(plain, f.name) for f in fields(plain))
    assert view.truth == tuple(map(tuple, table.hands))


def test_a_share_of_0_deals_the_truth_and_1_deals_anew() -> None:
    table = _table_under_way()
    view = table.view(table.turn)
    truth = [Counter(h) for h in table.hands]
    exact = bench.told_deals(view.truth, 0.0)(view, random.Random(1))
    assert [Counter(h) for h in exact] == truth
    for seed in range(5):
        dealt = bench.told_deals(view.truth, 1.0)(view, random.Random(seed))
        assert [len(h) for h in dealt] == [len(h) for h in table.hands]
        assert Counter(dealt[view.seat]) == truth[view.seat]
        assert sum(map(Counter, dealt), Counter()) == sum(truth, Counter())
    assert any(
        [Counter(h) for h in bench.told_deals(view.truth, 1.0)(view, random.Random(s))] != truth
        for s in range(5)
    )


def test_the_told_hard_plays_a_legal_move_and_puts_hards_dealing_back() -> None:
    table = _table_under_way()
    seat = table.turn
    plain = runfast._deal_others
    move = bench.told(0.0)(table.view(seat), table.legal_moves(seat), random.Random(0))
    assert table.can(seat, move)
    assert runfast._deal_others is plain

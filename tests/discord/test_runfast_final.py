"""Run Fast's final words never contradict themselves: whoever went out first wins, even when
the settlement (a bomb's bonus) leaves another seat ahead, so the winner is named first, then
the settlement, on the final table and in the thread's last message."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

from bot.computers.pool import ComputerPool, choose_computer_move
from bot.games import registry
from bot.store import SQLiteStore
from bot.tables import TableService
from cogs.utils.presenter import Presenter
from cogs.utils.words import standings


def finished_deal(seed: int) -> object:
    game = registry.new_game("runfast", {}, seed)
    while not game.game_over:
        seat = game.turn
        game.apply(seat, choose_computer_move(game, seat, "simple", random.Random(seed)))
    return game


def test_winners_first_then_the_rest_by_total() -> None:
    assert standings([-4, 18, -14], winners=(0,)) == [(1, 0), (2, 1), (3, 2)]
    assert standings([-4, 18, -14]) == [(1, 1), (2, 0), (3, 2)]
    assert standings([5, 5, 9], low_score_wins=True, winners=(0, 1)) == [(1, 0), (1, 1), (3, 2)]


async def test_runfast_final_table_names_the_winner_first(tmp_path: Path) -> None:
    game = finished_deal(19)  # seat 2 went out first, seat 1 is ahead on the settlement
    totals, winner = game.totals(), game.winners[0]
    assert max(totals) != totals[winner]
    store = await SQLiteStore.open(tmp_path / "bot.db")
    service = TableService(store, computers=ComputerPool(0))
    try:
        live = await service.open_table(1, channel_id=2, host_id=3, game="runfast")
        live.engine = game
        presenter = Presenter(SimpleNamespace(names={3: "Huda"}))
        lines = presenter.final_text(live).splitlines()
        name = lines[2].split(". ", 1)[1].split(":")[0]
        assert lines[1] == f"{name} went out first and won. The settlement:"
        assert lines[2].startswith("1. ") and "50 pearls" in lines[2] and name in lines[1]
        # Nobody else is "1." however large their total.
        assert [line.split(".")[0] for line in lines[2:5]] == ["1", "2", "3"]
    finally:
        await service.close()
        await store.close()

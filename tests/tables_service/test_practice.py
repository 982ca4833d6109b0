"""Practice tables on the real service and SQLite file: computers fill the seats, hints come
only there, the mark survives a restart, and the finished game stays out of the rankings."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.practice import PRACTICE_TIMER, is_practice, open_practice, practice_hint
from bot.store import Store
from bot.tables import Refusal, TableService

from .conftest import ParkedSleep, Recorder

G, CH, ME = 111, 222, 1


async def test_practice_runfast_to_the_end_with_hints_out_of_the_rankings(
    service: TableService,
) -> None:
    # Run Fast refuses options it doesn't know, so this also shows the practice mark never
    # reaches the engine.
    live = await open_practice(service, G, channel_id=CH, user_id=ME, game="runfast")
    assert is_practice(live) and live.table.turn_timer == PRACTICE_TIMER
    assert [s.computer for s in live.seats[1:]] == ["normal", "normal"]
    while not live.engine.game_over:
        await service.idle(G, live.id)
        if live.engine.game_over:
            break
        h = await practice_hint(service, G, live.id, ME)
        assert live.engine.check(0, h.move) is None, h
        await service.play(G, live.id, ME, h.move, expected_version=live.version)
    game = await service.store.table_game(G, live.id)
    assert game is not None and game.options.get("practice") is True  # in the history
    assert await service.store.top(G, "runfast") == []  # and in no ranking
    assert await service.store.top(G) == []


async def test_hint_only_at_practice_tables(service: TableService) -> None:
    live = await service.open_table(G, channel_id=CH, host_id=ME, game="runfast")
    await service.start(G, live.id, ME)
    with pytest.raises(Refusal, match="practice"):
        await practice_hint(service, G, live.id, ME)


async def test_practice_mark_survives_a_restart(
    db_path: Path, service: TableService, sleeper: ParkedSleep, recorder: Recorder
) -> None:
    live = await open_practice(service, G, channel_id=CH, user_id=ME, game="hand", level="hard")
    await service.idle(G, live.id)
    await service.close()
    store = await Store.open(db_path)
    try:
        again = TableService(store, bot_delay=0, sleep=sleeper, seeds=lambda: 1)
        (restored,) = await again.restore()
        assert is_practice(restored)
        await again.close()
    finally:
        await store.close()


async def test_bad_level_changes_nothing(service: TableService) -> None:
    with pytest.raises(Refusal, match="levels"):
        await open_practice(service, G, channel_id=CH, user_id=ME, game="mor", level="expert")
    assert service.tables(G) == []

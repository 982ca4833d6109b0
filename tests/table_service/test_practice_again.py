""" "Try again from here" on the real service and SQLite file: a finished practice table's record
up to a move of the member's becomes a new practice table, saved before it is shown, the member
in the same seat and to move, computers of the same level; anything else is refused and opens
nothing. And a review decided in the worker processes is the one decided inline."""

from __future__ import annotations

import pytest

from bot.computers.pool import ComputerPool
from bot.learning.practice import open_practice, practice_again, practice_hint, review_start
from bot.learning.review import review
from bot.store import SQLiteStore
from bot.store.models import Table
from bot.tables import PRACTICE_FROM, Refusal, TableService

from .conftest import ParkedSleep

G, CH, ME, OTHER = 111, 222, 1, 2


async def finished_practice(service: TableService, game: str = "runfast") -> Table:
    live = await open_practice(service, G, channel_id=CH, user_id=ME, game=game, level="simple")
    while not live.engine.game_over:
        await service.idle(G, live.id)
        if live.engine.game_over:
            break
        if live.engine.round_over:
            await service.ready(G, live.id, ME)
            continue
        found = await practice_hint(service, G, live.id, ME)
        await service.play(G, live.id, ME, found.move, expected_version=live.version)
    table = await service.store.get_table(G, live.id)
    assert table is not None
    return table


def my_moves(table: Table) -> list[int]:
    assert table.record is not None
    return [k for k, m in enumerate(table.record["moves"]) if m.get("seat") == 0]


async def test_try_again_opens_a_saved_practice_table_at_that_move(service: TableService) -> None:
    old = await finished_practice(service)
    position = my_moves(old)[2]
    live = await practice_again(service, old, ME, position)
    assert live.id != old.id and live.seat_of(ME) == 0
    assert [s.computer for s in live.seats[1:]] == ["simple", "simple"]
    assert live.table.options[PRACTICE_FROM] == position
    assert old.record is not None
    assert list(live.engine.record["moves"]) == list(old.record["moves"][:position])
    assert live.engine.turn == 0 and live.engine.legal_moves(0)
    stored = await service.store.get_table(G, live.id)
    assert stored is not None and stored.version == position  # saved, as it stands
    assert review_start(stored) == position  # its own review looks from there on


async def test_a_position_not_the_members_move_is_refused(service: TableService) -> None:
    old = await finished_practice(service)
    assert old.record is not None
    theirs = next(k for k, m in enumerate(old.record["moves"]) if m.get("seat") != 0)
    before = len(service.tables(G))
    for position in (theirs, 10_000, -1):
        with pytest.raises(Refusal, match="can't be played again"):
            await practice_again(service, old, ME, position)
    with pytest.raises(Refusal, match="no seat"):
        await practice_again(service, old, OTHER, my_moves(old)[0])
    assert len(service.tables(G)) == before  # nothing opened


async def test_only_a_finished_practice_table_is_tried_again(service: TableService) -> None:
    live = await service.open_table(G, channel_id=CH, host_id=ME, game="runfast")
    await service.start(G, live.id, ME)
    ranked = await service.store.get_table(G, live.id)
    assert ranked is not None
    with pytest.raises(Refusal, match="not a practice game"):
        await practice_again(service, ranked, ME, 0)
    practice = await open_practice(service, G, channel_id=CH, user_id=ME, game="runfast")
    playing = await service.store.get_table(G, practice.id)
    assert playing is not None
    with pytest.raises(Refusal, match="still being played"):
        await practice_again(service, playing, ME, 0)


async def test_a_review_in_the_workers_is_the_inline_one(store: SQLiteStore) -> None:
    service = TableService(
        store, bot_delay=0, sleep=ParkedSleep(), seeds=lambda: 3, computers=ComputerPool(0)
    )
    pool = ComputerPool(2)
    try:
        old = await finished_practice(service)
        assert old.record is not None
        there = await pool.review(old.record, 0, samples=3)
        assert pool._pool is not None and pool._pool._processes  # type: ignore[union-attr]
        assert there == review(old.record, 0, samples=3)
    finally:
        await pool.close()
        await service.close()

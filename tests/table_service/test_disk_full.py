"""A full disk, for real: SQLite's own SQLITE_FULL from a page limit set on the live connection.

The store is made with 512-byte pages so that a table's growing record needs a new page every
dozen moves or so; with the page limit at the file's size, the first save that needs a page is
refused by SQLite itself, wherever it falls. No part of the store is replaced.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.computers.pool import ComputerPool, choose_computer_move
from bot.games import registry
from bot.i18n import t
from bot.store import SQLiteStore
from bot.tables import RETRY_FIRST, Notice, Refusal, TableService

from .conftest import ParkedSleep, Recorder
from .test_tables import BOB, CH, HOST, G

UNLIMITED = 1_073_741_823  # SQLite's largest page count


async def set_disk_full(store: SQLiteStore, full: bool) -> None:
    """Full: the file may not grow by one page; not full: as much room as SQLite allows."""
    db = store._db  # the store's own live connection: the limit must bind its writes
    async with db.execute("PRAGMA page_count") as cursor:
        (pages,) = await cursor.fetchone()
    await db.execute(f"PRAGMA max_page_count = {pages if full else UNLIMITED}")


@pytest.fixture
async def small_pages(tmp_path: Path) -> AsyncIterator[SQLiteStore]:
    path = tmp_path / "small.db"
    with sqlite3.connect(path) as db:  # the page size is fixed when a file is first written
        db.execute("PRAGMA page_size = 512")
        db.execute("VACUUM")
    store = await SQLiteStore.open(path)
    yield store
    await store.close()


@pytest.fixture
async def services(
    small_pages: SQLiteStore, sleeper: ParkedSleep
) -> AsyncIterator[Callable[[Recorder], TableService]]:
    made: list[TableService] = []

    def new_service(listener: Recorder) -> TableService:
        made.append(
            TableService(
                small_pages,
                listener=listener,
                bot_delay=0,
                sleep=sleeper,
                seeds=lambda: 12345,
                clock=lambda: 1_000_000.0,
                computers=ComputerPool(0),
            )
        )
        return made[-1]

    yield new_service
    for service in made:
        await service.close()


async def assert_as_stored(service: TableService, live) -> None:  # type: ignore[no-untyped-def]
    """The engine in memory is the one the stored record replays to: nothing half-applied."""
    stored = await service.store.get_table(G, live.id)
    assert stored.version == live.version
    assert registry.replay(stored.record).to_json() == live.engine.to_json()


async def test_a_member_move_on_a_full_disk_is_refused_and_plays_once_there_is_room(
    small_pages: SQLiteStore, services: Callable[[Recorder], TableService], recorder: Recorder
) -> None:
    service = services(recorder)
    live = await service.open_table(
        G, channel_id=CH, host_id=HOST, game="mor", options={"players": 2}
    )
    await service.join(G, live.id, BOB)
    await service.start(G, live.id, HOST)
    await set_disk_full(small_pages, True)
    for _ in range(200):  # members only: every save is a member's move
        seat = live.engine.turn
        user = live.seats[seat].user_id
        move = choose_computer_move(live.engine, seat, "normal", random.Random(live.version))
        before, version, told = live.engine.to_json(), live.version, len(recorder.notices)
        try:
            await service.play(G, live.id, user, move, expected_version=version)
        except Refusal as e:
            refused = e
            break
    else:
        pytest.fail("no save needed a new page")
    assert refused.key == "disk_full" and str(refused) == t("disk_full")
    assert live.engine.to_json() == before and live.version == version
    assert len(recorder.notices) == told  # nobody was told of a move that did not happen
    await assert_as_stored(service, live)

    await set_disk_full(small_pages, False)
    await service.play(G, live.id, user, move, expected_version=version)
    assert live.version == version + 1
    await assert_as_stored(service, live)


async def test_a_computer_turn_on_a_full_disk_waits_and_plays_once_there_is_room(
    small_pages: SQLiteStore, services: Callable[[Recorder], TableService], sleeper: ParkedSleep
) -> None:
    class FillAfterHost(Recorder):
        """The host's own moves are saved with room; the disk fills right after each, so only
        the computer's saves meet it."""

        async def __call__(self, notice: Notice) -> None:
            await super().__call__(notice)
            if notice.kind == "move" and notice.seat == 0:
                await set_disk_full(small_pages, True)

    service = services(FillAfterHost())
    live = await service.open_table(
        G, channel_id=CH, host_id=HOST, game="mor", options={"players": 2}
    )
    await service.start(G, live.id, HOST)  # the host against one computer
    for _ in range(200):
        await service.idle(G, live.id)
        if live.task_kind == "retry":
            break
        assert live.engine.turn == 0 and not live.engine.round_over
        await set_disk_full(small_pages, False)
        move = choose_computer_move(live.engine, 0, "normal", random.Random(live.version))
        await service.play(G, live.id, HOST, move, expected_version=live.version)
    else:
        pytest.fail("no computer save needed a new page")
    stuck_at = live.version
    assert live.engine.turn == 1
    await assert_as_stored(service, live)

    # Still full: the retry is refused again and waits twice as long.
    assert await sleeper.fire(RETRY_FIRST) == 1
    await service.idle(G, live.id)
    assert live.task_kind == "retry" and live.version == stuck_at
    assert await sleeper.waiting(2 * RETRY_FIRST) == 1
    await assert_as_stored(service, live)

    # Room again: the computer plays on by itself, back to the host's turn.
    await set_disk_full(small_pages, False)
    assert await sleeper.fire(2 * RETRY_FIRST) == 1
    await service.idle(G, live.id)
    assert live.version > stuck_at and live.failed_saves == 0
    assert live.engine.turn == 0 or live.engine.round_over
    await assert_as_stored(service, live)

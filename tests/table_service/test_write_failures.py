"""Any write the store can't make, not only a full disk, leaves play standing: a member hears one
sentence and the move is not applied; a timed action (a computer's move, a turn timer, the next
deal) tries again with backoff and the table moves on by itself once writing works again.

Every failure is SQLite's own, on a real file: another connection holding the write lock
(``BEGIN IMMEDIATE``, as the ``sqlite3`` shell or a backup does) past the store's busy wait, and a
connection that may not write (``PRAGMA query_only``: SQLite's SQLITE_READONLY, as for a file
that became read-only). An I/O error is tests/store/test_store_unavailable.py's.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import AsyncIterator
from contextlib import closing
from pathlib import Path

import pytest

from bot.computers.pool import ComputerPool, choose_computer_move
from bot.games import registry
from bot.i18n import t
from bot.store import SQLiteStore, StoreUnavailable
from bot.tables import RETRY_FIRST, LiveTable, Notice, Refusal, TableService

from .conftest import ParkedSleep, Recorder
from .test_tables import BOB, CH, HOST, G, play_round

QUICK_BUSY = 0.05  # seconds a write waits for another's lock: the test need not wait 2 s


class Breakage:
    """Makes the store's writes fail for real, and mends them."""

    def __init__(self, store: SQLiteStore, path: Path, how: str) -> None:
        self.store, self.path, self.how = store, path, how
        self.other: sqlite3.Connection | None = None

    async def start(self) -> None:
        if self.how == "locked":
            # Another program takes the write lock and keeps it (the sqlite3 shell's BEGIN
            # IMMEDIATE): the store's writes wait their busy time, then SQLite says SQLITE_BUSY.
            self.other = sqlite3.connect(self.path, isolation_level=None)
            self.other.execute("BEGIN IMMEDIATE")
        else:
            await self.store._db.execute("PRAGMA query_only = ON")  # the store's own connection

    async def stop(self) -> None:
        if self.other is not None:
            self.other.execute("ROLLBACK")
            self.other.close()
            self.other = None
        else:
            await self.store._db.execute("PRAGMA query_only = OFF")


@pytest.fixture
async def quick_store(db_path: Path) -> AsyncIterator[SQLiteStore]:
    opened = await SQLiteStore.open(db_path, busy_timeout=QUICK_BUSY)
    yield opened
    await opened.close()


def new_service(store: SQLiteStore, listener: Recorder, sleeper: ParkedSleep) -> TableService:
    return TableService(
        store,
        listener=listener,
        bot_delay=0,
        next_round_delay=30,
        sleep=sleeper,
        seeds=lambda: 12345,
        clock=lambda: 1_000_000.0,
        computers=ComputerPool(0),
    )


async def assert_as_stored(service: TableService, live: LiveTable) -> None:
    """The engine in memory is the one the stored record replays to: nothing half-applied."""
    stored = await service.store.get_table(G, live.id)
    assert stored is not None and stored.version == live.version
    assert registry.replay(stored.record).to_json() == live.engine.to_json()


@pytest.mark.parametrize("how", ["locked", "read-only"])
async def test_a_member_move_that_cant_be_written_is_refused_and_plays_once_it_can(
    quick_store: SQLiteStore, db_path: Path, sleeper: ParkedSleep, recorder: Recorder, how: str
) -> None:
    service = new_service(quick_store, recorder, sleeper)
    try:
        live = await service.open_table(
            G, channel_id=CH, host_id=HOST, game="mor", options={"players": 2}, turn_timer=0
        )
        await service.join(G, live.id, BOB)
        await service.start(G, live.id, HOST)
        seat = live.engine.turn
        user = live.seats[seat].user_id
        move = choose_computer_move(live.engine, seat, "normal", random.Random(1))
        before, version, told = live.engine.to_json(), live.version, len(recorder.notices)

        broken = Breakage(quick_store, db_path, how)
        await broken.start()
        with pytest.raises(Refusal) as refused:
            await service.play(G, live.id, user, move, expected_version=version)
        assert refused.value.key == "store_unavailable"
        assert refused.value.words("nl") == t("store_unavailable", "nl")
        assert live.engine.to_json() == before and live.version == version
        assert len(recorder.notices) == told  # nobody heard of a move that did not happen
        # A lobby's change and a new table are refused the same way.
        with pytest.raises(Refusal, match="nothing changed"):
            await service.open_table(G, channel_id=CH, host_id=BOB, game="runfast")
        await broken.stop()
        await assert_as_stored(service, live)

        await service.play(G, live.id, user, move, expected_version=version)
        assert live.version == version + 1
        await assert_as_stored(service, live)
    finally:
        await service.close()


@pytest.mark.parametrize("how", ["locked", "read-only"])
async def test_timed_actions_try_again_and_the_table_moves_on_by_itself(
    quick_store: SQLiteStore, db_path: Path, sleeper: ParkedSleep, how: str
) -> None:
    broken = Breakage(quick_store, db_path, how)

    class BreakAfterHost(Recorder):
        """The host's moves are written; right after the one that hands the turn on, writing
        fails, so the computer's move meets it."""

        armed = True

        async def __call__(self, notice: Notice) -> None:
            await super().__call__(notice)
            engine = notice.table.engine
            if self.armed and notice.kind == "move" and notice.seat == 0 and engine.turn == 1:
                self.armed = False
                await broken.start()

    recorder = BreakAfterHost()
    service = new_service(quick_store, recorder, sleeper)
    try:
        live = await service.open_table(
            G, channel_id=CH, host_id=HOST, game="mor", options={"players": 2}, turn_timer=60
        )
        await service.start(G, live.id, HOST)  # the host against one computer
        await service.idle(G, live.id)
        while live.engine.turn == 0 and recorder.armed:  # draw, then discard
            move = choose_computer_move(live.engine, 0, "normal", random.Random(live.version))
            await service.play(G, live.id, HOST, move, expected_version=live.version)

        # 1. The computer's move can't be written: it waits and tries again, twice as late.
        await service.idle(G, live.id)
        stuck = live.version
        assert live.task_kind == "retry" and live.engine.turn == 1
        await assert_as_stored(service, live)
        assert await sleeper.fire(RETRY_FIRST) == 1
        await service.idle(G, live.id)
        assert live.task_kind == "retry" and live.version == stuck
        assert await sleeper.waiting(2 * RETRY_FIRST) == 1
        await broken.stop()
        assert await sleeper.fire(2 * RETRY_FIRST) == 1
        await service.idle(G, live.id)
        assert live.version > stuck and live.failed_saves == 0
        await assert_as_stored(service, live)

        # 2. The host's turn timer runs out while writing fails: the computer's move for the
        # host waits too, and is made once writing works.
        assert live.engine.turn == 0 and live.task_kind == "timer"
        stuck = live.version
        await broken.start()
        assert await sleeper.fire(60) == 1
        await service.idle(G, live.id)
        assert live.task_kind == "retry" and live.version == stuck
        assert live.table.missed_turns[0] == 0  # the missed turn was not counted either
        await assert_as_stored(service, live)
        await broken.stop()
        assert await sleeper.fire(RETRY_FIRST) == 1
        await service.idle(G, live.id)
        assert live.version > stuck and live.table.missed_turns[0] == 1
        await assert_as_stored(service, live)
    finally:
        await service.close()


@pytest.mark.parametrize("how", ["locked", "read-only"])
async def test_the_next_deal_waits_for_writing_to_work(
    quick_store: SQLiteStore, db_path: Path, sleeper: ParkedSleep, recorder: Recorder, how: str
) -> None:
    service = new_service(quick_store, recorder, sleeper)
    try:
        live = await service.open_table(
            G,
            channel_id=CH,
            host_id=HOST,
            game="mor",
            options={"players": 2, "length": "quick"},
            turn_timer=0,
        )
        await service.join(G, live.id, BOB)
        await service.start(G, live.id, HOST)
        await play_round(service, live)
        stuck = live.version
        await service.ready(G, live.id, HOST)  # Bob is not ready: the pause runs out instead
        broken = Breakage(quick_store, db_path, how)
        await broken.start()
        with pytest.raises(Refusal, match="nothing changed"):  # Bob's ready would deal: refused
            await service.ready(G, live.id, BOB)
        assert live.ready == {0} and live.engine.round_over and live.version == stuck
        assert await sleeper.fire(30) == 1
        await service.idle(G, live.id)
        assert live.task_kind == "retry" and live.engine.round_over and live.version == stuck
        await assert_as_stored(service, live)
        await broken.stop()
        assert await sleeper.fire(RETRY_FIRST) == 1
        await service.idle(G, live.id)
        assert not live.engine.round_over and live.version > stuck
        await assert_as_stored(service, live)
    finally:
        await service.close()


async def test_the_store_says_store_unavailable_for_a_held_lock(
    quick_store: SQLiteStore, db_path: Path
) -> None:
    """The store's own answer, whatever the SQL: a save, a settings upsert, a read-back."""
    with closing(sqlite3.connect(db_path, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(StoreUnavailable) as refused:
            await quick_store.create_table(
                G, channel_id=CH, host_id=HOST, game="mor", seats=[None, None], seed=1
            )
        assert "database is locked" in str(refused.value)
        other.execute("ROLLBACK")
    assert await quick_store.unfinished_tables(G) == []

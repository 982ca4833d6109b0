"""Closing the store always stops its connection's thread, so the bot's process can exit."""

from __future__ import annotations

import sqlite3
import threading
from contextlib import closing
from pathlib import Path

import pytest
from store_helpers import ALICE, BOB, GUILD, playing_table

from bot.store import Seat, SQLiteStore


async def test_close_finishes_when_optimize_fails(
    db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    before = set(threading.enumerate())
    store = await SQLiteStore.open(db_path)
    worker = set(threading.enumerate()) - before  # aiosqlite's thread, which is not a daemon
    assert worker
    table = await playing_table(store, (Seat.member(ALICE), Seat.member(BOB), Seat.bot("easy")))
    # A session's reads, after which PRAGMA optimize wants to refresh the planner's statistics.
    await store.all_unfinished_tables()
    await store.top(GUILD, "runfast")
    with closing(sqlite3.connect(db_path, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")  # another program (a backup, say) holds the write lock
        await store.close()
        other.execute("ROLLBACK")
    assert "Skipped optimising" in caplog.text  # optimize really failed: "database is locked"
    for thread in worker:
        thread.join(timeout=60)  # only bounds a regression's hang; a stopped thread joins at once
    assert not any(thread.is_alive() for thread in worker)
    # Nothing written before was lost.
    async with await SQLiteStore.open(db_path) as again:
        assert [t.id for t in await again.all_unfinished_tables()] == [table.id]

"""Shards: which servers' tables a process restores, and never two processes on one shard."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import asyncpg
import pytest
from blackhole import Blackhole
from store_helpers import ALICE, BOB, fake_record

from bot.store import GameStore, Seat, ShardTaken, SQLiteStore
from bot.store.postgres import SHARD_LOCKS, PostgresStore
from bot.store.shards import Shards, ShardsError
from tests.postgres import RunDatabase

ROOT = Path(__file__).resolve().parents[2]
SEATS = (Seat.member(ALICE), Seat.member(BOB), Seat.bot("easy"))


def guild_on(shard: int, count: int, n: int = 0) -> int:
    """A snowflake-sized server id that Discord puts on ``shard`` of ``count``."""
    return ((1_180_000_000 + n * count + shard) << 22) | 12345


def test_shards_are_read_as_numbers_and_ranges() -> None:
    shards = Shards.parse("0-3, 8,10-11", 16)
    assert shards.ids == (0, 1, 2, 3, 8, 10, 11) and shards.split
    assert str(shards) == "0-3,8,10-11 of 16"
    assert not Shards.parse("0-3", 4).split
    assert [Shards.parse("1", 4).owns(guild_on(s, 4)) for s in range(4)] == [0, 1, 0, 0]
    for text, said in [("0-a", "not a list"), ("3-1", "runs backwards"), ("16", "does not exist")]:
        with pytest.raises(ShardsError, match=said):
            Shards.parse(text, 16)


async def test_a_process_restores_only_its_shards_tables(store: GameStore) -> None:
    tables = {}
    for shard in range(4):
        for n in range(2):
            guild = guild_on(shard, 4, n)
            t = await store.create_table(
                guild, channel_id=1, host_id=ALICE, game="runfast", seats=SEATS, seed=n
            )
            tables[guild, t.id] = shard
            await store.start_table(guild, t.id, record=fake_record(0))
    mine = await store.all_unfinished_tables(Shards.parse("1-2", 4))
    assert {(t.guild_id, t.id) for t in mine} == {k for k, s in tables.items() if s in (1, 2)}
    assert all(t.record is not None for t in mine)
    everything = await store.all_unfinished_tables()
    assert len(everything) == 8


async def test_a_sqlite_file_is_not_split_between_processes(db_path: Path) -> None:
    store = await SQLiteStore.open(db_path)
    try:
        await store.hold_shards(None)
        await store.hold_shards(Shards.parse("0-3", 4))  # every shard: one process
        with pytest.raises(ShardTaken) as refused:
            await store.hold_shards(Shards.parse("0-1", 4))
        message = str(refused.value)
        assert "can't be shared between processes" in message and "0-1 of 4" in message
    finally:
        await store.close()


async def test_a_shard_is_held_by_one_process_only(postgres: RunDatabase) -> None:
    url = await postgres.fresh_schema()
    first = await PostgresStore.open(url)
    second = await PostgresStore.open(url)
    whole = await PostgresStore.open(url)
    try:
        await first.hold_shards(Shards.parse("0-1", 4))
        with pytest.raises(ShardTaken, match=r"^Shard 1 is already run by another"):
            await second.hold_shards(Shards.parse("1-2", 4))
        await second.hold_shards(Shards.parse("2-3", 4))  # its peer's shards are not its own
        with pytest.raises(ShardTaken, match="already runs shards"):
            await whole.hold_shards(None)
        await first.close()
        await second.close()
        await whole.hold_shards(None)  # the locks went with their connections
        again = await PostgresStore.open(url)
        with pytest.raises(ShardTaken, match="running every shard already uses"):
            await again.hold_shards(Shards.parse("0", 4))
        await again.close()
    finally:
        for store in (first, second, whole):
            await store.close()


HOLDER = textwrap.dedent(
    """
    import asyncio, sys
    from bot.store.shards import Shards
    from bot.store.postgres import PostgresStore

    async def main():
        store = await PostgresStore.open(sys.argv[1])
        await store.hold_shards(Shards.parse("0-1", 4))
        print("held", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)

    asyncio.run(main())
    """
)


async def locks_held(url: str) -> int:
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetchval(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 "
            "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            SHARD_LOCKS,
        )
    finally:
        await conn.close()


async def test_a_killed_process_leaves_its_shards_to_the_next(postgres: RunDatabase) -> None:
    url = await postgres.fresh_database()
    await (await PostgresStore.open(url)).close()  # the schema, so the child only claims
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, url],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert child.stdout is not None
        assert await asyncio.to_thread(child.stdout.readline) == "held\n"
        store = await PostgresStore.open(url)
        with pytest.raises(ShardTaken, match="Shard 0"):
            await store.hold_shards(Shards.parse("0-3", 4))
        os.kill(child.pid, signal.SIGKILL)
        await asyncio.to_thread(child.wait)
        # The server ends the dead process's session when it sees the socket closed; its
        # locks (the shared one for all shards and shards 0 and 1) go with it.
        async with asyncio.timeout(30):
            while await locks_held(url):
                await asyncio.sleep(0.05)
        await store.hold_shards(Shards.parse("0-3", 4))
        assert await locks_held(url) == 5
        await store.close()
    finally:
        child.kill()
        child.wait()


async def test_losing_the_locks_connection_is_told(postgres: RunDatabase) -> None:
    """The connection holding the locks dies (a server restart): the process is told, since
    another may now take its shards over."""
    url = await postgres.fresh_database()
    store = await PostgresStore.open(url)
    lost = asyncio.Event()
    store.on_shards_lost = lost.set
    try:
        await store.hold_shards(Shards.parse("2", 4))
        conn = await asyncpg.connect(url)
        await conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_locks "
            "WHERE locktype = 'advisory' AND classid = $1",
            SHARD_LOCKS,
        )
        await conn.close()
        async with asyncio.timeout(30):
            await lost.wait()
    finally:
        await store.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="socket filters are Linux's")
async def test_a_process_gone_silent_gives_its_shards_up_and_the_server_frees_them(
    postgres: RunDatabase,
) -> None:
    """The network between a process and the server goes without a word (no FIN, no reset: a
    machine that vanished). The process finds out by itself and gives its shards up, and the
    server ends the session holding their locks, so a replacement takes them: within
    ``LOST_AFTER`` (25 s) of the process's last word, not PostgreSQL's 2 h 11 min."""
    url = await postgres.fresh_database()
    hole = Blackhole(url)
    await hole.start()
    shards = Shards.parse("0-1", 4)
    store = await PostgresStore.open(hole.url)
    await store.hold_shards(shards)
    lost = asyncio.Event()
    store.on_shards_lost = lost.set
    replacement: GameStore | None = None
    closed = False
    try:
        await hole.vanish()
        async with asyncio.timeout(120):  # only bounds a regression: before, neither came
            await lost.wait()
            while await locks_held(url):
                await asyncio.sleep(0.2)
        replacement = await PostgresStore.open(url)
        await replacement.hold_shards(shards)
        assert await locks_held(url) == 3  # shards 0 and 1, and the one shared by all
        # And the process closes, though its connections' goodbyes go unanswered.
        async with asyncio.timeout(60):
            await store.close()
        closed = True
    finally:
        await hole.close()  # first: its sockets reset, so nothing waits on them any more
        if not closed:
            await store.close()
        if replacement is not None:
            await replacement.close()

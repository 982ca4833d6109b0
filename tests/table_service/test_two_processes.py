"""Two bot processes on one PostgreSQL database, each running half of the shards, play their
tables at once; one is killed with SIGKILL mid-game and started again. Every move either process
acknowledged is in the store, every table is taken up exactly once by the process that owns it
(the restarted one resumes its tables where they stopped, the other's it never touches), and
the leaderboards add up to the games played."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from collections import Counter
from pathlib import Path

import asyncpg

from bot.games import registry
from bot.store import Seat
from bot.store.postgres import PostgresStore
from tests.postgres import RunDatabase

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("shard_child.py")
COUNT = 4
HALVES = ("0-1", "2-3")
MEMBERS = (1_180_000_000_000_001_001, 1_180_000_000_000_001_002, 1_180_000_000_000_001_003)
TABLES_PER_SHARD = 2
KILL_AFTER = 25  # acknowledged moves of the first process before it is killed


def guild_on(shard: int, n: int) -> int:
    return ((1_180_000_000 + n * COUNT + shard) << 22) | 777


class Child:
    """A running ``shard_child.py`` and the lines it has printed."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.lines: list[list[str]] = []
        self.changed = asyncio.Event()
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, url: str, shards: str) -> Child:
        # Each child's connections carry its shards in their application name, so the test can
        # see when a killed child's last statement has ended on the server.
        url = f"{url}{'&' if '?' in url else '?'}application_name=shards-{shards}"
        process = await asyncio.create_subprocess_exec(
            sys.executable, str(CHILD), url, shards, str(COUNT),
            cwd=ROOT, env={**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{CHILD.parent}"},
            stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        return cls(process)

    async def _read(self) -> None:
        assert self.process.stdout is not None
        while line := await self.process.stdout.readline():
            self.lines.append(line.decode().split(" ", 4))
            self.changed.set()
        self.changed.set()

    def said(self, kind: str) -> list[list[str]]:
        return [line[1:] for line in self.lines if line[0].strip() == kind]

    async def until(self, kind: str, count: int = 1) -> None:
        """Wait for the child's own signal: ``count`` lines of ``kind`` (or its end)."""
        async with asyncio.timeout(300):
            while len(self.said(kind)) < count:
                if self.reader.done():
                    raise AssertionError(f"the child ended before {count} {kind}: {self.lines}")
                self.changed.clear()
                await self.changed.wait()

    async def finished(self) -> int:
        async with asyncio.timeout(300):
            await self.reader
            return await self.process.wait()


async def seat_tables(store: PostgresStore) -> dict[tuple[int, int], int]:
    """Hand tables in play on every shard, the members' seats played by the computer (as for
    members who stopped answering), so the processes play them without anyone."""
    tables: dict[tuple[int, int], int] = {}
    for shard in range(COUNT):
        for n in range(TABLES_PER_SHARD):
            guild = guild_on(shard, n)
            seed = 100 * shard + n
            table = await store.create_table(
                guild, channel_id=1, host_id=MEMBERS[0], game="hand",
                seats=[Seat.member(m) for m in MEMBERS], seed=seed,
            )  # fmt: skip
            engine = registry.new_game("hand", None, seed)
            table = await store.start_table(guild, table.id, record=engine.record)
            await store.update_timers(
                guild, table.id, expected_version=table.version, turn_deadline=None,
                missed_turns=[2, 2, 2],
            )  # fmt: skip
            tables[guild, table.id] = shard
    return tables


async def backends_gone(url: str, name: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        async with asyncio.timeout(60):
            query = "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1"
            while await conn.fetchval(query, name):
                await asyncio.sleep(0.05)
    finally:
        await conn.close()


def acknowledged(*children: Child) -> dict[tuple[int, int], dict[int, str]]:
    """(guild, table) -> version -> the move saved as that version, as the processes said."""
    acks: dict[tuple[int, int], dict[int, str]] = {}
    for child in children:
        for guild, table, version, move in child.said("ack"):
            acks.setdefault((int(guild), int(table)), {})[int(version)] = move.strip()
    return acks


def restored(child: Child) -> Counter[tuple[int, int]]:
    return Counter((int(g), int(t)) for g, t, _ in child.said("restored"))


async def test_two_processes_one_killed_and_restarted(postgres: RunDatabase) -> None:
    url = await postgres.fresh_database()
    store = await PostgresStore.open(url)
    try:
        tables = await seat_tables(store)
        first_half = {k for k, shard in tables.items() if shard in (0, 1)}
        second_half = set(tables) - first_half

        first, second = await Child.start(url, HALVES[0]), await Child.start(url, HALVES[1])
        await first.until("ack", KILL_AFTER)
        first.process.send_signal(signal.SIGKILL)
        assert await first.finished() == -signal.SIGKILL
        # A statement the killed process had sent may still commit on the server until its
        # backend sees the connection gone: read what it left only once none is left.
        await backends_gone(url, f"shards-{HALVES[0]}")
        # The killed process's tables as it left them: every move it acknowledged is saved.
        left = {(t.guild_id, t.id): t for t in await store.all_unfinished_tables()}
        for key, moves in acknowledged(first).items():
            saved = left.get(key) or await store.get_table(*key)
            assert saved is not None and saved.version >= max(moves), key
        waiting = {k for k in left if k in first_half}
        assert waiting, "the first process finished every game before it was killed"

        # Started again for the same shards: it takes up exactly the tables it left.
        again = await Child.start(url, HALVES[0])
        assert await again.finished() == 0
        assert await second.finished() == 0
        assert restored(first) == Counter(first_half)
        assert restored(again) == Counter(waiting)
        assert restored(second) == Counter(second_half)
        for _, table, version in again.said("restored"):
            key = next(k for k in waiting if k[1] == int(table))
            assert int(version) == left[key].version  # where it stopped

        # Every game ended once, with every acknowledged move in its record.
        assert await store.all_unfinished_tables() == []
        assert Counter(
            (int(g), int(t)) for c in (first, again, second) for g, t in c.said("over")
        ) == (Counter(waiting | second_half | (first_half - set(left))))
        acks = acknowledged(first, again, second)
        points: Counter[int] = Counter()
        for guild, table_id in tables:
            table = await store.get_table(guild, table_id)
            assert table is not None and table.record is not None
            moves = [
                json.dumps(m, separators=(",", ":"), sort_keys=True) for m in table.record["moves"]
            ]
            for version, move in acks.get((guild, table_id), {}).items():
                assert moves[version - 1] == move, (guild, table_id, version)
            game = await store.table_game(guild, table_id)
            assert game is not None
            # The leaderboard of the table's server holds exactly its one game.
            top = {s.user_id: s for s in await store.top(guild, "hand", 10)}
            assert {u: s.games for u, s in top.items()} == dict.fromkeys(MEMBERS, 1)
            assert sum(s.wins for s in top.values()) == sum(s.won for s in game.seats)
            assert sum(s.pearls for s in top.values()) == sum(s.pearls for s in game.seats)
            for seat in game.seats:
                points[seat.user_id] += seat.score
                assert top[seat.user_id].points == seat.score
        assert len(points) == len(MEMBERS)
    finally:
        await store.close()

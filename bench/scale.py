"""The bot past one process, on PostgreSQL: moves per second with 1 and 2 processes on one
database, the time to restore 10,000 unfinished tables split over 4 shards, and how long a
process whose network goes silent keeps its shards.

    python bench/scale.py                               # the server in DIWANIYA_TEST_POSTGRES
    python bench/scale.py --postgres URL --restore 10000 --tables 20 --moves 200
    python bench/scale.py --tables 1 --moves 1 --restore 0 --lost 3   # part 3 alone, 3 times

Everything runs in a scratch database created on the server for the run and dropped after it.

Part 1 starts worker processes (each with its own store and connection pool, as a bot process
has), each playing ``--tables`` tables at once, every table saving ``--moves`` moves one after
another as the table service does (the whole record rewritten each time, a round every 60th
move, the game and leaderboard at the last). Each process does the same work whether one or two
run, so the figure shows what a second process adds on one database.

Part 2 fills ``--restore`` unfinished Hand tables (real records of 60 moves, replayed by the
engine at restore) over the servers of 4 shards, then times the table service's ``restore``: one
process taking every shard, and each shard's process taking its quarter (run one after another
here; on their own machines the four would run at once, so the slowest is the restart time).

Part 3 silences the network between a process holding shards and the server, as a machine that
vanishes does (``tests/store/blackhole.py``: nothing closed, nothing answered), and times how
long the process takes to give its shards up and the server to free them for a replacement.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "store"))

import asyncpg
from _pg import DEFAULT_URL, scratch_database, server_version
from blackhole import Blackhole
from store import bench_moves

from bot.computers.pool import ComputerPool, decide
from bot.games import registry
from bot.store import Seat
from bot.store.postgres import LOST_AFTER, SHARD_LOCKS, PostgresStore
from bot.store.shards import Shards
from bot.tables import TableService

SHARDS = 4
MEMBER0 = 1_180_000_000_000_100_000


# ---------------------------------------------------------------- part 1: moves per second


async def worker(url: str, tables: int, moves: int) -> None:
    """One process: wait for "go" on stdin, play its tables at once, print moves and seconds."""
    store = await PostgresStore.open(url)
    try:
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        start = time.perf_counter()
        # One table per coroutine, all at once: as a bot's many tables save side by side.
        done = await asyncio.gather(*(bench_moves(store, 1, moves) for _ in range(tables)))
        seconds = time.perf_counter() - start
        print(f"done {sum(len(t.wall) for t, _ in done)} {seconds}", flush=True)
    finally:
        await store.close()


async def moves_per_second(url: str, processes: int, tables: int, moves: int) -> tuple[int, float]:
    command = [sys.executable, __file__, "--worker", url]
    command += ["--tables", str(tables), "--moves", str(moves)]
    pipe = asyncio.subprocess.PIPE
    children = [
        await asyncio.create_subprocess_exec(*command, stdin=pipe, stdout=pipe)
        for _ in range(processes)
    ]
    for child in children:
        assert child.stdout is not None
        assert (await child.stdout.readline()).strip() == b"ready"
    start = time.perf_counter()
    for child in children:
        assert child.stdin is not None
        child.stdin.write(b"go\n")
        await child.stdin.drain()
    total = 0
    for child in children:
        assert child.stdout is not None
        total += int((await child.stdout.readline()).split()[1])
        await child.wait()
    return total, time.perf_counter() - start


# ---------------------------------------------------------------- part 2: restore


def hand_records(count: int, moves: int) -> list[dict[str, Any]]:
    """Real Hand records ``moves`` moves in, played by random legal moves."""
    records = []
    for seed in range(count):
        engine = registry.new_game("hand", None, seed)
        rng = random.Random(seed)
        while len(engine.record["moves"]) < moves and not engine.game_over:
            if engine.round_over:
                engine.next_round()
                continue
            seat = engine.turn
            engine.apply(seat, decide(engine.view(seat), engine.legal_moves(seat), "random", rng))
        records.append(engine.record)
    return records


def guild_on(shard: int, n: int) -> int:
    return ((1_180_000_000 + n * SHARDS + shard) << 22) | 99


async def fill_unfinished(url: str, count: int) -> None:
    # Filling is not what is measured: commits need not wait for the disk here.
    store = await PostgresStore.open(url + "?synchronous_commit=off")
    records = hand_records(20, 60)
    seats = [Seat.member(MEMBER0 + i) for i in range(3)]

    async def one(i: int) -> None:
        guild = guild_on(i % SHARDS, i // SHARDS % 250)  # 250 servers on each shard
        table = await store.create_table(
            guild, channel_id=1, host_id=MEMBER0, game="hand", seats=seats, seed=i
        )
        await store.start_table(guild, table.id, record=records[i % len(records)])

    try:
        for batch in range(0, count, 100):
            await asyncio.gather(*(one(i) for i in range(batch, min(batch + 100, count))))
    finally:
        await store.close()


async def restore_time(url: str, shards: Shards | None) -> tuple[int, float]:
    store = await PostgresStore.open(url)
    try:
        service = TableService(store, computers=ComputerPool(0), shards=shards)
        start = time.perf_counter()
        restored = await service.restore()
        seconds = time.perf_counter() - start
        await service.close()
    finally:
        await store.close()
    return len(restored), seconds


# ---------------------------------------------------------------- part 3: a process gone silent


async def held_shard_locks(url: str) -> int:
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetchval(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 "
            "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            SHARD_LOCKS,
        )
    finally:
        await conn.close()


async def silent_loss(url: str) -> tuple[float, float]:
    """Seconds from the network going silent (``Blackhole.vanish``) to the process giving its
    shards up, and to the server freeing their locks for a replacement."""
    hole = Blackhole(url)
    await hole.start()
    store = await PostgresStore.open(hole.url, shards=Shards.parse("0-1", SHARDS), hold=True)
    lost = asyncio.Event()
    store.on_shards_lost = lost.set
    try:
        await hole.vanish()
        start = time.perf_counter()
        await lost.wait()
        given_up = time.perf_counter() - start
        while await held_shard_locks(url):
            await asyncio.sleep(0.1)
        return given_up, time.perf_counter() - start
    finally:
        await store.close()
        await hole.close()


# ---------------------------------------------------------------- the report


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", default=DEFAULT_URL, metavar="URL", help="the server")
    parser.add_argument("--tables", type=int, default=20, help="tables each process plays")
    parser.add_argument("--moves", type=int, default=200, help="moves per table")
    parser.add_argument(
        "--restore", type=int, default=10_000, help="unfinished tables (0: part 1 only)"
    )
    parser.add_argument(
        "--lost", type=int, default=1, metavar="TIMES", help="silent losses timed (0: none)"
    )
    parser.add_argument("--worker", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        await worker(args.worker, args.tables, args.moves)
        return

    async with scratch_database(args.postgres) as url:
        version = (await server_version(url)).split()[0]
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"PostgreSQL {version}, {os.cpu_count()} cores, load average {load}")
        await (await PostgresStore.open(url)).close()  # the schema, before the workers race
        print(f"\n1. Moves saved per second ({args.tables} tables x {args.moves} moves a process)")
        for processes in (1, 2):
            moves, seconds = await moves_per_second(url, processes, args.tables, args.moves)
            print(
                f"  {processes} process{'es' if processes > 1 else ''}: {moves:,} moves in "
                f"{seconds:.1f} s = {moves / seconds:,.0f} moves/s"
            )

        if args.restore:
            await restoring(url, args.restore)
        if args.lost:
            print(f"\n3. A process whose network goes silent (bound: {LOST_AFTER} s)")
            for _ in range(args.lost):
                given_up, freed = await silent_loss(url)
                print(
                    f"  gave its shards up after {given_up:.1f} s; the server freed them after {freed:.1f} s"
                )


async def restoring(url: str, count: int) -> None:
    print(f"\n2. Restoring {count:,} unfinished tables over {SHARDS} shards")
    start = time.perf_counter()
    await fill_unfinished(url, count)
    print(f"  (filled in {time.perf_counter() - start:.0f} s)")
    n, seconds = await restore_time(url, None)
    print(f"  one process, every shard: {n:,} tables in {seconds:.2f} s")
    slowest = 0.0
    for shard in range(SHARDS):
        n, seconds = await restore_time(url, Shards.of([shard], SHARDS))
        slowest = max(slowest, seconds)
        print(f"  shard {shard} of {SHARDS} alone: {n:,} tables in {seconds:.2f} s")
    print(f"  four processes at once (one a shard): {slowest:.2f} s, the slowest shard's")


if __name__ == "__main__":
    asyncio.run(main())

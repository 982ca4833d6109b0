"""How fast the store persists a move and answers leaderboard queries.

    python bench/store.py                       # 100,000 results, in a temporary directory
    python bench/store.py --db bench.db         # keep (and on later runs reuse) the filled file
    python bench/store.py --postgres URL        # part 1 on PostgreSQL too, beside SQLite

Part 1 plays tables move by move as the table service does: every move rewrites the table's whole
record (growing to a full game's length), every 60th move also records a round, and the last move
of each table records the game and updates the leaderboard. It reports the time of each
``save_move`` call (p50/p99/max; target p99 under 5 ms), on SQLite and, with ``--postgres`` (a
server URL; the benchmark creates a scratch database there and drops it after), on PostgreSQL,
the same moves in the same run.

Part 2 fills the database with finished games (``--results``, default 100,000) through the public
API, on one busy server (``--members`` members, a quarter of the games with a computer player) and
nine quieter ones, then times the queries the leaderboard commands make.

Only the public ``SQLiteStore`` API is used: the numbers include aiosqlite's thread hop and JSON work.
Each figure is given twice: wall-clock time, and the process's CPU time for the call (both
threads). On a shared machine the first includes waiting for a core; the second does not.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

# This checkout's bot, not whichever copy the environment has installed.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _pg import scratch_database, server_version

from bot.store import GameOutcome, GameStore, RoundOutcome, Seat, SQLiteStore
from bot.store.postgres import PostgresStore

BUSY_GUILD = 1_180_000_000_000_000_001
QUIET_GUILDS = [BUSY_GUILD + i for i in range(1, 10)]
CHANNEL = 1_180_000_000_000_000_100
MEMBER0 = 1_180_000_000_000_100_000
GAMES = {"mor": 4, "more3": 3, "hand": 3, "runfast": 3}  # game -> seats


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.3f} ms"


class Timings:
    """Wall-clock and CPU time of each timed call."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    async def time(self, call: Awaitable[Any]) -> Any:
        wall, cpu = time.perf_counter(), time.process_time()
        result = await call
        self.cpu.append(time.process_time() - cpu)
        self.wall.append(time.perf_counter() - wall)
        return result


def line(label: str, t: Timings) -> str:
    return (
        f"  {label:<36} wall p50 {ms(percentile(t.wall, 50))} p99 {ms(percentile(t.wall, 99))}"
        f" | cpu p50 {ms(percentile(t.cpu, 50))} p99 {ms(percentile(t.cpu, 99))}"
        f"  (n={len(t.wall)})"
    )


def mor_like_move(i: int, rng: random.Random) -> dict[str, Any]:
    """A move in its text form, shaped like a Mor turn: draw, sometimes lay, discard."""
    seat = (i // 3) % 4
    kind = i % 3
    if kind == 0:
        return {"seat": seat, "do": "draw"}
    if kind == 1 and rng.random() < 0.4:
        return {"seat": seat, "do": "meld", "cards": ["7H", "8H", "9H", "10H"][: rng.randint(3, 4)]}
    return {"seat": seat, "do": "discard", "card": rng.choice(["KD", "3S", "JK", "10C", "AH"])}


def record(moves: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "game": "mor",
        "rules_version": 1,
        "options": {"players": 4, "length": "full"},
        "seed": 7,
        "dealer": 0,
        "totals": [0, 0, 0, 0],
        "moves": moves,
    }


async def bench_moves(store: GameStore, tables: int, moves_per_table: int) -> tuple[Timings, int]:
    """Tables played round-robin, so writes interleave as on a busy bot.

    Returns each save's time and the size of the last record written (JSON characters)."""
    rng = random.Random(1)
    seats = [Seat.member(MEMBER0 + i) for i in range(3)] + [Seat.bot("normal")]
    ids: list[int] = []
    for _ in range(tables):
        table = await store.create_table(
            BUSY_GUILD, channel_id=CHANNEL, host_id=MEMBER0, game="mor", seats=seats, seed=7
        )
        await store.start_table(BUSY_GUILD, table.id, record=record([]))
        ids.append(table.id)
    moves: dict[int, list[dict[str, Any]]] = {t: [] for t in ids}
    timings = Timings()
    for n in range(moves_per_table):
        last = n == moves_per_table - 1
        for table_id in ids:
            moves[table_id].append(mor_like_move(n, rng))
            rec = record(moves[table_id])
            round_result = (
                RoundOutcome((12.5, -3.0, 12.5, -3.0), "closed", 0) if n % 60 == 59 else None
            )
            game_result = (
                GameOutcome((210.5, 90.0, 210.5, 90.0), (0, 2), (80, 0, 80, 0)) if last else None
            )
            await timings.time(
                store.save_move(
                    BUSY_GUILD,
                    table_id,
                    expected_version=n,
                    record=rec,
                    turn_deadline=None,
                    missed_turns=[0, 0, 0, 0],
                    round_result=round_result,
                    game_result=game_result,
                )
            )
    return timings, len(json.dumps(rec))


async def fill_results(store: SQLiteStore, results: int, members: int) -> None:
    """Finished games through the public API: create, start, one move with the game's result."""
    rng = random.Random(2)
    for i in range(results):
        guild = BUSY_GUILD if i % 10 else rng.choice(QUIET_GUILDS)
        game = rng.choice(list(GAMES))
        n = GAMES[game]
        people = rng.sample(range(members), n)
        seats = [Seat.member(MEMBER0 + p) for p in people]
        if rng.random() < 0.25:
            seats[-1] = Seat.bot("normal")
        table = await store.create_table(
            guild, channel_id=CHANNEL, host_id=MEMBER0, game=game, seats=seats, seed=i
        )
        await store.start_table(guild, table.id, record={"game": game, "moves": []})
        totals = tuple(float(rng.randint(-40, 400)) / 2 for _ in range(n))
        winner = max(range(n), key=lambda s: totals[s])
        pearls = tuple(80 if s == winner else 0 for s in range(n))
        await store.save_move(
            guild,
            table.id,
            expected_version=0,
            record={"game": game, "moves": [{"seat": 0, "do": "pass"}]},
            turn_deadline=None,
            game_result=GameOutcome(totals, (winner,), pearls, low_score_wins=game == "hand"),
        )
        if (i + 1) % 10_000 == 0:
            print(f"  … {i + 1:,} results written", flush=True)


async def time_query(call: Callable[[], Awaitable[Any]], repeat: int) -> Timings:
    timings = Timings()
    for _ in range(repeat):
        await timings.time(call())
    return timings


async def bench_queries(store: SQLiteStore, members: int, repeat: int) -> list[str]:
    rng = random.Random(3)

    def member() -> int:
        return MEMBER0 + rng.randrange(members)

    cases: list[tuple[str, Callable[[], Awaitable[Any]]]] = [
        ("top 10, one game", lambda: store.top(BUSY_GUILD, "mor", 10)),
        (
            "top 10, one game, without computers",
            lambda: store.top(BUSY_GUILD, "mor", 10, with_computers=False),
        ),
        ("top 10, every game", lambda: store.top(BUSY_GUILD, None, 10)),
        ("member's rank, one game", lambda: store.member_rank(BUSY_GUILD, member(), "hand")),
        ("member's rank, every game", lambda: store.member_rank(BUSY_GUILD, member())),
        ("member's stats (all games + ranks)", lambda: store.member_stats(BUSY_GUILD, member())),
        ("member's 10 recent games", lambda: store.recent_games(BUSY_GUILD, member(), 10)),
        ("top 10 of a quiet server", lambda: store.top(QUIET_GUILDS[0], "runfast", 10)),
    ]
    return [line(label, await time_query(call, repeat)) for label, call in cases]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="database file to fill and keep (reused if filled)")
    parser.add_argument("--results", type=int, default=100_000, help="finished games to store")
    parser.add_argument("--members", type=int, default=2_000, help="members of the busy server")
    parser.add_argument("--tables", type=int, default=20, help="tables in the move benchmark")
    parser.add_argument("--moves", type=int, default=600, help="moves per table")
    parser.add_argument("--repeat", type=int, default=300, help="runs of each query")
    parser.add_argument(
        "--postgres", metavar="URL", help="also persist the moves on this PostgreSQL server"
    )
    parser.add_argument(
        "--moves-only", action="store_true", help="part 1 only (no results, no queries)"
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        path = args.db or Path(tmp) / "bench.db"
        store = await SQLiteStore.open(path)
        try:
            load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
            print(f"SQLite store benchmark on {path}")
            print(f"  SQLite {sqlite3.sqlite_version}, {os.cpu_count()} cores, load average {load}")
            print(
                f"\n1. Persisting a move ({args.tables} tables x {args.moves} moves, round-robin)"
            )
            timings, size = await bench_moves(store, args.tables, args.moves)
            print(line("save_move, SQLite", timings))
            if args.postgres:
                async with scratch_database(args.postgres) as url:
                    version = (await server_version(url)).split()[0]
                    on_pg = await PostgresStore.open(url)
                    try:
                        pg_timings, _ = await bench_moves(on_pg, args.tables, args.moves)
                    finally:
                        await on_pg.close()
                print(line(f"save_move, PostgreSQL {version}", pg_timings))
            print(f"  (records grow to {args.moves} moves, {size:,} characters of JSON)")
            if args.moves_only:
                return

            have = sum(s.games for s in await store.top(BUSY_GUILD, None, 10**9))
            # A filled file holds more member-games than games (3 to 4 members a game).
            if have < args.results:
                print(f"\n2. Filling {args.results:,} finished games")
                start = time.perf_counter()
                await fill_results(store, args.results, args.members)
                print(f"  filled in {time.perf_counter() - start:.0f} s")
            else:
                print(f"\n2. Reusing the {path} already filled")
        finally:
            await store.close()

        start = time.perf_counter()
        store = await SQLiteStore.open(path)  # includes the integrity quick_check
        opened = time.perf_counter() - start
        try:
            size = path.stat().st_size / 1e6
            print(f"\n3. Queries with {args.results:,} results stored ({size:.0f} MB file)")
            print(f"  open (quick_check + pragmas)         wall {ms(opened)}")
            for text in await bench_queries(store, args.members, args.repeat):
                print(text)
        finally:
            await store.close()


if __name__ == "__main__":
    asyncio.run(main())
